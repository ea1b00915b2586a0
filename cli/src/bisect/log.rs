//! Reading one run's log: its decisions (with their modules), what each
//! module built, and what the plugin saw ([`Trace`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use aliaskit_core::decision::{is_event_line, DecisionId, Event, LogRecord, ModuleKey};
use aliaskit_core::trace::Trace;
use anyhow::Result;

use super::stamps::Built;
use super::Runner;

/// What one run's log says of its decisions.
#[derive(Default)]
pub(super) struct Seen {
    pub(super) decisions: BTreeSet<DecisionId>,
    /// The module of each decision, where the log says.
    pub(super) modules: BTreeMap<DecisionId, ModuleKey>,
    /// Every module the run built, by name, with its decisions.
    pub(super) built: BTreeMap<String, Built>,
}

impl Runner {
    /// The decisions of one run's log, and what else it says.
    pub(super) fn read_log(&mut self, log: &Path) -> Result<(Seen, Trace)> {
        let mut seen: BTreeMap<DecisionId, usize> = BTreeMap::new();
        let mut out = Seen::default();
        let mut trace = Trace::default();
        self.last.clear();
        let Ok(f) = File::open(log) else {
            return Ok((out, trace));
        };
        for line in BufReader::new(f).lines() {
            let line = line?;
            if is_event_line(&line) {
                match serde_json::from_str::<Event>(&line) {
                    Ok(e) => trace.event(e),
                    Err(e) => self.progress.suspend(|| {
                        eprintln!(
                            "warning: aliaskit bisect: skipping a log line of {}: {e}",
                            log.display()
                        )
                    }),
                }
                continue;
            }
            match serde_json::from_str::<LogRecord>(&line) {
                Ok(r) => {
                    trace.decision(&r);
                    let built = out.built.entry(r.module.clone()).or_default();
                    built.decisions.insert(r.id);
                    if let Some(k) = r.module_key {
                        built.key = Some(k);
                        out.modules.insert(r.id, k);
                    }
                    // One record per process, plus one per other node
                    // pair with the same id (equal contents).
                    let n = seen.entry(r.id).or_insert(0);
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
                Err(e) => {
                    self.progress.suspend(|| {
                        eprintln!(
                            "warning: aliaskit bisect: skipping a log line of {}: {e}",
                            log.display()
                        )
                    });
                }
            }
        }
        // Modules built without decisions count as built too.
        for name in trace.modules.keys() {
            out.built.entry(name.clone()).or_default();
        }
        out.decisions = seen.into_keys().collect();
        Ok((out, trace))
    }
}
