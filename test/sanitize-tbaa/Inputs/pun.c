// An int and a float through two pointers to one object: -O2's TBAA lets
// get() return the 7 it stored, while memory holds the float's bits.
#include <stdio.h>
__attribute__((noinline)) int get(int *i, float *f) {
  *i = 7;
  *f = 0.5f;
  return *i;
}
int main(void) {
  int x;
  printf("%d\n", get(&x, (float *)&x));
  return 0;
}
