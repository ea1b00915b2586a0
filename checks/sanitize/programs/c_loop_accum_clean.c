// Clean: accum(&total, a, n): the accumulator is a separate object from the restrict input array.
#include <stdio.h>

__attribute__((noinline)) void accum(int *restrict sum, const int *restrict a, int n) {
  for (int i = 0; i < n; i++)
    *sum += a[i];
}

int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int total = 4;
  int *p = a, *t = &total;
  __asm__("" : "+r"(p), "+r"(t));
  accum(t, p, 8);
  printf("total=%d\n", total);
  return 0;
}
