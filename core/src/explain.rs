//! `aliaskit explain`: what the metadata alone says about each pair of
//! memory accesses, and why.
//!
//! The pairs are those `aa-eval -evaluate-aa-metadata` asks about, in its
//! order ([`alias_pairs`]): each load with each store, then each store
//! with each earlier store. For each pair the answer is that of
//! `rust-scoped-noalias` and `rust-tbaa` alone (no `basic-aa`): NoAlias
//! when either says so, scoped first (its place in the usual AA
//! pipeline). The answers come from the same functions the analyses use
//! ([`TbaaOracle::match_access_tags`], [`ScopeLists::decide`]), so they are
//! the analyses' answers, with the reasons those functions return.
//!
//! Calls, memory intrinsics, immutable memory and errno: [`modref`].
//!
//! [`Summary`] counts, per function, the pairs decided by each analysis and
//! the most common reasons for MayAlias: the table a front-end author
//! looks at when their metadata buys nothing.

pub mod modref;

use std::collections::BTreeMap;

use crate::decision::Analysis;
use crate::graph::{Malformed, MetadataGraph};
use crate::scoped::{ScopeLists, ScopedReason};
use crate::tbaa::{Reason, TagMatch, TbaaOracle};
use crate::verify::{Carrier, InstView, ModuleView};

/// The run of each function's instructions in `view.instructions`:
/// (function index, start, end), in order; functions without instructions
/// have none.
fn function_runs(view: &ModuleView) -> Vec<(usize, usize, usize)> {
    let insts = &view.instructions;
    let mut out = Vec::new();
    let mut start = 0;
    while start < insts.len() {
        let function = insts[start].function;
        let end = insts[start..]
            .iter()
            .position(|i| i.function != function)
            .map_or(insts.len(), |k| start + k);
        out.push((function, start, end));
        start = end;
    }
    out
}

/// The pairs `aa-eval -evaluate-aa-metadata` asks about, per function:
/// (function index, pairs of instruction indices into `view.instructions`).
/// [`modref::call_pairs`] and [`modref::locations`] list the same
/// functions in the same order.
pub fn alias_pairs(view: &ModuleView) -> Vec<(usize, Vec<(usize, usize)>)> {
    let insts = &view.instructions;
    function_runs(view)
        .into_iter()
        .map(|(function, start, end)| {
            let of = |kind: Carrier| -> Vec<usize> {
                (start..end).filter(|&i| insts[i].kind == kind).collect()
            };
            let (loads, stores) = (of(Carrier::Load), of(Carrier::Store));
            let mut pairs = Vec::with_capacity(loads.len() * stores.len());
            for &l in &loads {
                for &s in &stores {
                    pairs.push((l, s));
                }
            }
            for (k, &s1) in stores.iter().enumerate() {
                for &s2 in &stores[..k] {
                    pairs.push((s1, s2));
                }
            }
            (function, pairs)
        })
        .collect()
}

/// Both analyses' verdicts on one pair.
#[derive(Clone, Debug)]
pub struct PairVerdict {
    pub tbaa: Result<TagMatch, Malformed>,
    /// `mayAliasInScopes(first's !alias.scope, second's !noalias)` and the
    /// other way round.
    pub scoped: [Result<ScopedReason, Malformed>; 2],
}

impl PairVerdict {
    pub fn tbaa_no_alias(&self) -> bool {
        matches!(&self.tbaa, Ok(m) if !m.may_alias)
    }

    /// The direction (0 or 1) in which the scoped analysis said NoAlias.
    pub fn scoped_direction(&self) -> Option<usize> {
        self.scoped
            .iter()
            .position(|r| matches!(r, Ok(r) if !r.may_alias()))
    }

    /// The analysis that answers NoAlias (scoped first, as in
    /// `-aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa`), if any.
    pub fn decided_by(&self) -> Option<Analysis> {
        if self.scoped_direction().is_some() {
            Some(Analysis::ScopedNoAlias)
        } else if self.tbaa_no_alias() {
            Some(Analysis::Tbaa)
        } else {
            None
        }
    }

    /// Why TBAA answered MayAlias, in a few words (None if it said NoAlias).
    pub fn tbaa_may_reason(&self) -> Option<&'static str> {
        match &self.tbaa {
            Ok(m) if m.may_alias => Some(m.reason.category()),
            Ok(_) => None,
            Err(_) => Some("malformed metadata"),
        }
    }

    /// Why the scoped analysis answered MayAlias, in a few words.
    pub fn scoped_may_reason(&self) -> Option<&'static str> {
        if self.scoped_direction().is_some() {
            return None;
        }
        if self.scoped.iter().any(|r| r.is_err()) {
            return Some("malformed metadata");
        }
        // The more telling of the two directions.
        let rank = |r: &ScopedReason| match r {
            ScopedReason::NotCovered => 0,
            ScopedReason::NoDomain => 1,
            _ => 2,
        };
        self.scoped
            .iter()
            .filter_map(|r| r.as_ref().ok())
            .min_by_key(|r| rank(r))
            .map(|r| r.category())
    }
}

/// Explains pairs over one graph; keeps the rows of the tags and lists seen.
#[derive(Default)]
pub struct Explainer {
    oracle: TbaaOracle,
    lists: ScopeLists,
}

impl Explainer {
    pub fn new() -> Explainer {
        Explainer::default()
    }

    pub fn explain(&mut self, g: &MetadataGraph, a: &InstView, b: &InstView) -> PairVerdict {
        PairVerdict {
            tbaa: self.oracle.match_access_tags(g, a.tbaa, b.tbaa),
            scoped: [
                self.lists.decide_nodes(g, a.alias_scope, b.noalias),
                self.lists.decide_nodes(g, b.alias_scope, a.noalias),
            ],
        }
    }
}

/// Counts for one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub pairs: usize,
    /// NoAlias from TBAA only.
    pub tbaa: usize,
    /// NoAlias from scoped no-alias only.
    pub scoped: usize,
    /// NoAlias from both.
    pub both: usize,
    /// MayAlias from both.
    pub neither: usize,
    /// Reasons for MayAlias, over all pairs either analysis left MayAlias.
    pub tbaa_reasons: BTreeMap<&'static str, usize>,
    pub scoped_reasons: BTreeMap<&'static str, usize>,
}

impl Summary {
    pub fn add(&mut self, v: &PairVerdict) {
        self.pairs += 1;
        match (v.scoped_direction().is_some(), v.tbaa_no_alias()) {
            (true, true) => self.both += 1,
            (true, false) => self.scoped += 1,
            (false, true) => self.tbaa += 1,
            (false, false) => self.neither += 1,
        }
        if let Some(r) = v.tbaa_may_reason() {
            *self.tbaa_reasons.entry(r).or_default() += 1;
        }
        if let Some(r) = v.scoped_may_reason() {
            *self.scoped_reasons.entry(r).or_default() += 1;
        }
    }

    /// The `n` most common reasons, most common first (ties by name).
    pub fn top(reasons: &BTreeMap<&'static str, usize>, n: usize) -> Vec<(&'static str, usize)> {
        let mut v: Vec<(&'static str, usize)> = reasons.iter().map(|(&r, &c)| (r, c)).collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        v.truncate(n);
        v
    }
}

impl Reason {
    /// The kind of reason in a few words, for summaries.
    pub fn category(&self) -> &'static str {
        match self {
            Reason::SameTag => "the same tag",
            Reason::Untagged => "no !tbaa on one side",
            Reason::NoCommonType => "different roots",
            // The accesses are related: one may be to (a part of) the
            // object the other accesses.
            Reason::WholeObject { .. } | Reason::PathMeets { .. } | Reason::HasField { .. } => {
                "a common type above both"
            }
            Reason::Disjoint { .. } => "disjoint types",
        }
    }
}

impl ScopedReason {
    /// The kind of reason in a few words, for summaries.
    pub fn category(&self) -> &'static str {
        match self {
            ScopedReason::NoList => "no scope lists on one side",
            ScopedReason::NoDomain => "!noalias names no domain",
            ScopedReason::NotCovered => "scopes not covered by !noalias",
            ScopedReason::Covered { .. } => "covered by !noalias",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tbaa::build::TypeDag;

    fn inst(function: usize, kind: Carrier) -> InstView {
        InstView::new(function, kind)
    }

    #[test]
    fn pairs_follow_aa_eval_order() {
        let view = ModuleView::of_instructions(vec![
            inst(0, Carrier::Store), // 0
            inst(0, Carrier::Load),  // 1
            inst(0, Carrier::Other), // 2
            inst(0, Carrier::Store), // 3
            inst(1, Carrier::Load),  // 4
            inst(1, Carrier::Load),  // 5
            inst(2, Carrier::Store), // 6
            inst(2, Carrier::Store), // 7
            inst(2, Carrier::Store), // 8
        ]);
        let pairs = alias_pairs(&view);
        assert_eq!(pairs[0], (0, vec![(1, 0), (1, 3), (3, 0)]));
        assert_eq!(pairs[1], (1, vec![]));
        assert_eq!(pairs[2], (2, vec![(7, 6), (8, 6), (8, 7)]));
    }

    #[test]
    fn verdicts_and_summary() {
        let mut d = TypeDag::new();
        let [t_int, t_float, t_char] = d.c_scalar_tags();
        let mut a = inst(0, Carrier::Load);
        a.tbaa = Some(t_int);
        let mut b = inst(0, Carrier::Store);
        b.tbaa = Some(t_float);
        let mut c = inst(0, Carrier::Store);
        c.tbaa = Some(t_char);
        let untagged = inst(0, Carrier::Store);
        let mut e = Explainer::new();
        let disjoint = e.explain(&d.g, &a, &b);
        assert_eq!(disjoint.decided_by(), Some(Analysis::Tbaa));
        assert_eq!(disjoint.tbaa_may_reason(), None);
        assert_eq!(
            disjoint.scoped_may_reason(),
            Some("no scope lists on one side")
        );
        let above = e.explain(&d.g, &a, &c);
        assert_eq!(above.decided_by(), None);
        assert_eq!(above.tbaa_may_reason(), Some("a common type above both"));
        let none = e.explain(&d.g, &a, &untagged);
        assert_eq!(none.tbaa_may_reason(), Some("no !tbaa on one side"));
        let same = e.explain(&d.g, &a, &a);
        assert_eq!(same.tbaa_may_reason(), Some("the same tag"));
        let mut s = Summary::default();
        for v in [&disjoint, &above, &none, &same] {
            s.add(v);
        }
        assert_eq!(
            (s.pairs, s.tbaa, s.scoped, s.both, s.neither),
            (4, 1, 0, 0, 3)
        );
        assert_eq!(
            Summary::top(&s.tbaa_reasons, 2),
            vec![("a common type above both", 1), ("no !tbaa on one side", 1)]
        );
        assert_eq!(s.scoped_reasons.get("no scope lists on one side"), Some(&4));
    }
}
