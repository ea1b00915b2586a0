/* Particles: structs with int, float and short fields updated through
 * pointers to the struct and to single fields, some of which point into
 * the struct being updated. tbaa: new
 * Prints a checksum of positions, hits and flags. */
#include <stdio.h>

struct particle {
  int id;
  float x, y;
  float vx, vy;
  short flags;
  int hits;
};

static struct particle ps[12];

__attribute__((noinline)) void step(struct particle *p, float *wall, int *hits) {
  int before = p->hits;
  p->x += p->vx;
  p->y += p->vy;
  if (p->x > *wall) {
    p->vx = -p->vx;
    *hits += 1;
    p->flags |= 2;
  }
  if (p->y < 0.0f) {
    p->vy = -p->vy;
    p->hits += 1;
  }
  *wall -= 0.125f * (float)((p->hits - before) & 3);
}

__attribute__((noinline)) int collide(struct particle *a, struct particle *b) {
  int n = 0;
  if ((int)a->x == (int)b->x) {
    float t = a->vx;
    a->vx = b->vx;
    b->vx = t;
    a->flags |= 1;
    n = a->hits + b->hits;
  }
  return n + a->id;
}

int main(void) {
  float wall = 20.0f;
  int hits = 0;
  unsigned h = 0;
  for (int i = 0; i < 12; i++) {
    ps[i].id = i;
    ps[i].x = (float)i;
    ps[i].y = (float)(12 - i);
    ps[i].vx = 0.5f + 0.25f * (float)(i % 4);
    ps[i].vy = -0.75f + 0.125f * (float)(i % 3);
  }
  for (int t = 0; t < 60; t++) {
    for (int i = 0; i < 12; i++)
      step(&ps[i], i == 5 ? &ps[i].y : &wall, i == 7 ? &ps[i].hits : &hits);
    for (int i = 0; i < 12; i++)
      h = h * 3 + (unsigned)collide(&ps[i], &ps[(i * 5 + t) % 12]);
  }
  for (int i = 0; i < 12; i++)
    h = h * 31 + (unsigned)(int)(ps[i].x * 8.0f) + (unsigned)(int)(ps[i].y * 8.0f) +
        (unsigned)ps[i].hits + (unsigned)ps[i].flags;
  printf("checksum %u hits %d wall %d\n", h, hits, (int)(wall * 16.0f));
  return 0;
}
