//! What one tag brings to every question about it, read once.
//!
//! `matchAccessTags(A, B)` reads, for each of the two tags, its base type,
//! access type, offset and format, the chain of parents of its access type,
//! and its *access path*: the (type, offset) steps of LLVM's walk down from
//! the base type. None of that depends on the other tag. [`Summaries`]
//! computes it the first time a tag is seen and keeps it in a dense table
//! indexed by [`TagRef`], with the chains and paths in two flat stores, so
//! that a question is answered from two table rows and a few short slices:
//! no graph reads, no allocation, no hashing (see [`super::query`]).
//!
//! For example, with clang's
//!
//! ```text
//! !char = !{!"omnipotent char", !root, i64 0}
//! !int  = !{!"int", !char, i64 0}
//! !S    = !{!"S", !int, i64 0, !int, i64 4}
//! !tag  = !{!S, !int, i64 4}
//! ```
//!
//! the row of `!tag` holds base `!S`, access `!int`, offset 4, the chain
//! `[!int, !char, !root]` and the path `[(!S, 4), (!int, 0), (!char, 0),
//! (!root, 0)]`, which ran off the root.
//!
//! A read that fails (an operand of the wrong kind, a cycle of parents)
//! is kept as a [`Fault`], an index into a side table of [`Malformed`]
//! values, so that the row stays small and the failure is reported exactly
//! where LLVM would make the read.
//!
//! Invariants: a row never changes once made (the nodes a tag reaches are
//! all imported with it, and imported nodes never change); a chain lists
//! distinct nodes; a kept path is complete (it ended by running off, by
//! stopping at the access type, or in a failure that does not depend on how
//! large the graph is).

use rustc_hash::FxHashSet;

use crate::graph::{Malformed, MetadataGraph, NodeId, Problem};
pub(super) use crate::span::Span;
use crate::tbaa::nodes::{AccessTag, TypeNode};

/// A tag's row in [`Summaries`]: dense, in the order tags are first seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TagRef(pub u32);

impl TagRef {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A failed read: its [`Malformed`] value is `Summaries::faults[.0]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Fault(u32);

/// How an access path ends after its last step.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum PathEnd {
    /// There is no field at the offset (or no type to start from).
    RanOff,
    /// New format: the walk reached the tag's access type and stops there.
    Stopped(NodeId),
    /// The next step cannot be taken: LLVM would crash.
    Failed(Fault),
    /// The walk went round a cycle until its step bound, which grows with
    /// the graph: the path is not kept but walked again when needed.
    CutShort,
    /// An operand the walk starts from cannot be read: no path.
    Unwalked,
}

/// Everything a question reads about one tag.
#[derive(Copy, Clone, Debug)]
pub(super) struct TagSummary {
    pub node: NodeId,
    pub base: Result<Option<NodeId>, Fault>,
    pub access: Result<Option<NodeId>, Fault>,
    pub offset: Result<u64, Fault>,
    pub new_format: bool,
    /// `isTypeImmutable`.
    pub immutable: bool,
    /// The chain of parents of the access type (empty without one).
    pub chain: Result<Span, Fault>,
    /// The access path, in `path_types` / `path_offsets`.
    pub path: Span,
    pub end: PathEnd,
    /// Whether the type the path stopped at has no fields at all, so that
    /// `hasField` on it is false without a search.
    pub stop_has_no_fields: bool,
}

/// A read of a simple tag's chain or prefix outside the stores that hold
/// them. It does not happen (a simple tag's chain and path are stored
/// when its row is made, and stores only grow), but the query path reads
/// them before its panic guard, so the reads are checked, and a failed
/// one leaves the question to the path under the guard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct OutOfStore;

/// What the query path reads of a *simple* tag (see
/// [`Summaries::simple`]): enough to answer any pair of simple tags with a
/// few comparisons, in 48 bytes (the rows are larger, and the query path
/// of many distinct tags runs through every one).
///
/// A simple tag's access path is a *prefix* of steps before it first
/// reaches the access type X, then a *tail*: in the old format X's chain
/// of parents, each at offset 0, running off the root; in the new format
/// X alone, a type without fields, where the walk stops.
#[derive(Copy, Clone, Debug)]
pub(super) struct Quick {
    /// The access type X.
    pub access: NodeId,
    /// The base type.
    pub base: NodeId,
    /// The root X's chain ends at.
    pub root: NodeId,
    /// X's chain of parents: `chain_store[access_chain..=access_chain + access_depth]`.
    pub access_chain: u32,
    pub offset: u32,
    /// The prefix: `path_types` / `path_offsets` from `prefix`, `prefix_len` steps.
    pub prefix: u32,
    /// The bits of every type on the prefix or on X's chain of parents
    /// ([`Quick::bits`]): a type one of whose bits is clear is on
    /// neither, so a walk from this tag cannot meet it
    /// ([`Quick::may_meet`]).
    pub reach_bits: u64,
    /// [`Quick::bits`] of the base type.
    pub base_bits: u64,
    pub access_depth: u8,
    /// The base type's chain length minus one; [`Quick::NO_DEPTH`] when
    /// that chain is unreadable or deeper than any simple tag's access
    /// type (so the base is on no simple tag's chain).
    pub base_depth: u8,
    pub prefix_len: u8,
    flags: u8,
}

impl Quick {
    pub const NO_DEPTH: u8 = u8::MAX;
    /// The form of a tag that is not simple: it never answers. Its bits
    /// say that it may meet any type and that any walk may meet its base
    /// type, so that [`Quick::may_meet`] holds both ways between it and
    /// any entry: a question decided by the bits alone is one of two
    /// simple tags without a test of the flags.
    const NOT_SIMPLE: Quick = Quick {
        access: NodeId(0),
        base: NodeId(0),
        root: NodeId(0),
        access_chain: 0,
        access_depth: 0,
        base_depth: Quick::NO_DEPTH,
        offset: 0,
        prefix: 0,
        prefix_len: 0,
        flags: 0,
        reach_bits: u64::MAX,
        base_bits: 0,
    };
    const SIMPLE: u8 = 1;
    const NEW_FORMAT: u8 = 2;

    pub fn is_simple(&self) -> bool {
        self.flags & Quick::SIMPLE != 0
    }

    pub fn new_format(&self) -> bool {
        self.flags & Quick::NEW_FORMAT != 0
    }

    /// An access to a whole object of its base type.
    pub fn whole(&self) -> bool {
        self.base == self.access
    }

    /// The bits of `ty` in [`Quick::reach_bits`]: two of 64 (or one,
    /// when they coincide), from a multiplicative hash of the node's
    /// number (numbers come in the order nodes are read, so a plain
    /// remainder could give the structs of a regular DAG a few bits only).
    /// With the four types of a field tag's walk (its struct, the field's
    /// scalar, char, the root), a type not among them has both its bits
    /// set about once in 70 (one bit: once in 16).
    #[inline]
    pub fn bits(ty: NodeId) -> u64 {
        let h = u64::from(ty.0).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        1 << (h >> 58) | 1 << (h >> 52 & 63)
    }

    /// Whether a walk from this tag may meet `other`'s base type: on this
    /// tag's prefix, or on its access type's chain (where a whole access
    /// of `other` also meets it, its base type being its access type).
    /// When neither of two simple tags of one root may meet the other's
    /// base type, every test of `simple_subobject` (in [`super::query`]),
    /// both ways, leaves the question open: they do not alias.
    #[inline]
    pub fn may_meet(&self, other: &Quick) -> bool {
        debug_assert!(!other.is_simple() || other.base_bits == Quick::bits(other.base));
        self.reach_bits & other.base_bits == other.base_bits
    }
}

/// The table of tag rows, the stores they point into, and the chains of
/// parents of every type met (shared by the tags whose access type it is).
#[derive(Clone, Debug, Default)]
pub struct Summaries {
    rows: Vec<TagSummary>,
    /// Indexed by row: what a question about two simple tags reads.
    quick: Vec<Quick>,
    /// Indexed by node: the node's row plus one, 0 for none yet.
    row_of: Vec<u32>,
    /// Indexed by node: the node's chain of parents (itself first, the
    /// root last), once computed.
    chains: Vec<Option<Result<Span, Fault>>>,
    chain_store: Vec<NodeId>,
    path_types: Vec<NodeId>,
    path_offsets: Vec<u64>,
    faults: Vec<Malformed>,
}

impl Summaries {
    /// The row of `tag`, made on first sight.
    pub fn tag(&mut self, g: &MetadataGraph, tag: NodeId) -> TagRef {
        let i = tag.index();
        if self.row_of.len() <= i {
            self.row_of.resize(g.len().max(i + 1), 0);
        }
        if self.row_of[i] != 0 {
            return TagRef(self.row_of[i] - 1);
        }
        let row = self.summarize(g, AccessTag(tag));
        let quick = self.simple(g, &row).unwrap_or(Quick::NOT_SIMPLE);
        self.quick.push(quick);
        self.rows.push(row);
        self.row_of[i] = self.rows.len() as u32;
        TagRef(self.rows.len() as u32 - 1)
    }

    pub(super) fn row(&self, r: TagRef) -> &TagSummary {
        &self.rows[r.index()]
    }

    /// The value of a read, or the failure its [`Fault`] stands for.
    #[inline]
    pub(super) fn read<T>(&self, r: Result<T, Fault>) -> Result<T, Malformed> {
        r.map_err(|f| self.fault(f))
    }

    /// The failure a [`Fault`] stands for.
    #[cold]
    pub(super) fn fault(&self, Fault(i): Fault) -> Malformed {
        self.faults[i as usize]
    }

    pub(super) fn chain_of(&self, span: Span) -> &[NodeId] {
        &self.chain_store[span.range()]
    }

    fn new_fault(&mut self, m: Malformed) -> Fault {
        self.faults.push(m);
        Fault(self.faults.len() as u32 - 1)
    }

    fn keep<T>(&mut self, r: Result<T, Malformed>) -> Result<T, Fault> {
        r.map_err(|m| self.new_fault(m))
    }

    fn summarize(&mut self, g: &MetadataGraph, tag: AccessTag) -> TagSummary {
        let base = tag.base_type(g);
        // A tag of four or more operands is asked its format, which reads
        // the access type's (`TBAAStructTagNode::isNewFormat`).
        let access = match tag.access_type(g) {
            Ok(Some(ty)) if g.num_operands(tag.node()) >= 4 => {
                TypeNode::read(g, ty).map(|_| Some(ty))
            }
            access => access,
        };
        let offset = tag.offset(g);
        let new_format = tag.is_new_format(g);
        let chain = match access {
            Ok(Some(ty)) => self.chain(g, ty),
            _ => Ok(Span::default()),
        };
        let (path, end) = match (base, access, offset) {
            (Ok(first), Ok(access), Ok(offset)) => {
                let start = self.path_types.len();
                let end = self.walk(g, first, access, offset, new_format);
                if end == PathEnd::CutShort {
                    self.path_types.truncate(start);
                    self.path_offsets.truncate(start);
                    (Span::default(), end)
                } else {
                    (Span::since(&self.path_types, start), end)
                }
            }
            _ => (Span::default(), PathEnd::Unwalked),
        };
        let stop_has_no_fields = match end {
            PathEnd::Stopped(ty) => TypeNode::of(g, ty).has_no_fields(g),
            _ => false,
        };
        TagSummary {
            node: tag.node(),
            base: self.keep(base),
            access: self.keep(access),
            offset: self.keep(offset),
            new_format,
            immutable: tag.is_immutable(g),
            chain,
            path,
            end,
            stop_has_no_fields,
        }
    }

    /// The [`Quick`] form of a simple tag, `None` for any other. A tag is
    /// simple when every operand a question reads is readable (base type
    /// B, access type X, an offset below 2^32, X's chain of parents) and
    /// its access path is a prefix of steps before it first reaches X, then
    ///
    /// * old format: X's chain of parents, each at offset 0, running off
    ///   the root (clang's `!{!S, !int, i64 4}` with `!int = !{!"int",
    ///   !char, i64 0}`);
    /// * new format: X alone, where the walk stops, X having no fields.
    ///
    /// A *plain scalar access* (clang's `!{!int, !int, i64 0}`) is a simple
    /// tag whose base type is its access type, at offset 0: its prefix is
    /// empty. [`super::query`] answers two simple tags from their
    /// [`Quick`] forms alone.
    fn simple(&mut self, g: &MetadataGraph, row: &TagSummary) -> Option<Quick> {
        let (Ok(Some(base)), Ok(Some(access))) = (row.base, row.access) else {
            return None;
        };
        let offset = u32::try_from(row.offset.ok()?).ok()?;
        let chain = row.chain.ok()?;
        let access_depth = u8::try_from(chain.len - 1)
            .ok()
            .filter(|&d| d < Quick::NO_DEPTH)?;
        let path = self.view(row);
        let reached = path.types.iter().position(|&t| t == access)?;
        let tail_is_chain = if row.new_format {
            row.end == PathEnd::Stopped(access) && row.stop_has_no_fields
        } else {
            row.end == PathEnd::RanOff
                && path.types[reached..] == *self.chain_of(chain)
                && path.offsets[reached..].iter().all(|&off| off == 0)
        };
        if !tail_is_chain {
            return None;
        }
        let prefix_len = u8::try_from(reached).ok()?;
        let reach_bits = path.types[..reached]
            .iter()
            .chain(self.chain_of(chain))
            .fold(0, |bits, &t| bits | Quick::bits(t));
        let base_depth = match self.chain(g, base) {
            Ok(span) => u8::try_from(span.len - 1).unwrap_or(Quick::NO_DEPTH),
            Err(_) => Quick::NO_DEPTH,
        };
        let mut flags = Quick::SIMPLE;
        if row.new_format {
            flags |= Quick::NEW_FORMAT;
        }
        let root = *self.chain_of(chain).last()?;
        Some(Quick {
            access,
            base,
            root,
            access_chain: chain.start,
            access_depth,
            base_depth,
            offset,
            prefix: row.path.start,
            prefix_len,
            base_bits: Quick::bits(base),
            flags,
            reach_bits,
        })
    }

    /// The number of rows.
    pub(super) fn len(&self) -> usize {
        self.rows.len()
    }

    /// The [`Quick`] form of a tag, `None` unless it is simple (or has
    /// no row). Cannot panic.
    #[inline]
    pub(super) fn simple_entry(&self, r: TagRef) -> Option<&Quick> {
        let q = self.quick.get(r.index())?;
        q.is_simple().then_some(q)
    }

    /// The [`Quick`] forms of two tags, simple or not (see
    /// [`Quick::NOT_SIMPLE`]), `None` unless both have rows. Cannot panic.
    #[inline]
    pub(super) fn entry_pair(&self, a: TagRef, b: TagRef) -> Option<(&Quick, &Quick)> {
        // Both rows below the length in one test (so that the reads need
        // none of their own).
        if a.0.max(b.0) as usize >= self.quick.len() {
            return None;
        }
        Some((self.quick.get(a.index())?, self.quick.get(b.index())?))
    }

    /// The [`Quick`] forms of two tags, `None` unless both are simple.
    #[inline]
    pub(super) fn simple_pair(&self, a: TagRef, b: TagRef) -> Option<(&Quick, &Quick)> {
        let (qa, qb) = self.entry_pair(a, b)?;
        (qa.flags & qb.flags & Quick::SIMPLE != 0).then_some((qa, qb))
    }

    /// The access type of a *plain scalar access* (a simple tag whose base
    /// type is its access type, at offset 0), `None` for any other tag.
    pub(super) fn plain_access(&self, r: TagRef) -> Option<NodeId> {
        self.simple_entry(r)
            .filter(|q| q.whole() && q.offset == 0)
            .map(|q| q.access)
    }

    /// Whether `ty`, whose chain of parents is `depth` + 1 long, is on
    /// the chain of the simple tag `of`'s access type (its ancestor, or
    /// itself). Chains are suffixes of one another, so `ty` can only be
    /// at one place. Cannot panic.
    #[inline]
    pub(super) fn on_access_chain(
        &self,
        ty: NodeId,
        depth: u8,
        of: &Quick,
    ) -> Result<bool, OutOfStore> {
        if depth > of.access_depth {
            return Ok(false);
        }
        let at = of.access_chain as usize + usize::from(of.access_depth - depth);
        Ok(*self.chain_store.get(at).ok_or(OutOfStore)? == ty)
    }

    /// Where a simple tag's prefix meets `ty` (the first time), with the
    /// walk's offset there. Cannot panic.
    #[inline]
    pub(super) fn prefix_meets(&self, q: &Quick, ty: NodeId) -> Result<Option<u64>, OutOfStore> {
        if q.reach_bits & Quick::bits(ty) != Quick::bits(ty) {
            return Ok(None);
        }
        let start = q.prefix as usize;
        let range = start..start + usize::from(q.prefix_len);
        let types = self.path_types.get(range).ok_or(OutOfStore)?;
        match types.iter().position(|&t| t == ty) {
            Some(i) => Ok(Some(*self.path_offsets.get(start + i).ok_or(OutOfStore)?)),
            None => Ok(None),
        }
    }

    /// The type, its parent, its parent's parent, ... up to the root.
    /// A repeated node is a cycle (LLVM: `Cycle found in TBAA metadata.`).
    pub fn ancestors(&mut self, g: &MetadataGraph, ty: NodeId) -> Result<&[NodeId], Malformed> {
        let span = self.chain(g, ty);
        let span = self.read(span)?;
        Ok(self.chain_of(span))
    }

    /// Where the chain of `ty` is in `chain_store`, computing it once.
    pub(super) fn chain(&mut self, g: &MetadataGraph, ty: NodeId) -> Result<Span, Fault> {
        if self.chains.len() <= ty.index() {
            self.chains.resize(g.len().max(ty.index() + 1), None);
        }
        if let Some(known) = self.chains[ty.index()] {
            return known;
        }
        let start = self.chain_store.len();
        let mut cur = Some(ty);
        let mut failure = None;
        while let Some(t) = cur {
            // Chains are short; a linear scan beats hashing until they are not.
            let seen = &self.chain_store[start..];
            let repeated = if seen.len() < 32 {
                seen.contains(&t)
            } else {
                seen.iter().collect::<FxHashSet<_>>().contains(&t)
            };
            if repeated {
                failure = Some(Malformed::new(t, Problem::ParentCycle));
                break;
            }
            self.chain_store.push(t);
            match TypeNode::read(g, t).and_then(|t| t.parent(g)) {
                Ok(p) => cur = p,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        let known = match failure {
            Some(e) => {
                self.chain_store.truncate(start);
                Err(self.new_fault(e))
            }
            None => Ok(Span::since(&self.chain_store, start)),
        };
        self.chains[ty.index()] = Some(known);
        known
    }

    /// Walks the access path of a tag whose base type, access type and
    /// offset are readable, appending its steps to the path stores: the
    /// (type, offset) pairs LLVM's walk visits, from the base type at the
    /// tag's offset, one field at a time (old format: on up through scalar
    /// parents to the root; new format: stopping at the access type).
    ///
    /// In a DAG a walk never visits a type twice, so a walk longer than
    /// the graph has nodes is going round a cycle (LLVM loops forever
    /// unless it meets what it looks for): it ends [`PathEnd::CutShort`].
    fn walk(
        &mut self,
        g: &MetadataGraph,
        first: Option<NodeId>,
        access: Option<NodeId>,
        mut offset: u64,
        new_format: bool,
    ) -> PathEnd {
        let mut current = first;
        let mut steps_left = g.len();
        loop {
            let Some(ty) = current else {
                return PathEnd::RanOff;
            };
            self.path_types.push(ty);
            self.path_offsets.push(offset);
            if new_format && Some(ty) == access {
                return PathEnd::Stopped(ty);
            }
            if steps_left == 0 {
                return PathEnd::CutShort;
            }
            steps_left -= 1;
            match TypeNode::read(g, ty).and_then(|t| t.field_at(g, offset)) {
                Ok(Some((field, rebased))) => {
                    current = Some(field);
                    offset = rebased;
                }
                Ok(None) => current = None,
                Err(e) => return PathEnd::Failed(self.new_fault(e)),
            }
        }
    }

    /// The path of a row whose walk was cut short, walked again against
    /// the graph as it is now, onto the ends of the stores; the caller
    /// forgets it with [`Summaries::forget_since`] after use. The failure
    /// it ends in names the first type of the walk, where LLVM's endless
    /// loop starts.
    pub(super) fn rewalk(&mut self, g: &MetadataGraph, row: &TagSummary) -> (Span, PathEnd) {
        let (Ok(first), Ok(access), Ok(offset)) = (row.base, row.access, row.offset) else {
            unreachable!("a cut-short walk started from readable operands")
        };
        let start = self.path_types.len();
        let end = match self.walk(g, first, access, offset, row.new_format) {
            PathEnd::CutShort => {
                let at = first.unwrap_or(self.path_types[start]);
                PathEnd::Failed(self.new_fault(Malformed::new(at, Problem::PathCycle)))
            }
            end => end,
        };
        (Span::since(&self.path_types, start), end)
    }

    /// The steps of a tag's access path and how it ends; a path that was
    /// not kept (cut short round a cycle) is walked again and ends
    /// [`PathEnd::CutShort`], its steps forgotten afterwards.
    pub(super) fn path_steps(
        &mut self,
        g: &MetadataGraph,
        tag: TagRef,
    ) -> (Vec<(NodeId, u64)>, PathEnd) {
        let row = *self.row(tag);
        let steps = |view: PathView| {
            let steps = view.types.iter().copied().zip(view.offsets.iter().copied());
            (steps.collect(), view.end)
        };
        let (Ok(first), Ok(access), Ok(offset), PathEnd::CutShort) =
            (row.base, row.access, row.offset, row.end)
        else {
            return steps(self.view(&row));
        };
        let mark = self.mark();
        let start = self.path_types.len();
        let end = self.walk(g, first, access, offset, row.new_format);
        let out = steps(self.view_of(Span::since(&self.path_types, start), end));
        self.forget_since(mark);
        out
    }

    /// Where the stores end now, for [`Summaries::forget_since`].
    pub(super) fn mark(&self) -> Mark {
        Mark {
            paths: self.path_types.len(),
            faults: self.faults.len(),
        }
    }

    /// Forgets the walks (and the faults they ended in) made since `mark`,
    /// so that asking again does not grow the tables.
    pub(super) fn forget_since(&mut self, mark: Mark) {
        self.path_types.truncate(mark.paths);
        self.path_offsets.truncate(mark.paths);
        self.faults.truncate(mark.faults);
    }

    /// A row's kept access path.
    pub(super) fn view(&self, row: &TagSummary) -> PathView<'_> {
        self.view_of(row.path, row.end)
    }

    pub(super) fn view_of(&self, span: Span, end: PathEnd) -> PathView<'_> {
        PathView {
            types: &self.path_types[span.range()],
            offsets: &self.path_offsets[span.range()],
            end,
        }
    }
}

/// The end of the stores at some moment ([`Summaries::mark`]).
#[derive(Copy, Clone, Debug)]
pub(super) struct Mark {
    paths: usize,
    faults: usize,
}

/// An access path as a question reads it: the types and offsets of its
/// steps, and how it ends.
#[derive(Copy, Clone, Debug)]
pub(super) struct PathView<'a> {
    pub types: &'a [NodeId],
    pub offsets: &'a [u64],
    pub end: PathEnd,
}

#[cfg(test)]
mod tests {
    use super::{Quick, TagSummary};

    /// The sizes the README's memory bound is stated in.
    #[test]
    fn rows_are_as_small_as_documented() {
        assert!(
            std::mem::size_of::<TagSummary>() <= 72,
            "{}",
            std::mem::size_of::<TagSummary>()
        );
        assert!(std::mem::size_of::<Quick>() <= 48);
    }
}
