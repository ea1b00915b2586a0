/* lto.test: the first module of a full LTO link (its loops are checked
 * before they run). */
void fill(float *x, int n) { for (int i = 0; i < n; i++) x[i] = (float)i; }
void scale(float *x, int n) { for (int i = 0; i < n; i++) x[i] *= 2.0f; }
