//! Calls that stand for their callees' accesses, through the C entry
//! points: `__aliaskit_delegate_begin`/`_end` around a call, and
//! `__aliaskit_delegated` from the callee's clone. Reports are read back
//! from the JSON log.
//!
//! One test function: the options and the log are read once per process.

mod common;
use common::{fresh_log, reports, site, table_of_g};
use std::ffi::c_void;

use aliaskit_core::sanitize::table::{Access, Scope};
use aliaskit_rt::frames::delegating;
use aliaskit_rt::{
    __aliaskit_access, __aliaskit_delegate_begin, __aliaskit_delegate_end, __aliaskit_delegated,
    __aliaskit_delegated_run, __aliaskit_enter, __aliaskit_exit, __aliaskit_register,
};

const NONE: u32 = u32::MAX;

/// `g(p, q)`: site 0 a store through p, sites 1 and 2 a call h(q) (what h
/// reads, what h writes), site 3 a load through p. p and q are claimed
/// apart (no decls: one instance a call).
fn table(file: &str) -> Vec<u8> {
    let sites = vec![
        site(file, 0, 0, "", Access::Write, 0, 1),
        site(file, 1, 1, "callee reads", Access::Read, 1, 0),
        site(file, 2, 1, "callee writes", Access::Write, 1, 0),
        site(file, 3, 2, "", Access::Read, 0, 1),
    ];
    table_of_g(file, "\"g\"", sites, |name| Scope {
        domain: 0,
        name: format!("\"g: %{name}\"").into(),
        decl: None,
        parameter_of: None,
        note: None,
    })
}

/// The stack pointer of a caller: an address in this frame, above the
/// runtime's.
#[inline(never)]
fn sp_here() -> usize {
    let x = 0u8;
    std::hint::black_box(&x) as *const u8 as usize + 4096
}

/// Runs `f` with the address of a local array of a frame below the
/// caller's: the callees' own stack, under a delegation made with
/// [`sp_here`].
#[inline(never)]
fn in_callee_frame(f: impl FnOnce(*const c_void)) {
    let local = [0u32; 4];
    f(std::hint::black_box(&local) as *const u32 as *const c_void);
}

#[test]
fn delegated_accesses_are_the_callers() {
    let log = fresh_log("delegation");
    let t = table("t.c");
    let u = table("u.c");
    // Heap memory: never the callees' stack.
    let mut heap = vec![0u32; 16].into_boxed_slice();
    let x = (&mut heap[0]) as *mut u32 as *const c_void;
    let y = (&mut heap[8]) as *mut u32 as *const c_void;
    let frame_address = 0x7000_0000usize;
    let sp = sp_here() as *const c_void;
    unsafe {
        // Function g of module `m` (its 4 sites, 2 scopes), its frame
        // `below` bytes under the first one's.
        let enter = |m: &[u8], below: usize| {
            let frame = (frame_address - below) as *const c_void;
            __aliaskit_enter(m.as_ptr(), 0, 4, 2, frame, std::ptr::null(), 0)
        };
        // g of module `m` that accessed `at` (4 bytes) through its site
        // `site`, then calls h (sites 1 and 2 stand for h's accesses).
        let access_then_call = |m: &[u8], below: usize, site: u32, at: *const c_void| {
            let f = enter(m, below);
            __aliaskit_access(f, site, at, 4);
            __aliaskit_delegate_begin(f, 1, 2, sp);
            f
        };
        __aliaskit_register(t.as_ptr(), std::ptr::null(), 0);
        __aliaskit_register(u.as_ptr(), std::ptr::null(), 0);

        // No delegation: a clone's access goes nowhere (the fast path).
        let f = enter(&t, 0);
        assert!(!delegating());
        __aliaskit_access(f, 3, x, 4);
        __aliaskit_delegated(x, 4, 1);
        __aliaskit_exit(f);
        assert!(reports(&log).is_empty(), "{:?}", reports(&log));

        // A delegated read against a read: never a pair, whatever the
        // site numbers (the read is logged as the read site).
        let f = access_then_call(&t, 0, 3, x);
        assert!(delegating());
        for _ in 0..1000 {
            __aliaskit_delegated(x, 4, 0);
        }
        __aliaskit_delegate_end(f);
        assert!(!delegating());
        // Only the write site kept: a read is not logged at all.
        __aliaskit_delegate_begin(f, NONE, 2, sp);
        __aliaskit_delegated(x, 4, 0);
        __aliaskit_delegate_end(f);
        __aliaskit_exit(f);
        assert!(reports(&log).is_empty(), "{:?}", reports(&log));

        // A delegated write of what the caller read: reported, the second
        // access the call's "callee writes".
        let f = access_then_call(&t, 0, 3, x);
        __aliaskit_delegated(x, 4, 1);
        __aliaskit_delegate_end(f);
        __aliaskit_exit(f);
        let r = reports(&log);
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(r[0]["second"]["part"], "callee writes");
        assert_eq!(r[0]["second"]["access"], "write");
        assert_eq!(r[0]["first"]["location"][0], "t.c:13:1");

        // Nested: a callee g (module u.c) runs on t.c's g's behalf and
        // calls h on its own behalf: h's write belongs to both frames.
        let outer = access_then_call(&t, 0, 0, y);
        let inner = access_then_call(&u, 256, 0, y);
        __aliaskit_delegated(y, 4, 0);
        __aliaskit_delegate_end(inner);
        // The inner frame ends: its delegation is gone, the outer's stays.
        __aliaskit_exit(inner);
        assert!(delegating());
        __aliaskit_delegate_end(outer);
        __aliaskit_exit(outer);
        let r = reports(&log);
        assert_eq!(r.len(), 3, "one report for each frame: {r:?}");
        assert_eq!(r[1]["second"]["part"], "callee reads");
        assert_eq!(r[2]["second"]["part"], "callee reads");

        // Unwinding: the call never returns to its caller, whose frame is
        // finished (here: its parent exits). Its delegation goes with it:
        // the next frame, in the same box, does not get the access.
        let parent = enter(&u, 0);
        let f = enter(&t, 256);
        __aliaskit_delegate_begin(f, 1, 2, sp);
        __aliaskit_exit(parent);
        assert!(!delegating());
        let next = enter(&t, 0);
        __aliaskit_access(next, 3, (&mut heap[12]) as *mut u32 as *const c_void, 4);
        __aliaskit_delegated((&mut heap[12]) as *mut u32 as *const c_void, 4, 1);
        __aliaskit_exit(next);
        // A frame left behind is finished when a frame enters above it:
        // its delegation goes too.
        let outer = enter(&u, 0);
        let deep = enter(&u, 512);
        __aliaskit_delegate_begin(deep, 1, 2, sp);
        let above = enter(&u, 256);
        assert!(!delegating());
        __aliaskit_exit(above);
        // A delegation the frame left over (longjmp out of its call) ends
        // at its next call's begin.
        __aliaskit_delegate_begin(outer, NONE, 2, sp);
        __aliaskit_delegate_begin(outer, NONE, 2, sp);
        __aliaskit_delegate_end(outer);
        assert!(!delegating());
        // A delegation made on another stack (a signal handler's) is not
        // the running code's: nothing logged.
        __aliaskit_access(outer, 3, (&mut heap[14]) as *mut u32 as *const c_void, 4);
        __aliaskit_delegate_begin(outer, 1, 2, (sp as usize + (1 << 30)) as *const c_void);
        __aliaskit_delegated((&mut heap[14]) as *mut u32 as *const c_void, 4, 1);
        __aliaskit_delegate_end(outer);
        __aliaskit_exit(outer);
    }
    let r = reports(&log);
    assert_eq!(r.len(), 3, "no report from a dropped delegation: {r:?}");

    // A loop's delegated writes as one run (`__aliaskit_delegated_run`),
    // 2 blocks: one over the heap, which the caller read through site 3,
    // one in the callees' own stack, which the caller wrote through site
    // 0. The first is the caller's memory (a report, site 3 against the
    // call's "callee writes"); the second is left out (no report of site
    // 0), though the run's hull meets both.
    let z = (&mut heap[10]) as *mut u32 as *const c_void;
    unsafe {
        in_callee_frame(|local| {
            // Module u.c: neither pair of g's is reported yet.
            let f = __aliaskit_enter(
                u.as_ptr(),
                0,
                4,
                2,
                0x7000_0000 as *const c_void,
                std::ptr::null(),
                0,
            );
            __aliaskit_access(f, 3, z, 4);
            __aliaskit_access(f, 0, local, 4);
            __aliaskit_delegate_begin(f, 1, 2, sp);
            let stride = (local as i64).wrapping_sub(z as i64);
            __aliaskit_delegated_run(1, z, stride, 2, 4);
            // No block, and a run of the read site: nothing.
            __aliaskit_delegated_run(1, z, 4, 0, 4);
            __aliaskit_delegate_end(f);
            __aliaskit_exit(f);
        });
    }
    let r = reports(&log);
    assert_eq!(r.len(), 4, "one report of the run's heap block: {r:?}");
    assert_eq!(r[3]["second"]["part"], "callee writes");
    assert_eq!(
        r[3]["first"]["location"][0], "u.c:13:1",
        "site 3, not site 0: {r:?}"
    );
    let _ = std::fs::remove_dir_all(log.parent().unwrap());
}
