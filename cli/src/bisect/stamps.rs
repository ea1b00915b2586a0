//! Stamps: what lets a build that tracks its dependencies (make) rebuild
//! only the modules whose selection changed.
//!
//! Each run gets `ALIASKIT_BISECT_STAMPS`, a directory of its slot (runs
//! that go at once have slots of their own, and so build directories of
//! their own). It holds `NAME.stamp` for each module the slot has built,
//! NAME the file name of the module's source (`x.c`, as in module keys).
//! Before a run, the stamp of each module whose kept decisions change
//! under the run's selection (against what the slot last built it with)
//! is rewritten; the others keep their mtime. A build that makes each
//! object depend on its module's stamp rebuilds just those.
//!
//! A module the run did not rebuild is taken as built before: its
//! decisions (those of the slot's last build of it) count for the run.
//! That is sound because a module's build asks the same decisions again
//! when the answers it got stay the same. A module whose stamp was
//! rewritten but that was not rebuilt is a replay: the search stops.
//!
//! The directory of a slot does not exist before the slot's first run
//! has ended, so a script can start its build directory afresh then.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use aliaskit_core::decision::{file_name, DecisionId, ModuleKey, Selection};
use anyhow::{Context, Result};

/// A module as a run built it: its decisions, each with the module key its
/// log record gave (None in a log without keys).
#[derive(Clone, Debug, Default)]
pub(super) struct Built {
    pub decisions: BTreeMap<DecisionId, Option<ModuleKey>>,
}

impl Built {
    /// The decisions `keep` keeps.
    fn kept(&self, keep: &Selection) -> BTreeSet<DecisionId> {
        self.decisions
            .iter()
            .filter(|&(&d, &k)| keep.keeps_in(d, k))
            .map(|(&d, _)| d)
            .collect()
    }
}

/// What a slot last built of each module, and what it kept.
#[derive(Default)]
struct Slot {
    modules: BTreeMap<String, (Built, BTreeSet<DecisionId>)>,
}

pub(super) struct Stamps {
    root: PathBuf,
    slots: BTreeMap<usize, Slot>,
}

/// What a run did not rebuild: the modules carried over from the slot's
/// earlier builds, and those it should have rebuilt.
#[derive(Default)]
pub(super) struct NotRebuilt {
    pub carried: BTreeMap<String, Built>,
    pub replayed: Vec<String>,
}

impl Stamps {
    pub fn new(root: PathBuf) -> Stamps {
        Stamps {
            root,
            slots: BTreeMap::new(),
        }
    }

    /// The stamp directory of `slot`.
    pub fn dir(&self, slot: usize) -> PathBuf {
        self.root.join(format!("slot-{slot}"))
    }

    fn stamp(dir: &Path, module: &str) -> PathBuf {
        dir.join(format!("{}.stamp", file_name(module)))
    }

    /// Before a run in `slot` under `keep`: rewrites the stamps of the
    /// modules whose kept decisions change, and gives their names.
    pub fn before(&mut self, slot: usize, keep: &Selection) -> Result<BTreeSet<String>> {
        let dir = self.dir(slot);
        let Some(state) = self.slots.get(&slot) else {
            return Ok(BTreeSet::new());
        };
        let mut changed = BTreeSet::new();
        for (name, (built, kept)) in &state.modules {
            if built.kept(keep) != *kept {
                let path = Self::stamp(&dir, name);
                std::fs::write(&path, format!("{keep}\n"))
                    .with_context(|| format!("cannot write {}", path.display()))?;
                changed.insert(name.clone());
            }
        }
        Ok(changed)
    }

    /// After a run in `slot` under `keep` that rebuilt `built` (every
    /// module that went through a pipeline, with its decisions), `changed`
    /// being what [`Stamps::before`] said.
    pub fn after(
        &mut self,
        slot: usize,
        keep: &Selection,
        built: &BTreeMap<String, Built>,
        changed: &BTreeSet<String>,
    ) -> Result<NotRebuilt> {
        let dir = self.dir(slot);
        let first = !self.slots.contains_key(&slot);
        let state = self.slots.entry(slot).or_default();
        let mut not = NotRebuilt::default();
        for (name, (old, _)) in &state.modules {
            if built.contains_key(name) {
                continue;
            }
            if changed.contains(name) {
                not.replayed.push(name.clone());
            } else {
                not.carried.insert(name.clone(), old.clone());
            }
        }
        for (name, b) in built {
            state
                .modules
                .insert(name.clone(), (b.clone(), b.kept(keep)));
        }
        if first {
            std::fs::create_dir_all(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        // A module seen for the first time gets a stamp older than any
        // build: its object is up to date until its selection changes.
        let old = SystemTime::UNIX_EPOCH + Duration::from_secs(86_400);
        for name in built.keys() {
            let path = Self::stamp(&dir, name);
            if !path.exists() {
                let f = File::create(&path)
                    .with_context(|| format!("cannot create {}", path.display()))?;
                f.set_modified(old)
                    .with_context(|| format!("cannot set the time of {}", path.display()))?;
            }
        }
        Ok(not)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aliaskit_core::decision::{Suffix, Term};

    fn module(key: u64, ids: &[u64]) -> Built {
        Built {
            decisions: ids
                .iter()
                .map(|&i| (DecisionId(i), Some(ModuleKey(key))))
                .collect(),
        }
    }

    #[test]
    fn only_modules_whose_selection_changes_are_stamped() {
        let root = tempfile::tempdir().unwrap();
        let mut stamps = Stamps::new(root.path().to_owned());
        let built: BTreeMap<String, Built> = [
            ("src/a.c".to_owned(), module(1, &[0b00, 0b01])),
            ("b.c".to_owned(), module(2, &[0b10, 0b11])),
        ]
        .into();
        // The slot's first run: no directory before, old stamps after.
        assert!(stamps.before(0, &Selection::all()).unwrap().is_empty());
        assert!(!stamps.dir(0).exists());
        let not = stamps
            .after(0, &Selection::all(), &built, &BTreeSet::new())
            .unwrap();
        assert!(not.carried.is_empty() && not.replayed.is_empty());
        let a = stamps.dir(0).join("a.c.stamp");
        let old = std::fs::metadata(&a).unwrap().modified().unwrap();
        assert!(old < SystemTime::now() - Duration::from_secs(3600));
        // Module a keeps the same under "all of module 1, ids ending in 1
        // elsewhere"; b loses 0b10.
        let keep = Selection::none()
            .with(Term::InModule(ModuleKey(1), Suffix::ALL))
            .with(Term::Suffix(Suffix::new(1, 1)));
        let changed = stamps.before(0, &keep).unwrap();
        assert_eq!(changed, ["b.c".to_owned()].into());
        assert_eq!(std::fs::metadata(&a).unwrap().modified().unwrap(), old);
        assert!(
            std::fs::metadata(stamps.dir(0).join("b.c.stamp"))
                .unwrap()
                .modified()
                .unwrap()
                > old
        );
        // The run rebuilt b only: a's decisions are carried over.
        let only_b: BTreeMap<String, Built> = [("b.c".to_owned(), module(2, &[0b10, 0b11]))].into();
        let not = stamps.after(0, &keep, &only_b, &changed).unwrap();
        assert_eq!(not.carried.keys().collect::<Vec<_>>(), ["src/a.c"]);
        assert!(not.replayed.is_empty());
        // Now a changes and is not rebuilt: a replay.
        let changed = stamps.before(0, &Selection::none()).unwrap();
        assert_eq!(changed.len(), 2);
        let not = stamps
            .after(0, &Selection::none(), &only_b, &changed)
            .unwrap();
        assert_eq!(not.replayed, ["src/a.c"]);
        // Another slot knows nothing yet.
        assert!(stamps.before(1, &Selection::none()).unwrap().is_empty());
    }
}
