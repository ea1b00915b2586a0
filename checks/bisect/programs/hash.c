/* An open-addressing hash table of structs with unsigned keys, int values
 * and short probe lengths; the statistics counter is passed as a
 * pointer, sometimes into the table itself (the slot being updated).
 * Prints a checksum. */
#include <stdio.h>

#define SLOTS 64

struct slot {
  unsigned key;
  int value;
  short probes;
  short used;
};

static struct slot table[SLOTS];

__attribute__((noinline)) int put(struct slot *t, unsigned key, int value, int *collisions) {
  unsigned i = (key * 2654435761u) % SLOTS;
  short probes = 0;
  while (t[i].used && t[i].key != key) {
    i = (i + 1) % SLOTS;
    probes++;
  }
  t[i].key = key;
  t[i].value += value;
  t[i].probes = probes;
  t[i].used = 1;
  *collisions += probes + 1;
  return t[i].value;
}

__attribute__((noinline)) int find(const struct slot *t, unsigned key) {
  unsigned i = (key * 2654435761u) % SLOTS;
  while (t[i].used) {
    if (t[i].key == key)
      return (int)i;
    i = (i + 1) % SLOTS;
  }
  return -1;
}

static int get(const struct slot *t, unsigned key) {
  int i = find(t, key);
  return i < 0 ? -1 : t[i].value;
}

int main(void) {
  int collisions = 0;
  unsigned h = 0;
  for (unsigned k = 0; k < 40; k++)
    h = h * 7 + (unsigned)put(table, k * k % 97, (int)k, &collisions);
  for (unsigned k = 0; k < 10; k++)
    h = h * 7 + (unsigned)put(table, k * 13, 1, &table[k * 5].value);
  /* Keys already in the table, counted in their own slot's value. */
  for (unsigned k = 3; k < 30; k += 2)
    h = h * 7 + (unsigned)put(table, k * k % 97, 2, &table[find(table, k * k % 97)].value);
  for (unsigned k = 0; k < 100; k++)
    h = h * 31 + (unsigned)get(table, k);
  for (int i = 0; i < SLOTS; i++)
    h = h * 3 + (unsigned)table[i].probes;
  printf("checksum %u collisions %d\n", h, collisions);
  return 0;
}
