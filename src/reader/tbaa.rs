//! A TBAA session: imported type DAG, core oracle, memoized answers.
//!
//! One session serves every query of one analysis manager. A query names
//! its tags by `MDNode` pointer; the first time a tag is seen it is
//! imported (once, see [`super::MetadataImporter`]) and the core gives it
//! a row ([`TbaaOracle::tag`]). A query is answered from the two rows
//! ([`RowIndex`], the second usually guessed by its place in a sweep of
//! questions: [`SweepLookup`]) and the core's answer matrix or the two
//! rows' summaries; else the core decides the pair once
//! ([`TbaaOracle::aliases_of`]): the ladder is
//! [`TbaaSession::may_alias_or`]. (A table of the
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
use aliaskit_core::{Malformed, MetadataGraph, NodeId, Operand};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};

use super::decisions::{Decider, Decisions, LoggedQuestion};
use super::index::{InFront, LastLookup, RowIndex, SweepLookup};
use super::{MetadataImporter, Warned};
use aliaskit_core::derived;

/// Log target of the TBAA analysis (`RUST_LOG=aliaskit::tbaa=debug`).
pub const LOG_TARGET: &str = "aliaskit::tbaa";

pub struct TbaaSession {
    importer: MetadataImporter,
    oracle: TbaaOracle,
    /// The oracle's row of each tag pointer seen.
    rows: RowIndex,
    /// The row of the last query's first tag.
    first: LastLookup,
    /// The rows of the second tags of the last sweep of questions.
    second: SweepLookup,
    warned: Warned,
    decisions: Decisions,
    /// Whether queries are logged (`RUST_LOG` at debug level for
    /// [`LOG_TARGET`]): asked of the logger once, when the session is made.
    /// The logger is set up when the plugin loads, before any session,
    /// and its filter never changes after that.
    logs: bool,
    /// Where the pairs that [`TbaaSession::beyond_matrix`] begin: a pair
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
            warned: Warned::default(),
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

    /// `Aliases(A, B)`: whether accesses tagged `a` and `b` may alias
    /// ([`TbaaSession::may_alias_or`], its last step as it is).
    ///
    /// # Safety
    /// `a` and `b` must be null or live nodes.
    #[inline]
    pub unsafe fn may_alias(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> bool {
        self.may_alias_or(a, b, |s| s.decided_afresh(a, b))
    }

    /// `Aliases(A, B)`: the ladder of a TBAA question, each step tried in
    /// turn until one answers:
    ///
    /// 1. a null tag (may alias) or the same tag twice (may alias);
    /// 2. the rows of both tags: the first tag's kept aside from the last
    ///    question ([`LastLookup`], else probed for in the row index,
    ///    [`RowIndex`]), the second's guessed at its place in the sweep of
    ///    questions ([`SweepLookup`]; a guess that fails goes to step 5,
    ///    which finds the row and writes it at its place);
    /// 3. the answer matrix: the pair decided before
    ///    ([`TbaaOracle::remembered_aliases_of`]);
    /// 4. for a pair beyond what the matrix holds, the bits of the two
    ///    tags' summaries ([`TbaaOracle::aliases_by_bits`]);
    /// 5. the rest, `rest`: [`TbaaSession::decided_afresh`], which the
    ///    boundary runs under its panic guard: a tag seen for the first
    ///    time is imported and given a row, and the oracle decides the
    ///    pair (a pair beyond the matrix by the read of a chain or the
    ///    walk over the prefixes of two simple tags, any other pair once,
    ///    then remembered), or, while debug logging is on, the question is
    ///    logged.
    ///
    /// Steps 1 to 4 read fields, probe the index and read the matrix and
    /// the summaries, each read checked, and call nothing: they cannot
    /// panic. While debug logging is on nothing is remembered and nothing
    /// decided before step 5, which logs every question but a repeated
    /// tag.
    ///
    /// # Safety
    /// `a` and `b` must be null or live nodes; `rest` answers as
    /// [`TbaaSession::decided_afresh`] of `a` and `b`.
    #[inline(always)]
    pub unsafe fn may_alias_or(
        &mut self,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
        rest: impl FnOnce(&mut TbaaSession) -> bool,
    ) -> bool {
        if a.is_null() || b.is_null() {
            return true;
        }
        // Every question moves the sweep on, the sweep goes on exactly
        // while the first tag stays, and the first tag is looked up
        // before a repeated tag is answered: every question whose first
        // tag has a row leaves it as the last one looked up (the others
        // get one in step 5).
        self.second.move_on(self.first.is_last(a as usize));
        if let Some(ra) = self.first.get(&self.rows, a as usize) {
            if a == b {
                return true;
            }
            if let Some(&rb) = self.second.guess(b as usize) {
                let (ra, rb) = (TagRef(ra), TagRef(rb));
                debug_assert!(!self.logs || self.oracle.remembers_nothing());
                if let Some(may_alias) = self.oracle.remembered_aliases_of(ra, rb) {
                    return may_alias;
                }
                if self.beyond_matrix(ra, rb) {
                    if let Some(may_alias) = self.oracle.aliases_by_bits(ra, rb) {
                        return may_alias;
                    }
                }
            }
        }
        rest(self)
    }

    /// Whether a pair is beyond what the oracle remembers, so that step 4
    /// of [`TbaaSession::may_alias_or`] may decide it without the oracle
    /// (else it is decided and remembered in step 5); false while
    /// debug logging is on (every question goes on to be logged). Both in
    /// one test: the pair's rows, or'ed, against a power of two.
    #[inline(always)]
    fn beyond_matrix(&self, ra: TagRef, rb: TagRef) -> bool {
        u64::from(ra.0 | rb.0) >= self.bits_from
    }

    /// Step 5 of [`TbaaSession::may_alias_or`] (two live nodes): a tag
    /// seen for the first time, a pair not decided before, or a pair
    /// beyond the oracle's memory that step 4 left open.
    ///
    /// # Safety
    /// `a` and `b` must be live nodes.
    pub unsafe fn decided_afresh(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> bool {
        if self.logs {
            return self.may_alias_logged(a, b);
        }
        // Through the lookups in front of the index, so that the first tag
        // is the last one looked up and the second is at its place.
        let (importer, oracle) = (&mut self.importer, &mut self.oracle);
        let ra = row_through(&mut self.first, &mut self.rows, importer, oracle, a);
        let rb = row_through(&mut self.second, &mut self.rows, importer, oracle, b);
        match self.oracle.aliases_of(&self.importer.graph, ra, rb) {
            Ok(may_alias) => may_alias,
            Err(problem) => self.malformed(problem, a, b),
        }
    }

    /// [`TbaaSession::may_alias`] with debug logging on: the full match,
    /// for its reasoning.
    ///
    /// # Safety
    /// `a` and `b` must be live nodes.
    #[cold]
    unsafe fn may_alias_logged(&mut self, a: LLVMMetadataRef, b: LLVMMetadataRef) -> bool {
        self.match_tags(a, b).map_or(true, |m| m.may_alias)
    }

    /// The answer to a query that ran into malformed metadata (may alias),
    /// reported once per node.
    ///
    /// # Safety
    /// `a` and `b` must be live nodes.
    #[cold]
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
                        Self::show(&self.importer.graph, ia),
                        Self::show(&self.importer.graph, ib),
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

    fn show(g: &MetadataGraph, tag: Option<NodeId>) -> String {
        match tag {
            Some(t) => describe_tag(g, t),
            None => "<untagged>".to_owned(),
        }
    }

    fn warn(&mut self, problem: Malformed, a: Option<NodeId>, b: Option<NodeId>) {
        let then = |g: &MetadataGraph| {
            format!(
                "queries that reach it (first: {} vs {}) are answered MayAlias",
                Self::show(g, a),
                Self::show(g, b)
            )
        };
        let g = &self.importer.graph;
        self.warned.warn(LOG_TARGET, g, "TBAA node", problem, then);
    }
}

/// The oracle's row of a (non-null) tag, found through `lookup` (kept in
/// front of `rows`), read on first sight.
///
/// # Safety
/// `tag` must be a live node.
#[inline]
unsafe fn row_through(
    lookup: &mut impl InFront<usize, u32>,
    rows: &mut RowIndex,
    importer: &mut MetadataImporter,
    oracle: &mut TbaaOracle,
    tag: LLVMMetadataRef,
) -> TagRef {
    TagRef(lookup.get_or_insert_with(rows, tag as usize, || read_row(importer, oracle, tag)))
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
    let id = importer.import_node(tag);
    oracle.tag(&importer.graph, id).0
}

impl Decider for TbaaSession {
    fn parts(&mut self) -> (&mut MetadataImporter, &mut Decisions) {
        (&mut self.importer, &mut self.decisions)
    }

    unsafe fn readable(&mut self, asked: &LoggedQuestion<'_>, side: usize) -> String {
        let node = asked.nodes[side];
        let id = self.importer.import(node);
        let tag = Self::show(&self.importer.graph, id);
        match (asked.question, side) {
            (Question::Immutable, 1) => String::new(),
            (Question::Errno, 1) => format!("!llvm.errno.tbaa {tag}"),
            _ => match self.origin_note(asked.numbers, node, |s, id, input| {
                derived::tag_origin(&s.importer.graph, &mut s.oracle, id, input)
            }) {
                Some(note) => format!("!tbaa {tag} ({note})"),
                None => format!("!tbaa {tag}"),
            },
        }
    }

    unsafe fn why(&mut self, asked: &LoggedQuestion<'_>) -> String {
        let [a, b] = asked.nodes;
        let describe = |s: &mut TbaaSession| match s.match_tags(a, b) {
            Ok(m) => m.reason.describe(&s.importer.graph),
            Err(p) => format!("malformed metadata: {}", p.problem),
        };
        match asked.question {
            Question::Immutable => "the tag's immutable flag is set: the memory it accesses is never written, so no store or call can modify it".to_owned(),
            Question::Errno => format!(
                "the tag does not alias the module's !llvm.errno.tbaa tags, so the access cannot touch errno ({} for the first errno tag)",
                describe(self)
            ),
            _ => describe(self),
        }
    }
}
