// Violation: fill(buf, &buf[1], n): out[1] is written through restrict `out` while *k (same int) is reloaded each iteration.
#include <stdio.h>

__attribute__((noinline)) void fill(int *restrict out, const int *restrict k, int n) {
  for (int i = 0; i < n; i++)
    out[i] = *k + i;
}

int main(void) {
  int buf[8] = {0, 100, 0, 0, 0, 0, 0, 0};
  int *p = buf;
  __asm__("" : "+r"(p));
  fill(p, p + 1, 8);
  for (int i = 0; i < 8; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
