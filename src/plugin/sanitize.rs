//! `aliaskit-sanitize`: what to instrument in a module (the plan), for
//! `sanitize.cpp` to carry out.
//!
//! For each function the reader found accesses with scope lists in
//! ([`crate::reader::sanitize_view`]), the core makes its table
//! ([`aliaskit_core::sanitize::build`]) and the static filter keeps the
//! sites that take part in a claimed pair with a write
//! ([`aliaskit_core::sanitize::claims::Filter`]); the plan lists, for the
//! C++ side, each kept site's instruction and part, each decl's table
//! scopes, and holds the module's table bytes. Lists the verifier reports
//! get one warning each and are not claims; a function with a malformed
//! decl is not checked at all (its instances cannot be known).

use aliaskit_core::decision::{Contents, FunctionKey, ModuleKey};
use aliaskit_core::sanitize::build::{function_table, retain_sites};
use aliaskit_core::sanitize::claims::{Filter, NO_GROUP};
use aliaskit_core::sanitize::shape::{FunctionShape, TableParts};
use aliaskit_core::sanitize::table::{FunctionTable, ModuleTable, Point};
use aliaskit_core::sanitize::twins::twins;
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};
use std::ffi::c_void;

use super::ffi::imports::{aliaskit_sanitize_apart, aliaskit_sanitize_disjoint};
use super::ffi::types::{SanitizePoint, SitePart};
use super::printer::{locations, Printer};
use crate::reader::sanitize_view::{self, FunctionRead, Part};
use crate::reader::Names;

/// One site, for the C++ side. Must match `aliaskit::SitePlan` in `shim.h`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct SitePlan {
    pub inst: LLVMValueRef,
    pub site: u32,
    pub part: SitePart,
    pub lane: u32,
    /// The site its accesses may be logged as (core's
    /// `sanitize::twins`); itself if none.
    pub twin: u32,
}

/// A decl and one table scope it declares. Must match
/// `aliaskit::DeclPlan` in `shim.h`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct DeclPlan {
    pub decl: LLVMValueRef,
    pub scope: u32,
}

/// One instrumented function. Must match `aliaskit::FunctionPlan` in
/// `shim.h`; the pointers point into the [`Plan`].
#[repr(C)]
pub struct FunctionPlan {
    pub function: LLVMValueRef,
    pub index: u32,
    pub sites: u32,
    pub scopes: u32,
    pub site_plans: *const SitePlan,
    pub num_site_plans: usize,
    pub decls: *const DeclPlan,
    pub num_decls: usize,
}

/// One function's part of the plan.
pub struct PlannedFunction {
    pub function: LLVMValueRef,
    pub sites: u32,
    pub scopes: u32,
    pub site_plans: Vec<SitePlan>,
    pub decls: Vec<DeclPlan>,
}

/// What to instrument in a module.
#[derive(Default)]
pub struct Plan {
    pub functions: Vec<PlannedFunction>,
    /// The table global's bytes and, apart, the whole table's
    /// (`TableParts::encode_apart`).
    pub table: Vec<u8>,
    pub texts: Vec<u8>,
}

/// What the plan counted, for `aliaskit-sanitize<stats>`.
#[derive(Default)]
struct Stats {
    accesses: usize,
    instrumented: usize,
    functions: usize,
    unchecked_calls: usize,
    per_loop_scopes: usize,
    bad_lists: usize,
    skipped_functions: usize,
    /// Sites left out only because each of their claimed pairs with a
    /// write was proven disjoint.
    disjoint: usize,
}

/// The plan of `module`.
///
/// # Safety
/// `module` must be live and `printer` its printer.
pub(crate) unsafe fn plan(
    module: LLVMModuleRef,
    point: SanitizePoint,
    printer: Printer,
    module_name: &str,
    module_key: ModuleKey,
    stats: bool,
    oracle: *mut c_void,
) -> Plan {
    let where_ = |inst: LLVMValueRef| {
        locations(inst)
            .into_iter()
            .next()
            .unwrap_or_else(|| printer.value(inst).trim().to_owned())
    };
    // Calls stand for their callees at the end point only (see `read`).
    let read = sanitize_view::read(module, &where_, matches!(point, SanitizePoint::End));
    let mut counts = Stats {
        bad_lists: read.bad_lists.len(),
        ..Stats::default()
    };
    for (node, finding, inst) in &read.bad_lists {
        let text = printer.value(*inst);
        eprintln!(
            "warning: aliaskit-sanitize: {} {} of `{}` is not checked ({}: {})",
            finding.attachment.name(),
            printer.slot(read.module.importer.pointer(*node)),
            text.trim(),
            finding.rule.id(),
            finding.message
        );
    }
    let mut contents = Contents::default();
    let mut plan = Plan::default();
    let mut tables = Vec::new();
    for f in &read.functions {
        counts.accesses += f.candidates.len();
        counts.unchecked_calls += f.unchecked_calls;
        if f.malformed_decl {
            counts.skipped_functions += 1;
            eprintln!(
                "warning: aliaskit-sanitize: @{} has a malformed llvm.experimental.noalias.scope.decl; its claims are not checked",
                f.name
            );
            continue;
        }
        let key = FunctionKey::new(module_key, &f.name).0;
        let g = &read.module.importer.graph;
        let names = Names {
            numbers: &printer,
            importer: &read.module.importer,
        };
        let built = function_table(
            g,
            &names,
            &mut contents,
            &f.name,
            key,
            &f.candidates,
            &f.decls,
            &|n| read.is_bad(n),
        );
        counts.per_loop_scopes += built.per_loop_scopes;
        let planned = plan_function(f, built, tables.len() as u32, printer, oracle, &mut tables);
        counts.disjoint += planned.disjoint;
        if let Some(planned) = planned.function {
            counts.instrumented += planned.site_plans.len();
            counts.functions += 1;
            plan.functions.push(planned);
        }
    }
    let point = match point {
        SanitizePoint::Start => Point::Start,
        SanitizePoint::End => Point::End,
    };
    (plan.table, plan.texts) = TableParts::encode_apart(&ModuleTable {
        module: module_name.to_owned().into(),
        point,
        functions: tables,
    });
    if stats {
        eprintln!(
            "aliaskit-sanitize<{}>: {} accesses with scope lists; {} instrumented in {} functions ({} filtered out: no claimed partner with a write, or, for {} of them, every claimed pair proven apart); {} calls with lists not checked; {} scopes of per-loop domains not checked; {} malformed lists; {} functions with a malformed decl",
            point.name(),
            counts.accesses,
            counts.instrumented,
            counts.functions,
            counts.accesses - counts.instrumented,
            counts.disjoint,
            counts.unchecked_calls,
            counts.per_loop_scopes,
            counts.bad_lists,
            counts.skipped_functions
        );
    }
    plan
}

/// The code of a site's part for the C++ side, and its lane.
fn site_part(part: Part) -> (SitePart, u32) {
    match part {
        Part::Whole => (SitePart::Whole, 0),
        Part::Destination => (SitePart::Destination, 0),
        Part::Source => (SitePart::Source, 0),
        Part::Lane(k) => (SitePart::Lane, k),
        Part::CalleeReads => (SitePart::CalleeReads, 0),
        Part::CalleeWrites => (SitePart::CalleeWrites, 0),
    }
}

/// What [`plan_function`] made: the function's plan (None when nothing is
/// kept), and how many sites only the pairs proven disjoint left out.
struct FunctionPlanned {
    function: Option<PlannedFunction>,
    disjoint: usize,
}

/// One function's plan from its table: the filter (asking the C++ side's
/// `oracle` which claimed pairs can never meet), the kept sites' text,
/// the decls of the scopes that matter.
unsafe fn plan_function(
    f: &FunctionRead,
    built: aliaskit_core::sanitize::build::Built,
    index: u32,
    printer: Printer,
    oracle: *mut c_void,
    tables: &mut Vec<FunctionTable>,
) -> FunctionPlanned {
    let mut table = built.table;
    let shape = FunctionShape::of(&table);
    // Each scope's decls in the function (none: its instance is the call).
    let mut decls_of: Vec<Vec<LLVMValueRef>> = vec![Vec::new(); table.scopes.len()];
    for (&decl, scopes) in f.decl_instructions.iter().zip(&built.decl_scopes) {
        for &s in scopes {
            if let Some(d) = decls_of.get_mut(s as usize) {
                d.push(decl);
            }
        }
    }
    let filter = if oracle.is_null() {
        Filter::of(&shape)
    } else {
        Filter::of_checked(&shape, &mut |a, b, scopes| {
            let ((ia, pa), (ib, pb)) = (f.origins[a as usize], f.origins[b as usize]);
            // Never in one instance of one of the scopes (a scope without
            // decls: never both in one call), or bytes proven apart.
            scopes.iter().any(|&s| {
                decls_of
                    .get(s as usize)
                    .is_some_and(|d| aliaskit_sanitize_apart(oracle, ia, ib, d.as_ptr(), d.len()))
            }) || aliaskit_sanitize_disjoint(oracle, ia, site_part(pa).0, ib, site_part(pb).0)
        })
    };
    let disjoint = filter.apart;
    let map = retain_sites(&mut table, &filter.instrumented);
    if table.sites.is_empty() {
        return FunctionPlanned {
            function: None,
            disjoint,
        };
    }
    let mut site_plans = Vec::with_capacity(table.sites.len());
    let mut group = vec![NO_GROUP; table.sites.len()];
    for (old, new) in map.iter().enumerate() {
        let Some(new) = *new else { continue };
        let (inst, part) = f.origins[old];
        let site = &mut table.sites[new as usize];
        site.instruction = printer.value(inst).trim().to_owned().into();
        site.location = locations(inst).into_iter().map(Into::into).collect();
        group[new as usize] = filter.group[old];
        let (part, lane) = site_part(part);
        site_plans.push(SitePlan {
            inst,
            site: new,
            part,
            lane,
            twin: new,
        });
    }
    let twin = twins(&table.sites, &group);
    for p in &mut site_plans {
        p.twin = twin[p.site as usize];
    }
    // The scopes whose begins the runtime needs: those it finds relevant
    // to the kept sites, as it makes its own filter from this table. A
    // scope only pairs proven apart need would not do: two kept sites
    // can be such a pair, and the runtime compares every claimed pair of
    // kept sites, in the instances it is told of.
    let relevant = Filter::of(&FunctionShape::of(&table)).begun_scopes();
    let decls = f
        .decl_instructions
        .iter()
        .zip(&built.decl_scopes)
        .flat_map(|(&decl, scopes)| {
            scopes
                .iter()
                .filter(|s| relevant.binary_search(s).is_ok())
                .map(move |&scope| DeclPlan { decl, scope })
        })
        .collect();
    let planned = PlannedFunction {
        function: f.function,
        sites: table.sites.len() as u32,
        scopes: table.scopes.len() as u32,
        site_plans,
        decls,
    };
    debug_assert_eq!(index as usize, tables.len());
    tables.push(table);
    FunctionPlanned {
        function: Some(planned),
        disjoint,
    }
}

impl Plan {
    /// Function `i` as the C++ side reads it.
    pub fn function(&self, i: usize) -> Option<FunctionPlan> {
        let f = self.functions.get(i)?;
        Some(FunctionPlan {
            function: f.function,
            index: i as u32,
            sites: f.sites,
            scopes: f.scopes,
            site_plans: f.site_plans.as_ptr(),
            num_site_plans: f.site_plans.len(),
            decls: f.decls.as_ptr(),
            num_decls: f.decls.len(),
        })
    }
}
