/* A correct program the checker reported (a false report, fixed by 7b3e399): f's
 * `restrict` p points at g[1], and g[1] is read through g only when c is
 * true, which it never is. LICM hoists the conditional load of g[1] out of
 * the loop (g is a global: safe to speculate) and drops its AA metadata;
 * the end point's completion of f's parameter lists then gives the hoisted
 * load `!noalias {f: p}` again, and the end point checks it against the
 * store *p = 5: a read the program never makes. */
#include <stdio.h>
int g[4];
__attribute__((noinline)) int f(int *restrict p, int n, int c) {
  *p = 5;
  int s = 0;
  for (int i = 0; i < n; i++) {
    if (c) s += g[1];
    s += i;
  }
  return s;
}
int main(int argc, char **argv) {
  int r = f(&g[1], 10 + argc, argc > 5);
  printf("%d %d\n", r, g[1]);
  return 0;
}
