/* A correct program the checker reported (a false report, fixed by 7b3e399): each
 * call reloc(&a[i], &a[i + 1]) touches two distinct elements, but the
 * calls of the loop overlap each other. reloc's front-end body only calls
 * move1, so no access has reloc's scopes when InstCombine runs: it deletes
 * the two noalias.scope.decl the start point put at reloc's entry as dead.
 * After move1 is inlined, the completion gives its loads and stores
 * reloc's lists, but no decl comes back: inlined into the loop, the scopes
 * hold for the whole call of shift_left, and iteration i's store to a[i+1]
 * (through s) meets iteration i+1's store to a[i+1] (through d). */
#include <stdio.h>
static inline void move1(long *d, long *s) { *d = *s; *s = 0; }
static inline void reloc(long *restrict d, long *restrict s) { move1(d, s); }
__attribute__((noinline)) void shift_left(long *a, int n) {
  for (int i = 0; i + 1 < n; i++) reloc(&a[i], &a[i + 1]);
}
int main(void) {
  long a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  shift_left(a, 8);
  printf("%ld %ld %ld\n", a[0], a[6], a[7]);
  return 0;
}
