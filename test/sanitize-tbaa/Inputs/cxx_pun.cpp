// A double written, then its bits read as a long through
// reinterpret_cast (not through memcpy or a char type).
#include <cstdio>
__attribute__((noinline)) long bits(double *d, long *l) {
  *d = 1.5;
  return *l;
}
int main() {
  double v = 0;
  std::printf("%ld\n", bits(&v, reinterpret_cast<long *>(&v)));
  return 0;
}
