// Placement new re-types a buffer: an int object, then a float object in
// the same storage (TySan reports it: llvm#120987). Clean.
#include <cstdio>
#include <new>
struct alignas(4) Box { unsigned char bytes[4]; };
__attribute__((noinline)) float reuse(Box *b) {
  int *i = new (b->bytes) int(3);
  int v = *i;
  float *f = new (b->bytes) float(v + 0.5f);
  return *f;
}
struct In { int a; float b; };
struct Out { In in; int c; };
// A nested struct read through the inner type (TySan: llvm#105960).
__attribute__((noinline)) float nested(Out *o, In *in) {
  o->in.a = 1;
  o->in.b = 2.5f;
  return in->a + in->b;
}
int main() {
  Box b;
  Out o;
  std::printf("%g %g\n", reuse(&b), nested(&o, &o.in));
  return 0;
}
