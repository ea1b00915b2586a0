//! A scoped no-alias session: imported scope lists, memoized answers.
//!
//! Like [`super::tbaa::TbaaSession`]: the lists of an instruction
//! (`!alias.scope`, `!noalias`) arrive as `MDNode` pointers, are imported
//! once, and the core decides `mayAliasInScopes(Scopes, NoAlias)`, merges
//! remembered per pair of rows (the core's answer matrix). A both-ways
//! question names two accesses by their two lists each; each access seen
//! has the summaries of its two lists ([`ListSummary`]) under the pair of
//! pointers, so that a question whose accesses were seen before finds
//! them without a probe (the first is usually the last question's, see
//! [`LastLookup`], the second usually the one at its place in the sweep,
//! see [`SweepLookup`]) and is usually answered by a test of their
//! summaries' bits each way, else by the answer matrix or exact rows:
//! the ladder is [`ScopedSession::may_alias_both_ways`]. No answer is
//! kept by pointer:
//! a table of recent answers by pointer pair (as TBAA once had) cost
//! more than the matrix here, and its hits, so the cost of a question,
//! depended on where the lists happened to be allocated (the 24-list
//! bench row took 80 to 98 instructions a question as the input file's
//! name changed). Malformed lists get "may alias" and one warning per
//! offending node.

use aliaskit_core::derived;
use aliaskit_core::names::{describe_list, Slot};
use aliaskit_core::scoped::{
    merge_lists, self_reference, ListMerge, ListRef, ListSummary, ScopeLists,
};
use aliaskit_core::{Malformed, MetadataGraph, NodeId};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};

use super::decisions::{Decider, Decisions, LoggedQuestion};
use super::index::{InFront, LastLookup, PointerTable, RowIndex, SweepLookup};
use super::{MetadataImporter, Names, Warned};
use crate::plugin::ffi::types::MergeKind;

/// Log target of the scoped no-alias analysis.
pub const LOG_TARGET: &str = "aliaskit::scoped";

/// The summaries of an access's `!alias.scope` and `!noalias` lists
/// ([`ListSummary::NONE`] for a missing one): all that a both-ways
/// question reads of the access until a merge: 48 bytes, 64 with its
/// key.
#[derive(Copy, Clone, Default)]
struct AccessLists {
    scopes: ListSummary,
    noalias: ListSummary,
}

/// An access's two lists by pointer: `(!alias.scope, !noalias)`, either
/// null.
pub type AccessKey = (usize, usize);

/// The second accesses of a sweep of both-ways questions (see
/// [`SweepLookup`]), 64 bytes a place, at most 4096 places (256 KiB).
type AccessSweep = SweepLookup<AccessKey, AccessLists, { 1 << 12 }>;

pub struct ScopedSession {
    importer: MetadataImporter,
    lists: ScopeLists,
    /// The row of each list pointer seen.
    rows: RowIndex,
    /// The lists of each access seen in a both-ways question.
    accesses: PointerTable<AccessKey, AccessLists>,
    /// The last both-ways question's first access.
    first: LastLookup<AccessKey, AccessLists>,
    /// The second accesses of the current sweep.
    second: AccessSweep,
    warned: Warned,
    decisions: Decisions,
    /// Whether answers are logged: as [`super::tbaa::TbaaSession`]'s, asked
    /// of the logger once, when the session is made.
    logs: bool,
}

impl Default for ScopedSession {
    fn default() -> ScopedSession {
        ScopedSession {
            importer: MetadataImporter::default(),
            lists: ScopeLists::default(),
            rows: RowIndex::default(),
            accesses: PointerTable::default(),
            first: LastLookup::default(),
            second: Default::default(),
            warned: Warned::default(),
            decisions: Decisions::default(),
            logs: log::log_enabled!(target: LOG_TARGET, log::Level::Debug),
        }
    }
}

impl ScopedSession {
    pub fn new() -> ScopedSession {
        ScopedSession::default()
    }

    /// Forgets everything (after a caught panic).
    pub fn reset(&mut self) {
        *self = ScopedSession::new();
    }

    /// `mayAliasInScopes(scopes, noalias)`: one direction, for a call.
    ///
    /// # Safety
    /// Both pointers must be null or live nodes.
    #[inline]
    pub unsafe fn may_alias_in_scopes(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
    ) -> bool {
        self.one_way(scopes, noalias)
    }

    /// `ScopedNoAliasAAResult::alias` of accesses X and Y, each by its
    /// lists' pointers: both directions, X's scopes against Y's `!noalias`
    /// and the reverse, in LLVM's order. The ladder of a scoped question,
    /// each step tried in turn until one answers:
    ///
    /// 1. an access without lists may alias anything: the boundary's
    ///    caller answers it before asking (`shim.cpp`); asked anyway, the
    ///    steps below answer so (its lists, none, decide nothing);
    /// 2. both accesses' summaries ([`AccessLists`]): X's kept aside from
    ///    the last question ([`LastLookup`]), Y's guessed at its place in
    ///    the sweep of questions about X ([`SweepLookup`]); for another X
    ///    or a guess that fails, step 5 finds them in the table of
    ///    accesses;
    /// 3. each direction plainly "may alias" by the summaries' bits (the
    ///    usual answer: no domain bit in common,
    ///    [`ListSummary::plainly_may_alias`]), else remembered in the
    ///    answer matrix ([`ScopeLists::known_answer`]), in LLVM's order;
    /// 4. each direction decided from the summaries
    ///    ([`ScopedSession::decided_at_place`]): exact rows compared word
    ///    by word, other rows merged, then remembered;
    /// 5. the rest, `rest`: [`ScopedSession::decided_afresh`], which the
    ///    boundary runs under its panic guard: accesses not at their
    ///    places found (then as in step 4), lists read on first sight,
    ///    malformed lists reported, the accesses remembered; or, while
    ///    debug logging is on, every question decided and logged. It is
    ///    given the two keys, or `None` when both accesses are at their
    ///    places, where the session holds them (see the module notes of
    ///    `plugin::ffi`, "The query ladders").
    ///
    /// Steps 1 to 4 read fields and the summaries, rows and matrix, each
    /// read checked: they cannot panic.
    ///
    /// # Safety
    /// The keys' pointers must be null or live nodes; `rest` answers as
    /// [`ScopedSession::decided_afresh`].
    #[inline(always)]
    pub unsafe fn may_alias_both_ways(
        &mut self,
        x: AccessKey,
        y: AccessKey,
        rest: impl FnOnce(&mut ScopedSession, Option<(AccessKey, AccessKey)>) -> bool,
    ) -> bool {
        // Every question moves the sweep on; it goes on exactly while X
        // stays (step 5 leaves X as the last first access looked up).
        // While debug logging is on, `first` keeps the empty key, which
        // no question's X has (its lists, none, are answered before), and
        // no place is written: every question goes to step 5.
        debug_assert!(!self.logs || self.first.is_last((0, 0)));
        let same_x = self.first.is_last(x);
        self.second.move_on(same_x);
        if same_x {
            if let Some(y) = self.second.guess(y) {
                let x = self.first.last();
                if let Some(may_alias) = known_answer_of_accesses(&self.lists, x, y) {
                    return may_alias;
                }
                return self.decided_at_place(rest);
            }
        }
        rest(self, Some((x, y)))
    }

    /// Step 4 of [`ScopedSession::may_alias_both_ways`]: both
    /// directions decided from the summaries of the accesses at their
    /// places ([`ScopeLists::answer_of`]: exact rows compared word by
    /// word, other rows merged, then remembered), which cannot panic; else
    /// (a list that cannot be read) `rest`. Out of line: see the module
    /// notes of `plugin::ffi`, "The query ladders".
    #[inline(never)]
    fn decided_at_place(
        &mut self,
        rest: impl FnOnce(&mut ScopedSession, Option<(AccessKey, AccessKey)>) -> bool,
    ) -> bool {
        let Some((_, y)) = self.second.current() else {
            debug_assert!(false, "a question at its place has a place");
            return rest(self, None);
        };
        match answer_of_accesses(&mut self.lists, self.first.last(), y) {
            Some(may_alias) => may_alias,
            None => rest(self, None),
        }
    }

    /// Step 5 of [`ScopedSession::may_alias_both_ways`]: for two
    /// accesses seen before, not both at their places, both directions
    /// from their summaries when their lists can be read (as step 4);
    /// else both directions, each read and decided if need be (a
    /// malformed list reported), and both accesses are remembered. The
    /// question's accesses are `xy`, or, for `None`, the session's: the
    /// last question's X and the access at Y's place in the sweep.
    ///
    /// # Safety
    /// The keys' pointers must be null or live nodes.
    pub unsafe fn decided_afresh(&mut self, xy: Option<(AccessKey, AccessKey)>) -> bool {
        let (x, y) = match xy {
            Some(xy) => xy,
            None => (self.first.last_key(), self.second.current_key()),
        };
        if !self.logs && xy.is_some() {
            let seen = seen_accesses(&mut self.first, &mut self.second, &self.accesses, x, y);
            if let Some((x, y)) = seen {
                if let Some(may_alias) = answer_of_accesses(&mut self.lists, x, y) {
                    return may_alias;
                }
            }
        }
        let list = |p: usize| p as LLVMMetadataRef;
        let one = self.one_way(list(x.0), list(y.1));
        let other = self.one_way(list(y.0), list(x.1));
        self.remember_access(x);
        self.remember_access(y);
        // X is the last first access looked up from now on, so that the
        // next question about X goes on with the sweep (see SweepLookup);
        // not while logging, which asks every question of this path.
        if !self.logs {
            let _ = self.first.get_ref(&self.accesses, x);
        }
        one & other
    }

    /// Adds an access's lists to the table of accesses, reading them if
    /// need be (reading reports nothing: a malformed list is reported
    /// when a question reads it, as LLVM would).
    ///
    /// # Safety
    /// The key's pointers must be null or live nodes.
    unsafe fn remember_access(&mut self, key: AccessKey) {
        if key == (0, 0) || self.accesses.get(key).is_some() {
            return;
        }
        let lists = AccessLists {
            scopes: self.summary(key.0 as LLVMMetadataRef),
            noalias: self.summary(key.1 as LLVMMetadataRef),
        };
        self.accesses.insert(key, lists);
    }

    /// The summary of a list's row ([`ListSummary::NONE`] for null).
    ///
    /// # Safety
    /// `list` must be null or a live node.
    unsafe fn summary(&mut self, list: LLVMMetadataRef) -> ListSummary {
        if list.is_null() {
            return ListSummary::NONE;
        }
        let row = self.row(list);
        self.lists.summary(row).expect("a row of this table")
    }

    /// One direction: decided (once per pair of rows, then looked up),
    /// a malformed list reported once and answered "may alias".
    ///
    /// # Safety
    /// Both pointers must be null or live nodes.
    unsafe fn one_way(&mut self, scopes: LLVMMetadataRef, noalias: LLVMMetadataRef) -> bool {
        self.decide(scopes, noalias).unwrap_or(true)
    }

    /// The answer (decided once per pair, then looked up); malformed lists
    /// are reported once.
    ///
    /// # Safety
    /// Both pointers must be null or live nodes.
    #[inline]
    pub unsafe fn decide(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
    ) -> Result<bool, Malformed> {
        if scopes.is_null() || noalias.is_null() {
            return Ok(true);
        }
        let (s, n) = (self.row(scopes), self.row(noalias));
        self.decide_rows(scopes, noalias, s, n)
    }

    /// [`ScopedSession::decide`] of the rows of `scopes` and `noalias`.
    #[inline(always)]
    fn decide_rows(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
        s: ListRef,
        n: ListRef,
    ) -> Result<bool, Malformed> {
        let result = self.lists.may_alias(s, n);
        match result {
            Ok(may) if self.logs => self.log_answer(scopes, noalias, may),
            Ok(_) => {}
            Err(problem) => self.warn(problem, "a query"),
        }
        result
    }

    #[cold]
    fn log_answer(&self, scopes: LLVMMetadataRef, noalias: LLVMMetadataRef, may: bool) {
        log::debug!(
            target: LOG_TARGET,
            "!alias.scope {} vs !noalias {}: {}",
            self.show(self.importer.lookup(scopes)),
            self.show(self.importer.lookup(noalias)),
            if may { "may alias" } else { "no alias (a domain of the !noalias list covers every scope of the access in it)" }
        );
    }

    /// The row of a (non-null) list, read on first sight.
    ///
    /// # Safety
    /// `list` must be a live node.
    #[inline]
    unsafe fn row(&mut self, list: LLVMMetadataRef) -> ListRef {
        let (importer, lists) = (&mut self.importer, &mut self.lists);
        ListRef(self.rows.get_or_insert_with(list as usize, || {
            let id = importer.import_node(list);
            lists.list(&importer.graph, id).0
        }))
    }

    /// The merged list LLVM would attach (`getMostGenericAliasScope` or
    /// `MDNode::intersect`), as an LLVM node (null for "no list"), or the
    /// problem that makes the merge undefined.
    ///
    /// # Safety
    /// Both pointers must be null or live nodes of `ctx`.
    pub unsafe fn merge(
        &mut self,
        ctx: LLVMContextRef,
        kind: MergeKind,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> Result<LLVMMetadataRef, Malformed> {
        let ia = self.importer.import(a);
        let ib = self.importer.import(b);
        let g = &self.importer.graph;
        let merge = match kind {
            MergeKind::AliasScope => ListMerge::AliasScope,
            MergeKind::NoAlias => ListMerge::NoAlias,
        };
        let ops = match merge_lists(g, merge, ia, ib) {
            Ok(Some(ops)) => ops,
            Ok(None) => return Ok(std::ptr::null_mut()),
            Err(problem) => {
                self.warn(problem, "a merge");
                return Err(problem);
            }
        };
        if let Some(existing) = self_reference(g, &ops) {
            return Ok(self.importer.pointer(existing));
        }
        let node = ia.or(ib).expect("a merged list comes from two lists");
        self.importer.tuple(ctx, &ops).ok_or(Malformed::new(
            node,
            aliaskit_core::Problem::UnknownOperand { index: 0 },
        ))
    }

    fn show(&self, list: Option<NodeId>) -> String {
        match list {
            Some(l) => self.importer.graph.display(l, 3).to_string(),
            None => "<none>".to_owned(),
        }
    }

    fn warn(&mut self, problem: Malformed, during: &str) {
        let then =
            |_: &MetadataGraph| format!("{during} that reads it is answered MayAlias / ModRef");
        let g = &self.importer.graph;
        self.warned
            .warn(LOG_TARGET, g, "scope metadata", problem, then);
    }
}

/// The summaries of accesses X and Y (by their keys), if both were seen
/// (X's are usually the last question's), by reference: a function of
/// the two tables alone, so that the caller may go on to use the
/// session's other fields. Cannot panic.
#[inline(always)]
fn seen_accesses<'a>(
    first: &'a mut LastLookup<AccessKey, AccessLists>,
    second: &'a mut AccessSweep,
    accesses: &'a PointerTable<AccessKey, AccessLists>,
    x: AccessKey,
    y: AccessKey,
) -> Option<(&'a AccessLists, &'a AccessLists)> {
    Some((first.get_ref(accesses, x)?, second.get_ref(accesses, y)?))
}

/// Both directions of a question about two accesses, each remembered
/// in the answer matrix or plainly "may alias"
/// ([`ScopeLists::known_answer`]), in LLVM's order: the second direction
/// is not asked once the first says "no alias".
#[inline(always)]
fn known_answer_of_accesses(lists: &ScopeLists, x: &AccessLists, y: &AccessLists) -> Option<bool> {
    Some(lists.known_answer(x.scopes, y.noalias)? && lists.known_answer(y.scopes, x.noalias)?)
}

/// Both directions of a question about two accesses seen before, from
/// their summaries ([`ScopeLists::answer_of`], which remembers them);
/// `None` when a list of either cannot be read (then both directions are
/// asked again, so that the malformed list is reported). Cannot panic.
#[inline(always)]
fn answer_of_accesses(lists: &mut ScopeLists, x: &AccessLists, y: &AccessLists) -> Option<bool> {
    let one = lists.answer_of(x.scopes, y.noalias)?;
    let other = lists.answer_of(y.scopes, x.noalias)?;
    Some(one & other)
}

impl Decider for ScopedSession {
    fn parts(&mut self) -> (&mut MetadataImporter, &mut Decisions) {
        (&mut self.importer, &mut self.decisions)
    }

    unsafe fn readable(&mut self, asked: &LoggedQuestion<'_>, side: usize) -> String {
        let (numbers, node) = (asked.numbers, asked.nodes[side]);
        let list = match self.importer.import(node) {
            Some(l) => {
                let note = self.origin_note(numbers, node, |s, list, input| {
                    let importer = &s.importer;
                    let is_input = |n: NodeId| {
                        numbers
                            .number(importer.pointer(n))
                            .is_some_and(Slot::in_input)
                    };
                    derived::list_origin(&importer.graph, list, input, is_input)
                });
                let names = Names {
                    numbers,
                    importer: &self.importer,
                };
                let list = describe_list(&self.importer.graph, &names, l);
                match note {
                    Some(note) => format!("{list} ({note})"),
                    None => list,
                }
            }
            None => "none".to_owned(),
        };
        let kind = if side == 0 {
            "!alias.scope"
        } else {
            "!noalias"
        };
        format!("{kind} {list}")
    }

    unsafe fn why(&mut self, asked: &LoggedQuestion<'_>) -> String {
        let ([scopes, noalias], numbers) = (asked.nodes, asked.numbers);
        let (s, n) = (self.importer.import(scopes), self.importer.import(noalias));
        let g = &self.importer.graph;
        let names = Names {
            numbers,
            importer: &self.importer,
        };
        match self.lists.decide_nodes(g, s, n) {
            Ok(r) => r.describe(g, &names, s, n),
            Err(p) => format!("malformed metadata: {}", p.problem),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{AccessKey, AccessLists};

    /// The size the README's memory bound is stated in: a slot of the
    /// table of accesses.
    #[test]
    fn an_access_slot_is_as_small_as_documented() {
        assert!(std::mem::size_of::<(AccessKey, AccessLists)>() <= 64);
    }
}
