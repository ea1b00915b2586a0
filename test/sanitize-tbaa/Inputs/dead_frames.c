#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* A frame that stores ints into a local struct, then returns: its bytes
   are dead afterwards, and the next call's outgoing arguments and
   register save area may lie where they were. */
struct acc { int err; int n; int pad[30]; };

__attribute__((noinline)) int fill(int k) {
  struct acc a;
  memset(&a, 0, sizeof a);
  for (int i = 0; i < 30; i++) a.pad[i] = k + i;
  a.err = k; a.n = k * 2;
  return a.err + a.n + a.pad[k % 30];
}

__attribute__((noinline)) size_t vlen(int n, va_list ap) {
  size_t t = 0;
  for (int i = 0; i < n; i++) t += strlen(va_arg(ap, char *));
  return t;
}

__attribute__((noinline)) size_t lens(int n, ...) {
  va_list ap;
  va_start(ap, n);
  size_t t = vlen(n, ap);
  va_end(ap);
  return t;
}

__attribute__((noinline)) int deep(int k) {
  char buf[64];
  snprintf(buf, sizeof buf, "%d", k);
  return fill(k) + (int)strlen(buf);
}

__attribute__((noinline)) int last(const int *v, int n) { return v[n - 1]; }

/* A variable-length array freed at the end of its block: the next call's
   outgoing arguments lie where it was, in the same frame. */
__attribute__((noinline)) size_t vla(int n) {
  size_t t = 0;
  for (int r = 0; r < 2; r++) {
    {
      int v[n];
      for (int i = 0; i < n; i++) v[i] = i * r;
      t += last(v, n);
    }
    t += lens(12, "a", "bb", "ccc", "dddd", "e", "f", "g", "h", "i", "j", "k", "l");
  }
  return t;
}

int main(void) {
  size_t t = 0;
  for (int r = 0; r < 4; r++) {
    t += deep(r);
    t += lens(12, "a", "bb", "ccc", "dddd", "e", "f", "g", "h", "i", "j", "k", "l");
  }
  t += vla(32);
  printf("%zu\n", t);
  return 0;
}
