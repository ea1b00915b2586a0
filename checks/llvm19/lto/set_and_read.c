/* Promises that a and b do not overlap while it runs. Compiled alone,
 * the promise buys nothing: the read of *b stays after the write of *a.
 * (The read is conditional so that full LTO's argument promotion cannot
 * move it into the caller, where basic-aa alone would decide.) */
int set_and_read(int *restrict a, const int *restrict b, int n) {
  *a = 5;
  return n > 0 ? *b : 0;
}
