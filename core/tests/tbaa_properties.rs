//! Properties of the TBAA query over random, valid type systems (both
//! struct-path encodings): answers are symmetric, a tag aliases itself,
//! tags under different roots alias, valid metadata is never reported
//! malformed, the most generic tag of a pair aliases both of its tags, and
//! answers do not depend on the order or history of questions, nor on
//! which of them the answer memo holds, nor on whether they were looked up
//! or decided before the query path's panic guard.

use aliaskit_core::tbaa::build::{RandomTypeSystem, SplitMix};
use aliaskit_core::tbaa::{GenericTag, TbaaOracle};
use aliaskit_core::{MetadataGraph, NodeId};
use proptest::prelude::*;

mod common;

const TAGS: usize = 24;

fn system(seed: u64, new_format: bool) -> RandomTypeSystem {
    RandomTypeSystem::generate(seed, new_format, TAGS)
}

/// The system's tags and `extra` more of any shape: any type as base and
/// as access type, offsets that hit fields, fall inside them or miss, in
/// either format. Most are not what a front end would emit, many are
/// malformed; they reach the corners of the rules that valid tags do not
/// (an access type above the field's type, a prefix through a scalar, a
/// whole-object access at an offset).
fn wild_tags(sys: &mut RandomTypeSystem, seed: u64, extra: usize) -> Vec<NodeId> {
    let mut rng = SplitMix(seed);
    let mut tags = sys.tags.clone();
    let types: Vec<NodeId> = sys
        .types
        .iter()
        .map(|t| t.node)
        .chain(sys.roots.iter().copied())
        .collect();
    for _ in 0..extra {
        let base = types[rng.below(types.len())];
        let access = if rng.chance(30) {
            base
        } else {
            types[rng.below(types.len())]
        };
        let offset = [0, 0, 0, 1, 2, 4, 8, 12, 16][rng.below(9)];
        let tag = if sys.new_format ^ rng.chance(10) {
            sys.dag
                .new_tag(base, access, offset, [1, 4, 8][rng.below(3)])
        } else {
            sys.dag.old_tag(base, access, offset)
        };
        tags.push(tag);
    }
    tags
}

/// A random system (any seed, either format) and its tags with 40 wild
/// ones ([`wild_tags`]).
fn wild_system() -> impl Strategy<Value = (RandomTypeSystem, Vec<NodeId>)> {
    (any::<u64>(), any::<bool>(), any::<u64>()).prop_map(|(seed, new_format, wild)| {
        let mut sys = system(seed, new_format);
        let tags = wild_tags(&mut sys, wild, 40);
        (sys, tags)
    })
}

/// Every ordered pair of the system's tags, in a shuffled order, asked
/// twice (the second time from the memo where it holds the pair) of one
/// oracle whose memo keeps only the pairs of its first `memo_rows` tags,
/// answers as a fresh oracle per question.
fn asked_twice_in_any_order(
    sys: &RandomTypeSystem,
    order: u64,
    memo_rows: usize,
) -> Result<(), TestCaseError> {
    let pairs = common::shuffled_pairs(&sys.tags, order);
    let mut shared = TbaaOracle::with_memo_rows(memo_rows);
    for round in 0..2 {
        for &(a, b) in &pairs {
            let fresh = TbaaOracle::new().aliases(&sys.dag.g, Some(a), Some(b));
            prop_assert_eq!(
                shared.aliases(&sys.dag.g, Some(a), Some(b)),
                fresh,
                "round {}: {} vs {}",
                round,
                sys.dag.g.display(a, 3),
                sys.dag.g.display(b, 3)
            );
            // What the query path asks before its panic guard: the
            // remembered answer, or the answer of a pair beyond the memo.
            let (ra, rb) = (shared.tag(&sys.dag.g, a), shared.tag(&sys.dag.g, b));
            let beyond = ra.index().max(rb.index()) >= memo_rows;
            let remembered = shared.remembered_aliases_of(ra, rb);
            let unremembered = shared.unremembered_aliases_of(ra, rb);
            prop_assert!(
                remembered.is_none() || !beyond,
                "remembered beyond the bound"
            );
            prop_assert!(
                unremembered.is_none() || beyond,
                "decided afresh within the bound"
            );
            if beyond && shared.is_simple(&sys.dag.g, a) && shared.is_simple(&sys.dag.g, b) {
                prop_assert!(
                    unremembered.is_some(),
                    "simple pair beyond the bound undecided"
                );
            }
            for answer in [remembered, unremembered].into_iter().flatten() {
                prop_assert_eq!(Ok(answer), fresh);
            }
        }
    }
    Ok(())
}

/// Every pair of `tags` (in `g`) is answered by `aliases`, with its
/// shortcut for simple tags, as by the full match of a separate oracle
/// (neither one's caches feed the other's answers).
fn shortcut_answers_as_the_full_match(
    g: &MetadataGraph,
    tags: &[NodeId],
) -> Result<(), TestCaseError> {
    let (mut quick, mut full) = (TbaaOracle::new(), TbaaOracle::new());
    for &a in tags {
        for &b in tags {
            prop_assert_eq!(
                quick.aliases(g, Some(a), Some(b)),
                full.match_access_tags(g, Some(a), Some(b))
                    .map(|m| m.may_alias),
                "{} vs {}",
                g.display(a, 3),
                g.display(b, 3)
            );
        }
    }
    Ok(())
}

/// Materialises a generic tag as a node (uniqued like LLVM's `MDNode::get`).
fn materialise(sys: &mut RandomTypeSystem, t: GenericTag) -> Option<NodeId> {
    match t {
        GenericTag::None => None,
        GenericTag::Existing(n) => Some(n),
        GenericTag::AccessTo { ty, new_format } => Some(if new_format {
            sys.dag.new_tag(ty, ty, 0, u64::MAX)
        } else {
            sys.dag.old_tag(ty, ty, 0)
        }),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn answers_are_symmetric_and_never_malformed(seed in any::<u64>(), new_format in any::<bool>()) {
        let sys = system(seed, new_format);
        let mut o = TbaaOracle::new();
        for &a in &sys.tags {
            for &b in &sys.tags {
                let ab = o.aliases(&sys.dag.g, Some(a), Some(b));
                let ba = o.aliases(&sys.dag.g, Some(b), Some(a));
                prop_assert!(ab.is_ok(), "valid metadata reported malformed: {:?}", ab);
                prop_assert_eq!(ab, ba, "asymmetric: {} vs {}", sys.dag.g.display(a, 3), sys.dag.g.display(b, 3));
            }
        }
    }

    #[test]
    fn the_simple_tag_shortcut_answers_as_the_full_match(seed in any::<u64>(), new_format in any::<bool>()) {
        let sys = system(seed, new_format);
        shortcut_answers_as_the_full_match(&sys.dag.g, &sys.tags)?;
    }

    #[test]
    fn the_simple_tag_shortcut_answers_as_the_full_match_on_any_tags((sys, tags) in wild_system()) {
        shortcut_answers_as_the_full_match(&sys.dag.g, &tags)?;
    }

    #[test]
    fn pairs_beyond_the_memo_are_decided_as_the_full_match_on_any_tags((sys, tags) in wild_system()) {
        // Before the panic guard only simple pairs are decided: never one
        // whose full match finds the metadata malformed.
        let (mut quick, mut full) = (TbaaOracle::with_memo_rows(1), TbaaOracle::new());
        for &a in &tags {
            for &b in &tags {
                let (ra, rb) = (quick.tag(&sys.dag.g, a), quick.tag(&sys.dag.g, b));
                let full_answer = full.match_access_tags(&sys.dag.g, Some(a), Some(b)).map(|m| m.may_alias);
                let walked = quick.unremembered_aliases_of(ra, rb);
                // The bits' answer, where they give one, is the walk's.
                let by_bits = quick.aliases_by_bits(ra, rb);
                prop_assert!(by_bits.is_none() || by_bits == walked);
                for answer in [walked, by_bits].into_iter().flatten() {
                    prop_assert_eq!(
                        Ok(answer),
                        full_answer,
                        "{} vs {}", sys.dag.g.display(a, 3), sys.dag.g.display(b, 3)
                    );
                }
            }
        }
    }

    #[test]
    fn answers_do_not_depend_on_what_was_asked_before(seed in any::<u64>(), new_format in any::<bool>()) {
        // One oracle asked everything in reverse order (its chains, paths and
        // plain-tag decisions built along the way) against a fresh oracle
        // per question.
        let sys = system(seed, new_format);
        let mut shared = TbaaOracle::new();
        for &a in sys.tags.iter().rev() {
            for &b in sys.tags.iter().rev() {
                let fresh = TbaaOracle::new().match_access_tags(&sys.dag.g, Some(a), Some(b));
                prop_assert_eq!(shared.match_access_tags(&sys.dag.g, Some(a), Some(b)), fresh);
                prop_assert_eq!(
                    shared.aliases(&sys.dag.g, Some(a), Some(b)),
                    fresh.map(|m| m.may_alias)
                );
            }
        }
    }

    #[test]
    fn answers_do_not_depend_on_order_history_or_the_memo(
        seed in any::<u64>(),
        new_format in any::<bool>(),
        order in any::<u64>(),
        memo_rows in prop::sample::select(vec![1usize, 4, 16, 4096]),
    ) {
        // Every ordered pair, in a shuffled order, asked twice (the second
        // time from the memo where it holds the pair) of one oracle whose
        // memo keeps only the pairs of its first `memo_rows` tags, against
        // a fresh oracle per question.
        asked_twice_in_any_order(&system(seed, new_format), order, memo_rows)?;
    }

    #[test]
    fn a_tag_aliases_itself_and_untagged_accesses(seed in any::<u64>(), new_format in any::<bool>()) {
        let sys = system(seed, new_format);
        let mut o = TbaaOracle::new();
        for &a in &sys.tags {
            prop_assert_eq!(o.aliases(&sys.dag.g, Some(a), Some(a)), Ok(true));
            prop_assert_eq!(o.aliases(&sys.dag.g, Some(a), None), Ok(true));
            prop_assert_eq!(o.aliases(&sys.dag.g, None, Some(a)), Ok(true));
        }
    }

    #[test]
    fn tags_under_different_roots_alias(seed in any::<u64>(), new_format in any::<bool>()) {
        let sys = system(seed, new_format);
        let mut o = TbaaOracle::new();
        for (i, &a) in sys.tags.iter().enumerate() {
            for (j, &b) in sys.tags.iter().enumerate() {
                if sys.tag_roots[i] != sys.tag_roots[j] {
                    prop_assert_eq!(o.aliases(&sys.dag.g, Some(a), Some(b)), Ok(true));
                    prop_assert_eq!(o.most_generic_tag(&sys.dag.g, Some(a), Some(b)), Ok(GenericTag::None));
                }
            }
        }
    }

    #[test]
    fn most_generic_tag_aliases_both(seed in any::<u64>(), new_format in any::<bool>()) {
        let mut sys = system(seed, new_format);
        let mut o = TbaaOracle::new();
        let tags = sys.tags.clone();
        for &a in &tags {
            for &b in &tags {
                let generic = o.most_generic_tag(&sys.dag.g, Some(a), Some(b)).unwrap();
                let Some(g) = materialise(&mut sys, generic) else { continue };
                for t in [a, b] {
                    prop_assert_eq!(
                        o.aliases(&sys.dag.g, Some(g), Some(t)),
                        Ok(true),
                        "generic {} of ({}, {}) does not alias {}",
                        sys.dag.g.display(g, 3), sys.dag.g.display(a, 3),
                        sys.dag.g.display(b, 3), sys.dag.g.display(t, 3)
                    );
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn answers_do_not_depend_on_which_neighbours_were_decided_together(
        seed in any::<u64>(),
        new_format in any::<bool>(),
        order in any::<u64>(),
        memo_rows in prop::sample::select(vec![16usize, 64, 4096]),
    ) {
        // Enough tags that rows get busy and have their neighbours decided
        // a word at a time, in a shuffled order, each pair asked twice,
        // against a fresh oracle per question.
        let sys = RandomTypeSystem::generate(seed, new_format, 96);
        asked_twice_in_any_order(&sys, order, memo_rows)?;
    }
}

/// The shortcut is taken: systems of both formats have plain scalar tags
/// and simple tags that are not plain (field accesses), and pairs of them
/// are answered both ways.
#[test]
fn random_systems_have_plain_and_simple_tags() {
    for new_format in [false, true] {
        let (mut plain, mut fields, mut may, mut no) = (0, 0, 0, 0);
        for seed in 0..20 {
            let sys = system(seed, new_format);
            let mut o = TbaaOracle::new();
            let simple: Vec<_> = sys
                .tags
                .iter()
                .copied()
                .filter(|&t| o.is_simple(&sys.dag.g, t))
                .collect();
            for &t in &simple {
                match o.plain_scalar_access(&sys.dag.g, t) {
                    Some(_) => plain += 1,
                    None => fields += 1,
                }
            }
            for &a in &simple {
                for &b in &simple {
                    match o.aliases(&sys.dag.g, Some(a), Some(b)) {
                        Ok(true) => may += 1,
                        Ok(false) => no += 1,
                        Err(e) => panic!("malformed: {e:?}"),
                    }
                }
            }
        }
        assert!(
            plain > 20 && fields > 20 && may > 20 && no > 20,
            "new format {new_format}: {plain} plain tags, {fields} other simple tags, {may} may, {no} no"
        );
    }
}

/// The generator is not vacuous: over a few seeds it yields both answers
/// in both encodings.
#[test]
fn random_systems_produce_both_answers() {
    for new_format in [false, true] {
        let (mut may, mut no) = (0, 0);
        for seed in 0..20 {
            let sys = system(seed, new_format);
            let mut o = TbaaOracle::new();
            for &a in &sys.tags {
                for &b in &sys.tags {
                    match o.aliases(&sys.dag.g, Some(a), Some(b)) {
                        Ok(true) => may += 1,
                        Ok(false) => no += 1,
                        Err(e) => panic!("malformed: {e:?}"),
                    }
                }
            }
        }
        assert!(
            may > 100 && no > 100,
            "new format {new_format}: {may} may, {no} no"
        );
    }
}
