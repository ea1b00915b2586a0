//! What `aliaskit-sanitize` reads of a module: each function's accesses
//! that carry scope lists, cut into the parts the runtime checks, and its
//! `noalias.scope.decl`s.
//!
//! The module is read once through the verifier's view
//! ([`super::verify_view::read_module`]), so that the lists the verifier
//! reports are known (a malformed list is never a claim), and the same
//! importer's graph holds every list node.

use aliaskit_core::sanitize::build::{Candidate, Decl};
use aliaskit_core::sanitize::table::Access;
use aliaskit_core::scoped::scopes_with_domains;
use aliaskit_core::verify::{
    Attachment, Carrier, DeclArgument, Finding, Rule, Severity, Site, Verifier,
};
use aliaskit_core::NodeId;
use inkwell::llvm_sys::core::{
    LLVMGetBasicBlockParent, LLVMGetCalledValue, LLVMGetInstructionParent, LLVMGetLinkage,
    LLVMGetOperand, LLVMGetTypeKind, LLVMGetVectorSize, LLVMIsAFunction, LLVMIsDeclaration,
    LLVMTypeOf,
};
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMTypeKind;
use rustc_hash::FxHashSet;

use super::name_of;
use super::verify_view::{read_module, ModuleRead};

/// Which part of an instruction a candidate checks (the plugin's
/// `SitePart`, and the lane).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Part {
    Whole,
    Destination,
    Source,
    Lane(u32),
    /// A call to a function defined in the module: what its callee (and
    /// the defined functions it calls) reads, on the caller's behalf.
    CalleeReads,
    /// The same call: what its callee writes.
    CalleeWrites,
}

impl Part {
    /// How reports name it ("" for the whole instruction).
    pub fn name(self) -> String {
        match self {
            Part::Whole => String::new(),
            Part::Destination => "destination".into(),
            Part::Source => "source".into(),
            Part::Lane(k) => format!("lane {k}"),
            Part::CalleeReads => "callee reads".into(),
            Part::CalleeWrites => "callee writes".into(),
        }
    }
}

/// One function with something to check.
pub struct FunctionRead {
    pub function: LLVMValueRef,
    pub name: String,
    pub candidates: Vec<Candidate>,
    /// The instruction and part of each candidate.
    pub origins: Vec<(LLVMValueRef, Part)>,
    pub decls: Vec<Decl>,
    /// The decl instruction of each of `decls`.
    pub decl_instructions: Vec<LLVMValueRef>,
    /// A decl the verifier rejected: its scope is unknown, so no instance
    /// of this function can be trusted; the function is not checked.
    pub malformed_decl: bool,
    /// Calls with scope lists that are neither memory intrinsics nor calls
    /// to a function defined in the module (not checked).
    pub unchecked_calls: usize,
}

/// A module read for the sanitizer.
pub struct SanitizeRead {
    pub module: ModuleRead,
    pub functions: Vec<FunctionRead>,
    /// List nodes the verifier reported, with one finding each.
    pub bad_lists: Vec<(NodeId, Finding, LLVMValueRef)>,
}

impl SanitizeRead {
    pub fn is_bad(&self, node: NodeId) -> bool {
        self.bad_lists.iter().any(|(n, _, _)| *n == node)
    }
}

/// What a call with lists is to the checker.
enum CallShape {
    /// `llvm.memcpy`, `llvm.memmove` (and their inline and atomic forms).
    Transfer,
    /// `llvm.memset` (and its inline form).
    Set,
    /// `llvm.masked.*` and gathers/scatters of `lanes` lanes.
    Lanes {
        write: bool,
        lanes: u32,
    },
    /// A direct call to a function defined in the module, whose body can
    /// be cloned for the checker (see `sanitize.cpp`): its two parts stand
    /// for what the callee reads and writes.
    Defined,
    /// One of the runtime's own calls (`__aliaskit_*`): never a site, and
    /// not counted (the inliner gives them the lists of an inlined call).
    Runtime,
    Other,
}

unsafe fn call_shape(call: LLVMValueRef) -> CallShape {
    let callee = LLVMGetCalledValue(call);
    if callee.is_null() || LLVMIsAFunction(callee).is_null() {
        return CallShape::Other;
    }
    let name = name_of(callee);
    if name.starts_with("__aliaskit_") {
        return CallShape::Runtime;
    }
    if !name.starts_with("llvm.") {
        return if clonable(callee) {
            CallShape::Defined
        } else {
            CallShape::Other
        };
    }
    if name.starts_with("llvm.memcpy") || name.starts_with("llvm.memmove") {
        return CallShape::Transfer;
    }
    if name.starts_with("llvm.memset") {
        return CallShape::Set;
    }
    let write = name.starts_with("llvm.masked.store") || name.starts_with("llvm.masked.scatter");
    let read = name.starts_with("llvm.masked.load") || name.starts_with("llvm.masked.gather");
    if !(read || write) {
        return CallShape::Other;
    }
    let ty = if write {
        LLVMTypeOf(LLVMGetOperand(call, 0))
    } else {
        LLVMTypeOf(call)
    };
    if LLVMGetTypeKind(ty) != LLVMTypeKind::LLVMVectorTypeKind {
        return CallShape::Other;
    }
    CallShape::Lanes {
        write,
        lanes: LLVMGetVectorSize(ty),
    }
}

/// Whether `callee`'s body is the one that runs when it is called, so that
/// a clone of it does the same: a definition that cannot be replaced at
/// link time (ODR definitions are equivalent, so they count).
unsafe fn clonable(callee: LLVMValueRef) -> bool {
    use inkwell::llvm_sys::LLVMLinkage::*;
    if LLVMIsDeclaration(callee) != 0 {
        return false;
    }
    !matches!(
        LLVMGetLinkage(callee),
        LLVMLinkOnceAnyLinkage
            | LLVMWeakAnyLinkage
            | LLVMExternalWeakLinkage
            | LLVMCommonLinkage
            | LLVMAvailableExternallyLinkage
    )
}

/// Reads `module`. `location` gives an instruction's location for decls.
/// `delegate`: a call with lists to a function defined in the module is
/// two sites (its callee's reads and writes); otherwise it is counted as
/// not checked (the start point: a clone of the callee could not be
/// inlined, and the callee's accesses through its results would then stay
/// unclassified; the end point checks the calls that remain).
///
/// # Safety
/// `module` must be live and not modified while the result is used.
pub unsafe fn read(
    module: LLVMModuleRef,
    location: &dyn Fn(LLVMValueRef) -> String,
    delegate: bool,
) -> SanitizeRead {
    let read = read_module(module);
    let findings = Verifier::new().verify_module(&read.importer.graph, &read.view);
    let mut bad_lists = Vec::new();
    let mut bad_decl_functions = FxHashSet::default();
    let mut seen = FxHashSet::default();
    for f in findings
        .into_iter()
        .filter(|f| f.severity >= Severity::Warning)
    {
        let Site::Instruction(i) = f.site else {
            continue;
        };
        let view = &read.view.instructions[i];
        let node = match f.attachment {
            Attachment::AliasScope | Attachment::NoAlias => view.attached(f.attachment),
            // A decl that dominates another of its scope is well-formed: its
            // scope is known, and each execution still begins an instance
            // (the shape a wrong unroller leaves, which the end point is
            // there to check). Only a decl whose scope cannot be read makes
            // the function's instances unknown.
            Attachment::ScopeDecl if f.rule == Rule::ScopeDeclDominates => None,
            Attachment::ScopeDecl => {
                bad_decl_functions.insert(view.function);
                None
            }
            _ => None,
        };
        if let Some(n) = node.filter(|n| seen.insert(*n)) {
            bad_lists.push((n, f, read.instructions[i]));
        }
    }
    let mut functions: Vec<FunctionRead> = Vec::new();
    let decls: rustc_hash::FxHashMap<usize, NodeId> = read
        .view
        .scope_decls
        .iter()
        .filter_map(|&(i, a)| match a {
            DeclArgument::Node(n) => Some((i, n)),
            _ => None,
        })
        .collect();
    let mut index_in_function = 0u32;
    for (i, view) in read.view.instructions.iter().enumerate() {
        let inst = read.instructions[i];
        if i == 0 || read.view.instructions[i - 1].function != view.function {
            index_in_function = 0;
            functions.push(FunctionRead {
                function: LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)),
                name: read.functions[view.function].clone(),
                candidates: Vec::new(),
                origins: Vec::new(),
                decls: Vec::new(),
                decl_instructions: Vec::new(),
                malformed_decl: bad_decl_functions.contains(&view.function),
                unchecked_calls: 0,
            });
        }
        let f = functions.last_mut().expect("just pushed");
        let here = index_in_function;
        index_in_function += 1;
        if let Some(&list) = decls.get(&i) {
            let scopes = scopes_with_domains(&read.importer.graph, list)
                .map(|s| s.into_iter().map(|(s, _)| s).collect())
                .unwrap_or_default();
            f.decls.push(Decl {
                scopes,
                location: location(inst),
            });
            f.decl_instructions.push(inst);
            continue;
        }
        if view.alias_scope.is_none() && view.noalias.is_none() {
            continue;
        }
        let mut add = |part: Part, access: Access| {
            f.candidates.push(Candidate {
                access,
                part: part.name(),
                scopes: view.alias_scope,
                noalias: view.noalias,
                instruction_index: here,
            });
            f.origins.push((inst, part));
        };
        match view.kind {
            Carrier::Load => add(Part::Whole, Access::Read),
            Carrier::Store | Carrier::AtomicRmw | Carrier::CmpXchg => {
                add(Part::Whole, Access::Write)
            }
            Carrier::Call { .. } => match call_shape(inst) {
                CallShape::Transfer => {
                    add(Part::Destination, Access::Write);
                    add(Part::Source, Access::Read);
                }
                CallShape::Set => add(Part::Destination, Access::Write),
                CallShape::Lanes { write, lanes } => {
                    let access = if write { Access::Write } else { Access::Read };
                    for k in 0..lanes {
                        add(Part::Lane(k), access);
                    }
                }
                CallShape::Defined if delegate => {
                    add(Part::CalleeReads, Access::Read);
                    add(Part::CalleeWrites, Access::Write);
                }
                CallShape::Runtime => {}
                CallShape::Defined | CallShape::Other => f.unchecked_calls += 1,
            },
            Carrier::Invoke => match call_shape(inst) {
                CallShape::Defined if delegate => {
                    add(Part::CalleeReads, Access::Read);
                    add(Part::CalleeWrites, Access::Write);
                }
                CallShape::Runtime => {}
                _ => f.unchecked_calls += 1,
            },
            Carrier::OtherCall => f.unchecked_calls += 1,
            Carrier::VaArg | Carrier::Other => {}
        }
    }
    functions.retain(|f| !f.candidates.is_empty() || f.unchecked_calls > 0);
    SanitizeRead {
        module: read,
        functions,
        bad_lists,
    }
}
