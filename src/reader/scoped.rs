//! A scoped no-alias session: imported scope lists, memoized answers.
//!
//! Like [`super::tbaa::TbaaSession`]: the lists of an instruction
//! (`!alias.scope`, `!noalias`) arrive as `MDNode` pointers, are imported
//! once, and the core decides `mayAliasInScopes(Scopes, NoAlias)`; answers
//! are cached per pointer pair ([`RecentAnswers`]) and per pair of rows
//! (the core's answer matrix), and a question whose lists have rows is
//! answered before the boundary's panic guard
//! ([`ScopedSession::look_up_both_ways`]). Malformed lists get "may alias" and one
//! warning per offending node.

use aliaskit_core::decision::Question;
use aliaskit_core::scoped::{
    describe_list, intersect_lists, most_generic_scope_list, self_reference, ListRef, ScopeLists,
};
use aliaskit_core::{Malformed, NodeId};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};
use rustc_hash::FxHashSet;

use super::decisions::{Decider, Decisions};
use super::index::{LastLookup, RowIndex};
use super::recent::RecentAnswers;
use super::MetadataImporter;
use crate::plugin::ffi::types::MergeKind;

/// Log target of the scoped no-alias analysis.
pub const LOG_TARGET: &str = "aliaskit::scoped";

pub struct ScopedSession {
    importer: MetadataImporter,
    lists: ScopeLists,
    /// The row of each list pointer seen.
    rows: RowIndex,
    /// The rows of the last both-ways query's first access: its
    /// `!alias.scope` and its `!noalias` list.
    first_scopes: LastLookup,
    first_noalias: LastLookup,
    recent: RecentAnswers,
    warned: FxHashSet<NodeId>,
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
            first_scopes: LastLookup::default(),
            first_noalias: LastLookup::default(),
            recent: RecentAnswers::default(),
            warned: FxHashSet::default(),
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

    /// `mayAliasInScopes(scopes, noalias)`: the query path.
    ///
    /// # Safety
    /// Both pointers must be null or live nodes.
    #[inline]
    pub unsafe fn may_alias_in_scopes(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
    ) -> bool {
        self.one_way(scopes, noalias, Lookup::Index)
    }

    /// `ScopedNoAliasAAResult::alias` of accesses X and Y (both
    /// directions: X's scopes against Y's `!noalias`, and the reverse; X's
    /// lists are usually the last query's, see [`LastLookup`]) when both
    /// directions can be answered from lists already read (see
    /// [`ScopeLists::answer_at_hand`]); `None` otherwise (a list seen for
    /// the first time, a list that cannot be read), and always while debug
    /// logging is on.
    ///
    /// Cannot panic (it reads fields and fixed-size tables, probes the
    /// row index and asks [`ScopeLists::answer_at_hand`], all checked), so
    /// the boundary may ask it before setting up its panic guard.
    #[inline(always)]
    pub fn look_up_both_ways(
        &mut self,
        scopes_x: LLVMMetadataRef,
        noalias_x: LLVMMetadataRef,
        scopes_y: LLVMMetadataRef,
        noalias_y: LLVMMetadataRef,
    ) -> Option<bool> {
        if self.logs {
            return None;
        }
        let x = self.look_up(scopes_x, noalias_y, Lookup::FirstScopes)?;
        let y = self.look_up(scopes_y, noalias_x, Lookup::FirstNoalias)?;
        Some(x & y)
    }

    /// One direction of [`ScopedSession::look_up_both_ways`].
    #[inline(always)]
    fn look_up(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
        lookup: Lookup,
    ) -> Option<bool> {
        if scopes.is_null() || noalias.is_null() {
            return Some(true);
        }
        if let Some(may_alias) = self.recent.get(scopes as usize, noalias as usize) {
            return Some(may_alias);
        }
        let (s, n) = match lookup {
            Lookup::Index => (
                self.rows.get(scopes as usize)?,
                self.rows.get(noalias as usize)?,
            ),
            Lookup::FirstScopes => (
                self.first_scopes.get(&self.rows, scopes as usize)?,
                self.rows.get(noalias as usize)?,
            ),
            Lookup::FirstNoalias => (
                self.rows.get(scopes as usize)?,
                self.first_noalias.get(&self.rows, noalias as usize)?,
            ),
        };
        let may_alias = self.lists.answer_at_hand(ListRef(s), ListRef(n))?;
        self.recent
            .insert(scopes as usize, noalias as usize, may_alias);
        Some(may_alias)
    }

    /// `ScopedNoAliasAAResult::alias` when
    /// [`ScopedSession::look_up_both_ways`] did not answer: both
    /// directions, each read and decided if need be.
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
        let x = self.one_way(scopes_x, noalias_y, Lookup::FirstScopes);
        let y = self.one_way(scopes_y, noalias_x, Lookup::FirstNoalias);
        x & y
    }

    #[inline(always)]
    unsafe fn one_way(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
        lookup: Lookup,
    ) -> bool {
        if scopes.is_null() || noalias.is_null() {
            return true;
        }
        if !self.logs {
            if let Some(may_alias) = self.look_up(scopes, noalias, lookup) {
                return may_alias;
            }
        }
        self.one_way_fresh(scopes, noalias, lookup)
    }

    /// [`ScopedSession::one_way`] past the answers of lists already read
    /// (a list seen for the first time, malformed lists, debug logging):
    /// out of line, so that the answering path saves no registers for it.
    ///
    /// # Safety
    /// Both pointers must be live nodes.
    #[inline(never)]
    unsafe fn one_way_fresh(
        &mut self,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
        lookup: Lookup,
    ) -> bool {
        let (s, n) = match lookup {
            Lookup::Index => (self.row(scopes), self.row(noalias)),
            Lookup::FirstScopes => (self.first_row(scopes, true), self.row(noalias)),
            Lookup::FirstNoalias => (self.row(scopes), self.first_row(noalias, false)),
        };
        match self.decide_rows(scopes, noalias, s, n) {
            Ok(may_alias) => {
                self.recent
                    .insert(scopes as usize, noalias as usize, may_alias);
                may_alias
            }
            Err(_) => true,
        }
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

    /// [`ScopedSession::row`] of a list of a both-ways query's first
    /// access: its `!alias.scope` list or its `!noalias` list.
    ///
    /// # Safety
    /// `list` must be a live node.
    #[inline]
    unsafe fn first_row(&mut self, list: LLVMMetadataRef, scopes: bool) -> ListRef {
        let (importer, lists) = (&mut self.importer, &mut self.lists);
        let last = if scopes {
            &mut self.first_scopes
        } else {
            &mut self.first_noalias
        };
        ListRef(last.get_or_insert_with(&mut self.rows, list as usize, || {
            read_row(importer, lists, list)
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

/// How [`ScopedSession::one_way`] finds its rows.
#[derive(Copy, Clone)]
enum Lookup {
    /// Both from the index.
    Index,
    /// The scope list is the both-ways query's first access's.
    FirstScopes,
    /// The `!noalias` list is the both-ways query's first access's.
    FirstNoalias,
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

impl Decider for ScopedSession {
    fn parts(&mut self) -> (&mut MetadataImporter, &mut Decisions) {
        (&mut self.importer, &mut self.decisions)
    }

    unsafe fn readable(&mut self, _: Question, side: u8, node: LLVMMetadataRef) -> String {
        let list = match self.importer.import(node) {
            Some(l) => describe_list(&self.importer.graph, l),
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
        _: Question,
        scopes: LLVMMetadataRef,
        noalias: LLVMMetadataRef,
    ) -> String {
        let (s, n) = (self.importer.import(scopes), self.importer.import(noalias));
        let g = &self.importer.graph;
        match self.lists.decide_nodes(g, s, n) {
            Ok(r) => r.describe(g, s, n),
            Err(p) => format!("malformed metadata: {}", p.problem),
        }
    }
}
