// std::vector, std::string, std::map/unordered_map, algorithms, classes
// with member functions over `__restrict` buffers, lambdas, templates.
// Deterministic output (checks/sanitize/clean.py).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

struct Rng {
  unsigned long long s = 0x9E3779B97F4A7C15ULL;
  unsigned long long next() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
};

template <typename T> void axpy(size_t n, T a, const T *__restrict x, T *__restrict y) {
  for (size_t i = 0; i < n; i++) y[i] += a * x[i];
}

class Image {
public:
  Image(int w, int h) : w_(w), h_(h), px_(size_t(w) * h) {}
  float &at(int x, int y) { return px_[size_t(y) * w_ + x]; }
  float at(int x, int y) const { return px_[size_t(y) * w_ + x]; }
  void blurInto(Image &out) const {
    const float *__restrict in = px_.data();
    float *__restrict o = out.px_.data();
    for (int y = 1; y + 1 < h_; y++)
      for (int x = 1; x + 1 < w_; x++)
        o[y * w_ + x] = (in[(y - 1) * w_ + x] + in[(y + 1) * w_ + x] + in[y * w_ + x - 1] + in[y * w_ + x + 1] +
                         4 * in[y * w_ + x]) / 8;
  }
  double sum() const { return std::accumulate(px_.begin(), px_.end(), 0.0); }
  int w() const { return w_; }
  int h() const { return h_; }

private:
  int w_, h_;
  std::vector<float> px_;
};

struct Account {
  std::string owner;
  long balance = 0;
  std::vector<long> history;
  void deposit(long v) { balance += v; history.push_back(v); }
  bool transfer(Account &to, long v) {
    if (v > balance) return false;
    balance -= v;
    history.push_back(-v);
    to.deposit(v);
    return true;
  }
};

class Shape {
public:
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual std::string name() const = 0;
};
class Rect : public Shape {
  double w, h;
public:
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return w * h; }
  std::string name() const override { return "rect" + std::to_string(int(w)); }
};
class Tri : public Shape {
  double b, h;
public:
  Tri(double b, double h) : b(b), h(h) {}
  double area() const override { return b * h / 2; }
  std::string name() const override { return "tri" + std::to_string(int(b)); }
};

std::string caesar(const std::string &s, int k) {
  std::string r(s);
  std::transform(r.begin(), r.end(), r.begin(), [k](char c) {
    if (c >= 'a' && c <= 'z') return char('a' + (c - 'a' + k) % 26);
    return c;
  });
  return r;
}

} // namespace

int main(int argc, char **argv) {
  int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  Rng rng;
  // Words and maps.
  std::vector<std::string> words;
  const char *syl[] = {"ba", "ko", "ri", "su", "te", "ny", "lo", "ma"};
  for (int i = 0; i < 20000 * scale; i++) {
    std::string w;
    int k = 1 + rng.next() % 3;
    for (int j = 0; j < k; j++) w += syl[rng.next() % 8];
    words.push_back(std::move(w));
  }
  std::unordered_map<std::string, int> freq;
  for (const auto &w : words) freq[w]++;
  std::map<int, std::vector<std::string>> byCount;
  for (const auto &kv : freq) byCount[kv.second].push_back(kv.first);
  for (auto &kv : byCount) std::sort(kv.second.begin(), kv.second.end());
  auto top = byCount.rbegin();
  std::printf("distinct %zu, top count %d: %s\n", freq.size(), top->first, top->second.front().c_str());
  std::vector<std::string> sorted(words.begin(), words.begin() + 2000);
  std::stable_sort(sorted.begin(), sorted.end(), [](const std::string &a, const std::string &b) {
    return a.size() < b.size();
  });
  auto last = std::unique(sorted.begin(), sorted.end());
  sorted.erase(last, sorted.end());
  std::ostringstream os;
  for (size_t i = 0; i < sorted.size(); i += 97) os << caesar(sorted[i], 3) << ',';
  std::printf("sorted %zu %s\n", sorted.size(), os.str().c_str());

  // Numbers.
  std::vector<double> x(10000), y(10000);
  std::iota(x.begin(), x.end(), 0.0);
  std::fill(y.begin(), y.end(), 1.0);
  for (int r = 0; r < 50 * scale; r++) axpy(x.size(), 0.001, x.data(), y.data());
  axpy<double>(5000, 2.0, y.data(), y.data() + 5000);
  std::printf("axpy %.6f %.6f\n", std::accumulate(y.begin(), y.end(), 0.0), y[7777]);
  std::vector<int> v(50000);
  for (auto &e : v) e = int(rng.next() % 100000);
  std::sort(v.begin(), v.end());
  std::vector<int> evens;
  std::copy_if(v.begin(), v.end(), std::back_inserter(evens), [](int e) { return e % 2 == 0; });
  auto lb = std::lower_bound(v.begin(), v.end(), 50000);
  std::printf("ints %zu %ld %d %lld\n", evens.size(), long(lb - v.begin()), v[v.size() / 3],
              std::accumulate(evens.begin(), evens.end(), 0LL));
  std::nth_element(x.begin(), x.begin() + 100, x.end(), std::greater<double>());
  std::printf("nth %.1f\n", x[100]);

  // Images.
  Image a(200, 150), b(200, 150);
  for (int yy = 0; yy < a.h(); yy++)
    for (int xx = 0; xx < a.w(); xx++) a.at(xx, yy) = float((xx * 31 + yy * 17) % 64);
  for (int r = 0; r < 5 * scale; r++) { a.blurInto(b); b.blurInto(a); }
  std::printf("image %.4f\n", a.sum());

  // Objects.
  std::vector<Account> accts(50);
  for (size_t i = 0; i < accts.size(); i++) { accts[i].owner = "acct" + std::to_string(i); accts[i].deposit(1000); }
  int ok = 0;
  for (int i = 0; i < 20000 * scale; i++) {
    size_t f = rng.next() % accts.size(), t = rng.next() % accts.size();
    if (f != t) ok += accts[f].transfer(accts[t], long(rng.next() % 300));
  }
  long total = 0;
  size_t hist = 0;
  for (auto &ac : accts) { total += ac.balance; hist += ac.history.size(); }
  auto richest = std::max_element(accts.begin(), accts.end(), [](const Account &p, const Account &q) {
    return p.balance < q.balance;
  });
  std::printf("accounts %d %ld %zu %s %ld\n", ok, total, hist, richest->owner.c_str(), richest->balance);
  std::vector<std::unique_ptr<Shape>> shapes;
  for (int i = 1; i <= 100; i++) {
    if (i % 2) shapes.push_back(std::make_unique<Rect>(i, i + 1));
    else shapes.push_back(std::make_unique<Tri>(i, 2 * i));
  }
  std::sort(shapes.begin(), shapes.end(), [](const auto &p, const auto &q) { return p->area() > q->area(); });
  double area = 0;
  for (const auto &s : shapes) area += s->area();
  std::printf("shapes %.2f %s %s\n", area, shapes.front()->name().c_str(), shapes.back()->name().c_str());
  return 0;
}
