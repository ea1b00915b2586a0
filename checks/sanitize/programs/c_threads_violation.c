// Violation in one thread only: thread 1 calls copy(buf + 1, buf, 64), so dst[i] writes the int src[i+1] later reads; thread 0's call is disjoint.
#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) void copy(int *restrict dst, const int *restrict src, int n) {
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1;
}

struct job { int buf[128]; int overlap; };

static void *worker(void *arg) {
  struct job *j = arg;
  if (j->overlap)
    copy(j->buf + 1, j->buf, 64);
  else
    copy(j->buf + 64, j->buf, 64);
  return NULL;
}

int main(void) {
  static struct job jobs[2];
  pthread_t t[2];
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < 128; i++) jobs[k].buf[i] = i * 10;
    jobs[k].overlap = k;
    pthread_create(&t[k], NULL, worker, &jobs[k]);
  }
  for (int k = 0; k < 2; k++) pthread_join(t[k], NULL);
  for (int k = 0; k < 2; k++) {
    long s = 0;
    for (int i = 0; i < 128; i++) s += (long)jobs[k].buf[i] * (i + 1);
    printf("job%d: %ld\n", k, s);
  }
  return 0;
}
