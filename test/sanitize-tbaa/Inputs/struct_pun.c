/* A struct reached through a pointer to another struct type: the float
 * field of A written, then read as the int field of B at the same
 * offset. The tags' base types differ: -O2 may keep the old value. */
#include <stdio.h>
struct A { int x; float y; };
struct B { int x; int y; };
__attribute__((noinline)) int peek(struct A *a, struct B *b) {
  a->y = 1.0f;
  return b->y;
}
int main(void) {
  struct A a = {1, 0.0f};
  printf("%d\n", peek(&a, (struct B *)&a));
  return 0;
}
