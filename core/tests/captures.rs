//! Capture checking on hand-built function views: LangRef's examples.

use aliaskit_core::captures::{
    check_function, CallInfo, CaptureInfo, Components, Condition, FunctionView, Inst, InstKind,
    Param, Severity, Value,
};

mod common;
use common::captures::{inst, store};

fn none() -> Option<CaptureInfo> {
    Some(CaptureInfo {
        other: Components::NONE,
        ret: Components::NONE,
    })
}

fn param(name: &str, declared: Option<CaptureInfo>) -> Param {
    Param {
        name: name.into(),
        is_pointer: true,
        private: false,
        declared,
    }
}

fn call(callee: &str, args: Vec<Value>, captures: Vec<Option<CaptureInfo>>) -> Inst {
    let n = args.len();
    inst(
        InstKind::Call(CallInfo {
            callee: Some(callee.into()),
            defined: None,
            arg_captures: captures,
            arg_at_call_site: vec![false; n],
            volatile_memory: false,
            returned: None,
            read_only_void: false,
        }),
        args,
    )
}

/// LangRef's `@f(%a, %b, %c, %d, %e)`, every parameter `captures(none)`.
#[test]
fn langref_condition_one() {
    use Value::*;
    let f = FunctionView {
        exact: true,
        name: "f".into(),
        params: ["a", "b", "c", "d", "e"]
            .iter()
            .map(|n| param(n, none()))
            .collect(),
        insts: vec![
            store(Param(0), Global(0)),               // 0: %a captured
            store(Param(1), Global(1)),               // 1: %b stored ...
            store(Null, Global(1)),                   // 2: ... and overwritten: not captured
            store(Param(2), Global(2)),               // 3: %c stored
            call("g", vec![], vec![]),                // 4: @g may copy it
            store(Null, Global(2)),                   // 5: then overwritten
            inst(InstKind::PtrToInt, vec![Param(3)]), // 6: %d
            inst(InstKind::Other, vec![Inst(6)]),     // 7: trunc
            store(Inst(7), Global(3)),                // 8
            inst(InstKind::Return, vec![Param(4)]),   // 9: %e returned
        ],
    };
    let v = check_function(&f);
    let by_param = |p: usize| v.iter().filter(|x| x.param == p).collect::<Vec<_>>();
    assert_eq!(by_param(0).len(), 1);
    assert_eq!(by_param(0)[0].severity, Severity::Error);
    assert_eq!(by_param(0)[0].condition, Condition::StoredVisible);
    assert!(by_param(1).is_empty(), "{:?}", by_param(1));
    assert_eq!(by_param(2).len(), 1);
    assert_eq!(by_param(2)[0].severity, Severity::Warning);
    assert_eq!(by_param(2)[0].chain, vec![3, 4]);
    assert_eq!(by_param(3)[0].severity, Severity::Error);
    assert_eq!(by_param(3)[0].condition, Condition::Inspected);
    assert_eq!(by_param(4)[0].condition, Condition::Returned);
    assert!(by_param(4)[0].through_return);
}

#[test]
fn release_publishes_and_volatile_captures() {
    use Value::*;
    let f = FunctionView {
        exact: true,
        name: "f".into(),
        params: vec![param("a", none()), param("v", none())],
        insts: vec![
            store(Param(0), Global(0)),
            inst(
                InstKind::Store {
                    volatile: false,
                    release: true,
                    limit: None,
                    bytes: Some(1),
                },
                vec![Other, Global(1)],
            ),
            store(Null, Global(0)),
            inst(InstKind::Load { volatile: true }, vec![Param(1)]),
            inst(InstKind::Return, vec![]),
        ],
    };
    let v = check_function(&f);
    assert_eq!(v.len(), 2, "{v:#?}");
    assert_eq!(v[0].condition, Condition::Published);
    assert_eq!(v[0].chain, vec![0, 1]);
    assert_eq!(v[1].condition, Condition::Volatile);
}

#[test]
fn null_tests_ret_and_allowed_components() {
    use Value::*;
    let addr_is_null = Some(CaptureInfo {
        other: Components::ADDRESS_IS_NULL,
        ret: Components::ADDRESS_IS_NULL,
    });
    let ret_only = Some(CaptureInfo {
        other: Components::NONE,
        ret: Components::ALL,
    });
    let f = FunctionView {
        exact: true,
        name: "f".into(),
        params: vec![
            param("n", addr_is_null),
            param("g", addr_is_null),
            param("r", ret_only),
        ],
        insts: vec![
            inst(InstKind::ICmp { equality: true }, vec![Param(0), Null]), // allowed
            inst(InstKind::Gep, vec![Param(1), Other]),                    // 1: gep
            inst(InstKind::ICmp { equality: true }, vec![Inst(1), Null]),  // address
            inst(InstKind::Gep, vec![Param(2), Other]),                    // 3: gep
            inst(InstKind::Return, vec![Inst(3)]),                         // allowed by ret:
        ],
    };
    let v = check_function(&f);
    assert_eq!(v.len(), 1, "{v:#?}");
    assert_eq!(v[0].param, 1);
    assert_eq!(v[0].captured, Components::ADDRESS);
}

#[test]
fn private_slots_calls_and_metadata_limits() {
    use Value::*;
    let addr_rp = Some(CaptureInfo {
        other: Components::ADDRESS.union(Components::READ_PROVENANCE),
        ret: Components::ADDRESS.union(Components::READ_PROVENANCE),
    });
    let f = FunctionView {
        exact: true,
        name: "f".into(),
        params: vec![param("p", none()), param("q", none()), param("m", addr_rp)],
        insts: vec![
            inst(InstKind::Alloca, vec![]), // 0: private slot
            store(Param(0), Inst(0)),       // 1
            inst(InstKind::Load { volatile: false }, vec![Inst(0)]), // 2: copy of %p
            call("known", vec![Inst(2)], vec![none()]), // 3: fine
            call("unknown", vec![Param(1)], vec![None]), // 4: warning
            inst(
                InstKind::Store {
                    volatile: false,
                    release: false,
                    limit: Some(Components::ADDRESS.union(Components::READ_PROVENANCE)),
                    bytes: Some(8),
                },
                vec![Param(2), Global(0)],
            ), // 5: allowed by !captures
            inst(InstKind::Return, vec![]),
        ],
    };
    let v = check_function(&f);
    assert_eq!(v.len(), 1, "{v:#?}");
    assert_eq!(v[0].param, 1);
    assert_eq!(v[0].severity, Severity::Warning);
    assert_eq!(v[0].condition, Condition::PassedOn);
    // Attribute encoding and spelling.
    let c = CaptureInfo::from_int((3 << 4) | 15);
    assert_eq!(c.other, Components::ADDRESS);
    assert_eq!(c.to_string(), "captures(address, ret: address, provenance)");
}

/// A load between a store of the pointer and its overwrite may read (part
/// of) the stored bits unless it reads private memory: what it loads is a
/// possible copy (warnings), the exact same address a certain one.
#[test]
fn reads_before_an_overwrite_are_possible_copies() {
    use Value::*;
    let f = FunctionView {
        exact: true,
        name: "f".into(),
        params: vec![param("a", None), param("b", none()), param("c", None)],
        insts: vec![
            store(Param(1), Param(0)),                                // 0: %b into *%a
            inst(InstKind::Gep, vec![Param(0), Other]),               // 1: %a + 2
            inst(InstKind::Load { volatile: false }, vec![Inst(1)]),  // 2: may overlap %b's bytes
            inst(InstKind::PtrToInt, vec![Inst(2)]),                  // 3
            inst(InstKind::Load { volatile: false }, vec![Param(2)]), // 4: %c may be %a
            inst(InstKind::Alloca, vec![]),                           // 5
            inst(InstKind::Load { volatile: false }, vec![Inst(5)]),  // 6: private: cannot
            inst(InstKind::PtrToInt, vec![Inst(6)]),                  // 7
            store(Null, Param(0)),                                    // 8: the overwrite
            store(Inst(4), Global(0)),                                // 9
            inst(InstKind::Return, vec![]),
        ],
    };
    let v = check_function(&f);
    assert_eq!(v.len(), 2, "{v:#?}");
    assert!(v
        .iter()
        .all(|x| x.severity == Severity::Warning && x.param == 1));
    assert_eq!(v[0].condition, Condition::StoredVisible);
    assert_eq!(v[0].chain, vec![0, 4, 9]);
    assert_eq!(v[1].condition, Condition::Inspected);
    assert_eq!(v[1].chain, vec![0, 2, 3]);
}

/// A call that writes no memory and returns nothing keeps no copy of an
/// argument: at most its address is captured (LLVM infers
/// captures(address) for a pointer only passed to such a call).
#[test]
fn read_only_void_calls_capture_the_address_at_most() {
    use Value::*;
    let address = Some(CaptureInfo {
        other: Components::ADDRESS,
        ret: Components::NONE,
    });
    let read_only = |arg: Value| {
        let mut c = call("r", vec![arg], vec![None]);
        if let InstKind::Call(info) = &mut c.kind {
            info.read_only_void = true;
        }
        c
    };
    let f = FunctionView {
        exact: true,
        name: "f".into(),
        params: vec![param("a", address), param("n", none()), param("w", address)],
        insts: vec![
            read_only(Param(0)),                   // 0: within captures(address)
            read_only(Param(1)),                   // 1: the address, beyond none
            call("w", vec![Param(2)], vec![None]), // 2: may write: anything
            inst(InstKind::Return, vec![]),
        ],
    };
    let v = check_function(&f);
    assert_eq!(v.len(), 2, "{v:#?}");
    assert_eq!((v[0].param, v[0].captured), (1, Components::ADDRESS));
    assert_eq!((v[1].param, v[1].captured), (2, Components::ALL));
    assert!(v
        .iter()
        .all(|x| x.severity == Severity::Warning && x.condition == Condition::PassedOn));
}
