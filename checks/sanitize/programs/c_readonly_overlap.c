// Clean: dot(x, x, n): both restrict pointers only read the same array; nothing is modified during the call.
#include <stdio.h>

__attribute__((noinline)) long dot(const int *restrict a, const int *restrict b, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += (long)a[i] * b[i];
  return s;
}

int main(void) {
  int x[10];
  for (int i = 0; i < 10; i++) x[i] = i + 1;
  int *p = x;
  __asm__("" : "+r"(p));
  printf("%ld %ld\n", dot(p, p, 10), dot(p, p + 1, 9));
  return 0;
}
