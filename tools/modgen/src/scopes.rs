//! Scoped no-alias metadata (spec §3.1, verifier rules §4.7): the domains,
//! scopes and `!alias.scope` / `!noalias` lists of a module, in every shape
//! the verifier accepts, and the per-function profiles that accesses carry.
//!
//! Every choice here is drawn from the scope stream, never from the main
//! one, so that `--scopes none` prints exactly the TBAA-only module of the
//! same seed and the other modes only add to it. Nodes are numbered after
//! the TBAA nodes, which are known only once the module is complete: until
//! then a reference to scoped node `k` is the placeholder `sref(k)`, and
//! `number_scoped` replaces them at the end.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

use crate::rng::Rng;
use crate::types::ROOT_NAMES;

/// The `--scopes` of a module: how much scoped metadata it carries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ScopeMode {
    None,
    Some,
    Many,
}

impl ScopeMode {
    pub fn parse(name: &str) -> Option<ScopeMode> {
        match name {
            "none" => Some(ScopeMode::None),
            "some" => Some(ScopeMode::Some),
            "many" => Some(ScopeMode::Many),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            ScopeMode::None => "none",
            ScopeMode::Some => "some",
            ScopeMode::Many => "many",
        }
    }
}

/// A reference to scoped node `k`; numbered after the TBAA nodes once the
/// module is complete (see `number_scoped`).
pub fn sref(k: usize) -> String {
    format!("!@s{k}@")
}

/// The domains, scopes and lists of a module. All decisions come from a
/// random stream of their own, so that `--scopes none` leaves the rest of the
/// module exactly as without scopes.
pub struct ScopeMd {
    pub mode: ScopeMode,
    pub rng: Rng,
    /// Rendered nodes (references as `sref`).
    pub nodes: Vec<String>,
    /// Per domain: its scope nodes.
    domains: Vec<Vec<usize>>,
    /// Interned lists: operands → node.
    lists: HashMap<Vec<usize>, usize>,
    /// Interned single-scope lists for `llvm.experimental.noalias.scope.decl`.
    decl_lists: Vec<usize>,
}

/// What one access carries: `!alias.scope` and/or `!noalias` lists.
pub type Profile = (Option<usize>, Option<usize>);

impl ScopeMd {
    pub fn new(mode: ScopeMode, rng: Rng) -> Self {
        let mut s = ScopeMd {
            mode,
            rng,
            nodes: Vec::new(),
            domains: Vec::new(),
            lists: HashMap::new(),
            decl_lists: Vec::new(),
        };
        if mode == ScopeMode::None {
            return s;
        }
        let (nd, smax) = match mode {
            ScopeMode::Many => (s.rng.range(3, 5), 6),
            _ => (s.rng.range(2, 3), 4),
        };
        for d in 0..nd {
            let dom = s.domain(d);
            let nscopes = s.rng.range(1, smax);
            let mut scopes = Vec::new();
            for j in 0..nscopes {
                scopes.push(s.scope(dom, d, j, &scopes));
            }
            s.domains.push(scopes);
        }
        s
    }

    fn push(&mut self, body: String) -> usize {
        self.nodes.push(body);
        self.nodes.len() - 1
    }

    /// Every domain shape the verifier accepts: self-referential or string
    /// identified, with or without a description.
    fn domain(&mut self, d: usize) -> usize {
        let k = self.nodes.len();
        let body = match self.rng.weighted(&[34, 12, 18, 14, 6, 6, 5, 5]) {
            0 => format!("distinct !{{{}, !\"dom{d}\"}}", sref(k)),
            1 => format!("distinct !{{{}}}", sref(k)),
            2 => format!("!{{!\"dom{d}\"}}"),
            3 => format!("!{{!\"dom{d}\", !\"domain {d} description\"}}"),
            // The very node of a TBAA root of that name, if there is one.
            4 => format!("!{{!\"{}\"}}", self.rng.pick(ROOT_NAMES)),
            // Self-reference without `distinct` (the parser makes it one).
            5 => format!("!{{{}, !\"dom{d}\"}}", sref(k)),
            // String identified, yet distinct.
            6 => format!("distinct !{{!\"dom{d}\"}}"),
            // Same string as an earlier domain: the same uniqued node.
            _ => format!("!{{!\"dom{}\"}}", self.rng.below(d + 1)),
        };
        self.push(body)
    }

    fn scope(&mut self, dom: usize, d: usize, j: usize, earlier: &[usize]) -> usize {
        let k = self.nodes.len();
        let dr = sref(dom);
        let body = match self.rng.weighted(&[32, 14, 20, 16, 6, 6, 6]) {
            0 => format!("distinct !{{{}, {dr}, !\"dom{d}: %a{j}\"}}", sref(k)),
            1 => format!("distinct !{{{}, {dr}}}", sref(k)),
            2 => format!("!{{!\"scope{d}.{j}\", {dr}}}"),
            3 => format!("!{{!\"scope{d}.{j}\", {dr}, !\"scope {j} of {d}\"}}"),
            4 => format!("distinct !{{!\"scope{d}.{j}\", {dr}}}"),
            5 => format!("!{{{}, {dr}, !\"dom{d}: argument {j}\"}}", sref(k)),
            // Same content as an earlier scope (the same node if uniqued).
            _ if !earlier.is_empty() => {
                let e = *self.rng.pick(earlier);
                let body = self.nodes[e].replace(&sref(e), &sref(k));
                if body.starts_with("distinct") || body.contains(&sref(k)) {
                    format!("!{{!\"scope{d}.{j}\", {dr}}}")
                } else {
                    body
                }
            }
            _ => format!("!{{!\"scope{d}.{j}\", {dr}}}"),
        };
        self.push(body)
    }

    /// The list node with these operands (sometimes a second, textually
    /// separate copy, which the parser unifies).
    fn list(&mut self, ops: Vec<usize>) -> usize {
        if let Some(&id) = self.lists.get(&ops) {
            if !self.rng.pct(4) {
                return id;
            }
        }
        let body = format!(
            "!{{{}}}",
            ops.iter().map(|&o| sref(o)).collect::<Vec<_>>().join(", ")
        );
        let id = self.push(body);
        self.lists.entry(ops).or_insert(id);
        id
    }

    /// Scopes as list operands: shuffled, now and then a duplicate.
    fn list_of(&mut self, ops: Vec<usize>) -> usize {
        let mut seen = BTreeSet::new();
        let mut ops: Vec<usize> = ops.into_iter().filter(|&o| seen.insert(o)).collect();
        for i in (1..ops.len()).rev() {
            let j = self.rng.below(i + 1);
            ops.swap(i, j);
        }
        if !ops.is_empty() && self.rng.pct(3) {
            let o = *self.rng.pick(&ops);
            ops.push(o);
        }
        self.list(ops)
    }

    fn subset(&mut self, of: &[usize], pct: usize) -> Vec<usize> {
        of.iter().copied().filter(|_| self.rng.pct(pct)).collect()
    }

    /// The profiles of one function. Mostly inliner-like "regions": in each
    /// focus domain a region is derived from one or two scopes (its
    /// `!alias.scope`) and is known not to alias the other scopes of that
    /// domain (its `!noalias`), so that regions are NoAlias by the per-domain
    /// subset rule. Then variations that make pairs MayAlias in tricky ways:
    /// coverage in one domain only, a subset or superset, scopes of a domain
    /// absent from the other list, empty lists, random lists.
    pub fn profiles(&mut self) -> Vec<Profile> {
        let nd = self.domains.len();
        if nd == 0 {
            return Vec::new();
        }
        let nfocus = self.rng.range(1, nd.min(3));
        let mut focus: Vec<usize> = (0..nd).collect();
        for i in (1..nd).rev() {
            let j = self.rng.below(i + 1);
            focus.swap(i, j);
        }
        focus.truncate(nfocus);
        let all: Vec<usize> = self.domains.iter().flatten().copied().collect();
        let regions = self.regions(&focus);
        let mut out: Vec<Profile> = Vec::new();
        for (sc, na) in &regions {
            let s = self.list_of(sc.clone());
            let n = self.list_of(na.clone());
            out.push((Some(s), Some(n)));
        }
        let nvar = match self.mode {
            ScopeMode::Many => self.rng.range(3, 8),
            _ => self.rng.range(1, 4),
        };
        for _ in 0..nvar {
            let p = self.variation(&regions, &focus, &all);
            out.push(p);
        }
        out
    }

    /// The regions of a function: per region, its (alias.scope, noalias)
    /// operand sets over the focus domains.
    fn regions(&mut self, focus: &[usize]) -> Vec<(Vec<usize>, Vec<usize>)> {
        let nregions = match self.mode {
            ScopeMode::Many => self.rng.range(3, 7),
            _ => self.rng.range(2, 4),
        };
        let mut regions: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for _ in 0..nregions {
            let (mut sc, mut na) = (Vec::new(), Vec::new());
            for (i, &d) in focus.iter().enumerate() {
                if i > 0 && self.rng.pct(30) {
                    continue;
                }
                let scopes = self.domains[d].clone();
                let mine: Vec<usize> = if scopes.len() > 1 && self.rng.pct(20) {
                    let a = self.rng.below(scopes.len());
                    let b = (a + 1 + self.rng.below(scopes.len() - 1)) % scopes.len();
                    vec![scopes[a], scopes[b]]
                } else {
                    vec![*self.rng.pick(&scopes)]
                };
                sc.extend(mine.iter().copied());
                for s in scopes {
                    if !mine.contains(&s) && !self.rng.pct(12) {
                        na.push(s);
                    }
                }
            }
            regions.push((sc, na));
        }
        regions
    }

    /// A variation on one of the regions (`all`: every scope of the module).
    fn variation(
        &mut self,
        regions: &[(Vec<usize>, Vec<usize>)],
        focus: &[usize],
        all: &[usize],
    ) -> Profile {
        let nd = self.domains.len();
        let (sc, na) = regions[self.rng.below(regions.len())].clone();
        let d = *self.rng.pick(focus);
        let other = self.rng.below(nd);
        match self.rng.below(9) {
            // !noalias covering one domain only.
            0 => {
                let dom_d = self.domains[d].clone();
                let n: Vec<usize> = na.iter().copied().filter(|x| dom_d.contains(x)).collect();
                (Some(self.list_of(sc)), Some(self.list_of(n)))
            }
            // !alias.scope superset: one more scope of the domain.
            1 => {
                let mut s = sc;
                s.push(*self.rng.pick(&self.domains[d].clone()));
                (Some(self.list_of(s)), Some(self.list_of(na)))
            }
            // !noalias subset: one scope dropped.
            2 => {
                let mut n = na;
                if !n.is_empty() {
                    n.remove(self.rng.below(n.len()));
                }
                (Some(self.list_of(sc)), Some(self.list_of(n)))
            }
            // Scopes of another (maybe unused) domain added to !alias.scope.
            3 => {
                let mut s = sc;
                let extra = self.domains[other].clone();
                s.extend(self.subset(&extra, 60));
                (Some(self.list_of(s)), Some(self.list_of(na)))
            }
            // !noalias with the other domain's scopes only.
            4 => {
                let extra = self.domains[other].clone();
                (None, Some(self.list_of(extra)))
            }
            // Empty lists.
            5 => {
                let e = self.list(Vec::new());
                if self.rng.pct(50) {
                    (Some(e), Some(self.list_of(na)))
                } else {
                    (Some(self.list_of(sc)), Some(e))
                }
            }
            // !noalias superset: the whole domain, own scopes included.
            6 => {
                let mut n = na;
                n.extend(self.domains[d].iter().copied());
                (Some(self.list_of(sc)), Some(self.list_of(n)))
            }
            // Random lists over all scopes of the module.
            _ => {
                let s = self.subset(all, 30);
                let n = self.subset(all, 45);
                (Some(self.list_of(s)), Some(self.list_of(n)))
            }
        }
    }

    /// Functions with noalias parameters, for `-passes=inline` (the inliner
    /// turns them into scopes and clones the callee's own scopes): per
    /// callee, which of its pointer parameters are `noalias`.
    pub fn inline_callees(&mut self) -> Vec<Vec<bool>> {
        let mode = self.mode;
        let mut inl = Vec::new();
        if mode != ScopeMode::None && self.rng.pct(if mode == ScopeMode::Many { 50 } else { 30 }) {
            for _ in 0..self.rng.range(1, 3) {
                let np = self.rng.range(2, 3);
                let mut noalias: Vec<bool> = (0..np).map(|_| self.rng.pct(70)).collect();
                if !noalias.contains(&true) {
                    noalias[0] = true;
                }
                inl.push(noalias);
            }
        }
        inl
    }

    /// A single-scope list for a `noalias.scope.decl` (often one that
    /// accesses use as well).
    pub fn decl_list(&mut self) -> usize {
        if !self.decl_lists.is_empty() && self.rng.pct(40) {
            return *self.rng.pick(&self.decl_lists);
        }
        let all: Vec<usize> = self.domains.iter().flatten().copied().collect();
        let s = *self.rng.pick(&all);
        let l = self.list(vec![s]);
        self.decl_lists.push(l);
        l
    }
}

/// Replaces the `sref` placeholders by metadata numbers from `base` on.
pub fn number_scoped(text: &str, base: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("!@s") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 3..];
        let end = tail.find('@').unwrap_or(tail.len());
        let k: usize = tail[..end].parse().unwrap_or(0);
        let _ = write!(out, "!{}", base + k);
        rest = &tail[(end + 1).min(tail.len())..];
    }
    out.push_str(rest);
    out
}
