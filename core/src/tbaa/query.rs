//! The alias query: may two accesses with these tags touch the same memory?
//!
//! LLVM answers with `matchAccessTags(A, B)`, and so do we, step for step
//! (LLVM 22.1.8, `TypeBasedAliasAnalysis.cpp`):
//!
//! 1. The same tag (node identity) may alias; a missing tag may alias anything.
//! 2. Find the *least common type* of the two access types: the deepest node
//!    shared by both chains of parents. None (different roots, i.e. unrelated
//!    type systems) means "may alias".
//! 3. Ask whether one access may be to a subobject of the other, first with A
//!    as the enclosing object, then with B ([`TbaaOracle::may_be_access_to_subobject`]):
//!    * an access to a whole object of the common type may touch any of its
//!      subobjects;
//!    * otherwise walk down from the enclosing access's base type, one field
//!      at a time at the access's offset (old format: on up through scalar
//!      parents to the root; new format: stopping at the access type). If the
//!      walk meets the other access's base type, they may alias when the
//!      offsets agree there, or either access is to a whole object of that
//!      type;
//!    * new format only: if the enclosing access type has a field, at any
//!      depth, of the other's base type, they may alias.
//! 4. Otherwise the accesses do not alias.
//!
//! The same walk also yields the *most generic tag* of the pair
//! (`MDNode::getMostGenericTBAA`), which transforms attach when they merge
//! two accesses into one. It is order-sensitive because A is tried first.
//!
//! Where LLVM would crash, hang or read out of bounds (a cycle of parents,
//! a cyclic field graph, a walk that leaves the DAG, operands of the wrong
//! kind), the functions here return [`Malformed`] and callers answer
//! "may alias". Deviations from LLVM on such input are deliberate: LLVM has
//! no answer there, only a crash.
//!
//! [`TbaaOracle`] reads each tag once into a row of [`Summaries`] (its
//! operands, the chain of parents of its access type, its access path) and
//! answers from two rows: a question is a few comparisons over short
//! slices, never a walk of the graph. Tags that are *plain scalar
//! accesses* (clang's `!{!int, !int, i64 0}`) compare two chains only
//! ([`TbaaOracle::aliases_of`]). Tag-pair answers are memoized by the
//! caller, which knows node identity best.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::graph::{Malformed, MetadataGraph, NodeId, Problem};
use crate::memo::AnswerMatrix;
use crate::tbaa::nodes::{describe_tag, describe_type, AccessTag, TypeNode};
use crate::tbaa::summary::{
    OutOfStore, PathEnd, PathView, Quick, Span, Summaries, TagRef, TagSummary,
};

/// The tag a merged access gets (`getMostGenericTBAA`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GenericTag {
    /// No tag: the merged access loses its `!tbaa`.
    None,
    /// An existing tag node, reused unchanged.
    Existing(NodeId),
    /// A new tag for an access to a whole object of type `ty`
    /// (`createAccessTag`): `!{ty, ty, i64 0}` in the old format,
    /// `!{ty, ty, i64 0, i64 -1}` in the new one. Never immutable.
    AccessTo { ty: NodeId, new_format: bool },
}

/// Which rule decided a match: the reasoning behind an answer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Both accesses carry the same tag node.
    SameTag,
    /// At least one access carries no tag.
    Untagged,
    /// The access types share no root: unrelated type systems.
    NoCommonType,
    /// `whole` is a tag for a whole object of the common type, which
    /// contains any subobject.
    WholeObject { whole: NodeId, common: NodeId },
    /// Walking from the base type of `base` met the base type of `sub` at
    /// type `ty`; `offset` is where the walk stood there.
    PathMeets {
        base: NodeId,
        sub: NodeId,
        ty: NodeId,
        offset: u64,
    },
    /// New format: the access type `access` of `base` has a field, at some
    /// depth, of the base type of `sub`.
    HasField {
        base: NodeId,
        sub: NodeId,
        access: NodeId,
    },
    /// Neither access may be to a subobject of the other.
    Disjoint { common: NodeId },
}

/// The outcome of matching two tags.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TagMatch {
    pub may_alias: bool,
    pub generic: GenericTag,
    pub reason: Reason,
}

/// `aliasErrno`'s rule for a tagged access: it may touch errno when its tag
/// may alias one of the module's `!llvm.errno.tbaa` tags (with none, it
/// cannot). Gives the first errno tag it may alias; `may_alias` is the
/// caller's query (a session's, or [`TbaaOracle::match_access_tags`]).
pub fn first_errno_alias<T: Copy>(
    errno_tags: &[T],
    mut may_alias: impl FnMut(T) -> bool,
) -> Option<T> {
    errno_tags.iter().copied().find(|&e| may_alias(e))
}

/// `createAccessTag`: the tag for a whole-object access of type `ty`; none
/// for a missing type or a root (fewer than two operands).
pub fn access_tag_for(g: &MetadataGraph, ty: Option<NodeId>) -> GenericTag {
    match ty {
        Some(ty) if g.num_operands(ty) >= 2 => GenericTag::AccessTo {
            ty,
            new_format: TypeNode::is_new_format(g, ty),
        },
        _ => GenericTag::None,
    }
}

/// A tag's access path ([`TbaaOracle::access_path`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessPath {
    /// (type, offset) from the base type at the tag's offset, one field at
    /// a time.
    pub steps: Vec<(NodeId, u64)>,
    pub end: PathOutcome,
}

/// How an access path ends after its last step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PathOutcome {
    /// There is no field at the offset (old format: past the root).
    RanOff,
    /// New format: the walk reached the tag's access type and stops there.
    Stopped(NodeId),
    /// The next step cannot be taken (LLVM would crash).
    Failed(Malformed),
    /// The walk goes round a cycle (LLVM loops forever); the steps are
    /// those of one walk as long as the graph has nodes.
    Cycle,
    /// The base type, access type or offset cannot be read: no walk.
    Unreadable(Malformed),
}

/// Answers TBAA questions over one graph, from rows of [`Summaries`].
#[derive(Clone, Debug, Default)]
pub struct TbaaOracle {
    rows: Summaries,
    /// The answers of [`TbaaOracle::aliases_of`] by pair of rows.
    answers: AnswerMatrix,
    /// Per row: how many of its pairs with simple tags were decided one
    /// at a time (up to [`TbaaOracle::BUSY`]; see [`TbaaOracle::aliases_of`]).
    decided: Vec<u8>,
    fields: FieldMemo,
}

/// What [`has_field`] finds below each aggregate type a walk stopped at,
/// searched once: every question whose walk stops at an aggregate access
/// type (new format) asks whether some type is one of its fields at any
/// depth, and pairs the answer matrix does not hold are decided each time.
/// The search reads only nodes reachable from the type, which never change
/// once imported.
#[derive(Clone, Debug, Default)]
struct FieldMemo {
    /// Per type: its field types at any depth, sorted, in `store`; `None`
    /// when the search below it runs into malformed metadata (a cycle, an
    /// operand that is not a node): then each question searches, so as to
    /// stop where LLVM stops and report what it runs into.
    below: FxHashMap<NodeId, Option<Span>>,
    store: Vec<NodeId>,
}

impl FieldMemo {
    /// Field types kept at most (4 bytes each, 4 MiB); the types searched
    /// beyond that are searched each time.
    const MAX: usize = 1 << 20;

    /// [`has_field`], from the types below `base` when they are known.
    fn has_field(
        &mut self,
        g: &MetadataGraph,
        base: NodeId,
        field: Option<NodeId>,
    ) -> Result<bool, Malformed> {
        let below = match self.below.get(&base) {
            Some(&below) => below,
            None => self.search_below(g, base),
        };
        match below {
            Some(span) => {
                Ok(field.is_some_and(|f| self.store[span.range()].binary_search(&f).is_ok()))
            }
            None => has_field(g, base, field),
        }
    }

    /// Searches every field type below `base` and keeps them (unless the
    /// store is full).
    fn search_below(&mut self, g: &MetadataGraph, base: NodeId) -> Option<Span> {
        let mut below = Vec::new();
        let span = match search_fields(g, base, None, &mut below) {
            Ok(_) if self.store.len() + below.len() > Self::MAX => return None,
            Ok(_) => {
                below.sort_unstable();
                let start = self.store.len();
                self.store.extend(below);
                Some(Span::since(&self.store, start))
            }
            Err(_) => None,
        };
        self.below.insert(base, span);
        span
    }
}

/// The outcome of `matchAccessTags` before its generic tag is made (that
/// reads the graph, which a bare alias query does not need).
#[derive(Copy, Clone, Debug)]
struct Decision {
    may_alias: bool,
    reason: Reason,
    common: Option<NodeId>,
}

impl Decision {
    fn new(may_alias: bool, reason: Reason, common: Option<NodeId>) -> Decision {
        Decision {
            may_alias,
            reason,
            common,
        }
    }

    /// The full match: the most generic tag is the one
    /// `getMostGenericTBAA` makes for each rule.
    fn with_generic(self, g: &MetadataGraph) -> TagMatch {
        let generic = match self.reason {
            Reason::SameTag | Reason::Untagged => {
                unreachable!("decided without reading a type")
            }
            Reason::NoCommonType => GenericTag::None,
            // LLVM 22.1.8 reuses the subobject tag as it is, even its
            // immutable flag when the other access is mutable.
            Reason::PathMeets { sub, .. } if self.may_alias => GenericTag::Existing(sub),
            _ => access_tag_for(g, self.common),
        };
        TagMatch {
            may_alias: self.may_alias,
            generic,
            reason: self.reason,
        }
    }
}

impl TbaaOracle {
    pub fn new() -> TbaaOracle {
        TbaaOracle::default()
    }

    /// An oracle that remembers the answers for pairs of its first
    /// `rows` tags only (a power of two; see [`AnswerMatrix`]).
    pub fn with_memo_rows(rows: usize) -> TbaaOracle {
        TbaaOracle {
            rows: Summaries::default(),
            answers: AnswerMatrix::with_max_side(rows),
            decided: Vec::new(),
            fields: FieldMemo::default(),
        }
    }

    /// The row of a tag, read on first sight: the handle the fast queries
    /// ([`TbaaOracle::aliases_of`]) take.
    pub fn tag(&mut self, g: &MetadataGraph, tag: NodeId) -> TagRef {
        self.rows.tag(g, tag)
    }

    /// The type, its parent, its parent's parent, ... up to the root.
    /// A repeated node is a cycle (LLVM: `Cycle found in TBAA metadata.`).
    pub fn ancestors(&mut self, g: &MetadataGraph, ty: NodeId) -> Result<&[NodeId], Malformed> {
        self.rows.ancestors(g, ty)
    }

    /// The access path of a tag: the (type, offset) steps of the alias
    /// analysis's walk down from its base type at its offset (the same
    /// walk every question about the tag reads), and how the walk ends.
    pub fn access_path(&mut self, g: &MetadataGraph, tag: NodeId) -> AccessPath {
        let row = self.rows.tag(g, tag);
        let (steps, end) = self.rows.path_steps(g, row);
        let end = match end {
            PathEnd::RanOff => PathOutcome::RanOff,
            PathEnd::Stopped(ty) => PathOutcome::Stopped(ty),
            PathEnd::Failed(fault) => PathOutcome::Failed(self.rows.fault(fault)),
            PathEnd::CutShort => PathOutcome::Cycle,
            PathEnd::Unwalked => {
                let s = self.rows.row(row);
                let first = [s.base.err(), s.access.err(), s.offset.err()]
                    .into_iter()
                    .flatten()
                    .next()
                    .expect("a walk is not started only when an operand is unreadable");
                PathOutcome::Unreadable(self.rows.fault(first))
            }
        };
        AccessPath { steps, end }
    }

    /// `getLeastCommonType`: the deepest type that is an ancestor of (or
    /// equal to) both, or `None` when they belong to different roots.
    pub fn least_common_type(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Result<Option<NodeId>, Malformed> {
        let (Some(a), Some(b)) = (a, b) else {
            return Ok(None);
        };
        if a == b {
            return Ok(Some(a));
        }
        // Both chains are needed before either is used (each may be a cycle).
        let chain_a = self.rows.chain(g, a);
        let chain_b = self.rows.chain(g, b);
        let (chain_a, chain_b) = (self.rows.read(chain_a)?, self.rows.read(chain_b)?);
        Ok(deepest_common(
            self.rows.chain_of(chain_a),
            self.rows.chain_of(chain_b),
        ))
    }

    /// `mayBeAccessToSubobjectOf(BaseTag, SubobjectTag, CommonType)`: may
    /// the access tagged `sub` be to a subobject of the object accessed
    /// through `base`? `None` means this direction cannot decide.
    pub fn may_be_access_to_subobject(
        &mut self,
        g: &MetadataGraph,
        base: AccessTag,
        sub: AccessTag,
        common: NodeId,
    ) -> Result<Option<TagMatch>, Malformed> {
        let (base, sub) = (self.tag(g, base.node()), self.tag(g, sub.node()));
        let decided = self.with_paths(g, base, sub, |rows, fields, a, pa, b, _| {
            subobject(rows, fields, g, a, pa, b, common)
        })?;
        Ok(decided.map(|d| d.with_generic(g)))
    }

    /// `matchAccessTags(A, B)`: whether the accesses may alias, and the most
    /// generic tag for their merge. Order-sensitive in the tag only.
    pub fn match_access_tags(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Result<TagMatch, Malformed> {
        match self.distinct_rows(g, a, b) {
            Some((ra, rb)) => self.match_of(g, ra, rb),
            None => Ok(trivial_match(a, b)),
        }
    }

    /// The rows of two tags, read on first sight; `None` when one is
    /// missing or both are the same node (whose match is trivial).
    fn distinct_rows(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Option<(TagRef, TagRef)> {
        match (a, b) {
            (Some(x), Some(y)) if x != y => Some((self.tag(g, x), self.tag(g, y))),
            _ => None,
        }
    }

    /// [`TbaaOracle::match_access_tags`] of two rows.
    pub fn match_of(
        &mut self,
        g: &MetadataGraph,
        a: TagRef,
        b: TagRef,
    ) -> Result<TagMatch, Malformed> {
        let (ra, rb) = (*self.rows.row(a), *self.rows.row(b));
        if ra.node == rb.node {
            return Ok(trivial_match(Some(ra.node), Some(rb.node)));
        }
        Ok(self.decide(g, a, b)?.with_generic(g))
    }

    /// `TypeBasedAAResult::Aliases`: the answer of
    /// [`TbaaOracle::match_access_tags`], without its generic tag and
    /// reason.
    pub fn aliases(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Result<bool, Malformed> {
        let Some((ra, rb)) = self.distinct_rows(g, a, b) else {
            return Ok(true);
        };
        self.aliases_of(g, ra, rb)
    }

    /// [`TbaaOracle::aliases`] of two rows: the query path. An answer
    /// is decided once per pair (malformed metadata: each time, so that
    /// the caller hears of it) and then looked up
    /// ([`TbaaOracle::remembered_aliases_of`]).
    #[inline]
    pub fn aliases_of(
        &mut self,
        g: &MetadataGraph,
        a: TagRef,
        b: TagRef,
    ) -> Result<bool, Malformed> {
        if !self.answers.holds(a.0, b.0) {
            // Beyond the matrix's bound (thousands of distinct tags)
            // nothing is remembered, nor decided ahead.
            return match self.simple_aliases_of(a, b) {
                Some(may_alias) => Ok(may_alias),
                None => self.decide_aliases(g, a, b),
            };
        }
        if let Some(may_alias) = self.remembered_aliases_of(a, b) {
            return Ok(may_alias);
        }
        if let Some(may_alias) = self.simple_aliases_of(a, b) {
            self.remember_simple(a, b, may_alias);
            if self.busy(a) {
                self.decide_neighbours(a, b);
            }
            return Ok(may_alias);
        }
        // Malformed metadata may fail in one order only (LLVM tries `a` as
        // the enclosing access first): remembered for this order alone, so
        // that the other order still reports what it runs into.
        let may_alias = self.decide_aliases(g, a, b)?;
        self.answers.set(a.0, b.0, may_alias);
        Ok(may_alias)
    }

    /// Rows whose pairs are decided a word at a time once this many were
    /// decided one at a time.
    const BUSY: u8 = 16;

    /// Remembers the answer of two simple tags. Both directions of the
    /// match are walks over simple paths, which cannot fail: the answer
    /// holds for (b, a) too.
    #[inline]
    fn remember_simple(&mut self, a: TagRef, b: TagRef, may_alias: bool) {
        debug_assert_eq!(self.simple_aliases_of(b, a), Some(may_alias));
        self.answers.set_both(a.0, b.0, may_alias);
    }

    /// Whether row `a` has asked about so many new simple pairs that it
    /// is likely to ask about its neighbours too (counting this one).
    #[inline]
    fn busy(&mut self, a: TagRef) -> bool {
        if self.decided.len() <= a.index() {
            self.decided.resize(a.index() + 1, 0);
        }
        let n = &mut self.decided[a.index()];
        *n = n.saturating_add(1).min(Self::BUSY);
        *n == Self::BUSY
    }

    /// Decides, for a busy row `a`, its pairs with the simple rows next
    /// to `b` (the 32 rows of `b`'s group in the answer matrix): rows are
    /// numbered in the order tags are first seen, so a pass asking one
    /// access against the accesses before it (GVN's and MemorySSA's walks
    /// back, `aa-eval`) asks about neighbouring rows in turn. Deciding
    /// them together, `a`'s summary read once and its planes of the matrix
    /// written once ([`AnswerMatrix::fill_word_both`]), costs less than one
    /// call each; the answers are the ones each pair would get alone.
    #[cold]
    #[inline(never)]
    fn decide_neighbours(&mut self, a: TagRef, b: TagRef) {
        let Some(&qa) = self.rows.simple_entry(a) else {
            return;
        };
        let rows = &self.rows;
        self.answers
            .fill_word_both(a.0, b.0, rows.len() as u32, move |c| {
                let qc = rows.simple_entry(TagRef(c))?;
                let may_alias = c == a.0 || simple_aliases(rows, &qa, qc).ok()?;
                debug_assert!(c == a.0 || simple_aliases(rows, qc, &qa) == Ok(may_alias));
                Some(may_alias)
            });
    }

    /// Whether no answer is remembered yet (nothing has been asked of
    /// [`TbaaOracle::aliases_of`]).
    pub fn remembers_nothing(&self) -> bool {
        self.answers.bytes() == 0
    }

    /// The answer of [`TbaaOracle::aliases_of`] if the pair has been
    /// decided before and is remembered (both rows within the answer
    /// matrix's bound): an index computation and two loads. Cannot panic,
    /// so that the query path may ask it before its panic guard.
    #[inline(always)]
    pub fn remembered_aliases_of(&self, a: TagRef, b: TagRef) -> Option<bool> {
        self.answers.get(a.0, b.0)
    }

    /// [`TbaaOracle::aliases_of`] of two *simple* tags, from their
    /// summaries alone; `None` unless both are simple. Reads nothing but
    /// the two summaries and the chain and path stores, each read
    /// checked: allocates nothing and cannot fail or panic.
    #[inline]
    pub fn simple_aliases_of(&self, a: TagRef, b: TagRef) -> Option<bool> {
        let (qa, qb) = self.rows.simple_pair(a, b)?;
        if a == b {
            return Some(true);
        }
        simple_aliases(&self.rows, qa, qb).ok()
    }

    /// The answer of [`TbaaOracle::aliases_of`] for a pair beyond the
    /// answer matrix's bound (which is decided each time, never
    /// remembered) of two simple tags; `None` for any other pair. Cannot
    /// panic.
    #[inline]
    pub fn unremembered_aliases_of(&self, a: TagRef, b: TagRef) -> Option<bool> {
        if self.answers.holds(a.0, b.0) {
            return None;
        }
        self.simple_aliases_of(a, b)
    }

    /// The rows from which on pairs are not remembered (a power of two):
    /// the query path decides a pair with such a row by
    /// [`TbaaOracle::aliases_by_bits`] where it can.
    pub fn remembered_rows(&self) -> usize {
        self.answers.max_side()
    }

    /// [`TbaaOracle::aliases_of`] of two rows where the bits of their
    /// simple-tag entries decide it ([`aliases_by_bits`]: neither walk may
    /// meet the other's base type), `None` otherwise (the roots, a read
    /// of a chain or a walk are needed, or a tag is not simple). Remembers
    /// nothing, calls nothing and cannot panic, so that the query path
    /// answers most pairs beyond what the oracle remembers (those of a
    /// function with thousands of distinct tags) before its panic guard.
    #[inline(always)]
    pub fn aliases_by_bits(&self, a: TagRef, b: TagRef) -> Option<bool> {
        // Any two entries: the bits answer only for two simple tags. No
        // test for a repeated tag either: its walk meets its own base
        // type, so it is left to the walk, which answers it.
        let (qa, qb) = self.rows.entry_pair(a, b)?;
        aliases_by_bits(&self.rows, qa, qb)
    }

    /// [`TbaaOracle::aliases_of`] decided afresh.
    fn decide_aliases(
        &mut self,
        g: &MetadataGraph,
        a: TagRef,
        b: TagRef,
    ) -> Result<bool, Malformed> {
        if a == b {
            return Ok(true);
        }
        Ok(self.decide(g, a, b)?.may_alias)
    }

    /// `isTypeImmutable` of a row's tag.
    pub fn is_immutable_of(&self, tag: TagRef) -> bool {
        self.rows.row(tag).immutable
    }

    /// `isTypeImmutable` of a tag (its row made if it has none).
    pub fn is_immutable(&mut self, g: &MetadataGraph, tag: NodeId) -> bool {
        let row = self.tag(g, tag);
        self.is_immutable_of(row)
    }

    /// The access type of a *plain scalar access* tag, `None` for any other
    /// tag (see [`crate::tbaa::summary`]); decided once per tag.
    pub fn plain_scalar_access(&mut self, g: &MetadataGraph, tag: NodeId) -> Option<NodeId> {
        let tag = self.tag(g, tag);
        self.rows.plain_access(tag)
    }

    /// Whether a tag is *simple*: pairs of simple tags are answered from a
    /// small summary of each, never from the memo (see
    /// [`crate::tbaa::summary`]).
    pub fn is_simple(&mut self, g: &MetadataGraph, tag: NodeId) -> bool {
        let tag = self.tag(g, tag);
        self.rows.simple_entry(tag).is_some()
    }

    /// `MDNode::getMostGenericTBAA(A, B)`.
    pub fn most_generic_tag(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Result<GenericTag, Malformed> {
        Ok(self.match_access_tags(g, a, b)?.generic)
    }

    /// `matchAccessTags` of two different tags, up to its generic tag.
    fn decide(&mut self, g: &MetadataGraph, a: TagRef, b: TagRef) -> Result<Decision, Malformed> {
        self.with_paths(g, a, b, |rows, fields, ra, pa, rb, pb| {
            decide_rows(rows, fields, g, ra, pa, rb, pb)
        })
    }

    /// Runs `f` on two rows and their access paths. A path that was cut
    /// short (a walk round a cycle, see [`PathEnd::CutShort`]) is walked
    /// again against the graph as it is now, for `f` only.
    fn with_paths<T>(
        &mut self,
        g: &MetadataGraph,
        a: TagRef,
        b: TagRef,
        f: impl FnOnce(&Summaries, &mut FieldMemo, &TagSummary, PathView, &TagSummary, PathView) -> T,
    ) -> T {
        let (ra, rb) = (self.rows.row(a), self.rows.row(b));
        if ra.end != PathEnd::CutShort && rb.end != PathEnd::CutShort {
            let (va, vb) = (self.rows.view(ra), self.rows.view(rb));
            return f(&self.rows, &mut self.fields, ra, va, rb, vb);
        }
        let (ra, rb) = (*ra, *rb);
        let mark = self.rows.mark();
        let walk_a = (ra.end == PathEnd::CutShort).then(|| self.rows.rewalk(g, &ra));
        let walk_b = (rb.end == PathEnd::CutShort).then(|| self.rows.rewalk(g, &rb));
        let rows = &self.rows;
        let view = |row: &TagSummary, walk: Option<(Span, PathEnd)>| match walk {
            Some((span, end)) => rows.view_of(span, end),
            None => rows.view(row),
        };
        let (va, vb) = (view(&ra, walk_a), view(&rb, walk_b));
        let out = f(rows, &mut self.fields, &ra, va, &rb, vb);
        self.rows.forget_since(mark);
        out
    }
}

/// `matchAccessTags` of two different tags whose paths are known, up to
/// its generic tag.
fn decide_rows(
    rows: &Summaries,
    fields: &mut FieldMemo,
    g: &MetadataGraph,
    a: &TagSummary,
    path_a: PathView,
    b: &TagSummary,
    path_b: PathView,
) -> Result<Decision, Malformed> {
    let Some(common) = common_access_type(rows, a, b)? else {
        return Ok(Decision::new(true, Reason::NoCommonType, None));
    };
    if let Some(d) = subobject(rows, fields, g, a, path_a, b, common)? {
        return Ok(d);
    }
    if let Some(d) = subobject(rows, fields, g, b, path_b, a, common)? {
        return Ok(d);
    }
    Ok(Decision::new(
        false,
        Reason::Disjoint { common },
        Some(common),
    ))
}

/// [`TbaaOracle::least_common_type`] of the access types of two rows.
fn common_access_type(
    rows: &Summaries,
    a: &TagSummary,
    b: &TagSummary,
) -> Result<Option<NodeId>, Malformed> {
    let (access_a, access_b) = (rows.read(a.access)?, rows.read(b.access)?);
    let (Some(x), Some(y)) = (access_a, access_b) else {
        return Ok(None);
    };
    if x == y {
        return Ok(Some(x));
    }
    let (chain_a, chain_b) = (rows.read(a.chain)?, rows.read(b.chain)?);
    Ok(deepest_common(
        rows.chain_of(chain_a),
        rows.chain_of(chain_b),
    ))
}

/// `mayBeAccessToSubobjectOf(BaseTag, SubobjectTag, CommonType)` of two
/// rows, `path` being the base tag's access path. The operands are
/// checked in LLVM's order, so that the first unreadable one LLVM would
/// read is the one reported. `None`: this direction cannot decide.
fn subobject(
    rows: &Summaries,
    fields: &mut FieldMemo,
    g: &MetadataGraph,
    base: &TagSummary,
    path: PathView,
    sub: &TagSummary,
    common: NodeId,
) -> Result<Option<Decision>, Malformed> {
    let base_access = rows.read(base.access)?;
    // A whole object of the common type contains any subobject.
    if base_access == rows.read(base.base)? && base_access == Some(common) {
        let reason = Reason::WholeObject {
            whole: base.node,
            common,
        };
        return Ok(Some(Decision::new(true, reason, Some(common))));
    }
    let sub_base = rows.read(sub.base)?;
    rows.read(base.offset)?;

    // Walk down from the base type along the offset: does the walk meet
    // the other access's base type?
    let met = sub_base.and_then(|wanted| path.types.iter().position(|&t| t == wanted));
    if let Some(i) = met {
        let (ty, offset) = (path.types[i], path.offsets[i]);
        let may_alias = offset == rows.read(sub.offset)?
            || Some(ty) == base_access
            || sub_base == rows.read(sub.access)?;
        let reason = Reason::PathMeets {
            base: base.node,
            sub: sub.node,
            ty,
            offset,
        };
        return Ok(Some(Decision::new(may_alias, reason, Some(common))));
    }
    let stop = match path.end {
        PathEnd::Stopped(ty) => ty,
        PathEnd::Failed(fault) => return Err(rows.fault(fault)),
        // LLVM asserts, then dereferences null in `hasField`.
        PathEnd::RanOff if base.new_format => {
            return Err(Malformed::new(base.node, Problem::WalkLeftPath))
        }
        PathEnd::RanOff => return Ok(None),
        PathEnd::CutShort | PathEnd::Unwalked => {
            unreachable!("the operands a walk starts from were read")
        }
    };

    // New format: the access type may contain the other base type as a
    // field at any depth (aggregate access types).
    let no_fields = base.end == PathEnd::Stopped(stop) && base.stop_has_no_fields;
    if !no_fields && fields.has_field(g, stop, sub_base)? {
        let reason = Reason::HasField {
            base: base.node,
            sub: sub.node,
            access: stop,
        };
        return Ok(Some(Decision::new(true, reason, Some(common))));
    }
    Ok(None)
}

/// `Aliases` of two different simple tags (see [`Summaries::simple`]),
/// from their [`Quick`] forms: [`decide_rows`] with each of its reads
/// replaced by what it comes to for such tags.
///
/// * The least common type of the access types XA and XB exists exactly
///   when their chains end at the same root, and it is XA exactly when XA
///   is on XB's chain.
/// * A walk from A meets B's base type either on A's prefix, where the
///   type is not XA, or on A's tail: old format, a type of XA's chain at
///   offset 0; new format, XA itself, where "the walk met the access
///   type" decides "may alias".
/// * A walk that meets nothing ends by running off (old format) or at a
///   type without fields (new format): that direction leaves the question
///   open.
/// * So two tags neither of whose walks may meet the other's base type
///   ([`Quick::may_meet`]: a test of bits each way, no read of the stores)
///   do not alias: the usual pair of a function's many distinct tags.
///
/// Cannot panic: every read of the stores is checked ([`OutOfStore`]).
/// Always inlined: it is the body of the loops that decide a busy row's
/// neighbours, where a call costs as much as the decision.
#[inline(always)]
fn simple_aliases(rows: &Summaries, a: &Quick, b: &Quick) -> Result<bool, OutOfStore> {
    if let Some(may_alias) = aliases_by_bits(rows, a, b) {
        return Ok(may_alias);
    }
    if a.root != b.root {
        return Ok(true);
    }
    if a.whole() && b.whole() {
        return whole_aliases(rows, a, b);
    }
    subobject_aliases(rows, a, b)
}

/// [`simple_aliases`] where the bits of the two [`Quick`] entries decide
/// it: neither walk may meet the other's base type ([`Quick::may_meet`],
/// a test each way), so the tags alias only if their roots differ;
/// `None` otherwise, where the roots, a read of the chain store
/// ([`whole_aliases`]) or a walk over a prefix ([`subobject_aliases`])
/// decide. An entry that is not simple may meet anything
/// ([`Quick::NOT_SIMPLE`]): any two entries may be asked, and only two
/// simple tags are answered. Reads nothing else.
#[inline(always)]
fn aliases_by_bits(rows: &Summaries, a: &Quick, b: &Quick) -> Option<bool> {
    if a.may_meet(b) || b.may_meet(a) {
        return None;
    }
    debug_assert!(a.is_simple() && b.is_simple());
    debug_assert!(a.root != b.root || subobject_aliases(rows, a, b) == Ok(false));
    Some(a.root != b.root)
}

/// [`simple_aliases`] of two simple tags of one root, not both to whole
/// objects, one of which may meet the other's base type:
/// [`simple_subobject`] one way, then the other (which answers any two
/// simple tags of one root: the debug builds check the bit tests with
/// it).
fn subobject_aliases(rows: &Summaries, a: &Quick, b: &Quick) -> Result<bool, OutOfStore> {
    match simple_subobject(rows, a, b)? {
        Some(may_alias) => Ok(may_alias),
        None => Ok(simple_subobject(rows, b, a)?.unwrap_or(false)),
    }
}

/// [`simple_aliases`] of two simple tags of one root that are both to
/// whole objects (clang's scalar tags `!{!int, !int, i64 0}`): they may
/// alias when one access type is on the other's chain of parents.
///
/// That is what [`simple_subobject`] comes to for them, in either format:
/// a whole access's prefix is empty (its path starts at its access type),
/// so each direction answers "may alias" when its access type is on the
/// other's chain, or (old format) the other's is on its own, and leaves
/// the question open otherwise. The deeper type's chain is the only one
/// the shallower can be on.
#[inline]
fn whole_aliases(rows: &Summaries, a: &Quick, b: &Quick) -> Result<bool, OutOfStore> {
    debug_assert!(a.prefix_len == 0 && b.prefix_len == 0);
    if a.access_depth <= b.access_depth {
        rows.on_access_chain(a.access, a.access_depth, b)
    } else {
        rows.on_access_chain(b.access, b.access_depth, a)
    }
}

/// [`subobject`] of two simple tags of one root.
/// `None`: this direction leaves the question open.
#[inline(always)]
fn simple_subobject(
    rows: &Summaries,
    base: &Quick,
    sub: &Quick,
) -> Result<Option<bool>, OutOfStore> {
    if base.whole() && rows.on_access_chain(base.access, base.access_depth, sub)? {
        return Ok(Some(true));
    }
    if let Some(offset) = rows.prefix_meets(base, sub.base)? {
        return Ok(Some(offset == u64::from(sub.offset) || sub.whole()));
    }
    if base.new_format() {
        return Ok((sub.base == base.access).then_some(true));
    }
    Ok(rows
        .on_access_chain(sub.base, sub.base_depth, base)?
        .then(|| sub.offset == 0 || sub.base == base.access || sub.whole()))
}

/// The deepest node two chains of parents (each from a type up to its
/// root) share, `None` for different roots. Parents form a forest, so the
/// chains agree from the root down to their least common type and differ
/// below it.
fn deepest_common(a: &[NodeId], b: &[NodeId]) -> Option<NodeId> {
    a.iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .last()
        .map(|(x, _)| *x)
}

/// `matchAccessTags` where no type is read: the same tag (or both
/// untagged), or one access untagged.
fn trivial_match(a: Option<NodeId>, b: Option<NodeId>) -> TagMatch {
    if a == b {
        return TagMatch {
            may_alias: true,
            generic: a.map_or(GenericTag::None, GenericTag::Existing),
            reason: if a.is_some() {
                Reason::SameTag
            } else {
                Reason::Untagged
            },
        };
    }
    TagMatch {
        may_alias: true,
        generic: GenericTag::None,
        reason: Reason::Untagged,
    }
}

/// `hasField(Base, Field)`: whether `field` is a field type of `base` at
/// any depth (one or more field edges away).
///
/// LLVM searches depth-first, fields in operand order, testing each field
/// type for equality before descending into it, and without any guard: the
/// first time its search re-enters a type it is already inside, it recurses
/// until the stack overflows. This search visits fields in the same order
/// and stops where LLVM would: `Ok(true)` when LLVM finds the field,
/// [`Problem::FieldCycle`] when LLVM would recurse forever, and the
/// operand's problem when LLVM would read a field that is not a node. Types
/// already searched completely are not searched again (LLVM would, with the
/// same outcome), so the cost is linear.
pub fn has_field(
    g: &MetadataGraph,
    base: NodeId,
    field: Option<NodeId>,
) -> Result<bool, Malformed> {
    search_fields(g, base, field, &mut Vec::new())
}

/// [`has_field`], and every type searched completely below `base` (not
/// `base` itself) pushed onto `below`: when `field` is not found and the
/// search ends without a problem, every field type at any depth.
fn search_fields(
    g: &MetadataGraph,
    base: NodeId,
    field: Option<NodeId>,
    below: &mut Vec<NodeId>,
) -> Result<bool, Malformed> {
    struct Frame {
        node: NodeId,
        first: usize,
        stride: usize,
        count: usize,
        next: usize,
    }
    let frame = |node: NodeId| -> Result<Frame, Malformed> {
        let n = g.operands(node)?.len();
        let layout = TypeNode::read(g, node)?.layout();
        // LLVM computes the field count in unsigned arithmetic and wraps.
        let count = layout
            .count(n)
            .ok_or(Malformed::new(node, Problem::TooFewOperands))?;
        Ok(Frame {
            node,
            first: layout.first,
            stride: layout.stride,
            count,
            next: 0,
        })
    };
    let mut on_stack: FxHashSet<NodeId> = FxHashSet::default();
    let mut done: FxHashSet<NodeId> = FxHashSet::default();
    let mut stack = vec![frame(base)?];
    on_stack.insert(base);
    while let Some(top) = stack.last_mut() {
        if top.next == top.count {
            on_stack.remove(&top.node);
            done.insert(top.node);
            if top.node != base {
                below.push(top.node);
            }
            stack.pop();
            continue;
        }
        let index = top.first + top.next * top.stride;
        top.next += 1;
        let child = g.required_node_operand(top.node, index)?;
        if Some(child) == field {
            return Ok(true);
        }
        if on_stack.contains(&child) {
            return Err(Malformed::new(child, Problem::FieldCycle));
        }
        if !done.contains(&child) {
            stack.push(frame(child)?);
            on_stack.insert(child);
        }
    }
    Ok(false)
}

impl Reason {
    /// One sentence saying why, with nodes rendered two levels deep.
    pub fn describe(&self, g: &MetadataGraph) -> String {
        let n = |id: NodeId| describe_type(g, id);
        let t = |id: NodeId| describe_tag(g, id);
        match *self {
            Reason::SameTag => "both accesses carry the same tag".to_owned(),
            Reason::Untagged => "an access without a tag may alias anything".to_owned(),
            Reason::NoCommonType => {
                "the access types have no common root (unrelated type systems)".to_owned()
            }
            Reason::WholeObject { whole, common } => format!(
                "tag {} accesses a whole object of the common type {}, which contains the other access",
                t(whole),
                n(common)
            ),
            Reason::PathMeets {
                base,
                sub,
                ty,
                offset,
            } => {
                let tag = |x: NodeId| AccessTag(x);
                let sub_offset = tag(sub).offset(g).ok();
                let whole_sub = tag(sub).base_type(g).ok().flatten()
                    == tag(sub).access_type(g).ok().flatten();
                let whole_base = tag(base).access_type(g).ok().flatten() == Some(ty);
                let other = sub_offset.map_or("?".into(), |o| o.to_string());
                let verdict = if sub_offset == Some(offset) {
                    ": the same place".to_owned()
                } else if whole_sub || whole_base {
                    format!(
                        ", while the other access is at offset {other}, but one of them accesses a whole {}",
                        n(ty)
                    )
                } else {
                    format!(", while the other access is at offset {other}: different fields")
                };
                format!(
                    "the access path of {} reaches {}, the base type of {}, at offset {}{verdict}",
                    t(base),
                    n(ty),
                    t(sub),
                    offset
                )
            }
            Reason::HasField { base, sub, access } => format!(
                "the access type {} of {} has a field of the base type of {}",
                n(access),
                t(base),
                t(sub)
            ),
            Reason::Disjoint { common } => format!(
                "neither access can be to a subobject of the other (common type {})",
                n(common)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{has_field, FieldMemo, TbaaOracle};
    use crate::graph::Operand;
    use crate::tbaa::build::{CScalars, RandomTypeSystem, TypeDag};

    /// The types found below each type once answer every question as a
    /// search of its own does, in random systems of either format and
    /// where the search runs into a cycle (after finding some fields).
    #[test]
    fn fields_searched_once_answer_as_each_search() {
        let mut d = TypeDag::new();
        let CScalars {
            root, char_, int, ..
        } = d.c_scalars_new_format();
        let (knot, tie) = (d.g.reserve(), d.g.reserve());
        let (sk, st) = (d.g.string("Knot"), d.g.string("Tie"));
        let field = |ty, offset| [Operand::Node(ty), Operand::int64(offset), Operand::int64(4)];
        let head = |name| vec![Operand::Node(char_), Operand::int64(8), name];
        d.g.define_tuple(knot, [head(sk), field(tie, 0).to_vec()].concat());
        d.g.define_tuple(
            tie,
            [head(st), field(knot, 0).to_vec(), field(int, 4).to_vec()].concat(),
        );
        let outer = d.new_struct(char_, 8, "Outer", &[(int, 0, 4), (int, 4, 4)]);
        let mut graphs = vec![(d, vec![root, char_, int, knot, tie, outer])];
        for seed in 0..40 {
            let sys = RandomTypeSystem::generate(seed, seed % 2 == 0, 24);
            let types = sys
                .types
                .iter()
                .map(|t| t.node)
                .chain(sys.roots.iter().copied())
                .collect();
            graphs.push((sys.dag, types));
        }
        let mut kept = 0;
        for (i, (d, types)) in graphs.iter().enumerate() {
            let mut memo = FieldMemo::default();
            for _ in 0..2 {
                for &base in types {
                    for field in types.iter().copied().map(Some).chain([None]) {
                        assert_eq!(
                            memo.has_field(&d.g, base, field),
                            has_field(&d.g, base, field),
                            "{} has {:?}",
                            d.g.display(base, 2),
                            field.map(|f| d.g.display(f, 2).to_string())
                        );
                    }
                }
            }
            kept += memo
                .below
                .values()
                .filter(|b| b.is_some_and(|s| s.len > 0))
                .count();
            if i == 0 {
                // The knot is searched each time; Outer's fields are kept.
                assert_eq!(memo.below.get(&types[3]), Some(&None));
                let outer = memo.below[&types[5]].expect("no cycle below Outer");
                assert_eq!(memo.store[outer.range()], [types[2]]);
            }
        }
        assert!(kept > 20, "{kept} types with fields kept");
    }

    /// The field tags of many sibling structs (as a function with
    /// thousands of distinct tags has them), beyond the answer matrix:
    /// most pairs of different structs are decided by the bit tests of
    /// their summaries, every one as the full match; two fields of one
    /// struct need the walk, which answers them.
    #[test]
    fn field_tags_of_different_structs_are_decided_at_once() {
        for new_format in [false, true] {
            let mut d = TypeDag::new();
            let CScalars { root, int, .. } = if new_format {
                d.c_scalars_new_format()
            } else {
                d.c_scalars()
            };
            let mut tags = Vec::new();
            for k in 0..64 {
                let name = format!("struct {k}");
                for offset in [0, 4] {
                    let tag = if new_format {
                        let s = d.new_struct(root, 8, &name, &[(int, 0, 4), (int, 4, 4)]);
                        d.new_tag(s, int, offset, 4)
                    } else {
                        let s = d.old_struct(&name, &[(int, 0), (int, 4)]);
                        d.old_tag(s, int, offset)
                    };
                    tags.push((k, tag));
                }
            }
            let g = &d.g;
            let mut o = TbaaOracle::with_memo_rows(1);
            let (mut pairs, mut at_once) = (0, 0);
            for &(ka, a) in &tags {
                for &(kb, b) in &tags {
                    let (ra, rb) = (o.tag(g, a), o.tag(g, b));
                    let full = TbaaOracle::new().aliases(g, Some(a), Some(b));
                    let quick = o.aliases_by_bits(ra, rb);
                    if ka == kb && a != b {
                        assert_eq!(quick, None, "two fields of struct {ka}");
                        assert_eq!(o.unremembered_aliases_of(ra, rb), Some(false));
                    } else if ka != kb {
                        pairs += 1;
                        at_once += usize::from(quick.is_some());
                    }
                    if let Some(answer) = quick {
                        assert_eq!(Ok(answer), full, "new format: {new_format}");
                    }
                }
            }
            assert!(
                at_once * 3 > pairs * 2,
                "{at_once} of {pairs} pairs decided at once (new format: {new_format})"
            );
        }
    }

    /// A row that has asked about many new pairs of simple tags gets the
    /// pairs with its next neighbours decided with them (not vacuous: the
    /// property tests check the answers are the same).
    #[test]
    fn a_busy_row_has_its_neighbours_decided() {
        let sys = RandomTypeSystem::generate(7, false, 96);
        let mut o = TbaaOracle::new();
        let mut simple: Vec<_> = sys
            .tags
            .iter()
            .copied()
            .filter(|&t| o.is_simple(&sys.dag.g, t))
            .collect();
        simple.sort();
        simple.dedup();
        let busy = usize::from(TbaaOracle::BUSY);
        assert!(simple.len() > busy + 4, "{} simple tags", simple.len());
        let rows: Vec<_> = simple.iter().map(|&t| o.tag(&sys.dag.g, t)).collect();
        let unknown = |o: &TbaaOracle| {
            rows[1..]
                .iter()
                .filter(|&&b| o.remembered_aliases_of(rows[0], b).is_none())
                .count()
        };
        // Before it is busy, a row's answers are remembered one by one.
        for &b in &rows[1..busy] {
            o.aliases_of(&sys.dag.g, rows[0], b).unwrap();
        }
        let before = unknown(&o);
        assert_eq!(before, rows.len() - busy);
        // The next new pair makes it busy: its word of neighbours is decided.
        o.aliases_of(&sys.dag.g, rows[0], rows[busy]).unwrap();
        let after = unknown(&o);
        assert!(
            after + 1 < before,
            "{before} pairs unknown before, {after} after"
        );
        for (&t, &b) in simple.iter().zip(&rows) {
            if let Some(m) = o.remembered_aliases_of(rows[0], b) {
                assert_eq!(Some(m), o.remembered_aliases_of(b, rows[0]), "both ways");
                let fresh = TbaaOracle::new().aliases(&sys.dag.g, Some(simple[0]), Some(t));
                assert_eq!(Ok(m), fresh);
            }
        }
    }
}
