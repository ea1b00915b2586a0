// Short calls checked in place, in threads that end before the program
// does: each thread's counts reach the summary when it ends.
#include <pthread.h>
#include <stdio.h>

__attribute__((noinline)) void swap2(int *restrict a, int *restrict b) {
  int t = *a;
  *a = *b;
  *b = t;
}

__attribute__((noinline)) void scale(int *restrict out, const int *restrict in) {
  out[0] = 2 * in[0];
  out[1] = 2 * in[1];
}

static void *work(void *arg) {
  int y[4] = {1, 2, 3, (int)(long)arg};
  for (int i = 0; i < 1000 + (int)(long)arg; i++) {
    swap2(&y[0], &y[1]);
    scale(y + 2, y);
    y[0] &= 0xff;
    y[1] &= 0xff;
  }
  return (void *)(long)(y[2] + y[3]);
}

int main(void) {
  pthread_t t[4];
  long sum = 0;
  for (long i = 0; i < 4; i++)
    pthread_create(&t[i], 0, work, (void *)i);
  for (int i = 0; i < 4; i++) {
    void *r;
    pthread_join(t[i], &r);
    sum += (long)r;
  }
  sum += (long)work((void *)7);
  printf("%ld\n", sum);
  return 0;
}
