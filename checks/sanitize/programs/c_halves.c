// Clean: add(a, a + n/2, n/2): restrict parameters cover disjoint halves of one array.
#include <stdio.h>

__attribute__((noinline)) void add(int *restrict a, const int *restrict b, int n) {
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}

int main(void) {
  int x[20];
  for (int i = 0; i < 20; i++) x[i] = i;
  int *p = x;
  __asm__("" : "+r"(p));
  add(p, p + 10, 10);
  for (int i = 0; i < 20; i++) printf("%d ", x[i]);
  printf("\n");
  return 0;
}
