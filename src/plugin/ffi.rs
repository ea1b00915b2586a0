//! The `extern "C"` functions `shim.cpp` calls.
//!
//! Only C types cross: opaque session pointers, `LLVMContextRef`,
//! `LLVMMetadataRef`, sizes and small integer answers (1 = may alias /
//! immutable / enabled, 0 = no alias / mutable / disabled). Every function
//! runs its body under [`guarded`], so a panic is caught here, logged, the
//! session is reset, and the conservative answer is returned.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use inkwell::llvm_sys::prelude::{LLVMContextRef, LLVMMetadataRef};

use crate::reader::scoped::{Merge, ScopedSession};
use crate::reader::tbaa::TbaaSession;

/// A session the FFI hands out: reset after a caught panic.
pub trait Session {
    fn reset(&mut self);
    const LOG_TARGET: &'static str;
}

impl Session for TbaaSession {
    fn reset(&mut self) {
        TbaaSession::reset(self)
    }
    const LOG_TARGET: &'static str = crate::reader::tbaa::LOG_TARGET;
}

impl Session for ScopedSession {
    fn reset(&mut self) {
        ScopedSession::reset(self)
    }
    const LOG_TARGET: &'static str = crate::reader::scoped::LOG_TARGET;
}

const MAY_ALIAS: u8 = 1;
const MUTABLE: u8 = 0;
const MALFORMED: u8 = 2;

/// Runs `f` on the session; a null session or a panic gives `fallback`.
///
/// # Safety
/// `session` must be null or come from the matching `*_session_new` and
/// not be in use by another call (one analysis manager, one thread).
pub(crate) unsafe fn guarded<S: Session>(
    session: *mut S,
    fallback: u8,
    f: impl FnOnce(&mut S) -> u8,
) -> u8 {
    let Some(s) = session.as_mut() else {
        return fallback;
    };
    match catch_unwind(AssertUnwindSafe(|| f(&mut *s))) {
        Ok(answer) => answer,
        Err(payload) => recover(s, payload, fallback),
    }
}

/// After a caught panic: logs it, starts the session over and gives the
/// conservative answer. Out of line, so that the answering path of every
/// entry point saves no registers for it.
#[cold]
#[inline(never)]
fn recover<S: Session>(s: &mut S, payload: Box<dyn std::any::Any + Send>, fallback: u8) -> u8 {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    log::error!(
        target: S::LOG_TARGET,
        "internal error ({what}); answering conservatively and starting the session over"
    );
    let _ = catch_unwind(AssertUnwindSafe(|| s.reset()));
    fallback
}

fn new_session<S: Default>() -> *mut S {
    catch_unwind(|| Box::into_raw(Box::<S>::default())).unwrap_or(std::ptr::null_mut())
}

/// # Safety
/// `session` must be null or come from `new_session`, and be freed once.
unsafe fn free_session<S>(session: *mut S) {
    if !session.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| drop(Box::from_raw(session))));
    }
}

#[no_mangle]
pub extern "C" fn aliaskit_tbaa_session_new() -> *mut TbaaSession {
    new_session()
}

/// # Safety
/// `session` must be null or come from [`aliaskit_tbaa_session_new`], once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_session_free(session: *mut TbaaSession) {
    free_session(session)
}

/// # Safety
/// See [`guarded`]; the tags must be null or live nodes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias(
    session: *mut TbaaSession,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
) -> u8 {
    guarded(session, MAY_ALIAS, |s| s.may_alias(a, b) as u8)
}

/// The full match of two tags, for `tbaa-diff`: returns 1 (may alias),
/// 0 (no alias) or 2 (malformed metadata: LLVM's own TBAA may crash on this
/// pair, do not ask it), and stores the most generic tag
/// (`getMostGenericTBAA(a, b)`, null for none) in `*generic`.
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
) -> u8 {
    *generic = std::ptr::null_mut();
    guarded(session, MALFORMED, |s| match s.match_tags(a, b) {
        Ok(m) => {
            *generic = s.generic_tag_node(ctx, m.generic);
            m.may_alias as u8
        }
        Err(_) => MALFORMED,
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
) -> u8 {
    guarded(session, MAY_ALIAS, |s| {
        let tags = if errno_tags.is_null() {
            &[][..]
        } else {
            std::slice::from_raw_parts(errno_tags, count)
        };
        s.may_alias_errno(tag, tags) as u8
    })
}

/// # Safety
/// See [`guarded`]; `tag` must be null or a live node.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_is_immutable(
    session: *mut TbaaSession,
    tag: LLVMMetadataRef,
) -> u8 {
    guarded(session, MUTABLE, |s| s.is_immutable(tag) as u8)
}

#[no_mangle]
pub extern "C" fn aliaskit_scoped_session_new() -> *mut ScopedSession {
    new_session()
}

/// # Safety
/// `session` must be null or come from [`aliaskit_scoped_session_new`], once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_session_free(session: *mut ScopedSession) {
    free_session(session)
}

/// `mayAliasInScopes(scopes_x, noalias_y) && mayAliasInScopes(scopes_y,
/// noalias_x)`: 1 may alias, 0 no alias.
///
/// # Safety
/// See [`guarded`]; the lists must be null or live nodes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_may_alias_both_ways(
    session: *mut ScopedSession,
    scopes_x: LLVMMetadataRef,
    noalias_x: LLVMMetadataRef,
    scopes_y: LLVMMetadataRef,
    noalias_y: LLVMMetadataRef,
) -> u8 {
    guarded(session, MAY_ALIAS, |s| {
        s.may_alias_both_ways(scopes_x, noalias_x, scopes_y, noalias_y) as u8
    })
}

/// For `scoped-diff`: the answer computed afresh, 1 / 0, or 2 when the
/// lists are malformed (LLVM's own analysis may crash on them).
///
/// # Safety
/// See [`guarded`]; the lists must be null or live nodes.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_scoped_decide(
    session: *mut ScopedSession,
    scopes: LLVMMetadataRef,
    noalias: LLVMMetadataRef,
) -> u8 {
    guarded(session, MALFORMED, |s| match s.decide(scopes, noalias) {
        Ok(may) => may as u8,
        Err(_) => MALFORMED,
    })
}

/// For `scoped-diff`: merges two lists like `getMostGenericAliasScope`
/// (`kind` 0, for `!alias.scope`) or `MDNode::intersect` (`kind` 1, for
/// `!noalias`), storing the result (null for none) in `*merged`; returns
/// 1, or 2 when the lists are malformed.
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
) -> u8 {
    *merged = std::ptr::null_mut();
    let kind = if kind == 0 {
        Merge::AliasScope
    } else {
        Merge::NoAlias
    };
    guarded(session, MALFORMED, |s| match s.merge(ctx, kind, a, b) {
        Ok(node) => {
            *merged = node;
            1
        }
        Err(_) => MALFORMED,
    })
}

/// Whether `ALIASKIT_ENABLE_SCOPED_NOALIAS` leaves rust-scoped-noalias on
/// (unset means on).
#[no_mangle]
pub extern "C" fn aliaskit_scoped_enabled_by_environment() -> u8 {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| env_flag("ALIASKIT_ENABLE_SCOPED_NOALIAS", true)) as u8
}

/// Whether `ALIASKIT_ENABLE_TBAA` leaves rust-tbaa on (anything but `0`,
/// `false`, `off` or `no`; unset means on).
#[no_mangle]
pub extern "C" fn aliaskit_tbaa_enabled_by_environment() -> u8 {
    static ENABLED: OnceLock<bool> = OnceLock::new();
    *ENABLED.get_or_init(|| env_flag("ALIASKIT_ENABLE_TBAA", true)) as u8
}

/// Reads a boolean environment switch.
pub fn env_flag(name: &str, default: bool) -> bool {
    match std::env::var(name) {
        Ok(v) => !matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "0" | "false" | "off" | "no"
        ),
        Err(_) => default,
    }
}
