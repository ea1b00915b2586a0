//! LLVM 22.1.8's checks of `!tbaa` access tags, step for step.
//!
//! A tag is checked operand by operand (count, immutability flag, base and
//! access type, offset), then its *struct path* is walked the verifier's
//! way: from the base type, one field at a time at the offset, checking
//! each type node on the way (once per node: a bad node is reported the
//! first time only), until a root (old format) or the access type (new
//! format). The walk must meet the access type, at offset 0.
//!
//! The first failed check ends the tag, as `CheckTBAA` does; the field
//! checks of one base node all run and may report several problems.
//! Messages and what is printed after them are LLVM's own, so that a
//! module rejected by LLVM is rejected here with the same words.
//!
//! Offsets are LLVM `APInt`s: they keep their bit width, and the verifier
//! compares it with the width of the field offsets it walks through.

use rustc_hash::FxHashMap;

use super::{Attachment, Carrier, Finding, MessageOperand, Rule, Site};
use crate::graph::{IntValue, MetadataGraph, NodeId, Operand};
use crate::tbaa::nodes::{FieldLayout, TypeNode};

/// An `APInt` as far as the verifier needs one: a width and a value that
/// may be too large to know exactly (`None`: at least 2^64).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ApInt {
    pub bits: u32,
    pub value: Option<u64>,
}

impl ApInt {
    fn of(v: IntValue) -> ApInt {
        ApInt {
            bits: v.bits,
            value: v.value,
        }
    }

    fn is_zero(self) -> bool {
        self.value == Some(0)
    }

    /// Unsigned `self > other` (equal widths); unknown values are large.
    fn ugt(self, other: ApInt) -> bool {
        match (self.value, other.value) {
            (Some(a), Some(b)) => a > b,
            (None, Some(_)) => true,
            _ => false,
        }
    }

    /// `self -= other`, wrapping in `self`'s width (LLVM's single-word
    /// arithmetic); unknown when either side is unknown or wide.
    fn sub(self, other: ApInt) -> ApInt {
        let value = match (self.value, other.value) {
            (Some(a), Some(b)) if self.bits <= 64 => {
                let d = a.wrapping_sub(b);
                Some(if self.bits < 64 {
                    d & ((1u64 << self.bits) - 1)
                } else {
                    d
                })
            }
            _ => None,
        };
        ApInt {
            bits: self.bits,
            value,
        }
    }

    /// How LLVM prints an APInt in a verifier message: signed decimal.
    pub fn printed(self) -> i128 {
        match self.value {
            Some(v) if self.bits > 0 && self.bits <= 64 => {
                let shift = 64 - self.bits;
                (((v << shift) as i64) >> shift) as i128
            }
            Some(v) => v as i128,
            None => i128::MAX,
        }
    }
}

/// `TBAABaseNodeSummary`: whether a base node is invalid, and the bit width
/// of its field offsets (`u32::MAX` when it has no fields, 0 for a scalar).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct BaseSummary {
    invalid: bool,
    bit_width: u32,
    /// Invalid without any message (a two-operand node that is not a valid
    /// scalar): LLVM's verifier accepts the module.
    silent: bool,
}

/// One check that failed on a tag, without its site: replayed (LLVM prints
/// tag-level messages again for every instruction carrying the tag).
#[derive(Clone, Debug)]
struct TagFailure {
    rule: Rule,
    message: String,
    operands: Vec<MessageOperand>,
}

/// The outcome of checking a tag the first time.
#[derive(Clone, Debug)]
struct TagVerdict {
    valid: bool,
    /// The tag-level messages, replayed for every instruction carrying it.
    failures: Vec<TagFailure>,
}

/// What checking a tag printed: base-node messages (once per node) and
/// tag-level ones (once per instruction), in the order LLVM prints them.
#[derive(Default)]
struct Events {
    list: Vec<(bool, TagFailure)>,
}

impl Events {
    /// A tag-level failure of one of LLVM's checks, with LLVM's message.
    fn tag(&mut self, rule: Rule, operands: Vec<MessageOperand>) {
        self.push(false, rule, rule.llvm_message(), operands);
    }

    /// A base-node failure of one of LLVM's checks, with LLVM's message.
    fn base(&mut self, rule: Rule, operands: Vec<MessageOperand>) {
        self.push(true, rule, rule.llvm_message(), operands);
    }

    fn push(&mut self, base: bool, rule: Rule, message: &str, operands: Vec<MessageOperand>) {
        self.list.push((
            base,
            TagFailure {
                rule,
                message: message.to_owned(),
                operands,
            },
        ));
    }
}

/// Records a tag-level failure of one of LLVM's checks; the tag is invalid.
fn fail(events: &mut Events, rule: Rule, operands: Vec<MessageOperand>) -> bool {
    events.tag(rule, operands);
    false
}

/// LLVM's TBAA verifier with its caches, plus a cache of tag verdicts.
#[derive(Default)]
pub struct TbaaVerifier {
    scalar: FxHashMap<NodeId, bool>,
    base: FxHashMap<NodeId, BaseSummary>,
    tags: FxHashMap<NodeId, TagVerdict>,
}

fn int_at(g: &MetadataGraph, n: NodeId, i: usize) -> Option<IntValue> {
    g.operand(n, i).ok()?.as_int()
}

fn node_at(g: &MetadataGraph, n: NodeId, i: usize) -> Option<NodeId> {
    g.operand(n, i).ok()?.as_node()
}

fn is_string(g: &MetadataGraph, n: NodeId, i: usize) -> bool {
    matches!(g.operand(n, i), Ok(Operand::String(_)))
}

fn is_root(g: &MetadataGraph, n: NodeId) -> bool {
    g.num_operands(n) < 2
}

impl TbaaVerifier {
    pub fn new() -> TbaaVerifier {
        TbaaVerifier::default()
    }

    /// `isValidScalarTBAANode`: 2 or 3 operands, a name, offset 0 if
    /// present, and a chain of such parents (no repeats) up to a root.
    pub fn is_valid_scalar(&mut self, g: &MetadataGraph, n: NodeId) -> bool {
        if let Some(&v) = self.scalar.get(&n) {
            return v;
        }
        let mut visited = Vec::new();
        let mut cur = n;
        let result = loop {
            let ops = g.num_operands(cur);
            if ops != 2 && ops != 3 || !is_string(g, cur, 0) {
                break false;
            }
            if ops == 3
                && int_at(g, cur, 2)
                    .map(ApInt::of)
                    .is_none_or(|o| !o.is_zero())
            {
                break false;
            }
            let Some(parent) = node_at(g, cur, 1) else {
                break false;
            };
            if visited.contains(&parent) {
                break false;
            }
            visited.push(parent);
            if is_root(g, parent) {
                break true;
            }
            cur = parent;
        };
        self.scalar.insert(n, result);
        result
    }

    /// The verdict on a tag this verifier has visited: whether it passed.
    pub fn verdict(&self, tag: NodeId) -> Option<bool> {
        self.tags.get(&tag).map(|v| v.valid)
    }

    /// Whether a tag passes LLVM's checks, wherever it sits (its verdict
    /// is computed once). This fills the caches the way a first visit does,
    /// so the verifier answering it must not be the one that prints LLVM's
    /// messages (which depend on what was visited first).
    pub fn is_valid_tag(&mut self, g: &MetadataGraph, tag: NodeId) -> bool {
        if g.num_operands(tag) == 0 {
            return false;
        }
        if !self.tags.contains_key(&tag) {
            let mut sink = Vec::new();
            self.visit_tag(g, Site::ErrnoTag(0), None, tag, &mut sink);
        }
        self.tags[&tag].valid
    }

    /// `visitTBAAMetadata(I, MD)`: checks a tag at a site (`kind` is the
    /// instruction's, `None` for `llvm.errno.tbaa` operands).
    pub fn visit_tag(
        &mut self,
        g: &MetadataGraph,
        site: Site,
        kind: Option<Carrier>,
        tag: NodeId,
        out: &mut Vec<Finding>,
    ) {
        let finding = |f: &TagFailure| {
            // LLVM's bitcode reader only checks instruction tags: for an
            // operand of llvm.errno.tbaa the silent rejection strips nothing.
            let errno_silent = kind.is_none() && f.rule == Rule::TbaaSilentlyInvalid;
            Finding {
                rule: if errno_silent {
                    Rule::TbaaErrnoSilentlyInvalid
                } else {
                    f.rule
                },
                severity: f.rule.severity(),
                site,
                attachment: if kind.is_some() {
                    Attachment::Tbaa
                } else {
                    Attachment::ErrnoTag
                },
                message: if errno_silent {
                    "LLVM's verifier rejects this tag without a message (its struct path reaches a two-operand type node that is not a valid scalar type), so the module passes verification with an invalid !llvm.errno.tbaa tag".into()
                } else {
                    f.message.clone()
                },
                operands: f.operands.clone(),
                path: vec![],
            }
        };
        // The checks before the instruction-kind check, and the kind check.
        if g.num_operands(tag) == 0 {
            out.push(finding(&TagFailure {
                rule: Rule::TbaaEmptyTag,
                message: Rule::TbaaEmptyTag.llvm_message().into(),
                operands: vec![MessageOperand::Instruction, MessageOperand::Node(tag)],
            }));
            return;
        }
        if let Some(k) = kind {
            if !k.may_carry_tbaa() {
                out.push(finding(&TagFailure {
                    rule: Rule::TbaaNotMemoryInstruction,
                    message: Rule::TbaaNotMemoryInstruction.llvm_message().into(),
                    operands: vec![MessageOperand::Instruction],
                }));
                return;
            }
        }
        if let Some(verdict) = self.tags.get(&tag) {
            out.extend(verdict.failures.iter().map(finding));
            return;
        }
        let mut events = Events::default();
        let valid = self.check_tag(g, tag, &mut events);
        out.extend(events.list.iter().map(|(_, f)| finding(f)));
        let failures = events
            .list
            .into_iter()
            .filter(|(base, _)| !base)
            .map(|(_, f)| f)
            .collect();
        self.tags.insert(tag, TagVerdict { valid, failures });
    }

    /// The checks of one tag after the instruction kind; whether it is
    /// valid. What LLVM prints goes to `events`.
    fn check_tag(&mut self, g: &MetadataGraph, tag: NodeId, events: &mut Events) -> bool {
        let im = MessageOperand::Instruction;
        let md = MessageOperand::Node(tag);
        let n = g.num_operands(tag);
        // A null first operand crashes LLVM's own check (`isa` on null).
        if n < 3 || node_at(g, tag, 0).is_none() {
            return fail(events, Rule::TbaaOldStyle, vec![im]);
        }
        let base = node_at(g, tag, 0);
        let access = node_at(g, tag, 1);
        let new_format = access.is_some_and(|t| TypeNode::is_new_format(g, t));
        if new_format {
            if n != 4 && n != 5 {
                return fail(events, Rule::TbaaNewTagOperands, vec![im, md]);
            }
            if int_at(g, tag, 3).is_none() {
                return fail(events, Rule::TbaaAccessSize, vec![im, md]);
            }
        } else if n >= 5 {
            return fail(events, Rule::TbaaOldTagOperands, vec![im, md]);
        }
        let flag_index = if new_format { 4 } else { 3 };
        if n == flag_index + 1 {
            let Some(flag) = int_at(g, tag, flag_index) else {
                return fail(events, Rule::TbaaImmutableNotConstant, vec![im, md]);
            };
            if !matches!(flag.value, Some(0) | Some(1)) {
                return fail(events, Rule::TbaaImmutableNotBoolean, vec![im, md]);
            }
        }
        let (Some(base), Some(access)) = (base, access) else {
            let mut ops = vec![im, md];
            ops.extend(base.map(MessageOperand::Node));
            ops.extend(access.map(MessageOperand::Node));
            return fail(events, Rule::TbaaBaseOrAccessNotNode, ops);
        };
        if !new_format && !self.is_valid_scalar(g, access) {
            return fail(
                events,
                Rule::TbaaAccessNotScalar,
                vec![im, md, MessageOperand::Node(access)],
            );
        }
        let Some(offset) = int_at(g, tag, 2) else {
            return fail(events, Rule::TbaaOffsetNotConstant, vec![im, md]);
        };
        let mut offset = ApInt::of(offset);
        let mut seen_access = false;
        let mut path: Vec<NodeId> = Vec::new();
        let mut current = Some(base);
        while let Some(node) = current.filter(|&b| !is_root(g, b)) {
            if path.contains(&node) {
                return fail(events, Rule::TbaaPathCycle, vec![im, md]);
            }
            path.push(node);
            let summary = self.base_node(g, TypeNode::in_format(node, new_format), events);
            if summary.invalid {
                if summary.silent {
                    events.push(
                        false,
                        Rule::TbaaSilentlyInvalid,
                        "LLVM's verifier rejects this tag without a message (its struct path reaches a two-operand type node that is not a valid scalar type), so the module passes verification, but LLVM's bitcode reader drops every !tbaa of the module",
                        vec![im, md, MessageOperand::Node(node)],
                    );
                    return false;
                }
                // Its messages were printed when it was first checked.
                return false;
            }
            seen_access |= node == access;
            if (self.is_valid_scalar(g, node) || node == access) && !offset.is_zero() {
                return fail(
                    events,
                    Rule::TbaaOffsetNotZero,
                    vec![im, md, MessageOperand::Number(offset.printed())],
                );
            }
            let width = summary.bit_width;
            if !(width == offset.bits
                || width == 0 && offset.is_zero()
                || new_format && width == u32::MAX)
            {
                return fail(
                    events,
                    Rule::TbaaBitWidth,
                    vec![
                        im,
                        md,
                        MessageOperand::Number(width as i128),
                        MessageOperand::Number(offset.bits as i128),
                    ],
                );
            }
            if new_format && seen_access {
                break;
            }
            current = match self.field_node(g, TypeNode::in_format(node, new_format), &mut offset) {
                Ok(next) => next,
                Err(at) => {
                    events.tag(
                        Rule::TbaaNoParentField,
                        vec![
                            im,
                            MessageOperand::Node(node),
                            MessageOperand::Number(at.printed()),
                        ],
                    );
                    None
                }
            };
        }
        if !seen_access {
            return fail(events, Rule::TbaaAccessNotOnPath, vec![im, md]);
        }
        true
    }

    /// `verifyTBAABaseNode`, cached per node: messages only the first time.
    fn base_node(&mut self, g: &MetadataGraph, ty: TypeNode, events: &mut Events) -> BaseSummary {
        if let Some(&s) = self.base.get(&ty.node) {
            return s;
        }
        let s = self.base_node_impl(g, ty, events);
        self.base.insert(ty.node, s);
        s
    }

    fn base_node_impl(
        &mut self,
        g: &MetadataGraph,
        ty: TypeNode,
        events: &mut Events,
    ) -> BaseSummary {
        let TypeNode { node, new_format } = ty;
        let invalid = BaseSummary {
            invalid: true,
            bit_width: u32::MAX,
            silent: false,
        };
        let n = g.num_operands(node);
        let im = MessageOperand::Instruction;
        let nd = MessageOperand::Node(node);
        let mut report = |rule: Rule, ops: Vec<MessageOperand>| events.base(rule, ops);
        if n == 2 {
            return if self.is_valid_scalar(g, node) {
                BaseSummary {
                    invalid: false,
                    bit_width: 0,
                    silent: false,
                }
            } else {
                BaseSummary {
                    silent: true,
                    ..invalid
                }
            };
        }
        if new_format {
            if !n.is_multiple_of(3) {
                report(Rule::TbaaNewTypeOperands, vec![nd]);
                return invalid;
            }
            if int_at(g, node, 1).is_none() {
                report(Rule::TbaaTypeSize, vec![im, nd]);
                return invalid;
            }
        } else {
            if n % 2 != 1 {
                report(Rule::TbaaOldStructOperands, vec![nd]);
                return invalid;
            }
            if !is_string(g, node, 0) {
                report(Rule::TbaaStructName, vec![nd]);
                return invalid;
            }
        }
        let mut failed = false;
        let mut width = u32::MAX;
        let mut previous: Option<ApInt> = None;
        for idx in ty.layout().field_starts(n) {
            if node_at(g, node, idx).is_none() {
                report(Rule::TbaaFieldNotNode, vec![im, nd]);
                failed = true;
                continue;
            }
            let Some(off) = int_at(g, node, idx + 1).map(ApInt::of) else {
                report(Rule::TbaaFieldOffset, vec![im, nd]);
                failed = true;
                continue;
            };
            if width == u32::MAX {
                width = off.bits;
            }
            if off.bits != width {
                report(Rule::TbaaFieldBitWidth, vec![im, nd]);
                failed = true;
                continue;
            }
            if previous.is_some_and(|p| p.ugt(off)) {
                report(Rule::TbaaFieldOrder, vec![im, nd]);
                failed = true;
            }
            previous = Some(off);
            if new_format && int_at(g, node, idx + 2).is_none() {
                report(Rule::TbaaMemberSize, vec![im, nd]);
                failed = true;
            }
        }
        if failed {
            invalid
        } else {
            BaseSummary {
                invalid: false,
                bit_width: width,
                silent: false,
            }
        }
    }

    /// `getFieldNodeFromTBAABaseNode`: the next node of the verifier's walk
    /// (the offset is rebased in place); `Err(offset)` when the offset lies
    /// before the first field ("Could not find TBAA parent").
    fn field_node(
        &mut self,
        g: &MetadataGraph,
        ty: TypeNode,
        offset: &mut ApInt,
    ) -> Result<Option<NodeId>, ApInt> {
        let node = ty.node;
        let n = g.num_operands(node);
        if n == 2 {
            return Ok(node_at(g, node, 1));
        }
        let layout = ty.layout();
        let FieldLayout { first, stride } = layout;
        for idx in layout.field_starts(n) {
            let Some(field_offset) = int_at(g, node, idx + 1).map(ApInt::of) else {
                return Ok(None);
            };
            if field_offset.ugt(*offset) {
                if idx == first {
                    return Err(*offset);
                }
                let prev = idx - stride;
                let Some(prev_offset) = int_at(g, node, prev + 1).map(ApInt::of) else {
                    return Ok(None);
                };
                *offset = offset.sub(prev_offset);
                return Ok(node_at(g, node, prev));
            }
        }
        // The last field; for a new-format node without fields this reads
        // its parent (operand 0) at "offset" size (operand 1), as LLVM does.
        // When operand 0 is not a node (a new-format walk through an
        // old-format-looking node), LLVM's `cast<MDNode>` is undefined
        // behaviour (it crashes or prints garbage); here the walk ends, and
        // the tag fails with "Did not see access type in access path!".
        let last = n - stride;
        let Some(last_offset) = int_at(g, node, last + 1).map(ApInt::of) else {
            return Ok(None);
        };
        *offset = offset.sub(last_offset);
        Ok(node_at(g, node, last))
    }
}
