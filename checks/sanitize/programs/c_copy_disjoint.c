// Clean: copy(buf + n, buf, n) with restrict dst/src on disjoint halves of one array.
#include <stdio.h>

__attribute__((noinline)) void copy(int *restrict dst, const int *restrict src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

int main(void) {
  int buf[32];
  for (int i = 0; i < 32; i++) buf[i] = i < 16 ? i : -1;
  int *p = buf;
  __asm__("" : "+r"(p));
  copy(p + 16, p, 16);
  for (int i = 0; i < 32; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
