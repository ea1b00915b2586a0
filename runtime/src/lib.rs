//! The run-time library of `aliaskit sanitize` (`libaliaskit_rt.a`).
//!
//! Linked into the instrumented program; needs no LLVM and no files at run
//! time. The pass (`src/plugin/sanitize.cpp`) calls the `__aliaskit_*`
//! functions below, whose signatures `docs/sanitize.md` gives: they must
//! match what the pass declares. Each is thin: the work is in [`frames`]
//! (each thread's calls), [`modules`] (the tables), [`report`] and the
//! core's access log (`aliaskit_core::sanitize::log`).
//!
//! Never a crash: no panic leaves these functions (a caught one turns the
//! runtime off for the rest of the run, said once); the program's own
//! output is never touched, only stderr (or `log_path`) and, when
//! something was reported, the exit status.

pub mod frames;
pub mod modules;
pub mod options;
pub mod report;
pub mod suppressions;
pub mod symbolize;
pub mod tbaa;
pub mod tbaa_modules;
pub mod tbaa_pages;
pub mod tbaa_report;

use std::ffi::{c_int, c_void};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};

use aliaskit_core::sanitize::in_place::{FrameRecords, HEADER};
use frames::Frame;

/// Set after a caught panic: from then on every call does nothing.
static BROKEN: AtomicBool = AtomicBool::new(false);

/// Runs `f`, catching a panic (the runtime is then off).
fn guarded<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    if BROKEN.load(Ordering::Relaxed) {
        return fallback;
    }
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => {
            BROKEN.store(true, Ordering::Relaxed);
            eprintln!("aliaskit-sanitize: internal error; checking stops here");
            fallback
        }
    }
}

/// The return addresses of the caller of the entry point that expands
/// this (its own frame, the first, is left out): the instrumented
/// function, then its callers.
macro_rules! caller_stack {
    () => {{
        let mut buf = [std::ptr::null_mut::<c_void>(); 256];
        // SAFETY: `buf` holds 256 slots; backtrace writes at most that many.
        let n = unsafe { libc::backtrace(buf.as_mut_ptr(), buf.len() as c_int) }.max(0) as usize;
        buf[..n]
            .iter()
            .skip(1)
            .map(|&p| p as usize)
            .collect::<Vec<usize>>()
    }};
}

/// After an access is logged: the frame's check, if its log has grown
/// enough (reports get the stack of the access that made it due).
macro_rules! check_if_due {
    ($f:expr) => {
        if $f.due() {
            let pending = guarded(Vec::new(), || frames::check_now($f));
            if !pending.is_empty() {
                let stack = caller_stack!();
                guarded((), || report::emit(pending, Some(&stack)));
            }
        }
    };
}

/// Remembers a module's table global (its constructor calls this) and
/// the global of its whole table, `texts_len` bytes at `texts`, which the
/// pass puts apart (null, 0: the whole table is in the table global).
///
/// # Safety
/// `table` is a table global the pass made; `texts` holds `texts_len`
/// bytes that live as long as the program.
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_register(table: *const u8, texts: *const u8, texts_len: u64) {
    let texts: &'static [u8] = if texts.is_null() {
        &[]
    } else {
        // SAFETY: the caller's promise.
        unsafe { std::slice::from_raw_parts(texts, texts_len as usize) }
    };
    guarded((), || modules::register(table as usize, texts))
}

/// Remembers a module's counter of unclassified accesses (its constructor
/// calls this).
///
/// # Safety
/// `counter` is the counter global the pass made.
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_register_counter(counter: *const u64) {
    guarded((), || modules::register_counter(counter as usize))
}

/// A frame for a call of function `function` of the module whose table
/// global is `table`, with `sites` sites and `scopes` scopes. `hosts`
/// (`count` of them) are the functions its code ran in, whose decision ids
/// its reports give: the table's function first, the one it runs in now
/// last (more than one for a start-point frame that was inlined).
///
/// # Safety
/// `table` is a table global the pass made, `hosts` a constant array of
/// `count` [`frames::Host`]s that lives as long as the program.
#[no_mangle]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __aliaskit_enter(
    table: *const u8,
    function: u32,
    sites: u32,
    scopes: u32,
    frame_address: *const c_void,
    hosts: *const frames::Host,
    count: u32,
) -> *mut Frame {
    let (frame, pending) = guarded((frames::idle_frame(), Vec::new()), || {
        let at = frames::Place {
            table: table as usize,
            function,
            hosts: hosts as usize,
            count,
        };
        frames::enter(at, sites, scopes, frame_address as usize)
    });
    if !pending.is_empty() {
        guarded((), || report::emit(pending, None));
    }
    frame
}

/// The frame's function returns (or resumes unwinding).
///
/// # Safety
/// `frame` came from [`__aliaskit_enter`] on this thread.
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_exit(frame: *mut Frame) {
    if frame.is_null() || (*frame).idle() {
        return;
    }
    let pending = guarded(Vec::new(), || frames::exit(frame));
    if !pending.is_empty() {
        let stack = caller_stack!();
        guarded((), || report::emit(pending, Some(&stack)));
    }
}

/// A `noalias.scope.decl` of table scope `scope` ran in the frame.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_scope(frame: *mut Frame, scope: u32) {
    if let Some(f) = running(frame) {
        f.log.begin_scope(scope);
    }
}

/// Nothing the frame logs from now on shares an instance of `scope` with
/// what it logged before (placed by the pass where no access of a site
/// relevant to the scope can come before its next declaration): the log
/// may drop that instance's entries at its next prune.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_scope_end(frame: *mut Frame, scope: u32) {
    if let Some(f) = running(frame) {
        if f.log.end_scope(scope) {
            f.instance_ended();
        }
    }
}

/// The frame a call names, unless it is null or the idle frame.
///
/// # Safety
/// `frame` is null or from [`__aliaskit_enter`], as the entry points take it.
#[inline]
unsafe fn running<'a>(frame: *mut Frame) -> Option<&'a mut Frame> {
    frame.as_mut().filter(|f| !f.idle())
}

/// Site `site` of the frame's function accesses `size` bytes at `address`.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_access(
    frame: *mut Frame,
    site: u32,
    address: *const c_void,
    size: u64,
) {
    let Some(f) = running(frame) else { return };
    f.log.access(site, address as u64, size);
    check_if_due!(f);
}

/// [`__aliaskit_access`] by a site the pass proved *final* in this frame
/// (`src/plugin/sanitize_final.cpp`): no access logged after one of its
/// own can be claimed against it, so its entries go once checked (core
/// `FrameLog::access_final`). The site is logged by no other call.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_access_final(
    frame: *mut Frame,
    site: u32,
    address: *const c_void,
    size: u64,
) {
    if let Some(f) = running(frame) {
        f.log.mark_final(site);
    }
    __aliaskit_access(frame, site, address, size)
}

/// The bytes `[lo, hi)` that an access of final site `site` must touch to
/// need a check: the hull of the frame's entries it may be claimed
/// against. An empty hull (`lo >= hi`): none.
#[repr(C)]
pub struct Hull {
    pub lo: u64,
    pub hi: u64,
}

/// Before a loop with no partner of final site `site` in it
/// (`src/plugin/sanitize_final.cpp`): what the loop's accesses of the site
/// must touch to be logged (`__aliaskit_access_final`); one that touches
/// none of it conflicts with nothing logged so far, and nothing logged
/// later pairs with it, so the program counts it (its counts block)
/// and calls nothing. Every byte when the runtime cannot tell.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_partner_hull(frame: *mut Frame, site: u32) -> Hull {
    let every = Hull {
        lo: 0,
        hi: u64::MAX,
    };
    let Some(f) = running(frame) else {
        return every;
    };
    let (lo, hi) = guarded((0, u64::MAX), || frames::partner_hull(f, site));
    Hull { lo, hi }
}

/// Site `site` of the frame's function accessed `size` bytes `count`
/// times, at `first`, `first + stride`, ... (`stride` may be negative):
/// a loop's accesses, summarized by the pass at the loop's exit.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_access_run(
    frame: *mut Frame,
    site: u32,
    first: *const c_void,
    stride: i64,
    count: u64,
    size: u64,
) {
    let Some(f) = running(frame).filter(|_| count != 0) else {
        return;
    };
    f.log
        .access_grid(site, first as u64, size, stride, count, 0, 1);
    check_if_due!(f);
}

/// [`__aliaskit_access_run`] by a final site (as [`__aliaskit_access_final`]).
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_access_run_final(
    frame: *mut Frame,
    site: u32,
    first: *const c_void,
    stride: i64,
    count: u64,
    size: u64,
) {
    if let Some(f) = running(frame) {
        f.log.mark_final(site);
    }
    __aliaskit_access_run(frame, site, first, stride, count, size)
}

/// `rows` runs as [`__aliaskit_access_run`] gives one, the k-th from
/// `first + k * row_stride` (`row_stride` may be negative): a loop nest's
/// accesses, summarized by the pass at the outer loop's exit.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __aliaskit_access_grid(
    frame: *mut Frame,
    site: u32,
    first: *const c_void,
    stride: i64,
    count: u64,
    size: u64,
    row_stride: i64,
    rows: u64,
) {
    let Some(f) = running(frame).filter(|_| count != 0 && rows != 0) else {
        return;
    };
    f.log
        .access_grid(site, first as u64, size, stride, count, row_stride, rows);
    check_if_due!(f);
}

/// The frame calls a function defined in its module, whose accesses the
/// call stands for (its scope lists claim them): until
/// [`__aliaskit_delegate_end`], each access the callee's clone tells
/// ([`__aliaskit_delegated`]) is logged in the frame as site `read` or
/// `write` (`u32::MAX`: not kept). `sp` is the stack pointer right before
/// the call.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_delegate_begin(
    frame: *mut Frame,
    read: u32,
    write: u32,
    sp: *const c_void,
) {
    if frame.is_null() || (*frame).idle() {
        return;
    }
    guarded((), || {
        frames::delegate_begin(frame, read, write, sp as usize)
    })
}

/// The frame's delegated call returned or unwound to the frame.
///
/// # Safety
/// As [`__aliaskit_exit`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_delegate_end(frame: *mut Frame) {
    if frame.is_null() || (*frame).idle() || !frames::delegating() {
        return;
    }
    guarded((), || frames::delegate_end(frame))
}

/// A clone of a delegated call's callee accesses `size` bytes at
/// `address`, writing when `write` is not 0: logged in the frame of every
/// active delegation of the thread. Returns at once when there is none.
#[no_mangle]
#[inline(never)]
pub extern "C" fn __aliaskit_delegated(address: *const c_void, size: u64, write: u32) {
    delegated_walk(write, address as u64, 0, 1, size);
}

/// [`__aliaskit_delegated`] for a loop's accesses: `count` blocks of
/// `size` bytes, the k-th at `first + k * stride` (`stride` may be
/// negative), summarized by the pass at the loop's exit.
#[no_mangle]
#[inline(never)]
pub extern "C" fn __aliaskit_delegated_run(
    write: u32,
    first: *const c_void,
    stride: i64,
    count: u64,
    size: u64,
) {
    delegated_walk(write, first as u64, stride, count, size);
}

/// The delegated accesses' common part: logged, then reported.
#[inline(always)]
fn delegated_walk(write: u32, first: u64, stride: i64, count: u64, size: u64) {
    if !frames::delegating() || size == 0 || count == 0 {
        return;
    }
    // An address in this function's own frame: every frame of the callee
    // is above it.
    let marker = 0u8;
    let here = std::hint::black_box(&marker) as *const u8 as usize;
    let walk = frames::Walk {
        site: 0,
        first,
        size,
        step: stride,
        count,
        row_step: 0,
        rows: 1,
    };
    let pending = guarded(Vec::new(), || frames::delegated(walk, write != 0, here));
    if !pending.is_empty() {
        let stack = caller_stack!();
        guarded((), || report::emit(pending, Some(&stack)));
    }
}

/// A frame checked in place (`src/plugin/sanitize_in_place.cpp`) found
/// the hulls of two classes of its slots meeting: the frame of function
/// `function` of the module whose table is `table`, whose code ran in
/// `hosts` (as [`__aliaskit_enter`] takes them). `desc` is the frame's
/// description (a constant of the pass), `stack` its slots' records on the
/// stack and `ran` the slots that ran (core `FrameRecords`). Reports, for
/// each of the frame's pairs whose walks' hulls meet, in the frame's
/// order, the conflict a log of the two finds, if its claim is still
/// unreported.
///
/// # Safety
/// As [`__aliaskit_enter`]; `desc` holds the words its counts say
/// (`FrameRecords::lengths`), `stack` the words on the stack it says.
#[no_mangle]
#[inline(never)]
#[cold]
pub unsafe extern "C" fn __aliaskit_conflicts(
    table: *const u8,
    function: u32,
    hosts: *const frames::Host,
    count: u32,
    desc: *const u64,
    stack: *const u64,
    ran: u64,
) {
    let at = frames::Place {
        table: table as usize,
        function,
        hosts: hosts as usize,
        count,
    };
    let pending = guarded(Vec::new(), || {
        // SAFETY: the caller's promise: the counts, then the words they
        // say (counts no frame can have are not read further).
        let (desc, stack) = unsafe {
            let head = &*desc.cast::<[u64; HEADER]>();
            let Some((desc_len, stack_len)) = FrameRecords::lengths(head) else {
                return Vec::new();
            };
            (
                std::slice::from_raw_parts(desc, desc_len),
                std::slice::from_raw_parts(stack, stack_len),
            )
        };
        let Some(records) = FrameRecords::new(desc, stack, ran) else {
            return Vec::new();
        };
        records
            .meeting()
            .into_iter()
            .flat_map(|walks| frames::in_place_conflict(at, walks))
            .collect()
    });
    if !pending.is_empty() {
        let stack = caller_stack!();
        guarded((), || report::emit(pending, Some(&stack)));
    }
}

/// The calling thread's counts block of the code checked in place, met for
/// the first time (`known` is 0): the code counts there by itself, and
/// the runtime adds its counts to the summary when the thread ends.
///
/// # Safety
/// `block` is the calling thread's copy of the thread-local
/// `__aliaskit_counts` the instrumentation defines.
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_counts_here(block: *mut frames::CountsBlock) {
    // SAFETY: the caller's promise.
    guarded((), || unsafe { frames::counts_here(block) })
}

/// The program ends (a destructor of every instrumented module): the
/// summary line, and the exit code when something was reported.
#[no_mangle]
pub extern "C" fn __aliaskit_fini() {
    guarded((), report::fini)
}

// The `__aliaskit_tbaa_*` entry points (`--tbaa`), after the macros they
// use.
mod tbaa_exports;
