//! Scoped no-alias metadata: the meaning of `!alias.scope` and `!noalias`.
//!
//! A front end (or the inliner, for `noalias` arguments) groups accesses
//! into *scopes*. An instruction's `!alias.scope` lists the scopes its
//! access belongs to; its `!noalias` lists scopes it is known not to alias.
//! Each scope belongs to a *domain*:
//!
//! ```text
//! !D = distinct !{!D, !"domain name"}          ; or !{!"id"} / !{!"id", !"name"}
//! !S = distinct !{!S, !D, !"scope name"}       ; or !{!"id", !D [, !"name"]}
//! !L = !{!S, !T, ...}                          ; a scope list
//! ```
//!
//! Two accesses A and B do not alias if, for some domain D listed (through
//! its scopes) in B's `!noalias`, every scope of D in A's `!alias.scope` is
//! also in B's `!noalias` (and A has at least one scope in D); or the same
//! with A and B swapped ([`may_alias_in_scopes`]). Scopes without a domain
//! are never considered, and a domain absent from `!noalias` never helps.
//!
//! This is LLVM 22.1.8's `ScopedNoAliasAA`, which is *not* the design of the
//! original RFC. The RFC (and LLVM's first commit of the feature) had a
//! scope *hierarchy* borrowed from TBAA: a scope could have a parent, and
//! an access was known not to alias if any of its scopes was identical to,
//! or a descendant of, any scope in the other's `!noalias`. The next day
//! LLVM replaced parents with domains and the existential test with the
//! per-domain subset test above, because "may be derived from a or b" is a
//! union while "does not alias" knowledge is a conjunction, and because a
//! global subset test does not compose when inlining appends scopes (each
//! inlining uses a fresh domain). So here there is no parent traversal: a
//! `!noalias` entry covers exactly itself. For example `!alias.scope {s1, s2}`
//! against `!noalias {s1}` (one domain) was no-alias under the RFC and is
//! may-alias in LLVM 22 and here.
//!
//! Merging, when transforms combine two accesses ([`most_generic_scope_list`]
//! for `!alias.scope`, [`intersect_lists`] for `!noalias`), also follows
//! LLVM 22.1.8 operand for operand, since identity of the resulting lists
//! is what later queries compare.
//!
//! LLVM's own code dereferences null operands of these lists and crashes;
//! here a null where LLVM reads a node is [`Problem::NullScope`], and
//! callers answer "may alias".

mod lists;

use rustc_hash::FxHashSet;

pub use lists::{ListRef, ListSummary, ScopeLists};

use crate::graph::{Malformed, MetadataGraph, NodeId, Operand, Problem};
use crate::names::{describe_domain, describe_list, list_notes, Numbering};

/// `AliasScopeNode::getDomain`: operand 1 of a scope, if it is a node.
pub fn scope_domain(g: &MetadataGraph, scope: NodeId) -> Result<Option<NodeId>, Malformed> {
    let ops = g.operands(scope)?;
    if ops.len() < 2 {
        return Ok(None);
    }
    Ok(ops[1].as_node())
}

/// The scopes of a list with their domains, as LLVM iterates them:
/// `dyn_cast<MDNode>` on each operand (strings and constants are skipped,
/// a null operand is an error).
pub fn scopes_with_domains(
    g: &MetadataGraph,
    list: NodeId,
) -> Result<Vec<(NodeId, Option<NodeId>)>, Malformed> {
    let ops = g.operands(list)?;
    let mut out = Vec::with_capacity(ops.len());
    for (index, op) in ops.iter().enumerate() {
        match *op {
            Operand::Node(scope) => out.push((scope, scope_domain(g, scope)?)),
            Operand::Null => return Err(Malformed::new(list, Problem::NullScope { index })),
            _ => {}
        }
    }
    Ok(out)
}

/// Why `mayAliasInScopes(Scopes, NoAlias)` answered as it did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ScopedReason {
    /// One of the two lists is missing: nothing to exclude.
    NoList,
    /// No scope of the `!noalias` list has a domain.
    NoDomain,
    /// For each domain of the `!noalias` list, the access has no scope in
    /// it, or one the list does not name.
    NotCovered,
    /// No alias: every scope of the access in `domain` (there is at least
    /// one) is named by the `!noalias` list.
    Covered { domain: NodeId },
}

impl ScopedReason {
    pub fn may_alias(self) -> bool {
        !matches!(self, ScopedReason::Covered { .. })
    }
}

/// `ScopedNoAliasAAResult::mayAliasInScopes(Scopes, NoAlias)`: false when,
/// for some domain of `noalias`, the scopes of `scopes` in that domain are
/// non-empty and all listed in `noalias`.
pub fn may_alias_in_scopes(
    g: &MetadataGraph,
    scopes: Option<NodeId>,
    noalias: Option<NodeId>,
) -> Result<bool, Malformed> {
    Ok(decide_in_scopes(g, scopes, noalias)?.may_alias())
}

/// [`may_alias_in_scopes`] with its reason: the domain that decided, or
/// why none did. Reads both lists afresh; a caller with many questions
/// keeps a [`ScopeLists`] instead.
pub fn decide_in_scopes(
    g: &MetadataGraph,
    scopes: Option<NodeId>,
    noalias: Option<NodeId>,
) -> Result<ScopedReason, Malformed> {
    ScopeLists::new().decide_nodes(g, scopes, noalias)
}

/// The name of a scope or domain: its string operand (operand 2 of a
/// scope, 1 of a domain, or operand 0 when that is the identifying string).
pub fn scope_name(g: &MetadataGraph, node: NodeId) -> Option<&str> {
    let ops = g.operands(node).ok()?;
    let named = |i: usize| match ops.get(i) {
        Some(Operand::String(s)) => Some(g.str(*s)),
        _ => None,
    };
    match ops.first() {
        Some(Operand::String(_)) => named(0),
        _ => (1..ops.len()).rev().find_map(named),
    }
}

impl ScopedReason {
    /// One sentence saying why, for `!alias.scope` list `scopes` against
    /// `!noalias` list `noalias`.
    pub fn describe(
        self,
        g: &MetadataGraph,
        names: &dyn Numbering,
        scopes: Option<NodeId>,
        noalias: Option<NodeId>,
    ) -> String {
        let list = |l: Option<NodeId>| l.map_or("none".to_owned(), |l| describe_list(g, names, l));
        let sentence = match self {
            ScopedReason::NoList => format!(
                "nothing to exclude: !alias.scope {} vs !noalias {}",
                list(scopes),
                list(noalias)
            ),
            ScopedReason::NoDomain => format!(
                "the !noalias list {} names no scope with a domain",
                list(noalias)
            ),
            ScopedReason::NotCovered => format!(
                "no domain of the !noalias list {} covers the scopes of !alias.scope {}",
                list(noalias),
                list(scopes)
            ),
            ScopedReason::Covered { domain } => {
                let sentence = format!(
                    "every scope of !alias.scope {} in domain {} is in the !noalias list {}",
                    list(scopes),
                    describe_domain(g, names, domain),
                    list(noalias)
                );
                match scopes.and_then(|l| per_iteration(g, names, l, domain)) {
                    Some(clause) => format!("{sentence}; {clause}"),
                    None => sentence,
                }
            }
        };
        match list_notes(g, names, &[scopes, noalias]) {
            Some(notes) => format!("{sentence} ({notes})"),
            None => sentence,
        }
    }
}

/// When a deciding scope (of `list`, in `domain`) is declared inside a
/// loop: the claim holds within one iteration only (each iteration's decl
/// begins a new instance), which a transform that moves an access across
/// the loop's back edge breaks even where the metadata is right.
fn per_iteration(
    g: &MetadataGraph,
    names: &dyn Numbering,
    list: NodeId,
    domain: NodeId,
) -> Option<String> {
    scopes_with_domains(g, list)
        .ok()?
        .into_iter()
        .filter(|&(_, d)| d == Some(domain))
        .find_map(|(s, _)| {
            names.decl_loop(s).map(|at| {
                format!(
                    "the claim holds within one iteration only: the noalias.scope.decl of {} is in {at} (an access moved across its back edge would break it)",
                    crate::names::scope_label(g, names, s)
                )
            })
        })
}

/// Operands of a merged list, or `None` for "no list" (the metadata is
/// dropped). Materialising them is the caller's business (LLVM's
/// `getOrSelfReference`, see [`self_reference`]).
pub type MergedList = Option<Vec<Operand>>;

/// The two merges of scope lists, as transforms combine two accesses.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListMerge {
    /// `MDNode::getMostGenericAliasScope`, for `!alias.scope`
    /// ([`most_generic_scope_list`]).
    AliasScope,
    /// `MDNode::intersect`, for `!noalias` ([`intersect_lists`]).
    NoAlias,
}

/// The list `merge` makes of A and B, where either may be missing: a
/// missing list gives `None` ("no list"), as both of LLVM's merges do.
pub fn merge_lists(
    g: &MetadataGraph,
    merge: ListMerge,
    a: Option<NodeId>,
    b: Option<NodeId>,
) -> Result<MergedList, Malformed> {
    let (Some(a), Some(b)) = (a, b) else {
        return Ok(None);
    };
    match merge {
        ListMerge::AliasScope => most_generic_scope_list(g, a, b),
        ListMerge::NoAlias => intersect_lists(g, a, b),
    }
}

/// `MDNode::getMostGenericAliasScope(A, B)` for `!alias.scope` of two
/// lists: the scopes of B, then of A, whose domain both lists share,
/// without repeats; `None` when no domain is shared.
pub fn most_generic_scope_list(
    g: &MetadataGraph,
    a: NodeId,
    b: NodeId,
) -> Result<MergedList, Malformed> {
    let a_scopes = scopes_with_domains(g, a)?;
    let b_scopes = scopes_with_domains(g, b)?;
    let a_domains: FxHashSet<NodeId> = a_scopes.iter().filter_map(|(_, d)| *d).collect();
    let mut shared: FxHashSet<NodeId> = FxHashSet::default();
    let mut out: Vec<Operand> = Vec::new();
    for &(s, d) in &b_scopes {
        if let Some(d) = d.filter(|d| a_domains.contains(d)) {
            shared.insert(d);
            if !out.contains(&Operand::Node(s)) {
                out.push(Operand::Node(s));
            }
        }
    }
    for &(s, d) in &a_scopes {
        if d.is_some_and(|d| shared.contains(&d)) && !out.contains(&Operand::Node(s)) {
            out.push(Operand::Node(s));
        }
    }
    Ok(if out.is_empty() { None } else { Some(out) })
}

/// `MDNode::intersect(A, B)` for `!noalias`: the operands of A (without
/// repeats, in A's order) that are also operands of B. An empty result is
/// the empty list `!{}`, not "no list" (which only a missing list gives:
/// [`merge_lists`]).
pub fn intersect_lists(g: &MetadataGraph, a: NodeId, b: NodeId) -> Result<MergedList, Malformed> {
    let b_ops = g.operands(b)?;
    let mut out: Vec<Operand> = Vec::new();
    for (index, &op) in g.operands(a)?.iter().enumerate() {
        if op == Operand::Other {
            // Values other than integers and strings have identities this
            // model does not keep; their equality cannot be decided.
            return Err(Malformed::new(a, Problem::UnknownOperand { index }));
        }
        if b_ops.contains(&op) && !out.contains(&op) {
            out.push(op);
        }
    }
    Ok(Some(out))
}

/// LLVM's `getOrSelfReference`: when the merged operands are exactly the
/// operands of a self-referential node that is their first operand (`!S =
/// !{!S, ...}`), the merge yields that node itself instead of a new list.
pub fn self_reference(g: &MetadataGraph, ops: &[Operand]) -> Option<NodeId> {
    let Some(&Operand::Node(n)) = ops.first() else {
        return None;
    };
    let node_ops = g.operands(n).ok()?;
    (node_ops.len() == ops.len() && node_ops[0] == Operand::Node(n) && node_ops[1..] == ops[1..])
        .then_some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Domains and scopes as the inliner makes them: self-referential.
    struct Scopes {
        g: MetadataGraph,
    }

    impl Scopes {
        fn domain(&mut self, name: &str) -> NodeId {
            let d = self.g.reserve();
            let s = self.g.string(name);
            self.g.define_tuple(d, vec![Operand::Node(d), s]);
            d
        }
        fn scope(&mut self, domain: Option<NodeId>, name: &str) -> NodeId {
            let n = self.g.reserve();
            let s = self.g.string(name);
            let d = domain.map_or(Operand::Null, Operand::Node);
            self.g.define_tuple(n, vec![Operand::Node(n), d, s]);
            n
        }
        fn list(&mut self, scopes: &[NodeId]) -> NodeId {
            self.g
                .add_tuple(scopes.iter().map(|&s| Operand::Node(s)).collect())
        }
    }

    fn fresh() -> Scopes {
        Scopes {
            g: MetadataGraph::new(),
        }
    }

    #[test]
    fn per_domain_subset_rule() {
        let mut t = fresh();
        let d1 = t.domain("D1");
        let d2 = t.domain("D2");
        let s1 = t.scope(Some(d1), "s1");
        let s2 = t.scope(Some(d1), "s2");
        let t1 = t.scope(Some(d2), "t1");
        let s1_t1 = t.list(&[s1, t1]);
        let only_s1 = t.list(&[s1]);
        let s1_s2 = t.list(&[s1, s2]);
        let only_t1 = t.list(&[t1]);
        let g = &t.g;
        // {s1, t1} vs noalias {s1}: D1 covered, D2 not consulted.
        assert_eq!(
            may_alias_in_scopes(g, Some(s1_t1), Some(only_s1)),
            Ok(false)
        );
        // {s1, s2} vs {s1}: s2 is not excluded.
        assert_eq!(may_alias_in_scopes(g, Some(s1_s2), Some(only_s1)), Ok(true));
        // {t1} vs {s1}: no scope of D1 in the access.
        assert_eq!(
            may_alias_in_scopes(g, Some(only_t1), Some(only_s1)),
            Ok(true)
        );
        // Missing lists may alias.
        assert_eq!(may_alias_in_scopes(g, None, Some(only_s1)), Ok(true));
        assert_eq!(may_alias_in_scopes(g, Some(only_s1), None), Ok(true));
    }

    #[test]
    fn rfc_hierarchy_is_not_what_llvm_shipped() {
        // Under the RFC, {s1, s2} vs noalias {s1} was no-alias (s1 matches).
        // LLVM 22 requires the whole domain's scopes to be covered.
        let mut t = fresh();
        let d = t.domain("D");
        let s1 = t.scope(Some(d), "s1");
        let s2 = t.scope(Some(d), "s2");
        let both = t.list(&[s1, s2]);
        let one = t.list(&[s1]);
        assert_eq!(may_alias_in_scopes(&t.g, Some(both), Some(one)), Ok(true));
    }

    #[test]
    fn scopes_without_domains_are_ignored_and_nulls_reported() {
        let mut t = fresh();
        let d = t.domain("D");
        let lone = t.scope(None, "lone");
        let s = t.scope(Some(d), "s");
        let l_lone = t.list(&[lone]);
        let l_s = t.list(&[s]);
        assert_eq!(
            may_alias_in_scopes(&t.g, Some(l_lone), Some(l_lone)),
            Ok(true)
        );
        assert_eq!(may_alias_in_scopes(&t.g, Some(l_s), Some(l_s)), Ok(false));
        let with_null = t.g.add_tuple(vec![Operand::Node(s), Operand::Null]);
        assert_eq!(
            may_alias_in_scopes(&t.g, Some(l_s), Some(with_null)),
            Err(Malformed::new(with_null, Problem::NullScope { index: 1 }))
        );
        // A null in the scope list is only read when a domain is looked for.
        assert_eq!(
            may_alias_in_scopes(&t.g, Some(with_null), Some(l_lone)),
            Ok(true)
        );
        assert!(may_alias_in_scopes(&t.g, Some(with_null), Some(l_s)).is_err());
    }

    #[test]
    fn merging_follows_llvm() {
        let mut t = fresh();
        let d0 = t.domain("callee0");
        let d1 = t.domain("callee1");
        let d2 = t.domain("callee2");
        let a0 = t.scope(Some(d0), "callee0: %a");
        let b0 = t.scope(Some(d0), "callee0: %b");
        let a1 = t.scope(Some(d1), "callee1: %a");
        let a2 = t.scope(Some(d2), "callee2: %a");
        let x = t.list(&[a0, a2]);
        let y = t.list(&[b0, a1]);
        let n = |v: &[NodeId]| Some(v.iter().map(|&s| Operand::Node(s)).collect::<Vec<_>>());
        // Shared domain callee0: B's scopes first, then A's.
        assert_eq!(most_generic_scope_list(&t.g, x, y), Ok(n(&[b0, a0])));
        assert_eq!(most_generic_scope_list(&t.g, y, x), Ok(n(&[a0, b0])));
        let only_a1 = t.list(&[a1]);
        assert_eq!(most_generic_scope_list(&t.g, x, only_a1), Ok(None));
        assert_eq!(
            merge_lists(&t.g, ListMerge::AliasScope, Some(x), None),
            Ok(None)
        );
        // Intersection keeps A's order; nothing shared is the empty list.
        let xy = t.list(&[a0, a2, b0]);
        assert_eq!(intersect_lists(&t.g, xy, x), Ok(n(&[a0, a2])));
        assert_eq!(intersect_lists(&t.g, x, y), Ok(Some(vec![])));
        assert_eq!(
            merge_lists(&t.g, ListMerge::NoAlias, None, Some(y)),
            Ok(None)
        );
    }

    #[test]
    fn self_reference_matches_only_exact_operands() {
        let mut t = fresh();
        let d = t.domain("D");
        let ops_d = t.g.operands(d).unwrap().to_vec();
        assert_eq!(self_reference(&t.g, &ops_d), Some(d));
        assert_eq!(self_reference(&t.g, &ops_d[..1]), None);
        assert_eq!(self_reference(&t.g, &[]), None);
    }
}
