// A struct copy (clang: memcpy with !tbaa.struct): its fields keep their
// types; reading the int field as a float is a pun, reading each as
// itself is not.
#include <stdio.h>
struct S { int a; float b; };
__attribute__((noinline)) void copy(struct S *d, struct S *s) { *d = *s; }
__attribute__((noinline)) float peek(struct S *d) { return *(float *)&d->a; }
__attribute__((noinline)) int fine(struct S *d) { return d->a + (int)d->b; }
int main(void) {
  struct S s = {1, 2.0f}, d;
  copy(&d, &s);
  printf("%d\n", fine(&d));
  printf("%g\n", peek(&d));
  return 0;
}
