/* Matrices through row pointers: a multiply-accumulate that is also called
 * in place (c == a), a transpose in place and a scaled copy between int
 * and short matrices. Prints a checksum of every element. */
#include <stdio.h>
#include <stdlib.h>

#define N 6

static int **alloc_int(void) {
  int **m = malloc(N * sizeof *m);
  for (int i = 0; i < N; i++)
    m[i] = calloc(N, sizeof **m);
  return m;
}

__attribute__((noinline)) void mul_add(int **c, int **a, int **b) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int s = c[i][j];
      for (int k = 0; k < N; k++)
        s += a[i][k] * b[k][j];
      c[i][j] = s % 1000;
    }
}

__attribute__((noinline)) void transpose(int **m) {
  for (int i = 0; i < N; i++)
    for (int j = i + 1; j < N; j++) {
      int t = m[i][j];
      m[i][j] = m[j][i];
      m[j][i] = t;
    }
}

__attribute__((noinline)) void narrow(short **dst, int **src, int *scale) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      dst[i][j] = (short)(src[i][j] * *scale);
      *scale = (*scale % 5) + 1;
    }
}

int main(void) {
  int **a = alloc_int(), **b = alloc_int(), **c = alloc_int();
  short **s = malloc(N * sizeof *s);
  for (int i = 0; i < N; i++) {
    s[i] = calloc(N, sizeof **s);
    for (int j = 0; j < N; j++) {
      a[i][j] = (i * 5 + j * 3) % 11;
      b[i][j] = (i + 2 * j) % 7 - 3;
    }
  }
  mul_add(c, a, b);
  mul_add(a, a, b);
  transpose(b);
  mul_add(b, c, b);
  int scale = 2;
  narrow(s, b, &scale);
  narrow(s, b, &b[2][3]);
  unsigned h = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      h = h * 31 + (unsigned)a[i][j] + (unsigned)c[i][j] * 3 +
          (unsigned)s[i][j] * 7;
  printf("checksum %u scale %d\n", h, scale);
  for (int i = 0; i < N; i++) {
    free(a[i]);
    free(b[i]);
    free(c[i]);
    free(s[i]);
  }
  free(a);
  free(b);
  free(c);
  free(s);
  return 0;
}
