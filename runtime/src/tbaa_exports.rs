//! The entry points of `aliaskit sanitize --tbaa` (`__aliaskit_tbaa_*`),
//! whose signatures `docs/sanitize.md` ("TBAA") gives: they must match
//! what `src/plugin/sanitize_tbaa.cpp` declares. Each is thin: the work is
//! in [`crate::tbaa`]. As every entry point, they never let a panic out
//! ([`guarded`]).

use std::ffi::{c_int, c_void};
use std::sync::atomic::AtomicU32;

use aliaskit_core::sanitize::tbaa_shadow::StoreId;

use crate::{guarded, report, tbaa, tbaa_modules};

/// The body of a tagged access's entry point: nothing to do without the
/// module's base (its table was not registered) or without bytes; else the
/// work on the site's id (`$id`), and its reports with the caller's stack
/// (a macro, so that the stack is taken in the entry point's own frame, as
/// `caller_stack!` expects).
macro_rules! site_access {
    ($base:expr, $site:expr, $size:expr, |$id:ident| $work:expr) => {{
        site_access!($base, $site, $size, |$id| or(), ((), $work))
    }};
    // The work gives (what the entry point returns, reports); `$none` is
    // returned when there is nothing to do.
    ($base:expr, $site:expr, $size:expr, |$id:ident| or $none:expr, $work:expr) => {{
        let Some(&b) = $base.as_ref() else {
            return $none;
        };
        if b == 0 || $size == 0 {
            return $none;
        }
        let $id = b.saturating_add($site);
        let (value, pending) = guarded(($none, Vec::new()), || $work);
        if !pending.is_empty() {
            let stack = caller_stack!();
            guarded((), || report::emit(pending, Some(&stack)));
        }
        value
    }};
}

/// Registers a module's TBAA table (its constructor calls this) with its
/// end table (null: only the start's claims) and its sites' answer cells
/// (`ok`: three u32 per site, the answer and two answers across calls,
/// read by the program's inline fast path; null: none), and writes the
/// base of its sites' ids into `base` (0: not checked).
///
/// # Safety
/// `table` is a TBAA table global the pass made, `end` null or the end
/// table global it made, `ok` null or its array of three cells per site,
/// `base` its base global.
///
/// The name carries the version of the module's interface (3: three
/// answer cells a site, per-call stores return their id): an object built for
/// another runtime fails to link, rather than passing arguments this one
/// would misread.
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_tbaa_register_v4(
    table: *const u8,
    end: *const u8,
    ok: *const AtomicU32,
    base: *mut u32,
) {
    let b = guarded(0, || tbaa_modules::register(table, end, ok));
    if !base.is_null() {
        *base = b;
    }
}

/// Where the module's load checks were inlined (its constructor calls
/// this after [`__aliaskit_tbaa_register_v4`]): `count` entries.
///
/// # Safety
/// `base` is the module's base global, `hosts` its hosts array.
#[no_mangle]
pub unsafe extern "C" fn __aliaskit_tbaa_hosts(
    base: *const u32,
    hosts: *const tbaa_modules::Host,
    count: u32,
) {
    if let Some(&b) = base.as_ref() {
        guarded((), || tbaa_modules::hosts(b, hosts, count))
    }
}

/// Tagged store site `site` of the module whose base global is `base`
/// writes `size` bytes at `address`.
///
/// # Safety
/// `base` is a module's base global.
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_tbaa_store(
    base: *const u32,
    site: u32,
    address: *const c_void,
    size: u64,
) {
    site_access!(base, site, size, |id| tbaa::store(id, address as u64, size))
}

/// Tagged load site `site` reads `size` bytes at `address`: checked
/// against the last tagged store of each byte.
///
/// # Safety
/// As [`__aliaskit_tbaa_store`].
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_tbaa_load(
    base: *const u32,
    site: u32,
    address: *const c_void,
    size: u64,
) {
    site_access!(base, site, size, |id| tbaa::load(id, address as u64, size))
}

/// A loop the plugin versioned is about to run its `count` tagged
/// accesses (`accesses`, each over all of its iterations): 1 when it may
/// run without its checks, which would find nothing (its stores' shadow is
/// written now), 0 when it must run with them ([`tbaa::quiet_loop`]).
///
/// # Safety
/// `base` is a module's base global, `accesses` an array of `count`.
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_tbaa_loop(
    base: *const u32,
    accesses: *const tbaa::LoopAccess,
    count: u32,
) -> u32 {
    let Some(&b) = base.as_ref() else { return 0 };
    if b == 0 || accesses.is_null() {
        return 0;
    }
    let accesses = std::slice::from_raw_parts(accesses, count as usize);
    guarded(0, || u32::from(tbaa::quiet_loop(b, accesses)))
}

/// A new call instance of a function whose accesses have per-call tags
/// (a Flang procedure's own tree): at its entry.
#[no_mangle]
#[inline(never)]
pub extern "C" fn __aliaskit_tbaa_call() -> u64 {
    tbaa::call()
}

/// The entry points of a tagged access whose tag is per call: `$name`
/// (`base`, `site`, the call instances `$instance`, `address`, `size`)
/// does `tbaa::$work` with them, as [`__aliaskit_tbaa_store`] does. A
/// store returns the store id it wrote (0: none), which the program's
/// fast path writes itself for the rest of the call instance.
macro_rules! per_call_access {
    ($(#[$doc:meta])* $name:ident => $work:ident($($instance:ident),+)) => {
        per_call_access!(@ $(#[$doc])* $name => $work($($instance),+) -> (), (), |r| ((), r));
    };
    ($(#[$doc:meta])* $name:ident => $work:ident($($instance:ident),+) -> StoreId) => {
        per_call_access!(@ $(#[$doc])* $name => $work($($instance),+) -> StoreId, 0, |r| r);
    };
    // `$wrap` makes the work's result (what the entry point returns,
    // reports); `$none` is returned when there is nothing to do.
    (@ $(#[$doc:meta])* $name:ident => $work:ident($($instance:ident),+) -> $ret:ty, $none:expr,
     |$r:ident| $wrap:expr) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// As [`__aliaskit_tbaa_store`].
        #[no_mangle]
        #[inline(never)]
        pub unsafe extern "C" fn $name(
            base: *const u32,
            site: u32,
            $($instance: u64,)+
            address: *const c_void,
            size: u64,
        ) -> $ret {
            site_access!(base, site, size, |id| or $none, {
                let $r = tbaa::$work(id, $($instance,)+ address as u64, size);
                $wrap
            })
        }
    };
}

per_call_access!(
    /// [`__aliaskit_tbaa_store`] of a per-call tag, in call instance `call`.
    __aliaskit_tbaa_store_in => store_in(call) -> StoreId
);
per_call_access!(
    /// [`__aliaskit_tbaa_load`] of a per-call tag, in call instance `call`.
    __aliaskit_tbaa_load_in => load_in(call)
);
per_call_access!(
    /// [`__aliaskit_tbaa_store_in`] where the end of the pipeline found the
    /// access inlined into another function: `host` is the call instance of
    /// that function, where its code runs at code generation.
    __aliaskit_tbaa_store_at => store_at(call, host) -> StoreId
);
per_call_access!(
    /// [`__aliaskit_tbaa_load_in`] inlined into another function (`host`, as
    /// [`__aliaskit_tbaa_store_at`]).
    __aliaskit_tbaa_load_at => load_at(call, host)
);

/// An untagged write of `size` bytes at `address` (or a new stack object):
/// its bytes are untyped.
#[no_mangle]
#[inline(never)]
pub extern "C" fn __aliaskit_tbaa_reset(address: *const c_void, size: u64) {
    if size != 0 {
        guarded((), || tbaa::reset(address as u64, size))
    }
}

/// The heap block at `block` (from malloc, before free or realloc; or
/// realloc's result) is untyped, whole (`malloc_usable_size`).
///
/// # Safety
/// `block` is null or a live block of the C heap.
#[no_mangle]
#[inline(never)]
pub unsafe extern "C" fn __aliaskit_tbaa_reset_block(block: *mut c_void) {
    if !block.is_null() {
        let size = libc::malloc_usable_size(block) as u64;
        guarded((), || tbaa::reset(block as u64, size))
    }
}
