/* Sorting in place: insertion of v[i] into the sorted prefix v[0..i),
 * with the key passed by address, so it points into the array being
 * shifted (the insertion re-reads it at the end, as a careless one does);
 * a header with a move counter; a binary search. tbaa: new
 * Prints a checksum of the array and the search results. */
#include <stdio.h>

struct table {
  int moves;
  short sorted;
  int v[48];
};

__attribute__((noinline)) int insert(int *v, int n, const int *key, int *moves) {
  int k = *key;
  int i = n;
  while (i > 0 && v[i - 1] > k) {
    v[i] = v[i - 1];
    i--;
    *moves += 1;
  }
  v[i] = *key;
  return i;
}

__attribute__((noinline)) void isort(struct table *t, int n) {
  for (int i = 1; i < n; i++)
    insert(t->v, i, &t->v[i], &t->moves);
  t->sorted = 1;
}

__attribute__((noinline)) int find(const struct table *t, int n, int key) {
  int lo = 0, hi = n - 1;
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    if (t->v[mid] == key)
      return mid;
    if (t->v[mid] < key)
      lo = mid + 1;
    else
      hi = mid - 1;
  }
  return -1 - lo;
}

int main(void) {
  static struct table t;
  unsigned h = 0;
  int key = 14, moves = 0;
  for (int i = 0; i < 48; i++)
    t.v[i] = (i * 37 + 11) % 29;
  isort(&t, 24);
  h = h * 7 + (unsigned)insert(t.v, 24, &key, &moves);
  isort(&t, 48);
  for (int k = 0; k < 32; k++)
    h = h * 29 + (unsigned)find(&t, 48, k);
  for (int i = 0; i < 48; i++)
    h = h * 3 + (unsigned)t.v[i];
  printf("checksum %u moves %d %d sorted %d\n", h, t.moves, moves, t.sorted);
  return 0;
}
