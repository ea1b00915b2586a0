//! Verifying alias metadata: LLVM 22's checks, and the ones it lacks.
//!
//! The verifier looks at a module through a small [`ModuleView`]: its
//! instructions (what kind of instruction, and which of `!tbaa`,
//! `!tbaa.struct`, `!alias.scope`, `!noalias` each carries), the operands of
//! `!llvm.errno.tbaa`, and the `llvm.experimental.noalias.scope.decl` calls.
//! The reader builds the view from real IR; tests build it by hand.
//!
//! It produces [`Finding`]s, each with a stable [`Rule`] id. Two families:
//!
//! * **LLVM parity** ([`tbaa`], [`scopes`]): exactly the checks of LLVM
//!   22.1.8's `Verifier` for this metadata, with its messages, in its order,
//!   with its caching (a bad base type node is reported once; tag-level
//!   errors once per instruction), so that where LLVM rejects a module we do
//!   too and say the same thing. Two cases LLVM's verifier accepts
//!   *silently*, although its bitcode reader then strips every TBAA tag of
//!   the module, are reported as errors ([`Rule::TbaaSilentlyInvalid`]).
//! * **Beyond LLVM** ([`extra`]): `!tbaa.struct` (which LLVM
//!   does not check at all), cycles that pass LLVM's verifier but kill its
//!   alias analysis, the struct-path invariant that every tag's access path
//!   reaches its access type at offset 0 (as the *analysis* walks it, which
//!   is not quite how the verifier walks it), and a few consistency checks.
//!
//! Every result about a node is memoized in the [`Verifier`], so the cost is
//! linear in distinct nodes plus attachments. Nothing here panics on any
//! graph: malformed metadata is what this module is for.

pub mod extra;
pub mod scopes;
pub mod tbaa;

use crate::graph::{MetadataGraph, NodeId};

/// What kind of instruction carries the metadata (as far as the rules care).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Carrier {
    Load,
    Store,
    /// A call; `copies_memory` for `llvm.memcpy`/`llvm.memmove` and their
    /// inline variants, `sets_memory` for `llvm.memset` and its inline
    /// variant: the memory intrinsics, whose locations
    /// (`MemoryLocation::getForDest`, `getForSource`) carry the call's own
    /// alias metadata.
    Call {
        copies_memory: bool,
        sets_memory: bool,
    },
    /// `invoke` (LLVM only accepts `!tbaa` on plain calls, and its verifier
    /// visits an invoke twice, so its messages appear twice).
    Invoke,
    /// `callbr`.
    OtherCall,
    VaArg,
    AtomicRmw,
    CmpXchg,
    /// Any other instruction.
    Other,
}

impl Carrier {
    /// A memory intrinsic (`llvm.memcpy`, `llvm.memmove`, `llvm.memset`, and
    /// their inline variants).
    pub fn is_memory_intrinsic(self) -> bool {
        matches!(self, Carrier::Call { copies_memory, sets_memory } if copies_memory || sets_memory)
    }

    /// A call site (`call`, `invoke`, `callbr`): what `getModRefInfo` of a
    /// call is asked about.
    pub fn is_call(self) -> bool {
        matches!(
            self,
            Carrier::Call { .. } | Carrier::Invoke | Carrier::OtherCall
        )
    }

    /// The instructions LLVM's verifier accepts a `!tbaa` tag on.
    pub fn may_carry_tbaa(self) -> bool {
        matches!(
            self,
            Carrier::Load
                | Carrier::Store
                | Carrier::Call { .. }
                | Carrier::VaArg
                | Carrier::AtomicRmw
                | Carrier::CmpXchg
        )
    }
}

/// One instruction and its alias metadata (node ids in the view's graph).
#[derive(Clone, Debug)]
pub struct InstView {
    /// Index of its function in the module (instructions come function by
    /// function).
    pub function: usize,
    pub kind: Carrier,
    pub tbaa: Option<NodeId>,
    pub tbaa_struct: Option<NodeId>,
    pub alias_scope: Option<NodeId>,
    pub noalias: Option<NodeId>,
}

impl InstView {
    pub fn new(function: usize, kind: Carrier) -> InstView {
        InstView {
            function,
            kind,
            tbaa: None,
            tbaa_struct: None,
            alias_scope: None,
            noalias: None,
        }
    }

    /// The node this instruction's `attachment` holds (None for those no
    /// instruction holds a node in: an errno tag, a scope declaration).
    pub fn attached(&self, attachment: Attachment) -> Option<NodeId> {
        match attachment {
            Attachment::Tbaa => self.tbaa,
            Attachment::TbaaStruct => self.tbaa_struct,
            Attachment::AliasScope => self.alias_scope,
            Attachment::NoAlias => self.noalias,
            Attachment::ErrnoTag | Attachment::ScopeDecl => None,
        }
    }

    /// This instruction with the `!tbaa` tag `tag`.
    pub fn with_tbaa(self, tag: NodeId) -> InstView {
        InstView {
            tbaa: Some(tag),
            ..self
        }
    }
}

/// The argument of an `llvm.experimental.noalias.scope.decl` call.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeclArgument {
    /// Not metadata at all.
    NotMetadata,
    /// Metadata that is not a node (a string, a constant, ...).
    NotNode,
    /// A node (the scope list).
    Node(NodeId),
}

/// Where an instruction stands in its function's dominator tree: the facts
/// the reader takes from LLVM's `DominatorTree`, so that dominance between
/// two instructions of one function is decided here ([`DomPlace::dominates`])
/// without LLVM.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DomPlace {
    /// Its basic block's number in the function.
    pub block: u32,
    /// The block's depth-first interval `(in, out)` in the dominator tree;
    /// `None` for a block not reachable from the entry.
    pub interval: Option<(u32, u32)>,
}

impl DomPlace {
    /// Whether instruction `a` (view index `ia`, at `self`) dominates
    /// instruction `b` (view index `ib`, at `other`) of the same function,
    /// as LLVM's `DominatorTree::dominates(const Value *, const
    /// Instruction *)` decides it for two calls: an instruction in an
    /// unreachable block is dominated by every instruction, one in a
    /// reachable block by none in an unreachable block; no instruction
    /// dominates itself; in one block, the earlier dominates the later;
    /// otherwise block dominance.
    pub fn dominates(self, ia: usize, other: DomPlace, ib: usize) -> bool {
        let Some((b_in, b_out)) = other.interval else {
            return true;
        };
        let Some((a_in, a_out)) = self.interval else {
            return false;
        };
        if ia == ib {
            return false;
        }
        if self.block == other.block {
            return ia < ib;
        }
        a_in <= b_in && b_out <= a_out
    }
}

/// A module as the verifier sees it.
#[derive(Clone, Debug, Default)]
pub struct ModuleView {
    pub instructions: Vec<InstView>,
    /// Operands of `!llvm.errno.tbaa` (None for a null operand), if present.
    pub errno_tags: Option<Vec<Option<NodeId>>>,
    /// `llvm.experimental.noalias.scope.decl` calls: the instruction index
    /// (into `instructions`) and the argument, in instruction order.
    pub scope_decls: Vec<(usize, DeclArgument)>,
    /// Where each of `scope_decls` stands in its function's dominator tree
    /// (same order); missing or `None` where not known, and then
    /// [`Rule::ScopeDeclDominates`] is not checked for that declaration.
    /// The reader fills it for functions with two or more declarations.
    pub scope_decl_places: Vec<Option<DomPlace>>,
}

impl ModuleView {
    /// A module of these instructions only: no `!llvm.errno.tbaa`, no
    /// scope declarations.
    pub fn of_instructions(instructions: Vec<InstView>) -> ModuleView {
        ModuleView {
            instructions,
            ..ModuleView::default()
        }
    }
}

/// Where a finding is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Site {
    /// Instruction `index` of the view.
    Instruction(usize),
    /// Operand `index` of `!llvm.errno.tbaa`.
    ErrnoTag(usize),
}

/// Which attachment a finding is about; `<strip>` removes exactly these.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Attachment {
    Tbaa,
    TbaaStruct,
    AliasScope,
    NoAlias,
    /// The `llvm.errno.tbaa` operand itself.
    ErrnoTag,
    /// The whole `noalias.scope.decl` call.
    ScopeDecl,
}

impl Attachment {
    pub fn name(self) -> &'static str {
        match self {
            Attachment::Tbaa => "!tbaa",
            Attachment::TbaaStruct => "!tbaa.struct",
            Attachment::AliasScope => "!alias.scope",
            Attachment::NoAlias => "!noalias",
            Attachment::ErrnoTag => "!llvm.errno.tbaa",
            Attachment::ScopeDecl => "llvm.experimental.noalias.scope.decl",
        }
    }
}

pub use crate::severity::Severity;

/// What LLVM prints after a message, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MessageOperand {
    /// The instruction of the site.
    Instruction,
    /// A metadata node.
    Node(NodeId),
    /// A number (an APInt or an unsigned), printed in decimal.
    Number(i128),
}

/// One step of an access path: at `ty`, `offset` bytes in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PathStep {
    pub ty: NodeId,
    pub offset: u64,
}

/// A finding: a rule broken at a site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub rule: Rule,
    pub severity: Severity,
    pub site: Site,
    pub attachment: Attachment,
    pub message: String,
    /// What follows the message, as LLVM prints it.
    pub operands: Vec<MessageOperand>,
    /// For path rules: the walk, step by step.
    pub path: Vec<PathStep>,
}

/// What LLVM's verifier prints for a rule it shares with us, and which of
/// its functions prints it (`Verifier.cpp`, LLVM 22.1.8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LlvmCheck {
    pub message: &'static str,
    pub function: &'static str,
}

macro_rules! rules {
    (@llvm -) => { None };
    (@llvm ($message:literal, $function:literal)) => {
        Some(LlvmCheck { message: $message, function: $function })
    };
    ($($variant:ident = $id:literal, $sev:ident, $llvm:tt, $doc:literal;)*) => {
        /// Every rule, with a stable id (used in output and JSON).
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Rule {
            $(#[doc = $doc] $variant,)*
        }

        impl Rule {
            pub const ALL: &'static [Rule] = &[$(Rule::$variant,)*];

            /// The stable id, e.g. `tbaa-offset-not-zero`.
            pub fn id(self) -> &'static str {
                match self { $(Rule::$variant => $id,)* }
            }

            pub fn severity(self) -> Severity {
                match self { $(Rule::$variant => Severity::$sev,)* }
            }

            /// One line on what the rule checks.
            pub fn summary(self) -> &'static str {
                match self { $(Rule::$variant => $doc,)* }
            }

            /// LLVM's own check, for the rules of LLVM parity: the message
            /// a finding of the rule carries, word for word.
            pub fn llvm(self) -> Option<LlvmCheck> {
                match self { $(Rule::$variant => rules!(@llvm $llvm),)* }
            }

            /// [`Rule::llvm`]'s message of a rule of LLVM parity.
            pub(crate) fn llvm_message(self) -> &'static str {
                debug_assert!(self.llvm().is_some(), "{} is not one of LLVM's checks", self.id());
                self.llvm().map_or("", |check| check.message)
            }
        }
    };
}

// Columns: variant = id, severity, LLVM's (message, function) or `-` for
// a rule LLVM's verifier does not have, what the rule checks.
rules! {
    // LLVM parity: access tags (Verifier: TBAAVerifier::visitTBAAMetadata).
    TbaaEmptyTag = "tbaa-empty-tag", Error, ("TBAA metadata cannot have 0 operands", "visitTBAAMetadata"),
        "TBAA metadata cannot have 0 operands";
    TbaaNotMemoryInstruction = "tbaa-not-memory-instruction", Error, ("This instruction shall not have a TBAA access tag!", "visitTBAAMetadata"),
        "only loads, stores, calls, va_arg and atomics may carry !tbaa";
    TbaaOldStyle = "tbaa-old-style", Error, ("Old-style TBAA is no longer allowed, use struct-path TBAA instead", "visitTBAAMetadata"),
        "a tag must be a struct-path tag (node first operand, 3+ operands)";
    TbaaNewTagOperands = "tbaa-new-tag-operands", Error, ("Access tag metadata must have either 4 or 5 operands", "visitTBAAMetadata"),
        "a new-format tag has 4 or 5 operands";
    TbaaOldTagOperands = "tbaa-old-tag-operands", Error, ("Struct tag metadata must have either 3 or 4 operands", "visitTBAAMetadata"),
        "an old-format tag has 3 or 4 operands";
    TbaaAccessSize = "tbaa-access-size", Error, ("Access size field must be a constant", "visitTBAAMetadata"),
        "a new-format tag's size is an integer constant";
    TbaaImmutableNotConstant = "tbaa-immutable-not-constant", Error, ("Immutability tag on struct tag metadata must be a constant", "visitTBAAMetadata"),
        "the immutability flag is an integer constant";
    TbaaImmutableNotBoolean = "tbaa-immutable-not-boolean", Error, ("Immutability part of the struct tag metadata must be either 0 or 1", "visitTBAAMetadata"),
        "the immutability flag is 0 or 1";
    TbaaBaseOrAccessNotNode = "tbaa-base-or-access-not-node", Error, ("Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes", "visitTBAAMetadata"),
        "base and access type are nodes";
    TbaaAccessNotScalar = "tbaa-access-not-scalar", Error, ("Access type node must be a valid scalar type", "visitTBAAMetadata"),
        "an old-format access type is a valid scalar type";
    TbaaOffsetNotConstant = "tbaa-offset-not-constant", Error, ("Offset must be constant integer", "visitTBAAMetadata"),
        "the offset is an integer constant";
    TbaaPathCycle = "tbaa-path-cycle", Error, ("Cycle detected in struct path", "visitTBAAMetadata"),
        "the verifier's walk of the struct path visits a type twice";
    TbaaOffsetNotZero = "tbaa-offset-not-zero", Error, ("Offset not zero at the point of scalar access", "visitTBAAMetadata"),
        "the offset is 0 when the walk reaches a scalar or the access type";
    TbaaBitWidth = "tbaa-bit-width", Error, ("Access bit-width not the same as description bit-width", "visitTBAAMetadata"),
        "the offset has the bit width of the field offsets it is compared with";
    TbaaAccessNotOnPath = "tbaa-access-not-on-path", Error, ("Did not see access type in access path!", "visitTBAAMetadata"),
        "the walk from the base type meets the access type";
    TbaaNoParentField = "tbaa-no-parent-field", Error, ("Could not find TBAA parent in struct type node", "getFieldNodeFromTBAABaseNode"),
        "the walk finds a field at or before its offset";
    // LLVM parity: base (struct) type nodes (TBAAVerifier::verifyTBAABaseNode).
    // (Its "Base nodes must have at least two operands" cannot fire: the walk
    // stops at roots first; a tag whose base is a root fails as
    // tbaa-access-not-on-path, as in LLVM.)
    TbaaNewTypeOperands = "tbaa-new-type-operands", Error, ("Access tag nodes must have the number of operands that is a multiple of 3!", "verifyTBAABaseNodeImpl"),
        "a new-format type node has a multiple of 3 operands";
    TbaaOldStructOperands = "tbaa-old-struct-operands", Error, ("Struct tag nodes must have an odd number of operands!", "verifyTBAABaseNodeImpl"),
        "an old-format struct node has an odd number of operands";
    TbaaTypeSize = "tbaa-type-size", Error, ("Type size nodes must be constants!", "verifyTBAABaseNodeImpl"),
        "a new-format type's size is an integer constant";
    TbaaStructName = "tbaa-struct-name", Error, ("Struct tag nodes have a string as their first operand", "verifyTBAABaseNodeImpl"),
        "an old-format struct node starts with its name, a string";
    TbaaFieldNotNode = "tbaa-field-not-node", Error, ("Incorrect field entry in struct type node!", "verifyTBAABaseNodeImpl"),
        "a field type is a node";
    TbaaFieldOffset = "tbaa-field-offset", Error, ("Offset entries must be constants!", "verifyTBAABaseNodeImpl"),
        "a field offset is an integer constant";
    TbaaFieldBitWidth = "tbaa-field-bit-width", Error, ("Bitwidth between the offsets and struct type entries must match", "verifyTBAABaseNodeImpl"),
        "all field offsets of a node have one bit width";
    TbaaFieldOrder = "tbaa-field-order", Error, ("Offsets must be increasing!", "verifyTBAABaseNodeImpl"),
        "field offsets do not decrease";
    TbaaMemberSize = "tbaa-member-size", Error, ("Member size entries must be constants!", "verifyTBAABaseNodeImpl"),
        "a new-format member size is an integer constant";
    // Accepted silently by LLVM's verifier, but its bitcode reader then strips all TBAA.
    TbaaSilentlyInvalid = "tbaa-silently-invalid", Error, -,
        "a tag LLVM's verifier rejects without a message (its bitcode reader then drops every !tbaa of the module)";
    TbaaErrnoSilentlyInvalid = "tbaa-errno-silently-invalid", Error, -,
        "an !llvm.errno.tbaa tag LLVM's verifier rejects without a message (the module passes verification with an invalid errno tag)";
    // LLVM parity: scope lists, scopes and domains (visitAliasScopeListMetadata).
    ScopeListNotNodes = "scope-list-not-nodes", Error, ("scope list must consist of MDNodes", "visitAliasScopeListMetadata"),
        "a scope list consists of nodes";
    ScopeOperands = "scope-operands", Error, ("scope must have two or three operands", "visitAliasScopeMetadata"),
        "a scope has two or three operands";
    ScopeId = "scope-id", Error, ("first scope operand must be self-referential or string", "visitAliasScopeMetadata"),
        "a scope's first operand is itself or a string";
    ScopeName = "scope-name", Error, ("third scope operand must be string (if used)", "visitAliasScopeMetadata"),
        "a scope's third operand is a string";
    ScopeDomainNotNode = "scope-domain-not-node", Error, ("second scope operand must be MDNode", "visitAliasScopeMetadata"),
        "a scope's second operand is its domain, a node";
    DomainOperands = "domain-operands", Error, ("domain must have one or two operands", "visitAliasScopeMetadata"),
        "a domain has one or two operands";
    DomainId = "domain-id", Error, ("first domain operand must be self-referential or string", "visitAliasScopeMetadata"),
        "a domain's first operand is itself or a string";
    DomainName = "domain-name", Error, ("second domain operand must be string (if used)", "visitAliasScopeMetadata"),
        "a domain's second operand is a string";
    // LLVM parity: llvm.experimental.noalias.scope.decl (verifyNoAliasScopeDecl).
    ScopeDeclArgument = "scope-decl-argument", Error, ("llvm.experimental.noalias.scope.decl must have a MetadataAsValue argument", "verifyNoAliasScopeDecl"),
        "the argument of noalias.scope.decl is metadata";
    ScopeDeclNotNode = "scope-decl-not-node", Error, ("!id.scope.list must point to an MDNode", "verifyNoAliasScopeDecl"),
        "the argument of noalias.scope.decl is a node";
    ScopeDeclSingleScope = "scope-decl-single-scope", Error, ("!id.scope.list must point to a list with a single scope", "verifyNoAliasScopeDecl"),
        "the list of noalias.scope.decl holds exactly one scope";
    ScopeDeclDominates = "scope-decl-dominates", Error, ("llvm.experimental.noalias.scope.decl dominates another one with the same scope", "verifyNoAliasScopeDecl"),
        "no noalias.scope.decl dominates another one with the same scope list (what a loop unrolled or a body duplicated without cloning its scopes leaves; LLVM checks it only with -verify-noalias-scope-decl-dom, we always do)";
    // Beyond LLVM.
    ScopeListNull = "scope-list-null", Error, -,
        "a scope list, scope or domain has a null operand (LLVM's verifier and analysis crash on it)";
    ScopeInBothLists = "scope-in-both-lists", Error, -,
        "no scope is in both the !alias.scope and the !noalias of one instruction";
    TbaaParentCycle = "tbaa-parent-cycle", Error, -,
        "no chain of parent types is a cycle (LLVM's analysis stops with 'Cycle found in TBAA metadata.')";
    TbaaNullFirstOperand = "tbaa-null-first-operand", Error, -,
        "no type node of three or more operands has a null operand 0 (LLVM's verifier accepts it; its analysis dereferences it on any query reaching the type)";
    TbaaFieldCycle = "tbaa-field-cycle", Error, -,
        "no type contains itself through its fields (LLVM's analysis recurses without end)";
    TbaaAccessPath = "tbaa-access-path", Error, -,
        "walking the type DAG as the analysis does, from the base type at the offset, reaches the access type at offset 0";
    TbaaDifferentRoots = "tbaa-different-roots", Warning, -,
        "base and access type belong to one type system (one root)";
    TbaaFieldOutsideType = "tbaa-field-outside-type", Warning, -,
        "a new-format field lies inside its type's size";
    TbaaAccessOutsideBase = "tbaa-access-outside-base", Warning, -,
        "a new-format access lies inside its base type's size";
    TbaaImmutableStore = "tbaa-immutable-store", Error, -,
        "a store, atomicrmw or cmpxchg does not carry an immutable tag";
    TbaaStructShape = "tbaa-struct-shape", Error, -,
        "!tbaa.struct is a list of (offset, size, tag) triples";
    TbaaStructOffset = "tbaa-struct-offset", Error, -,
        "a !tbaa.struct offset is an integer constant";
    TbaaStructSize = "tbaa-struct-size", Error, -,
        "a !tbaa.struct size is an integer constant";
    TbaaStructTag = "tbaa-struct-tag", Error, -,
        "a !tbaa.struct tag is a valid access tag";
    TbaaStructOrder = "tbaa-struct-order", Error, -,
        "!tbaa.struct regions are sorted and do not overlap";
    TbaaStructNotCopy = "tbaa-struct-not-copy", Warning, -,
        "!tbaa.struct is only on instructions that copy memory";
}

pub use tbaa::TbaaVerifier;

/// Runs every rule over a module view. Findings come in LLVM's order: per
/// instruction (`!tbaa`, `!noalias`, `!alias.scope`, then our rules), the
/// scope declarations at the end of each function, then `llvm.errno.tbaa`.
pub fn verify_module(g: &MetadataGraph, m: &ModuleView) -> Vec<Finding> {
    let mut v = Verifier::new();
    v.verify_module(g, m)
}

/// The memoizing verifier (one per module, or per session).
#[derive(Default)]
pub struct Verifier {
    pub tbaa: TbaaVerifier,
    pub extra: extra::ExtraChecks,
}

impl Verifier {
    pub fn new() -> Verifier {
        Verifier::default()
    }

    pub fn verify_module(&mut self, g: &MetadataGraph, m: &ModuleView) -> Vec<Finding> {
        let mut out = Vec::new();
        let mut decls = m.scope_decls.iter().peekable();
        for (index, inst) in m.instructions.iter().enumerate() {
            let site = Site::Instruction(index);
            let visits = if inst.kind == Carrier::Invoke { 2 } else { 1 };
            for _ in 0..visits {
                if let Some(tag) = inst.tbaa {
                    self.tbaa.visit_tag(g, site, Some(inst.kind), tag, &mut out);
                }
                if let Some(list) = inst.noalias {
                    scopes::visit_list(g, site, Attachment::NoAlias, list, &mut out);
                }
                if let Some(list) = inst.alias_scope {
                    scopes::visit_list(g, site, Attachment::AliasScope, list, &mut out);
                }
            }
            self.extra.visit_instruction(g, site, inst, &mut out);
            if let Some(ts) = inst.tbaa_struct {
                self.extra.visit_tbaa_struct(g, site, inst, ts, &mut out);
            }
            // At the end of a function, LLVM checks its scope declarations.
            let last_of_function = m
                .instructions
                .get(index + 1)
                .is_none_or(|next| next.function != inst.function);
            if last_of_function {
                let mut failed = false;
                let first = m.scope_decls.len() - decls.len();
                let mut last = first;
                while let Some(&&(at, arg)) = decls.peek() {
                    if m.instructions[at].function != inst.function {
                        break;
                    }
                    decls.next();
                    last += 1;
                    if !failed {
                        failed = scopes::visit_decl(g, Site::Instruction(at), arg, &mut out);
                    }
                }
                // Only when every declaration passed its own checks, as in LLVM.
                if !failed && last - first > 1 {
                    scopes::visit_decl_dominance(m, first..last, &mut out);
                }
            }
        }
        if let Some(tags) = &m.errno_tags {
            for (index, tag) in tags.iter().enumerate() {
                let site = Site::ErrnoTag(index);
                match tag {
                    Some(tag) => {
                        self.tbaa.visit_tag(g, site, None, *tag, &mut out);
                        self.extra
                            .visit_tag(g, site, Attachment::ErrnoTag, *tag, &mut out);
                    }
                    None => out.push(Finding {
                        rule: Rule::TbaaEmptyTag,
                        severity: Severity::Error,
                        site,
                        attachment: Attachment::ErrnoTag,
                        message: "!llvm.errno.tbaa has a null operand".into(),
                        operands: vec![],
                        path: vec![],
                    }),
                }
            }
        }
        out
    }
}
