/* Bank accounts: transfers between accounts, some of them from an account
 * to itself, so `from` and `to` point to the same struct at run time.
 * Prints a checksum of the balances and counters. */
#include <stdio.h>

struct account {
  long balance;
  int ops;
  short flags;
  float rate;
};

static struct account bank[8];

__attribute__((noinline)) long transfer(struct account *from,
                                        struct account *to, long amount) {
  from->balance -= amount;
  from->ops += 1;
  to->balance += amount;
  to->ops += 1;
  if (to->balance > 1000)
    to->flags |= 1;
  return from->balance + to->ops;
}

__attribute__((noinline)) void interest(struct account *a, int *days) {
  for (int d = 0; d < *days; d++) {
    a->balance += (long)(a->balance * a->rate) / 100;
    *days -= (a->ops & 1);
  }
}

int main(void) {
  unsigned long sum = 0;
  for (int i = 0; i < 8; i++) {
    bank[i].balance = 100 * (i + 1);
    bank[i].rate = 0.5f * (float)(i % 3);
  }
  for (int round = 0; round < 50; round++) {
    int a = (round * 7) % 8, b = (round * 3 + round / 5) % 8;
    sum = sum * 31 + (unsigned long)transfer(&bank[a], &bank[b], round % 13);
  }
  for (int i = 0; i < 8; i++) {
    int days = 4 + i;
    interest(&bank[i], &days);
    sum = sum * 17 + (unsigned long)bank[i].balance + (unsigned)bank[i].ops +
          (unsigned)bank[i].flags + (unsigned)days;
  }
  printf("checksum %lu\n", sum);
  return 0;
}
