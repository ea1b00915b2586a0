// Clean: fill(buf, &k, n): the restrict `k` points at a separate int, so hoisting *k is correct.
#include <stdio.h>

__attribute__((noinline)) void fill(int *restrict out, const int *restrict k, int n) {
  for (int i = 0; i < n; i++)
    out[i] = *k + i;
}

int main(void) {
  int buf[8] = {0};
  int k = 100;
  int *p = buf, *q = &k;
  __asm__("" : "+r"(p), "+r"(q));
  fill(p, q, 8);
  for (int i = 0; i < 8; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
