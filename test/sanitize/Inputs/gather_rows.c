// Rows of a vectorizable loop in an outer loop: row r is w[r] elements
// long, so the vector loop's remainder starts at a place and has a count
// that change from row to row (the pattern `seed` picks). `in` = buf + at
// and `out` = buf: with a large at they are apart, with a smaller one a
// row written meets a row read, and the restrict claim is broken.
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) void rows(int n, const int *w, int stride, float *restrict out,
                                    const float *restrict in) {
  for (int r = 0; r < n; r++)
    for (int x = 0; x < w[r]; x++) out[r * stride + x] = in[r * stride + x] * 2 + 1;
}

int main(int argc, char **argv) {
  int n = atoi(argv[1]), seed = atoi(argv[2]), stride = 40;
  long at = atol(argv[3]);
  int *w = malloc(sizeof(int) * n);
  for (int r = 0; r < n; r++)
    w[r] = seed == 0 ? 37 : 30 + (r * seed / 5) % 11; // runs of equal rows, then a change
  float *buf = calloc(n * stride + at, sizeof(float));
  for (long i = 0; i < n * stride + at; i++) buf[i] = (float)(i % 13);
  rows(n, w, stride, buf, buf + at);
  double s = 0;
  for (long i = 0; i < n * stride; i++) s += buf[i] * (i % 7 + 1);
  printf("%.1f\n", s);
  return 0;
}
