// Violation: noinline add(x, x, n); a[i] is written through restrict `a` and read through restrict `b` (same bytes); element-wise, so the lie is not exploited.
#include <stdio.h>

__attribute__((noinline)) void add(int *restrict a, const int *restrict b, int n) {
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}

int main(void) {
  int x[12];
  for (int i = 0; i < 12; i++) x[i] = i * 3;
  int *p = x;
  __asm__("" : "+r"(p));
  add(p, p, 12);
  for (int i = 0; i < 12; i++) printf("%d ", x[i]);
  printf("\n");
  return 0;
}
