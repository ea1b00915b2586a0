// Violation: accum(&a[3], a, n): the loop reads a[3] through restrict `a` while writing it through restrict `sum`.
#include <stdio.h>

__attribute__((noinline)) void accum(int *restrict sum, const int *restrict a, int n) {
  for (int i = 0; i < n; i++)
    *sum += a[i];
}

int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int *p = a;
  __asm__("" : "+r"(p));
  accum(p + 3, p, 8);
  for (int i = 0; i < 8; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}
