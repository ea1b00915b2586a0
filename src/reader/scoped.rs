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
//! see [`SweepLookup`]: [`ScopedSession::look_up_both_ways`]) and
//! makes, for each direction, one test that it is plainly "may alias",
//! else a read of the core's answer matrix by the rows the summaries name
//! ([`ScopedSession::remembered_at_place`]); else, out of line, a few
//! compares of the two rows' words when the rows are exact, then
//! remembered ([`ScopedSession::decided_at_place`]); accesses not at
//! their places are probed for, out of line too
//! ([`ScopedSession::look_up_off_place`]); all before the boundary's
//! panic guard. No answer is kept by pointer:
//! a table of recent answers by pointer pair (as TBAA once had) cost
//! more than the matrix here, and its hits, so the cost of a question,
//! depended on where the lists happened to be allocated (the 24-list
//! bench row took 80 to 98 instructions a question as the input file's
//! name changed). Malformed lists get "may alias" and one warning per
//! offending node.

use aliaskit_core::decision::Question;
use aliaskit_core::derived;
use aliaskit_core::names::{describe_list, Slot};
use aliaskit_core::scoped::{
    intersect_lists, most_generic_scope_list, self_reference, ListRef, ListSummary, ScopeLists,
};
use aliaskit_core::{Malformed, NodeId};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};
use rustc_hash::FxHashSet;

use super::decisions::{Decider, Decisions};
use super::index::{Key, LastLookup, PointerTable, RowIndex, SweepLookup};
use super::{MetadataImporter, ModuleNumbers, Names};
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

/// The place of a question's second access in the sweep, as
/// [`ScopedSession::look_up_both_ways`] found it: a pointer, so that the
/// boundary hands it on in a register (an argument of an `extern "C"`
/// function) and the next step needs not find the place again. Valid
/// until the session's sweep changes, i.e. for the rest of the question
/// while nothing but [`ScopedSession::remembered_at_place`] and
/// [`ScopedSession::decided_at_place`] is asked of the session (the
/// places are a buffer of their own, which neither changes).
#[repr(transparent)]
#[derive(Copy, Clone)]
pub struct SecondAccess(*const AccessLists);

impl AccessLists {
    /// Whether both directions of a question about this access and
    /// `other` are plainly "may alias" ([`ListSummary::plainly_may_alias`]):
    /// one test, one branch.
    #[inline(always)]
    fn plainly_may_alias_with(&self, other: &AccessLists) -> bool {
        ListSummary::plainly_may_alias(self.scopes, other.noalias)
            & ListSummary::plainly_may_alias(other.scopes, self.noalias)
    }
}

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
    warned: FxHashSet<NodeId>,
    decisions: Decisions,
    /// Whether answers are logged: as [`super::tbaa::TbaaSession`]'s, asked
    /// of the logger once, when the session is made.
    logs: bool,
    /// Whether the processor has a popcount instruction, asked once, when
    /// the session is made (see [`ScopedSession::has_popcnt`]).
    popcnt: bool,
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
            warned: FxHashSet::default(),
            decisions: Decisions::default(),
            logs: log::log_enabled!(target: LOG_TARGET, log::Level::Debug),
            popcnt: processor_has_popcnt(),
        }
    }
}

/// Whether the processor has a popcount instruction.
fn processor_has_popcnt() -> bool {
    #[cfg(target_arch = "x86_64")]
    return std::arch::is_x86_feature_detected!("popcnt");
    #[cfg(not(target_arch = "x86_64"))]
    return false;
}

impl ScopedSession {
    pub fn new() -> ScopedSession {
        ScopedSession::default()
    }

    /// Whether the processor has a popcount instruction, so that the
    /// boundary may ask [`ScopedSession::look_up_off_place`] compiled for
    /// it (an exact row's word is found by the rank of its mask bit).
    #[inline(always)]
    pub fn has_popcnt(&self) -> bool {
        self.popcnt
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

    /// The first step of `ScopedNoAliasAAResult::alias` of accesses X and
    /// Y (both directions: X's scopes against Y's `!noalias`, and the
    /// reverse): Y's place when both accesses are at their places, X the
    /// last question's first access and Y the access at its place in the
    /// sweep (then [`ScopedSession::remembered_at_place`]); `None`
    /// otherwise (then [`ScopedSession::look_up_off_place`]), and always
    /// while debug logging is on. Every question moves the sweep on, so
    /// this is asked of every question, once.
    ///
    /// Cannot panic and calls nothing, so the boundary may ask it before
    /// setting up its panic guard, without a stack frame.
    #[inline(always)]
    pub fn look_up_both_ways(
        &mut self,
        scopes_x: LLVMMetadataRef,
        noalias_x: LLVMMetadataRef,
        scopes_y: LLVMMetadataRef,
        noalias_y: LLVMMetadataRef,
    ) -> Option<SecondAccess> {
        // While debug logging is on, `first` keeps the empty key (see
        // `may_alias_both_ways_past_quick`), which no question's first
        // access has (the boundary answers an access without lists
        // itself; and the empty key's lists, none, may alias anything),
        // and no place is written (only `seen_accesses` writes them, which
        // logging skips): the test of the first access is the test of
        // logging too.
        debug_assert!(!self.logs || self.first.is_last(<AccessKey as Key>::EMPTY));
        let same_first = self.first.is_last((scopes_x as usize, noalias_x as usize));
        self.second.move_on(same_first);
        if !same_first {
            return None;
        }
        let y = self.second.guess((scopes_y as usize, noalias_y as usize))?;
        Some(SecondAccess(y))
    }

    /// After [`ScopedSession::look_up_both_ways`] found `y`, the
    /// question's answer when it is at hand: each direction plainly "may
    /// alias" by the summaries ([`ListSummary::plainly_may_alias`], the
    /// usual answer) or remembered in the answer matrix by the rows they
    /// name (a pair asked again, as passes ask); `None` otherwise (then
    /// [`ScopedSession::decided_at_place`]). Cannot panic, changes nothing
    /// and calls nothing.
    ///
    /// # Safety
    /// `y` must come from this question's look-up (see [`SecondAccess`]).
    #[inline(always)]
    pub unsafe fn remembered_at_place(&self, y: SecondAccess) -> Option<bool> {
        let (x, y) = (self.first.last(), &*y.0);
        // LLVM's order: the first direction, then the second.
        if !self.lists.known_answer(x.scopes, y.noalias)? {
            return Some(false);
        }
        self.lists.known_answer(y.scopes, x.noalias)
    }

    /// After [`ScopedSession::remembered_at_place`] found nothing: each
    /// direction plainly "may alias", remembered, or decided between
    /// exact rows (then remembered) ([`ScopeLists::remembered_answer`]);
    /// else `Err` with the question's two accesses (by their lists'
    /// pointers), for the rest under the guard. Cannot panic, so that the
    /// boundary may ask it before its guard; inlined into its callers, so
    /// that the boundary may compile it for processors with `popcnt` as
    /// well.
    ///
    /// # Safety
    /// As [`ScopedSession::remembered_at_place`].
    #[inline(always)]
    pub unsafe fn decided_at_place(
        &mut self,
        y: SecondAccess,
    ) -> Result<bool, (AccessKey, AccessKey)> {
        let (x, y) = (self.first.last(), &*y.0);
        let Some((y_key, _)) = self.second.current() else {
            debug_assert!(false, "a question at its place has a place");
            return Ok(true);
        };
        debug_assert!(std::ptr::eq(y, &self.second.current().expect("a place").1));
        remembered_answer_of_accesses(&mut self.lists, x, y).ok_or((self.first.last_key(), *y_key))
    }

    /// [`ScopedSession::look_up_both_ways`] when it found nothing, for
    /// accesses seen before: X and Y found by probing the table of
    /// accesses if need be (Y then written at its place in the sweep,
    /// which does not move), each direction plainly "may alias", between
    /// exact rows (then remembered), or remembered
    /// ([`ScopeLists::remembered_answer`]); `None` otherwise, and while
    /// debug logging is on. Cannot panic, so that the boundary may ask it
    /// before its panic guard too. Inlined into its callers, so that the
    /// boundary may compile it for processors with `popcnt` as well.
    #[inline(always)]
    pub fn look_up_off_place(
        &mut self,
        scopes_x: LLVMMetadataRef,
        noalias_x: LLVMMetadataRef,
        scopes_y: LLVMMetadataRef,
        noalias_y: LLVMMetadataRef,
    ) -> Option<bool> {
        if self.logs {
            return None;
        }
        let (x, y) = seen_accesses(
            &mut self.first,
            &mut self.second,
            &self.accesses,
            (scopes_x as usize, noalias_x as usize),
            (scopes_y as usize, noalias_y as usize),
        )?;
        if x.plainly_may_alias_with(y) {
            return Some(true);
        }
        remembered_answer_of_accesses(&mut self.lists, x, y)
    }

    /// Both directions of a question about two accesses seen before,
    /// from their summaries ([`ScopeLists::answer_of`], which remembers
    /// them); `None` when a list cannot be read.
    #[inline]
    fn answer_of_accesses(&mut self, x: AccessLists, y: AccessLists) -> Option<bool> {
        let one = self.lists.answer_of(x.scopes, y.noalias)?;
        let other = self.lists.answer_of(y.scopes, x.noalias)?;
        Some(one & other)
    }

    /// `ScopedNoAliasAAResult::alias` when the look-up
    /// ([`ScopedSession::look_up_both_ways`] and what follows it) did not
    /// answer: from the
    /// summaries of two accesses seen before when their lists can be
    /// read; else both directions, each read and decided if need be, and
    /// both accesses are remembered. (The two accesses are probed again
    /// here rather than handed over by the look-up, whose plain answers
    /// then keep nothing for this path: measured, 3 instructions a
    /// question fewer on the inlined-Rust shape. Since the exact rows are
    /// compared in the look-up, this path is taken by accesses not seen
    /// before and by rows that are not exact.)
    ///
    /// # Safety
    /// All pointers must be null or live nodes.
    #[inline(never)]
    pub unsafe fn may_alias_both_ways_past_quick(
        &mut self,
        scopes_x: LLVMMetadataRef,
        noalias_x: LLVMMetadataRef,
        scopes_y: LLVMMetadataRef,
        noalias_y: LLVMMetadataRef,
    ) -> bool {
        if !self.logs {
            let x = (scopes_x as usize, noalias_x as usize);
            let seen = seen_accesses(
                &mut self.first,
                &mut self.second,
                &self.accesses,
                x,
                (scopes_y as usize, noalias_y as usize),
            )
            .map(|(x, y)| (*x, *y));
            if let Some((x, y)) = seen {
                if let Some(may_alias) = self.answer_of_accesses(x, y) {
                    return may_alias;
                }
            }
        }
        let one = self.one_way(scopes_x, noalias_y);
        let other = self.one_way(scopes_y, noalias_x);
        self.remember_access(scopes_x, noalias_x);
        self.remember_access(scopes_y, noalias_y);
        // X is the last first access looked up from now on, so that the
        // next question about X goes on with the sweep (see SweepLookup);
        // not while logging, which asks every question of this path (see
        // `look_up_both_ways`).
        if !self.logs {
            let _ = self
                .first
                .get_ref(&self.accesses, (scopes_x as usize, noalias_x as usize));
        }
        one & other
    }

    /// Adds an access's lists to the table of accesses, reading them if
    /// need be (reading reports nothing: a malformed list is reported
    /// when a question reads it, as LLVM would).
    ///
    /// # Safety
    /// Both pointers must be null or live nodes.
    unsafe fn remember_access(&mut self, scopes: LLVMMetadataRef, noalias: LLVMMetadataRef) {
        let key = (scopes as usize, noalias as usize);
        if key == (0, 0) || self.accesses.get(key).is_some() {
            return;
        }
        let lists = AccessLists {
            scopes: self.summary(scopes),
            noalias: self.summary(noalias),
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
        ListRef(
            self.rows
                .get_or_insert_with(list as usize, || read_row(importer, lists, list)),
        )
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
        let merged = match kind {
            MergeKind::AliasScope => most_generic_scope_list(g, ia, ib),
            MergeKind::NoAlias => intersect_lists(g, ia, ib),
        };
        let ops = match merged {
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
        if !self.warned.insert(problem.node) {
            return;
        }
        log::warn!(
            target: LOG_TARGET,
            "malformed scope metadata {}: {}; {during} that reads it is answered MayAlias / ModRef",
            self.importer.graph.display(problem.node, 2),
            problem.problem
        );
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

/// Both directions of a question about two accesses (each
/// [`ScopeLists::remembered_answer`], which decides exact rows' pairs by
/// the ranks of mask bits; the boundary compiles its caller twice, once
/// for processors with a popcount instruction).
#[inline(always)]
fn remembered_answer_of_accesses(
    lists: &mut ScopeLists,
    x: &AccessLists,
    y: &AccessLists,
) -> Option<bool> {
    // LLVM's order: the second direction is not asked once the first
    // says "no alias". Written out, as in `remembered_at_place`, not
    // shared with it through a helper taking a closure: the closure is
    // not inlined into `scoped_decided_at_place_with_popcnt` and is
    // compiled without `popcnt` (tried: 83 popcnt instructions in that
    // function became 5, and 2000 random lists took 68.5 instructions a
    // question instead of 61.1).
    Some(
        lists.remembered_answer(x.scopes, y.noalias)?
            && lists.remembered_answer(y.scopes, x.noalias)?,
    )
}

/// Imports a list and makes its row.
///
/// # Safety
/// `list` must be a live node.
unsafe fn read_row(
    importer: &mut MetadataImporter,
    lists: &mut ScopeLists,
    list: LLVMMetadataRef,
) -> u32 {
    let id = importer
        .import(list)
        .expect("a non-null list imports as a node");
    lists.list(&importer.graph, id).0
}

impl ScopedSession {
    /// For a list no access of the input carried: that, and what it was
    /// made from ([`aliaskit_core::derived`]); `None` for a list of the
    /// input's accesses, or when the input is not known.
    ///
    /// # Safety
    /// `node` must be live (`list` its import), `numbers` of its module.
    unsafe fn origin_note(
        &mut self,
        numbers: &dyn ModuleNumbers,
        node: LLVMMetadataRef,
        list: NodeId,
    ) -> Option<String> {
        if numbers.carried(node)? {
            return None;
        }
        let input = numbers
            .input_function()
            .unwrap_or_default()
            .import(&mut self.importer);
        let in_input = numbers.number(node).is_none_or(Slot::in_input);
        let importer = &self.importer;
        let is_input = |n: NodeId| {
            numbers
                .number(importer.pointer(n))
                .is_some_and(Slot::in_input)
        };
        let origin = derived::list_origin(&importer.graph, list, &input, is_input);
        let names = Names { numbers, importer };
        Some(derived::describe(
            &importer.graph,
            &names,
            in_input,
            origin.as_ref(),
            &input,
        ))
    }
}

impl Decider for ScopedSession {
    fn parts(&mut self) -> (&mut MetadataImporter, &mut Decisions) {
        (&mut self.importer, &mut self.decisions)
    }

    unsafe fn readable(
        &mut self,
        numbers: &dyn ModuleNumbers,
        _: Question,
        side: u8,
        node: LLVMMetadataRef,
    ) -> String {
        let list = match self.importer.import(node) {
            Some(l) => {
                let note = self.origin_note(numbers, node, l);
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

    unsafe fn why(
        &mut self,
        numbers: &dyn ModuleNumbers,
        _: Question,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
    ) -> String {
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
