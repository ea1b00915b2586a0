// Violation only on the third call: scale(p, p + 1, n) writes out[i] = buf[i] which in[i-1] also reads; the first two calls are disjoint.
#include <stdio.h>

__attribute__((noinline)) void scale(int *restrict out, const int *restrict in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}

int main(void) {
  int a[16], b[16], buf[17];
  for (int i = 0; i < 16; i++) { a[i] = i; b[i] = 0; }
  for (int i = 0; i < 17; i++) buf[i] = i + 1;
  int *pa = a, *pb = b, *p = buf;
  __asm__("" : "+r"(pa), "+r"(pb), "+r"(p));
  scale(pb, pa, 16);
  scale(pa, pb, 16);
  scale(p, p + 1, 16);
  for (int i = 0; i < 16; i++) printf("%d ", a[i]);
  printf("| ");
  for (int i = 0; i < 17; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
