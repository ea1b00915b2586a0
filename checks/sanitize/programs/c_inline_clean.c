// Clean: static inline ramp(out, &base, n) is inlined into main; base is a separate int from out.
#include <stdio.h>

static inline void ramp(int *restrict out, const int *restrict base, int n) {
  for (int i = 0; i < n; i++)
    out[i] = *base * 2 + i;
}

int main(void) {
  int buf[8] = {0};
  int base = 5;
  int *p = buf, *q = &base;
  __asm__("" : "+r"(p), "+r"(q));
  ramp(p, q, 8);
  for (int i = 0; i < 8; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
