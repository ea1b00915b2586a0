// A blocked matrix product, as BLAS-like code writes it: each row of a
// block of c is read and written once per l (a grid of one row again and
// again), and each block of b is read once per row of a (the same bytes).
// c = buf + at and b = buf: with at >= n*n they are apart; with a smaller
// at, c's first rows meet b's last ones and the restrict claim is broken.
#include <stdio.h>
#include <stdlib.h>

enum { BS = 8 };

__attribute__((noinline)) void gemm(int n, const double *restrict a, const double *restrict b,
                                    double *restrict c) {
  for (int ii = 0; ii < n; ii += BS)
    for (int kk = 0; kk < n; kk += BS)
      for (int jj = 0; jj < n; jj += BS)
        for (int i = ii; i < ii + BS && i < n; i++)
          for (int l = kk; l < kk + BS && l < n; l++) {
            double ail = a[i * n + l];
            for (int j = jj; j < jj + BS && j < n; j++) c[i * n + j] += ail * b[l * n + j];
          }
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  long at = atol(argv[2]);
  double *a = malloc(sizeof(double) * n * n);
  double *buf = calloc(n * n + at, sizeof(double));
  for (int i = 0; i < n * n; i++) a[i] = (i % 7) - 3, buf[i] = (i % 5) - 2;
  gemm(n, a, buf, buf + at);
  double s = 0;
  for (long i = 0; i < n * n + at; i++) s += buf[i] * (i % 3 + 1);
  printf("%.1f\n", s);
  return 0;
}
