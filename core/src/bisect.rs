//! The search behind `aliaskit bisect`: a minimal set of decisions that
//! together make the user's test fail.
//!
//! The test is a black box that, given a [`Selection`] of decisions to keep
//! definite (all others are answered conservatively), builds and runs the
//! user's program and reports whether it failed, and which decisions the
//! build made, in which modules ([`Observation`]). The set of decisions can
//! differ from run to run, because later passes see different IR; ids are
//! made from content, so the ones that matter keep their names.
//!
//! 1. **Premises.** Keeping every decision fails; keeping none passes.
//! 2. **Narrowing** ([`search`], hash-based like Go's `bisect`): with
//!    the decisions whose ids end in suffix `s` kept (plus those forced on),
//!    the test fails. Try `0s`, then `1s`; if one half fails alone, go on
//!    in it. If neither does, the culprits lie on both sides: find those in
//!    `0s` with all of `1s` kept, then those in `1s` with the ones found
//!    kept. Stop when one decision ends in `s`.
//! 3. **Completion.** If keeping only the culprits does not fail, search
//!    again with the culprits kept.
//! 4. **Minimality.** Drop each culprit in turn; one whose absence still
//!    fails is not needed.
//!
//! Runs: about 1.5 per bit of narrowing (a failing `0s` saves the second),
//! so roughly 1.5 · log2(decisions) for one culprit, plus the two premises
//! and one confirmation per culprit.
//!
//! **Modules first.** When the decisions come from several modules and
//! the tester asks for it ([`Tester::by_module`]), steps 2 to 4 run twice:
//! first over the modules (keeping every decision of the modules whose
//! key ends in `s`, `+mBITS`), which gives a minimal set of modules whose
//! decisions break the program; then over the decisions of those modules
//! only (`+mxKEY:BITS`), every other module keeping none. A run of the
//! first phase changes what is kept in half of the candidate modules, one
//! of the second phase in the culprits' modules alone, where a split by id
//! changes every module: a build that rebuilds only the modules whose
//! selection changed does a fraction of the work. The runs are about as
//! many (log2 of the modules plus log2 of their decisions).
//!
//! **Several runs at once** ([`Tester::jobs`] > 1). The premises run
//! together, and the narrowing first *guesses*: most failures have one
//! culprit, and for one culprit "is its next bit 0?" and "is the bit after
//! it 0?" are independent questions, so a round asks `jobs` of them at
//! once (`+0s`, `+0.s`, `+0..s`, ... with `.` either digit,
//! [`Suffix::ask`](crate::decision::Suffix::ask)): a run that fails says the culprit's bit is 0, one that
//! passes says 1. That is one round per `jobs` bits, where the exact step
//! above needs one or two runs per bit. Once no more candidates are left
//! than runs can go at once, each is kept alone (with those forced on),
//! and the first that fails is the culprit: that run is the confirmation
//! of step 3. When none fails (the culprits are several, and a round split
//! them), the exact step runs from the start, its two halves at once, and
//! gives what one run at a time gives. So the culprits named are the same
//! for every `jobs` whenever the failure has one minimal set (one culprit,
//! or decisions that only fail together); when several sets each break the
//! program alone, each `jobs` names one of them.

mod search;

use std::collections::{BTreeMap, BTreeSet};

use crate::decision::{DecisionId, ModuleKey, Selection};
use search::{Axis, Search};

/// What one run of the test showed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observation {
    pub failed: bool,
    /// Every decision the build made, kept or not.
    pub decisions: BTreeSet<DecisionId>,
    /// The module of each decision, where known (empty: no module phase).
    pub modules: BTreeMap<DecisionId, ModuleKey>,
}

/// Where the search stands, before each narrowing step (for progress
/// lines).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Decisions (or, narrowing by module, modules) that may still hold
    /// culprits.
    pub candidates: usize,
    /// Whether the candidates are modules.
    pub modules: bool,
    /// Bits of the suffix narrowed so far.
    pub bits: u8,
    /// Culprits found so far.
    pub culprits: usize,
    /// Runs the search still expects to make (narrowing and confirmation).
    pub runs_to_go: usize,
}

/// Runs the user's test.
pub trait Tester {
    type Error;
    fn run(&mut self, keep: &Selection) -> Result<Observation, Self::Error>;
    /// Runs the test under each selection, up to [`Tester::jobs`] at once,
    /// and gives the observations in the order of `keeps`. One at a time
    /// unless the tester can do better.
    fn run_all(&mut self, keeps: &[Selection]) -> Result<Vec<Observation>, Self::Error> {
        keeps.iter().map(|k| self.run(k)).collect()
    }
    /// How many runs may go at once.
    fn jobs(&self) -> usize {
        1
    }
    /// Whether to narrow by module first when decisions come from several.
    fn by_module(&self) -> bool {
        false
    }
    /// Told where the search stands before each narrowing step.
    fn progress(&mut self, _at: Progress) {}
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// These decisions, kept together, make the test fail; dropping any
    /// one of them makes it pass.
    Culprits(Vec<DecisionId>),
    /// Premise 1 failed: the test passes with every decision kept.
    PassesWithAllKept,
    /// Premise 2 failed: the test fails with no decision kept, so the
    /// failure does not depend on the analyses' answers.
    FailsWithNoneKept,
    /// The test answered inconsistently (a flaky test, or decisions that
    /// break the program only in ways the search cannot narrow).
    Inconsistent(String),
}

/// Bits needed to tell `n` candidates apart.
fn bits_for(n: usize) -> u32 {
    n.max(1).next_power_of_two().trailing_zeros()
}

/// The runs expected to narrow `n` candidates to one and confirm it: when
/// guessing, `jobs` a round until `jobs` are left, then each alone.
pub fn runs_to_go(n: usize, jobs: usize, guessing: bool) -> usize {
    let bits = bits_for(n) as usize;
    if guessing {
        bits.saturating_sub(bits_for(jobs) as usize).div_ceil(jobs) * jobs + n.min(jobs)
    } else if jobs > 1 {
        2 * bits + 1
    } else {
        (3 * bits).div_ceil(2) + 1
    }
}

/// The whole search: premises, then narrowing, completion and minimality
/// (by module first when asked and the decisions come from several).
pub fn bisect<T: Tester>(tester: &mut T) -> Result<Outcome, T::Error> {
    let jobs = tester.jobs().max(1);
    let all = if jobs > 1 {
        let mut both = tester.run_all(&[Selection::all(), Selection::none()])?;
        let none = both.pop().expect("two runs");
        let all = both.pop().expect("two runs");
        if all.failed && none.failed {
            return Ok(Outcome::FailsWithNoneKept);
        }
        all
    } else {
        let all = tester.run(&Selection::all())?;
        if all.failed && tester.run(&Selection::none())?.failed {
            return Ok(Outcome::FailsWithNoneKept);
        }
        all
    };
    if !all.failed {
        return Ok(Outcome::PassesWithAllKept);
    }
    let by_module = tester.by_module();
    let mut search = Search::new(tester, jobs);
    let modules: BTreeSet<ModuleKey> = all.modules.values().copied().collect();
    let within = if by_module && modules.len() > 1 {
        match search.narrow(&Axis::Modules, &all)? {
            Ok(found) => Some(found.into_iter().map(ModuleKey).collect()),
            Err(why) => return Ok(Outcome::Inconsistent(why)),
        }
    } else {
        None
    };
    Ok(match search.narrow(&Axis::Decisions(within), &all)? {
        Ok(found) => Outcome::Culprits(found.into_iter().map(DecisionId).collect()),
        Err(why) => Outcome::Inconsistent(why),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A program that fails when all decisions of some group are kept.
    struct Program {
        decisions: BTreeSet<DecisionId>,
        groups: Vec<Vec<DecisionId>>,
        runs: usize,
        flaky_after: Option<usize>,
    }

    impl Tester for Program {
        type Error = ();
        fn run(&mut self, keep: &Selection) -> Result<Observation, ()> {
            self.runs += 1;
            let failed = self
                .groups
                .iter()
                .any(|g| g.iter().all(|&id| keep.keeps(id)));
            let failed = match self.flaky_after {
                Some(n) if self.runs > n => !failed,
                _ => failed,
            };
            Ok(Observation {
                failed,
                decisions: self.decisions.clone(),
                ..Observation::default()
            })
        }
    }

    fn program(n: u64, groups: Vec<Vec<u64>>) -> Program {
        let spread = |i: u64| DecisionId(i.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Program {
            decisions: (0..n).map(spread).collect(),
            groups: groups
                .into_iter()
                .map(|g| g.into_iter().map(spread).collect())
                .collect(),
            runs: 0,
            flaky_after: None,
        }
    }

    #[test]
    fn one_culprit_in_about_log2_runs() {
        let mut p = program(1000, vec![vec![417]]);
        let expect = p.groups[0].clone();
        assert_eq!(bisect(&mut p), Ok(Outcome::Culprits(expect)));
        // 2 premises, ~10 bits at 1 or 2 runs each, 1 confirmation.
        assert!(p.runs <= 2 + 2 * 11 + 1, "{} runs", p.runs);
    }

    #[test]
    fn two_decisions_that_only_fail_together() {
        let mut p = program(500, vec![vec![3, 250]]);
        let Ok(Outcome::Culprits(mut found)) = bisect(&mut p) else {
            panic!("no culprits")
        };
        found.sort();
        let mut expect = p.groups[0].clone();
        expect.sort();
        assert_eq!(found, expect);
    }

    #[test]
    fn premises_are_checked() {
        let mut passes = program(10, vec![]);
        assert_eq!(bisect(&mut passes), Ok(Outcome::PassesWithAllKept));
        let mut always = program(10, vec![vec![]]);
        assert_eq!(bisect(&mut always), Ok(Outcome::FailsWithNoneKept));
    }

    #[test]
    fn a_flaky_test_is_reported_not_looped_on() {
        let mut p = program(64, vec![vec![5]]);
        p.flaky_after = Some(3);
        match bisect(&mut p) {
            Ok(Outcome::Inconsistent(_)) | Ok(Outcome::Culprits(_)) => {}
            other => panic!("{other:?}"),
        }
        assert!(p.runs < 200);
    }
}
