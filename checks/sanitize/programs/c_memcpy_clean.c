// Clean: my_memcpy(dst, s, 12) between two distinct buffers through restrict parameters.
#include <stddef.h>
#include <stdio.h>

__attribute__((noinline)) void *my_memcpy(void *restrict d, const void *restrict s, size_t n) {
  unsigned char *dp = d;
  const unsigned char *sp = s;
  for (size_t i = 0; i < n; i++)
    dp[i] = sp[i];
  return d;
}

int main(void) {
  char s[32] = "abcdefghijklmnopqrstuvwxyz";
  char d[32] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  char *p = s, *q = d;
  __asm__("" : "+r"(p), "+r"(q));
  my_memcpy(q + 3, p, 12);
  printf("%s\n", d);
  return 0;
}
