// scale() called several times, the third call on overlapping halves of one array (-DVIOLATION: c_some_call) or every call disjoint (c_repeated_calls).
#include <stdio.h>

__attribute__((noinline)) void scale(int *restrict out, const int *restrict in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}

#ifdef VIOLATION
#define N 17
#else
#define N 32
#endif

int main(void) {
  int a[16], b[16], buf[N];
  for (int i = 0; i < 16; i++) { a[i] = i; b[i] = 0; }
  for (int i = 0; i < N; i++) buf[i] = i + 1;
  int *pa = a, *pb = b, *p = buf;
  __asm__("" : "+r"(pa), "+r"(pb), "+r"(p));
  scale(pb, pa, 16);
  scale(pa, pb, 16);
#ifdef VIOLATION
  // Violation only on the third call: scale(p, p + 1, n) writes out[i] = buf[i] which in[i-1] also reads; the first two calls are disjoint.
  scale(p, p + 1, 16);
#else
  // Clean: different, always disjoint, out/in arguments (including both halves of one array).
  scale(p, p + 16, 16);
  scale(p + 16, p, 16);
#endif
  for (int i = 0; i < 16; i++) printf("%d ", a[i]);
  printf("| ");
  for (int i = 0; i < N; i++) printf("%d ", buf[i]);
  printf("\n");
  return 0;
}
