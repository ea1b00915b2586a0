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
    AliasBits, Answer, CheckFlags, InspectFlags, MergeKind, MergeOutcome, UnknownCode,
};
use super::{caught, free_boxed, guarded, new_boxed};
use crate::plugin::printer::Printer;
use crate::plugin::verify::Baseline;
use crate::plugin::{bisect, captures, dot, explain, init_logging, verify};
use crate::reader::scoped::{ScopedSession, SecondAccess, LOG_TARGET as SCOPED_LOG_TARGET};
use crate::reader::tbaa::{AtHand, TbaaSession};
use aliaskit_core::tbaa::TagRef;

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

/// # Safety
/// `session` must come from [`aliaskit_tbaa_session_new`], not null (a
/// caller whose session could not be made asks nothing: `shim.cpp` turns
/// the analysis off), and not be in use elsewhere; the tags must be live
/// nodes, neither null (the caller answers an untagged access itself, as
/// `shim.cpp` does).
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias(
    session: &mut TbaaSession,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
) -> AliasBits {
    // A question whose answer is at hand is answered before the guard
    // (`look_up` cannot panic): two probes and a load.
    match session.look_up(a, b) {
        AtHand::Answer(may_alias) => AliasBits::may_alias(may_alias),
        AtHand::Rows(ra, rb) => tbaa_may_alias_unremembered(session, a, b, ra.0, rb.0),
        AtHand::Nothing => tbaa_may_alias_past_quick(session, a, b),
    }
}

/// [`aliaskit_tbaa_may_alias`] of a pair whose rows are known but whose
/// answer is not remembered: for a pair beyond what the oracle remembers
/// (the usual pair of a function with more distinct tags than the answer
/// matrix holds), decided by the bits of the two tags' summaries when
/// they can, else [`tbaa_may_alias_walked`]; for any other pair (to be
/// remembered, or logged), [`tbaa_may_alias_past_quick`]. Out of line,
/// so that the look-up keeps its registers to itself (inline, every
/// answer found paid for saving three), with the rows as arguments, and
/// `extern "C"` as [`tbaa_may_alias_past_quick`]: a call to it is a
/// jump, and its own call to the next one too. It saves no register, so
/// it reads no chain: a pair of whole accesses whose bits may meet goes
/// on ([`tbaa_may_alias_walked`], which saves three for that read).
///
/// # Safety
/// As [`aliaskit_tbaa_may_alias`]; `ra` and `rb` are the tags' rows.
#[inline(never)]
unsafe extern "C" fn tbaa_may_alias_unremembered(
    session: &mut TbaaSession,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    ra: u32,
    rb: u32,
) -> AliasBits {
    let (ra, rb) = (TagRef(ra), TagRef(rb));
    if !session.decides_here(ra, rb) {
        return tbaa_may_alias_past_quick(session, a, b);
    }
    if let Some(may_alias) = session.decided_by_bits(ra, rb) {
        return AliasBits::may_alias(may_alias);
    }
    tbaa_may_alias_walked(session, a, b, ra.0, rb.0)
}

/// [`tbaa_may_alias_unremembered`] of a pair beyond what the oracle
/// remembers that its bits did not decide: for two simple tags, a read of
/// a chain (two whole accesses) or a walk over the prefixes decides it (the
/// rows are known, so unlike [`tbaa_may_alias_past_quick`] no look-up is
/// made again); else [`tbaa_may_alias_past_quick`]. Out of line and
/// `extern "C"` for the same reasons as [`tbaa_may_alias_unremembered`].
///
/// # Safety
/// As [`tbaa_may_alias_unremembered`].
#[inline(never)]
unsafe extern "C" fn tbaa_may_alias_walked(
    session: &mut TbaaSession,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    ra: u32,
    rb: u32,
) -> AliasBits {
    if let Some(may_alias) = session.decided_by_walk(TagRef(ra), TagRef(rb)) {
        return AliasBits::may_alias(may_alias);
    }
    tbaa_may_alias_past_quick(session, a, b)
}

/// [`aliaskit_tbaa_may_alias`] past its look-up: the look-up again with
/// the second tag's row found by the index, and a pair beyond the
/// oracle's memory decided from the summaries (which cannot panic), else
/// the rest under the guard. Out of line, so that an answer found costs
/// no stack frame, and `extern "C"` (not exported): a call to it cannot
/// unwind, so its caller needs no landing pad (an abort on unwind, which
/// calls, so saves registers) and calls it last, as a jump.
///
/// # Safety
/// As [`aliaskit_tbaa_may_alias`].
#[inline(never)]
unsafe extern "C" fn tbaa_may_alias_past_quick(
    session: &mut TbaaSession,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
) -> AliasBits {
    if let Some(may_alias) = session.look_up_off_place(a, b) {
        return AliasBits::may_alias(may_alias);
    }
    guarded(session, AliasBits::MayAlias, |s| {
        AliasBits::may_alias(s.may_alias_past_quick(a, b))
    })
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
/// noalias_x)`.
///
/// # Safety
/// `session` must come from [`aliaskit_scoped_session_new`], not null
/// (see [`aliaskit_tbaa_may_alias`]), and not be in use elsewhere; the
/// lists must be null or live nodes, X's not both null (the caller
/// answers an access without lists itself, as `shim.cpp` does: such a
/// question would be answered right, but not logged).
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_may_alias_both_ways(
    session: &mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> AliasBits {
    // Answered before the guard when both accesses are at their places
    // and both directions' answers at hand (neither step can panic),
    // without saving a register.
    if let Some(y) = session.look_up_both_ways(scopes_x, noalias_x, scopes_y, noalias_y) {
        if let Some(may_alias) = session.remembered_at_place(y) {
            return AliasBits::may_alias(may_alias);
        }
        // Past here, compiled twice, the second time for processors with
        // a popcount instruction (the baseline x86-64 target has none,
        // and an exact row's word is found by the rank of its mask bit: a
        // count is then a dozen instructions), chosen by what the
        // processor has, as the session found when it was made (a field,
        // so that choosing calls nothing and saves no registers). The
        // code and the algorithm (the core's) are the same either way.
        #[cfg(target_arch = "x86_64")]
        if session.has_popcnt() {
            return scoped_decided_at_place_with_popcnt(session, y);
        }
        return scoped_decided_at_place(session, y);
    }
    #[cfg(target_arch = "x86_64")]
    if session.has_popcnt() {
        return scoped_off_place_with_popcnt(session, scopes_x, noalias_x, scopes_y, noalias_y);
    }
    scoped_off_place(session, scopes_x, noalias_x, scopes_y, noalias_y)
}

/// [`aliaskit_scoped_may_alias_both_ways`] of a question whose accesses
/// are at their places (`y`, the second's) but whose answer is not at
/// hand: the compares of exact rows (then remembered), still before the
/// guard (`decided_at_place` cannot panic); else the rest under the
/// guard. The question's lists are the session's (at their places), so
/// that the look-up needs not keep them. Out of line and `extern "C"`,
/// as [`scoped_off_place`].
///
/// # Safety
/// As [`aliaskit_scoped_may_alias_both_ways`], right after its look-up,
/// with `y` from it.
#[inline(never)]
unsafe extern "C" fn scoped_decided_at_place(
    session: &mut ScopedSession,
    y: SecondAccess,
) -> AliasBits {
    decided_then_guarded(session, y)
}

/// [`scoped_decided_at_place`] compiled for processors with `popcnt`.
///
/// # Safety
/// As [`scoped_decided_at_place`]; the processor must have `popcnt`.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
#[target_feature(enable = "popcnt")]
unsafe extern "C" fn scoped_decided_at_place_with_popcnt(
    session: &mut ScopedSession,
    y: SecondAccess,
) -> AliasBits {
    decided_then_guarded(session, y)
}

/// The body of [`scoped_decided_at_place`] and
/// [`scoped_decided_at_place_with_popcnt`].
///
/// # Safety
/// As [`scoped_decided_at_place`].
#[inline(always)]
unsafe fn decided_then_guarded(session: &mut ScopedSession, y: SecondAccess) -> AliasBits {
    match session.decided_at_place(y) {
        Ok(may_alias) => AliasBits::may_alias(may_alias),
        Err(((scopes_x, noalias_x), (scopes_y, noalias_y))) => scoped_guarded(
            session,
            scopes_x as LLVMMetadataRef,
            noalias_x as LLVMMetadataRef,
            scopes_y as LLVMMetadataRef,
            noalias_y as LLVMMetadataRef,
        ),
    }
}

/// [`aliaskit_scoped_may_alias_both_ways`] of a question whose accesses
/// are not both at their places: accesses seen before, probed for, still
/// before the guard
/// (`look_up_off_place` cannot panic); else the rest under the guard. Out
/// of line and `extern "C"`, as [`tbaa_may_alias_past_quick`], and with
/// no frame for the guard: that is [`scoped_guarded`]'s.
///
/// # Safety
/// As [`aliaskit_scoped_may_alias_both_ways`].
#[inline(never)]
unsafe extern "C" fn scoped_off_place(
    session: &mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> AliasBits {
    off_place_then_guarded(session, scopes_x, noalias_x, scopes_y, noalias_y)
}

/// [`scoped_off_place`] compiled for processors with `popcnt`.
///
/// # Safety
/// As [`aliaskit_scoped_may_alias_both_ways`]; the processor must have
/// `popcnt`.
#[cfg(target_arch = "x86_64")]
#[inline(never)]
#[target_feature(enable = "popcnt")]
unsafe extern "C" fn scoped_off_place_with_popcnt(
    session: &mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> AliasBits {
    off_place_then_guarded(session, scopes_x, noalias_x, scopes_y, noalias_y)
}

/// The body of [`scoped_off_place`] and [`scoped_off_place_with_popcnt`].
///
/// # Safety
/// As [`aliaskit_scoped_may_alias_both_ways`].
#[inline(always)]
unsafe fn off_place_then_guarded(
    session: &mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> AliasBits {
    if let Some(may_alias) = session.look_up_off_place(scopes_x, noalias_x, scopes_y, noalias_y) {
        return AliasBits::may_alias(may_alias);
    }
    scoped_guarded(session, scopes_x, noalias_x, scopes_y, noalias_y)
}

/// [`aliaskit_scoped_may_alias_both_ways`] under the guard, when nothing
/// at hand answered.
///
/// # Safety
/// As [`aliaskit_scoped_may_alias_both_ways`].
#[inline(never)]
unsafe extern "C" fn scoped_guarded(
    session: &mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> AliasBits {
    guarded(session, AliasBits::MayAlias, |s| {
        AliasBits::may_alias(
            s.may_alias_both_ways_past_quick(scopes_x, noalias_x, scopes_y, noalias_y),
        )
    })
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
