/* Polynomials with double coefficients and an int degree: a scaled add
 * that is also called in place (dst == src) and reports whether src's
 * leading coefficient changed, a product into a third polynomial, and
 * evaluation. Prints a checksum of the coefficients, rounded. */
#include <stdio.h>

#define MAXDEG 7

struct poly {
  int degree;
  short changes;
  double c[MAXDEG + 1];
};

__attribute__((noinline)) int scale_add(struct poly *dst, const struct poly *src, double k) {
  int d = src->degree;
  double lead = src->c[d];
  for (int i = 0; i <= d; i++)
    dst->c[i] += k * src->c[i];
  if (dst->degree < d)
    dst->degree = d;
  dst->changes++;
  return lead != src->c[d];
}

__attribute__((noinline)) void mul(struct poly *dst, const struct poly *a, const struct poly *b) {
  int d = a->degree + b->degree > MAXDEG ? MAXDEG : a->degree + b->degree;
  for (int k = 0; k <= d; k++) {
    double s = 0.0;
    for (int i = 0; i <= k; i++)
      if (i <= a->degree && k - i <= b->degree)
        s += a->c[i] * b->c[k - i];
    dst->c[k] = s;
  }
  dst->degree = d;
}

__attribute__((noinline)) double eval(const struct poly *p, double x) {
  double y = 0.0;
  for (int i = p->degree; i >= 0; i--)
    y = y * x + p->c[i];
  return y;
}

int main(void) {
  static struct poly p, q, r;
  unsigned h = 0;
  p.degree = 3;
  q.degree = 2;
  for (int i = 0; i <= 3; i++)
    p.c[i] = 0.5 * (i + 1);
  for (int i = 0; i <= 2; i++)
    q.c[i] = 1.0 - 0.25 * i;
  for (int t = 0; t < 6; t++) {
    h = h * 3 + (unsigned)scale_add(&p, &q, 0.5);
    h = h * 3 + (unsigned)scale_add(&q, &q, -0.25);
    h = h * 3 + (unsigned)scale_add(&p, &p, 0.125 * t);
    mul(&r, &p, &q);
  }
  for (int i = 0; i <= MAXDEG; i++)
    h = h * 31 + (unsigned)(long)(r.c[i] * 1024.0) + (unsigned)(long)(p.c[i] * 64.0);
  printf("checksum %u degree %d changes %d %d eval %ld\n", h, r.degree, p.changes, q.changes,
         (long)(eval(&r, 1.5) * 100.0));
  return 0;
}
