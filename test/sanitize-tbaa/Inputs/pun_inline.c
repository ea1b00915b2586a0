// The pun of pun.c inlined into main: -O2 forwards the stored 7 to the
// load and deletes it, so a checker placed late (TySan) sees no load.
#include <stdio.h>
static int get(int *i, float *f) { *i = 7; *f = 0.5f; return *i; }
int main(void) { int x; printf("%d\n", get(&x, (float *)&x)); return 0; }
