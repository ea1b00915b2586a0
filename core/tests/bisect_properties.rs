//! Properties of the bisection search over random programs: whatever the
//! decisions and culprits, the result fails, is minimal, and costs about
//! log2(decisions) runs per culprit.

use std::collections::BTreeSet;

use aliaskit_core::bisect::{bisect, Observation, Outcome, Tester};
use aliaskit_core::decision::{DecisionId, Selection};
use proptest::prelude::*;

/// A program that fails when every decision of some group is kept. Each
/// run also makes a few decisions that depend on the selection (later
/// passes see different IR), none of which matter.
struct Program {
    decisions: Vec<DecisionId>,
    groups: Vec<Vec<DecisionId>>,
    noise: bool,
    runs: usize,
}

impl Program {
    fn fails(&self, keep: &Selection) -> bool {
        self.groups
            .iter()
            .any(|g| g.iter().all(|&id| keep.keeps(id)))
    }
}

impl Tester for Program {
    type Error = ();
    fn run(&mut self, keep: &Selection) -> Result<Observation, ()> {
        self.runs += 1;
        let mut decisions: BTreeSet<DecisionId> = self.decisions.iter().copied().collect();
        if self.noise {
            let text = keep.to_string();
            let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
            });
            for k in 0..3 {
                decisions.insert(DecisionId(h.rotate_left(k * 21) ^ 0x5555));
            }
        }
        Ok(Observation {
            failed: self.fails(keep),
            decisions,
        })
    }
}

fn spread(i: u64, salt: u64) -> DecisionId {
    let mut x = i.wrapping_add(salt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 31;
    DecisionId(x.wrapping_mul(0xBF58_476D_1CE4_E5B9))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn finds_a_minimal_failing_set(
        n in 1u64..3000,
        salt in any::<u64>(),
        picks in prop::collection::vec(prop::collection::vec(any::<u64>(), 1..4), 1..3),
        noise in any::<bool>(),
    ) {
        let decisions: Vec<DecisionId> = (0..n).map(|i| spread(i, salt)).collect();
        let groups: Vec<Vec<DecisionId>> = picks
            .iter()
            .map(|g| {
                let mut v: Vec<DecisionId> = g.iter().map(|&p| decisions[(p % n) as usize]).collect();
                v.sort();
                v.dedup();
                v
            })
            .collect();
        let mut p = Program { decisions, groups, noise, runs: 0 };
        let outcome = bisect(&mut p).unwrap();
        let Outcome::Culprits(culprits) = outcome else {
            panic!("{outcome:?}");
        };
        let keep = |ids: &[DecisionId]| Selection::ids(ids.iter().copied());
        prop_assert!(p.fails(&keep(&culprits)));
        for i in 0..culprits.len() {
            let mut without = culprits.clone();
            without.remove(i);
            prop_assert!(!p.fails(&keep(&without)), "culprit {} not needed", culprits[i]);
        }
        // The culprits are one of the groups when groups do not overlap.
        let largest = p.groups.iter().map(Vec::len).max().unwrap();
        prop_assert!(culprits.len() <= largest);
        // One culprit: the search halves by one more low bit of the ids
        // until the culprit's suffix is its own, at most two runs a bit,
        // plus the two premise runs and the confirmation. How many bits
        // that takes depends on how close another id's low bits come to
        // the culprit's (about log2(n), more when ids happen to share a
        // long suffix): counted here, so that the bound is exact rather
        // than likely (`runs_for_one_culprit_among_many` measures the
        // average).
        if p.groups.len() == 1 && p.groups[0].len() == 1 && !noise {
            let c = p.groups[0][0];
            let bits = p
                .decisions
                .iter()
                .filter(|&&d| d != c)
                .map(|d| (c.0 ^ d.0).trailing_zeros() as usize + 1)
                .max()
                .unwrap_or(0);
            prop_assert!(
                p.runs <= 3 + 2 * bits,
                "{} runs for {} decisions ({} bits to single out the culprit)",
                p.runs,
                n,
                bits
            );
        }
    }
}

#[test]
fn runs_for_one_culprit_among_many() {
    // About 1.5 runs per bit: measured, not just bounded.
    let mut total = 0;
    for salt in 0..50 {
        let decisions: Vec<DecisionId> = (0..4096).map(|i| spread(i, salt)).collect();
        let culprit = decisions[(salt as usize * 97) % 4096];
        let mut p = Program {
            decisions,
            groups: vec![vec![culprit]],
            noise: false,
            runs: 0,
        };
        assert_eq!(bisect(&mut p), Ok(Outcome::Culprits(vec![culprit])));
        total += p.runs;
    }
    let mean = total as f64 / 50.0;
    eprintln!("mean runs for one culprit among 4096 decisions: {mean}");
    // 12 bits: premises 2, confirmation 1, 12..24 narrowing runs.
    assert!(
        (2.0 + 12.0 + 1.0..=2.0 + 24.0 + 1.0).contains(&mean),
        "{mean}"
    );
}
