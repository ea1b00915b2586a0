// Violation: restrict p points at global g[0]; set() writes g[0] directly and through p, then reads through p.
#include <stdio.h>

int g[4];

__attribute__((noinline)) int set(int *restrict p) {
  *p = 1;
  g[0] = 2;
  return *p;
}

int main(void) {
  int *p = g;
  __asm__("" : "+r"(p));
  int r = set(p);
  printf("ret=%d g0=%d\n", r, g[0]);
  return 0;
}
