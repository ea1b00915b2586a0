//! `aliaskit-sanitize-tbaa<end>`: the end table of a module (the view of
//! each `--tbaa` site at code generation, `aliaskit_core::sanitize::tbaa_end`)
//! from the instructions `sanitize_tbaa.cpp` found carrying the sites.

use aliaskit_core::sanitize::tbaa_end::{EndView, TbaaEnd};
use aliaskit_core::sanitize::tbaa_table::TbaaTableBuilder;
use aliaskit_core::verify::{Attachment, Site, Verifier};
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::reader::verify_view::read_module;

use super::ffi::types::TbaaEndKind;

/// One site seen at the end. Must match `aliaskit::TbaaEndSite` in
/// `shim.h`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct TbaaEndSite {
    /// An instruction that carries it (its tag, for `Changed`).
    pub inst: LLVMValueRef,
    pub site: u32,
    pub kind: TbaaEndKind,
}

/// The end table's bytes. A changed tag the verifier reports is no claim:
/// its site counts as ambiguous.
///
/// # Safety
/// `module` live; each `inst` one of its instructions.
pub(crate) unsafe fn end_table(
    module: LLVMModuleRef,
    module_name: &str,
    sites: &[TbaaEndSite],
    start_claims: bool,
) -> Vec<u8> {
    let mut builder = TbaaTableBuilder::new(module_name);
    let mut views = Vec::with_capacity(sites.len());
    let changed: Vec<&TbaaEndSite> = sites
        .iter()
        .filter(|s| s.kind == TbaaEndKind::Changed)
        .collect();
    let read = (!changed.is_empty()).then(|| read_module(module));
    let mut tag_of = FxHashMap::default();
    let mut bad = FxHashSet::default();
    if let Some(read) = &read {
        for (i, &inst) in read.instructions.iter().enumerate() {
            tag_of.insert(inst as usize, read.view.instructions[i].tbaa);
        }
        for f in Verifier::new().verify_module(&read.importer.graph, &read.view) {
            if let (Site::Instruction(i), Attachment::Tbaa) = (f.site, f.attachment) {
                bad.extend(read.view.instructions[i].tbaa);
            }
        }
    }
    for s in sites {
        let view = match s.kind {
            TbaaEndKind::Same => EndView::Same,
            TbaaEndKind::Ambiguous => EndView::Ambiguous,
            TbaaEndKind::Changed => {
                let tag = tag_of.get(&(s.inst as usize)).copied().flatten();
                match (tag.filter(|t| !bad.contains(t)), &read) {
                    (Some(t), Some(read)) => EndView::Changed(builder.tag(&read.importer.graph, t)),
                    _ => EndView::Ambiguous,
                }
            }
        };
        views.push((s.site, view));
    }
    TbaaEnd {
        start_claims,
        types: builder.table,
        views,
    }
    .encode()
}
