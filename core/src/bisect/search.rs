//! Narrowing, completion and minimality ([`Search::narrow`]) along one
//! [`Axis`]: the modules of the decisions, or the decisions (of some
//! modules only, once those are known). An item is a module's key or a
//! decision's id; both are hashes, split by their low bits alike.

use std::collections::{BTreeMap, BTreeSet};

use super::{runs_to_go, Observation, Progress, Tester};
use crate::decision::{DecisionId, ModuleKey, Selection, Suffix, Term};

/// What the narrowing splits.
#[derive(Clone, Debug)]
pub(super) enum Axis {
    /// The modules: an item is a module, kept with all its decisions.
    Modules,
    /// The decisions: of every module (None), or of these modules only
    /// (every other module keeps none).
    Decisions(Option<BTreeSet<ModuleKey>>),
}

impl Axis {
    /// The items an observation shows.
    fn items(&self, o: &Observation) -> BTreeSet<u64> {
        match self {
            Axis::Modules => o.modules.values().map(|m| m.0).collect(),
            Axis::Decisions(None) => o.decisions.iter().map(|d| d.0).collect(),
            Axis::Decisions(Some(within)) => o
                .decisions
                .iter()
                .filter(|d| o.modules.get(d).is_some_and(|m| within.contains(m)))
                .map(|d| d.0)
                .collect(),
        }
    }

    /// The terms that keep the items ending in `s`.
    fn terms(&self, s: Suffix) -> Vec<Term> {
        match self {
            Axis::Modules => vec![Term::Modules(s)],
            Axis::Decisions(None) => vec![Term::Suffix(s)],
            Axis::Decisions(Some(within)) => within.iter().map(|&m| Term::InModule(m, s)).collect(),
        }
    }

    /// The term that keeps one item.
    fn one(&self, item: u64) -> Term {
        match self {
            Axis::Modules => Term::InModule(ModuleKey(item), Suffix::ALL),
            Axis::Decisions(_) => Term::Id(DecisionId(item)),
        }
    }

    /// Whether `forced` keeps item `item` already (`modules`: where each
    /// decision comes from).
    fn forced(
        &self,
        forced: &Selection,
        item: u64,
        modules: &BTreeMap<DecisionId, ModuleKey>,
    ) -> bool {
        match self {
            Axis::Modules => forced.keep.contains(&self.one(item)),
            Axis::Decisions(_) => {
                let id = DecisionId(item);
                forced.keeps_in(id, modules.get(&id).copied())
            }
        }
    }

    /// `forced`, also keeping the items ending in `s`.
    fn with(&self, forced: &Selection, s: Suffix) -> Selection {
        self.terms(s)
            .into_iter()
            .fold(forced.clone(), |k, t| k.with(t))
    }

    /// A selection keeping exactly these items.
    fn keep(&self, items: &[u64]) -> Selection {
        items
            .iter()
            .fold(Selection::none(), |k, &i| k.with(self.one(i)))
    }
}

/// The narrowing step, over one tester.
pub(super) struct Search<'t, T: Tester> {
    tester: &'t mut T,
    found: usize,
    /// Runs that may go at once.
    jobs: usize,
    /// Whether the narrowing still guesses (no guess has failed yet on
    /// this axis).
    guessing: bool,
    /// Whether the items are modules (for progress lines).
    modules: bool,
}

/// A narrowing result: the culprits, or why the test's answers do not fit.
type Found = Result<Vec<u64>, String>;

/// A guess: the confirmed culprit, or where the exact search starts again
/// (a suffix known to fail, and what its run showed).
type Guessed = Result<Vec<u64>, (Suffix, Observation)>;

impl<'t, T: Tester> Search<'t, T> {
    pub(super) fn new(tester: &'t mut T, jobs: usize) -> Search<'t, T> {
        Search {
            tester,
            found: 0,
            jobs,
            guessing: jobs > 1,
            modules: false,
        }
    }

    fn run(&mut self, keep: &Selection) -> Result<Observation, T::Error> {
        self.tester.run(keep)
    }

    /// A minimal set of items whose keeping fails, given that keeping every
    /// item of `axis` fails and that `all` is what that run showed:
    /// narrowing, completion and minimality.
    pub(super) fn narrow(&mut self, axis: &Axis, all: &Observation) -> Result<Found, T::Error> {
        self.guessing = self.jobs > 1;
        self.modules = matches!(axis, Axis::Modules);
        self.found = 0;
        let mut culprits: Vec<u64> = Vec::new();
        // Completion: each round finds at least one more culprit.
        loop {
            let forced = axis.keep(&culprits);
            // Where the exact search starts: the whole set, or where a
            // guess that did not hold last knew the test to fail.
            let (start, from) = if self.guessing {
                self.guessing = false;
                match self.guess(axis, &forced, all)? {
                    Ok(more) => {
                        // Confirmed: kept alone (with `forced`), it fails.
                        culprits.extend(more);
                        break;
                    }
                    Err(known) => known,
                }
            } else {
                (Suffix::ALL, all.clone())
            };
            let more = match self.find(axis, &forced, start, &from)? {
                Ok(more) if !more.is_empty() => more,
                Ok(_) => return Ok(Err(
                    "the test failed with every decision kept, but no decision could be singled out"
                        .into(),
                )),
                Err(why) => return Ok(Err(why)),
            };
            culprits.extend(more);
            if self.run(&axis.keep(&culprits))?.failed {
                break;
            }
            if culprits.len() > 64 {
                return Ok(Err(
                    "more than 64 culprits: the failure does not narrow down".into(),
                ));
            }
        }
        // Minimality.
        let mut i = 0;
        while culprits.len() > 1 && i < culprits.len() {
            let mut without = culprits.clone();
            without.remove(i);
            if self.run(&axis.keep(&without))?.failed {
                culprits = without;
            } else {
                i += 1;
            }
        }
        Ok(Ok(culprits))
    }

    /// The items of `seen` ending in `s`, not forced on.
    fn candidates(axis: &Axis, forced: &Selection, s: Suffix, seen: &Observation) -> Vec<u64> {
        axis.items(seen)
            .into_iter()
            .filter(|&i| s.matches_bits(i) && !axis.forced(forced, i, &seen.modules))
            .collect()
    }

    fn tell(&mut self, candidates: usize, s: Suffix) {
        let at = Progress {
            candidates,
            modules: self.modules,
            bits: s.bits,
            culprits: self.found,
            runs_to_go: runs_to_go(candidates, self.jobs, self.guessing),
        };
        self.tester.progress(at);
    }

    /// The one culprit there would be if there were one (with `forced`
    /// kept, every item failing): rounds of `jobs` independent questions,
    /// one per bit ([`Suffix::ask`]), until no more candidates are left
    /// than runs can go at once; then each of them kept alone (with
    /// `forced`), which confirms the first that fails.
    ///
    /// When no candidate is left or none fails alone (several culprits,
    /// which a round's questions answered for different ones), the last
    /// suffix known to fail with `forced` and what its runs showed, where
    /// the exact search starts again: the base of the last round in which
    /// a run failed (a run that fails keeps a part of its base).
    fn guess(
        &mut self,
        axis: &Axis,
        forced: &Selection,
        all: &Observation,
    ) -> Result<Guessed, T::Error> {
        let mut s = Suffix::ALL;
        let mut seen = all.clone();
        let mut known = (s, seen.clone());
        loop {
            let candidates = Self::candidates(axis, forced, s, &seen);
            if candidates.is_empty() {
                return Ok(Err(known));
            }
            self.tell(candidates.len(), s);
            if candidates.len() <= self.jobs {
                let alone: Vec<Selection> = candidates
                    .iter()
                    .map(|&c| forced.with(axis.one(c)))
                    .collect();
                let seen_alone = self.tester.run_all(&alone)?;
                let first = seen_alone.iter().position(|o| o.failed);
                return Ok(first.map(|k| vec![candidates[k]]).ok_or(known));
            }
            let width = (self.jobs as u8).min(64 - s.bits);
            let Some(asks) = (0..width)
                .map(|k| s.ask(k))
                .collect::<Option<Vec<Suffix>>>()
            else {
                return Ok(Err(known));
            };
            let keeps: Vec<Selection> = asks.iter().map(|&a| axis.with(forced, a)).collect();
            let seen_now = self.tester.run_all(&keeps)?;
            if let Some(failed) = seen_now.iter().find(|o| o.failed) {
                known = (s, failed.clone());
            }
            // A run that failed: the culprit's bit is 0; one that passed: 1.
            let digits = seen_now
                .iter()
                .enumerate()
                .fold(0u64, |d, (k, o)| d | (u64::from(!o.failed) << k));
            let Some(next) = s.extend(width, digits) else {
                return Ok(Err(known));
            };
            s = next;
            seen = union(seen_now);
        }
    }

    /// Culprits among the items ending in `s`, given that keeping them and
    /// `forced` fails, and that `seen` is what that run showed.
    fn find(
        &mut self,
        axis: &Axis,
        forced: &Selection,
        s: Suffix,
        seen: &Observation,
    ) -> Result<Found, T::Error> {
        let candidates = Self::candidates(axis, forced, s, seen);
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
        let (k0, k1) = (axis.with(forced, s0), axis.with(forced, s1));
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
            return self.find(axis, forced, s0, &r0);
        }
        let r1 = match r1 {
            Some(r1) => r1,
            None => self.run(&k1)?,
        };
        if r1.failed {
            return self.find(axis, forced, s1, &r1);
        }
        // Neither half fails alone: culprits on both sides. Those in 0s
        // with all of 1s kept (that is `forced` + `s`, which failed) ...
        let left = match self.find(axis, &k1, s0, seen)? {
            Ok(left) if !left.is_empty() => left,
            Ok(_) => {
                return Ok(Err(format!(
                    "the decisions ending in {s} fail together, but neither half holds a culprit"
                )))
            }
            Err(why) => return Ok(Err(why)),
        };
        // ... then those in 1s with the ones found in 0s kept.
        let with_left = left
            .iter()
            .fold(forced.clone(), |k, &i| k.with(axis.one(i)));
        let r = self.run(&axis.with(&with_left, s1))?;
        if !r.failed {
            return Ok(Err(format!(
                "the culprits found among the decisions ending in {s0} no longer fail with those ending in {s1}"
            )));
        }
        let right = match self.find(axis, &with_left, s1, &r)? {
            Ok(right) => right,
            Err(why) => return Ok(Err(why)),
        };
        Ok(Ok(left.into_iter().chain(right).collect()))
    }
}

/// What several runs showed together: every decision any of them made.
fn union(seen: Vec<Observation>) -> Observation {
    let mut all = Observation::default();
    for o in seen {
        all.decisions.extend(o.decisions);
        all.modules.extend(o.modules);
    }
    all
}

#[cfg(test)]
mod tests {
    use super::super::bits_for;
    use super::*;

    #[test]
    fn runs_to_go_counts_rounds_then_each_alone() {
        // 1024 candidates, 10 bits: 1.5 runs a bit one at a time.
        assert_eq!(runs_to_go(1024, 1, false), 16);
        // Two at a time: 9 bits by twos (10 runs), then two alone.
        assert_eq!(runs_to_go(1024, 2, true), 12);
        assert_eq!(bits_for(1024), 10);
    }
}
