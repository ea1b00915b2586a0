//! The runtime through its C entry points, as an instrumented program
//! calls them, on a table made by hand: reports (read back from the JSON
//! log), instances, frames left behind, threads.
//!
//! One test function: the options and the log are read once per process.

mod common;
use common::{fresh_log, reports, site, table_of_g};
use std::ffi::c_void;

use aliaskit_core::sanitize::table::{Access, Scope};
use aliaskit_rt::{
    __aliaskit_access, __aliaskit_access_final, __aliaskit_enter, __aliaskit_exit,
    __aliaskit_partner_hull, __aliaskit_register, __aliaskit_scope, __aliaskit_scope_end,
};

/// `f(p, q)` as the inliner makes it (in source file `file`): a store
/// through p, a load through q, each scope with a decl.
fn table(file: &str) -> Vec<u8> {
    let sites = vec![
        site(file, 0, 0, "", Access::Write, 0, 1),
        site(file, 1, 1, "", Access::Read, 1, 0),
    ];
    table_of_g("t.c", "\"f\"", sites, |name| Scope {
        domain: 0,
        name: format!("\"f: %{name}\"").into(),
        note: None,
        decl: Some("t.c:9:1".into()),
        parameter_of: Some("g".into()),
    })
}

#[test]
fn reports_come_from_real_conflicts_only() {
    let log = fresh_log("test");
    let t = table("t.c");
    let mut buf = [0u32; 8];
    let at = |i: usize, b: &mut [u32; 8]| (&mut b[i]) as *mut u32 as *const c_void;
    let here = 0x7000_0000usize as *const c_void;
    unsafe {
        __aliaskit_register(t.as_ptr(), std::ptr::null(), 0);
        // Two instances of the scopes in one call: the store and the load of
        // the same int, each in its own instance: no report.
        let f = __aliaskit_enter(t.as_ptr(), 0, 2, 2, here, std::ptr::null(), 0);
        __aliaskit_scope(f, 0);
        __aliaskit_scope(f, 1);
        __aliaskit_access(f, 0, at(0, &mut buf), 4);
        __aliaskit_scope(f, 0);
        __aliaskit_scope(f, 1);
        __aliaskit_access(f, 1, at(0, &mut buf), 4);
        // Disjoint bytes in one instance: no report.
        __aliaskit_access(f, 0, at(2, &mut buf), 4);
        __aliaskit_access(f, 1, at(3, &mut buf), 4);
        __aliaskit_exit(f);
        assert!(reports(&log).is_empty(), "{:?}", reports(&log));

        // Both scopes' instance ended between the store and the load (the
        // pass ends one only where nothing can join it; here, to see that
        // the runtime takes the end as an instance's): no report.
        let f = __aliaskit_enter(t.as_ptr(), 0, 2, 2, here, std::ptr::null(), 0);
        __aliaskit_scope(f, 0);
        __aliaskit_scope(f, 1);
        __aliaskit_access(f, 0, at(6, &mut buf), 4);
        __aliaskit_scope_end(f, 0);
        __aliaskit_scope_end(f, 1);
        __aliaskit_access(f, 1, at(6, &mut buf), 4);
        __aliaskit_exit(f);
        assert!(reports(&log).is_empty(), "{:?}", reports(&log));

        // The store and the load of one int in one instance: one report,
        // however often it happens. The first time, the load is final (no
        // access after it pairs with it): it still meets the store.
        for i in 0..3 {
            let f = __aliaskit_enter(t.as_ptr(), 0, 2, 2, here, std::ptr::null(), 0);
            __aliaskit_scope(f, 0);
            __aliaskit_scope(f, 1);
            __aliaskit_access(f, 0, at(4, &mut buf), 4);
            if i == 0 {
                __aliaskit_access_final(f, 1, at(4, &mut buf), 2);
                assert_eq!(reports(&log).len(), 0, "not checked yet");
            } else {
                __aliaskit_access(f, 1, at(4, &mut buf), 2);
            }
            __aliaskit_exit(f);
            assert_eq!(reports(&log).len(), 1, "{:?}", reports(&log));
        }
        // The hull a guarded loop of final site 1 asks: its partners'
        // entries (site 0's), none before the store; every byte without a
        // frame.
        let f = __aliaskit_enter(t.as_ptr(), 0, 2, 2, here, std::ptr::null(), 0);
        __aliaskit_scope(f, 0);
        let h = __aliaskit_partner_hull(f, 1);
        assert!(h.lo >= h.hi, "no partner logged yet: {}..{}", h.lo, h.hi);
        __aliaskit_access(f, 0, at(5, &mut buf), 4);
        let h = __aliaskit_partner_hull(f, 1);
        let five = at(5, &mut buf) as u64;
        assert_eq!((h.lo, h.hi), (five, five + 4));
        __aliaskit_exit(f);
        let h = __aliaskit_partner_hull(std::ptr::null_mut(), 1);
        assert_eq!((h.lo, h.hi), (0, u64::MAX));

        let r = reports(&log);
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(r[0]["kind"], "noalias-argument");
        assert_eq!(r[0]["function"], "g");
        assert_eq!(r[0]["bytes"]["size"], 2);
        assert_eq!(r[0]["first"]["access"], "write");
        assert_eq!(r[0]["second"]["location"][0], "t.c:11:1");

        // A frame left behind (unwound past): finished when a new frame
        // enters above it on the same stack, and its conflict reported.
        let mut other = [0u32; 4];
        let t2 = table("u.c");
        __aliaskit_register(t2.as_ptr(), std::ptr::null(), 0);
        let outer = __aliaskit_enter(t2.as_ptr(), 0, 2, 2, here, std::ptr::null(), 0);
        let deep = __aliaskit_enter(
            t2.as_ptr(),
            0,
            2,
            2,
            (here as usize - 256) as *const c_void,
            std::ptr::null(),
            0,
        );
        __aliaskit_access(deep, 0, (&mut other[0]) as *mut u32 as *const c_void, 4);
        __aliaskit_access(deep, 1, (&mut other[0]) as *mut u32 as *const c_void, 4);
        let next = __aliaskit_enter(
            t2.as_ptr(),
            0,
            2,
            2,
            (here as usize - 128) as *const c_void,
            std::ptr::null(),
            0,
        );
        __aliaskit_exit(next);
        __aliaskit_exit(outer);
    }
    let r = reports(&log);
    assert_eq!(r.len(), 2, "the left-behind frame's report: {r:?}");
    assert_eq!(r[1]["first"]["location"][0], "u.c:10:1");

    // Another thread: its frames are its own.
    let log2 = log.clone();
    std::thread::spawn(move || {
        let here = 0x7000_0000usize as *const c_void;
        let t = table("v.c");
        let mut x = [0u64; 2];
        let p = (&mut x[1]) as *mut u64 as *const c_void;
        unsafe {
            let f = __aliaskit_enter(t.as_ptr(), 0, 2, 2, here, std::ptr::null(), 0);
            __aliaskit_access(f, 0, p, 8);
            // Both scopes begin again: another instance, no conflict.
            __aliaskit_scope(f, 0);
            __aliaskit_scope(f, 1);
            __aliaskit_access(f, 1, p, 8);
            __aliaskit_exit(f);
        }
        assert_eq!(reports(&log2).len(), 2);
    })
    .join()
    .unwrap();
    let _ = std::fs::remove_dir_all(log.parent().unwrap());
}
