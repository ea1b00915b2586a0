//! Metadata on which LLVM's own TBAA crashes, hangs or reads out of bounds:
//! the core must report it as malformed (callers answer MayAlias), never
//! loop and never panic.

use aliaskit_core::tbaa::build::{CScalars, TypeDag};
use aliaskit_core::tbaa::{has_field, TbaaOracle};
use aliaskit_core::{Malformed, MetadataGraph, NodeId, Operand, Problem};

fn problem(r: Result<bool, Malformed>) -> Problem {
    r.expect_err("expected malformed metadata").problem
}

/// What is malformed in answering whether tags `a` and `b` may alias.
fn aliases_problem(o: &mut TbaaOracle, g: &MetadataGraph, a: NodeId, b: NodeId) -> Problem {
    problem(o.aliases(g, Some(a), Some(b)))
}

#[test]
fn parent_cycle_is_reported_not_fatal() {
    let mut d = TypeDag::new();
    // a -> b -> a through parents (new format: parent is operand 0).
    let (a, b) = (d.g.reserve(), d.g.reserve());
    d.define_new_struct(a, b, 4, "A", &[]);
    d.define_new_struct(b, a, 4, "B", &[]);
    let root = d.root("root");
    let int = d.new_scalar(root, 4, "int");
    let t1 = d.new_tag(a, a, 0, 4);
    let t2 = d.new_tag(int, int, 0, 4);
    let mut o = TbaaOracle::new();
    assert_eq!(aliases_problem(&mut o, &d.g, t1, t2), Problem::ParentCycle);
    // Asking again hits the cached chain and reports the same.
    assert_eq!(aliases_problem(&mut o, &d.g, t2, t1), Problem::ParentCycle);
}

#[test]
fn cyclic_field_graph_is_reported() {
    let mut d = TypeDag::new();
    let CScalars { char_, .. } = d.c_scalars_new_format();
    let short = d.new_scalar(char_, 2, "short");
    // X = {char@0, Y@4}, Y = {X@0}: a cycle of fields below X.
    let (x, y) = (d.g.reserve(), d.g.reserve());
    d.define_new_struct(x, char_, 8, "X", &[(char_, 0, 1), (y, 4, 4)]);
    d.define_new_struct(y, char_, 4, "Y", &[(x, 0, 4)]);
    assert_eq!(
        problem(has_field(&d.g, x, Some(short))),
        Problem::FieldCycle
    );
    // Found before the cycle matters: still an answer.
    assert_eq!(has_field(&d.g, x, Some(char_)), Ok(true));
    let whole = d.new_tag(x, x, 0, 8);
    let s_tag = d.new_tag(short, short, 0, 2);
    let mut o = TbaaOracle::new();
    assert_eq!(
        aliases_problem(&mut o, &d.g, whole, s_tag),
        Problem::FieldCycle
    );
}

#[test]
fn operands_of_the_wrong_kind() {
    let mut d = TypeDag::new();
    let CScalars { int, float, .. } = d.c_scalars();
    let good = d.old_tag(float, float, 0);
    let name = d.g.string("x");
    let bad_offset =
        d.g.add_tuple(vec![Operand::Node(int), Operand::Node(int), name]);
    let too_short = d.g.add_tuple(vec![Operand::Node(int)]);
    let empty = d.g.add_tuple(vec![]);
    let mut o = TbaaOracle::new();
    assert_eq!(
        aliases_problem(&mut o, &d.g, bad_offset, good),
        Problem::NotAnInteger { index: 2 }
    );
    assert_eq!(
        aliases_problem(&mut o, &d.g, too_short, good),
        Problem::MissingOperand { index: 1 }
    );
    assert_eq!(
        aliases_problem(&mut o, &d.g, empty, good),
        Problem::MissingOperand { index: 1 }
    );
    // A malformed tag is still identical to itself, which needs no reads.
    assert_eq!(o.aliases(&d.g, Some(empty), Some(empty)), Ok(true));
}

#[test]
fn new_format_walk_leaving_the_dag() {
    let mut d = TypeDag::new();
    let c = d.c_scalars_new_format();
    let (char_, int, float) = (c.char_, c.int, c.float);
    // Access type int, but the base is float: the walk never meets int.
    let off_path = d.new_tag(float, int, 0, 4);
    let other = d.new_tag(char_, char_, 0, 1);
    let i = d.new_tag(int, int, 0, 4);
    let f = d.new_tag(float, float, 0, 4);
    let mut o = TbaaOracle::new();
    assert_eq!(
        aliases_problem(&mut o, &d.g, off_path, i),
        Problem::WalkLeftPath
    );
    // The walk meets the other base type (float) before leaving the DAG.
    assert_eq!(o.aliases(&d.g, Some(off_path), Some(f)), Ok(true));
    // Where an earlier rule decides, the path is never walked: like LLVM.
    assert_eq!(o.aliases(&d.g, Some(other), Some(off_path)), Ok(true));
}

#[test]
fn struct_path_cycle_terminates() {
    let mut d = TypeDag::new();
    let CScalars { int, .. } = d.c_scalars();
    // T = {!"T", T, i64 4}: a one-field struct whose field is itself, so the
    // walk subtracts 4 forever (LLVM loops ~2^62 times).
    let t = d.g.reserve();
    let name = d.g.string("T");
    d.g.define_tuple(t, vec![name, Operand::Node(t), Operand::int64(4)]);
    let tag = d.old_tag(t, int, 0);
    let other = d.old_tag(int, int, 0);
    let mut o = TbaaOracle::new();
    assert_eq!(
        aliases_problem(&mut o, &d.g, tag, other),
        Problem::PathCycle
    );
    // With the whole-object access first, step 1 decides before any walk.
    assert_eq!(o.aliases(&d.g, Some(other), Some(tag)), Ok(true));
}

#[test]
fn field_cycle_after_the_field_is_found_first_in_llvm_order() {
    // Knot = {Tie@0}; Tie = {Knot@0, int@4}. LLVM's search from Knot for
    // int descends Knot -> Tie -> Knot (field 0 first) and never returns:
    // malformed, even though int is reachable.
    let mut d = TypeDag::new();
    let CScalars { char_, int, .. } = d.c_scalars_new_format();
    let (knot, tie) = (d.g.reserve(), d.g.reserve());
    d.define_new_struct(knot, char_, 8, "Knot", &[(tie, 0, 8)]);
    d.define_new_struct(tie, char_, 8, "Tie", &[(knot, 0, 4), (int, 4, 4)]);
    assert_eq!(
        problem(has_field(&d.g, knot, Some(int))),
        Problem::FieldCycle
    );
    // Found before the cycle is entered: LLVM returns true, and so do we.
    assert_eq!(has_field(&d.g, knot, Some(tie)), Ok(true));
}

#[test]
fn access_paths_say_how_the_walk_ends() {
    use aliaskit_core::tbaa::{AccessPath, PathOutcome};
    let mut d = TypeDag::new();
    let c = d.c_scalars();
    let (root, char_, int) = (c.root, c.char_, c.int);
    let s = d.old_struct("S", &[(int, 0), (int, 4)]);
    let ran_off = d.old_tag(s, int, 4);
    let late = d.old_struct("L", &[(int, 4), (int, 8)]);
    let before_first = d.old_tag(late, int, 0);
    // A scalar that is its own parent: the walk never ends.
    let a = d.g.reserve();
    let name = d.g.string("A");
    d.g.define_tuple(a, vec![name, Operand::Node(a), Operand::int64(0)]);
    let looping = d.old_tag(a, int, 0);
    let text = d.g.string("x");
    let unreadable =
        d.g.add_tuple(vec![Operand::Node(s), Operand::Node(int), text]);
    let nchar = d.new_scalar(root, 1, "char");
    let nint = d.new_scalar(nchar, 4, "int");
    let ns = d.new_struct(nchar, 8, "S", &[(nint, 0, 4), (nint, 4, 4)]);
    let stopped = d.new_tag(ns, nint, 4, 4);

    let mut o = TbaaOracle::new();
    assert_eq!(
        o.access_path(&d.g, ran_off),
        AccessPath {
            steps: vec![(s, 4), (int, 0), (char_, 0), (root, 0)],
            end: PathOutcome::RanOff
        }
    );
    assert_eq!(
        o.access_path(&d.g, stopped),
        AccessPath {
            steps: vec![(ns, 4), (nint, 0)],
            end: PathOutcome::Stopped(nint)
        }
    );
    let failed = o.access_path(&d.g, before_first);
    assert_eq!(failed.steps, vec![(late, 0)]);
    assert!(
        matches!(failed.end, PathOutcome::Failed(m) if m.node == late && m.problem == Problem::OffsetBeforeFirstField { offset: 0 }),
        "{failed:?}"
    );
    let cycle = o.access_path(&d.g, looping);
    assert_eq!(cycle.end, PathOutcome::Cycle);
    assert_eq!(cycle.steps.len(), d.g.len() + 1);
    assert!(cycle.steps.iter().all(|&step| step == (a, 0)));
    // Asked again: the same steps (walked again, not kept).
    assert_eq!(o.access_path(&d.g, looping), cycle);
    assert!(matches!(
        o.access_path(&d.g, unreadable).end,
        PathOutcome::Unreadable(m) if m.node == unreadable
    ));
}

#[test]
fn a_null_first_operand_on_a_chain_is_malformed() {
    use aliaskit_core::verify::{verify_module, Carrier, InstView, ModuleView, Rule};
    let mut d = TypeDag::new();
    let CScalars { int, .. } = d.c_scalars_new_format();
    let name = d.g.string("any pointer");
    // LLVM's isNewFormatTypeNode does isa<MDNode> on operand 0.
    let any = d.g.add_tuple(vec![Operand::Null, Operand::int64(8), name]);
    let ptr = d.new_scalar(any, 8, "p1 omnipotent char");
    let (t_int, t_ptr) = (d.new_tag(int, int, 0, 4), d.new_tag(ptr, ptr, 0, 8));
    let mut o = TbaaOracle::new();
    assert_eq!(
        o.aliases(&d.g, Some(t_int), Some(t_ptr)),
        Err(Malformed::new(any, Problem::NullFirstOperand))
    );
    // The same access type on both sides: LLVM climbs no chain.
    assert_eq!(o.aliases(&d.g, Some(t_ptr), Some(t_ptr)), Ok(true));
    let m = ModuleView::of_instructions(vec![InstView::new(0, Carrier::Store).with_tbaa(t_ptr)]);
    let rules: Vec<Rule> = verify_module(&d.g, &m).iter().map(|f| f.rule).collect();
    assert_eq!(rules, vec![Rule::TbaaNullFirstOperand]);
}
