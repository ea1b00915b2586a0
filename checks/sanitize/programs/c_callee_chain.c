// Violation: chain(p, p) reads *a through restrict `a`, then the noinline, recursive put_n(b, 3) calls the noinline put(q, n), which writes the same int through `b`: two levels below the call that stands for them.
#include <stdio.h>

__attribute__((noinline)) void put(int *q, int v) { *q += v; }

__attribute__((noinline)) void put_n(int *q, int n) {
  if (n > 0) {
    put(q, n);
    put_n(q, n - 1);
  }
}

__attribute__((noinline)) int chain(int *restrict a, int *b) {
  int x = *a;
  put_n(b, 3);
  return x + *a;
}

int main(void) {
  int buf[4] = {1, 2, 3, 4};
  int *p = buf;
  __asm__("" : "+r"(p));
  printf("%d\n", chain(p, p));
  return 0;
}
