// Clean: both(p, p) writes a[0] through restrict `a` (in fill(a, 1)) and b[1] (in fill(b + 1, 2)): disjoint ints. Both calls of the noinline fill use a local array at the same stack address, which is the callees' own memory, never a claim.
#include <stdio.h>

__attribute__((noinline)) void fill(int *q, int v) {
  int tmp[8];
  for (int i = 0; i < 8; i++) tmp[i] = v * i;
  *q = tmp[v & 7];
}

__attribute__((noinline)) int both(int *restrict a, int *b) {
  fill(a, 1);
  fill(b + 1, 2);
  return a[0];
}

int main(void) {
  int buf[4] = {0, 0, 0, 0};
  int *p = buf;
  __asm__("" : "+r"(p));
  int r = both(p, p);
  printf("%d %d %d\n", r, buf[0], buf[1]);
  return 0;
}
