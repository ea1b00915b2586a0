// my_memcpy(d, s, n) called on one buffer (-DVIOLATION: c_memcpy_overlap) or two (c_memcpy_clean).
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
#ifdef VIOLATION
  // Violation: my_memcpy(s + 3, s, 12): the byte loop writes d[i] = s[i+3], which s[i+3] later reads through the other restrict pointer.
  char *p = s;
  __asm__("" : "+r"(p));
  my_memcpy(p + 3, p, 12);
  printf("%s\n", s);
#else
  // Clean: my_memcpy(dst, s, 12) between two distinct buffers through restrict parameters.
  char d[32] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  char *p = s, *q = d;
  __asm__("" : "+r"(p), "+r"(q));
  my_memcpy(q + 3, p, 12);
  printf("%s\n", d);
#endif
  return 0;
}
