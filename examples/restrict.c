/* A restrict promise broken: smooth() says its two arrays do not overlap,
 * and main passes it one buffer as both. smooth() is always inlined, so
 * its promise becomes scoped no-alias metadata in main. At -O0 the program
 * prints "smoothed 1.500 3.000 4.000 5.000 6.000"; at -O2 the optimizer,
 * trusting the promise, reuses in[i + 1] across the store to out[i + 1]
 * that changes it, and prints another line. */
#include <stdio.h>

static inline __attribute__((always_inline)) void
smooth(float *restrict out, const float *restrict in, int n) {
  for (int i = 0; i < n; i++) {
    out[i] = (in[i] + in[i + 1]) / 2;
    out[i + 1] = in[i + 1] + 1;
  }
}

int main(void) {
  float buf[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  smooth(buf, buf, 4); /* in and out are one array */
  printf("smoothed");
  for (int i = 0; i < 5; i++)
    printf(" %.3f", buf[i]);
  printf("\n");
  return 0;
}
