//! The boundary between the plugin's Rust and its C++: one declaration
//! site per direction, as `shim.h` is the one declaration site on the C++
//! side.
//!
//! * [`exports`]: every function the C++ side calls in Rust (and the entry
//!   point LLVM looks up). Each one is thin: it turns what crosses into Rust
//!   values, calls the module the work belongs to, and turns the result
//!   back, all under a guard: no panic ever unwinds into C++.
//!   [`sanitize_exports`] holds the exports of `aliaskit-sanitize`,
//!   [`sanitize_tbaa_exports`] those of `aliaskit-sanitize-tbaa`.
//! * [`imports`]: every function of the C++ side that Rust calls: the
//!   registration with LLVM's `PassBuilder`, the printer of the module
//!   passes' reports, the reader's raw metadata accessors, and the edits of
//!   `verify-alias-md<strip>`.
//! * [`types`]: what crosses besides LLVM-C's references: typed codes
//!   (answers, merge kinds, operand kinds), flag sets and the owned string,
//!   mirrored in `shim.h`, with the checked conversions of what comes from
//!   C++.
//!
//! `imports` and `types` declare the boundary and use nothing else of the
//! crate: the reader, one layer down, calls its own C++ accessors through
//! them, and depends on nothing else of the plugin.
//!
//! Only C types cross: opaque pointers (sessions, printers, queries),
//! `LLVMContextRef`, `LLVMMetadataRef`, `LLVMModuleRef`, `LLVMValueRef`,
//! sizes, counts, booleans and the values of [`types`].
//!
//! The guards live here. A session's entry point runs its body under
//! [`guarded`]: a panic is caught, logged, the session is reset, and the
//! conservative answer is returned. A module pass's entry point runs under
//! [`caught`], which reports the pass's own one-line error instead.
//!
//! # The query ladders
//!
//! The two alias queries, [`exports::aliaskit_tbaa_may_alias`] and
//! [`exports::aliaskit_scoped_may_alias_both_ways`], are asked millions of
//! times a function, each in a few dozen instructions, so their entry
//! points differ from the others in one way: the guard is around the last
//! step of the ladder only. Each ladder is one function of its session
//! (`TbaaSession::may_alias_or`, `ScopedSession::may_alias_both_ways`)
//! whose steps before the last cannot panic; the entry point hands it its
//! last step, the session's `decided_afresh` under the guard, out of line
//! ([`guarded_last_step`]). An answer found before
//! the last step then costs no stack frame: with the whole ladder under
//! the guard, every question paid for saving registers (callgrind,
//! instructions a question: 10 tags 51.0 here against 56.2, P1 129.4
//! against 138.4, 1000 tags 60.8 against 65.9, measured as the ladder was
//! written).
//!
//! Two more choices in the scoped ladder serve the same end, each
//! measured the same way on the 24-list, 2000-random-list and
//! inlined-Rust rows of BENCHMARKS.md's Q (instructions a question; both
//! measured before a test of both directions' bits at once was dropped
//! from the ladder, which then took 64.3, 68.7, 68.5):
//!
//! * its step 4, the comparison of exact rows and the merge, is an
//!   out-of-line function of the session that the ladder calls last
//!   (`ScopedSession::decided_at_place`); inline, its loops' registers
//!   are saved by every question: 64.3, 68.7, 68.5 against 74.3, 75.1,
//!   75.8;
//! * the last step is handed the question's two accesses as `None` when
//!   they are at their places, where the session holds them, rather than
//!   by their four pointers, which the ladder would otherwise keep in
//!   registers throughout: 64.3, 71.9, 70.3 against 69.9, 75.5, 74.1
//!   (measured with step 4 under the guard).

/// The exports through which C++ reads a value Rust boxed for it (a plan,
/// a table) and frees it: one per part, which gives the part as a slice
/// (`*ptr` and `*len`, alive as long as the value; empty for null), then
/// the one that frees it.
macro_rules! boxed_exports {
    ($boxed:ty {
        $($(#[$doc:meta])* $part:ident: $item:ty = $get:expr,)*
    }
    $(#[$free_doc:meta])* free $free:ident) => {
        $(
            $(#[$doc])*
            ///
            /// # Safety
            /// `value` null or live (not freed); `ptr` and `len` writable.
            #[no_mangle]
            pub unsafe extern "C" fn $part(
                value: *mut $boxed,
                ptr: *mut *const $item,
                len: *mut usize,
            ) {
                super::give_slice(value, $get, ptr, len)
            }
        )*

        $(#[$free_doc])*
        ///
        /// # Safety
        /// `value` null or live, freed once.
        #[no_mangle]
        pub unsafe extern "C" fn $free(value: *mut $boxed) {
            super::free_boxed(value)
        }
    };
}

pub mod exports;
pub mod imports;
pub mod sanitize_exports;
pub mod sanitize_tbaa_exports;
pub mod types;

use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::reader::scoped::ScopedSession;
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

/// Runs `f` on the session; a null session or a panic gives `fallback`.
///
/// # Safety
/// `session` must be null or come from the matching `*_session_new` and
/// not be in use by another call (one analysis manager, one thread).
#[inline]
pub unsafe fn guarded<S: Session, T>(
    session: *mut S,
    fallback: T,
    f: impl FnOnce(&mut S) -> T,
) -> T {
    let Some(s) = session.as_mut() else {
        return fallback;
    };
    match catch_unwind(AssertUnwindSafe(|| f(&mut *s))) {
        Ok(answer) => answer,
        Err(payload) => recover(s, payload, fallback),
    }
}

/// The last step of a query's ladder, `step`, under [`guarded`] (a panic
/// answers "may alias"). Out of line: see the module notes, "The query
/// ladders".
///
/// # Safety
/// As [`guarded`].
#[inline(never)]
pub unsafe fn guarded_last_step<S: Session>(
    session: &mut S,
    step: impl FnOnce(&mut S) -> bool,
) -> bool {
    guarded(session, true, step)
}

/// After a caught panic: logs it, starts the session over and gives the
/// conservative answer.
#[cold]
fn recover<S: Session, T>(s: &mut S, payload: Box<dyn std::any::Any + Send>, fallback: T) -> T {
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

/// Runs the work of a module pass; after a caught panic, prints `failure`
/// (the pass's one-line error) and gives `fallback`.
pub fn caught<T>(failure: &str, fallback: T, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(_) => {
            eprintln!("{failure}");
            fallback
        }
    }
}

/// Runs the work of a module pass that makes a value for C++ to own
/// (freed by a `boxed_exports!` export): the value boxed, or null after a
/// caught panic, when `failure` is printed.
pub fn caught_boxed<T>(failure: &str, make: impl FnOnce() -> T) -> *mut T {
    caught(failure, std::ptr::null_mut(), || {
        Box::into_raw(Box::new(make()))
    })
}

/// A new boxed `T` (a session, a baseline) for the C++ side to own; null
/// if making it panicked.
fn new_boxed<T: Default>() -> *mut T {
    catch_unwind(|| Box::into_raw(Box::<T>::default())).unwrap_or(std::ptr::null_mut())
}

/// Gives C++ a slice of a boxed plan (empty when there is no plan):
/// `*ptr` and `*len`, alive as long as the plan.
///
/// # Safety
/// `ptr` and `len` writable.
unsafe fn give_slice<P, T>(
    plan: *const P,
    part: impl Fn(&P) -> &[T],
    ptr: *mut *const T,
    len: *mut usize,
) {
    let s = plan.as_ref().map_or(&[][..], part);
    *ptr = s.as_ptr();
    *len = s.len();
}

/// # Safety
/// `p` must be null or come from [`new_boxed`], and be freed once.
unsafe fn free_boxed<T>(p: *mut T) {
    if !p.is_null() {
        let _ = catch_unwind(AssertUnwindSafe(|| drop(Box::from_raw(p))));
    }
}
