#include <stdio.h>

__attribute__((noinline)) void copy(int *restrict out, const int *restrict in, int n) {
  for (int i = 0; i < n; i++)
    out[i] = in[i] + 1;
}

int main(int argc, char **argv) {
  int buf[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  // argc > 1: the two arrays overlap (in[1] is out[0]), which restrict
  // forbids; otherwise they are disjoint halves of a bigger array.
  int big[16] = {0};
  if (argc > 1)
    copy(buf + 1, buf, 7);
  else
    copy(big + 8, big, 8);
  printf("%d %d\n", buf[1], big[8]);
  printf("after\n");
  return 0;
}
