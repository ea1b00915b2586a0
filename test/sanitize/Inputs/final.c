// A `restrict` call inlined into main that writes through `count` first
// and then reads 4096 elements of `in` in a scattered order (about one log
// entry each): no access after a read can be claimed against it, so the
// reads are final (sanitize_final.cpp). `final K`: K = 1 makes `count`
// one of the elements read after the write; any other K, none.
#include <stdio.h>
#include <stdlib.h>

static inline __attribute__((always_inline)) long
sum_after_count(long *restrict count, const long *restrict in, const int *idx, int n) {
  *count = n;
  long s = 0;
  for (int i = 0; i < n; i++)
    s += in[idx[i]];
  return s;
}

int main(int argc, char **argv) {
  int n = 4096, k = argc > 1 ? atoi(argv[1]) : 0;
  long *a = calloc(2 * n, sizeof(long));
  int *idx = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    int r = 0; // i's twelve bits reversed: each element once, no two in a row
    for (int b = 0; b < 12; b++)
      r |= (i >> b & 1) << (11 - b);
    idx[i] = 2 * r; // every other element
    a[2 * i] = i;
  }
  long c = 0;
  long s = sum_after_count(k == 1 ? &a[idx[n / 2]] : &c, a, idx, n);
  printf("%ld %ld\n", s, c);
  free(a);
  free(idx);
  return 0;
}
