// Clean: peek(p, p) reads a[0] through restrict `a` and writes a[1]; the noinline get(b) only reads b[0], the same int as a[0] (two reads), never a[1].
#include <stdio.h>

__attribute__((noinline)) int get(const int *q) { return *q; }

__attribute__((noinline)) int peek(int *restrict a, int *b) {
  int x = a[0];
  a[1] = x + 1;
  return x + get(b);
}

int main(void) {
  int buf[4] = {1, 2, 3, 4};
  int *p = buf;
  __asm__("" : "+r"(p));
  printf("%d %d\n", peek(p, p), buf[1]);
  return 0;
}
