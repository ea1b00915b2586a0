//! The questions of `aliaskit explain` beyond aa-eval's load/store pairs:
//! what the analyses answer about calls (`getModRefInfo`), about the
//! locations of memory intrinsics, about immutable memory
//! (`getModRefInfoMask`) and about errno (`aliasErrno`).
//!
//! Each answer is the one the analyses give LLVM (`src/plugin/shim.cpp`),
//! from the same functions: a call is asked about by its own attachments,
//! so `getModRefInfo(Call, Loc)` of `rust-tbaa` is
//! [`crate::tbaa::TbaaOracle::match_access_tags`] of the call's `!tbaa` and the
//! location's, and that of `rust-scoped-noalias` is
//! [`crate::scoped::ScopeLists::decide_nodes`] in both directions: the
//! same [`PairVerdict`] as a load/store pair's. `AAResults` then adds what
//! the analyses say through their other methods: a location whose `!tbaa`
//! is immutable is masked to NoModRef (`getModRefInfoMask`), and, against
//! another call, a call whose `!tbaa` is immutable accesses no memory
//! (`getMemoryEffects`; LLVM 22's `getModRefInfo(Call, Loc)` does not ask
//! it). [`ModRefVerdict`] holds both.
//!
//! A memory intrinsic's locations (`MemoryLocation::getForDest`,
//! `getForSource`) carry the call's own `!tbaa`, `!alias.scope` and
//! `!noalias`: a `!tbaa.struct` is not read by any alias query, so a copy
//! with `!tbaa.struct` alone is untagged for TBAA.

use crate::decision::Analysis;
use crate::graph::{MetadataGraph, NodeId, Operand};
use crate::tbaa::first_errno_alias;
use crate::tbaa::nodes::describe_tag;
use crate::verify::{Carrier, InstView, ModuleView};

use super::{function_runs, Explainer, PairVerdict};

/// Whether an instruction carries any alias metadata (a call without any is
/// ModRef for both analyses, whatever it is asked about).
fn has_alias_metadata(i: &InstView) -> bool {
    i.tbaa.is_some() || i.tbaa_struct.is_some() || i.alias_scope.is_some() || i.noalias.is_some()
}

/// The calls `getModRefInfo` is asked about, per function: (function index,
/// pairs of instruction indices). First each call with alias metadata
/// against each load and store (`getModRefInfo(Call, Loc)`, the call
/// first), then each such call against each such call before it
/// (`getModRefInfo(Call1, Call2)`).
pub fn call_pairs(view: &ModuleView) -> Vec<(usize, Vec<(usize, usize)>)> {
    let insts = &view.instructions;
    function_runs(view)
        .into_iter()
        .map(|(function, start, end)| {
            let calls: Vec<usize> = (start..end)
                .filter(|&i| insts[i].kind.is_call() && has_alias_metadata(&insts[i]))
                .collect();
            let accesses: Vec<usize> = (start..end)
                .filter(|&i| matches!(insts[i].kind, Carrier::Load | Carrier::Store))
                .collect();
            let mut pairs = Vec::new();
            for &c in &calls {
                pairs.extend(accesses.iter().map(|&a| (c, a)));
            }
            for (k, &c2) in calls.iter().enumerate() {
                pairs.extend(calls[..k].iter().map(|&c1| (c2, c1)));
            }
            (function, pairs)
        })
        .collect()
}

/// The instructions with a memory location, per function: loads, stores
/// and memory intrinsics (whose locations carry the call's metadata).
pub fn locations(view: &ModuleView) -> Vec<(usize, Vec<usize>)> {
    let insts = &view.instructions;
    function_runs(view)
        .into_iter()
        .map(|(function, start, end)| {
            let located = (start..end)
                .filter(|&i| {
                    let k = insts[i].kind;
                    matches!(k, Carrier::Load | Carrier::Store) || k.is_memory_intrinsic()
                })
                .collect();
            (function, located)
        })
        .collect()
}

/// What decided a NoModRef answer about a call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ModRefDecision {
    /// `rust-scoped-noalias`'s `getModRefInfo`, in this direction (0: the
    /// first's `!alias.scope` against the second's `!noalias`).
    Scoped { direction: usize },
    /// `rust-tbaa`'s `getModRefInfo`: the two `!tbaa` tags cannot alias.
    Tbaa,
    /// `rust-tbaa`: side `side`'s tag is immutable (a call's: it accesses
    /// no memory, `getMemoryEffects`; a location's: `getModRefInfoMask`).
    Immutable { side: usize },
}

/// Both analyses' answers about a call and a location or another call.
#[derive(Clone, Debug)]
pub struct ModRefVerdict {
    /// `getModRefInfo` of each analysis, decided as a pair's alias query.
    pub pair: PairVerdict,
    /// Whether each side's immutable `!tbaa` makes it NoModRef: the
    /// location's (its mask), or a call's against another call (its
    /// memory effects).
    pub immutable: [bool; 2],
}

impl ModRefVerdict {
    /// What makes `AAResults::getModRefInfo` NoModRef, if anything: the
    /// analyses' `getModRefInfo` (scoped first, the pipeline's order), else
    /// an immutable tag (the first side's first).
    pub fn decision(&self) -> Option<ModRefDecision> {
        if let Some(direction) = self.pair.scoped_direction() {
            return Some(ModRefDecision::Scoped { direction });
        }
        if self.pair.tbaa_no_alias() {
            return Some(ModRefDecision::Tbaa);
        }
        self.immutable
            .iter()
            .position(|&i| i)
            .map(|side| ModRefDecision::Immutable { side })
    }

    /// The analysis whose answer makes it NoModRef.
    pub fn decided_by(&self) -> Option<Analysis> {
        self.decision().map(|d| match d {
            ModRefDecision::Scoped { .. } => Analysis::ScopedNoAlias,
            ModRefDecision::Tbaa | ModRefDecision::Immutable { .. } => Analysis::Tbaa,
        })
    }

    /// The answer of `AAResults::alias` for a memory intrinsic's location
    /// (which carries the call's tags) against the other access: NoAlias
    /// when either analysis' `getModRefInfo` is NoModRef (immutability
    /// does not enter an alias query).
    pub fn location_no_alias(&self) -> bool {
        self.pair.decided_by().is_some()
    }
}

/// `aliasErrno` of one location.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ErrnoVerdict {
    /// The location has no `!tbaa`: it may be errno.
    Untagged,
    /// Its tag may alias this `!llvm.errno.tbaa` operand (None: a null
    /// operand, which may alias anything).
    MayAlias { errno_tag: Option<NodeId> },
    /// Its tag aliases none of them: the access cannot touch errno.
    NoAlias,
}

impl Explainer {
    /// `getModRefInfo` of both analyses for call `call` against `other`
    /// (a load, a store or a call), with what `AAResults` adds from their
    /// other methods.
    pub fn explain_mod_ref(
        &mut self,
        g: &MetadataGraph,
        call: &InstView,
        other: &InstView,
    ) -> ModRefVerdict {
        let pair = self.explain(g, call, other);
        // A call's immutable tag counts only against another call:
        // `AAResults::getModRefInfo(Call1, Call2)` asks both calls'
        // `getMemoryEffects`, `getModRefInfo(Call, Loc)` does not refine
        // by it in LLVM 22 (built-in TBAA answers ModRef there too).
        let call_none = other.kind.is_call() && self.is_immutable(g, call.tbaa);
        ModRefVerdict {
            pair,
            immutable: [call_none, self.is_immutable(g, other.tbaa)],
        }
    }

    /// `isTypeImmutable` of a tag (false without one).
    pub fn is_immutable(&mut self, g: &MetadataGraph, tag: Option<NodeId>) -> bool {
        tag.is_some_and(|t| self.oracle.is_immutable(g, t))
    }

    /// `aliasErrno` of a location tagged `tag`, given the module's
    /// `!llvm.errno.tbaa` tags. Malformed metadata may alias.
    pub fn errno(
        &mut self,
        g: &MetadataGraph,
        tag: Option<NodeId>,
        errno_tags: &[Option<NodeId>],
    ) -> ErrnoVerdict {
        let Some(tag) = tag else {
            return ErrnoVerdict::Untagged;
        };
        let oracle = &mut self.oracle;
        let may = |e: Option<NodeId>| {
            oracle
                .match_access_tags(g, Some(tag), e)
                .map_or(true, |m| m.may_alias)
        };
        match first_errno_alias(errno_tags, may) {
            Some(errno_tag) => ErrnoVerdict::MayAlias { errno_tag },
            None => ErrnoVerdict::NoAlias,
        }
    }
}

/// Counts of the questions about calls and locations, for one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallSummary {
    /// Call pairs (call against load or store, call against call).
    pub pairs: usize,
    /// NoModRef from `rust-tbaa`'s `getModRefInfo` only.
    pub tbaa: usize,
    /// NoModRef from `rust-scoped-noalias`'s only.
    pub scoped: usize,
    /// NoModRef from both.
    pub both: usize,
    /// NoModRef from an immutable tag alone.
    pub immutable: usize,
    /// ModRef.
    pub neither: usize,
    /// Locations whose immutable tag masks them to NoModRef.
    pub mask: usize,
    /// Locations that cannot touch errno.
    pub errno: usize,
}

impl CallSummary {
    pub fn add(&mut self, v: &ModRefVerdict) {
        self.pairs += 1;
        match (v.pair.scoped_direction().is_some(), v.pair.tbaa_no_alias()) {
            (true, true) => self.both += 1,
            (true, false) => self.scoped += 1,
            (false, true) => self.tbaa += 1,
            (false, false) if v.decision().is_some() => self.immutable += 1,
            (false, false) => self.neither += 1,
        }
    }

    /// Whether there is anything to report.
    pub fn is_empty(&self) -> bool {
        self.pairs == 0 && self.mask == 0 && self.errno == 0
    }
}

/// A `!tbaa.struct` node's regions, for reports: `offset O size S {tag}`
/// per (offset, size, tag) triple, `?` for what is not an integer or a node.
pub fn describe_tbaa_struct(g: &MetadataGraph, node: NodeId) -> String {
    let Ok(ops) = g.operands(node) else {
        return "?".to_owned();
    };
    let int = |o: &Operand| {
        o.as_int()
            .and_then(|v| v.value)
            .map_or("?".to_owned(), |v| v.to_string())
    };
    ops.chunks(3)
        .map(|t| {
            let tag = t
                .get(2)
                .and_then(|o| o.as_node())
                .map_or("?".to_owned(), |n| describe_tag(g, n));
            format!(
                "offset {} size {} {tag}",
                int(&t[0]),
                t.get(1).map_or("?".to_owned(), int)
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tbaa::build::{CScalars, TypeDag};

    fn inst(function: usize, kind: Carrier) -> InstView {
        InstView::new(function, kind)
    }

    const CALL: Carrier = Carrier::Call {
        copies_memory: false,
        sets_memory: false,
    };
    const COPY: Carrier = Carrier::Call {
        copies_memory: true,
        sets_memory: false,
    };

    #[test]
    fn calls_with_metadata_against_loads_stores_and_earlier_calls() {
        let mut g = MetadataGraph::new();
        let tag = g.add_tuple(vec![]);
        let tagged = |kind: Carrier, function: usize| {
            let mut i = inst(function, kind);
            i.noalias = Some(tag);
            i
        };
        let view = ModuleView::of_instructions(vec![
            inst(0, Carrier::Store),    // 0
            tagged(CALL, 0),            // 1
            inst(0, CALL),              // 2: no metadata, left out
            inst(0, Carrier::Load),     // 3
            tagged(Carrier::Invoke, 0), // 4
            tagged(COPY, 0),            // 5
            inst(1, Carrier::Other),    // 6
            tagged(CALL, 2),            // 7
        ]);
        let pairs = call_pairs(&view);
        assert_eq!(
            pairs[0],
            (
                0,
                vec![
                    (1, 0),
                    (1, 3),
                    (4, 0),
                    (4, 3),
                    (5, 0),
                    (5, 3),
                    (4, 1),
                    (5, 1),
                    (5, 4)
                ]
            )
        );
        assert_eq!(pairs[1], (1, vec![]));
        assert_eq!(pairs[2], (2, vec![]));
        // The same functions, in the same order, as alias_pairs.
        let functions =
            |v: &[(usize, Vec<(usize, usize)>)]| v.iter().map(|p| p.0).collect::<Vec<_>>();
        assert_eq!(
            functions(&pairs),
            functions(&super::super::alias_pairs(&view))
        );
        let located = locations(&view);
        assert_eq!(located, vec![(0, vec![0, 3, 5]), (1, vec![]), (2, vec![])]);
    }

    #[test]
    fn mod_ref_decisions_and_summary() {
        let mut d = TypeDag::new();
        let CScalars { int, float, .. } = d.c_scalars();
        let t_int = d.old_tag(int, int, 0);
        let t_float = d.old_tag(float, float, 0);
        let t_const = d.old_tag_flag(int, int, 0, 1);
        let with = |kind: Carrier, tag: NodeId| {
            let mut i = inst(0, kind);
            i.tbaa = Some(tag);
            i
        };
        let mut e = Explainer::new();
        let g = &d.g;
        // Disjoint tags: rust-tbaa's getModRefInfo.
        let v = e.explain_mod_ref(g, &with(CALL, t_int), &with(Carrier::Store, t_float));
        assert_eq!(v.decision(), Some(ModRefDecision::Tbaa));
        assert!(v.location_no_alias());
        // The same type: ModRef...
        let same = e.explain_mod_ref(g, &with(CALL, t_int), &with(Carrier::Store, t_int));
        assert_eq!(same.decision(), None);
        // ...unless the location is immutable (its mask), which an alias
        // query of an intrinsic's location does not see.
        let masked = e.explain_mod_ref(g, &with(COPY, t_int), &with(Carrier::Load, t_const));
        assert_eq!(
            masked.decision(),
            Some(ModRefDecision::Immutable { side: 1 })
        );
        assert_eq!(masked.decided_by(), Some(Analysis::Tbaa));
        assert!(!masked.location_no_alias());
        // A call's immutable tag counts against a call, not a location.
        let call_loc = e.explain_mod_ref(g, &with(CALL, t_const), &with(Carrier::Store, t_int));
        assert_eq!(call_loc.decision(), None);
        let call_call = e.explain_mod_ref(g, &with(CALL, t_const), &with(CALL, t_int));
        assert_eq!(
            call_call.decision(),
            Some(ModRefDecision::Immutable { side: 0 })
        );
        let mut s = CallSummary::default();
        for v in [&v, &same, &masked, &call_loc, &call_call] {
            s.add(v);
        }
        assert_eq!(
            (s.pairs, s.tbaa, s.scoped, s.both, s.immutable, s.neither),
            (5, 1, 0, 0, 2, 2)
        );
        assert!(!s.is_empty() && CallSummary::default().is_empty());
    }

    #[test]
    fn errno_as_alias_errno() {
        let mut d = TypeDag::new();
        let [t_int, t_float, t_char] = d.c_scalar_tags();
        let mut e = Explainer::new();
        let g = &d.g;
        let errno = [Some(t_int)];
        assert_eq!(e.errno(g, None, &errno), ErrnoVerdict::Untagged);
        assert_eq!(e.errno(g, Some(t_float), &errno), ErrnoVerdict::NoAlias);
        assert_eq!(
            e.errno(g, Some(t_char), &errno),
            ErrnoVerdict::MayAlias {
                errno_tag: Some(t_int)
            }
        );
        // No errno tags at all: nothing may be errno; a null operand may be
        // anything.
        assert_eq!(e.errno(g, Some(t_int), &[]), ErrnoVerdict::NoAlias);
        assert_eq!(
            e.errno(g, Some(t_float), &[None]),
            ErrnoVerdict::MayAlias { errno_tag: None }
        );
    }

    #[test]
    fn tbaa_struct_fields_described() {
        let mut d = TypeDag::new();
        let root = d.root("root");
        let int = d.old_scalar("int", root);
        let t_int = d.old_tag(int, int, 0);
        let ts = d.tuple(vec![
            Operand::int64(0),
            Operand::int64(4),
            Operand::Node(t_int),
            Operand::int64(4),
            Operand::Null,
        ]);
        assert_eq!(
            describe_tbaa_struct(&d.g, ts),
            format!(
                "offset 0 size 4 {}, offset 4 size ? ?",
                describe_tag(&d.g, t_int)
            )
        );
    }
}
