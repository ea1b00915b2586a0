//! The exports of `aliaskit-sanitize-tbaa` (`sanitize_tbaa.cpp` calls
//! them; `shim.h` declares them): the plan of a module and its accessors.

use std::ffi::{c_char, c_void};

use aliaskit_core::decision::ModuleKey;
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};

use super::caught_boxed;
use crate::plugin::printer::Printer;
use crate::plugin::sanitize_tbaa::{self, TbaaPlan, TbaaSitePlan};
use crate::plugin::sanitize_tbaa_end::{end_table, TbaaEndSite};

/// The `--tbaa` plan of `module`, or null (an internal error, said on
/// stderr).
///
/// # Safety
/// `module` live, `printer` its printer, `name` `name_len` bytes,
/// `module_key` its key for decision ids (`aliaskit::moduleKey`).
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_plan(
    module: LLVMModuleRef,
    printer: *mut c_void,
    name: *const c_char,
    name_len: usize,
    module_key: u64,
    stats: bool,
) -> *mut TbaaPlan {
    let name = text(name, name_len);
    caught_boxed(
        "error: aliaskit-sanitize-tbaa: internal error; nothing instrumented in this module",
        || {
            sanitize_tbaa::plan(
                module,
                Printer(printer),
                &name,
                ModuleKey(module_key),
                stats,
            )
        },
    )
}

boxed_exports! {
    TbaaPlan {
        /// The plan's calls.
        aliaskit_sanitize_tbaa_plan_sites: TbaaSitePlan = |p| &p.sites[..],
        /// The non-escaping locals whose accesses were left out (they need
        /// no reset).
        aliaskit_sanitize_tbaa_plan_quiet_locals: LLVMValueRef = |p| &p.quiet_locals[..],
        /// The table's bytes.
        aliaskit_sanitize_tbaa_plan_table: u8 = |p| &p.table[..],
    }
    /// Frees a plan of [`aliaskit_sanitize_tbaa_plan`].
    free aliaskit_sanitize_tbaa_plan_free
}

/// `len` bytes at `ptr` (null: empty) as text: a module's name, as the
/// passes of both sanitizers give it.
pub(super) unsafe fn text(ptr: *const c_char, len: usize) -> String {
    if ptr.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(ptr.cast::<u8>(), len)).into_owned()
}

/// The end table of `module` (`sanitize_tbaa_end.rs`) from the `count`
/// sites at `sites`, or null (an internal error, said on stderr: the end's
/// claims are then not checked). Read with
/// [`aliaskit_sanitize_tbaa_bytes`], freed with
/// [`aliaskit_sanitize_tbaa_bytes_free`].
///
/// # Safety
/// `module` live; `sites` holds `count` sites of its instructions; `name`
/// `name_len` bytes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_end(
    module: LLVMModuleRef,
    name: *const c_char,
    name_len: usize,
    sites: *const TbaaEndSite,
    count: usize,
    start_claims: bool,
) -> *mut Vec<u8> {
    let name = text(name, name_len);
    let sites = if sites.is_null() {
        &[][..]
    } else {
        std::slice::from_raw_parts(sites, count)
    };
    caught_boxed(
        "error: aliaskit-sanitize-tbaa: internal error; the claims that reach code generation are not checked in this module",
        || end_table(module, &name, sites, start_claims),
    )
}

boxed_exports! {
    Vec<u8> {
        /// The bytes of an end table of [`aliaskit_sanitize_tbaa_end`].
        aliaskit_sanitize_tbaa_bytes: u8 = |b| &b[..],
    }
    /// Frees an end table of [`aliaskit_sanitize_tbaa_end`].
    free aliaskit_sanitize_tbaa_bytes_free
}
