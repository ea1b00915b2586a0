/* y[i] += 2 x[i] with restrict y and x, called with y = x + shift: the
 * promise is broken unless shift >= n. With shift 8 the vectorized loop
 * runs (its own run-time check sees a distance of 8 doubles) and breaks
 * it (test/sanitize/twins-run.test). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void axpy(int n, double *restrict y, const double *restrict x) {
  for (int i = 0; i < n; i++)
    y[i] += 2.0 * x[i];
}

int main(int argc, char **argv) {
  int n = 64;
  double *b = calloc(2 * n, sizeof *b);
  for (int i = 0; i < 2 * n; i++) b[i] = i;
  int shift = argc > 1 ? atoi(argv[1]) : n;
  axpy(n, b + shift, b);
  double s = 0;
  for (int i = 0; i < 2 * n; i++) s += b[i];
  printf("%g\n", s);
  return 0;
}
