/* A small signal-processing program with a strict-aliasing bug.
 *
 * flip_sign() negates a float by flipping its sign bit through an
 * `unsigned *` that points at the same object. C forbids that (an object
 * of type float may not be modified through an lvalue of type unsigned),
 * so TBAA tells the optimizer that the unsigned store cannot change *v,
 * and at -O2 the function returns the doubled value without its new sign.
 * Everything else here is well-defined and gives the optimizer legitimate
 * alias answers to work with (add() and smooth() stand for library code
 * in other files: they are not inlined).
 *
 * Right output (-O0, or -O2 -fno-strict-aliasing): "... flipped -3.250 ...".
 */
#include <stdio.h>

#define N 64

struct stats {
  int count;
  float sum;
  float min, max;
  short bins[8];
};

__attribute__((noinline)) void add(struct stats *s, const float *x, int n) {
  for (int i = 0; i < n; i++) {
    s->sum += x[i];
    if (x[i] < s->min)
      s->min = x[i];
    if (x[i] > s->max)
      s->max = x[i];
    int b = (int)(x[i] * 4.0f) & 7;
    s->bins[b]++;
    s->count++;
  }
}

__attribute__((noinline)) void smooth(float *out, const float *in, const int *weights, int n) {
  for (int i = 1; i + 1 < n; i++)
    out[i] = (in[i - 1] * weights[0] + in[i] * weights[1] + in[i + 1] * weights[2]) / 4.0f;
}

/* The bug: writes the float's bits through `bits`, which aliases `v`. */
__attribute__((noinline)) float flip_sign(float *v, unsigned *bits) {
  *v = *v * 2.0f;
  *bits ^= 0x80000000u;
  return *v;
}

int main(void) {
  static float signal[N], smoothed[N];
  static int weights[3] = {1, 2, 1};
  struct stats s = {0, 0.0f, 1e9f, -1e9f, {0}};
  for (int i = 0; i < N; i++)
    signal[i] = (float)((i * 37) % 17) / 8.0f;
  smooth(smoothed, signal, weights, N);
  add(&s, smoothed, N);
  float peak = s.max;
  float flipped = flip_sign(&peak, (unsigned *)&peak);
  printf("count %d sum %.3f min %.3f max %.3f flipped %.3f bins", s.count, s.sum, s.min, s.max, flipped);
  for (int b = 0; b < 8; b++)
    printf(" %d", s.bins[b]);
  printf("\n");
  return 0;
}
