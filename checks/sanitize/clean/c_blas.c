/* BLAS-like kernels and image filters with `restrict` parameters whose
 * promises hold: distinct buffers, disjoint parts of one buffer, the same
 * buffer through two restrict pointers that only read it, one buffer
 * reused across calls, kernels inlined into loops and kept out of line.
 * Deterministic output (checks/sanitize/clean.py). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

static void saxpy(int n, float a, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) y[i] += a * x[i];
}

NOINLINE static void saxpy_out(int n, float a, const float *restrict x, float *restrict y) {
  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}

static float dot(int n, const float *restrict x, const float *restrict y) {
  float s = 0;
  for (int i = 0; i < n; i++) s += x[i] * y[i];
  return s;
}

NOINLINE void gemv(int m, int n, const double *restrict a, const double *restrict x, double *restrict y) {
  for (int i = 0; i < m; i++) {
    double s = 0;
    for (int j = 0; j < n; j++) s += a[i * n + j] * x[j];
    y[i] = s;
  }
}

/* Blocked C += A*B, row-major, leading dimensions given. */
NOINLINE void gemm(int m, int n, int k, const double *restrict a, int lda, const double *restrict b, int ldb,
                   double *restrict c, int ldc) {
  enum { BS = 16 };
  for (int ii = 0; ii < m; ii += BS)
    for (int kk = 0; kk < k; kk += BS)
      for (int jj = 0; jj < n; jj += BS)
        for (int i = ii; i < ii + BS && i < m; i++)
          for (int l = kk; l < kk + BS && l < k; l++) {
            double ail = a[i * lda + l];
            for (int j = jj; j < jj + BS && j < n; j++) c[i * ldc + j] += ail * b[l * ldb + j];
          }
}

static inline void gemm_small(const double *restrict a, const double *restrict b, double *restrict c) {
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      double s = 0;
      for (int l = 0; l < 4; l++) s += a[i * 4 + l] * b[l * 4 + j];
      c[i * 4 + j] = s;
    }
}

NOINLINE void conv2d(int h, int w, const float *restrict in, const float *restrict k3, float *restrict out) {
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      float s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) s += in[(y + dy) * w + x + dx] * k3[(dy + 1) * 3 + dx + 1];
      out[y * w + x] = s;
    }
}

static void conv1d(int n, int taps, const float *restrict in, const float *restrict k, float *restrict out) {
  for (int i = 0; i + taps <= n; i++) {
    float s = 0;
    for (int t = 0; t < taps; t++) s += in[i + t] * k[t];
    out[i] = s;
  }
}

static void copy_bytes(unsigned char *restrict d, const unsigned char *restrict s, size_t n) {
  while (n--) *d++ = *s++;
}

static void transpose(int n, int m, const float *restrict a, float *restrict t) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) t[j * n + i] = a[i * m + j];
}

/* Prefix sums in place on out, reading in: distinct buffers. */
static void scan(int n, const int *restrict in, int *restrict out) {
  int s = 0;
  for (int i = 0; i < n; i++) out[i] = s += in[i];
}

/* Struct with restrict members, used through a restrict-qualified pointer. */
struct vec3s { float *restrict x, *restrict y, *restrict z; int n; };
NOINLINE static void normalize(struct vec3s *restrict v, float *restrict len) {
  for (int i = 0; i < v->n; i++) {
    float l = v->x[i] * v->x[i] + v->y[i] * v->y[i] + v->z[i] * v->z[i];
    len[i] = l;
    if (l > 0) { v->x[i] /= l; v->y[i] /= l; v->z[i] /= l; }
  }
}

/* Write only the first half of a through one pointer, read the second half
 * through the other: the same buffer, disjoint bytes. */
NOINLINE static void halves(int n, float *restrict lo, const float *restrict hi) {
  for (int i = 0; i < n; i++) lo[i] = hi[i] * 0.5f + lo[i];
}

/* Reads only: both restrict pointers may point at the same bytes. */
NOINLINE static double both_read(int n, const double *restrict a, const double *restrict b) {
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i] * b[n - 1 - i];
  return s;
}

static void stencil_step(int n, const double *restrict u, double *restrict v) {
  v[0] = u[0]; v[n - 1] = u[n - 1];
  for (int i = 1; i < n - 1; i++) v[i] = 0.25 * u[i - 1] + 0.5 * u[i] + 0.25 * u[i + 1];
}

static unsigned long long hash_f(const float *p, int n) {
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < n; i++) { unsigned u; memcpy(&u, &p[i], 4); h = (h ^ u) * 1099511628211ULL; }
  return h;
}
static unsigned long long hash_d(const double *p, int n) {
  unsigned long long h = 1469598103934665603ULL;
  for (int i = 0; i < n; i++) { unsigned long long u; memcpy(&u, &p[i], 8); h = (h ^ u) * 1099511628211ULL; }
  return h;
}

int main(int argc, char **argv) {
  int scale = argc > 1 ? atoi(argv[1]) : 1;
  int n = 4096;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++) { x[i] = (float)(i % 17) / 4; y[i] = (float)(i % 5); }
  for (int r = 0; r < 10 * scale; r++) { saxpy(n, 0.25f, x, y); saxpy_out(n, -0.125f, x, y); }
  printf("saxpy %016llx %f\n", hash_f(y, n), dot(n, x, y));
  printf("dot self %f\n", dot(n, y, y));
  /* Disjoint halves of one buffer. */
  saxpy(n / 2, 2.0f, y, y + n / 2);
  halves(n / 2, x, x + n / 2);
  printf("halves %016llx %016llx\n", hash_f(y, n), hash_f(x, n));

  int m = 96, k = 80, nn = 72;
  double *a = malloc(sizeof(double) * m * k), *b = malloc(sizeof(double) * k * nn), *c = calloc(m * nn, sizeof(double));
  for (int i = 0; i < m * k; i++) a[i] = (i % 13) * 0.5 - 3;
  for (int i = 0; i < k * nn; i++) b[i] = (i % 7) * 0.25 - 0.75;
  for (int r = 0; r < scale; r++) gemm(m, nn, k, a, k, b, nn, c, nn);
  printf("gemm %016llx\n", hash_d(c, m * nn));
  /* Sub-blocks of one matrix: C's right half += A's left block * B. */
  double *big = malloc(sizeof(double) * 64 * 128);
  for (int i = 0; i < 64 * 128; i++) big[i] = (i % 11) - 5;
  gemm(64, 32, 32, big, 128, b, nn, big + 64, 128);
  printf("gemm blocks %016llx\n", hash_d(big, 64 * 128));
  double *yv = malloc(sizeof(double) * m);
  gemv(m, k, a, a, yv); /* x = the first row of a: both read only */
  printf("gemv %016llx %f\n", hash_d(yv, m), both_read(m, yv, yv));
  double s4[16], t4[16], u4[16];
  for (int i = 0; i < 16; i++) s4[i] = i - 7.5;
  memcpy(t4, s4, sizeof s4);
  for (int r = 0; r < 1000 * scale; r++) {
    gemm_small(s4, t4, u4);
    for (int i = 0; i < 16; i++) t4[i] = u4[i] / 64;
  }
  printf("small %016llx\n", hash_d(t4, 16));

  int h = 128, w = 160;
  float *img = malloc(sizeof(float) * h * w), *img2 = calloc(h * w, sizeof(float));
  float k3[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
  for (int i = 0; i < 9; i++) k3[i] /= 16;
  for (int i = 0; i < h * w; i++) img[i] = (float)((i * 7919) % 255);
  for (int r = 0; r < 4 * scale; r++) { conv2d(h, w, img, k3, img2); conv2d(h, w, img2, k3, img); }
  printf("conv2d %016llx\n", hash_f(img, h * w));
  float taps[8] = {0.1f, 0.2f, 0.3f, 0.4f, 0.4f, 0.3f, 0.2f, 0.1f};
  conv1d(h * w, 8, img, taps, img2);
  transpose(h, w, img2, img);
  printf("conv1d %016llx\n", hash_f(img, h * w));

  unsigned char *bytes = malloc(1 << 16);
  for (int i = 0; i < 1 << 16; i++) bytes[i] = (unsigned char)(i * 31);
  for (int r = 0; r < 8 * scale; r++) {
    copy_bytes(bytes + 32768, bytes, 32768);
    copy_bytes(bytes, bytes + 32768 + 1, 32767);
  }
  unsigned sum = 0;
  for (int i = 0; i < 1 << 16; i++) sum = sum * 33 + bytes[i];
  printf("bytes %08x\n", sum);

  int *in = malloc(sizeof(int) * 10000), *out = malloc(sizeof(int) * 10000);
  for (int i = 0; i < 10000; i++) in[i] = i % 100 - 50;
  scan(10000, in, out);
  scan(5000, out, out + 5000);
  printf("scan %d %d\n", out[4999], out[9999]);

  float *vx = malloc(sizeof(float) * 300), *vy = malloc(sizeof(float) * 300), *vz = malloc(sizeof(float) * 300),
        *len = malloc(sizeof(float) * 300);
  for (int i = 0; i < 300; i++) { vx[i] = i % 3; vy[i] = i % 5; vz[i] = i % 7; }
  struct vec3s v = {vx, vy, vz, 300};
  normalize(&v, len);
  printf("normalize %016llx %016llx\n", hash_f(vx, 300), hash_f(len, 300));

  double *u = malloc(sizeof(double) * 2000), *u2 = malloc(sizeof(double) * 2000);
  for (int i = 0; i < 2000; i++) u[i] = (i % 100 == 0) ? 100 : 0;
  for (int r = 0; r < 200 * scale; r++) { stencil_step(2000, u, u2); stencil_step(2000, u2, u); }
  printf("stencil %.12f\n", u[1000]);
  free(x); free(y); free(a); free(b); free(c); free(big); free(yv); free(img); free(img2); free(bytes);
  free(in); free(out); free(vx); free(vy); free(vz); free(len); free(u); free(u2);
  return 0;
}
