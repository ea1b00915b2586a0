//! Properties of the capture summaries on random modules: random call
//! graphs (recursion included) over functions that store, compare, return
//! and pass on their pointer parameters.

use aliaskit_core::captures::{
    summarize, CallInfo, CaptureInfo, FunctionView, Inst, InstKind, Param, Summaries, Value,
};
use proptest::prelude::*;

mod common;
use common::captures::{inst, store};

/// What a random function does, one step at a time, with parameter `p`
/// (of two) and callee `f` (of the module's functions).
#[derive(Clone, Debug)]
enum Step {
    Store(usize),
    Load(usize),
    NullTest(usize),
    Compare(usize),
    Call(usize, usize),
    CallAndStoreResult(usize, usize),
    Return(usize),
}

fn step(n: usize) -> impl Strategy<Value = Step> {
    prop_oneof![
        (0..2usize).prop_map(Step::Store),
        (0..2usize).prop_map(Step::Load),
        (0..2usize).prop_map(Step::NullTest),
        (0..2usize).prop_map(Step::Compare),
        (0..n, 0..2usize).prop_map(|(f, p)| Step::Call(f, p)),
        (0..n, 0..2usize).prop_map(|(f, p)| Step::CallAndStoreResult(f, p)),
        (0..2usize).prop_map(Step::Return),
    ]
}

fn module() -> impl Strategy<Value = Vec<Vec<Step>>> {
    (1..6usize).prop_flat_map(|n| prop::collection::vec(prop::collection::vec(step(n), 0..5), n))
}

fn call(callee: usize, arg: Value) -> Inst {
    inst(
        InstKind::Call(CallInfo {
            callee: Some(format!("f{callee}")),
            defined: Some(callee),
            arg_captures: vec![None, None],
            arg_at_call_site: vec![false, false],
            volatile_memory: false,
            returned: None,
            read_only_void: false,
        }),
        vec![arg, Value::Other],
    )
}

/// A store into a global of its own (stores into one global overwrite
/// each other: the first would capture nothing).
fn store_own(v: Value, global: usize) -> Inst {
    store(v, Value::Global(2 + global as u32))
}

/// Function `f` of the module, named `f{name}`, its callees renumbered by
/// `index` (a callee's position in the module).
fn function(steps: &[Step], name: usize, index: &[usize]) -> FunctionView {
    let mut insts = Vec::new();
    for s in steps {
        match *s {
            Step::Store(p) => insts.push(store_own(Value::Param(p), insts.len())),
            Step::Load(p) => insts.push(inst(
                InstKind::Load { volatile: false },
                vec![Value::Param(p)],
            )),
            Step::NullTest(p) => insts.push(inst(
                InstKind::ICmp { equality: true },
                vec![Value::Param(p), Value::Null],
            )),
            Step::Compare(p) => insts.push(inst(
                InstKind::ICmp { equality: true },
                vec![Value::Param(p), Value::Global(1)],
            )),
            Step::Call(f, p) => insts.push(call(index[f], Value::Param(p))),
            Step::CallAndStoreResult(f, p) => {
                insts.push(call(index[f], Value::Param(p)));
                insts.push(store_own(Value::Inst(insts.len() - 1), insts.len()));
            }
            Step::Return(p) => insts.push(inst(InstKind::Return, vec![Value::Param(p)])),
        }
    }
    insts.push(inst(InstKind::Return, vec![]));
    let param = |n: &str| Param {
        name: n.into(),
        is_pointer: true,
        private: false,
        declared: None,
    };
    FunctionView {
        name: format!("f{name}"),
        params: vec![param("a"), param("b")],
        insts,
        exact: true,
    }
}

/// The module with its functions in the order `order` (order[i]: which
/// function of `m` comes i-th).
fn laid_out(m: &[Vec<Step>], order: &[usize]) -> Vec<FunctionView> {
    let mut index = vec![0; m.len()];
    for (i, &f) in order.iter().enumerate() {
        index[f] = i;
    }
    order.iter().map(|&f| function(&m[f], f, &index)).collect()
}

/// What each parameter's summary says, by function name: the kinds of
/// its findings, without chains or wording.
fn kinds(s: &Summaries, fs: &[FunctionView]) -> Vec<(String, usize, Vec<String>)> {
    let mut out = Vec::new();
    for (i, f) in fs.iter().enumerate() {
        for p in 0..f.params.len() {
            let mut k: Vec<String> = s
                .against(i, p, CaptureInfo::NONE)
                .iter()
                .map(|v| {
                    format!(
                        "{:?} {:?} {} {}",
                        v.condition, v.severity, v.captured, v.through_return
                    )
                })
                .collect();
            k.sort();
            k.dedup();
            out.push((f.name.clone(), p, k));
        }
    }
    out.sort();
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The summaries do not depend on where functions are in the module
    /// (the order of the call graph's walk, the order inside recursive
    /// groups).
    #[test]
    fn summaries_do_not_depend_on_the_order_of_functions(m in module(), seed in any::<u64>()) {
        let n = m.len();
        let straight: Vec<usize> = (0..n).collect();
        let mut shuffled = straight.clone();
        common::shuffle(&mut shuffled, seed);
        let (a, b) = (laid_out(&m, &straight), laid_out(&m, &shuffled));
        prop_assert_eq!(kinds(&summarize(&a), &a), kinds(&summarize(&b), &b));
    }

    /// A function that stores its parameter, or passes it to one that
    /// does (however deep, recursion included), captures it definitely.
    #[test]
    fn a_store_anywhere_down_the_calls_is_a_definite_capture(m in module()) {
        let order: Vec<usize> = (0..m.len()).collect();
        let fs = laid_out(&m, &order);
        let s = summarize(&fs);
        // Which (function, param) reach a store of the parameter itself.
        let mut stores = vec![[false; 2]; m.len()];
        loop {
            let mut changed = false;
            for (f, steps) in m.iter().enumerate() {
                for st in steps {
                    let p = match *st {
                        Step::Store(p) => Some(p),
                        // The argument is the callee's parameter 0.
                        Step::Call(g, p) | Step::CallAndStoreResult(g, p) if stores[g][0] => Some(p),
                        _ => None,
                    };
                    if let Some(p) = p {
                        if !stores[f][p] {
                            stores[f][p] = true;
                            changed = true;
                        }
                    }
                }
            }
            if !changed { break; }
        }
        for (f, reach) in stores.iter().enumerate() {
            for (p, &r) in reach.iter().enumerate() {
                if r {
                    let found = s.against(f, p, CaptureInfo::NONE);
                    prop_assert!(found.iter().any(|v| v.severity == aliaskit_core::captures::Severity::Error
                        && v.condition == aliaskit_core::captures::Condition::StoredVisible),
                        "f{} param {}: {:?}", f, p, found);
                }
            }
        }
    }
}
