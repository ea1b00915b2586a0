// Violation: update(p, p) reads *a through restrict `a`, then the noinline put(b, 7) writes the same int through `b`: only the callee writes, on update's behalf (the call stands for put's accesses).
#include <stdio.h>

__attribute__((noinline)) void put(int *q, int v) { *q = v; }

__attribute__((noinline)) int update(int *restrict a, int *b) {
  int x = *a;
  put(b, 7);
  return x + *a;
}

int main(void) {
  int buf[4] = {1, 2, 3, 4};
  int *p = buf;
  __asm__("" : "+r"(p));
  printf("%d\n", update(p, p));
  return 0;
}
