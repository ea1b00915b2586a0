// A loop whose count is not known (more() says when it ends) reads *len,
// the same bytes in every iteration, and writes out[i]: once `out + i`
// reaches `len`, the restrict claim is broken.
#include <stdlib.h>

static long limit;

__attribute__((noinline)) int more(long i) { return i < limit; }

__attribute__((noinline)) long fill(long *restrict out, const long *restrict len) {
  long i = 0;
  do {
    out[i] = *len + i;
    i++;
  } while (more(i));
  return i;
}

int main(int argc, char **argv) {
  long buf[64] = {0};
  limit = atol(argv[1]);
  long at = atol(argv[2]);
  return (int)(fill(buf, &buf[at]) & 1) * 0;
}
