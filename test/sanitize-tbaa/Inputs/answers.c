/* A char load (it may alias every type) meets the bytes of three types in
   turn, 1000 rounds: each type's class becomes one of its three answers. */
#include <stdio.h>
__attribute__((noinline)) char peek(const char *p) { return *p; }
__attribute__((noinline)) void put(int *i, float *f, short *s, int k) {
  *i = k; *f = (float)k; *s = (short)k;
}
int main(void) {
  int i; float f; short s; int sum = 0;
  for (int k = 0; k < 1000; ++k) {
    put(&i, &f, &s, k);
    sum += peek((const char *)&i) + peek((const char *)&f) + peek((const char *)&s);
  }
  printf("%d\n", sum);
  return 0;
}
