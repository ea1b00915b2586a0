/* Histograms: short samples counted into int bins, with a running total
 * that lives in one of the bins, and a prefix sum in place.
 * Prints a checksum of the bins. */
#include <stdio.h>

#define BINS 16

static short samples[256];
static int bins[BINS + 1];

__attribute__((noinline)) void count(int *b, const short *s, int n, int *total) {
  for (int i = 0; i < n; i++) {
    b[s[i] & (BINS - 1)] += 1;
    *total += s[i] & 3;
  }
}

__attribute__((noinline)) void prefix(int *b, int n) {
  for (int i = 1; i < n; i++)
    b[i] += b[i - 1];
}

__attribute__((noinline)) int scale(int *dst, const int *src, int n, short k) {
  int last = 0;
  for (int i = 0; i < n; i++) {
    dst[i] = src[i] * k;
    last = src[n - 1];
  }
  return last;
}

int main(void) {
  unsigned seed = 12345, h = 0;
  for (int i = 0; i < 256; i++) {
    seed = seed * 1103515245u + 12345u;
    samples[i] = (short)(seed >> 16);
  }
  int total = 0;
  count(bins, samples, 256, &total);
  count(bins, samples + 17, 64, &bins[3]);
  count(bins, samples, 100, &bins[BINS]);
  prefix(bins, BINS + 1);
  int last = scale(bins + 1, bins, BINS, 2);
  for (int i = 0; i <= BINS; i++)
    h = h * 131 + (unsigned)bins[i];
  printf("checksum %u total %d last %d\n", h, total, last);
  return 0;
}
