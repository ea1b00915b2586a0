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
//! [`TbaaOracle`] keeps the derived data worth keeping: the chain of
//! parents of each access type, the operands of each tag, each tag's
//! access path (the steps of its walk, taken once), and whether a
//! tag is a *plain scalar access* (clang's `!{!int, !int, i64 0}`), for
//! which the walks reduce to comparing two chains
//! ([`TbaaOracle::aliases`]); tag-pair answers are memoized by the caller,
//! which knows node identity best.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::graph::{Malformed, MetadataGraph, NodeId, Problem};
use crate::tbaa::nodes::{
    describe_tag, describe_type, field_at, is_new_format_type, parent, AccessTag, FieldLayout,
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

/// `createAccessTag`: the tag for a whole-object access of type `ty`; none
/// for a missing type or a root (fewer than two operands).
pub fn access_tag_for(g: &MetadataGraph, ty: Option<NodeId>) -> GenericTag {
    match ty {
        Some(ty) if g.num_operands(ty) >= 2 => GenericTag::AccessTo {
            ty,
            new_format: is_new_format_type(g, ty),
        },
        _ => GenericTag::None,
    }
}

/// Answers TBAA questions over one graph; caches chains of parents.
#[derive(Clone, Debug, Default)]
pub struct TbaaOracle {
    /// Indexed by node: where the node's chain of parents (itself first,
    /// the root last) sits in `chain_store`.
    chains: Vec<Chain>,
    chain_store: Vec<NodeId>,
    /// Why a node has no chain (a cycle, an unreadable node).
    chain_errors: FxHashMap<NodeId, Malformed>,
    /// Indexed by node: the operands of each tag asked about, read once.
    tags: Vec<Option<TagFacts>>,
    /// Indexed by node: whether the tag is a plain scalar access (see
    /// [`TbaaOracle::plain_scalar_access`]); decided once per tag.
    plain: Vec<Plain>,
    /// Indexed by tag node: where the tag's access path sits in
    /// `path_store`, walked once.
    paths: Vec<PathSlot>,
    /// The (type, offset) steps of the access paths.
    path_store: Vec<(NodeId, u64)>,
}

/// How an access path ends after its last step.
#[derive(Copy, Clone, Debug)]
enum PathEnd {
    /// There is no field at the offset (or no type to start from).
    RanOff,
    /// New format: the walk reached the tag's access type and stops there.
    Stopped(NodeId),
    /// The next step cannot be taken: LLVM would crash or loop.
    Failed(Malformed),
}

impl PathEnd {
    /// A walk stopped by the step bound, which grows with the graph: such
    /// a path is not kept.
    fn cut_short(self) -> bool {
        matches!(
            self,
            PathEnd::Failed(Malformed {
                problem: Problem::PathCycle,
                ..
            })
        )
    }
}

#[derive(Copy, Clone, Debug, Default)]
enum PathSlot {
    #[default]
    Unknown,
    At {
        start: u32,
        len: u32,
        end: PathEnd,
    },
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
enum Plain {
    #[default]
    Unknown,
    /// A plain scalar access to this type.
    Yes(NodeId),
    No,
}

/// What a tag says, read once. Each read keeps its own outcome, so that an
/// unreadable operand only matters where LLVM would read it.
#[derive(Copy, Clone, Debug)]
struct TagFacts {
    tag: AccessTag,
    base: Result<Option<NodeId>, Malformed>,
    access: Result<Option<NodeId>, Malformed>,
    offset: Result<u64, Malformed>,
    new_format: bool,
}

#[derive(Copy, Clone, Debug, Default)]
enum Chain {
    #[default]
    Unknown,
    At {
        start: u32,
        len: u32,
    },
    Broken,
}

impl TbaaOracle {
    pub fn new() -> TbaaOracle {
        TbaaOracle::default()
    }

    fn facts(&mut self, g: &MetadataGraph, tag: AccessTag) -> TagFacts {
        let i = tag.node().index();
        if self.tags.len() <= i {
            self.tags.resize(g.len().max(i + 1), None);
        }
        *self.tags[i].get_or_insert_with(|| TagFacts {
            tag,
            base: tag.base_type(g),
            access: tag.access_type(g),
            offset: tag.offset(g),
            new_format: tag.is_new_format(g),
        })
    }

    /// The type, its parent, its parent's parent, ... up to the root.
    /// A repeated node is a cycle (LLVM: `Cycle found in TBAA metadata.`).
    pub fn ancestors(&mut self, g: &MetadataGraph, ty: NodeId) -> Result<&[NodeId], Malformed> {
        let (start, len) = self.chain(g, ty)?;
        Ok(&self.chain_store[start..start + len])
    }

    /// Where the chain of `ty` is in `chain_store`, computing it once.
    fn chain(&mut self, g: &MetadataGraph, ty: NodeId) -> Result<(usize, usize), Malformed> {
        if self.chains.len() <= ty.index() {
            self.chains
                .resize(g.len().max(ty.index() + 1), Chain::Unknown);
        }
        match self.chains[ty.index()] {
            Chain::At { start, len } => return Ok((start as usize, len as usize)),
            Chain::Broken => return Err(self.chain_errors[&ty]),
            Chain::Unknown => {}
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
            match parent(g, t) {
                Ok(p) => cur = p,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        if let Some(e) = failure {
            self.chain_store.truncate(start);
            self.chains[ty.index()] = Chain::Broken;
            self.chain_errors.insert(ty, e);
            return Err(e);
        }
        let len = self.chain_store.len() - start;
        self.chains[ty.index()] = Chain::At {
            start: start as u32,
            len: len as u32,
        };
        Ok((start, len))
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
        let (sa, la) = self.chain(g, a)?;
        let (sb, lb) = self.chain(g, b)?;
        let chain_a = &self.chain_store[sa..sa + la];
        let chain_b = &self.chain_store[sb..sb + lb];
        let common = chain_a
            .iter()
            .rev()
            .zip(chain_b.iter().rev())
            .take_while(|(x, y)| x == y)
            .last()
            .map(|(x, _)| *x);
        Ok(common)
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
        let (base, sub) = (self.facts(g, base), self.facts(g, sub));
        self.subobject_match(g, &base, &sub, common)
    }

    /// `matchAccessTags(A, B)`: whether the accesses may alias, and the most
    /// generic tag for their merge. Order-sensitive in the tag only.
    pub fn match_access_tags(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Result<TagMatch, Malformed> {
        if a == b {
            return Ok(TagMatch {
                may_alias: true,
                generic: a.map_or(GenericTag::None, GenericTag::Existing),
                reason: if a.is_some() {
                    Reason::SameTag
                } else {
                    Reason::Untagged
                },
            });
        }
        let (Some(a), Some(b)) = (a, b) else {
            return Ok(TagMatch {
                may_alias: true,
                generic: GenericTag::None,
                reason: Reason::Untagged,
            });
        };
        let a = self.facts(g, AccessTag(a));
        let b = self.facts(g, AccessTag(b));
        let Some(common) = self.least_common_type(g, a.access?, b.access?)? else {
            return Ok(TagMatch {
                may_alias: true,
                generic: GenericTag::None,
                reason: Reason::NoCommonType,
            });
        };
        if let Some(m) = self.subobject_match(g, &a, &b, common)? {
            return Ok(m);
        }
        if let Some(m) = self.subobject_match(g, &b, &a, common)? {
            return Ok(m);
        }
        Ok(TagMatch {
            may_alias: false,
            generic: access_tag_for(g, Some(common)),
            reason: Reason::Disjoint { common },
        })
    }

    /// `TypeBasedAAResult::Aliases`: the answer of
    /// [`TbaaOracle::match_access_tags`], without its generic tag and
    /// reason.
    ///
    /// Most tags real frontends emit are plain scalar accesses
    /// ([`TbaaOracle::plain_scalar_access`]). For two of those the walks of
    /// `matchAccessTags` only climb chains of parents, so the answer is
    /// whether either access type is the least common type of the two (or
    /// there is none): one comparison of two cached chains, no walk.
    pub fn aliases(
        &mut self,
        g: &MetadataGraph,
        a: Option<NodeId>,
        b: Option<NodeId>,
    ) -> Result<bool, Malformed> {
        if let (Some(x), Some(y)) = (a, b) {
            if x != y {
                if let (Some(tx), Some(ty)) = (
                    self.plain_scalar_access(g, x),
                    self.plain_scalar_access(g, y),
                ) {
                    let common = self.least_common_type(g, Some(tx), Some(ty))?;
                    return Ok(common.is_none_or(|c| c == tx || c == ty));
                }
            }
        }
        Ok(self.match_access_tags(g, a, b)?.may_alias)
    }

    /// The access type of a *plain scalar access* tag, `None` for any other
    /// tag. A plain scalar access is an old-format tag whose base and
    /// access type are one type T at offset 0, where walking from T at
    /// offset 0 (what `matchAccessTags` does) visits exactly T's chain of
    /// parents, each at offset 0, and then runs off the root: every node on
    /// the chain has its parent as the field at offset 0 (clang's
    /// `!{!"int", !char, i64 0}` scalars). Whether a tag is plain is
    /// decided once.
    ///
    /// For two different plain tags with access types X and Y,
    /// `matchAccessTags` answers "may alias" exactly when the types share
    /// no root, or their least common type is X or Y: the walk from X meets
    /// Y iff Y is an ancestor of X (then Y is the least common type), and a
    /// whole-object access to the least common type aliases anything below
    /// it; otherwise both walks run off the root without meeting.
    pub fn plain_scalar_access(&mut self, g: &MetadataGraph, tag: NodeId) -> Option<NodeId> {
        let i = tag.index();
        if self.plain.len() <= i {
            self.plain.resize(g.len().max(i + 1), Plain::Unknown);
        }
        match self.plain[i] {
            Plain::Yes(t) => return Some(t),
            Plain::No => return None,
            Plain::Unknown => {}
        }
        let decided = self.decide_plain(g, AccessTag(tag));
        self.plain[i] = decided.map_or(Plain::No, Plain::Yes);
        decided
    }

    fn decide_plain(&mut self, g: &MetadataGraph, tag: AccessTag) -> Option<NodeId> {
        let f = self.facts(g, tag);
        let ty = f.access.ok()??;
        if f.new_format || f.base != Ok(Some(ty)) || f.offset != Ok(0) {
            return None;
        }
        let (cs, cl) = self.chain(g, ty).ok()?;
        // The tag's own walk (kept for later queries anyway) must be the
        // chain, every step at offset 0, and run off the root.
        let (ps, pl, end) = self.access_path(g, &f);
        let walk = &self.path_store[ps..ps + pl];
        let chain = &self.chain_store[cs..cs + cl];
        let plain = matches!(end, PathEnd::RanOff)
            && walk.len() == chain.len()
            && walk
                .iter()
                .zip(chain)
                .all(|(&(t, off), &c)| t == c && off == 0);
        self.release_path(ps, end);
        plain.then_some(ty)
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
}

impl TbaaOracle {
    /// [`TbaaOracle::may_be_access_to_subobject`] on tags whose operands
    /// have been read. The operands are checked in LLVM's order, so that
    /// the first unreadable one LLVM would read is the one reported.
    fn subobject_match(
        &mut self,
        g: &MetadataGraph,
        base: &TagFacts,
        sub: &TagFacts,
        common: NodeId,
    ) -> Result<Option<TagMatch>, Malformed> {
        let base_access = base.access?;
        // A whole object of the common type contains any subobject.
        if base_access == base.base? && base_access == Some(common) {
            return Ok(Some(TagMatch {
                may_alias: true,
                generic: access_tag_for(g, Some(common)),
                reason: Reason::WholeObject {
                    whole: base.tag.node(),
                    common,
                },
            }));
        }
        let sub_base = sub.base?;
        base.offset?;

        // Walk down from the base type along the offset: does the walk
        // meet the other access's base type?
        let (start, len, end) = self.access_path(g, base);
        let met = self.path_store[start..start + len]
            .iter()
            .find(|&&(ty, _)| Some(ty) == sub_base)
            .copied();
        self.release_path(start, end);
        if let Some((ty, offset)) = met {
            let may_alias =
                offset == sub.offset? || Some(ty) == base_access || sub_base == sub.access?;
            let generic = if may_alias {
                // LLVM 22.1.8 reuses the subobject tag as it is, even
                // its immutable flag when the other access is mutable.
                GenericTag::Existing(sub.tag.node())
            } else {
                access_tag_for(g, Some(common))
            };
            return Ok(Some(TagMatch {
                may_alias,
                generic,
                reason: Reason::PathMeets {
                    base: base.tag.node(),
                    sub: sub.tag.node(),
                    ty,
                    offset,
                },
            }));
        }
        let stop = match end {
            PathEnd::Failed(e) => return Err(e),
            PathEnd::Stopped(ty) => ty,
            // LLVM asserts, then dereferences null in `hasField`.
            PathEnd::RanOff if base.new_format => {
                return Err(Malformed::new(base.tag.node(), Problem::WalkLeftPath))
            }
            PathEnd::RanOff => return Ok(None),
        };

        // New format: the access type may contain the other base type as a
        // field at any depth (aggregate access types).
        if has_field(g, stop, sub_base)? {
            return Ok(Some(TagMatch {
                may_alias: true,
                generic: access_tag_for(g, Some(common)),
                reason: Reason::HasField {
                    base: base.tag.node(),
                    sub: sub.tag.node(),
                    access: stop,
                },
            }));
        }
        Ok(None)
    }

    /// Drops a path [`TbaaOracle::access_path`] returned but did not keep
    /// (a walk cut short), once the caller is done with it.
    fn release_path(&mut self, start: usize, end: PathEnd) {
        if end.cut_short() {
            self.path_store.truncate(start);
        }
    }

    /// The access path of a tag whose base type, access type and offset
    /// are readable: the (type, offset) pairs LLVM's walk visits, from the
    /// base type at the tag's offset, one field at a time (old format: on
    /// up through scalar parents to the root; new format: stopping at the
    /// access type), and how it ends. Walked once per tag; where it sits
    /// in `path_store`.
    ///
    /// In a DAG a walk never visits a type twice, so a walk longer than
    /// the graph has nodes is going round a cycle (LLVM loops forever
    /// unless it meets what it looks for): it ends in
    /// [`Problem::PathCycle`], and since the bound grows with the graph,
    /// such a path is not kept: the caller releases it after use
    /// ([`TbaaOracle::release_path`]).
    fn access_path(&mut self, g: &MetadataGraph, tag: &TagFacts) -> (usize, usize, PathEnd) {
        let i = tag.tag.node().index();
        if self.paths.len() <= i {
            self.paths.resize(g.len().max(i + 1), PathSlot::Unknown);
        }
        if let PathSlot::At { start, len, end } = self.paths[i] {
            return (start as usize, len as usize, end);
        }
        let (Ok(first), Ok(access), Ok(mut offset)) = (tag.base, tag.access, tag.offset) else {
            unreachable!("callers read the operands first")
        };
        let start = self.path_store.len();
        let mut current = first;
        let mut steps_left = g.len();
        let end = loop {
            let Some(ty) = current else {
                break PathEnd::RanOff;
            };
            self.path_store.push((ty, offset));
            if tag.new_format && Some(ty) == access {
                break PathEnd::Stopped(ty);
            }
            if steps_left == 0 {
                break PathEnd::Failed(Malformed::new(first.unwrap_or(ty), Problem::PathCycle));
            }
            steps_left -= 1;
            match field_at(g, ty, offset) {
                Ok(Some((field, rebased))) => {
                    current = Some(field);
                    offset = rebased;
                }
                Ok(None) => current = None,
                Err(e) => break PathEnd::Failed(e),
            }
        };
        let len = self.path_store.len() - start;
        if !end.cut_short() {
            self.paths[i] = PathSlot::At {
                start: start as u32,
                len: len as u32,
                end,
            };
        }
        (start, len, end)
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
    struct Frame {
        node: NodeId,
        first: usize,
        stride: usize,
        count: usize,
        next: usize,
    }
    let frame = |node: NodeId| -> Result<Frame, Malformed> {
        let n = g.operands(node)?.len();
        let FieldLayout { first, stride } = FieldLayout::of(g, node);
        if n < first {
            // LLVM computes the field count in unsigned arithmetic and wraps.
            return Err(Malformed::new(node, Problem::TooFewOperands));
        }
        Ok(Frame {
            node,
            first,
            stride,
            count: (n - first) / stride,
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
