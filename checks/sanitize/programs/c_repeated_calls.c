// Clean: scale() called repeatedly with different, always disjoint, out/in arguments (including both halves of one array).
#include <stdio.h>

__attribute__((noinline)) void scale(int *restrict out, const int *restrict in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}

int main(void) {
  int a[16], b[16], buf[32];
  for (int i = 0; i < 16; i++) { a[i] = i; b[i] = 0; }
  for (int i = 0; i < 32; i++) buf[i] = i + 1;
  int *pa = a, *pb = b, *p = buf;
  __asm__("" : "+r"(pa), "+r"(pb), "+r"(p));
  scale(pb, pa, 16);
  scale(pa, pb, 16);
  scale(p, p + 16, 16);
  scale(p + 16, p, 16);
  for (int i = 0; i < 16; i++) printf("%d ", a[i]);
  printf("| ");
  for (int i = 0; i < 32; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
