/* Bundled example for `make demo`: loads that only type-based alias
 * analysis can forward. Compiled by clang-22 with its real TBAA, in both
 * struct-path encodings. */

struct Point {
  int x;
  int y;
};

struct Rect {
  struct Point lo, hi;
  float area;
};

/* A float store cannot change an int: the second r->lo.x is forwarded. */
int x_after_float_store(struct Rect *r, float *f) {
  int x = r->lo.x;
  *f = 1.0f;
  return x + r->lo.x;
}

/* Point.y and Point.x are different fields of the same type: forwarded. */
int x_after_other_field(struct Point *p, struct Point *q) {
  int a = p->x;
  q->y = 7;
  return a + p->x;
}

/* Rect.hi.x and Point.x may be the same int (a Point inside a Rect):
 * the reload must stay. */
int x_after_nested_field(struct Point *p, struct Rect *r) {
  int a = p->x;
  r->hi.x = 3;
  return a + p->x;
}

/* Two int pointers may alias: the reload must stay. */
int int_after_int_store(int *p, int *q) {
  int a = *p;
  *q = 1;
  return a + *p;
}

/* Rect.area is a float inside a Rect; a short store cannot touch it. */
float area_after_short_store(struct Rect *r, short *s) {
  float a = r->area;
  *s = 2;
  return a + r->area;
}
