//! A TBAA session: imported type DAG, core oracle, memoized answers.
//!
//! One session serves every query of one analysis manager. A query names
//! its tags by `MDNode` pointer; the first time a tag is seen it is
//! imported (once, see [`super::MetadataImporter`]) and the core gives it
//! a row ([`TbaaOracle::tag`]). A query is answered from the two rows
//! ([`RowIndex`], the second usually guessed by its place in a sweep of
//! questions: [`SweepLookup`]) and the core's answer matrix, before the
//! boundary's panic guard ([`TbaaSession::look_up`]); else the core
//! decides the pair once ([`TbaaOracle::aliases_of`]). (A table of the
//! answers of the last pointer pairs in front of it all, once used here,
//! cost more than it saved once the second tag was guessed by its place:
//! 1000 tags 64.3 -> 62.9 instructions a question without it, P1 133 ->
//! 131, 10 tags 48.3 -> 50.2.) Memory stays bounded however many
//! distinct pairs a module asks about (see the README's "The query path").
//!
//! Malformed metadata gets the conservative answer (may alias, mutable) and
//! one warning per offending node, naming the node, what is wrong with it
//! and the tags whose query ran into it.

use aliaskit_core::decision::Question;
use aliaskit_core::tbaa::nodes::describe_tag;
use aliaskit_core::tbaa::{first_errno_alias, GenericTag, TagMatch, TagRef, TbaaOracle};
use aliaskit_core::{Malformed, NodeId, Operand};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};
use rustc_hash::FxHashSet;

use super::decisions::{Decider, Decisions};
use super::index::{LastLookup, RowIndex, SweepLookup};
use super::{MetadataImporter, ModuleNumbers, Names};
use aliaskit_core::derived;
use aliaskit_core::names::Slot;

/// Log target of the TBAA analysis (`RUST_LOG=aliaskit::tbaa=debug`).
pub const LOG_TARGET: &str = "aliaskit::tbaa";

/// What [`TbaaSession::look_up`] found of a question.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AtHand {
    /// The answer: may alias.
    Answer(bool),
    /// The rows of both tags, whose answer the oracle does not remember.
    Rows(TagRef, TagRef),
    /// Not both rows: a tag without one yet, or a second tag away from
    /// its place in the sweep of questions.
    Nothing,
}

pub struct TbaaSession {
    importer: MetadataImporter,
    oracle: TbaaOracle,
    /// The oracle's row of each tag pointer seen.
    rows: RowIndex,
    /// The row of the last query's first tag.
    first: LastLookup,
    /// The rows of the second tags of the last sweep of questions.
    second: SweepLookup,
    warned: FxHashSet<NodeId>,
    decisions: Decisions,
    /// Whether queries are logged (`RUST_LOG` at debug level for
    /// [`LOG_TARGET`]): asked of the logger once, when the session is made.
    /// The logger is set up when the plugin loads, before any session,
    /// and its filter never changes after that.
    logs: bool,
    /// Where the pairs that [`TbaaSession::decides_here`] begin: a pair
    /// whose rows, or'ed, are at least this (a power of two, so that it is
    /// the larger row that is) is beyond what the oracle remembers; while
    /// debug logging is on, beyond any row.
    bits_from: u64,
}

impl Default for TbaaSession {
    fn default() -> TbaaSession {
        let oracle = TbaaOracle::default();
        let logs = log::log_enabled!(target: LOG_TARGET, log::Level::Debug);
        let bits_from = if logs {
            1 << u32::BITS
        } else {
            oracle.remembered_rows() as u64
        };
        TbaaSession {
            importer: MetadataImporter::default(),
            oracle,
            rows: RowIndex::default(),
            first: LastLookup::default(),
            second: SweepLookup::default(),
            warned: FxHashSet::default(),
            decisions: Decisions::default(),
            logs,
            bits_from,
        }
    }
}

impl TbaaSession {
    pub fn new() -> TbaaSession {
        TbaaSession::default()
    }

    /// Forgets everything (after a caught panic, the state may be half
    /// updated; starting over is always correct).
    pub fn reset(&mut self) {
        *self = TbaaSession::new();
    }

    /// `Aliases(A, B)`: whether accesses tagged `a` and `b` may alias.
    ///
    /// # Safety
    /// `a` and `b` must be null or live nodes.
    #[inline]
    pub unsafe fn may_alias(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> bool {
        if a.is_null() || b.is_null() {
            return true;
        }
        match self.look_up(a, b) {
            AtHand::Answer(may_alias) => may_alias,
            AtHand::Rows(ra, rb) => match self.decided_by_walk(ra, rb) {
                Some(may_alias) => may_alias,
                None => self.may_alias_past_quick(a, b),
            },
            AtHand::Nothing => self.may_alias_past_quick(a, b),
        }
    }

    /// What is at hand of [`TbaaSession::may_alias`] for two tags (neither
    /// null: the boundary's caller answers untagged accesses itself): the
    /// answer for a repeated tag, or a pair of tags with rows whose answer
    /// the oracle remembers; else the two rows when both are known
    /// ([`TbaaSession::decided_by_bits`] may then answer); else nothing.
    ///
    /// While debug logging is on nothing is remembered (only
    /// [`TbaaSession::may_alias_past_quick`] fills the answer matrix, and
    /// it logs instead), so every question but a repeated tag goes on to
    /// be logged there without a test here.
    ///
    /// Cannot panic (it reads fields, probes the row index and reads one
    /// word of the answer matrix, each checked, and calls nothing), so the
    /// boundary may ask it before setting up its panic guard: an answered
    /// question then saves no registers.
    #[inline(always)]
    pub fn look_up(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> AtHand {
        debug_assert!(
            !a.is_null() && !b.is_null(),
            "untagged accesses are answered before"
        );
        // The first tag is looked up before a repeated tag is answered,
        // so that every question whose first tag has a row (the others
        // get one on the slow path) leaves it as the last one looked up:
        // the sweep goes on exactly while the first tag stays.
        self.second.move_on(self.first.is_last(a as usize));
        let Some(ra) = self.first.get(&self.rows, a as usize) else {
            return AtHand::Nothing;
        };
        if a == b {
            return AtHand::Answer(true);
        }
        debug_assert!(!self.logs || self.oracle.remembers_nothing());
        let Some(&rb) = self.second.guess(b as usize) else {
            return AtHand::Nothing;
        };
        let (ra, rb) = (TagRef(ra), TagRef(rb));
        match self.oracle.remembered_aliases_of(ra, rb) {
            Some(may_alias) => AtHand::Answer(may_alias),
            None => AtHand::Rows(ra, rb),
        }
    }

    /// Whether a pair whose rows [`TbaaSession::look_up`] found but whose
    /// answer is not remembered is beyond what the oracle remembers, so
    /// that [`TbaaSession::decided_by_bits`] and
    /// [`TbaaSession::decided_by_walk`] may decide it without the oracle
    /// (else it is decided and remembered under the guard); false while
    /// debug logging is on (every question goes on to be logged by
    /// [`TbaaSession::may_alias_past_quick`]). Both in one test.
    #[inline(always)]
    pub fn decides_here(&self, ra: TagRef, rb: TagRef) -> bool {
        u64::from(ra.0 | rb.0) >= self.bits_from
    }

    /// The answer of [`TbaaSession::may_alias`] for a pair
    /// ([`TbaaSession::decides_here`]) whose two summaries' bits decide it
    /// ([`TbaaOracle::aliases_by_bits`]); `None` otherwise. Calls nothing
    /// and cannot panic.
    #[inline(always)]
    pub fn decided_by_bits(&self, ra: TagRef, rb: TagRef) -> Option<bool> {
        self.oracle.aliases_by_bits(ra, rb)
    }

    /// [`TbaaSession::decided_by_bits`] with what it leaves out: the read
    /// of a chain or the walk over the prefixes, for a pair one tag of
    /// which may meet the other's base type
    /// ([`TbaaOracle::unremembered_aliases_of`], which answers only pairs
    /// beyond what the oracle remembers; `None` while debug logging is
    /// on). Cannot panic.
    #[inline(always)]
    pub fn decided_by_walk(&self, ra: TagRef, rb: TagRef) -> Option<bool> {
        if self.logs {
            return None;
        }
        self.oracle.unremembered_aliases_of(ra, rb)
    }

    /// The answer of [`TbaaSession::may_alias`] when
    /// [`TbaaSession::look_up`] did not answer but the rows of both tags
    /// are known: the second tag's row found by the index when it was not
    /// at its place in the sweep; then, for a pair beyond what the oracle
    /// remembers (the usual one here), decided from the two summaries when
    /// both tags are simple ([`TbaaOracle::unremembered_aliases_of`]),
    /// else the remembered answer; `None` otherwise, and
    /// while debug logging is on (the answer is then logged by
    /// [`TbaaSession::may_alias_past_quick`]). Cannot panic, so that
    /// functions with thousands of distinct tags are answered without the
    /// guard's frame; asked out of line, so that a guess that comes true
    /// saves no registers for the index's probe.
    #[inline]
    pub fn look_up_off_place(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> Option<bool> {
        if self.logs {
            return None;
        }
        let ra = TagRef(self.first.get(&self.rows, a as usize)?);
        let rb = TagRef(self.second.get(&self.rows, b as usize)?);
        self.oracle
            .unremembered_aliases_of(ra, rb)
            .or_else(|| self.oracle.remembered_aliases_of(ra, rb))
    }

    /// [`TbaaSession::may_alias`] of two distinct live nodes that
    /// [`TbaaSession::look_up`] did not answer: a tag seen for the first
    /// time, a pair not decided before, or a pair beyond the oracle's
    /// memory (decided again).
    ///
    /// # Safety
    /// `a` and `b` must be live nodes.
    #[inline(never)]
    pub unsafe fn may_alias_past_quick(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> bool {
        if self.logs {
            return self.may_alias_logged(a, b);
        }
        let (ra, rb) = (self.first_row(a), self.second_row(b));
        match self.oracle.aliases_of(&self.importer.graph, ra, rb) {
            Ok(may_alias) => may_alias,
            Err(problem) => self.malformed(problem, a, b),
        }
    }

    /// [`TbaaSession::may_alias`] with debug logging on: the full match,
    /// for its reasoning. Out of line, like [`TbaaSession::malformed`], so
    /// that the answering path saves no registers for either.
    ///
    /// # Safety
    /// `a` and `b` must be live nodes.
    #[cold]
    #[inline(never)]
    unsafe fn may_alias_logged(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> bool {
        self.match_tags(a, b).map_or(true, |m| m.may_alias)
    }

    /// The answer to a query that ran into malformed metadata (may alias),
    /// reported once per node.
    ///
    /// # Safety
    /// `a` and `b` must be live nodes.
    #[cold]
    #[inline(never)]
    unsafe fn malformed(
        &mut self,
        problem: Malformed,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> bool {
        let (ia, ib) = (self.importer.lookup(a), self.importer.lookup(b));
        self.warn(problem, ia, ib);
        true
    }

    /// The oracle's row of a (non-null) tag, read on first sight.
    ///
    /// # Safety
    /// `tag` must be a live node.
    #[inline]
    unsafe fn row(&mut self, tag: LLVMMetadataRef) -> TagRef {
        let (importer, oracle) = (&mut self.importer, &mut self.oracle);
        TagRef(
            self.rows
                .get_or_insert_with(tag as usize, || read_row(importer, oracle, tag)),
        )
    }

    /// [`TbaaSession::row`] of a query's first tag (see [`LastLookup`]).
    ///
    /// # Safety
    /// `tag` must be a live node.
    #[inline]
    unsafe fn first_row(&mut self, tag: LLVMMetadataRef) -> TagRef {
        let (importer, oracle) = (&mut self.importer, &mut self.oracle);
        TagRef(
            self.first
                .get_or_insert_with(&mut self.rows, tag as usize, || {
                    read_row(importer, oracle, tag)
                }),
        )
    }

    /// [`TbaaSession::row`] of the second tag of a question whose first
    /// tag is `first` (see [`SweepLookup`]).
    ///
    /// # Safety
    /// `tag` must be a live node.
    #[inline]
    unsafe fn second_row(&mut self, tag: LLVMMetadataRef) -> TagRef {
        let (importer, oracle) = (&mut self.importer, &mut self.oracle);
        TagRef(
            self.second
                .get_or_insert_with(&mut self.rows, tag as usize, || {
                    read_row(importer, oracle, tag)
                }),
        )
    }

    /// The full match of two tags (answer, generic tag, reason), computed
    /// afresh; malformed metadata is reported once per node.
    ///
    /// # Safety
    /// `a` and `b` must be null or live nodes.
    pub unsafe fn match_tags(
        &mut self,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> Result<TagMatch, Malformed> {
        let ia = self.importer.import(a);
        let ib = self.importer.import(b);
        let result = self.oracle.match_access_tags(&self.importer.graph, ia, ib);
        match &result {
            Ok(m) => {
                if self.logs {
                    log::debug!(
                        target: LOG_TARGET,
                        "{} vs {}: {}, because {}",
                        self.show(ia),
                        self.show(ib),
                        if m.may_alias { "MayAlias" } else { "NoAlias" },
                        m.reason.describe(&self.importer.graph)
                    );
                }
            }
            Err(problem) => self.warn(*problem, ia, ib),
        }
        result
    }

    /// `aliasErrno`: may the access tagged `tag` touch errno, given the
    /// module's `llvm.errno.tbaa` tags? (May, if it may alias any of them.)
    ///
    /// # Safety
    /// All pointers must be null or live nodes.
    pub unsafe fn may_alias_errno(
        &mut self,
        tag: LLVMMetadataRef,
        errno_tags: &[LLVMMetadataRef],
    ) -> bool {
        first_errno_alias(errno_tags, |e| self.may_alias(tag, e)).is_some()
    }

    /// The LLVM node for a generic tag the core computed: an existing tag,
    /// or a new uniqued `!{T, T, i64 0}` (`!{T, T, i64 0, i64 -1}` in the
    /// new format), exactly what LLVM's `createAccessTag` builds, so that
    /// pointer identity with LLVM's own result is meaningful.
    ///
    /// # Safety
    /// `ctx` must be the context the session's nodes belong to.
    pub unsafe fn generic_tag_node(
        &mut self,
        ctx: LLVMContextRef,
        tag: GenericTag,
    ) -> LLVMMetadataRef {
        match tag {
            GenericTag::None => std::ptr::null_mut(),
            GenericTag::Existing(n) => self.importer.pointer(n),
            GenericTag::AccessTo { ty, new_format } => {
                let mut ops = vec![Operand::Node(ty), Operand::Node(ty), Operand::int64(0)];
                if new_format {
                    ops.push(Operand::int64(u64::MAX));
                }
                self.importer
                    .tuple(ctx, &ops)
                    .expect("nodes and 64-bit integers always have LLVM counterparts")
            }
        }
    }

    /// Whether the tag marks immutable memory (`isTypeImmutable`).
    ///
    /// # Safety
    /// `tag` must be null or a live node.
    pub unsafe fn is_immutable(&mut self, tag: LLVMMetadataRef) -> bool {
        if tag.is_null() {
            return false;
        }
        let row = self.row(tag);
        self.oracle.is_immutable_of(row)
    }

    fn show(&self, tag: Option<NodeId>) -> String {
        match tag {
            Some(t) => describe_tag(&self.importer.graph, t),
            None => "<untagged>".to_owned(),
        }
    }

    fn warn(&mut self, problem: Malformed, a: Option<NodeId>, b: Option<NodeId>) {
        if !self.warned.insert(problem.node) {
            return;
        }
        log::warn!(
            target: LOG_TARGET,
            "malformed TBAA node {}: {}; queries that reach it (first: {} vs {}) are answered MayAlias",
            self.importer.graph.display(problem.node, 2),
            problem.problem,
            self.show(a),
            self.show(b)
        );
    }
}

/// Imports a tag and makes its oracle row.
///
/// # Safety
/// `tag` must be a live node.
unsafe fn read_row(
    importer: &mut MetadataImporter,
    oracle: &mut TbaaOracle,
    tag: LLVMMetadataRef,
) -> u32 {
    let id = importer
        .import(tag)
        .expect("a non-null tag imports as a node");
    oracle.tag(&importer.graph, id).0
}

impl TbaaSession {
    /// For a tag no access of the input carried: that, and what it was
    /// made from ([`aliaskit_core::derived`]); `None` for a tag of the
    /// input's accesses, or when the input is not known.
    ///
    /// # Safety
    /// `tag` must be null or live, `numbers` of its module.
    unsafe fn origin_note(
        &mut self,
        numbers: &dyn ModuleNumbers,
        tag: LLVMMetadataRef,
    ) -> Option<String> {
        if numbers.carried(tag)? {
            return None;
        }
        let id = self.importer.import(tag)?;
        let input = numbers
            .input_function()
            .unwrap_or_default()
            .import(&mut self.importer);
        let in_input = numbers.number(tag).is_none_or(Slot::in_input);
        let origin = derived::tag_origin(&self.importer.graph, &mut self.oracle, id, &input);
        let names = Names {
            numbers,
            importer: &self.importer,
        };
        Some(derived::describe(
            &self.importer.graph,
            &names,
            in_input,
            origin.as_ref(),
            &input,
        ))
    }
}

impl Decider for TbaaSession {
    fn parts(&mut self) -> (&mut MetadataImporter, &mut Decisions) {
        (&mut self.importer, &mut self.decisions)
    }

    unsafe fn readable(
        &mut self,
        numbers: &dyn ModuleNumbers,
        question: Question,
        side: u8,
        node: LLVMMetadataRef,
    ) -> String {
        let id = self.importer.import(node);
        let tag = self.show(id);
        match (question, side) {
            (Question::Immutable, 1) => String::new(),
            (Question::Errno, 1) => format!("!llvm.errno.tbaa {tag}"),
            _ => match self.origin_note(numbers, node) {
                Some(note) => format!("!tbaa {tag} ({note})"),
                None => format!("!tbaa {tag}"),
            },
        }
    }

    unsafe fn why(
        &mut self,
        _: &dyn ModuleNumbers,
        question: Question,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> String {
        let describe = |s: &mut TbaaSession| match s.match_tags(a, b) {
            Ok(m) => m.reason.describe(&s.importer.graph),
            Err(p) => format!("malformed metadata: {}", p.problem),
        };
        match question {
            Question::Immutable => "the tag's immutable flag is set: the memory it accesses is never written, so no store or call can modify it".to_owned(),
            Question::Errno => format!(
                "the tag does not alias the module's !llvm.errno.tbaa tags, so the access cannot touch errno ({} for the first errno tag)",
                describe(self)
            ),
            _ => describe(self),
        }
    }
}
