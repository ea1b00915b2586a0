// Clean: two threads each call the restrict function scale() on their own in/out buffers.
#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) void scale(int *restrict out, const int *restrict in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = 3 * in[i];
}

struct job { int in[64]; int out[64]; };

static void *worker(void *arg) {
  struct job *j = arg;
  for (int r = 0; r < 100; r++)
    scale(j->out, j->in, 64);
  return NULL;
}

int main(void) {
  static struct job jobs[2];
  pthread_t t[2];
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < 64; i++) jobs[k].in[i] = i + k * 100;
    pthread_create(&t[k], NULL, worker, &jobs[k]);
  }
  for (int k = 0; k < 2; k++) pthread_join(t[k], NULL);
  long s = 0;
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < 64; i++) s += jobs[k].out[i];
  printf("sum=%ld\n", s);
  return 0;
}
