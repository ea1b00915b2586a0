//! The verifier's view of a module, read from real IR.
//!
//! Walks every instruction of every function (in order), classifies it as
//! the verifier's rules need ([`Carrier`]), imports its alias metadata
//! attachments, and reads `!llvm.errno.tbaa` and the
//! `llvm.experimental.noalias.scope.decl` calls (and, in a function with
//! two or more of them, where each stands in LLVM's dominator tree: the
//! facts the verifier's `scope-decl-dominates` decides dominance from).
//! Attachments are read as raw metadata (not through `MetadataAsValue`,
//! which would rewrite `!{null}`), so the verifier sees exactly what LLVM's
//! verifier sees.
//! `aliaskit-explain` and `aliaskit-dot` read the same view.

use std::ffi::CStr;

use aliaskit_core::verify::{Carrier, DeclArgument, DomPlace, InstView, ModuleView};
use inkwell::llvm_sys::core::{
    LLVMGetCalledValue, LLVMGetFirstBasicBlock, LLVMGetFirstFunction, LLVMGetFirstInstruction,
    LLVMGetInstructionOpcode, LLVMGetMDKindIDInContext, LLVMGetModuleContext,
    LLVMGetNextBasicBlock, LLVMGetNextFunction, LLVMGetNextInstruction, LLVMIsAFunction,
};
use inkwell::llvm_sys::prelude::{LLVMMetadataRef, LLVMModuleRef, LLVMValueRef};
use inkwell::llvm_sys::LLVMOpcode;

use super::{name_of, MetadataImporter, LOG_TARGET};
use crate::plugin::ffi::imports::{
    aliaskit_attachments, aliaskit_decl_argument, aliaskit_dominator_places,
    aliaskit_named_metadata_operands,
};
use crate::plugin::ffi::types::DeclArgumentKind;

/// A module read for verification: the view, plus the LLVM handles the
/// plugin needs to print and strip.
pub struct ModuleRead {
    pub view: ModuleView,
    pub importer: MetadataImporter,
    /// The LLVM instruction of each view instruction.
    pub instructions: Vec<LLVMValueRef>,
    /// The name of each function (index = `InstView::function`).
    pub functions: Vec<String>,
    /// Metadata kind ids, for stripping attachments.
    pub kinds: Kinds,
}

/// The metadata kind ids of the attachments the verifier reads.
#[derive(Copy, Clone, Debug)]
pub struct Kinds {
    pub tbaa: u32,
    pub tbaa_struct: u32,
    pub alias_scope: u32,
    pub noalias: u32,
}

/// The callee's name for a direct call, "" otherwise.
pub(crate) unsafe fn callee_name(call: LLVMValueRef) -> String {
    let callee = LLVMGetCalledValue(call);
    if callee.is_null() || LLVMIsAFunction(callee).is_null() {
        return String::new();
    }
    name_of(callee)
}

unsafe fn kind_id(module: LLVMModuleRef, name: &CStr) -> u32 {
    let ctx = LLVMGetModuleContext(module);
    LLVMGetMDKindIDInContext(ctx, name.as_ptr(), name.to_bytes().len() as u32)
}

/// Reads a module.
///
/// # Safety
/// `module` must be a live module, not modified while the result is used.
pub unsafe fn read_module(module: LLVMModuleRef) -> ModuleRead {
    let kinds = Kinds {
        tbaa: kind_id(module, c"tbaa"),
        tbaa_struct: kind_id(module, c"tbaa.struct"),
        alias_scope: kind_id(module, c"alias.scope"),
        noalias: kind_id(module, c"noalias"),
    };
    let mut read = ModuleRead {
        view: ModuleView::default(),
        importer: MetadataImporter::new(),
        instructions: Vec::new(),
        functions: Vec::new(),
        kinds,
    };
    let mut f = LLVMGetFirstFunction(module);
    while !f.is_null() {
        let function = read.functions.len();
        read.functions.push(name_of(f));
        let decls_before = read.view.scope_decls.len();
        let mut bb = LLVMGetFirstBasicBlock(f);
        while !bb.is_null() {
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                read.instruction(function, i);
                i = LLVMGetNextInstruction(i);
            }
            bb = LLVMGetNextBasicBlock(bb);
        }
        read.dominator_places(f, decls_before);
        f = LLVMGetNextFunction(f);
    }
    let mut ops = vec![std::ptr::null_mut(); 64];
    let count =
        aliaskit_named_metadata_operands(module, c"llvm.errno.tbaa".as_ptr(), ops.as_mut_ptr(), 64);
    if count >= 0 {
        if count as usize > ops.len() {
            ops = vec![std::ptr::null_mut(); count as usize];
            aliaskit_named_metadata_operands(
                module,
                c"llvm.errno.tbaa".as_ptr(),
                ops.as_mut_ptr(),
                count as u32,
            );
        }
        ops.truncate(count as usize);
        read.view.errno_tags = Some(ops.iter().map(|&md| read.importer.import(md)).collect());
    }
    read
}

impl ModuleRead {
    /// The dominator-tree places of the scope declarations of function `f`
    /// (those from `first` on), which the verifier needs only where two or
    /// more declarations could share a scope: the dominator tree is built
    /// for those functions alone.
    unsafe fn dominator_places(&mut self, f: LLVMValueRef, first: usize) {
        let decls = &self.view.scope_decls[first..];
        let places = &mut self.view.scope_decl_places;
        places.resize(first, None);
        let nodes = decls
            .iter()
            .filter(|(_, a)| matches!(a, DeclArgument::Node(_)))
            .count();
        if nodes < 2 {
            places.resize(first + decls.len(), None);
            return;
        }
        let insts: Vec<LLVMValueRef> = decls.iter().map(|&(i, _)| self.instructions[i]).collect();
        let mut out = vec![0u32; 4 * insts.len()];
        if aliaskit_dominator_places(f, insts.as_ptr(), insts.len() as u32, out.as_mut_ptr()) == 0 {
            places.resize(first + decls.len(), None);
            return;
        }
        places.extend(out.chunks_exact(4).map(|p| {
            Some(DomPlace {
                block: p[0],
                interval: (p[1] != 0).then_some((p[2], p[3])),
            })
        }));
    }

    unsafe fn instruction(&mut self, function: usize, i: LLVMValueRef) {
        let opcode = LLVMGetInstructionOpcode(i);
        let mut callee = String::new();
        let kind = match opcode {
            LLVMOpcode::LLVMLoad => Carrier::Load,
            LLVMOpcode::LLVMStore => Carrier::Store,
            LLVMOpcode::LLVMCall => {
                callee = callee_name(i);
                Carrier::Call {
                    copies_memory: callee.starts_with("llvm.memcpy")
                        || callee.starts_with("llvm.memmove"),
                    sets_memory: callee.starts_with("llvm.memset"),
                }
            }
            LLVMOpcode::LLVMInvoke => Carrier::Invoke,
            LLVMOpcode::LLVMCallBr => Carrier::OtherCall,
            LLVMOpcode::LLVMVAArg => Carrier::VaArg,
            LLVMOpcode::LLVMAtomicRMW => Carrier::AtomicRmw,
            LLVMOpcode::LLVMAtomicCmpXchg => Carrier::CmpXchg,
            _ => Carrier::Other,
        };
        let mut view = InstView::new(function, kind);
        let k = self.kinds;
        let kinds = [k.tbaa, k.tbaa_struct, k.alias_scope, k.noalias];
        let mut mds: [LLVMMetadataRef; 4] = [std::ptr::null_mut(); 4];
        if aliaskit_attachments(i, kinds.as_ptr(), 4, mds.as_mut_ptr()) != 0 {
            view.tbaa = self.importer.import(mds[0]);
            view.tbaa_struct = self.importer.import(mds[1]);
            view.alias_scope = self.importer.import(mds[2]);
            view.noalias = self.importer.import(mds[3]);
        }
        let index = self.instructions.len();
        if callee == "llvm.experimental.noalias.scope.decl" {
            let mut node = std::ptr::null_mut();
            let arg = match DeclArgumentKind::try_from(aliaskit_decl_argument(i, &mut node)) {
                Ok(DeclArgumentKind::Node) => {
                    DeclArgument::Node(self.importer.import(node).expect("a node"))
                }
                Ok(DeclArgumentKind::NotNode) => DeclArgument::NotNode,
                Ok(DeclArgumentKind::NotMetadata) => DeclArgument::NotMetadata,
                Err(e) => {
                    log::error!(target: LOG_TARGET, "{e}; the argument is read as not metadata");
                    DeclArgument::NotMetadata
                }
            };
            self.view.scope_decls.push((index, arg));
        }
        self.view.instructions.push(view);
        self.instructions.push(i);
    }
}
