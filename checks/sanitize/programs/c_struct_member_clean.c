// Clean: restrict x and box->p point at different ints; poke() writes through both.
#include <stdio.h>

struct box { int *p; int tag; };

__attribute__((noinline)) int poke(int *restrict x, struct box *b) {
  *x = 10;
  *b->p = 20;
  return *x + b->tag;
}

int main(void) {
  int v = 0, w = 0;
  struct box b = { &w, 100 };
  int *x = &v;
  __asm__("" : "+r"(x));
  int r = poke(x, &b);
  printf("ret=%d v=%d w=%d\n", r, v, w);
  return 0;
}
