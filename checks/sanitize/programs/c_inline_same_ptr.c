// Violation: static inline add(x, x, n) is inlined; a[i] is written through `a` and read through restrict `b` (same bytes), but element-wise so not exploitable.
#include <stdio.h>

static inline void add(int *restrict a, const int *restrict b, int n) {
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}

int main(void) {
  int x[12];
  for (int i = 0; i < 12; i++) x[i] = i * 3;
  int *p = x, *q = x;
  __asm__("" : "+r"(p), "+r"(q));
  add(p, q, 12);
  for (int i = 0; i < 12; i++) printf("%d ", x[i]);
  printf("\n");
  return 0;
}
