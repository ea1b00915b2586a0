// Violation: copy(buf + 1, buf, n) with restrict dst/src; dst[i] writes the byte src[i+1] later reads.
#include <stdio.h>

__attribute__((noinline)) void copy(int *restrict dst, const int *restrict src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

int main(void) {
  int buf[17];
  for (int i = 0; i < 17; i++) buf[i] = i;
  int *p = buf;
  __asm__("" : "+r"(p));
  copy(p + 1, p, 16);
  for (int i = 0; i < 17; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
