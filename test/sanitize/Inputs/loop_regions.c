/* A loop calling an inlined function with restrict parameters: each call's
   scopes begin at every iteration (a region, sanitize_in_place_regions.cpp).
   With "broken", one iteration passes the accumulator's own field as x. */
#include <stdio.h>
#include <string.h>

struct acc {
  long total;
  long count;
};

struct acc acc;
long vals[64];

static inline void add(struct acc *restrict a, long *restrict x) {
  a->total += *x;
  *x = 0;
  a->count += 1;
}

int main(int argc, char **argv) {
  int broken = argc > 1 && strcmp(argv[1], "broken") == 0;
  for (int i = 0; i < 64; i++)
    vals[i] = i;
  for (int i = 0; i < 64; i++)
    add(&acc, broken && i == 40 ? &acc.total : &vals[i]);
  printf("%ld %ld\n", acc.total, acc.count);
  return 0;
}
