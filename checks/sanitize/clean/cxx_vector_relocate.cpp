// A correct program the checker reported (a false report, fixed by 7b3e399): libstdc++
// relocates a vector's elements one by one with
// std::__relocate_object_a(T *__restrict dest, T *__restrict orig, Alloc&),
// whose front-end body only calls other functions; its decls are deleted
// before the completion gives the inlined accesses its lists (as in
// c_lost_decl.c), so every relocation of every reallocation in main is one
// instance, and a new buffer that reuses an old one's memory overlaps it.
#include <cstdio>
#include <memory>
#include <vector>
int main() {
  std::vector<std::unique_ptr<int>> v;
  for (int i = 0; i < 100; i++) v.push_back(std::make_unique<int>(i));
  long s = 0;
  for (auto &p : v) s += *p;
  std::printf("%ld\n", s);
}
