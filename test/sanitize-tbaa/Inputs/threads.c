// Four threads, each with its own array (typed stores and loads) and its
// own pun: the shadow is shared without a lock, each thread keeps its own
// answers; one report for the static pair, loads counted from every thread.
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
__attribute__((noinline)) int get(int *i, float *f) { *i = 7; *f = 0.5f; return *i; }
__attribute__((noinline)) long work(int *a, long n) { long s = 0; for (long r = 0; r < 20; r++) for (long k = 0; k < n; k++) { a[k] = (int)k; s += a[k]; } return s; }
static void *run(void *arg) {
  long n = 100000; int *a = malloc(n * sizeof *a);
  long s = work(a, n);
  int x; s += get(&x, (float *)&x);
  free(a);
  return (void *)s;
}
int main(void) {
  pthread_t t[4];
  for (int k = 0; k < 4; k++) pthread_create(&t[k], 0, run, 0);
  long s = 0;
  for (int k = 0; k < 4; k++) { void *r; pthread_join(t[k], &r); s += (long)r; }
  printf("%ld\n", s);
  return 0;
}
