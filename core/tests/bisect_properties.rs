//! Properties of the bisection search over random programs: whatever the
//! decisions and culprits, and however many runs go at once, the result
//! fails, is minimal, is what one run at a time finds when the minimal set
//! is unique, and costs about log2(decisions) runs per culprit (one round
//! per `jobs` bits with several runs at once).

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
    /// Runs that may go at once, and the rounds made (a batch of runs at
    /// once, or one run alone): the wall time of a search.
    jobs: usize,
    rounds: usize,
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
    fn run_all(&mut self, keeps: &[Selection]) -> Result<Vec<Observation>, ()> {
        assert!(
            keeps.len() <= self.jobs,
            "{} runs at once, jobs {}",
            keeps.len(),
            self.jobs
        );
        self.rounds += 1;
        keeps.iter().map(|k| self.observe(k)).collect()
    }
    fn run(&mut self, keep: &Selection) -> Result<Observation, ()> {
        self.rounds += 1;
        self.observe(keep)
    }
    fn jobs(&self) -> usize {
        self.jobs
    }
}

impl Program {
    fn new(
        decisions: Vec<DecisionId>,
        groups: Vec<Vec<DecisionId>>,
        noise: bool,
        jobs: usize,
    ) -> Program {
        Program {
            decisions,
            groups,
            noise,
            runs: 0,
            jobs,
            rounds: 0,
        }
    }

    fn observe(&mut self, keep: &Selection) -> Result<Observation, ()> {
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

    /// Bits of suffix that single out `c` among the decisions.
    fn bits_to_single_out(&self, c: DecisionId) -> usize {
        self.decisions
            .iter()
            .filter(|&&d| d != c)
            .map(|d| (c.0 ^ d.0).trailing_zeros() as usize + 1)
            .max()
            .unwrap_or(0)
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
        jobs in 1usize..5,
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
        let mut p = Program::new(decisions.clone(), groups.clone(), noise, jobs);
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
        // One minimal failing set: every `jobs` names it, as one run at a
        // time does.
        let mut one_at_a_time = Program::new(decisions, groups, noise, 1);
        let Ok(Outcome::Culprits(sequential)) = bisect(&mut one_at_a_time) else {
            panic!("one run at a time found no culprits");
        };
        if p.groups.len() == 1 {
            let sorted = |v: &[DecisionId]| v.iter().copied().collect::<BTreeSet<_>>();
            prop_assert_eq!(sorted(&culprits), sorted(&sequential));
        }
        // One culprit: the search halves by one more low bit of the ids
        // until the culprit's suffix is its own, at most two runs a bit,
        // plus the two premise runs and the confirmation. How many bits
        // that takes depends on how close another id's low bits come to
        // the culprit's (about log2(n), more when ids happen to share a
        // long suffix): counted here, so that the bound is exact rather
        // than likely (`runs_for_one_culprit_among_many` measures the
        // average). With runs at once, the guess asks up to `jobs` bits a
        // round, and a round narrows at least one.
        if p.groups.len() == 1 && p.groups[0].len() == 1 && !noise {
            let bits = p.bits_to_single_out(p.groups[0][0]);
            prop_assert!(
                p.runs <= 3 + 2 * bits.max(jobs * bits.div_ceil(jobs)),
                "{} runs for {} decisions ({} bits to single out the culprit, jobs {})",
                p.runs,
                n,
                bits,
                jobs
            );
            if jobs > 1 {
                prop_assert!(p.rounds <= 2 + bits, "{} rounds, {} bits", p.rounds, bits);
            }
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
        let mut p = Program::new(decisions, vec![vec![culprit]], false, 1);
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

#[test]
fn rounds_for_one_culprit_with_runs_at_once() {
    // The wall time of a search with `jobs` runs at once: one round for the
    // premises, about one per `jobs` bits, one to confirm.
    for (jobs, most) in [(2, 1.0 + 7.0 + 1.0), (4, 1.0 + 4.0 + 1.0)] {
        let mut total = 0;
        for salt in 0..50 {
            let decisions: Vec<DecisionId> = (0..4096).map(|i| spread(i, salt)).collect();
            let culprit = decisions[(salt as usize * 97) % 4096];
            let mut p = Program::new(decisions, vec![vec![culprit]], false, jobs);
            assert_eq!(bisect(&mut p), Ok(Outcome::Culprits(vec![culprit])));
            total += p.rounds;
        }
        let mean = total as f64 / 50.0;
        eprintln!("mean rounds for one culprit among 4096 decisions, jobs {jobs}: {mean}");
        // 12 bits: at least 12 / jobs rounds of questions.
        assert!(
            (1.0 + 12.0 / jobs as f64 + 1.0..=most + 0.5).contains(&mean),
            "jobs {jobs}: {mean}"
        );
    }
}

#[test]
fn a_split_pair_falls_back_to_the_exact_search() {
    // Two decisions that fail only together, on opposite sides of their
    // first bit: the guess cannot hold, and the exact search finds both.
    let decisions: Vec<DecisionId> = (0..256)
        .map(|i| DecisionId(i * 2 + 1))
        .chain([DecisionId(4)])
        .collect();
    let pair = vec![DecisionId(4), DecisionId(7)];
    for jobs in [1, 2, 3] {
        let mut p = Program::new(decisions.clone(), vec![pair.clone()], false, jobs);
        let Ok(Outcome::Culprits(mut found)) = bisect(&mut p) else {
            panic!("jobs {jobs}: no culprits");
        };
        found.sort();
        assert_eq!(found, pair, "jobs {jobs}");
    }
}
