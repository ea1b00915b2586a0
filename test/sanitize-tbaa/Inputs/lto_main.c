/* lto.test: the second module of a full LTO link (its checks call the
 * runtime), and a pun on the first module's floats. */
#include <stdio.h>
#include <stdlib.h>
void fill(float *x, int n);
void scale(float *x, int n);
__attribute__((noinline)) long sum_bits(const int *p, int n) { long s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
__attribute__((noinline)) float sumf(const float *p, int n) { float s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }
int main(void) {
  int n = 1000; float *x = malloc(n * sizeof *x);
  fill(x, n); scale(x, n);
  printf("%f\n", sumf(x, n));
  volatile long b = sum_bits((const int *)x, n); (void)b;
  return 0;
}
