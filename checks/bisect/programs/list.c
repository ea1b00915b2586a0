/* Linked lists: build, reverse, splice and walk a list of heap nodes with
 * int, short and float fields; two cursors may meet on the same node.
 * Prints a checksum of the walk. */
#include <stdio.h>
#include <stdlib.h>

struct node {
  int key;
  short weight;
  float score;
  struct node *next;
};

__attribute__((noinline)) struct node *push(struct node *head, int key) {
  struct node *n = malloc(sizeof *n);
  n->key = key;
  n->weight = (short)(key % 7);
  n->score = (float)key / 4.0f;
  n->next = head;
  return n;
}

__attribute__((noinline)) struct node *reverse(struct node *head) {
  struct node *prev = 0;
  while (head) {
    struct node *next = head->next;
    head->next = prev;
    prev = head;
    head = next;
  }
  return prev;
}

/* Adds each node's key to the node `step` places ahead (or to itself at
 * the end of the list), and to its score what that did to its own key. */
__attribute__((noinline)) void smear(struct node *head, int step) {
  for (struct node *p = head; p; p = p->next) {
    struct node *q = p;
    for (int i = 0; i < step && q->next; i++)
      q = q->next;
    int before = p->key;
    q->key += before;
    q->weight += p->weight;
    p->score += (float)(p->key - before) + (float)q->weight;
  }
}

__attribute__((noinline)) unsigned walk(const struct node *p) {
  unsigned h = 7;
  for (; p; p = p->next)
    h = h * 33 + (unsigned)p->key + (unsigned)p->weight * 5 +
        (unsigned)(p->score * 2.0f);
  return h;
}

int main(void) {
  struct node *head = 0;
  for (int i = 1; i <= 40; i++)
    head = push(head, i * 3 % 17);
  unsigned h = walk(head);
  head = reverse(head);
  smear(head, 3);
  h = h * 7 + walk(head);
  smear(head, 0);
  h = h * 7 + walk(head);
  while (head) {
    struct node *n = head->next;
    free(head);
    head = n;
  }
  printf("checksum %u\n", h);
  return 0;
}
