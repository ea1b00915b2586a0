/* A binary search tree on the heap: insert with counts of duplicates,
 * depth fields updated through a pointer to the parent's field, an
 * in-order walk and a rotation. tbaa: new
 * Prints a checksum of the walk. */
#include <stdio.h>
#include <stdlib.h>

struct tree {
  long key;
  int count;
  short depth;
  struct tree *left, *right;
};

__attribute__((noinline)) struct tree *insert(struct tree **root, long key, short *maxdepth) {
  short depth = 0;
  while (*root) {
    if ((*root)->key == key) {
      (*root)->count++;
      return *root;
    }
    root = key < (*root)->key ? &(*root)->left : &(*root)->right;
    depth++;
  }
  struct tree *t = calloc(1, sizeof *t);
  t->key = key;
  t->count = 1;
  t->depth = depth;
  if (depth > *maxdepth)
    *maxdepth = depth;
  *root = t;
  return t;
}

/* Walks from t towards key, counting each visit in *hits (which may be
 * a node's count): nodes whose count changed meanwhile get deeper. */
__attribute__((noinline)) int visit(struct tree *t, long key, int *hits) {
  int steps = 0;
  while (t && t->key != key) {
    int before = t->count;
    *hits += 1;
    t->depth = (short)(t->depth + (t->count != before));
    t = key < t->key ? t->left : t->right;
    steps++;
  }
  return steps;
}

__attribute__((noinline)) void rotate_left(struct tree **root) {
  struct tree *t = *root, *r = t->right;
  if (!r)
    return;
  t->right = r->left;
  r->left = t;
  *root = r;
  r->depth = t->depth;
  t->depth = (short)(r->depth + 1);
}

static void drop(struct tree *t) {
  if (t) {
    drop(t->left);
    drop(t->right);
    free(t);
  }
}

__attribute__((noinline)) unsigned walk(const struct tree *t, unsigned h) {
  if (!t)
    return h * 3 + 1;
  h = walk(t->left, h);
  h = h * 31 + (unsigned)t->key + (unsigned)t->count * 7 + (unsigned)t->depth;
  return walk(t->right, h);
}

int main(void) {
  struct tree *root = 0;
  short maxdepth = 0;
  for (int i = 0; i < 60; i++)
    insert(&root, (i * 29 + 3) % 41, &maxdepth);
  unsigned h = walk(root, 0);
  int hits = 0;
  for (long k = 0; k < 41; k += 3) {
    h = h * 5 + (unsigned)visit(root, k, &hits);
    h = h * 5 + (unsigned)visit(root, k + 1, &root->count);
  }
  h = h * 5 + (unsigned)hits;
  rotate_left(&root);
  rotate_left(&root->left);
  if (root->right)
    rotate_left(&root->right);
  h = walk(root, h);
  printf("checksum %u maxdepth %d\n", h, maxdepth);
  drop(root);
  return 0;
}
