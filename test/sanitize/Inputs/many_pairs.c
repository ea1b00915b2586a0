// spread's six stores through `self` are each claimed apart from its four
// loads through `msg`: 24 pairs, more than a frame compares in its own
// code (sanitize_in_place_lower.cpp, InlinePairs): when the two classes'
// hulls meet, the runtime compares the pairs. Given msg = self + 4 (with
// an argument), msg[0] and msg[1] are self[4] and self[5]: two pairs meet.
#include <stdio.h>

__attribute__((noinline)) void spread(int *restrict self, const int *restrict msg) {
  int a = msg[0], b = msg[1], c = msg[2], d = msg[3];
  self[0] = a + b;
  self[1] = a - b;
  self[2] = c * d;
  self[3] = c - d;
  self[4] = a + d;
  self[5] = b + c;
}

int main(int argc, char **argv) {
  int s[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, m[4] = {6, 7, 8, 9};
  for (int i = 0; i < 100; i++) {
    spread(s, m);
    m[0] = s[0] % 11;
  }
  if (argc > 1)
    spread(s, s + 4);
  printf("%d %d %d %d %d %d\n", s[0], s[1], s[2], s[3], s[4], s[5]);
  return 0;
}
