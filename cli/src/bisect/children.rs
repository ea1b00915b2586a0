//! Running COMMAND: each run numbered, its selection written, started in
//! a free slot (its stamps brought up to date first) with the variables
//! the plugin and the script read, up to `-j` at once, and waited for
//! (`--timeout`).

use std::collections::BTreeSet;
use std::fs::File;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use aliaskit_core::decision::{RecordedFunctions, Selection};
use anyhow::{Context, Result};

use super::{repair, Runner};

/// How one run of COMMAND ended: whether it failed, whether `--timeout`
/// stopped it, its slot, and the modules whose stamps changed for it.
#[derive(Clone)]
pub(super) struct Ended {
    pub(super) failed: bool,
    pub(super) timed_out: bool,
    pub(super) slot: usize,
    pub(super) changed: BTreeSet<String>,
}

/// One run of COMMAND: its number, selection and files.
pub(super) struct Run {
    pub(super) n: usize,
    pub(super) keep: Selection,
    /// `ALIASKIT_BISECT`'s value (`@FILE` for a long one).
    pub(super) selection: String,
    pub(super) log: PathBuf,
    pub(super) output: PathBuf,
    /// `ALIASKIT_BISECT_RECORDS` for the run (None: unset).
    pub(super) recorded: Option<RecordedFunctions>,
}

impl Runner {
    /// Starts run `n` of COMMAND in `slot`, writing to `output`.
    fn spawn(&self, run: &Run, slot: usize) -> Result<Child> {
        let out = File::create(&run.output)
            .with_context(|| format!("cannot create {}", run.output.display()))?;
        let err = out.try_clone()?;
        let mut command = Command::new(&self.command[0]);
        match &run.recorded {
            Some(r) => command.env("ALIASKIT_BISECT_RECORDS", r.to_string()),
            None => command.env_remove("ALIASKIT_BISECT_RECORDS"),
        };
        command
            .args(&self.command[1..])
            .env("ALIASKIT_BISECT", &run.selection)
            .env("ALIASKIT_BISECT_LOG", &run.log)
            .env("ALIASKIT_BISECT_RUN", run.n.to_string())
            .env("ALIASKIT_BISECT_SLOT", slot.to_string())
            .env("ALIASKIT_BISECT_STAMPS", self.stamps.dir(slot))
            // ccache's key ignores ALIASKIT_BISECT and the plugin.
            .env("CCACHE_DISABLE", "1")
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .with_context(|| format!("cannot run {}", self.command[0]))
    }

    /// Runs COMMAND once per run, up to `jobs` at once (each in a slot
    /// whose stamps are brought up to date first).
    pub(super) fn execute(&mut self, runs: &[Run]) -> Result<Vec<Ended>> {
        let mut done: Vec<Option<Ended>> = vec![None; runs.len()];
        // (index of the run, its slot, the child, when it started, the
        // modules whose stamps changed)
        let mut going: Vec<(usize, usize, Child, Instant, BTreeSet<String>)> = Vec::new();
        let mut next = 0;
        while next < runs.len() || !going.is_empty() {
            while next < runs.len() && going.len() < self.jobs {
                let slot = (0..self.jobs)
                    .find(|s| going.iter().all(|g| g.1 != *s))
                    .expect("a free slot");
                let started = self
                    .stamps
                    .before(slot, &runs[next].keep)
                    .and_then(|changed| Ok((self.spawn(&runs[next], slot)?, changed)));
                let (child, changed) = match started {
                    Ok(started) => started,
                    Err(e) => {
                        for (_, _, mut child, ..) in going {
                            let _ = child.kill();
                            let _ = child.wait();
                        }
                        return Err(e);
                    }
                };
                going.push((next, slot, child, Instant::now(), changed));
                next += 1;
            }
            let mut k = 0;
            while k < going.len() {
                let (_, _, child, start, _) = &mut going[k];
                let finished = if let Some(status) = child.try_wait()? {
                    Some((!status.success(), false))
                } else if self.timeout.is_some_and(|t| start.elapsed() > t) {
                    let _ = child.kill();
                    let _ = child.wait();
                    Some((true, true))
                } else {
                    None
                };
                match finished {
                    Some((failed, timed_out)) => {
                        let (i, slot, _, _, changed) = going.swap_remove(k);
                        done[i] = Some(Ended {
                            failed,
                            timed_out,
                            slot,
                            changed,
                        });
                    }
                    None => k += 1,
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(done
            .into_iter()
            .map(|d| d.expect("every run ended"))
            .collect())
    }

    /// Numbers the next run and writes its selection file if needed.
    pub(super) fn prepare(&mut self, keep: &Selection) -> Result<Run> {
        self.runs += 1;
        let n = self.runs;
        let log = self.dir.join(format!("run-{n}.log"));
        let output = self.dir.join(format!("run-{n}.out"));
        let selection_file = self.dir.join(format!("run-{n}.selection"));
        let _ = std::fs::remove_file(&log);
        let mut selection = keep.to_string();
        if selection.len() > 2000 {
            std::fs::write(&selection_file, &selection)?;
            selection = format!("@{}", selection_file.display());
        }
        // A run that keeps a few decisions by id (a confirmation, or the
        // last candidates alone) records their functions, so that the
        // culprits' full records come from the search's own runs.
        let recorded = match (&self.recorded, keep.only_ids()) {
            (Some(r), Some(ids)) if r.is_empty() => repair::functions(self, &ids),
            (r, _) => r.clone(),
        };
        Ok(Run {
            n,
            keep: keep.clone(),
            selection,
            log,
            output,
            recorded,
        })
    }
}
