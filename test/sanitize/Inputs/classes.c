// mix's three stores through `self` are each claimed apart from its two
// loads through `msg`: two classes of slots, compared as one pair of
// hulls, then pair by pair only where they meet. Given msg = self + 2
// (with an argument), msg[0] is self[2]: exactly one of the six pairs
// meets, the store of self[2] and the load of msg[0].
#include <stdio.h>

__attribute__((noinline)) void mix(int *restrict self, const int *restrict msg) {
  int a = msg[0], b = msg[1];
  self[0] = a + b;
  self[1] = a - b;
  self[2] = a * b;
}

int main(int argc, char **argv) {
  int s[5] = {1, 2, 3, 4, 5}, m[2] = {6, 7};
  for (int i = 0; i < 100; i++) {
    mix(s, m);
    m[0] = s[0] % 11;
  }
  if (argc > 1)
    mix(s, s + 2);
  printf("%d %d %d %d %d\n", s[0], s[1], s[2], s[3], s[4]);
  return 0;
}
