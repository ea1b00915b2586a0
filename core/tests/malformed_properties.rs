//! Any graph at all, as damaged as can be: nodes of any shape, operands of
//! any kind, cycles through any operand, nodes left undefined. Every entry
//! point of the core answers on it (conservatively, or with a `Malformed`
//! error the caller turns into the conservative answer), never panics,
//! never loops, and answers the same whatever was asked before.
//!
//! `checks/fuzz` asks the same of the whole plugin, on mutations of real
//! modules run through LLVM; here proptest draws the graphs and shrinks a
//! failure to its smallest graph.

use std::panic::{catch_unwind, AssertUnwindSafe};

use aliaskit_core::scoped::{intersect_lists, most_generic_scope_list, ScopeLists};
use aliaskit_core::tbaa::TbaaOracle;
use aliaskit_core::verify::{verify_module, Carrier, DeclArgument, InstView, ModuleView};
use aliaskit_core::{IntValue, MetadataGraph, NodeId, Operand};
use proptest::prelude::*;

/// One operand, drawn: `Node(i)` names node `i % nodes` (itself included).
#[derive(Clone, Debug)]
enum Op {
    Null,
    Node(usize),
    Str(u8),
    Int(u32, u64),
    Wide(bool),
    Other,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        1 => Just(Op::Null),
        6 => (0usize..64).prop_map(Op::Node),
        2 => (0u8..4).prop_map(Op::Str),
        3 => (prop_oneof![Just(1u32), Just(32), Just(64)], prop_oneof![0u64..9, any::<u64>()])
            .prop_map(|(b, v)| Op::Int(b, v)),
        1 => any::<bool>().prop_map(Op::Wide),
        1 => Just(Op::Other),
    ]
}

/// Up to 10 nodes; `None` leaves a node undefined (an opaque node).
fn graph() -> impl Strategy<Value = Vec<Option<Vec<Op>>>> {
    prop::collection::vec(
        prop::option::weighted(0.95, prop::collection::vec(op(), 0..7)),
        1..10,
    )
}

fn build(spec: &[Option<Vec<Op>>]) -> (MetadataGraph, Vec<NodeId>) {
    let mut g = MetadataGraph::new();
    let ids: Vec<NodeId> = spec.iter().map(|_| g.reserve()).collect();
    for (id, ops) in ids.iter().zip(spec) {
        let Some(ops) = ops else { continue };
        let ops = ops
            .iter()
            .map(|o| match *o {
                Op::Null => Operand::Null,
                Op::Node(i) => Operand::Node(ids[i % ids.len()]),
                Op::Str(s) => g.string(["root", "int", "S", "scope"][s as usize]),
                Op::Int(bits, v) => Operand::Int(IntValue::new(bits, v)),
                Op::Wide(low) => Operand::Int(IntValue::wide(128, low)),
                Op::Other => Operand::Other,
            })
            .collect();
        g.define_tuple(*id, ops);
    }
    (g, ids)
}

/// `f` without a panic.
fn quiet<T>(what: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => panic!("{what} panicked"),
    }
}

/// `ask` of a fresh answerer (`fresh`) and of the `shared` one, neither
/// panicking: the same answer, which it returns.
fn fresh_as_shared<O, T: PartialEq + std::fmt::Debug>(
    what: &str,
    fresh: impl FnOnce() -> O,
    shared: &mut O,
    ask: impl Fn(&mut O) -> T,
) -> Result<T, TestCaseError> {
    let answer = quiet(what, || ask(&mut fresh()));
    let again = quiet(what, || ask(shared));
    prop_assert_eq!(&answer, &again);
    Ok(answer)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every pair as two access tags: the alias answer and the full match
    /// (the merge) never panic; a shared oracle answers as a fresh one; the
    /// match's answer is the alias answer.
    #[test]
    fn tbaa_answers_any_graph(spec in graph()) {
        let (g, ids) = build(&spec);
        let mut shared = TbaaOracle::new();
        for &a in &ids {
            for &b in &ids {
                let fresh = fresh_as_shared("aliases", TbaaOracle::new, &mut shared, |o| o.aliases(&g, Some(a), Some(b)))?;
                let matched = quiet("match_access_tags", || shared.match_access_tags(&g, Some(a), Some(b)));
                match (&fresh, &matched) {
                    (Ok(may), Ok(m)) => prop_assert_eq!(*may, m.may_alias),
                    (Err(_), Err(_)) => {}
                    _ => prop_assert!(false, "aliases {:?} but match {:?}", fresh, matched),
                }
                quiet("access_path", || shared.access_path(&g, a));
            }
        }
    }

    /// Every pair as an `!alias.scope` and a `!noalias` list: the answer and
    /// both merges never panic, and a table answers as a fresh read.
    #[test]
    fn scoped_answers_any_graph(spec in graph()) {
        let (g, ids) = build(&spec);
        let mut shared = ScopeLists::new();
        for &a in &ids {
            for &b in &ids {
                let fresh = fresh_as_shared("decide", ScopeLists::new, &mut shared, |t| t.decide_nodes(&g, Some(a), Some(b)))?;
                let (ra, rb) = (shared.list(&g, a), shared.list(&g, b));
                let fast = quiet("may_alias", || shared.may_alias(ra, rb));
                prop_assert_eq!(fast.ok(), fresh.ok().map(|r| r.may_alias()));
                quiet("merges", || {
                    let _ = most_generic_scope_list(&g, a, b);
                    let _ = intersect_lists(&g, a, b);
                });
            }
        }
    }

    /// Every node attached everywhere the verifier looks: it never panics
    /// and says the same twice.
    #[test]
    fn the_verifier_reads_any_graph(spec in graph()) {
        let (g, ids) = build(&spec);
        let kinds = [Carrier::Store, Carrier::Load, Carrier::Call { copies_memory: true, sets_memory: false }, Carrier::Other];
        let instructions = ids
            .iter()
            .enumerate()
            .map(|(i, &n)| InstView {
                tbaa: Some(n),
                tbaa_struct: Some(n),
                alias_scope: Some(n),
                noalias: Some(ids[(i + 1) % ids.len()]),
                ..InstView::new(0, kinds[i % kinds.len()])
            })
            .collect();
        let m = ModuleView {
            instructions,
            errno_tags: Some(ids.iter().map(|&n| Some(n)).collect()),
            scope_decls: vec![(0, DeclArgument::Node(ids[0]))],
            ..ModuleView::default()
        };
        let first = quiet("verify_module", || verify_module(&g, &m));
        prop_assert_eq!(first, verify_module(&g, &m));
    }
}

/// The graphs drawn above are not all rejected at the first read: some
/// pairs are answered NoAlias, some MayAlias, some are malformed, and the
/// scoped rule decides some pairs both ways.
#[test]
fn the_graphs_reach_every_outcome() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut tbaa, mut scoped) = ([0usize; 3], [0usize; 3]);
    for _ in 0..2000 {
        let spec = graph().new_tree(&mut runner).unwrap().current();
        let (g, ids) = build(&spec);
        let (mut o, mut s) = (TbaaOracle::new(), ScopeLists::new());
        for &a in &ids {
            for &b in &ids {
                let outcome = |r: Result<bool, _>| match r {
                    Ok(false) => 0,
                    Ok(true) => 1,
                    Err(_) => 2,
                };
                tbaa[outcome(o.aliases(&g, Some(a), Some(b)))] += 1;
                let r = s.decide_nodes(&g, Some(a), Some(b)).map(|r| r.may_alias());
                scoped[outcome(r)] += 1;
            }
        }
    }
    assert!(tbaa.iter().all(|&n| n > 0), "tbaa outcomes {tbaa:?}");
    assert!(scoped.iter().all(|&n| n > 0), "scoped outcomes {scoped:?}");
}
