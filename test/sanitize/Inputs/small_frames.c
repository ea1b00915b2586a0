// Short calls, each checked in place: swap2's promise is broken when it
// is given one element twice (with an argument), kept otherwise; scale's
// is kept; mat4_mul's (a 4x4 product whose reads of b, the same in every
// row of out, sanitize_once.cpp makes one grid per call) is broken when
// its result is one of its inputs (with an argument), kept otherwise.
#include <stdio.h>

__attribute__((noinline)) void swap2(int *restrict a, int *restrict b) {
  int t = *a;
  *a = *b;
  *b = t;
}

__attribute__((noinline)) void scale(int *restrict out, const int *restrict in) {
  out[0] = 2 * in[0];
  out[1] = 2 * in[1];
}

__attribute__((noinline)) void mat4_mul(const float *restrict a, const float *restrict b, float *restrict out) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      float s = 0;
      for (int k = 0; k < 4; k++) s += a[i * 4 + k] * b[k * 4 + j];
      out[i * 4 + j] = s;
    }
}

int main(int argc, char **argv) {
  int y[4] = {1, 2, 3, 4};
  float m[16], r[16], t[16];
  for (int i = 0; i < 16; i++) m[i] = r[i] = (float)(i % 5) / 4;
  for (int i = 0; i < 100; i++) {
    swap2(&y[0], &y[1]);
    scale(y + 2, y);
    mat4_mul(m, r, t);
    for (int k = 0; k < 16; k++) r[k] = t[k] / 2;
  }
  if (argc > 1) {
    swap2(&y[0], &y[0]);
    mat4_mul(m, r, r);
  }
  printf("%d %d %d %d %g\n", y[0], y[1], y[2], y[3], r[5]);
  return 0;
}
