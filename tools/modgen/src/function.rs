//! One function body: straight-line runs of loads, stores, calls, memory
//! intrinsics and atomics (in `instructions`), nested in if/else diamonds
//! whose branches join in a phi of the running sum, so that every loaded
//! value is used. Tags come from the function's working set and the main
//! stream; scoped lists, scope declarations and calls of the callees to be
//! inlined come from the scope stream only.

mod instructions;

use std::fmt::Write as _;

use crate::ir_type::Ty;
use crate::module::{Module, TagChoice};
use crate::scopes::{sref, Profile, ScopeMode};

/// The body of a function with `nargs` pointer arguments (and `i1 %c`,
/// `i64 %n`): `n` operations drawing tags from `set`, at nesting `depth`,
/// returning their sum; `callee` when it is the callee `@inl_K` to be
/// inlined.
pub fn body(
    m: &mut Module,
    nargs: usize,
    set: Vec<TagChoice>,
    callee: Option<usize>,
    n: usize,
    depth: usize,
) -> String {
    let mut g = FnGen::new(m, nargs, set, callee);
    g.scoped_setup();
    g.seq(n, depth);
    let sum = g.sum.clone();
    g.emit(&format!("ret i64 {sum}"));
    g.out
}

/// A loaded value, to be stored again.
struct Value {
    ty: Ty,
    name: String,
}

/// The generator of one function body.
struct FnGen<'m, 'a> {
    m: &'m mut Module<'a>,
    /// The body so far.
    out: String,
    /// The last number given to a value or label.
    next: usize,
    nargs: usize,
    /// The running sum of loaded values, returned at the end.
    sum: String,
    /// The block being filled.
    block: String,
    avail: Vec<Value>,
    /// Pointers produced by loads (usable as addresses).
    ptrs: Vec<String>,
    /// Recently accessed (address, tag) pairs, for load/store/load patterns.
    recent: Vec<(String, TagChoice, Ty)>,
    set: Vec<TagChoice>,
    /// Scoped lists that accesses of this function carry.
    profiles: Vec<Profile>,
    /// Percentage of accesses with scoped lists.
    scoped_pct: usize,
    /// Index of the callee being generated (it calls only later callees).
    callee: Option<usize>,
    /// Calls of callees emitted so far (at most two per function).
    inl_calls: usize,
}

impl<'m, 'a> FnGen<'m, 'a> {
    /// A generator for one function body with `nargs` pointer arguments,
    /// drawing tags from `set`; `callee` when it is an inlinable callee.
    fn new(
        m: &'m mut Module<'a>,
        nargs: usize,
        set: Vec<TagChoice>,
        callee: Option<usize>,
    ) -> Self {
        FnGen {
            m,
            out: String::new(),
            next: 0,
            nargs,
            sum: "0".into(),
            block: "entry".into(),
            avail: Vec::new(),
            ptrs: Vec::new(),
            recent: Vec::new(),
            set,
            profiles: Vec::new(),
            scoped_pct: 0,
            callee,
            inl_calls: 0,
        }
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }
    fn emit(&mut self, line: &str) {
        self.out.push_str("  ");
        self.out.push_str(line);
        self.out.push('\n');
    }

    /// Chooses the function's scoped lists and how often accesses carry them.
    fn scoped_setup(&mut self) {
        let sc = &mut self.m.sc;
        if sc.mode == ScopeMode::None {
            return;
        }
        self.profiles = sc.profiles();
        self.scoped_pct = match sc.mode {
            ScopeMode::Many => sc.rng.range(70, 95),
            _ => sc.rng.range(40, 80),
        };
    }

    /// `!alias.scope` and/or `!noalias` for an access (scope stream only).
    fn scoped_md(&mut self) -> String {
        let sc = &mut self.m.sc;
        if self.profiles.is_empty() || !sc.rng.pct(self.scoped_pct) {
            return String::new();
        }
        let (s, n) = *sc.rng.pick(&self.profiles);
        let (s, n) = match sc.rng.weighted(&[55, 17, 17, 11]) {
            0 => (s, n),
            1 => (s, None),
            2 => (None, n),
            // The lists of two different profiles.
            _ => (s, sc.rng.pick(&self.profiles).1),
        };
        let mut md = String::new();
        if let Some(s) = s {
            let _ = write!(md, ", !alias.scope {}", sref(s));
        }
        if let Some(n) = n {
            let _ = write!(md, ", !noalias {}", sref(n));
        }
        md
    }

    /// Now and then a scope declaration, a fence with lists (not refined by
    /// LLVM 22) or a call of a function to be inlined; scope stream only.
    fn scoped_extras(&mut self) {
        if self.profiles.is_empty() {
            return;
        }
        let decl_pct = if self.m.sc.mode == ScopeMode::Many {
            5
        } else {
            3
        };
        if self.m.sc.rng.pct(decl_pct) {
            let l = self.m.sc.decl_list();
            self.emit(&format!(
                "call void @llvm.experimental.noalias.scope.decl(metadata {})",
                sref(l)
            ));
        }
        if self.m.sc.rng.pct(1) {
            let md = self.scoped_md();
            self.emit(&format!("fence seq_cst{md}"));
        }
        let first = self.callee.map_or(0, |k| k + 1);
        if first < self.m.inl.len() && self.inl_calls < 2 && self.m.sc.rng.pct(5) {
            self.inl_calls += 1;
            self.inl_call(first);
        }
    }

    fn inl_call(&mut self, first: usize) {
        let k = first + self.m.sc.rng.below(self.m.inl.len() - first);
        let mut args = Vec::new();
        for _ in 0..self.m.inl[k].len() {
            let rng = &mut self.m.sc.rng;
            let p = if !self.recent.is_empty() && rng.pct(40) {
                self.recent[rng.below(self.recent.len())].0.clone()
            } else if !self.ptrs.is_empty() && rng.pct(15) {
                self.ptrs[rng.below(self.ptrs.len())].clone()
            } else {
                format!("%a{}", rng.below(self.nargs))
            };
            args.push(format!("ptr {p}"));
        }
        args.push("i1 %c".into());
        args.push("i64 %n".into());
        let md = self.scoped_md();
        self.emit(&format!("call i64 @inl_{k}({}){md}", args.join(", ")));
    }

    fn label(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    fn start_block(&mut self, name: &str) {
        let _ = writeln!(self.out, "{name}:");
        self.block = name.to_string();
    }

    fn seq(&mut self, n: usize, depth: usize) {
        let mut left = n;
        while left > 0 {
            self.scoped_extras();
            let diamond = if depth < 2 && left >= 4 { 6 } else { 0 };
            match self.m.rng.weighted(&[42, 32, 11, 3, 2, diamond]) {
                0 => self.load(),
                1 => self.store(),
                2 => self.call(),
                3 => self.mem_intrinsic(),
                4 => self.atomic(),
                _ => {
                    // The branches hold `inner` of the remaining operations.
                    let inner = self.m.rng.range(2, left.min(8));
                    self.diamond(inner, depth);
                    left -= inner;
                    continue;
                }
            }
            left -= 1;
        }
    }

    fn diamond(&mut self, n: usize, depth: usize) {
        let then_l = self.label("then");
        let join_l = self.label("join");
        let has_else = self.m.rng.pct(40);
        let else_l = if has_else {
            self.label("else")
        } else {
            join_l.clone()
        };
        let cond = if self.m.rng.pct(70) {
            "%c".to_string()
        } else {
            let c = self.fresh("cmp");
            let sum = self.sum.clone();
            self.emit(&format!("{c} = icmp ult i64 {sum}, 100"));
            c
        };
        self.emit(&format!("br i1 {cond}, label %{then_l}, label %{else_l}"));
        let (sum0, block0) = (self.sum.clone(), self.block.clone());
        let saved = (self.avail.len(), self.ptrs.len(), self.recent.len());
        let n_then = if has_else { n.div_ceil(2) } else { n };
        self.start_block(&then_l);
        self.seq(n_then, depth + 1);
        self.emit(&format!("br label %{join_l}"));
        let (sum_t, block_t) = (self.sum.clone(), self.block.clone());
        self.avail.truncate(saved.0);
        self.ptrs.truncate(saved.1);
        self.recent.truncate(saved.2);
        let (sum_e, block_e) = if has_else {
            self.sum = sum0.clone();
            self.start_block(&else_l);
            self.seq(n - n_then, depth + 1);
            self.emit(&format!("br label %{join_l}"));
            self.avail.truncate(saved.0);
            self.ptrs.truncate(saved.1);
            self.recent.truncate(saved.2);
            (self.sum.clone(), self.block.clone())
        } else {
            (sum0, block0)
        };
        self.start_block(&join_l);
        let phi = self.fresh("s");
        self.emit(&format!(
            "{phi} = phi i64 [ {sum_t}, %{block_t} ], [ {sum_e}, %{block_e} ]"
        ));
        self.sum = phi;
    }
}
