// Two `restrict` calls inlined into main, one after the other: each reads
// 1024 elements of its `in` in a scattered order (about one log entry
// each) and writes their sum through `out`. `ends K`: K = 1 makes the first
// call's `out` one of the elements it read, K = 2 the second's; any other
// K, none.
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) void gather(long *restrict out, const long *restrict in, const int *idx, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s += in[idx[i]];
  *out = s;
}

int main(int argc, char **argv) {
  int n = 1024, k = argc > 1 ? atoi(argv[1]) : 0;
  long *a = calloc(4 * n, sizeof(long));
  int *idx = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    int r = 0; // i's ten bits reversed: each element once, no two in a row
    for (int b = 0; b < 10; b++)
      r |= (i >> b & 1) << (9 - b);
    idx[i] = 2 * r; // every other element
    a[2 * i] = i;
    a[2 * n + 2 * i] = 2 * i;
  }
  long r1 = 0, r2 = 0;
  gather(k == 1 ? &a[idx[n / 2]] : &r1, a, idx, n);
  gather(k == 2 ? &a[2 * n + idx[n / 2]] : &r2, a + 2 * n, idx, n);
  printf("%ld %ld\n", r1, r2);
  free(a);
  free(idx);
  return 0;
}
