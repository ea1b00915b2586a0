/* a[j][i] = 2 b[j][i] + 1 over n rows of m floats, with restrict a and b,
 * called with a = b + shift: the promise is broken unless shift >= n * m.
 * The inner loop is vectorized with a scalar remainder (m = 7: 4 + 3);
 * with shift n * m - 2, the first row of a (its vector part) meets the
 * last row of b (its remainder) (test/sanitize/paths-run.test).
 * rows_if does the rows that `on` (argv[3], a 0 or 1 per row) turns on:
 * the inner loop's run, behind a condition each row changes, is one grid
 * for the rows on from the first without a gap, and a call for each row
 * after it (test/sanitize/prefix-run.test). */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void rows(int n, int m, float *restrict a, const float *restrict b) {
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      a[j * m + i] = 2 * b[j * m + i] + 1;
}

__attribute__((noinline)) void rows_if(int n, int m, float *restrict a, const float *restrict b,
                                       const char *on) {
  for (int j = 0; j < n; j++)
    if (on[j] == '1')
      for (int i = 0; i < m; i++)
        a[j * m + i] = b[j * m + i] + 1;
}

int main(int argc, char **argv) {
  int n = 16, m = argc > 2 ? atoi(argv[2]) : 7;
  float *buf = calloc(2 * n * m, sizeof *buf);
  for (int i = 0; i < 2 * n * m; i++) buf[i] = i % 5;
  int shift = argc > 1 ? atoi(argv[1]) : n * m;
  if (argc > 3)
    rows_if(n, m, buf + shift, buf, argv[3]);
  else
    rows(n, m, buf + shift, buf);
  double s = 0;
  for (int i = 0; i < 2 * n * m; i++) s += buf[i];
  printf("%g\n", s);
  return 0;
}
