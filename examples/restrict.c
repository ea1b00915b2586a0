/* A restrict promise broken: ramp() says that `out` and `base` do not
 * overlap, and main passes it a `base` inside `out`. ramp() is always
 * inlined, so its promise becomes scoped no-alias metadata in main. At -O0
 * the program prints "ramp 10 11 12 27 28 29 30 31"; at -O2 the optimizer,
 * trusting the promise, reads *base once before the loop, though the loop
 * writes it, and prints "ramp 10 11 12 13 14 15 16 17". */
#include <stdio.h>

static inline __attribute__((always_inline)) void
ramp(int *restrict out, const int *restrict base, int n) {
  for (int i = 0; i < n; i++)
    out[i] = *base * 2 + i;
}

int main(void) {
  int buf[8] = {0, 0, 5, 0, 0, 0, 0, 0};
  int *p = buf, *q = buf + 2;
  __asm__("" : "+r"(p), "+r"(q)); /* hide from the optimizer that q is p + 2 */
  ramp(p, q, 8);
  printf("ramp");
  for (int i = 0; i < 8; i++)
    printf(" %d", buf[i]);
  printf("\n");
  return 0;
}
