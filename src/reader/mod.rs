//! The reader: real LLVM metadata in, core graphs out.
//!
//! LLVM hands the plugin raw `MDNode` pointers. The reader imports each node
//! into a [`MetadataGraph`] the first time it is seen, together with every
//! node it reaches, and remembers the pointer's [`NodeId`]. From then on the
//! pointer costs one hash lookup: reading operands through the LLVM-C API
//! costs hundreds of nanoseconds a call, so it is done once per node.
//!
//! Import is iterative (a worklist, not recursion), so cyclic and very deep
//! metadata are read like any other. Every kind of node is read by its
//! operands, as LLVM's analyses read it: a debug-info node that turns up in
//! a type DAG is just a node to them.
//!
//! # Lifetime of the pointer keys
//! A pointer is only a valid key while its node is alive and has not been
//! replaced. The importer is owned by one analysis session, which lives in one
//! `FunctionAnalysisManager`; that manager never outlives the module it
//! analyses, and the module never outlives its `LLVMContext`, which owns the
//! nodes. Inside that span a uniqued node is freed only when one of its
//! operands is replaced (RAUW) and the node collides with an existing one.
//! The nodes imported here are alias metadata reached from instructions:
//! resolved tuples of strings, integer constants and other such tuples, none
//! of which is ever replaced (constants are never RAUW'd, and only temporary
//! or unresolved nodes take part in metadata RAUW). So a key is never reused
//! for a different node while the importer lives.

pub mod cache;
pub mod scoped;
pub mod tbaa;

use std::ffi::CStr;

use aliaskit_core::{IntValue, MetadataGraph, NodeId, Operand};
use inkwell::llvm_sys::core::{
    LLVMConstInt, LLVMConstIntGetZExtValue, LLVMDisposeMessage, LLVMGetIntTypeWidth,
    LLVMGetMDNodeNumOperands, LLVMGetMDNodeOperands, LLVMGetMDString, LLVMIntTypeInContext,
    LLVMIsAConstantInt, LLVMIsAMDNode, LLVMIsAMDString, LLVMMDNodeInContext2,
    LLVMMDStringInContext2, LLVMMetadataAsValue, LLVMPrintValueToString, LLVMTypeOf,
    LLVMValueAsMetadata,
};
use inkwell::llvm_sys::debuginfo::{LLVMGetMetadataKind, LLVMMetadataKind};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef, LLVMValueRef};
use rustc_hash::FxHashMap;

/// Imports LLVM metadata nodes into a [`MetadataGraph`], once per node.
#[derive(Default)]
pub struct MetadataImporter {
    pub graph: MetadataGraph,
    ids: FxHashMap<usize, NodeId>,
    /// The LLVM node of each id, for printing diagnostics.
    pointers: Vec<LLVMMetadataRef>,
}

impl MetadataImporter {
    pub fn new() -> MetadataImporter {
        MetadataImporter::default()
    }

    /// The id of an already imported node.
    pub fn lookup(&self, md: LLVMMetadataRef) -> Option<NodeId> {
        self.ids.get(&(md as usize)).copied()
    }

    /// The LLVM node an id was imported from.
    pub fn pointer(&self, id: NodeId) -> LLVMMetadataRef {
        self.pointers[id.index()]
    }

    /// The id of `md`, importing it and everything it reaches on first sight.
    /// A null pointer is `None`.
    ///
    /// # Safety
    /// `md` must be null or point to a live `MDNode` owned by `ctx`.
    pub unsafe fn import(&mut self, ctx: LLVMContextRef, md: LLVMMetadataRef) -> Option<NodeId> {
        if md.is_null() {
            return None;
        }
        if let Some(id) = self.lookup(md) {
            return Some(id);
        }
        let root = self.reserve(md);
        let mut work = vec![(md, root)];
        let mut values: Vec<LLVMValueRef> = Vec::new();
        while let Some((md, id)) = work.pop() {
            let node = LLVMMetadataAsValue(ctx, md);
            let count = LLVMGetMDNodeNumOperands(node) as usize;
            values.clear();
            values.resize(count, std::ptr::null_mut());
            LLVMGetMDNodeOperands(node, values.as_mut_ptr());
            let mut operands = Vec::with_capacity(count);
            for &v in &values {
                operands.push(self.operand(v, &mut work));
            }
            self.graph.define_tuple(id, operands);
        }
        Some(root)
    }

    /// The uniqued LLVM node `!{ops...}` (`MDNode::get`), for results the
    /// core computed, such as merged tags and lists. `None` if an operand
    /// has no LLVM counterpart (an unreadable value or a wide integer).
    ///
    /// # Safety
    /// `ctx` must be the context the imported nodes belong to.
    pub unsafe fn tuple(&self, ctx: LLVMContextRef, ops: &[Operand]) -> Option<LLVMMetadataRef> {
        let mut mds: Vec<LLVMMetadataRef> = Vec::with_capacity(ops.len());
        for op in ops {
            mds.push(match *op {
                Operand::Null => std::ptr::null_mut(),
                Operand::Node(n) => self.pointer(n),
                Operand::String(s) => {
                    let text = self.graph.str(s);
                    LLVMMDStringInContext2(ctx, text.as_ptr().cast(), text.len())
                }
                Operand::Int(IntValue {
                    bits,
                    value: Some(v),
                    ..
                }) => LLVMValueAsMetadata(LLVMConstInt(LLVMIntTypeInContext(ctx, bits), v, 0)),
                Operand::Int(_) | Operand::Other => return None,
            });
        }
        Some(LLVMMDNodeInContext2(ctx, mds.as_mut_ptr(), mds.len()))
    }

    fn reserve(&mut self, md: LLVMMetadataRef) -> NodeId {
        let id = self.graph.reserve();
        self.ids.insert(md as usize, id);
        self.pointers.push(md);
        id
    }

    /// Classifies one operand as returned by `LLVMGetMDNodeOperands`: null,
    /// a node or string wrapped as a value, or the value itself for
    /// constants and other values used as metadata.
    unsafe fn operand(
        &mut self,
        v: LLVMValueRef,
        work: &mut Vec<(LLVMMetadataRef, NodeId)>,
    ) -> Operand {
        if v.is_null() {
            return Operand::Null;
        }
        if !LLVMIsAMDString(v).is_null() {
            let mut len = 0u32;
            let p = LLVMGetMDString(v, &mut len);
            let bytes = if p.is_null() {
                &[][..]
            } else {
                std::slice::from_raw_parts(p as *const u8, len as usize)
            };
            return self.graph.string(&String::from_utf8_lossy(bytes));
        }
        if !LLVMIsAMDNode(v).is_null() {
            let md = LLVMValueAsMetadata(v);
            if matches!(
                LLVMGetMetadataKind(md),
                LLVMMetadataKind::LLVMLocalAsMetadataMetadataKind
                    | LLVMMetadataKind::LLVMConstantAsMetadataMetadataKind
            ) {
                return Operand::Other;
            }
            let id = match self.lookup(md) {
                Some(id) => id,
                None => {
                    let id = self.reserve(md);
                    work.push((md, id));
                    id
                }
            };
            return Operand::Node(id);
        }
        if !LLVMIsAConstantInt(v).is_null() {
            let bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
            if bits <= 64 {
                return Operand::Int(IntValue::new(bits, LLVMConstIntGetZExtValue(v)));
            }
            return Operand::Int(wide_int(v, bits));
        }
        Operand::Other
    }
}

/// An integer constant wider than 64 bits: read from its printed form,
/// since LLVM-C only extracts 64-bit values. Rare enough not to matter.
unsafe fn wide_int(v: LLVMValueRef, bits: u32) -> IntValue {
    let text = print_value(v);
    let digits = text.rsplit(' ').next().unwrap_or("");
    match digits.parse::<i128>() {
        Ok(n) if (0..=u64::MAX as i128).contains(&n) => IntValue {
            bits,
            value: Some(n as u64),
            low_bit: n & 1 == 1,
        },
        Ok(n) => IntValue::wide(bits, n & 1 == 1),
        Err(_) => IntValue::wide(bits, digits.ends_with(['1', '3', '5', '7', '9'])),
    }
}

/// LLVM's own textual form of a value.
///
/// # Safety
/// `v` must be a live value.
pub unsafe fn print_value(v: LLVMValueRef) -> String {
    let p = LLVMPrintValueToString(v);
    if p.is_null() {
        return String::new();
    }
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    s
}

/// LLVM's textual form of a metadata node (`!{!"int", !1, i64 0}`).
///
/// # Safety
/// `md` must be a live node owned by `ctx`.
pub unsafe fn print_metadata(ctx: LLVMContextRef, md: LLVMMetadataRef) -> String {
    let text = print_value(LLVMMetadataAsValue(ctx, md));
    text.strip_prefix("metadata ")
        .map(str::to_owned)
        .unwrap_or(text)
}
