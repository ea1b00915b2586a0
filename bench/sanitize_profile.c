// Where a sanitized program's checking time goes, per instrumented site
// and per function frame (bench/sanitize.py --profile links this in).
//
// Linked with -Wl,--wrap=__aliaskit_enter,--wrap=__aliaskit_exit,
// --wrap=__aliaskit_access,--wrap=__aliaskit_access_run,
// --wrap=__aliaskit_access_grid,--wrap=__aliaskit_scope
// it sits between the instrumented code and the runtime (libaliaskit_rt.a,
// unchanged) and counts, per (table, function, site), the calls of
// __aliaskit_access, __aliaskit_access_run and __aliaskit_access_grid
// (counted as runs) and the accesses they stand
// for, and the single accesses that did not continue the site's last one
// (not at, right after or right before its address: *jumps*, roughly the
// new log entries they make); per (table, function): frames entered, scope declarations, and the
// cycles (rdtsc) the runtime spent in its exits (the frame's last check)
// and in the access calls that ran a check of a long frame (any call over
// CHECK_CYCLES). At exit it writes one line per key to $ALIASKIT_PROFILE
// (default aliaskit-profile.txt):
//
//   site  POINT FUNCTION SITE calls accesses runs jumps
//   frame POINT FUNCTION enters scopes exit_cycles check_calls check_cycles access_cycles NAME HOST
//
// POINT is the table's (start or end), FUNCTION its function index, NAME
// that function's name and HOST the one its code runs in (a start-point
// frame inlined elsewhere).
// The program must be single-threaded (the counters are not atomic).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <x86intrin.h>

void *__real___aliaskit_enter(const uint8_t *, uint32_t, uint32_t, uint32_t, void *, const void *, uint32_t);
void __real___aliaskit_exit(void *);
void __real___aliaskit_scope(void *, uint32_t);
void __real___aliaskit_access(void *, uint32_t, const void *, uint64_t);
void __real___aliaskit_access_run(void *, uint32_t, const void *, int64_t, uint64_t, uint64_t);
void __real___aliaskit_access_grid(void *, uint32_t, const void *, int64_t, uint64_t, uint64_t, int64_t, uint64_t);

#define CHECK_CYCLES 20000
#define SITES (1u << 18)
#define FRAMES (1u << 12)
#define LIVE (1u << 12)

struct site {
  uintptr_t table; uint32_t function, site;
  uint64_t calls, accesses, runs, jumps; // jumps: calls not at, next to or one block from the last address
  uint64_t last, size;
};
struct frame {
  uintptr_t table; uint32_t function, used;
  const char *name, *host; // the table's function, the one it runs in
  uint64_t enters, scopes, exit_cycles, check_calls, check_cycles, access_cycles;
};
struct live { void *frame; struct frame *f; };

static struct site sites[SITES];
static struct frame frames[FRAMES];
static struct live live[LIVE];

// The table's point: after the magic (8 bytes) and its length (8), the
// shape (core/src/sanitize/shape.rs, `TableParts`), whose first field is
// the point, one byte: 0 start, 1 end.
static const char *point_of(uintptr_t table) {
  const uint8_t p = ((const uint8_t *)table)[16];
  return p == 0 ? "start" : p == 1 ? "end" : "?";
}

static uint64_t mix(uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; return x; }

static struct frame *frame_of(uintptr_t table, uint32_t function) {
  uint32_t h = (uint32_t)mix(table * 31 + function) & (FRAMES - 1);
  for (uint32_t n = 0; n < FRAMES; n++, h = (h + 1) & (FRAMES - 1)) {
    struct frame *f = &frames[h];
    if (f->used && f->table == table && f->function == function) return f;
    if (!f->used) { f->used = 1; f->table = table; f->function = function; return f; }
  }
  abort();
}

// The frame handle's current function (handles are reused call after call).
static struct live *live_of(void *frame) {
  uint32_t h = (uint32_t)mix((uintptr_t)frame) & (LIVE - 1);
  for (uint32_t n = 0; n < LIVE; n++, h = (h + 1) & (LIVE - 1))
    if (live[h].frame == frame || !live[h].frame) { live[h].frame = frame; return &live[h]; }
  abort();
}

static struct site *site_of(void *frame, uint32_t site) {
  struct frame *f = live_of(frame)->f;
  if (!f) return 0;
  uint32_t h = (uint32_t)mix((f->table * 31 + f->function) * 65599 + site) & (SITES - 1);
  for (uint32_t n = 0; n < SITES; n++, h = (h + 1) & (SITES - 1)) {
    struct site *s = &sites[h];
    if (s->calls && s->table == f->table && s->function == f->function && s->site == site) return s;
    if (!s->calls) { s->table = f->table; s->function = f->function; s->site = site; return s; }
  }
  abort();
}

void *__wrap___aliaskit_enter(const uint8_t *table, uint32_t function, uint32_t nsites, uint32_t scopes,
                              void *frame_address, const void *hosts, uint32_t count) {
  void *frame = __real___aliaskit_enter(table, function, nsites, scopes, frame_address, hosts, count);
  struct frame *f = frame_of((uintptr_t)table, function);
  if (!f->name && hosts && count) {
    const struct { uint64_t key; const char *name; } *h = hosts;
    f->name = h[0].name;
    f->host = h[count - 1].name;
  }
  f->enters++;
  live_of(frame)->f = f;
  return frame;
}

void __wrap___aliaskit_exit(void *frame) {
  struct frame *f = live_of(frame)->f;
  uint64_t t = __rdtsc();
  __real___aliaskit_exit(frame);
  if (f) f->exit_cycles += __rdtsc() - t;
}

void __wrap___aliaskit_scope(void *frame, uint32_t scope) {
  struct frame *f = live_of(frame)->f;
  if (f) f->scopes++;
  __real___aliaskit_scope(frame, scope);
}

static void timed(struct frame *f, uint64_t cycles) {
  if (!f) return;
  f->access_cycles += cycles;
  if (cycles > CHECK_CYCLES) { f->check_calls++; f->check_cycles += cycles; }
}

void __wrap___aliaskit_access(void *frame, uint32_t site, const void *address, uint64_t size) {
  struct site *s = site_of(frame, site);
  uint64_t t = __rdtsc();
  __real___aliaskit_access(frame, site, address, size);
  t = __rdtsc() - t;
  if (s) {
    uint64_t a = (uint64_t)address;
    if (!s->calls || !(a == s->last || a == s->last + s->size || a + size == s->last)) s->jumps++;
    s->last = a, s->size = size;
    s->calls++, s->accesses++;
  }
  timed(live_of(frame)->f, t);
}

void __wrap___aliaskit_access_run(void *frame, uint32_t site, const void *first, int64_t stride, uint64_t count,
                                  uint64_t size) {
  struct site *s = site_of(frame, site);
  uint64_t t = __rdtsc();
  __real___aliaskit_access_run(frame, site, first, stride, count, size);
  t = __rdtsc() - t;
  if (s) { s->calls++; s->runs++; s->accesses += count; }
  timed(live_of(frame)->f, t);
}

void __wrap___aliaskit_access_grid(void *frame, uint32_t site, const void *first, int64_t stride, uint64_t count,
                                   uint64_t size, int64_t row_stride, uint64_t rows) {
  struct site *s = site_of(frame, site);
  uint64_t t = __rdtsc();
  __real___aliaskit_access_grid(frame, site, first, stride, count, size, row_stride, rows);
  t = __rdtsc() - t;
  if (s) { s->calls++; s->runs++; s->accesses += count * rows; }
  timed(live_of(frame)->f, t);
}

__attribute__((destructor(100))) static void dump(void) {
  const char *path = getenv("ALIASKIT_PROFILE");
  FILE *out = fopen(path && *path ? path : "aliaskit-profile.txt", "w");
  if (!out) return;
  for (uint32_t i = 0; i < FRAMES; i++)
    if (frames[i].used)
      fprintf(out, "frame %s %u %lu %lu %lu %lu %lu %lu %s %s\n", point_of(frames[i].table), frames[i].function,
              frames[i].enters, frames[i].scopes, frames[i].exit_cycles, frames[i].check_calls,
              frames[i].check_cycles, frames[i].access_cycles, frames[i].name ? frames[i].name : "?",
              frames[i].host ? frames[i].host : "?");
  for (uint32_t i = 0; i < SITES; i++)
    if (sites[i].calls)
      fprintf(out, "site %s %u %u %lu %lu %lu %lu\n", point_of(sites[i].table), sites[i].function, sites[i].site,
              sites[i].calls, sites[i].accesses, sites[i].runs, sites[i].jumps);
  fclose(out);
}
