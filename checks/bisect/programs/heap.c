/* A binary heap of items (int priority, short id, float weight) with
 * sift-up and sift-down through pointers, and a priority bump through a
 * pointer that may point into the heap (at its top): it reports how far
 * the top moved. tbaa: new
 * Prints a checksum of the popped items. */
#include <stdio.h>

struct item {
  int prio;
  short id;
  float weight;
};

struct heap {
  int n;
  struct item a[32];
};

static void swap(struct item *x, struct item *y) {
  struct item t = *x;
  *x = *y;
  *y = t;
}

__attribute__((noinline)) void push(struct heap *h, int prio, short id) {
  int i = h->n++;
  h->a[i].prio = prio;
  h->a[i].id = id;
  h->a[i].weight = (float)prio / 8.0f;
  while (i > 0 && h->a[(i - 1) / 2].prio > h->a[i].prio) {
    swap(&h->a[(i - 1) / 2], &h->a[i]);
    i = (i - 1) / 2;
  }
}

__attribute__((noinline)) struct item pop(struct heap *h) {
  struct item top = h->a[0];
  h->a[0] = h->a[--h->n];
  int i = 0;
  for (;;) {
    int l = 2 * i + 1, r = l + 1, m = i;
    if (l < h->n && h->a[l].prio < h->a[m].prio)
      m = l;
    if (r < h->n && h->a[r].prio < h->a[m].prio)
      m = r;
    if (m == i)
      break;
    swap(&h->a[i], &h->a[m]);
    i = m;
  }
  return top;
}

__attribute__((noinline)) int bump(struct heap *h, int *prio, int delta) {
  int top = h->a[0].prio;
  *prio += delta;
  h->a[0].weight += 0.5f;
  return h->a[0].prio - top;
}

int main(void) {
  static struct heap h;
  unsigned sum = 0;
  int spare = 3;
  for (int i = 0; i < 24; i++)
    push(&h, (i * 17 + 5) % 31, (short)i);
  for (int i = 0; i < 6; i++) {
    sum = sum * 7 + (unsigned)bump(&h, i % 2 ? &spare : &h.a[0].prio, i + 1);
    struct item it = pop(&h);
    sum = sum * 31 + (unsigned)it.prio * 3 + (unsigned)it.id + (unsigned)(it.weight * 4.0f);
  }
  while (h.n > 0) {
    struct item it = pop(&h);
    sum = sum * 31 + (unsigned)it.prio * 3 + (unsigned)it.id + (unsigned)(it.weight * 4.0f);
  }
  printf("checksum %u spare %d\n", sum, spare);
  return 0;
}
