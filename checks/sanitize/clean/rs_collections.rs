// Vec, HashMap, BTreeMap, BinaryHeap, String, iterators, slices and many
// &mut methods: a word count, a graph's shortest paths, a matrix with
// in-place kernels, a small interpreter. Deterministic output.
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet, VecDeque};
use std::fmt::Write as _;
use std::rc::Rc;

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

#[derive(Clone)]
struct Matrix {
    n: usize,
    m: usize,
    a: Vec<f64>,
}

impl Matrix {
    fn new(n: usize, m: usize) -> Self {
        Matrix { n, m, a: vec![0.0; n * m] }
    }
    fn row_mut(&mut self, i: usize) -> &mut [f64] {
        &mut self.a[i * self.m..(i + 1) * self.m]
    }
    fn row(&self, i: usize) -> &[f64] {
        &self.a[i * self.m..(i + 1) * self.m]
    }
    fn fill(&mut self, rng: &mut Rng) {
        for x in self.a.iter_mut() {
            *x = (rng.below(1000) as f64) / 100.0 - 5.0;
        }
    }
    fn mul_into(&self, b: &Matrix, out: &mut Matrix) {
        for i in 0..self.n {
            let r = out.row_mut(i);
            for x in r.iter_mut() {
                *x = 0.0;
            }
            for k in 0..self.m {
                let aik = self.a[i * self.m + k];
                axpy(aik, b.row(k), r);
            }
        }
    }
    fn swap_rows(&mut self, i: usize, j: usize) {
        if i == j {
            return;
        }
        let (lo, hi) = (i.min(j), i.max(j));
        let m = self.m;
        let (top, bottom) = self.a.split_at_mut(hi * m);
        top[lo * m..(lo + 1) * m].swap_with_slice(&mut bottom[..m]);
    }
    fn eliminate(&mut self) -> f64 {
        // Gaussian elimination with partial pivoting; returns the determinant.
        let mut det = 1.0;
        let m = self.m;
        for c in 0..self.n.min(m) {
            let p = (c..self.n)
                .max_by(|&x, &y| self.a[x * m + c].abs().partial_cmp(&self.a[y * m + c].abs()).unwrap())
                .unwrap();
            if self.a[p * m + c] == 0.0 {
                return 0.0;
            }
            if p != c {
                self.swap_rows(p, c);
                det = -det;
            }
            det *= self.a[c * m + c];
            let (top, rest) = self.a.split_at_mut((c + 1) * m);
            let pivot = &top[c * m..];
            for row in rest.chunks_mut(m) {
                let f = row[c] / pivot[c];
                axpy(-f, pivot, row);
            }
        }
        det
    }
}

#[inline(never)]
fn axpy(a: f64, x: &[f64], y: &mut [f64]) {
    for (yi, xi) in y.iter_mut().zip(x) {
        *yi += a * xi;
    }
}

fn smooth(v: &mut [f64], tmp: &mut Vec<f64>) {
    tmp.clear();
    tmp.extend_from_slice(v);
    for i in 1..v.len() - 1 {
        v[i] = (tmp[i - 1] + tmp[i] + tmp[i + 1]) / 3.0;
    }
}

fn word_count(text: &str, counts: &mut HashMap<String, usize>, lengths: &mut BTreeMap<usize, usize>) {
    for w in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        let lw = w.to_lowercase();
        *lengths.entry(lw.len()).or_insert(0) += 1;
        *counts.entry(lw).or_insert(0) += 1;
    }
}

fn dijkstra(adj: &[Vec<(usize, u64)>], src: usize, dist: &mut Vec<u64>) {
    dist.clear();
    dist.resize(adj.len(), u64::MAX);
    let mut heap = BinaryHeap::new();
    dist[src] = 0;
    heap.push(Reverse((0u64, src)));
    while let Some(Reverse((d, u))) = heap.pop() {
        if d > dist[u] {
            continue;
        }
        for &(v, w) in &adj[u] {
            let nd = d + w;
            if nd < dist[v] {
                dist[v] = nd;
                heap.push(Reverse((nd, v)));
            }
        }
    }
}

fn bfs_components(adj: &[Vec<(usize, u64)>], comp: &mut [usize]) -> usize {
    for c in comp.iter_mut() {
        *c = usize::MAX;
    }
    let mut q = VecDeque::new();
    let mut k = 0;
    for s in 0..adj.len() {
        if comp[s] != usize::MAX {
            continue;
        }
        comp[s] = k;
        q.push_back(s);
        while let Some(u) = q.pop_front() {
            for &(v, _) in &adj[u] {
                if comp[v] == usize::MAX {
                    comp[v] = k;
                    q.push_back(v);
                }
            }
        }
        k += 1;
    }
    k
}

#[derive(Debug, Clone)]
enum Op {
    Push(i64),
    Add,
    Mul,
    Dup,
    Swap,
    Jz(usize),
    Jmp(usize),
    Dec,
}

struct Vm {
    stack: Vec<i64>,
    steps: u64,
}

impl Vm {
    fn pop(&mut self) -> i64 {
        self.stack.pop().unwrap()
    }
    fn push(&mut self, v: i64) {
        self.stack.push(v)
    }
    fn step(&mut self, op: &Op, pc: &mut usize) {
        self.steps += 1;
        *pc += 1;
        match *op {
            Op::Push(v) => self.push(v),
            Op::Add => {
                let (a, b) = (self.pop(), self.pop());
                self.push(a.wrapping_add(b))
            }
            Op::Mul => {
                let (a, b) = (self.pop(), self.pop());
                self.push(a.wrapping_mul(b) % 1_000_000_007)
            }
            Op::Dup => {
                let a = *self.stack.last().unwrap();
                self.push(a)
            }
            Op::Swap => {
                let n = self.stack.len();
                self.stack.swap(n - 1, n - 2)
            }
            Op::Jz(t) => {
                if *self.stack.last().unwrap() == 0 {
                    *pc = t
                }
            }
            Op::Jmp(t) => *pc = t,
            Op::Dec => {
                let a = self.pop();
                self.push(a - 1)
            }
        }
    }
    fn run(&mut self, prog: &[Op]) {
        let mut pc = 0;
        while pc < prog.len() {
            self.step(&prog[pc], &mut pc);
        }
    }
}

trait Shape {
    fn area(&self) -> f64;
    fn grow(&mut self, f: f64);
}
struct Sq(f64);
struct Circ(f64);
impl Shape for Sq {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
    fn grow(&mut self, f: f64) {
        self.0 *= f
    }
}
impl Shape for Circ {
    fn area(&self) -> f64 {
        3.14159 * self.0 * self.0
    }
    fn grow(&mut self, f: f64) {
        self.0 += f
    }
}

fn merge_sorted(a: &[i32], b: &[i32], out: &mut Vec<i32>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i] <= b[j] {
            out.push(a[i]);
            i += 1;
        } else {
            out.push(b[j]);
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
}

fn main() {
    let scale: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut rng = Rng(0x2545F4914F6CDD1D);
    let mut out = String::new();

    // Matrices.
    let n = 40 * scale.min(4);
    let (mut a, mut b) = (Matrix::new(n, n), Matrix::new(n, n));
    a.fill(&mut rng);
    b.fill(&mut rng);
    let mut c = Matrix::new(n, n);
    for _ in 0..scale {
        a.mul_into(&b, &mut c);
    }
    let tr: f64 = (0..n).map(|i| c.a[i * n + i]).sum();
    let mut e = a.clone();
    let det = e.eliminate();
    writeln!(out, "trace {:.6} det {:.6e}", tr, det).unwrap();
    let mut v: Vec<f64> = (0..1000).map(|i| ((i * 37) % 101) as f64).collect();
    let mut tmp = Vec::new();
    for _ in 0..20 * scale {
        smooth(&mut v, &mut tmp);
    }
    writeln!(out, "smooth {:.6} {:.6}", v[10], v.iter().sum::<f64>()).unwrap();

    // Words.
    let syll = ["ka", "lo", "mi", "ne", "su", "ta", "ri", "po"];
    let mut text = String::new();
    for i in 0..5000 * scale {
        let k = 1 + rng.below(3) as usize;
        for _ in 0..k {
            text.push_str(syll[rng.below(8) as usize]);
        }
        text.push(if i % 11 == 0 { '.' } else { ' ' });
        if i % 7 == 0 {
            text.push_str("The ");
        }
    }
    let mut counts = HashMap::new();
    let mut lengths = BTreeMap::new();
    word_count(&text, &mut counts, &mut lengths);
    let mut top: Vec<(&String, &usize)> = counts.iter().collect();
    top.sort_by(|x, y| y.1.cmp(x.1).then(x.0.cmp(y.0)));
    for (w, c) in top.iter().take(8) {
        writeln!(out, "word {} {}", w, c).unwrap();
    }
    writeln!(out, "lengths {:?}", lengths).unwrap();
    let uniq: HashSet<char> = text.chars().collect();
    let mut uv: Vec<char> = uniq.into_iter().collect();
    uv.sort_unstable();
    writeln!(out, "chars {}", uv.iter().collect::<String>()).unwrap();

    // Graph.
    let nv = 2000 * scale;
    let mut adj: Vec<Vec<(usize, u64)>> = vec![Vec::new(); nv];
    for _ in 0..3 * nv {
        let (u, w) = (rng.below(nv as u64) as usize, rng.below(nv as u64) as usize);
        let wt = 1 + rng.below(100);
        adj[u].push((w, wt));
        adj[w].push((u, wt));
    }
    let mut dist = Vec::new();
    let mut total = 0u64;
    for s in 0..10 {
        dijkstra(&adj, s, &mut dist);
        total += dist.iter().filter(|&&d| d != u64::MAX).sum::<u64>();
    }
    let mut comp = vec![0; nv];
    let k = bfs_components(&adj, &mut comp);
    writeln!(out, "graph {} {}", total, k).unwrap();

    // Interpreter: factorial-like loop.
    let prog = vec![
        Op::Push(1),
        Op::Push(20000 * scale as i64),
        Op::Jz(9),
        Op::Dup,
        Op::Swap,
        Op::Dec,
        Op::Swap,
        Op::Jmp(10),
        Op::Jmp(2),
        Op::Jmp(100),
        // 10: acc n n -> acc*n n  (stack: acc, n-1, n)
        Op::Swap,
        Op::Jmp(12),
        Op::Mul,
        Op::Jmp(2),
    ];
    // A simpler, terminating program written out by hand:
    let prog2: Vec<Op> = {
        let mut p = vec![Op::Push(1), Op::Push(3000 * scale as i64)];
        // loop at 2: [acc, n]
        p.extend([Op::Jz(9), Op::Dup, Op::Push(0), Op::Add, Op::Swap, Op::Dec, Op::Jmp(2)]);
        p
    };
    let _ = prog;
    let mut vm = Vm { stack: Vec::new(), steps: 0 };
    vm.run(&prog2);
    writeln!(out, "vm {} {:?}", vm.steps, &vm.stack[vm.stack.len().saturating_sub(3)..]).unwrap();

    // Trait objects and shared state.
    let mut shapes: Vec<Box<dyn Shape>> = (0..100)
        .map(|i| if i % 2 == 0 { Box::new(Sq(i as f64)) as Box<dyn Shape> } else { Box::new(Circ(i as f64)) })
        .collect();
    for s in shapes.iter_mut() {
        s.grow(1.5);
    }
    shapes.sort_by(|x, y| x.area().partial_cmp(&y.area()).unwrap());
    let log = Rc::new(RefCell::new(Vec::new()));
    let l2 = Rc::clone(&log);
    let record = move |x: f64| l2.borrow_mut().push(x as i64);
    shapes.iter().for_each(|s| record(s.area()));
    let sum: i64 = log.borrow().iter().sum();
    writeln!(out, "shapes {} {}", sum, log.borrow()[50]).unwrap();

    // Sorting and merging.
    let mut xs: Vec<i32> = (0..20000 * scale).map(|_| (rng.below(1 << 20) as i32) - (1 << 19)).collect();
    let (l, r) = xs.split_at_mut(10000 * scale);
    l.sort();
    r.sort_unstable();
    let mut merged = Vec::new();
    merge_sorted(l, r, &mut merged);
    merged.dedup();
    let mut ys = merged.clone();
    ys.reverse();
    ys.rotate_left(17);
    let chk = merged.iter().zip(ys.iter()).fold(0i64, |acc, (a, b)| acc.wrapping_mul(31).wrapping_add((*a ^ *b) as i64));
    writeln!(out, "sort {} {} {}", merged.len(), merged[merged.len() / 2], chk).unwrap();
    let mut grid = vec![vec![0u32; 64]; 64];
    for (i, row) in grid.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = ((i * j) % 17) as u32;
        }
    }
    for _ in 0..10 * scale {
        for i in 1..63 {
            let (up, rest) = grid.split_at_mut(i);
            let (mid, down) = rest.split_at_mut(1);
            for j in 0..64 {
                mid[0][j] = (up[i - 1][j] + mid[0][j] + down[0][j]) % 1000;
            }
        }
    }
    let gs: u64 = grid.iter().flatten().map(|&x| x as u64).sum();
    writeln!(out, "grid {}", gs).unwrap();
    print!("{}", out);
}
