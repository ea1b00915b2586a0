//! The exports of `aliaskit-sanitize` (`sanitize.cpp` calls them; `shim.h`
//! declares them): the inliner's rule on facts about one access, and the
//! plan of a module with its accessors. Part of [`super::exports`]'s
//! declaration site, kept apart for its size.

use std::ffi::{c_char, c_void};

use aliaskit_core::decision::ModuleKey;
use aliaskit_core::sanitize::inline_rule::{lists_of, AccessFacts, Lists, Object};
use inkwell::llvm_sys::prelude::LLVMModuleRef;

use super::sanitize_tbaa_exports::text;
use super::types::{CallKind, ObjectKind, SanitizePoint};
use super::{caught, caught_boxed};
use crate::plugin::printer::Printer;
use crate::plugin::sanitize::{self, FunctionPlan, Plan};
use crate::plugin::sanitize_in_place::{InPlacePair, InPlaceTable};

/// What `*noalias` holds for an access to the function's own stack
/// objects only (no parameter can be the 64th): no list, nothing counted.
/// Must match `aliaskit::LocalOnly` in `shim.h`.
pub const LOCAL_ONLY: u64 = u64::MAX;

/// The inliner's rule for one access (see `shim.h`): its lists as bit sets
/// over `noalias_params`; false (both 0) when it is unclassified or a code
/// is unknown; true with `*noalias` [`LOCAL_ONLY`] for an access to the
/// function's own stack objects.
///
/// # Safety
/// `kinds` and `params` hold `num_objects` values, `noalias_params`
/// `num_noalias` (at most 64); the outputs are writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn aliaskit_sanitize_parameter_lists(
    kinds: *const u8,
    params: *const u32,
    num_objects: usize,
    call: u8,
    noalias_params: *const u32,
    num_noalias: usize,
    captured_before: u64,
    scopes: *mut u64,
    noalias: *mut u64,
) -> bool {
    *scopes = 0;
    *noalias = 0;
    caught(
        "error: aliaskit-sanitize: internal error classifying an access; it is not checked",
        false,
        || {
            let slice = |p: *const u32, n: usize| {
                if n == 0 {
                    &[][..]
                } else {
                    std::slice::from_raw_parts(p, n)
                }
            };
            let kinds = if num_objects == 0 {
                &[][..]
            } else {
                std::slice::from_raw_parts(kinds, num_objects)
            };
            let params = slice(params, num_objects);
            let noalias_params = slice(noalias_params, num_noalias.min(64));
            let mut objects = Vec::with_capacity(kinds.len());
            for (&k, &p) in kinds.iter().zip(params) {
                objects.push(match ObjectKind::try_from(k) {
                    Ok(ObjectKind::NonPointerConstant) => Object::NonPointerConstant,
                    Ok(ObjectKind::Parameter) => Object::Parameter(p),
                    Ok(ObjectKind::EscapeSource) => Object::EscapeSource,
                    Ok(ObjectKind::Identified) => Object::Identified,
                    Ok(ObjectKind::Local) => Object::Local,
                    Ok(ObjectKind::Unknown) | Err(_) => Object::Unknown,
                });
            }
            let call_arg_mem_only = match CallKind::try_from(call) {
                Ok(CallKind::NotCall) => None,
                Ok(CallKind::ArgMemOnly) => Some(true),
                Ok(CallKind::OtherCall) => Some(false),
                Err(_) => return false,
            };
            let facts = AccessFacts {
                objects,
                call_arg_mem_only,
            };
            let position = |p: u32| noalias_params.iter().position(|&x| x == p).unwrap_or(64);
            let lists = match lists_of(&facts, noalias_params, |p| {
                captured_before >> position(p) & 1 == 1
            }) {
                Lists::Of(lists) => lists,
                // Nothing claimed about it, and nothing to count.
                Lists::LocalOnly => {
                    *noalias = LOCAL_ONLY;
                    return true;
                }
                Lists::Unclassified => return false,
            };
            let mask = |ps: &[u32]| {
                ps.iter().fold(0u64, |m, &p| {
                    m | 1u64.checked_shl(position(p) as u32).unwrap_or(0)
                })
            };
            *scopes = mask(&lists.scopes);
            *noalias = mask(&lists.noalias);
            true
        },
    )
}

/// The plan of `module` at `point`, or null (an unknown point, an internal
/// error: said on stderr).
///
/// # Safety
/// `module` live, `printer` its printer, `name` `name_len` bytes;
/// `module_key` its key for decision ids (`aliaskit::moduleKey`);
/// `oracle` null or the C++ side's answers to `aliaskit_sanitize_disjoint`
/// for this module.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_plan(
    module: LLVMModuleRef,
    point: u8,
    printer: *mut c_void,
    name: *const c_char,
    name_len: usize,
    module_key: u64,
    stats: bool,
    oracle: *mut c_void,
) -> *mut Plan {
    let Ok(point) = SanitizePoint::try_from(point) else {
        eprintln!("error: aliaskit-sanitize: unknown point {point}; nothing instrumented");
        return std::ptr::null_mut();
    };
    let name = text(name, name_len);
    caught_boxed(
        "error: aliaskit-sanitize: internal error; nothing instrumented in this module",
        || {
            sanitize::plan(
                module,
                point,
                Printer(printer),
                &name,
                ModuleKey(module_key),
                stats,
                oracle,
            )
        },
    )
}

/// # Safety
/// `plan` from [`aliaskit_sanitize_plan`], not freed.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_plan_functions(plan: *mut Plan) -> usize {
    plan.as_ref().map_or(0, |p| p.functions.len())
}

/// # Safety
/// As [`aliaskit_sanitize_plan_functions`]; `out` writable. The pointers
/// written live as long as the plan.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_plan_function(
    plan: *mut Plan,
    i: usize,
    out: *mut FunctionPlan,
) -> bool {
    match plan.as_ref().and_then(|p| p.function(i)) {
        Some(f) => {
            out.write(f);
            true
        }
        None => false,
    }
}

boxed_exports! {
    Plan {
        /// The table global's bytes.
        aliaskit_sanitize_plan_table: u8 = |p| &p.table[..],
        /// The whole table's bytes, a global apart.
        aliaskit_sanitize_plan_texts: u8 = |p| &p.texts[..],
    }
    /// Frees a plan of [`aliaskit_sanitize_plan`].
    free aliaskit_sanitize_plan_free
}

/// A table global's bytes decoded for [`aliaskit_sanitize_in_place_pairs`],
/// or null (not a table: said on stderr).
///
/// # Safety
/// `bytes` holds `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_in_place_table(
    bytes: *const u8,
    len: usize,
) -> *mut InPlaceTable {
    if bytes.is_null() {
        return std::ptr::null_mut();
    }
    let bytes = std::slice::from_raw_parts(bytes, len);
    caught(
        "error: aliaskit-sanitize: internal error; no frame checked in place",
        std::ptr::null_mut(),
        || match InPlaceTable::decode(bytes) {
            Ok(t) => Box::into_raw(Box::new(t)),
            Err(e) => {
                eprintln!("error: aliaskit-sanitize: {e}; no frame checked in place");
                std::ptr::null_mut()
            }
        },
    )
}

/// The pairs of accesses a frame of table function `function` compares in
/// place (`sites`: each access's site): how many there are, or -1 (an
/// unknown function or site, an internal error). The pairs and the scopes
/// they list are written into `pairs` and `scopes` up to their capacities
/// (when the answer is larger than a capacity, ask again with more room).
///
/// # Safety
/// `table` from [`aliaskit_sanitize_in_place_table`], not freed; `sites`
/// holds `n` values, `pairs` `pairs_cap`, `scopes` `scopes_cap` (writable);
/// `scopes_len` writable.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn aliaskit_sanitize_in_place_pairs(
    table: *mut InPlaceTable,
    function: u32,
    sites: *const u32,
    n: usize,
    pairs: *mut InPlacePair,
    pairs_cap: usize,
    scopes: *mut u32,
    scopes_cap: usize,
    scopes_len: *mut usize,
) -> isize {
    let sites = if n == 0 {
        &[][..]
    } else {
        std::slice::from_raw_parts(sites, n)
    };
    let Some(found) = ask_table(table, |t| t.pairs(function, sites)) else {
        return -1;
    };
    write_capped(pairs, pairs_cap, &found.pairs);
    *scopes_len = write_capped(scopes, scopes_cap, &found.scopes);
    found.pairs.len() as isize
}

/// `ask`'s answer about the table `table` points to, or `None`: a null
/// table, or a panic (caught and reported).
///
/// # Safety
/// `table` is null or from [`aliaskit_sanitize_in_place_table`], not freed.
unsafe fn ask_table<T>(
    table: *mut InPlaceTable,
    ask: impl FnOnce(&mut InPlaceTable) -> Option<T>,
) -> Option<T> {
    let table = table.as_mut()?;
    caught("error: aliaskit-sanitize: internal error", None, || {
        ask(table)
    })
}

/// Writes the first `cap` of `values` to `out`; returns how many there
/// are (more than `cap`: the caller asks again with more room).
///
/// # Safety
/// `out` holds `cap` writable values.
unsafe fn write_capped<T: Copy>(out: *mut T, cap: usize, values: &[T]) -> usize {
    for (i, v) in values.iter().take(cap).enumerate() {
        out.add(i).write(*v);
    }
    values.len()
}

/// Whether the accesses of `site` (table function `function`) that a loop
/// repeats at one address may be logged once per execution of the loop:
/// 1 (the scopes that must not begin in the loop are written into
/// `scopes` up to `scopes_cap`, their number into `scopes_len`: when it is
/// larger, ask again with more room), 0 (each must be logged), -1 (an
/// unknown function or site, an internal error).
///
/// # Safety
/// `table` from [`aliaskit_sanitize_in_place_table`], not freed; `scopes`
/// holds `scopes_cap` writable values; `scopes_len` writable.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_once_scopes(
    table: *mut InPlaceTable,
    function: u32,
    site: u32,
    scopes: *mut u32,
    scopes_cap: usize,
    scopes_len: *mut usize,
) -> isize {
    match ask_table(table, |t| t.once_scopes(function, site)) {
        None => -1,
        Some(None) => 0,
        Some(Some(found)) => {
            *scopes_len = write_capped(scopes, scopes_cap, &found);
            1
        }
    }
}

/// The scopes relevant to `site` (table function `function`): those whose
/// new instances end its accesses' usefulness to the runtime's log
/// (`sanitize_ends.cpp`). 1 (up to `scopes_cap` written, their number in
/// `scopes_len`: when it is larger, ask again with more room), -1 (an
/// unknown function or site, an internal error).
///
/// # Safety
/// As [`aliaskit_sanitize_once_scopes`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_relevant_scopes(
    table: *mut InPlaceTable,
    function: u32,
    site: u32,
    scopes: *mut u32,
    scopes_cap: usize,
    scopes_len: *mut usize,
) -> isize {
    let found = ask_table(table, |t| {
        t.relevant_scopes(function, site).map(<[u32]>::to_vec)
    });
    match found {
        None => -1,
        Some(found) => {
            *scopes_len = write_capped(scopes, scopes_cap, &found);
            1
        }
    }
}

/// Whether a read of site `later` (table function `function`) need not be
/// logged after a read of site `first` of the same bytes in the same frame
/// and instances (`sanitize_repeats.cpp`): 1 (yes), 0 (no), -1 (an unknown
/// function, an internal error).
///
/// # Safety
/// `table` from [`aliaskit_sanitize_in_place_table`], not freed.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_repeats(
    table: *mut InPlaceTable,
    function: u32,
    first: u32,
    later: u32,
) -> isize {
    match ask_table(table, |t| t.repeats(function, first, later)) {
        None => -1,
        Some(yes) => isize::from(yes),
    }
}

boxed_exports! {
    InPlaceTable {}
    /// Frees a table of [`aliaskit_sanitize_in_place_table`].
    free aliaskit_sanitize_in_place_free
}
