// Violation: static inline ramp(p, p + 2, n) is inlined into main; out[2] is written while *base (same int) is read each iteration.
#include <stdio.h>

static inline void ramp(int *restrict out, const int *restrict base, int n) {
  for (int i = 0; i < n; i++)
    out[i] = *base * 2 + i;
}

int main(void) {
  int buf[8] = {0, 0, 5, 0, 0, 0, 0, 0};
  int *p = buf, *q = buf + 2;
  __asm__("" : "+r"(p), "+r"(q));
  ramp(p, q, 8);
  for (int i = 0; i < 8; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
