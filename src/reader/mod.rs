//! The reader: real LLVM metadata in, core graphs out.
//!
//! LLVM hands the plugin raw `MDNode` pointers. The reader imports each node
//! into a [`MetadataGraph`] the first time it is seen, together with every
//! node it reaches, and remembers the pointer's [`NodeId`]. From then on the
//! pointer costs one hash lookup: reading operands through an FFI call per
//! operand is done once per node.
//!
//! Operands are read by two small C++ functions (`metadata.cpp`) rather than
//! the LLVM-C API, whose `MetadataAsValue` wrapping rewrites what it wraps
//! (a node `!{null}` reads as `!{}`, a node `!{i64 1}` as the bare constant):
//! identity is what alias metadata is compared by, so the reader must see
//! nodes exactly as they are.
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

pub mod captures_view;
pub mod decisions;
pub mod index;
pub mod sanitize_view;
pub mod scoped;
pub mod tbaa;
pub mod verify_view;

use std::ffi::c_char;

use aliaskit_core::derived::{InputCopy, InputFunction};
use aliaskit_core::names::Slot;
use aliaskit_core::{IntValue, Malformed, MetadataGraph, NodeId, Operand};
use inkwell::llvm_sys::core::{
    LLVMConstInt, LLVMIntTypeInContext, LLVMMDNodeInContext2, LLVMMDStringInContext2,
    LLVMValueAsMetadata,
};
use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::plugin::ffi::imports::{aliaskit_md_num_operands, aliaskit_md_operand};
use crate::plugin::ffi::types::OperandKind;

/// Log target of the reader (a code from its C++ accessors it does not
/// know).
pub const LOG_TARGET: &str = "aliaskit::reader";

/// The numbers a module gives its nodes, by pointer: the plugin's
/// printer is the one numbering of a module (`plugin::printer`).
pub trait ModuleNumbers {
    /// The number of `md` in the input (or `!new.N`), if it has one.
    ///
    /// # Safety
    /// `md` must be null or a live node of the module.
    unsafe fn number(&self, md: LLVMMetadataRef) -> Option<Slot>;
    /// The place (from 1) of scope `md` among its domain's scopes, in the
    /// order of their numbers.
    ///
    /// # Safety
    /// As [`ModuleNumbers::number`].
    unsafe fn place(&self, md: LLVMMetadataRef) -> Option<u32>;
    /// The loop around a `noalias.scope.decl` of scope `md`, described
    /// (`the loop at a.c:3:5`), if one is in a loop.
    ///
    /// # Safety
    /// As [`ModuleNumbers::number`].
    unsafe fn decl_loop(&self, _md: LLVMMetadataRef) -> Option<String> {
        None
    }
    /// What the input's accesses of the function reported on carried (a
    /// bisect record's printer), if known: what a node a pass made there
    /// can have come from.
    ///
    /// # Safety
    /// The numbering's module must be live.
    unsafe fn input_function(&self) -> Option<InputNodes> {
        None
    }
    /// Whether some access of the input carried `md` (as `!tbaa` or a
    /// scope list), if known.
    ///
    /// # Safety
    /// As [`ModuleNumbers::number`].
    unsafe fn carried(&self, _md: LLVMMetadataRef) -> Option<bool> {
        None
    }
}

/// What the input's accesses of one function carried, as LLVM nodes
/// (imported into a session's graph for [`aliaskit_core::derived`]).
#[derive(Default)]
pub struct InputNodes {
    pub tags: Vec<LLVMMetadataRef>,
    pub lists: Vec<LLVMMetadataRef>,
    /// Each copy's `!tbaa.struct` and where the copy was.
    pub copies: Vec<(LLVMMetadataRef, String)>,
}

impl InputNodes {
    /// The nodes imported into `importer`'s graph.
    ///
    /// # Safety
    /// The nodes must be live.
    pub unsafe fn import(&self, importer: &mut MetadataImporter) -> InputFunction {
        let mut all = |v: &[LLVMMetadataRef]| -> Vec<NodeId> {
            v.iter().filter_map(|&n| importer.import(n)).collect()
        };
        let (tags, lists) = (all(&self.tags), all(&self.lists));
        let copies = self
            .copies
            .iter()
            .filter_map(|(n, place)| {
                Some(InputCopy {
                    tbaa_struct: importer.import(*n)?,
                    place: place.clone(),
                })
            })
            .collect();
        InputFunction {
            tags,
            lists,
            copies,
        }
    }
}

/// No module numbering at hand.
pub struct NoNumbers;

impl ModuleNumbers for NoNumbers {
    unsafe fn number(&self, _: LLVMMetadataRef) -> Option<Slot> {
        None
    }
    unsafe fn place(&self, _: LLVMMetadataRef) -> Option<u32> {
        None
    }
}

/// A module's numbering of the nodes of an importer's graph, for the
/// core's reports ([`aliaskit_core::names`]).
pub struct Names<'a> {
    pub numbers: &'a dyn ModuleNumbers,
    pub importer: &'a MetadataImporter,
}

impl aliaskit_core::names::Numbering for Names<'_> {
    fn number(&self, node: NodeId) -> Option<Slot> {
        // SAFETY: an importer's pointers are live nodes while it lives (see
        // "Lifetime of the pointer keys" above).
        unsafe { self.numbers.number(self.importer.pointer(node)) }
    }
    fn place(&self, node: NodeId) -> Option<u32> {
        // SAFETY: as in `number`.
        unsafe { self.numbers.place(self.importer.pointer(node)) }
    }
    fn decl_loop(&self, scope: NodeId) -> Option<String> {
        // SAFETY: as in `number`.
        unsafe { self.numbers.decl_loop(self.importer.pointer(scope)) }
    }
}

/// Imports LLVM metadata nodes into a [`MetadataGraph`], once per node.
/// The malformed nodes a session has warned about: each is warned about
/// once.
#[derive(Default)]
pub struct Warned(FxHashSet<NodeId>);

impl Warned {
    /// The first time `problem`'s node is met, logs to `target` "malformed
    /// {what} {node}: {problem}; {then}", `then` made from `g` only then.
    pub fn warn(
        &mut self,
        target: &str,
        g: &MetadataGraph,
        what: &str,
        problem: Malformed,
        then: impl FnOnce(&MetadataGraph) -> String,
    ) {
        if self.0.insert(problem.node) {
            log::warn!(
                target: target,
                "malformed {what} {}: {}; {}",
                g.display(problem.node, 2),
                problem.problem,
                then(g)
            );
        }
    }
}

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

    /// [`MetadataImporter::import`] of a node that is not null.
    ///
    /// # Safety
    /// `md` must point to a live `MDNode`.
    pub unsafe fn import_node(&mut self, md: LLVMMetadataRef) -> NodeId {
        self.import(md)
            .expect("a non-null pointer imports as a node")
    }

    /// The id of `md`, importing it and everything it reaches on first sight.
    /// A null pointer is `None`.
    ///
    /// # Safety
    /// `md` must be null or point to a live `MDNode`.
    pub unsafe fn import(&mut self, md: LLVMMetadataRef) -> Option<NodeId> {
        if md.is_null() {
            return None;
        }
        if let Some(id) = self.lookup(md) {
            return Some(id);
        }
        let root = self.reserve(md);
        let mut work = vec![(md, root)];
        while let Some((md, id)) = work.pop() {
            let count = aliaskit_md_num_operands(md);
            let operands = (0..count).map(|i| self.operand(md, i, &mut work)).collect();
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

    /// Operand `index` of `node`, as it is (see `metadata.cpp`).
    unsafe fn operand(
        &mut self,
        node: LLVMMetadataRef,
        index: u32,
        work: &mut Vec<(LLVMMetadataRef, NodeId)>,
    ) -> Operand {
        let mut op: LLVMMetadataRef = std::ptr::null_mut();
        let (mut text, mut len) = (std::ptr::null::<c_char>(), 0usize);
        let (mut bits, mut fits, mut value, mut low_bit) = (0u32, 0u8, 0u64, 0u8);
        let kind = aliaskit_md_operand(
            node,
            index,
            &mut op,
            &mut text,
            &mut len,
            &mut bits,
            &mut fits,
            &mut value,
            &mut low_bit,
        );
        match OperandKind::try_from(kind) {
            Ok(OperandKind::Null) => Operand::Null,
            Ok(OperandKind::Node) => Operand::Node(match self.lookup(op) {
                Some(id) => id,
                None => {
                    let id = self.reserve(op);
                    work.push((op, id));
                    id
                }
            }),
            Ok(OperandKind::String) => {
                let bytes = if text.is_null() {
                    &[][..]
                } else {
                    std::slice::from_raw_parts(text.cast::<u8>(), len)
                };
                self.graph.string(&String::from_utf8_lossy(bytes))
            }
            Ok(OperandKind::Int) if fits != 0 => Operand::Int(IntValue::new(bits, value)),
            Ok(OperandKind::Int) => Operand::Int(IntValue::wide(bits, low_bit != 0)),
            Ok(OperandKind::Other) => Operand::Other,
            Err(e) => {
                log::error!(target: LOG_TARGET, "{e}; the operand is read as one of another kind");
                Operand::Other
            }
        }
    }
}

/// The name of a value (a function, a parameter), "" if it has none.
///
/// # Safety
/// `v` must be a live value.
pub unsafe fn name_of(v: inkwell::llvm_sys::prelude::LLVMValueRef) -> String {
    let mut len = 0usize;
    let p = inkwell::llvm_sys::core::LLVMGetValueName2(v, &mut len);
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p.cast::<u8>(), len)).into_owned()
}
