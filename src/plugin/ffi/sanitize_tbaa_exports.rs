//! The exports of `aliaskit-sanitize-tbaa` (`sanitize_tbaa.cpp` calls
//! them; `shim.h` declares them): the plan of a module and its accessors.

use std::ffi::{c_char, c_void};

use aliaskit_core::decision::ModuleKey;
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};

use super::caught;
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
    caught(
        "error: aliaskit-sanitize-tbaa: internal error; nothing instrumented in this module",
        std::ptr::null_mut(),
        || {
            Box::into_raw(Box::new(sanitize_tbaa::plan(
                module,
                Printer(printer),
                &name,
                ModuleKey(module_key),
                stats,
            )))
        },
    )
}

/// The plan's calls: `*sites` points to `*count` of them, alive as long as
/// the plan.
///
/// # Safety
/// `plan` from [`aliaskit_sanitize_tbaa_plan`], not freed; outputs writable.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_plan_sites(
    plan: *mut TbaaPlan,
    sites: *mut *const TbaaSitePlan,
    count: *mut usize,
) {
    super::give_slice(plan, |p| &p.sites[..], sites, count)
}

/// The non-escaping locals whose accesses were left out (they need no
/// reset).
///
/// # Safety
/// As [`aliaskit_sanitize_tbaa_plan_sites`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_plan_quiet_locals(
    plan: *mut TbaaPlan,
    locals: *mut *const LLVMValueRef,
    count: *mut usize,
) {
    super::give_slice(plan, |p| &p.quiet_locals[..], locals, count)
}

/// The table's bytes.
///
/// # Safety
/// As [`aliaskit_sanitize_tbaa_plan_sites`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_plan_table(
    plan: *mut TbaaPlan,
    bytes: *mut *const u8,
    len: *mut usize,
) {
    super::give_slice(plan, |p| &p.table[..], bytes, len)
}

/// # Safety
/// `plan` null or from [`aliaskit_sanitize_tbaa_plan`], freed once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_plan_free(plan: *mut TbaaPlan) {
    super::free_boxed(plan)
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
    caught(
        "error: aliaskit-sanitize-tbaa: internal error; the claims that reach code generation are not checked in this module",
        std::ptr::null_mut(),
        || Box::into_raw(Box::new(end_table(module, &name, sites, start_claims))),
    )
}

/// The bytes of an end table.
///
/// # Safety
/// `bytes` from [`aliaskit_sanitize_tbaa_end`], not freed; outputs
/// writable.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_bytes(
    bytes: *mut Vec<u8>,
    ptr: *mut *const u8,
    len: *mut usize,
) {
    super::give_slice(bytes, |b| &b[..], ptr, len)
}

/// # Safety
/// `bytes` null or from [`aliaskit_sanitize_tbaa_end`], freed once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_sanitize_tbaa_bytes_free(bytes: *mut Vec<u8>) {
    super::free_boxed(bytes)
}
