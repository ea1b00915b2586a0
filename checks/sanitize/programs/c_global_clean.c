// Clean: set() writes global g[0] and restrict p, but p points at a local, not at g.
#include <stdio.h>

int g[4];

__attribute__((noinline)) int set(int *restrict p) {
  *p = 1;
  g[0] = 2;
  return *p;
}

int main(void) {
  int local = 0;
  int *p = &local;
  __asm__("" : "+r"(p));
  int r = set(p);
  printf("ret=%d g0=%d local=%d\n", r, g[0], local);
  return 0;
}
