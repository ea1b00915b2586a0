//! `aliaskit-sanitize-tbaa`: what to instrument in a module for `--tbaa`
//! (the plan), for `sanitize_tbaa.cpp` to carry out.
//!
//! The module is read through the verifier's view
//! ([`crate::reader::verify_view::read_module`]), so that every tag the
//! verifier reports is known: a malformed tag is never a claim (one
//! warning each; its access counts as untagged). Then each memory access:
//!
//! | access | tagged | untagged (or malformed tag) |
//! |---|---|---|
//! | load | check | nothing |
//! | store | set | reset |
//! | atomicrmw, cmpxchg | check, then set | reset |
//! | memcpy, memmove | check the source, set the destination | reset the destination |
//! | memset | set the destination | reset the destination |
//!
//! A copy without `!tbaa` but with a well-formed `!tbaa.struct` (clang's
//! struct copies) is what SROA makes of it when it splits it: per field
//! (offset, size, tag), a load of the source's bytes and a store of the
//! destination's with the field's tag. So each field of the source is
//! checked, the destination reset, then each field of it set.
//! Accesses to a local that does not escape (the C++ side's
//! [`aliaskit_tbaa_local_object`]) are left out when every pair of their
//! tags may alias by the core's query: no load of it can then be reported,
//! and nothing else can reach its bytes. The table
//! ([`aliaskit_core::sanitize::tbaa_table`]) holds every site's tag with
//! the type DAG it reaches.

use aliaskit_core::decision::{FunctionKey, ModuleKey};
use aliaskit_core::sanitize::table::Access;
use aliaskit_core::sanitize::tbaa_table::{TbaaSite, TbaaTableBuilder};
use aliaskit_core::sanitize::tbaa_types::per_call_root;
use aliaskit_core::tbaa::nodes::tbaa_struct_regions;
use aliaskit_core::tbaa::TbaaOracle;
use aliaskit_core::verify::{Attachment, Carrier, Site, Verifier};
use aliaskit_core::NodeId;
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};
use rustc_hash::{FxHashMap, FxHashSet};

use super::ffi::imports::aliaskit_tbaa_local_object;
use super::printer::{locations, Printer};
use crate::reader::verify_view::{callee_name, read_module, ModuleRead};

/// What the C++ side does at a site. Must match `aliaskit::TbaaAction`
/// in `shim.h`.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TbaaAction {
    /// `__aliaskit_tbaa_load` of the part.
    Check = 0,
    /// `__aliaskit_tbaa_store` of the part.
    Set = 1,
    /// `__aliaskit_tbaa_reset` of the part.
    Reset = 2,
}

/// Which bytes of the instruction. Must match `aliaskit::TbaaPart`.
#[repr(u8)]
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TbaaPart {
    /// A load's, store's or atomic's operand.
    Whole = 0,
    /// A memory intrinsic's destination.
    Destination = 1,
    /// A memcpy's or memmove's source.
    Source = 2,
}

/// One call to make. Must match `aliaskit::TbaaSitePlan` in `shim.h`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct TbaaSitePlan {
    pub inst: LLVMValueRef,
    /// The table's site (unused for a reset).
    pub site: u32,
    pub action: TbaaAction,
    pub part: TbaaPart,
    /// Bytes `[offset, offset + size)` of the part (a `!tbaa.struct`
    /// field); size 0: the whole part.
    pub offset: u64,
    pub size: u64,
    /// Its tag is in a procedure's own tree (Flang): the check or store
    /// also gives the call instance of its function.
    pub per_call: bool,
}

/// What to instrument.
#[derive(Default)]
pub struct TbaaPlan {
    pub sites: Vec<TbaaSitePlan>,
    /// The non-escaping locals whose accesses were left out: they need
    /// no reset either.
    pub quiet_locals: Vec<LLVMValueRef>,
    pub table: Vec<u8>,
}

#[derive(Default)]
struct Counts {
    tagged: usize,
    malformed: usize,
    local: usize,
    resets: usize,
}

/// The plan of `module`.
///
/// # Safety
/// `module` live, `printer` its printer.
pub(crate) unsafe fn plan(
    module: LLVMModuleRef,
    printer: Printer,
    module_name: &str,
    module_key: ModuleKey,
    stats: bool,
) -> TbaaPlan {
    let read = read_module(module);
    let g = &read.importer.graph;
    // Tags the verifier reports, one warning each.
    let mut bad: FxHashSet<NodeId> = FxHashSet::default();
    for f in Verifier::new().verify_module(g, &read.view) {
        let Site::Instruction(i) = f.site else {
            continue;
        };
        let v = &read.view.instructions[i];
        let tag = match f.attachment {
            Attachment::Tbaa => v.tbaa,
            Attachment::TbaaStruct => v.tbaa_struct,
            _ => None,
        };
        let Some(tag) = tag else {
            continue;
        };
        if bad.insert(tag) {
            let inst = read.instructions[i];
            eprintln!(
                "warning: aliaskit-sanitize: {} {} of `{}` is not checked ({}: {})",
                f.attachment.name(),
                printer.slot(read.importer.pointer(tag)),
                printer.value(inst).trim(),
                f.rule.id(),
                f.message
            );
        }
    }
    let mut counts = Counts {
        malformed: bad.len(),
        ..Counts::default()
    };
    // Per non-escaping local, its accesses' tags: left out when they all
    // may alias each other.
    let mut oracle = TbaaOracle::new();
    let mut locals: FxHashMap<usize, (LLVMValueRef, Vec<NodeId>)> = FxHashMap::default();
    let mut local_of: Vec<Option<usize>> = vec![None; read.instructions.len()];
    for (i, v) in read.view.instructions.iter().enumerate() {
        if !is_access(v.kind) {
            continue;
        }
        let object = aliaskit_tbaa_local_object(read.instructions[i]);
        if object.is_null() {
            continue;
        }
        local_of[i] = Some(object as usize);
        let entry = locals.entry(object as usize).or_insert((object, vec![]));
        if let Some(t) = v.tbaa.filter(|t| !bad.contains(t)) {
            if !entry.1.contains(&t) {
                entry.1.push(t);
            }
        }
    }
    let mut quiet: FxHashSet<usize> = FxHashSet::default();
    for (&key, (object, tags)) in &locals {
        let all_may_alias = tags.iter().enumerate().all(|(k, &a)| {
            tags[k + 1..]
                .iter()
                .all(|&b| oracle.aliases(g, Some(a), Some(b)).unwrap_or(true))
        });
        if all_may_alias {
            quiet.insert(key);
        }
        let _ = object;
    }
    let mut plan = TbaaPlan {
        quiet_locals: locals
            .iter()
            .filter(|(k, _)| quiet.contains(k))
            .map(|(_, (o, _))| *o)
            .collect(),
        ..TbaaPlan::default()
    };
    let mut builder = TbaaTableBuilder::new(module_name);
    let mut keys: FxHashMap<usize, u64> = FxHashMap::default();
    let inlined = inlined_into(&read);
    let callers_of = |f: usize| -> Vec<(String, u64)> {
        inlined[f]
            .iter()
            .map(|&c| {
                let name = &read.functions[c];
                (name.clone(), FunctionKey::new(module_key, name).0)
            })
            .collect()
    };
    for (i, v) in read.view.instructions.iter().enumerate() {
        if !is_access(v.kind) {
            continue;
        }
        if local_of[i].is_some_and(|o| quiet.contains(&o)) {
            counts.local += 1;
            continue;
        }
        let inst = read.instructions[i];
        let tag = v.tbaa.filter(|t| !bad.contains(t));
        let per_call = tag.is_some_and(|t| per_call_root(g, &mut oracle, t).is_some());
        let mut call = |action: TbaaAction, part: TbaaPart, site: u32| {
            plan.sites.push(TbaaSitePlan {
                inst,
                site,
                action,
                part,
                offset: 0,
                size: 0,
                per_call,
            })
        };
        let fields = match (tag, v.kind, v.tbaa_struct) {
            (
                None,
                Carrier::Call {
                    copies_memory: true,
                    ..
                },
                Some(ts),
            ) if !bad.contains(&ts) => tbaa_struct_regions(g, ts),
            _ => None,
        };
        if let Some(fields) = fields {
            counts.tagged += 1;
            let function = &read.functions[v.function];
            let key = *keys
                .entry(v.function)
                .or_insert_with(|| FunctionKey::new(module_key, function).0);
            let text = printer.value(inst).trim().to_owned();
            let location = locations(inst);
            let mut sets = Vec::new();
            for (k, (access, part, action)) in [
                (Access::Read, TbaaPart::Source, TbaaAction::Check),
                (Access::Write, TbaaPart::Destination, TbaaAction::Set),
            ]
            .into_iter()
            .enumerate()
            {
                for &(offset, size, field) in &fields {
                    let tag = builder.tag(g, field);
                    let site = builder.site(TbaaSite {
                        instruction: text.clone(),
                        location: location.clone(),
                        part: format!(
                            "{} bytes [{offset}, {})",
                            if k == 0 { "source" } else { "destination" },
                            offset + size
                        ),
                        access,
                        tag,
                        function: function.clone(),
                        key,
                        callers: if k == 0 {
                            callers_of(v.function)
                        } else {
                            vec![]
                        },
                    });
                    let p = TbaaSitePlan {
                        inst,
                        site,
                        action,
                        part,
                        offset,
                        size,
                        per_call: per_call_root(g, &mut oracle, field).is_some(),
                    };
                    if k == 0 {
                        plan.sites.push(p);
                    } else {
                        sets.push(p);
                    }
                }
            }
            // The source checked before anything of the destination changes
            // (a memmove may overlap), the gaps between fields untyped.
            plan.sites.push(TbaaSitePlan {
                inst,
                site: 0,
                action: TbaaAction::Reset,
                part: TbaaPart::Destination,
                offset: 0,
                size: 0,
                per_call: false,
            });
            plan.sites.extend(sets);
            continue;
        }
        let Some(tag) = tag else {
            // An untagged write may alias anything: its bytes are untyped.
            let part = match v.kind {
                Carrier::Load => continue,
                Carrier::Call { .. } => TbaaPart::Destination,
                _ => TbaaPart::Whole,
            };
            counts.resets += 1;
            call(TbaaAction::Reset, part, 0);
            continue;
        };
        counts.tagged += 1;
        let function = &read.functions[v.function];
        let key = *keys
            .entry(v.function)
            .or_insert_with(|| FunctionKey::new(module_key, function).0);
        let t = builder.tag(g, tag);
        let text = printer.value(inst).trim().to_owned();
        let location = locations(inst);
        let mut site = |access: Access, part: &str| {
            builder.site(TbaaSite {
                instruction: text.clone(),
                location: location.clone(),
                part: part.to_owned(),
                access,
                tag: t,
                function: function.clone(),
                key,
                callers: if access == Access::Read {
                    callers_of(v.function)
                } else {
                    vec![]
                },
            })
        };
        match v.kind {
            Carrier::Load => call(TbaaAction::Check, TbaaPart::Whole, site(Access::Read, "")),
            Carrier::Store => call(TbaaAction::Set, TbaaPart::Whole, site(Access::Write, "")),
            Carrier::AtomicRmw | Carrier::CmpXchg => {
                call(TbaaAction::Check, TbaaPart::Whole, site(Access::Read, ""));
                call(TbaaAction::Set, TbaaPart::Whole, site(Access::Write, ""));
            }
            Carrier::Call {
                copies_memory: true,
                ..
            } => {
                call(
                    TbaaAction::Check,
                    TbaaPart::Source,
                    site(Access::Read, "source"),
                );
                call(
                    TbaaAction::Set,
                    TbaaPart::Destination,
                    site(Access::Write, "destination"),
                );
            }
            _ => call(
                TbaaAction::Set,
                TbaaPart::Destination,
                site(Access::Write, "destination"),
            ),
        }
    }
    plan.table = builder.table.encode();
    if counts.tagged == 0 && counts.malformed == 0 {
        // Said once per module: clang emits !tbaa only when optimizing,
        // rustc never.
        eprintln!(
            "remark: aliaskit-sanitize-tbaa: {module_name} has no !tbaa on its accesses: nothing to check (clang emits !tbaa only when optimizing, rustc never)"
        );
    }
    if stats {
        eprintln!(
            "aliaskit-sanitize-tbaa: {} tagged accesses instrumented, {} untagged writes reset the shadow, {} accesses to {} locals left out (their tags all may alias), {} malformed tags not checked",
            counts.tagged,
            counts.resets,
            counts.local,
            plan.quiet_locals.len(),
            counts.malformed
        );
    }
    plan
}

/// Callers of a function kept at most (nearest first).
const MAX_CALLERS: usize = 8;

/// Per function of the module, the functions its code may be inlined
/// into: its callers in the module, at any depth, nearest first (at most
/// [`MAX_CALLERS`]). Reports give the pair's decision id in each, since
/// the optimizer may have asked about it there.
///
/// # Safety
/// `read` was read from a live module.
unsafe fn inlined_into(read: &ModuleRead) -> Vec<Vec<usize>> {
    let index: FxHashMap<&str, usize> = read
        .functions
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), i))
        .collect();
    let mut callers: Vec<Vec<usize>> = vec![vec![]; read.functions.len()];
    for (i, v) in read.view.instructions.iter().enumerate() {
        if !matches!(v.kind, Carrier::Call { .. } | Carrier::Invoke) {
            continue;
        }
        let name = callee_name(read.instructions[i]);
        if let Some(&callee) = index.get(name.as_str()) {
            if callee != v.function && !callers[callee].contains(&v.function) {
                callers[callee].push(v.function);
            }
        }
    }
    (0..read.functions.len())
        .map(|f| {
            let mut seen = vec![f];
            let mut next = 0;
            while next < seen.len() && seen.len() <= MAX_CALLERS {
                for &c in &callers[seen[next]] {
                    if !seen.contains(&c) {
                        seen.push(c);
                    }
                }
                next += 1;
            }
            seen.into_iter().skip(1).take(MAX_CALLERS).collect()
        })
        .collect()
}

/// The instructions `--tbaa` looks at: loads, stores, atomics, memory
/// intrinsics.
fn is_access(kind: Carrier) -> bool {
    matches!(
        kind,
        Carrier::Load | Carrier::Store | Carrier::AtomicRmw | Carrier::CmpXchg
    ) || kind.is_memory_intrinsic()
}
