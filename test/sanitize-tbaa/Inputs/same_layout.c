/* Two struct types of the same layout: the y field written through one,
 * read through the other. The access types are both int; the claim comes
 * from the struct path alone (base S vs base T). */
#include <stdio.h>
struct S { int x; int y; };
struct T { int x; int y; };
__attribute__((noinline)) int other(struct S *s, struct T *t) {
  s->y = 5;
  return t->y;
}
int main(void) {
  struct S s = {0, 0};
  printf("%d\n", other(&s, (struct T *)&s));
  return 0;
}
