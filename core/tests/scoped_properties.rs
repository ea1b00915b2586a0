//! Properties of the scoped no-alias rule and of its merges, over random
//! domains, scopes and lists.

use std::collections::BTreeSet;

use aliaskit_core::scoped::{
    decide_in_scopes, intersect_lists, may_alias_in_scopes, most_generic_scope_list, scope_domain,
    ListRef, ListSummary, ScopeLists,
};
use aliaskit_core::{MetadataGraph, NodeId, Operand};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

mod common;

/// A random scope system: domains, scopes (some without a domain), lists.
#[derive(Debug)]
struct System {
    g: MetadataGraph,
    scopes: Vec<NodeId>,
    lists: Vec<NodeId>,
}

/// `spec[i]` = (domain index or none, ...) for each scope; `lists` = sets of
/// scope indices.
fn build(domains: usize, scope_domains: &[Option<usize>], lists: &[Vec<usize>]) -> System {
    let mut g = MetadataGraph::new();
    let doms: Vec<NodeId> = (0..domains.max(1))
        .map(|i| {
            let name = g.string(&format!("domain {i}"));
            g.add_self_referential(vec![name])
        })
        .collect();
    let scopes: Vec<NodeId> = scope_domains
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let name = g.string(&format!("scope {i}"));
            let dom = d.map_or(Operand::Null, |d| Operand::Node(doms[d % doms.len()]));
            g.add_self_referential(vec![dom, name])
        })
        .collect();
    let lists = lists
        .iter()
        .map(|l| {
            g.add_tuple(
                l.iter()
                    .map(|&i| Operand::Node(scopes[i % scopes.len()]))
                    .collect(),
            )
        })
        .collect();
    System { g, scopes, lists }
}

/// The rule, written as set algebra: no alias iff some domain D of the
/// `!noalias` list has scopes in `!alias.scope`, all of them in `!noalias`.
fn reference(g: &MetadataGraph, scopes: NodeId, noalias: NodeId) -> bool {
    let members = |l: NodeId| -> BTreeSet<(NodeId, NodeId)> {
        g.operands(l)
            .unwrap()
            .iter()
            .filter_map(|op| op.as_node())
            .filter_map(|s| scope_domain(g, s).unwrap().map(|d| (d, s)))
            .collect()
    };
    let a = members(scopes);
    let n = members(noalias);
    let domains: BTreeSet<NodeId> = n.iter().map(|&(d, _)| d).collect();
    !domains.iter().any(|&d| {
        let a_d: BTreeSet<_> = a.iter().filter(|(x, _)| *x == d).collect();
        let n_d: BTreeSet<_> = n.iter().filter(|(x, _)| *x == d).collect();
        !a_d.is_empty() && a_d.is_subset(&n_d)
    })
}

fn node_list(g: &mut MetadataGraph, ops: Option<Vec<Operand>>) -> Option<NodeId> {
    ops.map(|ops| g.add_tuple(ops))
}

/// The known and the remembered answer of two lists by their summaries
/// are `want` whenever they answer, and once remembered, known.
fn remembered_answers_are(
    table: &mut ScopeLists,
    sa: ListSummary,
    sb: ListSummary,
    want: bool,
) -> Result<(), TestCaseError> {
    if let Some(known) = table.known_answer(sa, sb) {
        prop_assert_eq!(known, want);
    }
    if let Some(remembered) = table.remembered_answer(sa, sb) {
        prop_assert_eq!(remembered, want);
        prop_assert_eq!(table.known_answer(sa, sb), Some(want));
    }
    Ok(())
}

fn system() -> impl Strategy<Value = System> {
    (
        1usize..4,
        prop::collection::vec(prop::option::weighted(0.9, 0usize..4), 1..8),
        prop::collection::vec(prop::collection::vec(0usize..8, 0..5), 1..7),
    )
        .prop_map(|(d, s, l)| build(d, &s, &l))
}

/// A system of `domains` domains, each with a scope of its own named in
/// that order by a first list (so that domain `d` gets number `d`), and
/// extra scopes, scope `i` in domain `at[i % at.len()]`; each pick is a
/// list of extra scopes. Its lists past the first, and a table that has
/// read the first ([`each_numbered_pair`] asks it their pairs).
fn numbered_domains(
    domains: usize,
    at: &[usize],
    extra: usize,
    picks: &[Vec<usize>],
) -> (System, ScopeLists) {
    let mut scope_domains: Vec<Option<usize>> = (0..domains).map(Some).collect();
    scope_domains.extend((0..extra).map(|i| Some(at[i % at.len()])));
    let mut lists = vec![(0..domains).collect::<Vec<_>>()];
    lists.extend(
        picks
            .iter()
            .map(|p| p.iter().map(|i| domains + i).collect::<Vec<_>>()),
    );
    let sys = build(domains, &scope_domains, &lists);
    let mut table = ScopeLists::new();
    table.list(&sys.g, sys.lists[0]);
    (sys, table)
}

/// Asks `table` (from [`numbered_domains`]) every pair of the system's
/// lists past the first, in a shuffled order: `check` gets each pair's rows
/// and summaries and the rule's answer.
fn each_numbered_pair(
    sys: &System,
    table: &mut ScopeLists,
    order: u64,
    mut check: impl FnMut(
        &mut ScopeLists,
        (ListRef, ListRef),
        (ListSummary, ListSummary),
        bool,
    ) -> Result<(), TestCaseError>,
) -> Result<(), TestCaseError> {
    for &(a, b) in &common::shuffled_pairs(&sys.lists[1..], order) {
        let (ra, rb) = (table.list(&sys.g, a), table.list(&sys.g, b));
        let want = reference(&sys.g, a, b);
        let (sa, sb) = (table.summary(ra).unwrap(), table.summary(rb).unwrap());
        check(table, (ra, rb), (sa, sb), want)?;
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn rule_matches_the_set_algebra(sys in system()) {
        for &a in &sys.lists {
            for &b in &sys.lists {
                prop_assert_eq!(may_alias_in_scopes(&sys.g, Some(a), Some(b)), Ok(reference(&sys.g, a, b)));
            }
        }
    }

    /// One table of rows asked every pair twice, in a shuffled order (the
    /// second time from its memo), answers as the set algebra does, and
    /// its reasons agree with its answers.
    #[test]
    fn a_table_answers_as_the_rule_in_any_order(sys in system(), order in any::<u64>()) {
        let pairs = common::shuffled_pairs(&sys.lists, order);
        let mut table = ScopeLists::new();
        for _ in 0..2 {
            for &(a, b) in &pairs {
                let (ra, rb) = (table.list(&sys.g, a), table.list(&sys.g, b));
                prop_assert_eq!(table.may_alias(ra, rb), Ok(reference(&sys.g, a, b)));
                let reason = table.decide(ra, rb).unwrap();
                prop_assert_eq!(reason.may_alias(), reference(&sys.g, a, b));
                prop_assert_eq!(decide_in_scopes(&sys.g, Some(a), Some(b)), Ok(reason));
            }
        }
    }

    /// The query path's answer at hand (remembering merges as it goes)
    /// is the rule's, in any order and whichever of the two ways asked a
    /// pair first.
    #[test]
    fn the_answer_at_hand_is_the_rule(sys in system(), order in any::<u64>()) {
        let pairs = common::shuffled_pairs(&sys.lists, order);
        let mut table = ScopeLists::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let (ra, rb) = (table.list(&sys.g, a), table.list(&sys.g, b));
            let want = reference(&sys.g, a, b);
            if i % 3 == 0 {
                prop_assert_eq!(table.may_alias(ra, rb), Ok(want));
            }
            prop_assert_eq!(table.answer_at_hand(ra, rb), Some(want));
            prop_assert_eq!(table.may_alias(ra, rb), Ok(want));
        }
    }

    /// The look-up's answers without the steps: the known answer (plain,
    /// or remembered) and the remembered answer (which decides and
    /// remembers exact rows' pairs) are the rule's whenever they answer,
    /// in any order and across the merges of other pairs; once the
    /// remembered answer has answered a pair, it is known.
    #[test]
    fn remembered_answers_are_the_rule(sys in system(), order in any::<u64>()) {
        let pairs = common::shuffled_pairs(&sys.lists, order);
        let mut table = ScopeLists::new();
        for round in 0..2 {
            for (i, &(a, b)) in pairs.iter().enumerate() {
                let (ra, rb) = (table.list(&sys.g, a), table.list(&sys.g, b));
                let want = reference(&sys.g, a, b);
                let (sa, sb) = (table.summary(ra).unwrap(), table.summary(rb).unwrap());
                remembered_answers_are(&mut table, sa, sb, want)?;
                if (i + round) % 3 == 0 {
                    prop_assert_eq!(table.may_alias(ra, rb), Ok(want));
                }
            }
        }
    }

    /// Up to 128 domains every row is exact, and the compares find a
    /// row's word at a mask bit by the bit's rank, one half of the mask
    /// at a time: lists whose domains straddle bits 63 and 64 (and end
    /// at 127) answer quickly, as the rule does. Scope `i` of a list is
    /// in domain `[0, 5, 63, 64, 65, 127][i % 6]`, numbered by a first
    /// list that names all 128 domains in order.
    #[test]
    fn exact_rows_across_both_halves_of_the_mask_answer_as_the_rule(
        picks in prop::collection::vec(prop::collection::vec(0usize..18, 1..7), 1..8),
        order in any::<u64>(),
    ) {
        let (sys, mut table) = numbered_domains(128, &[0, 5, 63, 64, 65, 127], 18, &picks);
        each_numbered_pair(&sys, &mut table, order, |table, _, (sa, sb), want| {
            prop_assert_eq!(table.quick_answer(sa, sb), Some(want));
            remembered_answers_are(table, sa, sb, want)
        })?;
    }

    /// Past 128 domains, domains share mask bits: a row with two domains
    /// at one bit is not exact (merged), and two exact rows may name
    /// different domains at one bit (told apart by their words). Every
    /// answer, at hand or quick, is still the rule's. Scope `i` of a list
    /// is in domain `[0, 128, 256, 1, 129, 2][i % 6]`, numbered in that
    /// order of domains by a first list that names them all.
    #[test]
    fn rows_whose_domains_share_mask_bits_answer_as_the_rule(
        picks in prop::collection::vec(prop::collection::vec(0usize..12, 1..6), 1..8),
        order in any::<u64>(),
    ) {
        let (sys, mut table) = numbered_domains(260, &[0, 128, 256, 1, 129, 2], 12, &picks);
        each_numbered_pair(&sys, &mut table, order, |table, (ra, rb), (sa, sb), want| {
            if let Some(quick) = table.quick_answer(sa, sb) {
                prop_assert_eq!(quick, want);
            }
            remembered_answers_are(table, sa, sb, want)?;
            prop_assert_eq!(table.answer_at_hand(ra, rb), Some(want));
            prop_assert_eq!(table.may_alias(ra, rb), Ok(want));
            Ok(())
        })?;
    }

    #[test]
    fn more_noalias_knowledge_never_adds_aliasing(sys in system(), extra in 0usize..8) {
        let mut sys = sys;
        let lists = sys.lists.clone();
        for &a in &lists {
            for &n in &lists {
                let before = may_alias_in_scopes(&sys.g, Some(a), Some(n)).unwrap();
                let mut ops = sys.g.operands(n).unwrap().to_vec();
                ops.push(Operand::Node(sys.scopes[extra % sys.scopes.len()]));
                let bigger = sys.g.add_tuple(ops);
                let after = may_alias_in_scopes(&sys.g, Some(a), Some(bigger)).unwrap();
                prop_assert!(before || !after, "adding a !noalias scope made a pair alias");
            }
        }
    }

    /// A merged access stands for both: it may claim no-alias only where
    /// both originals could.
    #[test]
    fn merges_are_conservative(sys in system()) {
        let mut sys = sys;
        let lists = sys.lists.clone();
        for &a in &lists {
            for &b in &lists {
                let merged_scope = most_generic_scope_list(&sys.g, a, b).unwrap();
                let merged_scope = node_list(&mut sys.g, merged_scope);
                let merged_noalias = intersect_lists(&sys.g, a, b).unwrap();
                let merged_noalias = node_list(&mut sys.g, merged_noalias);
                prop_assert!(merged_noalias.is_some(), "intersection of two lists is a list");
                for &n in &lists {
                    if !may_alias_in_scopes(&sys.g, merged_scope, Some(n)).unwrap() {
                        prop_assert!(!may_alias_in_scopes(&sys.g, Some(a), Some(n)).unwrap());
                        prop_assert!(!may_alias_in_scopes(&sys.g, Some(b), Some(n)).unwrap());
                    }
                    if !may_alias_in_scopes(&sys.g, Some(n), merged_noalias).unwrap() {
                        prop_assert!(!may_alias_in_scopes(&sys.g, Some(n), Some(a)).unwrap());
                        prop_assert!(!may_alias_in_scopes(&sys.g, Some(n), Some(b)).unwrap());
                    }
                }
            }
        }
    }
}
