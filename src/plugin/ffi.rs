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

use crate::reader::tbaa::TbaaSession;

const MAY_ALIAS: u8 = 1;
const MUTABLE: u8 = 0;
const MALFORMED: u8 = 2;

/// Runs `f` on the session; a null session or a panic gives `fallback`.
///
/// # Safety
/// `session` must be null or come from [`aliaskit_tbaa_session_new`] and
/// not be in use by another call (one analysis manager, one thread).
unsafe fn guarded(
    session: *mut TbaaSession,
    fallback: u8,
    f: impl FnOnce(&mut TbaaSession) -> u8,
) -> u8 {
    let Some(s) = session.as_mut() else {
        return fallback;
    };
    match catch_unwind(AssertUnwindSafe(|| f(&mut *s))) {
        Ok(answer) => answer,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            log::error!(
                target: crate::reader::tbaa::LOG_TARGET,
                "internal error ({what}); answering conservatively and starting the session over"
            );
            let _ = catch_unwind(AssertUnwindSafe(|| s.reset()));
            fallback
        }
    }
}

#[no_mangle]
pub extern "C" fn aliaskit_tbaa_session_new() -> *mut TbaaSession {
    catch_unwind(|| Box::into_raw(Box::new(TbaaSession::new()))).unwrap_or(std::ptr::null_mut())
}

/// # Safety
/// `session` must be null or come from [`aliaskit_tbaa_session_new`], once.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_session_free(session: *mut TbaaSession) {
    if !session.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| drop(Box::from_raw(session))));
    }
}

/// # Safety
/// See [`guarded`]; the tags must be null or live nodes of `ctx`.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias(
    session: *mut TbaaSession,
    ctx: LLVMContextRef,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
) -> u8 {
    guarded(session, MAY_ALIAS, |s| s.may_alias(ctx, a, b) as u8)
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
    guarded(session, MALFORMED, |s| match s.match_tags(ctx, a, b) {
        Ok(m) => {
            *generic = s.generic_tag_node(ctx, m.generic);
            m.may_alias as u8
        }
        Err(_) => MALFORMED,
    })
}

/// # Safety
/// See [`guarded`]; `errno_tags` must point to `count` live nodes of `ctx`.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_may_alias_errno(
    session: *mut TbaaSession,
    ctx: LLVMContextRef,
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
        s.may_alias_errno(ctx, tag, tags) as u8
    })
}

/// # Safety
/// See [`guarded`]; `tag` must be null or a live node of `ctx`.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_tbaa_is_immutable(
    session: *mut TbaaSession,
    ctx: LLVMContextRef,
    tag: LLVMMetadataRef,
) -> u8 {
    guarded(session, MUTABLE, |s| s.is_immutable(ctx, tag) as u8)
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
