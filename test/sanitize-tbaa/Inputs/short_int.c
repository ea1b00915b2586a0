/* An int written, then its low half read through a short pointer. */
#include <stdio.h>
__attribute__((noinline)) int low(int *i, short *s) {
  *i = 0x12345678;
  return *s;
}
int main(void) {
  int v = 0;
  printf("%d\n", low(&v, (short *)&v));
  return 0;
}
