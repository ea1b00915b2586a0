// Short calls, each checked in place: swap2's promise is broken when it
// is given one element twice (with an argument), kept otherwise; scale's
// is kept.
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

int main(int argc, char **argv) {
  int y[4] = {1, 2, 3, 4};
  for (int i = 0; i < 100; i++) {
    swap2(&y[0], &y[1]);
    scale(y + 2, y);
  }
  if (argc > 1)
    swap2(&y[0], &y[0]);
  printf("%d %d %d %d\n", y[0], y[1], y[2], y[3]);
  return 0;
}
