#include <stdio.h>
#include <stdlib.h>
#include <string.h>
union U { int i; float f; };
__attribute__((noinline)) float via_union(union U *u) { u->i = 0x3f800000; return u->f; }
__attribute__((noinline)) float via_memcpy(int *i) { float f; *i = 0x40000000; memcpy(&f, i, sizeof f); return f; }
__attribute__((noinline)) int via_char(int *x) { *x = 5; unsigned char *c = (unsigned char *)x; c[0] = 1; return *x + c[1]; }
__attribute__((noinline)) float reuse(void *p) {
  *(int *)p = 1;
  int a = *(int *)p;
  *(float *)p = 2.0f + a;
  return *(float *)p;
}
struct In { int a; float b; };
struct Out { struct In in; int c; };
__attribute__((noinline)) float nested(struct Out *o, struct In *in, int *ip) {
  o->in.a = 3; o->in.b = 1.5f; o->c = 4;
  *ip = in->a + 1;        /* the same int through another path */
  return in->b + o->in.a;
}
/* A freed float block reused for an int that libc writes (sscanf, which
   the shadow does not see): free made the block untyped. */
__attribute__((noinline)) float *make(void) { float *f = malloc(16); f[0] = 1.5f; return f; }
__attribute__((noinline)) int heap_reuse(void) {
  float *f = make();
  float g = f[0];
  free(f);
  int *i = malloc(16);
  sscanf("42", "%d", i);
  int v = *i + (int)g;
  free(i);
  return v;
}
int main(void) {
  union U u;
  int i;
  int x;
  void *p = malloc(16);
  struct Out o;
  float r = via_union(&u) + via_memcpy(&i) + via_char(&x) + reuse(p) + nested(&o, &o.in, &o.in.a) + heap_reuse();
  printf("%g\n", r);
  free(p);
  return 0;
}
