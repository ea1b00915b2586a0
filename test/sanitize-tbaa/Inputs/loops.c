/* Loops --tbaa checks before they run (sanitize_tbaa_loops.cpp): kernels
 * over their own types run a copy without checks; a loop that re-types
 * memory or reads it through another type runs with its checks. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define NOINLINE __attribute__((noinline))

NOINLINE void fill_float(int n, float *p) {
  for (int i = 0; i < n; i++) p[i] = (float)(i % 7);
}
NOINLINE void fill_int(int n, int *p) {
  for (int i = 0; i < n; i++) p[i] = i;
}
NOINLINE void axpy(int n, float a, const float *x, float *y) {
  for (int i = 0; i < n; i++) y[i] += a * x[i];
}
NOINLINE float sum(int n, const float *x) {
  float s = 0;
  for (int i = 0; i < n; i++) s += x[i];
  return s;
}

int main(void) {
  float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  fill_float(N, x);
  fill_float(N, y);
  for (int r = 0; r < 10; r++) axpy(N, 0.5f, x, y);
  axpy(10, 0.5f, x, y); /* 10 iterations: checked, the runtime not asked */
  printf("%.1f\n", sum(N, y));
  fill_int(N, (int *)y); /* re-types y's floats */
  volatile float pun = sum(N, y); /* reads ints as floats: reported */
  (void)pun;
  free(x);
  free(y);
  return 0;
}
