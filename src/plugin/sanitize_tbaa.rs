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
use super::ffi::types::{TbaaAction, TbaaPart};
use super::printer::{locations, Printer};
use crate::reader::verify_view::{callee_name, read_module, ModuleRead};

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
    /// Its tag is immutable (a check then marks the bytes it reads).
    pub immutable: bool,
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
    let mut p = Planner {
        inlined: inlined_into(&read),
        read: &read,
        printer,
        module_key,
        bad: FxHashSet::default(),
        oracle: TbaaOracle::new(),
        builder: TbaaTableBuilder::new(module_name),
        plan: TbaaPlan::default(),
        counts: Counts::default(),
        functions: FxHashMap::default(),
    };
    p.warn_bad_tags();
    let (quiet, local_of) = p.quiet_locals();
    for (i, v) in read.view.instructions.iter().enumerate() {
        if !is_access(v.kind) {
            continue;
        }
        if local_of[i].is_some_and(|o| quiet.contains(&o)) {
            p.counts.local += 1;
            continue;
        }
        p.access(i);
    }
    p.plan.table = p.builder.table.encode();
    if p.counts.tagged == 0 && p.counts.malformed == 0 {
        // Said once per module: clang emits !tbaa only when optimizing,
        // rustc never.
        eprintln!(
            "remark: aliaskit-sanitize-tbaa: {module_name} has no !tbaa on its accesses: nothing to check (clang emits !tbaa only when optimizing, rustc never)"
        );
    }
    // Without a tagged access nothing is instrumented (the C++ side stops).
    if stats && p.counts.tagged > 0 {
        eprintln!(
            "aliaskit-sanitize-tbaa: {} tagged accesses instrumented, {} untagged writes reset the shadow, {} accesses to {} locals left out (their tags all may alias), {} malformed tags not checked",
            p.counts.tagged,
            p.counts.resets,
            p.counts.local,
            p.plan.quiet_locals.len(),
            p.counts.malformed
        );
    }
    p.plan
}

/// What [`plan`] works with.
struct Planner<'a> {
    read: &'a ModuleRead,
    printer: Printer,
    module_key: ModuleKey,
    /// Tags the verifier reported: never claims.
    bad: FxHashSet<NodeId>,
    oracle: TbaaOracle,
    builder: TbaaTableBuilder,
    plan: TbaaPlan,
    counts: Counts,
    /// The table's function of each module function (by index).
    functions: FxHashMap<usize, u32>,
    /// Each function's callers ([`inlined_into`]).
    inlined: Vec<Vec<usize>>,
}

impl Planner<'_> {
    fn graph(&self) -> &aliaskit_core::MetadataGraph {
        &self.read.importer.graph
    }

    /// The tags (`!tbaa`, `!tbaa.struct`) the verifier reports: one
    /// warning each.
    unsafe fn warn_bad_tags(&mut self) {
        let read = self.read;
        for f in Verifier::new().verify_module(&read.importer.graph, &read.view) {
            let Site::Instruction(i) = f.site else {
                continue;
            };
            let v = &read.view.instructions[i];
            let tag = match f.attachment {
                Attachment::Tbaa | Attachment::TbaaStruct => v.attached(f.attachment),
                _ => None,
            };
            if let Some(tag) = tag.filter(|&t| self.bad.insert(t)) {
                eprintln!(
                    "warning: aliaskit-sanitize: {} {} of `{}` is not checked ({}: {})",
                    f.attachment.name(),
                    self.printer.slot(read.importer.pointer(tag)),
                    self.printer.value(read.instructions[i]).trim(),
                    f.rule.id(),
                    f.message
                );
            }
        }
        self.counts.malformed = self.bad.len();
    }

    /// The non-escaping locals whose accesses' tags all may alias each
    /// other (left out, and kept in the plan's `quiet_locals`), and the
    /// local each access reaches, if any.
    unsafe fn quiet_locals(&mut self) -> (FxHashSet<usize>, Vec<Option<usize>>) {
        let read = self.read;
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
            if let Some(t) = v.tbaa.filter(|t| !self.bad.contains(t)) {
                if !entry.1.contains(&t) {
                    entry.1.push(t);
                }
            }
        }
        let g = &read.importer.graph;
        let mut quiet: FxHashSet<usize> = FxHashSet::default();
        for (&key, (object, tags)) in &locals {
            let all_may_alias = tags.iter().enumerate().all(|(k, &a)| {
                tags[k + 1..]
                    .iter()
                    .all(|&b| self.oracle.aliases(g, Some(a), Some(b)).unwrap_or(true))
            });
            if all_may_alias {
                quiet.insert(key);
                self.plan.quiet_locals.push(*object);
            }
        }
        (quiet, local_of)
    }

    /// A table site for instruction `i` with tag `tag`: `part` names the
    /// part; its function comes with its callers (for decision ids).
    unsafe fn site(&mut self, i: usize, tag: NodeId, access: Access, part: String) -> u32 {
        let read = self.read;
        let v = &read.view.instructions[i];
        let function = self.function(v.function);
        if self.builder.table.functions[function as usize]
            .callers
            .is_empty()
        {
            let callers = self.inlined[v.function].clone();
            let callers = callers.into_iter().map(|c| self.function(c)).collect();
            self.builder.set_callers(function, callers);
        }
        let inst = read.instructions[i];
        let tag = self.builder.tag(&read.importer.graph, tag);
        self.builder.site(TbaaSite {
            instruction: self.printer.value(inst).trim().to_owned(),
            location: locations(inst),
            part,
            access,
            tag,
            function,
        })
    }

    /// The table's function of the module's function `f`, added on first
    /// use with its decision key.
    fn function(&mut self, f: usize) -> u32 {
        let name = &self.read.functions[f];
        *self.functions.entry(f).or_insert_with(|| {
            self.builder
                .function(name, FunctionKey::new(self.module_key, name).0)
        })
    }

    /// Whether `tag` is in a procedure's own tree (Flang).
    fn per_call(&mut self, tag: NodeId) -> bool {
        per_call_root(&self.read.importer.graph, &mut self.oracle, tag).is_some()
    }

    /// Whether `tag` is immutable (the core's `isTypeImmutable`).
    fn immutable(&mut self, tag: NodeId) -> bool {
        self.oracle.is_immutable(&self.read.importer.graph, tag)
    }

    fn call(
        &mut self,
        i: usize,
        action: TbaaAction,
        part: TbaaPart,
        site: u32,
        tag: Option<NodeId>,
    ) {
        let per_call = tag.is_some_and(|t| self.per_call(t));
        let immutable = tag.is_some_and(|t| self.immutable(t));
        self.plan.sites.push(TbaaSitePlan {
            inst: self.read.instructions[i],
            site,
            action,
            part,
            offset: 0,
            size: 0,
            per_call,
            immutable,
        });
    }

    /// The calls for access `i` (see the table in this file's header).
    unsafe fn access(&mut self, i: usize) {
        let v = &self.read.view.instructions[i];
        let tag = v.tbaa.filter(|t| !self.bad.contains(t));
        if let (None, true, Some(ts)) = (
            tag,
            matches!(
                v.kind,
                Carrier::Call {
                    copies_memory: true,
                    ..
                }
            ),
            v.tbaa_struct.filter(|t| !self.bad.contains(t)),
        ) {
            if let Some(fields) = tbaa_struct_regions(self.graph(), ts) {
                return self.struct_copy(i, &fields);
            }
        }
        let Some(tag) = tag else {
            // An untagged write may alias anything: its bytes are untyped.
            let part = match v.kind {
                Carrier::Load => return,
                Carrier::Call { .. } => TbaaPart::Destination,
                _ => TbaaPart::Whole,
            };
            self.counts.resets += 1;
            return self.call(i, TbaaAction::Reset, part, 0, None);
        };
        self.counts.tagged += 1;
        let (check, set) = match v.kind {
            Carrier::Load => (Some(TbaaPart::Whole), None),
            Carrier::Store => (None, Some(TbaaPart::Whole)),
            Carrier::AtomicRmw | Carrier::CmpXchg => (Some(TbaaPart::Whole), Some(TbaaPart::Whole)),
            Carrier::Call {
                copies_memory: true,
                ..
            } => (Some(TbaaPart::Source), Some(TbaaPart::Destination)),
            _ => (None, Some(TbaaPart::Destination)),
        };
        let name = |part: TbaaPart, word: &str| match part {
            TbaaPart::Whole => String::new(),
            _ => word.to_owned(),
        };
        if let Some(part) = check {
            let site = self.site(i, tag, Access::Read, name(part, "source"));
            self.call(i, TbaaAction::Check, part, site, Some(tag));
        }
        if let Some(part) = set {
            let site = self.site(i, tag, Access::Write, name(part, "destination"));
            self.call(i, TbaaAction::Set, part, site, Some(tag));
        }
    }

    /// A copy with `!tbaa.struct` `fields` (offset, size, tag), as SROA
    /// splits it: each field of the source checked, then the destination
    /// reset (the gaps between fields untyped: a memmove may overlap, so
    /// the source is read first), then each field of it set.
    unsafe fn struct_copy(&mut self, i: usize, fields: &[(u64, u64, NodeId)]) {
        self.counts.tagged += 1;
        let mut sets = Vec::new();
        for (access, part, action) in [
            (Access::Read, TbaaPart::Source, TbaaAction::Check),
            (Access::Write, TbaaPart::Destination, TbaaAction::Set),
        ] {
            for &(offset, size, field) in fields {
                let word = if access == Access::Read {
                    "source"
                } else {
                    "destination"
                };
                let name = format!("{word} bytes [{offset}, {})", offset + size);
                let site = self.site(i, field, access, name);
                let p = TbaaSitePlan {
                    inst: self.read.instructions[i],
                    site,
                    action,
                    part,
                    offset,
                    size,
                    per_call: self.per_call(field),
                    immutable: self.immutable(field),
                };
                match access {
                    Access::Read => self.plan.sites.push(p),
                    Access::Write => sets.push(p),
                }
            }
        }
        self.call(i, TbaaAction::Reset, TbaaPart::Destination, 0, None);
        self.plan.sites.extend(sets);
    }
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
