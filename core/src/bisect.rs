//! The search behind `aliaskit bisect`: a minimal set of decisions that
//! together make the user's test fail.
//!
//! The test is a black box that, given a [`Selection`] of decisions to keep
//! definite (all others are answered conservatively), builds and runs the
//! user's program and reports whether it failed, and which decisions the
//! build made ([`Observation`]). The set of decisions can differ from run to
//! run, because later passes see different IR; ids are made from content,
//! so the ones that matter keep their names.
//!
//! 1. **Premises.** Keeping every decision fails; keeping none passes.
//! 2. **Narrowing** ([`Search::find`], hash-based like Go's `bisect`): with
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
//! **Several runs at once** ([`Tester::jobs`] > 1). The premises run
//! together, and the narrowing first *guesses* ([`Search::guess`]): most
//! failures have one culprit, and for one culprit "is its next bit 0?" and
//! "is the bit after it 0?" are independent questions, so a round asks
//! `jobs` of them at once (`+0s`, `+0.s`, `+0..s`, ... with `.` either
//! digit, [`Suffix::ask`]): a run that fails says the culprit's bit is 0,
//! one that passes says 1. That is one round per `jobs` bits, where the
//! exact step above needs one or two runs per bit. Once no more candidates
//! are left than runs can go at once, each is kept alone (with those
//! forced on), and the first that fails is the culprit: that run is the
//! confirmation of step 3. When none fails (the culprits are several, and
//! a round split them), the exact step runs from the start, its two
//! halves at once, and gives what one run at a time gives. So the culprits named are the same for every `jobs`
//! whenever the failure has one minimal set (one culprit, or decisions
//! that only fail together); when several sets each break the program
//! alone, each `jobs` names one of them.

use std::collections::BTreeSet;

use crate::decision::{DecisionId, Selection, Suffix, Term};

/// What one run of the test showed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Observation {
    pub failed: bool,
    /// Every decision the build made, kept or not.
    pub decisions: BTreeSet<DecisionId>,
}

/// Where the search stands, before each narrowing step (for progress
/// lines).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Decisions that may still be culprits.
    pub candidates: usize,
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

/// The whole search: premises, narrowing, completion, minimality.
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
    let mut search = Search {
        tester,
        found: 0,
        jobs,
        guessing: jobs > 1,
    };
    let mut culprits: Vec<DecisionId> = Vec::new();
    // Completion: each round finds at least one more culprit.
    loop {
        let forced = Selection::ids(culprits.iter().copied());
        if search.guessing {
            if let Some(more) = search.guess(&forced, &all.decisions)? {
                // Confirmed: kept alone (with `forced`), it fails.
                culprits.extend(more);
                break;
            }
            // The guess did not hold: the exact search, from the start.
            search.guessing = false;
        }
        let more = match search.find(&forced, Suffix::ALL, &all.decisions)? {
            Ok(more) if !more.is_empty() => more,
            Ok(_) => return Ok(Outcome::Inconsistent(
                "the test failed with every decision kept, but no decision could be singled out"
                    .into(),
            )),
            Err(why) => return Ok(Outcome::Inconsistent(why)),
        };
        culprits.extend(more);
        if search
            .run(&Selection::ids(culprits.iter().copied()))?
            .failed
        {
            break;
        }
        if culprits.len() > 64 {
            return Ok(Outcome::Inconsistent(
                "more than 64 culprits: the failure does not narrow down".into(),
            ));
        }
    }
    // Minimality.
    let mut i = 0;
    while culprits.len() > 1 && i < culprits.len() {
        let without: Vec<DecisionId> = culprits
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != i)
            .map(|(_, &c)| c)
            .collect();
        if search.run(&Selection::ids(without.iter().copied()))?.failed {
            culprits = without;
        } else {
            i += 1;
        }
    }
    Ok(Outcome::Culprits(culprits))
}

/// The narrowing step, over one tester.
pub struct Search<'t, T: Tester> {
    tester: &'t mut T,
    found: usize,
    /// Runs that may go at once.
    jobs: usize,
    /// Whether the narrowing still guesses (no guess has failed yet).
    guessing: bool,
}

/// A narrowing result: the culprits, or why the test's answers do not fit.
type Found = Result<Vec<DecisionId>, String>;

impl<T: Tester> Search<'_, T> {
    fn run(&mut self, keep: &Selection) -> Result<Observation, T::Error> {
        self.tester.run(keep)
    }

    /// The decisions of `seen` ending in `s`, not forced on.
    fn candidates(forced: &Selection, s: Suffix, seen: &BTreeSet<DecisionId>) -> Vec<DecisionId> {
        seen.iter()
            .copied()
            .filter(|&id| s.matches(id) && !forced.keeps(id))
            .collect()
    }

    fn tell(&mut self, candidates: usize, s: Suffix) {
        let at = Progress {
            candidates,
            bits: s.bits,
            culprits: self.found,
            runs_to_go: runs_to_go(candidates, self.jobs, self.guessing),
        };
        self.tester.progress(at);
    }

    /// The one culprit there would be if there were one (with `forced`
    /// kept, every decision failing): rounds of `jobs` independent
    /// questions, one per bit ([`Suffix::ask`]), until no more candidates
    /// are left than runs can go at once; then each of them kept alone
    /// (with `forced`), which confirms the first that fails. None when no
    /// candidate is left or none fails alone.
    fn guess(
        &mut self,
        forced: &Selection,
        seen: &BTreeSet<DecisionId>,
    ) -> Result<Option<Vec<DecisionId>>, T::Error> {
        let mut s = Suffix::ALL;
        let mut seen = seen.clone();
        loop {
            let candidates = Self::candidates(forced, s, &seen);
            if candidates.is_empty() {
                return Ok(None);
            }
            self.tell(candidates.len(), s);
            if candidates.len() <= self.jobs {
                let alone: Vec<Selection> = candidates
                    .iter()
                    .map(|&c| forced.with(Term::Id(c)))
                    .collect();
                let seen_alone = self.tester.run_all(&alone)?;
                let first = seen_alone.iter().position(|o| o.failed);
                return Ok(first.map(|k| vec![candidates[k]]));
            }
            let width = (self.jobs as u8).min(64 - s.bits);
            let Some(asks) = (0..width)
                .map(|k| s.ask(k))
                .collect::<Option<Vec<Suffix>>>()
            else {
                return Ok(None);
            };
            let keeps: Vec<Selection> =
                asks.iter().map(|&a| forced.with(Term::Suffix(a))).collect();
            let seen_now = self.tester.run_all(&keeps)?;
            // A run that failed: the culprit's bit is 0; one that passed: 1.
            let digits = seen_now
                .iter()
                .enumerate()
                .fold(0u64, |d, (k, o)| d | (u64::from(!o.failed) << k));
            let Some(next) = s.extend(width, digits) else {
                return Ok(None);
            };
            s = next;
            seen = seen_now.into_iter().flat_map(|o| o.decisions).collect();
        }
    }

    /// Culprits among the decisions ending in `s`, given that keeping them
    /// and `forced` fails, and that `seen` is what that run decided.
    fn find(
        &mut self,
        forced: &Selection,
        s: Suffix,
        seen: &BTreeSet<DecisionId>,
    ) -> Result<Found, T::Error> {
        let candidates = Self::candidates(forced, s, seen);
        match candidates.len() {
            0 => return Ok(Ok(Vec::new())),
            1 => {
                self.found += 1;
                return Ok(Ok(candidates));
            }
            _ => {}
        }
        let Some((s0, s1)) = s.halves() else {
            return Ok(Err("two decisions with one id".into()));
        };
        self.tell(candidates.len(), s);
        let (k0, k1) = (forced.with(Term::Suffix(s0)), forced.with(Term::Suffix(s1)));
        // Both halves at once when runs can go together (the second is
        // wasted when the first fails), else the second only if needed.
        let (r0, r1) = if self.jobs > 1 {
            let mut both = self.tester.run_all(&[k0.clone(), k1.clone()])?;
            let r1 = both.pop().expect("two runs");
            (both.pop().expect("two runs"), Some(r1))
        } else {
            (self.run(&k0)?, None)
        };
        if r0.failed {
            return self.find(forced, s0, &r0.decisions);
        }
        let r1 = match r1 {
            Some(r1) => r1,
            None => self.run(&k1)?,
        };
        if r1.failed {
            return self.find(forced, s1, &r1.decisions);
        }
        // Neither half fails alone: culprits on both sides. Those in 0s
        // with all of 1s kept (that is `forced` + `s`, which failed) ...
        let left = match self.find(&forced.with(Term::Suffix(s1)), s0, seen)? {
            Ok(left) if !left.is_empty() => left,
            Ok(_) => {
                return Ok(Err(format!(
                    "the decisions ending in {s} fail together, but neither half holds a culprit"
                )))
            }
            Err(why) => return Ok(Err(why)),
        };
        // ... then those in 1s with the ones found in 0s kept.
        let mut with_left = forced.clone();
        for &id in &left {
            with_left = with_left.with(Term::Id(id));
        }
        let r = self.run(&with_left.with(Term::Suffix(s1)))?;
        if !r.failed {
            return Ok(Err(format!(
                "the culprits found among the decisions ending in {s0} no longer fail with those ending in {s1}"
            )));
        }
        let right = match self.find(&with_left, s1, &r.decisions)? {
            Ok(right) => right,
            Err(why) => return Ok(Err(why)),
        };
        Ok(Ok(left.into_iter().chain(right).collect()))
    }
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
