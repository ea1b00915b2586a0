/* Loops of many kinds, checked before they run or not (loops.test): the
 * same reports and the same re-typing stores either way. Strided fields, a
 * backward loop, two stores of two types to one buffer (apart, then
 * meeting), a pun inside a loop, a loop reading ahead of its store, stores
 * on two paths (not versioned). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define NI __attribute__((noinline))
struct P { int a; float b; double c; };
NI void set_b(struct P *p, int n) { for (int i = 0; i < n; i++) p[i].b = (float)i; }
NI float sum_b(struct P *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i].b; return s; }
NI int sum_a_as_int(int *q, int n, int stride) { int s = 0; for (int i = 0; i < n; i++) s += q[i * stride]; return s; }
NI void back(float *x, int n) { for (int i = n - 1; i >= 0; i--) x[i] = x[i] * 2 + 1; }
NI void two_stores(int *a, short *b, int n) { for (int i = 0; i < n; i++) { a[i] = i; b[2 * i + 2 * n] = (short)i; } }
NI void overlap_stores(int *a, float *f, int n) { for (int i = 0; i < n; i++) { a[i] = i; f[i + 1] = 1.0f; } }
NI long pun_in_loop(long *l, double *d, int n) { long s = 0; for (int i = 0; i < n; i++) { d[i] = 1.5; s += l[i]; } return s; }
NI void shift(float *x, int n) { for (int i = 0; i < n; i++) x[i] = x[i + 1]; }
NI void cond(float *x, int *y, int n) { for (int i = 0; i < n; i++) if (i & 1) x[i] = 0; else y[i] = 1; }
int main(int argc, char **argv) {
  int n = 200;
  struct P *p = calloc(n, sizeof *p);
  set_b(p, n);
  printf("%f\n", sum_b(p, n));
  printf("%d\n", sum_a_as_int((int *)&p[0].b, n, 4)); /* reads float b as int: pun, strided */
  float *x = malloc(4 * (n + 1));
  for (int i = 0; i <= n; i++) x[i] = i;
  back(x, n);
  shift(x, n);
  void *buf = malloc(16 * n);
  two_stores(buf, buf, n);
  overlap_stores(buf, buf, n); /* int then float over the same bytes: re-types */
  printf("%ld\n", pun_in_loop(buf, (double *)buf, n)); /* d[i] then l[i]: pun */
  cond(buf, buf, n);
  printf("%f\n", sum_b(p, n));
  printf("%f %f\n", x[0], x[n - 1]);
  return 0;
}
