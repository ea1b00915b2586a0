//! `aliaskit-dot`: pictures of a module's alias metadata in DOT
//! ([`aliaskit_core::picture`]), printed to stdout.
//!
//! The tags (or, with `<scopes>`, the scope lists) are those attached to
//! instructions (of one function with `<function=NAME>`), with how many
//! instructions carry each. Nodes are labelled with the slots `opt -S`
//! gives them, and the verifier's findings ([`aliaskit_core::verify`]) are
//! written on the nodes they name.

use std::io::Write;

use aliaskit_core::picture::{scopes_dot, tbaa_dot, Labels, ListUse, TagUse};
use aliaskit_core::verify::{MessageOperand, Verifier};
use aliaskit_core::NodeId;
use inkwell::llvm_sys::prelude::LLVMModuleRef;
use rustc_hash::FxHashMap;

use super::ffi::types::{InspectFlag, InspectFlags};
use super::printer::Printer;
use crate::reader::verify_view::{read_module, ModuleRead};
use crate::reader::Names;

/// Draws a module on stdout; see the module documentation. `only` names
/// the one function whose attachments are drawn.
///
/// # Safety
/// `module` must be live and `printer` its printer.
pub(crate) unsafe fn dot(
    module: LLVMModuleRef,
    flags: InspectFlags,
    only: Option<&str>,
    printer: Printer,
) -> std::io::Result<()> {
    let read = read_module(module);
    let dot = draw(&read, flags, only, printer);
    let mut out = std::io::stdout().lock();
    out.write_all(dot.as_bytes()).and_then(|_| out.flush())
}

unsafe fn draw(
    read: &ModuleRead,
    flags: InspectFlags,
    only: Option<&str>,
    printer: Printer,
) -> String {
    let g = &read.importer.graph;
    let in_scope = |function: usize| only.is_none_or(|o| read.functions[function] == o);
    if let Some(o) = only {
        if !read.functions.iter().any(|f| f == o) {
            eprintln!("error: aliaskit-dot: no function named '{o}' in the module");
        }
    }
    // Attached nodes, in order of first appearance, with their uses.
    let mut order: Vec<NodeId> = Vec::new();
    let mut uses: FxHashMap<NodeId, (usize, usize)> = FxHashMap::default();
    let mut count = |n: Option<NodeId>, role: usize| {
        if let Some(n) = n {
            let e = uses.entry(n).or_insert_with(|| {
                order.push(n);
                (0, 0)
            });
            if role == 0 {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
    };
    let scopes = flags.has(InspectFlag::Scopes);
    for inst in read
        .view
        .instructions
        .iter()
        .filter(|i| in_scope(i.function))
    {
        if scopes {
            count(inst.alias_scope, 0);
            count(inst.noalias, 1);
        } else {
            count(inst.tbaa, 0);
        }
    }
    let mut labels = Labels::default();
    for id in g.node_ids() {
        labels
            .slots
            .insert(id, printer.slot(read.importer.pointer(id)));
    }
    // The verifier's findings, on the nodes they name.
    let findings = Verifier::new().verify_module(g, &read.view);
    for f in &findings {
        let note = format!("{} [{}]: {}", f.severity, f.rule.id(), f.message);
        for op in &f.operands {
            if let MessageOperand::Node(n) = *op {
                let p = labels.problems.entry(n).or_default();
                if !p.contains(&note) {
                    p.push(note.clone());
                }
            }
        }
    }
    if scopes {
        let lists: Vec<ListUse> = order
            .iter()
            .map(|&list| ListUse {
                list,
                as_scope: uses[&list].0,
                as_noalias: uses[&list].1,
            })
            .collect();
        let names = Names {
            numbers: &printer,
            importer: &read.importer,
        };
        scopes_dot(g, &names, &lists, &labels).text
    } else {
        let tags: Vec<TagUse> = order
            .iter()
            .map(|&tag| TagUse {
                tag,
                uses: uses[&tag].0,
            })
            .collect();
        tbaa_dot(g, &tags, &labels).text
    }
}
