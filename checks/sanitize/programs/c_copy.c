// copy(buf + n - 16, buf, 16): buf's last 16 ints from its first 16, which overlap in a buf of 17 (-DVIOLATION: c_copy_overlap) and not in one of 32 (c_copy_disjoint).
#include <stdio.h>

__attribute__((noinline)) void copy(int *restrict dst, const int *restrict src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

int main(void) {
#ifdef VIOLATION
  // Violation: copy(buf + 1, buf, 16) with restrict dst/src; dst[i] writes the int src[i+1] later reads.
  int buf[17];
  for (int i = 0; i < 17; i++) buf[i] = i;
#else
  // Clean: copy(buf + 16, buf, 16) with restrict dst/src on disjoint halves of one array.
  int buf[32];
  for (int i = 0; i < 32; i++) buf[i] = i < 16 ? i : -1;
#endif
  const int n = sizeof buf / sizeof buf[0];
  int *p = buf;
  __asm__("" : "+r"(p));
  copy(p + n - 16, p, 16);
  for (int i = 0; i < n; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
