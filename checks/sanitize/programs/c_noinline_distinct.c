// Clean: noinline add(x, y, n) on two distinct arrays with restrict parameters.
#include <stdio.h>

__attribute__((noinline)) void add(int *restrict a, const int *restrict b, int n) {
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}

int main(void) {
  int x[12], y[12];
  for (int i = 0; i < 12; i++) { x[i] = i * 3; y[i] = i; }
  int *p = x, *q = y;
  __asm__("" : "+r"(p), "+r"(q));
  add(p, q, 12);
  for (int i = 0; i < 12; i++) printf("%d ", x[i]);
  printf("\n");
  return 0;
}
