/* Breaks set_and_read's restrict promise: i == j at run time. The LTO link
 * inlines set_and_read (another file) into run, its restrict parameters
 * become scopes, and the scoped analysis lets the read of *b be forwarded
 * from v[j] = 10: "read 10, stored 5" instead of "read 5, stored 5". */
#include <stdio.h>

int set_and_read(int *restrict a, const int *restrict b, int n);

__attribute__((noinline)) int run(int *v, long i, long j) {
  v[j] = 10;
  return set_and_read(&v[i], &v[j], (int)j);
}

int main(int argc, char **argv) {
  int v[4] = {0};
  volatile long k = argc;
  int r = run(v, k, k);
  printf("read %d, stored %d\n", r, v[argc]);
  return 0;
}
