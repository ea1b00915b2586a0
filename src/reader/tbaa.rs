//! A TBAA session: imported type DAG, core oracle, memoized answers.
//!
//! One session serves every query of one analysis manager. A query names
//! its tags by `MDNode` pointer; the first time a tag is seen it is
//! imported (once, see [`super::MetadataImporter`]) and the core decides.
//! Answers are kept in a fixed-size, direct-mapped cache keyed by the
//! pointer pair ([`AnswerCache`]): a repeated query is one probe, and memory
//! stays bounded however many distinct pairs a module asks about (a pair
//! pushed out of the cache is simply decided again, which is cheap: the
//! core keeps each type's chain of parents).
//!
//! Malformed metadata gets the conservative answer (may alias, mutable) and
//! one warning per offending node, naming the node, what is wrong with it
//! and the tags whose query ran into it.

use aliaskit_core::tbaa::nodes::describe_tag;
use aliaskit_core::tbaa::TbaaOracle;
use aliaskit_core::tbaa::{AccessTag, GenericTag, TagMatch};
use aliaskit_core::{Malformed, NodeId};
use inkwell::llvm_sys::core::{
    LLVMConstInt, LLVMInt64TypeInContext, LLVMMDNodeInContext2, LLVMValueAsMetadata,
};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};
use rustc_hash::{FxHashMap, FxHashSet};

use super::MetadataImporter;

/// Log target of the TBAA analysis (`RUST_LOG=aliaskit::tbaa=debug`).
pub const LOG_TARGET: &str = "aliaskit::tbaa";

/// A direct-mapped cache of alias answers keyed by the pair of tag pointers.
#[derive(Default)]
pub struct AnswerCache {
    slots: Vec<Slot>,
}

#[derive(Copy, Clone)]
struct Slot {
    a: usize,
    b: usize,
    /// `EMPTY`, or the answer (0 no alias, 1 may alias).
    answer: u8,
}

const EMPTY: u8 = u8::MAX;

impl AnswerCache {
    /// Number of slots (a power of two): 16384 slots of 24 bytes.
    pub const SLOTS: usize = 1 << 14;

    fn index(a: usize, b: usize) -> usize {
        // Pointers are 8-aligned: mix the informative bits of both.
        let h = (a >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (b >> 3).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h ^ (h >> 29)) & (Self::SLOTS - 1)
    }

    pub fn get(&self, a: usize, b: usize) -> Option<bool> {
        let slot = self.slots.get(Self::index(a, b))?;
        (slot.answer != EMPTY && slot.a == a && slot.b == b).then_some(slot.answer == 1)
    }

    pub fn insert(&mut self, a: usize, b: usize, answer: bool) {
        if self.slots.is_empty() {
            self.slots = vec![
                Slot {
                    a: 0,
                    b: 0,
                    answer: EMPTY
                };
                Self::SLOTS
            ];
        }
        self.slots[Self::index(a, b)] = Slot {
            a,
            b,
            answer: answer as u8,
        };
    }
}

#[derive(Default)]
pub struct TbaaSession {
    importer: MetadataImporter,
    oracle: TbaaOracle,
    answers: AnswerCache,
    immutable: FxHashMap<usize, bool>,
    warned: FxHashSet<NodeId>,
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
    /// `a` and `b` must be null or live nodes of `ctx`.
    pub unsafe fn may_alias(
        &mut self,
        ctx: LLVMContextRef,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> bool {
        if let Some(answer) = self.answers.get(a as usize, b as usize) {
            return answer;
        }
        let answer = match self.match_tags(ctx, a, b) {
            Ok(m) => m.may_alias,
            Err(_) => true,
        };
        self.answers.insert(a as usize, b as usize, answer);
        answer
    }

    /// The full match of two tags (answer, generic tag, reason), computed
    /// afresh; malformed metadata is reported once per node.
    ///
    /// # Safety
    /// `a` and `b` must be null or live nodes of `ctx`.
    pub unsafe fn match_tags(
        &mut self,
        ctx: LLVMContextRef,
        a: LLVMMetadataRef,
        b: LLVMMetadataRef,
    ) -> Result<TagMatch, Malformed> {
        let ia = self.importer.import(ctx, a);
        let ib = self.importer.import(ctx, b);
        let result = self.oracle.match_access_tags(&self.importer.graph, ia, ib);
        match &result {
            Ok(m) => {
                if log::log_enabled!(target: LOG_TARGET, log::Level::Debug) {
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
    /// All pointers must be null or live nodes of `ctx`.
    pub unsafe fn may_alias_errno(
        &mut self,
        ctx: LLVMContextRef,
        tag: LLVMMetadataRef,
        errno_tags: &[LLVMMetadataRef],
    ) -> bool {
        errno_tags.iter().any(|&e| self.may_alias(ctx, tag, e))
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
                let ty = self.importer.pointer(ty);
                let i64_ty = LLVMInt64TypeInContext(ctx);
                let int = |v: u64| LLVMValueAsMetadata(LLVMConstInt(i64_ty, v, 0));
                let mut ops = vec![ty, ty, int(0)];
                if new_format {
                    ops.push(int(u64::MAX));
                }
                LLVMMDNodeInContext2(ctx, ops.as_mut_ptr(), ops.len())
            }
        }
    }

    /// Whether the tag marks immutable memory (`isTypeImmutable`).
    ///
    /// # Safety
    /// `tag` must be null or a live node of `ctx`.
    pub unsafe fn is_immutable(&mut self, ctx: LLVMContextRef, tag: LLVMMetadataRef) -> bool {
        if let Some(&answer) = self.immutable.get(&(tag as usize)) {
            return answer;
        }
        let answer = match self.importer.import(ctx, tag) {
            Some(id) => AccessTag(id).is_immutable(&self.importer.graph),
            None => false,
        };
        self.immutable.insert(tag as usize, answer);
        answer
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
