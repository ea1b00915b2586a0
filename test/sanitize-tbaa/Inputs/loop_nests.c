/* Loop nests --tbaa checks before they run (loops.test): rows scaled
 * behind a rotated inner loop's test (`m > 0`), a Jacobi sweep, and a
 * pun in a nest (reported). */
#include <stdio.h>
#include <stdlib.h>
#define NOINLINE __attribute__((noinline))
NOINLINE void scale_rows(int n, int m, float *a, const float *s) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) a[i * m + j] *= s[i];
}
NOINLINE void relax(int n, const double *u, double *v) {
  for (int j = 1; j < n - 1; j++)
    for (int i = 1; i < n - 1; i++)
      v[j * n + i] = 0.25 * (u[j * n + i - 1] + u[j * n + i + 1] + u[(j - 1) * n + i] + u[(j + 1) * n + i]);
}
/* Reads doubles as longs: a pun in a nest, reported by its checked copy. */
NOINLINE long sum_bits(int n, const long *p) {
  long s = 0;
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) s += p[j * n + i];
  return s;
}
int main(void) {
  int n = 40, m = 30;
  float *a = malloc(sizeof(float) * n * m), *s = malloc(sizeof(float) * n);
  for (int i = 0; i < n * m; i++) a[i] = i % 7;
  for (int i = 0; i < n; i++) s[i] = 0.5f;
  for (int r = 0; r < 5; r++) scale_rows(n, m, a, s);
  double *u = calloc(n * n, sizeof(double)), *v = calloc(n * n, sizeof(double));
  for (int i = 0; i < n * n; i++) u[i] = i % 13;
  for (int r = 0; r < 5; r++) { relax(n, u, v); relax(n, v, u); }
  printf("%f %f\n", a[n * m - 1], u[n * n / 2]);
  volatile long bits = sum_bits(n, (const long *)u);
  (void)bits;
  return 0;
}
