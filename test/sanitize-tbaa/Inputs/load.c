#include <stdio.h>
void put(void *p);
int main(void) {
  int x = 1;
  put(&x);
  printf("%d\n", x);
  return 0;
}
