// Clean: smooth() accesses p[i] and p[i+1], both based on the one restrict parameter p; out is a distinct array.
#include <stdio.h>

__attribute__((noinline)) void smooth(int *restrict out, int *restrict p, int n) {
  for (int i = 0; i < n; i++) {
    p[i] = p[i] + p[i + 1];
    out[i] = p[i];
  }
}

int main(void) {
  int x[11], y[10];
  for (int i = 0; i < 11; i++) x[i] = i * i;
  int *p = x, *q = y;
  __asm__("" : "+r"(p), "+r"(q));
  smooth(q, p, 10);
  for (int i = 0; i < 10; i++) printf("%d ", y[i]);
  printf("\n");
  return 0;
}
