/* A ring buffer of ints with head and tail counters in the same struct;
 * a copy between rings that is also called with both rings the same.
 * Prints a checksum of everything popped. */
#include <stdio.h>

#define CAP 16

struct ring {
  unsigned head, tail;
  int data[CAP];
  short dropped;
};

__attribute__((noinline)) void push(struct ring *r, int v) {
  if (r->tail - r->head == CAP) {
    r->head++;
    r->dropped++;
  }
  r->data[r->tail % CAP] = v;
  r->tail++;
}

__attribute__((noinline)) int pop(struct ring *r) {
  if (r->head == r->tail)
    return -1;
  int v = r->data[r->head % CAP];
  r->head++;
  return v;
}

/* Appends to dst, n times, src's newest element (doubled, plus i); src
 * may be dst, and then it is the element appended last. */
__attribute__((noinline)) void copy(struct ring *dst, struct ring *src, int n) {
  for (int i = 0; i < n; i++) {
    int v = src->data[(src->tail - 1) % CAP];
    if (dst->tail - dst->head == CAP)
      dst->head++;
    dst->data[dst->tail % CAP] = v * 2 + i;
    dst->tail++;
  }
}

int main(void) {
  static struct ring a, b;
  unsigned h = 1;
  for (int i = 0; i < 100; i++) {
    push(&a, i * 7 % 23);
    if (i % 3 == 0)
      push(&b, pop(&a));
    if (i % 10 == 9)
      copy(&b, &a, 4);
    if (i % 15 == 14)
      copy(&a, &a, 3);
  }
  for (int i = 0; i < 40; i++)
    h = h * 31 + (unsigned)pop(i % 2 ? &a : &b);
  printf("checksum %u dropped %d %d\n", h, a.dropped, b.dropped);
  return 0;
}
