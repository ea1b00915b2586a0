/* One call of a 3x3 convolution over H rows (argument; default 128):
 * correct, and a check of the checker's cost. With the snapshot of
 * 2026-12-05 00:02 (loop runs logged at the loop's exit) its run time grows
 * with H squared: 0.19 s at 32 rows, 0.85 s at 64, 3.4 s at 128, 13.6 s
 * at 256 (FunctionClaims::claim 63%, FrameLog::check 36%), where the plain
 * build takes microseconds and the snapshot before it 0.2 s for all of
 * c_blas. */
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) void conv2d(int h, int w, const float *restrict in, const float *restrict k3, float *restrict out) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) s += in[(y + dy) * w + x + dx] * k3[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }
}
int main(int argc, char **argv) {
  int h = argc > 1 ? atoi(argv[1]) : 128, w = 160;
  float *a = calloc(h * w, 4), *b = calloc(h * w, 4), k[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
  for (int i = 0; i < h * w; i++) a[i] = i % 7;
  conv2d(h, w, a, k, b);
  printf("%f\n", b[w + 1]);
  return 0;
}
