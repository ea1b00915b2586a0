#include <stdio.h>
#include <string.h>

// Two float stores (sites a and b, one type: one class) over the bytes an
// int load reads: each store-load pair is its own broken claim. The load
// meets a's bytes twice first (the second time already decided).
__attribute__((noinline)) void put_a(float *p) { *p = 1.0f; }
__attribute__((noinline)) void put_b(float *p) { *p = 2.0f; }
__attribute__((noinline)) int get(int *p) { return *p; }

int main(void) {
  int x = 0;
  long s = 0;
  put_a((float *)&x);
  s += get(&x);
  s += get(&x);
  put_b((float *)&x);
  s += get(&x);
  printf("%d\n", s != 0);
  return 0;
}
