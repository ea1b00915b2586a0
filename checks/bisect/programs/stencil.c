/* Stencils over float rows: a three-point blur that is called out of
 * place and in place, and a 2D relaxation whose output row may be its
 * input row. Prints a checksum of the rounded values. */
#include <stdio.h>

#define W 24

static float grid[4][W];

__attribute__((noinline)) void blur(float *out, const float *in, int n) {
  for (int i = 1; i < n - 1; i++)
    out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

__attribute__((noinline)) void relax(float *dst, const float *up, const float *down,
                                     int *iters) {
  for (int i = 0; i < W; i++) {
    dst[i] = 0.5f * (up[i] + down[i]);
    *iters += (dst[i] > up[i]);
  }
}

int main(void) {
  int iters = 0;
  unsigned h = 0;
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < W; i++)
      grid[r][i] = (float)((i * (r + 3)) % 9);
  blur(grid[1], grid[0], W);
  blur(grid[2], grid[2], W);
  blur(grid[3] + 1, grid[3], W - 1);
  for (int t = 0; t < 5; t++) {
    relax(grid[1], grid[0], grid[2], &iters);
    relax(grid[2], grid[2], grid[3], &iters);
  }
  for (int r = 0; r < 4; r++)
    for (int i = 0; i < W; i++)
      h = h * 31 + (unsigned)(int)(grid[r][i] * 64.0f);
  printf("checksum %u iters %d\n", h, iters);
  return 0;
}
