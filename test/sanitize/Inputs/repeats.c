// relu() reads x[i], and again on one branch (as clang emits the
// conditional expression); clip() writes y[i], and again on one branch.
// With argv[1] > 0, y starts argv[1] elements into x: the restrict claims
// of both are broken.
#include <stdlib.h>

__attribute__((noinline)) void relu(const double *restrict x, double *restrict y, int n) {
  for (int i = 0; i < n; i++)
    y[i] = x[i] > 0.0 ? x[i] : 0.0;
}

__attribute__((noinline)) void clip(const double *restrict x, double *restrict y, int n) {
  for (int i = 0; i < n; i++) {
    y[i] = x[i];
    if (x[i] < 0.0)
      y[i] = 0.0;
  }
}

int main(int argc, char **argv) {
  static double buf[256];
  int at = atoi(argv[1]);
  for (int i = 0; i < 256; i++)
    buf[i] = (i % 9) - 4.0;
  double *x = buf, *y = at > 0 ? buf + at : buf + 128;
  relu(x, y, 64);
  clip(x, y, 64);
  return 0;
}
