// A C++ program for P2 (bench/bench.py): what clang++ emits for classes
// with vtables, templates and the standard containers, with its pointer
// TBAA ("p1 int", "any pointer", "vtable pointer"). Not run: compiled to
// a module before optimization by corpora/p2.sh.
#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <string>
#include <unordered_map>
#include <vector>

namespace geo {

struct Point {
  double x = 0, y = 0;
};

class Shape {
public:
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual double perimeter() const = 0;
  virtual void scale(double f) = 0;
  virtual std::string name() const = 0;
  int id = 0;
  Point origin;
};

class Rect : public Shape {
  double w, h;

public:
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return w * h; }
  double perimeter() const override { return 2 * (w + h); }
  void scale(double f) override { w *= f, h *= f; }
  std::string name() const override { return "rect"; }
};

class Circle : public Shape {
  double r;

public:
  explicit Circle(double r) : r(r) {}
  double area() const override { return 3.14159265358979 * r * r; }
  double perimeter() const override { return 2 * 3.14159265358979 * r; }
  void scale(double f) override { r *= f; }
  std::string name() const override { return "circle"; }
};

class Polygon : public Shape {
  std::vector<Point> pts;

public:
  explicit Polygon(std::vector<Point> p) : pts(std::move(p)) {}
  double area() const override {
    double a = 0;
    for (size_t i = 0, n = pts.size(); i < n; i++) {
      const Point &p = pts[i], &q = pts[(i + 1) % n];
      a += p.x * q.y - q.x * p.y;
    }
    return a < 0 ? -a / 2 : a / 2;
  }
  double perimeter() const override {
    double s = 0;
    for (size_t i = 0, n = pts.size(); i < n; i++) {
      double dx = pts[(i + 1) % n].x - pts[i].x, dy = pts[(i + 1) % n].y - pts[i].y;
      s += dx * dx + dy * dy;
    }
    return s;
  }
  void scale(double f) override {
    for (Point &p : pts)
      p.x *= f, p.y *= f;
  }
  std::string name() const override { return "polygon"; }
};

} // namespace geo

template <typename T, typename Key> struct Index {
  std::map<Key, std::vector<T *>> by_key;
  std::unordered_map<int, T *> by_id;
  void add(const Key &k, T *t) {
    by_key[k].push_back(t);
    by_id[t->id] = t;
  }
  template <typename F> double sum(F f) const {
    double s = 0;
    for (const auto &[k, v] : by_key)
      for (T *t : v)
        s += f(*t);
    return s;
  }
};

template <typename T> void smooth(std::vector<T> &v, int *counts, long *weights) {
  for (size_t i = 1; i + 1 < v.size(); i++) {
    v[i] = (v[i - 1] + v[i] + v[i + 1]) / 3;
    counts[i % 8]++;
    weights[i % 8] += static_cast<long>(v[i]);
  }
}

struct Stats {
  int counts[8] = {};
  long weights[8] = {};
  double *series = nullptr;
  int **rows = nullptr;
};

int main(int argc, char **argv) {
  std::vector<std::unique_ptr<geo::Shape>> shapes;
  for (int i = 0; i < 100 + argc; i++) {
    std::unique_ptr<geo::Shape> s;
    switch (i % 3) {
    case 0: s = std::make_unique<geo::Rect>(i, i + 1); break;
    case 1: s = std::make_unique<geo::Circle>(i * 0.5); break;
    default:
      s = std::make_unique<geo::Polygon>(std::vector<geo::Point>{{0, 0}, {double(i), 0}, {0, double(i)}});
    }
    s->id = i;
    shapes.push_back(std::move(s));
  }
  Index<geo::Shape, std::string> index;
  for (auto &s : shapes)
    index.add(s->name(), s.get());
  std::sort(shapes.begin(), shapes.end(),
            [](const auto &a, const auto &b) { return a->area() < b->area(); });
  for (auto &s : shapes)
    s->scale(1.5);
  Stats st;
  std::vector<double> series(256);
  std::iota(series.begin(), series.end(), 0.0);
  st.series = series.data();
  smooth(series, st.counts, st.weights);
  std::vector<int> row(64, 1);
  int *rowp = row.data();
  st.rows = &rowp;
  for (int i = 0; i < 64; i++)
    st.rows[0][i] += st.counts[i % 8];
  std::function<double(const geo::Shape &)> area = [](const geo::Shape &s) { return s.area(); };
  std::printf("%f %f %ld %d\n", index.sum(area),
              index.sum([](const geo::Shape &s) { return s.perimeter(); }), st.weights[3],
              st.rows[0][5]);
  return argc > 1 ? static_cast<int>(argv[1][0]) : 0;
}
