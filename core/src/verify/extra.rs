//! Checks LLVM's verifier does not make.
//!
//! * Cycles. A chain of parent types that loops (in any encoding) passes
//!   LLVM's verifier whenever no tag's verifier walk happens to run into it,
//!   yet stops LLVM's alias analysis with `Cycle found in TBAA metadata.`;
//!   a type that contains itself through its fields makes the analysis
//!   recurse without end.
//! * The struct-path invariant (from the review of the struct-path TBAA
//!   LangRef): for every tag (Base, Access, Offset), walking the type DAG
//!   *the way the alias analysis walks it* from Base at Offset must reach
//!   (Access, 0). LLVM's verifier walks a slightly different way (it can
//!   step from a new-format scalar to its parent, the analysis cannot), so a
//!   verified tag can still send the analysis off the DAG; and merging two
//!   accesses with `getMostGenericTBAA` relies on the invariant.
//! * Consistency: base and access type under one root; new-format sizes
//!   (fields inside their type, the access inside its base type); no
//!   immutable tag on a store; no scope both in an instruction's
//!   `!alias.scope` and in its `!noalias`.
//! * `!tbaa.struct`: (offset, size, tag) triples of constants and valid
//!   tags, sorted, not overlapping, only on instructions that copy memory.
//!
//! Extra checks only look at tags LLVM's own checks accept (anything else
//! is already an error). Whether a tag is acceptable is asked of a separate
//! [`TbaaVerifier`], so that these checks never change what the LLVM-parity
//! checks print. Findings about a node are reported once, at the first site
//! that reaches it; findings about a tag at every site carrying it, like
//! LLVM's tag-level messages. All results are memoized.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{
    Attachment, Carrier, Finding, InstView, MessageOperand, PathStep, Rule, Severity, Site,
};
use crate::graph::{Malformed, MetadataGraph, NodeId, Operand, Problem};
use crate::tbaa::{AccessPath, AccessTag, PathOutcome, TbaaOracle, TypeNode};
use crate::verify::TbaaVerifier;

/// A finding without its site, replayed at every site of its subject.
#[derive(Clone, Debug)]
struct Template {
    rule: Rule,
    message: String,
    operands: Vec<MessageOperand>,
    path: Vec<PathStep>,
}

impl Template {
    fn at(&self, site: Site, attachment: Attachment) -> Finding {
        Finding {
            rule: self.rule,
            severity: self.rule.severity(),
            site,
            attachment,
            message: self.message.clone(),
            operands: self.operands.clone(),
            path: self.path.clone(),
        }
    }
}

/// What the extra checks learnt about a tag the first time they saw it.
struct TagState {
    /// Accepted by LLVM's own checks (extra checks only look at those).
    valid: bool,
    immutable: bool,
    findings: Vec<Template>,
}

#[derive(Default)]
pub struct ExtraChecks {
    /// Validity of tags by LLVM's rules (a separate instance: see above).
    validity: TbaaVerifier,
    oracle: TbaaOracle,
    /// Per tag: what the checks found, replayed at each site.
    tags: FxHashMap<NodeId, TagState>,
    /// Per `!tbaa.struct` node: findings replayed at each site.
    struct_findings: FxHashMap<NodeId, Vec<Template>>,
    /// Nodes whose node-level findings were already reported.
    reported_nodes: FxHashSet<NodeId>,
    /// Types whose parent chain and field graph were already examined.
    examined_types: FxHashSet<NodeId>,
}

impl ExtraChecks {
    pub fn visit_instruction(
        &mut self,
        g: &MetadataGraph,
        site: Site,
        inst: &InstView,
        out: &mut Vec<Finding>,
    ) {
        if let Some(tag) = inst.tbaa {
            if inst.kind.may_carry_tbaa() {
                let (valid, immutable) = self.visit_tag(g, site, Attachment::Tbaa, tag, out);
                let writes = matches!(
                    inst.kind,
                    Carrier::Store | Carrier::AtomicRmw | Carrier::CmpXchg
                );
                if writes && valid && immutable {
                    out.push(
                        Template {
                            rule: Rule::TbaaImmutableStore,
                            message: "an instruction that writes memory carries an immutable tag: the tag says this memory is never modified, so analyses may treat the write as changing nothing".into(),
                            operands: vec![MessageOperand::Instruction, MessageOperand::Node(tag)],
                            path: vec![],
                        }
                        .at(site, Attachment::Tbaa),
                    );
                }
            }
        }
        if let (Some(scopes), Some(noalias)) = (inst.alias_scope, inst.noalias) {
            let nodes = |l: NodeId| -> Vec<NodeId> {
                g.operands(l)
                    .map(|ops| ops.iter().filter_map(|o| o.as_node()).collect())
                    .unwrap_or_default()
            };
            let excluded = nodes(noalias);
            let mut seen = Vec::new();
            for s in nodes(scopes) {
                if excluded.contains(&s) && !seen.contains(&s) {
                    seen.push(s);
                    out.push(Finding {
                        rule: Rule::ScopeInBothLists,
                        severity: Severity::Error,
                        site,
                        attachment: Attachment::NoAlias,
                        message: "a scope is both in the !alias.scope and in the !noalias of this instruction: the access is declared not to alias itself".into(),
                        operands: vec![MessageOperand::Instruction, MessageOperand::Node(s)],
                        path: vec![],
                    });
                }
            }
        }
    }

    /// The checks of one tag (an instruction's `!tbaa` or an operand of
    /// `llvm.errno.tbaa`) that LLVM's checks accept; whether it is valid
    /// and immutable. Node-level findings are reported at the first site
    /// reaching the node, tag-level ones at every site.
    pub fn visit_tag(
        &mut self,
        g: &MetadataGraph,
        site: Site,
        attachment: Attachment,
        tag: NodeId,
        out: &mut Vec<Finding>,
    ) -> (bool, bool) {
        if !self.tags.contains_key(&tag) {
            // The first visit: the node-level checks of its types, and the
            // tag-level findings kept for every site.
            let t = AccessTag(tag);
            let valid = self.validity.is_valid_tag(g, tag);
            let mut state = TagState {
                valid,
                immutable: valid && t.is_immutable(g),
                findings: Vec::new(),
            };
            if let (true, Ok(Some(base)), Ok(Some(access))) =
                (valid, t.base_type(g), t.access_type(g))
            {
                for ty in [base, access] {
                    self.examine_type(g, site, attachment, ty, out);
                }
                state.findings = self.tag_checks(g, tag, base, access);
            }
            self.tags.insert(tag, state);
        }
        let state = &self.tags[&tag];
        out.extend(state.findings.iter().map(|f| f.at(site, attachment)));
        (state.valid, state.immutable)
    }

    fn tag_checks(
        &mut self,
        g: &MetadataGraph,
        tag: NodeId,
        base: NodeId,
        access: NodeId,
    ) -> Vec<Template> {
        let mut found = Vec::new();
        let t = AccessTag(tag);
        let offset = t.offset(g).unwrap_or(0);
        // The analysis's walk must reach (access, 0).
        if let Some(problem) = access_path_problem(&mut self.oracle, g, tag, access, offset) {
            found.push(problem);
        }
        // One type system.
        if let (Ok(a), Ok(b)) = (
            self.oracle.ancestors(g, base).map(|c| c.last().copied()),
            self.oracle.ancestors(g, access).map(|c| c.last().copied()),
        ) {
            if a != b {
                found.push(Template {
                    rule: Rule::TbaaDifferentRoots,
                    message: "the base type and the access type of this tag have different roots: the tag belongs to no one type system, and every query with it answers MayAlias".into(),
                    operands: vec![MessageOperand::Instruction, MessageOperand::Node(tag)],
                    path: vec![],
                });
            }
        }
        // New format: the access lies inside the base type.
        if t.is_new_format(g) && TypeNode::is_new_format(g, base) {
            if let (Ok(Some(size)), Ok(base_size)) = (t.size(g), TypeNode::of(g, base).size(g)) {
                if size != u64::MAX && offset.checked_add(size).is_none_or(|end| end > base_size) {
                    found.push(Template {
                        rule: Rule::TbaaAccessOutsideBase,
                        message: format!(
                            "the access (offset {offset}, size {size}) does not lie inside its base type (size {base_size})"
                        ),
                        operands: vec![MessageOperand::Instruction, MessageOperand::Node(tag), MessageOperand::Node(base)],
                        path: vec![],
                    });
                }
            }
        }
        found
    }

    /// Cycles of parents and fields, and field extents, for every type
    /// reachable from `ty` through fields and parents; each node once.
    fn examine_type(
        &mut self,
        g: &MetadataGraph,
        site: Site,
        attachment: Attachment,
        ty: NodeId,
        out: &mut Vec<Finding>,
    ) {
        if !self.examined_types.insert(ty) {
            return;
        }
        let report = |this: &mut ExtraChecks, out: &mut Vec<Finding>, node: NodeId, t: Template| {
            if this.reported_nodes.insert(node) {
                out.push(t.at(site, attachment));
            }
        };
        if let Err(Malformed { node, problem }) = self.oracle.ancestors(g, ty) {
            let (rule, message) = match problem {
                Problem::NullFirstOperand => (
                    Rule::TbaaNullFirstOperand,
                    "this type node's operand 0 is null: LLVM's alias analysis reads it to tell the type's encoding and crashes on any query reaching it (its verifier accepts the node)",
                ),
                _ => (
                    Rule::TbaaParentCycle,
                    "this type's chain of parents comes back to it: LLVM's alias analysis stops with \"Cycle found in TBAA metadata.\" on any query reaching it",
                ),
            };
            let template = Template {
                rule,
                message: message.into(),
                operands: vec![MessageOperand::Node(node)],
                path: vec![],
            };
            report(self, out, node, template);
        }
        // The field graph below `ty`. In the old format a scalar's "field" is
        // its parent (LLVM makes no difference), so an old-format parent
        // cycle reached through a struct is reported here, as a field cycle.
        let mut stack = vec![(ty, 0usize)];
        let mut on_stack: Vec<NodeId> = vec![ty];
        let mut fields: FxHashMap<NodeId, Vec<NodeId>> = FxHashMap::default();
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            let children = fields
                .entry(node)
                .or_insert_with(|| TypeNode::of(g, node).field_types(g).unwrap_or_default());
            let Some(&child) = children.get(*next) else {
                stack.pop();
                on_stack.pop();
                continue;
            };
            *next += 1;
            if on_stack.contains(&child) {
                report(
                    self,
                    out,
                    child,
                    Template {
                        rule: Rule::TbaaFieldCycle,
                        message: "this type contains itself through its fields: LLVM's alias analysis recurses without end on aggregate accesses reaching it".into(),
                        operands: vec![MessageOperand::Node(child)],
                        path: vec![],
                    },
                );
                continue;
            }
            if self.examined_types.insert(child) {
                self.field_extent(g, child, site, attachment, out);
                stack.push((child, 0));
                on_stack.push(child);
            }
        }
        self.field_extent(g, ty, site, attachment, out);
    }

    /// New format: each field lies inside its type's size.
    fn field_extent(
        &mut self,
        g: &MetadataGraph,
        ty: NodeId,
        site: Site,
        attachment: Attachment,
        out: &mut Vec<Finding>,
    ) {
        let t = TypeNode::of(g, ty);
        if !t.new_format {
            return;
        }
        let (Ok(ops), Ok(size)) = (g.operands(ty), t.size(g)) else {
            return;
        };
        let n = ops.len();
        for i in t.layout().field_starts(n).take_while(|i| i + 2 < n) {
            if let (Some(off), Some(fsize)) = (ops[i + 1].as_int(), ops[i + 2].as_int()) {
                if let (Some(off), Some(fsize)) = (off.value, fsize.value) {
                    if fsize != u64::MAX && off.checked_add(fsize).is_none_or(|end| end > size) {
                        if self.reported_nodes.insert(ty) {
                            out.push(
                                Template {
                                    rule: Rule::TbaaFieldOutsideType,
                                    message: format!(
                                        "a field (offset {off}, size {fsize}) does not lie inside its type (size {size})"
                                    ),
                                    operands: vec![MessageOperand::Node(ty)],
                                    path: vec![],
                                }
                                .at(site, attachment),
                            );
                        }
                        return;
                    }
                }
            }
        }
    }

    /// `!tbaa.struct` on an instruction: checked once per node, reported at
    /// every site.
    pub fn visit_tbaa_struct(
        &mut self,
        g: &MetadataGraph,
        site: Site,
        inst: &InstView,
        node: NodeId,
        out: &mut Vec<Finding>,
    ) {
        if !matches!(
            inst.kind,
            Carrier::Call {
                copies_memory: true,
                ..
            }
        ) {
            out.push(Finding {
                rule: Rule::TbaaStructNotCopy,
                severity: Severity::Warning,
                site,
                attachment: Attachment::TbaaStruct,
                message: "!tbaa.struct describes the regions of a memory copy, but this instruction does not copy memory (LLVM ignores it here)".into(),
                operands: vec![MessageOperand::Instruction, MessageOperand::Node(node)],
                path: vec![],
            });
        }
        if !self.struct_findings.contains_key(&node) {
            let found = self.tbaa_struct_checks(g, node);
            self.struct_findings.insert(node, found);
        }
        out.extend(
            self.struct_findings[&node]
                .iter()
                .map(|f| f.at(site, Attachment::TbaaStruct)),
        );
    }

    fn tbaa_struct_checks(&mut self, g: &MetadataGraph, node: NodeId) -> Vec<Template> {
        let mut found = Vec::new();
        let mut t = |rule: Rule, message: String| {
            found.push(Template {
                rule,
                message,
                operands: vec![MessageOperand::Instruction, MessageOperand::Node(node)],
                path: vec![],
            })
        };
        let Ok(ops) = g.operands(node) else {
            return found;
        };
        if ops.len() % 3 != 0 {
            t(
                Rule::TbaaStructShape,
                format!(
                    "!tbaa.struct must be a list of (offset, size, tag) triples, but it has {} operands",
                    ops.len()
                ),
            );
            return found;
        }
        let mut regions: Vec<(usize, u64, u64)> = Vec::new();
        for (k, triple) in ops.chunks(3).enumerate() {
            let offset = triple[0].as_int().and_then(|v| v.value);
            let size = triple[1].as_int().and_then(|v| v.value);
            if offset.is_none() {
                t(
                    Rule::TbaaStructOffset,
                    format!("the offset of region {k} of !tbaa.struct is not an integer constant"),
                );
            }
            if size.is_none() {
                t(
                    Rule::TbaaStructSize,
                    format!("the size of region {k} of !tbaa.struct is not an integer constant"),
                );
            }
            match triple[2] {
                Operand::Node(tag) if self.validity.is_valid_tag(g, tag) => {}
                _ => t(
                    Rule::TbaaStructTag,
                    format!("the tag of region {k} of !tbaa.struct is not a valid access tag"),
                ),
            }
            if let (Some(o), Some(s)) = (offset, size) {
                regions.push((k, o, s));
            }
        }
        for pair in regions.windows(2) {
            let ((k0, o0, s0), (k1, o1, _)) = (pair[0], pair[1]);
            if o1 < o0 {
                t(
                    Rule::TbaaStructOrder,
                    format!("region {k1} of !tbaa.struct (offset {o1}) comes before region {k0} (offset {o0}): regions must be sorted"),
                );
            } else if o0.checked_add(s0).is_none_or(|end| end > o1) {
                t(
                    Rule::TbaaStructOrder,
                    format!("regions {k0} (offset {o0}, size {s0}) and {k1} (offset {o1}) of !tbaa.struct overlap"),
                );
            }
        }
        found
    }
}

/// A template describing the alias analysis's walk from the tag's base
/// type (the oracle's access path: the walk every question about the tag
/// reads) if it never reaches (`access`, 0).
fn access_path_problem(
    oracle: &mut TbaaOracle,
    g: &MetadataGraph,
    tag: NodeId,
    access: NodeId,
    offset: u64,
) -> Option<Template> {
    let AccessPath { steps, end } = oracle.access_path(g, tag);
    if steps.contains(&(access, 0)) {
        return None;
    }
    let why = match end {
        PathOutcome::Stopped(_) => {
            let reached = steps.last().map_or(0, |&(_, off)| off);
            format!("it reaches the access type at offset {reached}, not 0")
        }
        PathOutcome::Cycle => "it goes round a cycle".to_owned(),
        PathOutcome::RanOff => "it ends without reaching the access type".to_owned(),
        PathOutcome::Failed(problem) => format!("it cannot go on: {}", problem.problem),
        PathOutcome::Unreadable(problem) => {
            format!("the walk cannot start: {}", problem.problem)
        }
    };
    Some(Template {
        rule: Rule::TbaaAccessPath,
        message: format!(
            "walking from the base type at offset {offset} as the alias analysis does does not reach the access type at offset 0: {why}"
        ),
        operands: vec![MessageOperand::Instruction, MessageOperand::Node(tag)],
        path: steps
            .into_iter()
            .map(|(ty, offset)| PathStep { ty, offset })
            .collect(),
    })
}
