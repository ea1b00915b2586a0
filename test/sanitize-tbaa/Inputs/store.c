// Stores a float where the caller later reads an int (load.c).
__attribute__((noinline)) void put(void *p) { *(float *)p = 0.5f; }
