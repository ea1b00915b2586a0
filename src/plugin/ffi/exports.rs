//! Every function the C++ side calls in Rust, and the entry point LLVM
//! looks up; `shim.h` declares the same functions for the C++ side.
//!
//! Each one turns what crosses into Rust values, calls the module the work
//! belongs to (the sessions of [`crate::reader`], the passes of
//! [`crate::plugin`]), and turns the result back, under [`guarded`] or
//! [`caught`], so that no panic unwinds into LLVM.

use std::ffi::{c_char, c_void, CStr};
use std::sync::OnceLock;

use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef, LLVMModuleRef};

use super::imports::aliaskit_register_pass_builder_callbacks;
use super::types::{
    AliasAnswer, AliasBits, Answer, CheckFlags, InspectFlags, MergeKind, MergeOutcome, UnknownCode,
};
use super::{caught, free_boxed, guarded, guarded_last_step, new_boxed};
use crate::plugin::printer::Printer;
use crate::plugin::verify::Baseline;
use crate::plugin::{bisect, captures, dot, explain, init_logging, verify};
use crate::reader::scoped::{ScopedSession, LOG_TARGET as SCOPED_LOG_TARGET};
use crate::reader::tbaa::TbaaSession;

// ---------------------------------------------------------------------------
// The entry point
// ---------------------------------------------------------------------------

/// `LLVM_PLUGIN_API_VERSION` of LLVM 22 (`llvm/Plugins/PassPlugin.h`).
pub const PLUGIN_API_VERSION: u32 = 2;

/// `llvm::PassPluginLibraryInfo` (five fields in LLVM 22).
#[repr(C)]
pub struct PassPluginLibraryInfo {
    pub api_version: u32,
    pub plugin_name: *const c_char,
    pub plugin_version: *const c_char,
    pub register_pass_builder_callbacks: Option<unsafe extern "C" fn(*mut c_void)>,
    pub pre_codegen_callback: *const c_void,
}

/// The plugin entry point `opt -load-pass-plugin` looks up. It must be
/// defined in Rust: a C++ definition is not exported from a Rust `cdylib`.
/// Its callback is C++ (`shim.cpp`), which registers the analyses and
/// passes with LLVM's `PassBuilder`.
#[no_mangle]
pub extern "C" fn llvmGetPassPluginInfo() -> PassPluginLibraryInfo {
    init_logging();
    PassPluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: c"aliaskit".as_ptr(),
        plugin_version: concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast(),
        register_pass_builder_callbacks: Some(aliaskit_register_pass_builder_callbacks),
        pre_codegen_callback: std::ptr::null(),
    }
}

// ---------------------------------------------------------------------------
// rust-tbaa
// ---------------------------------------------------------------------------

#[no_mangle]
pub extern "C" fn aliaskit_tbaa_session_new() -> *mut TbaaSession {
    new_boxed()
}

/// # Safety
/// `session` must be null or come from [`aliaskit_tbaa_session_new`], once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_session_free(session: *mut TbaaSession) {
    free_boxed(session)
}

/// `Aliases(A, B)`: the ladder is [`TbaaSession::may_alias_or`], its
/// last step under the guard ([`guarded_last_step`]).
///
/// # Safety
/// `session` must come from [`aliaskit_tbaa_session_new`], not null (a
/// caller whose session could not be made asks nothing: `shim.cpp` turns
/// the analysis off), and not be in use elsewhere; the tags must be null
/// or live nodes (the caller answers an untagged access itself, as
/// `shim.cpp` does, so that it costs no call).
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias(
    session: &mut TbaaSession,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
) -> AliasBits {
    AliasBits::may_alias(session.may_alias_or(a, b, |s| {
        guarded_last_step(s, move |s| s.decided_afresh(a, b))
    }))
}

/// # Safety
/// See [`guarded`]; `errno_tags` must point to `count` live nodes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias_errno(
    session: *mut TbaaSession,
    tag: LLVMMetadataRef,
    errno_tags: *const LLVMMetadataRef,
    count: usize,
) -> Answer {
    guarded(session, Answer::MayAlias, |s| {
        Answer::may_alias(s.may_alias_errno(tag, slice(errno_tags, count)))
    })
}

/// # Safety
/// See [`guarded`]; `tag` must be null or a live node.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_is_immutable(
    session: *mut TbaaSession,
    tag: LLVMMetadataRef,
) -> bool {
    guarded(session, false, |s| s.is_immutable(tag))
}

/// Whether `ALIASKIT_ENABLE_TBAA` leaves rust-tbaa on (anything but `0`,
/// `false`, `off` or `no`; unset means on).
#[no_mangle]
pub extern "C" fn aliaskit_tbaa_enabled_by_environment() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| env_flag("ALIASKIT_ENABLE_TBAA", true))
}

// ---------------------------------------------------------------------------
// rust-scoped-noalias
// ---------------------------------------------------------------------------

#[no_mangle]
pub extern "C" fn aliaskit_scoped_session_new() -> *mut ScopedSession {
    new_boxed()
}

/// # Safety
/// `session` must be null or come from [`aliaskit_scoped_session_new`], once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_session_free(session: *mut ScopedSession) {
    free_boxed(session)
}

/// `mayAliasInScopes(scopes_x, noalias_y) && mayAliasInScopes(scopes_y,
/// noalias_x)`: the ladder is [`ScopedSession::may_alias_both_ways`],
/// its last step under the guard ([`guarded_last_step`]).
///
/// # Safety
/// `session` must come from [`aliaskit_scoped_session_new`], not null
/// (see [`aliaskit_tbaa_may_alias`]), and not be in use elsewhere; the
/// lists must be null or live nodes (the caller answers an access without
/// lists itself, as `shim.cpp` does: such a question would be answered
/// right, but not logged).
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_may_alias_both_ways(
    session: &mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> AliasBits {
    let x = (scopes_x as usize, noalias_x as usize);
    let y = (scopes_y as usize, noalias_y as usize);
    AliasBits::may_alias(session.may_alias_both_ways(x, y, |s, xy| {
        guarded_last_step(s, move |s| s.decided_afresh(xy))
    }))
}

/// Whether `ALIASKIT_ENABLE_SCOPED_NOALIAS` leaves rust-scoped-noalias on
/// (unset means on).
#[no_mangle]
pub extern "C" fn aliaskit_scoped_enabled_by_environment() -> bool {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| env_flag("ALIASKIT_ENABLE_SCOPED_NOALIAS", true))
}

// ---------------------------------------------------------------------------
// tbaa-diff and scoped-diff
// ---------------------------------------------------------------------------

/// The full match of two tags, for `tbaa-diff`: the answer, or
/// [`Answer::Malformed`] (LLVM's own TBAA may crash on this pair, do not
/// ask it); stores the most generic tag (`getMostGenericTBAA(a, b)`, null
/// for none) in `*generic`.
///
/// # Safety
/// See [`guarded`]; the tags must be null or live nodes of `ctx`, and
/// `generic` must be writable.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_match(
    session: *mut TbaaSession,
    ctx: LLVMContextRef,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    generic: *mut LLVMMetadataRef,
) -> Answer {
    *generic = std::ptr::null_mut();
    guarded(session, Answer::Malformed, |s| match s.match_tags(a, b) {
        Ok(m) => {
            *generic = s.generic_tag_node(ctx, m.generic);
            Answer::may_alias(m.may_alias)
        }
        Err(_) => Answer::Malformed,
    })
}

/// For `scoped-diff`: the answer computed afresh, or [`Answer::Malformed`]
/// (LLVM's own analysis may crash on these lists).
///
/// # Safety
/// See [`guarded`]; the lists must be null or live nodes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_decide(
    session: *mut ScopedSession,
    scopes: LLVMMetadataRef,
    noalias: LLVMMetadataRef,
) -> Answer {
    guarded(session, Answer::Malformed, |s| {
        match s.decide(scopes, noalias) {
            Ok(may) => Answer::may_alias(may),
            Err(_) => Answer::Malformed,
        }
    })
}

/// For `scoped-diff`: merges two lists as `kind` ([`MergeKind`]) says,
/// storing the result (null for none) in `*merged`. A malformed list, or a
/// kind that is none of [`MergeKind`]'s (logged), gives
/// [`MergeOutcome::Malformed`] and no merge.
///
/// # Safety
/// See [`guarded`]; the lists must be null or live nodes of `ctx`, and
/// `merged` must be writable.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_merge(
    session: *mut ScopedSession,
    ctx: LLVMContextRef,
    kind: u8,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    merged: *mut LLVMMetadataRef,
) -> MergeOutcome {
    *merged = std::ptr::null_mut();
    let kind = match MergeKind::try_from(kind) {
        Ok(kind) => kind,
        Err(e) => {
            log::error!(target: SCOPED_LOG_TARGET, "scoped-diff: {e}; no merge");
            return MergeOutcome::Malformed;
        }
    };
    guarded(session, MergeOutcome::Malformed, |s| {
        match s.merge(ctx, kind, a, b) {
            Ok(node) => {
                *merged = node;
                MergeOutcome::Merged
            }
            Err(_) => MergeOutcome::Malformed,
        }
    })
}

// ---------------------------------------------------------------------------
// Bisection (`ALIASKIT_BISECT`, `ALIASKIT_BISECT_LOG`): see [`bisect`]
// ---------------------------------------------------------------------------

/// Whether either variable is set (read once per process).
#[no_mangle]
pub extern "C" fn aliaskit_bisect_enabled() -> bool {
    std::panic::catch_unwind(bisect::enabled).unwrap_or(false)
}

/// Whether some decision may get a full log record (then a module's input
/// is recorded for it): [`bisect::detailed`].
#[no_mangle]
pub extern "C" fn aliaskit_bisect_detailed() -> bool {
    std::panic::catch_unwind(bisect::detailed).unwrap_or(false)
}

/// The key of a module for decision ids ([`ModuleKey`]): from its path
/// (`source_filename`, else its identifier) and the names of the
/// linker-visible symbols it defines (`names[..count]`, each of
/// `lens[i]` bytes).
///
/// # Safety
/// The pointers must be null or point to `len` readable bytes (`names` and
/// `lens` to `count` entries).
///
/// [`ModuleKey`]: aliaskit_core::decision::ModuleKey
#[no_mangle]
pub unsafe extern "C" fn aliaskit_module_key(
    path: *const c_char,
    path_len: usize,
    names: *const *const c_char,
    lens: *const usize,
    count: usize,
) -> u64 {
    std::panic::catch_unwind(|| {
        let path = text(path, path_len);
        let names = slice(names, count);
        let lens = slice(lens, count);
        let symbols: Vec<String> = names
            .iter()
            .zip(lens)
            .map(|(&n, &len)| text(n, len))
            .collect();
        aliaskit_core::decision::ModuleKey::new(&path, symbols.iter().map(String::as_str)).0
    })
    .unwrap_or(0)
}

/// The key of a function for decision ids, from its module's key
/// ([`aliaskit_module_key`]) and its own name; the module's name (for the
/// log) is `module`.
///
/// # Safety
/// The pointers must be null or point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_bisect_function(
    module_key: u64,
    module: *const c_char,
    module_len: usize,
    function: *const c_char,
    function_len: usize,
) -> u64 {
    std::panic::catch_unwind(|| {
        bisect::function_key(
            module_key,
            text(module, module_len),
            text(function, function_len),
        )
    })
    .unwrap_or(0)
}

/// Logs this process's `load` line (once per process).
#[no_mangle]
pub extern "C" fn aliaskit_bisect_loaded() {
    let _ = std::panic::catch_unwind(bisect::loaded);
}

/// Whether this process sees module `name` for the first time (then
/// `aliaskit_bisect_module` logs it).
///
/// # Safety
/// The pointer must be null or point to `len` readable bytes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_bisect_module_first(name: *const c_char, len: usize) -> bool {
    std::panic::catch_unwind(|| bisect::module_first(&text(name, len))).unwrap_or(false)
}

/// Logs module `name`: `tbaa` instructions carry TBAA metadata, `scoped`
/// carry scope lists.
///
/// # Safety
/// As [`aliaskit_bisect_module_first`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_bisect_module(
    name: *const c_char,
    len: usize,
    tbaa: u64,
    scoped: u64,
) {
    let _ = std::panic::catch_unwind(|| bisect::module_seen(text(name, len), tbaa, scoped));
}

/// Logs that an analysis (0: rust-tbaa, 1: rust-scoped-noalias) was built
/// for a function of module `name`.
///
/// # Safety
/// As [`aliaskit_bisect_module_first`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_bisect_analysis(name: *const c_char, len: usize, analysis: u8) {
    let analysis = if analysis == 0 {
        aliaskit_core::decision::Analysis::Tbaa
    } else {
        aliaskit_core::decision::Analysis::ScopedNoAlias
    };
    let _ = std::panic::catch_unwind(|| bisect::analysis_built(&text(name, len), analysis));
}

/// `rust-tbaa`'s answer for two tags in function `key`, under the
/// selection.
///
/// # Safety
/// See [`guarded`]; the tags must be null or live, `query` null or a
/// live query of `bisect.cpp`.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias_in(
    session: *mut TbaaSession,
    key: u64,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    query: *const c_void,
) -> Answer {
    guarded(session, Answer::MayAlias, |s| {
        Answer::may_alias(bisect::tbaa_may_alias(s, key, a, b, query))
    })
}

/// `rust-tbaa`'s immutability of a tag in function `key`, under the
/// selection.
///
/// # Safety
/// As [`aliaskit_tbaa_may_alias_in`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_is_immutable_in(
    session: *mut TbaaSession,
    key: u64,
    tag: LLVMMetadataRef,
    query: *const c_void,
) -> bool {
    guarded(session, false, |s| {
        bisect::tbaa_is_immutable(s, key, tag, query)
    })
}

/// `aliasErrno` for a tag in function `key`, under the selection.
///
/// # Safety
/// As [`aliaskit_tbaa_may_alias_in`]; `errno_tags` must point to `count`
/// live nodes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias_errno_in(
    session: *mut TbaaSession,
    key: u64,
    tag: LLVMMetadataRef,
    errno_tags: *const LLVMMetadataRef,
    count: usize,
    query: *const c_void,
) -> Answer {
    guarded(session, Answer::MayAlias, |s| {
        Answer::may_alias(bisect::tbaa_may_alias_errno(
            s,
            key,
            tag,
            slice(errno_tags, count),
            query,
        ))
    })
}

/// `mayAliasInScopes(scopes, noalias)` in function `key`, under the
/// selection.
///
/// # Safety
/// As [`aliaskit_tbaa_may_alias_in`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_may_alias_in_scopes_in(
    session: *mut ScopedSession,
    key: u64,
    scopes: LLVMMetadataRef,
    noalias: LLVMMetadataRef,
    query: *const c_void,
) -> Answer {
    guarded(session, Answer::MayAlias, |s| {
        Answer::may_alias(bisect::scoped_may_alias_in_scopes(
            s, key, scopes, noalias, query,
        ))
    })
}

// ---------------------------------------------------------------------------
// verify-alias-md: see [`verify`]
// ---------------------------------------------------------------------------

#[no_mangle]
pub extern "C" fn aliaskit_verify_baseline_new() -> *mut Baseline {
    new_boxed()
}

/// # Safety
/// `b` must be null or come from [`aliaskit_verify_baseline_new`], once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_verify_baseline_free(b: *mut Baseline) {
    free_boxed(b)
}

/// Whether `ALIASKIT_VERIFY_EACH` asks for verification after every pass.
#[no_mangle]
pub extern "C" fn aliaskit_verify_each_enabled() -> bool {
    env_flag("ALIASKIT_VERIFY_EACH", false)
}

/// Verifies `module` (and with the strip flag repairs it), printing the
/// findings; returns the number of errors (0 after a caught internal
/// error or with flags that are not [`CheckFlags`], either reported). With
/// a baseline, only findings it does not hold yet are printed, and it
/// learns them.
///
/// # Safety
/// `module` must be live; `printer` must be the C++ side's printer of that
/// module; `baseline` null or from [`aliaskit_verify_baseline_new`];
/// `after_pass` null or a C string.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_verify_module(
    module: LLVMModuleRef,
    flags: u32,
    printer: *mut c_void,
    baseline: *mut Baseline,
    after_pass: *const c_char,
) -> u32 {
    let Some(flags) = checked::<CheckFlags>("verify-alias-md", flags) else {
        return 0;
    };
    let pass =
        (!after_pass.is_null()).then(|| CStr::from_ptr(after_pass).to_string_lossy().into_owned());
    caught(
        "error: verify-alias-md: internal error while verifying; no verdict for this module",
        0,
        || verify::verify(module, flags, Printer(printer), baseline.as_mut(), pass),
    )
}

// ---------------------------------------------------------------------------
// check-captures: see [`captures`]
// ---------------------------------------------------------------------------

/// Checks the `captures(...)` claims of a module, printing the findings;
/// returns the number of errors (0 after a caught internal error or with
/// flags that are not [`CheckFlags`], either reported).
///
/// # Safety
/// `module` must be live; `printer` the C++ side's printer of it.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_check_captures(
    module: LLVMModuleRef,
    flags: u32,
    printer: *mut c_void,
) -> u32 {
    let Some(flags) = checked::<CheckFlags>("check-captures", flags) else {
        return 0;
    };
    caught(
        "error: check-captures: internal error; no verdict for this module",
        0,
        || captures::check(module, flags, Printer(printer)),
    )
}

// ---------------------------------------------------------------------------
// aliaskit-explain and aliaskit-dot: see [`explain`] and [`dot`]
// ---------------------------------------------------------------------------

/// Explains a module's alias pairs on stdout.
///
/// # Safety
/// `module` must be live, `printer` its printer, `function` null or a C
/// string, `answers` null or the module's function analysis manager.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_explain_module(
    module: LLVMModuleRef,
    flags: u32,
    function: *const c_char,
    printer: *mut c_void,
    answers: *mut c_void,
) {
    inspection("aliaskit-explain", flags, function, |flags, only| {
        explain::explain(module, flags, only, Printer(printer), answers)
    })
}

/// Draws a module's alias metadata in DOT on stdout.
///
/// # Safety
/// As [`aliaskit_explain_module`].
#[no_mangle]
pub unsafe extern "C" fn aliaskit_dot_module(
    module: LLVMModuleRef,
    flags: u32,
    function: *const c_char,
    printer: *mut c_void,
    _answers: *mut c_void,
) {
    inspection("aliaskit-dot", flags, function, |flags, only| {
        dot::dot(module, flags, only, Printer(printer))
    })
}

// ---------------------------------------------------------------------------
// What crosses, as Rust values
// ---------------------------------------------------------------------------

/// The body of an inspection pass's entry point: the flags checked, the
/// function filter as a string, and the pass's work under `catch_unwind`,
/// with its failure reported in one line.
///
/// # Safety
/// `function` must be null or a C string.
unsafe fn inspection(
    pass: &str,
    flags: u32,
    function: *const c_char,
    work: impl FnOnce(InspectFlags, Option<&str>) -> std::io::Result<()>,
) {
    let Some(flags) = checked::<InspectFlags>(pass, flags) else {
        return;
    };
    let only =
        (!function.is_null()).then(|| CStr::from_ptr(function).to_string_lossy().into_owned());
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        work(flags, only.as_deref())
    }));
    match result {
        Ok(Ok(())) => {}
        Ok(Err(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        Ok(Err(e)) => eprintln!("error: {pass}: cannot write the output: {e}"),
        Err(_) => eprintln!("error: {pass}: internal error; the output is incomplete"),
    }
}

/// `flags` as the set `F` of the flags of `pass`, or, with a bit that is
/// none of them, nothing and an error line: the pass does nothing.
fn checked<F: TryFrom<u32, Error = UnknownCode>>(pass: &str, flags: u32) -> Option<F> {
    match F::try_from(flags) {
        Ok(flags) => Some(flags),
        Err(e) => {
            eprintln!("error: {pass}: {e}; the pass does nothing");
            None
        }
    }
}

/// `count` nodes from `p` (none when `p` is null).
///
/// # Safety
/// `p` must be null or point to `count` readable values.
unsafe fn slice<'a, T>(p: *const T, count: usize) -> &'a [T] {
    if p.is_null() {
        &[]
    } else {
        std::slice::from_raw_parts(p, count)
    }
}

/// `len` bytes from `p` as text ("" when `p` is null).
///
/// # Safety
/// `p` must be null or point to `len` readable bytes.
unsafe fn text(p: *const c_char, len: usize) -> String {
    String::from_utf8_lossy(slice(p.cast::<u8>(), len)).into_owned()
}

/// Reads a boolean environment switch.
fn env_flag(name: &str, default: bool) -> bool {
    match std::env::var(name) {
        Ok(v) => !matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "0" | "false" | "off" | "no"
        ),
        Err(_) => default,
    }
}
