//! Reading one run's log: its decisions (with their modules), what each
//! module built, and what the plugin saw ([`Trace`]).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use aliaskit_core::bisect::Observation;
use aliaskit_core::decision::{is_event_line, DecisionId, Event, LogRecord};
use aliaskit_core::trace::Trace;
use anyhow::Result;

use super::stamps::Built;
use super::Runner;

/// What one run's log says of its decisions: every module the run built,
/// by name, with its decisions (and theirs, of modules carried over from
/// earlier builds: [`Seen::add`]).
#[derive(Default)]
pub(super) struct Seen {
    pub(super) built: BTreeMap<String, Built>,
}

impl Seen {
    /// Counts `built` too (modules a run did not rebuild).
    pub(super) fn add(&mut self, built: BTreeMap<String, Built>) {
        for (name, b) in built {
            self.built
                .entry(name)
                .or_default()
                .decisions
                .extend(b.decisions);
        }
    }

    /// What the search sees of the run.
    pub(super) fn observation(&self, failed: bool) -> Observation {
        let mut o = Observation {
            failed,
            ..Observation::default()
        };
        for (&d, &k) in self.built.values().flat_map(|b| &b.decisions) {
            o.decisions.insert(d);
            if let Some(k) = k {
                o.modules.insert(d, k);
            }
        }
        o
    }
}

impl Runner {
    /// The decisions of one run's log, and what else it says.
    pub(super) fn read_log(&mut self, log: &Path) -> Result<(Seen, Trace)> {
        let mut counts: BTreeMap<DecisionId, usize> = BTreeMap::new();
        let mut out = Seen::default();
        let mut trace = Trace::default();
        self.last.clear();
        let Ok(f) = File::open(log) else {
            return Ok((out, trace));
        };
        let progress = self.progress.clone();
        let skip = |e: serde_json::Error| {
            progress.suspend(|| {
                eprintln!(
                    "warning: aliaskit bisect: skipping a log line of {}: {e}",
                    log.display()
                )
            })
        };
        for line in BufReader::new(f).lines() {
            let line = line?;
            if is_event_line(&line) {
                match serde_json::from_str::<Event>(&line) {
                    Ok(e) => trace.event(e),
                    Err(e) => skip(e),
                }
                continue;
            }
            match serde_json::from_str::<LogRecord>(&line) {
                Ok(r) => {
                    trace.decision(&r);
                    out.built
                        .entry(r.module.clone())
                        .or_default()
                        .decisions
                        .insert(r.id, r.module_key);
                    // One record per process, plus one per other node
                    // pair with the same id (equal contents).
                    let n = counts.entry(r.id).or_insert(0);
                    if *n == 0 || r.shared {
                        *n += 1;
                    }
                    let e = self.records.entry(r.id).or_insert_with(|| (r.clone(), 0));
                    if e.0.is_brief() && !r.is_brief() {
                        e.0 = r.clone();
                    }
                    e.1 = e.1.max(*n);
                    self.last.push(r);
                }
                Err(e) => skip(e),
            }
        }
        // Modules built without decisions count as built too.
        for name in trace.modules.keys() {
            out.built.entry(name.clone()).or_default();
        }
        Ok((out, trace))
    }
}
