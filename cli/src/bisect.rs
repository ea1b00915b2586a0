//! `aliaskit bisect -- COMMAND...`: the driver around the core's search
//! ([`aliaskit_core::bisect`]).
//!
//! Each run of COMMAND gets `ALIASKIT_BISECT=<selection>` and
//! `ALIASKIT_BISECT_LOG=<fresh file>`; the plugin, wherever COMMAND loads it
//! (opt, clang, lld and its ThinLTO threads), keeps the selected decisions
//! and logs every decision it makes. The run failed when COMMAND exits
//! non-zero (or is killed by `--timeout`); the log says which decisions
//! the build made. While the search narrows, the runs also get an empty
//! `ALIASKIT_BISECT_RECORDS`: the log holds brief records (ids, no
//! instructions, nodes or why), which cost the build next to nothing. The
//! runs after it ([`repair`]) name the culprits' functions there, so that
//! the report is made from the culprits' full records. Each run's log is
//! deleted once read, unless `--keep-logs` keeps it.
//!
//! The log also says what the plugin saw ([`aliaskit_core::trace`]): the
//! processes that loaded it, the modules that went through a pipeline and
//! where the analyses were built. A run whose build a cache replayed
//! (ld.lld's ThinLTO cache and ccache key on neither `ALIASKIT_BISECT` nor
//! the plugin) says nothing about the selection, so the search stops with
//! a message naming the cache rather than give a verdict: when the first
//! run fails without decisions, and when a later run rebuilt fewer
//! modules than the first. Every run gets `CCACHE_DISABLE=1`.
//!
//! With culprits found, the driver also looks for the selection that
//! repairs the program ([`repair`]): the culprits, and the other decisions
//! about their accesses, dropped.
//!
//! `--json` prints one object in every outcome, with its `verdict`.

mod children;
mod log;
mod repair;
mod report;
mod stamps;

pub use report::print_error_json;
use report::{print_json, report, Report};

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use aliaskit_core::bisect::{bisect, Observation, Outcome, Progress, Tester};
use aliaskit_core::decision::{DecisionId, LogRecord, RecordedFunctions, Selection};
use aliaskit_core::trace::{self, Stop, Trace};
use anyhow::{bail, Context, Result};
use children::{Ended, Run};
use indicatif::{ProgressBar, ProgressStyle};
use stamps::Stamps;

pub struct Options {
    pub json: bool,
    pub timeout: Option<f64>,
    pub verbose: bool,
    pub keep_logs: Option<PathBuf>,
    /// Runs of COMMAND that may go at once.
    pub jobs: usize,
    pub command: Vec<String>,
}

/// Runs COMMAND under selections and remembers what the logs said.
struct Runner {
    command: Vec<String>,
    timeout: Option<Duration>,
    dir: PathBuf,
    _temp: Option<tempfile::TempDir>,
    /// Whether the logs and outputs stay (`--keep-logs`).
    keep: bool,
    /// The stamps of each slot's modules.
    stamps: Stamps,
    /// `ALIASKIT_BISECT_RECORDS` for the next runs: the functions whose
    /// decisions get full records; None unsets it (every record full).
    recorded: Option<RecordedFunctions>,
    jobs: usize,
    runs: usize,
    verbose: bool,
    progress: ProgressBar,
    /// Where the search stood at its last step, and the runs made by then.
    at: Option<(Progress, usize)>,
    /// The first full record seen of each id (the first brief one until
    /// then), and how many distinct records (processes, node pairs) stood
    /// for it.
    records: BTreeMap<DecisionId, (LogRecord, usize)>,
    /// The last run's records (a decision's first query can differ from
    /// run to run).
    last: Vec<LogRecord>,
    /// The first run's outcome and decisions (every decision kept).
    first: Option<(bool, usize)>,
    /// What each run's log showed, the first run's first.
    traces: Vec<Trace>,
    /// Whether `--timeout` stopped the first run.
    first_timed_out: bool,
    /// Output of the last run, for messages.
    last_output: PathBuf,
    started: Instant,
}

impl Runner {
    fn new(o: &Options) -> Result<Runner> {
        let (dir, temp) = match &o.keep_logs {
            Some(d) => {
                std::fs::create_dir_all(d)
                    .with_context(|| format!("cannot create {}", d.display()))?;
                (d.clone(), None)
            }
            None => {
                let t = tempfile::Builder::new()
                    .prefix("aliaskit-bisect.")
                    .tempdir()
                    .context("cannot create a temporary directory")?;
                (t.path().to_owned(), Some(t))
            }
        };
        let progress = ProgressBar::new_spinner();
        progress.set_style(
            ProgressStyle::with_template("{spinner} aliaskit bisect: {msg} [{elapsed}]")
                .expect("a valid template"),
        );
        Ok(Runner {
            command: o.command.clone(),
            timeout: o.timeout.map(Duration::from_secs_f64),
            keep: o.keep_logs.is_some(),
            stamps: Stamps::new(dir.join("stamps")),
            dir,
            _temp: temp,
            recorded: Some(RecordedFunctions::default()),
            jobs: o.jobs.max(1),
            runs: 0,
            verbose: o.verbose,
            progress,
            at: None,
            records: BTreeMap::new(),
            last: Vec::new(),
            first: None,
            traces: Vec::new(),
            first_timed_out: false,
            last_output: PathBuf::new(),
            started: Instant::now(),
        })
    }
}

/// A replay of modules that did not need rebuilding is none: `carried`
/// holds the modules whose selection had not changed since their slot
/// built them.
fn excuse(mut stop: Stop, carried: &BTreeSet<String>) -> Option<Stop> {
    if let Stop::Replayed { missing, .. } = &mut stop {
        missing.retain(|m| !carried.contains(m));
        if missing.is_empty() {
            return None;
        }
    }
    Some(stop)
}

/// The search stopped: the runs tell nothing about the decisions.
#[derive(Debug)]
struct Stopped(Stop);

impl std::fmt::Display for Stopped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.verdict())
    }
}

impl std::error::Error for Stopped {}

impl Runner {
    /// What run `run` showed, read from its log; the log goes unless
    /// `--keep-logs`.
    fn observe(&mut self, run: Run, ended: Ended) -> Result<Observation> {
        let n = run.n;
        let (failed, timed_out) = (ended.failed, ended.timed_out);
        let (mut seen, trace) = self.read_log(&run.log)?;
        // The modules this slot built before and did not rebuild now.
        let not = self
            .stamps
            .after(ended.slot, &run.keep, &seen.built, &ended.changed)?;
        let carried: BTreeSet<String> = not.carried.keys().cloned().collect();
        seen.add(not.carried);
        let observation = seen.observation(failed);
        let decisions = observation.decisions.len();
        if !self.keep {
            let _ = std::fs::remove_file(&run.log);
            if run.selection.starts_with('@') {
                let _ = std::fs::remove_file(&run.selection[1..]);
            }
            if self.last_output != run.output {
                let _ = std::fs::remove_file(&self.last_output);
            }
        }
        if self.first.is_none() {
            self.first = Some((failed, decisions));
        }
        if self.verbose {
            let line = self.run_line(&run, failed, decisions, trace.modules.len());
            self.progress.suspend(|| eprintln!("{line}"));
        }
        self.last_output = run.output;
        // A run that rebuilt less than the first says nothing about its
        // selection; a first run that fails without decisions leaves
        // nothing to search.
        // (A run stopped by --timeout may have been stopped before it
        // built everything.)
        // Runs going at once with a cache can also replay the first run
        // from a later one's build.
        let stop = match self.traces.first() {
            None if failed && !timed_out => trace::check_baseline(&trace),
            None => {
                self.first_timed_out = timed_out;
                None
            }
            Some(_) if timed_out => None,
            Some(first) => trace::check_run(first, &trace, n)
                .and_then(|stop| excuse(stop, &carried))
                .or_else(|| {
                    (!self.first_timed_out)
                        .then(|| trace::check_first(first, &trace, n))
                        .flatten()
                }),
        }
        .or_else(|| {
            (!not.replayed.is_empty() && !timed_out).then_some(Stop::NotRebuilt {
                run: n,
                modules: not.replayed,
            })
        });
        self.traces.push(trace);
        if let Some(stop) = stop {
            return Err(Stopped(stop).into());
        }
        Ok(observation)
    }

    /// `-v`'s line for one run: its selection and result, then where the
    /// search stands.
    fn run_line(&self, run: &Run, failed: bool, decisions: usize, modules: usize) -> String {
        let mut line = format!(
            "aliaskit bisect: run {} ({}): {} with {decisions} decision{} in {modules} module{}",
            run.n,
            shorten(&run.keep.to_string()),
            if failed { "FAIL" } else { "pass" },
            plural(decisions),
            plural(modules),
        );
        if let Some(standing) = self.standing(run.n) {
            line.push_str("; ");
            line.push_str(&standing);
        }
        line
    }

    /// Where the search stands after `runs` runs: candidates left, bits
    /// narrowed, runs so far and about how many to go (with the repair's
    /// run).
    fn standing(&self, runs: usize) -> Option<String> {
        let (at, runs_then) = self.at?;
        let to_go = at.runs_to_go.saturating_sub(runs.saturating_sub(runs_then)) + 1;
        Some(format!(
            "{} candidate{}{} left, {} bit{} narrowed, {} run{} so far, about {to_go} to go",
            at.candidates,
            if at.modules { " module" } else { "" },
            plural(at.candidates),
            at.bits,
            plural(at.bits.into()),
            runs,
            plural(runs),
        ))
    }
}

impl Tester for Runner {
    type Error = anyhow::Error;

    fn run(&mut self, keep: &Selection) -> Result<Observation> {
        let mut seen = self.run_all(std::slice::from_ref(keep))?;
        Ok(seen.pop().expect("one run"))
    }

    fn run_all(&mut self, keeps: &[Selection]) -> Result<Vec<Observation>> {
        let runs = keeps
            .iter()
            .map(|k| self.prepare(k))
            .collect::<Result<Vec<Run>>>()?;
        let first = runs.first().map_or(0, |r| r.n);
        self.progress
            .set_message(match (self.standing(self.runs), runs.len()) {
                (Some(standing), _) => standing,
                (None, 1) => format!("run {first}: {}", shorten(&keeps[0].to_string())),
                (None, k) => format!("runs {first} to {}", first + k - 1),
            });
        self.progress.tick();
        // A slot's stamps follow its last run: no more runs than slots.
        let mut seen = Vec::with_capacity(runs.len());
        let mut runs = runs.into_iter().peekable();
        while runs.peek().is_some() {
            let batch: Vec<Run> = runs.by_ref().take(self.jobs).collect();
            let ended = self.execute(&batch)?;
            for (run, ended) in batch.into_iter().zip(ended) {
                seen.push(self.observe(run, ended)?);
            }
        }
        Ok(seen)
    }

    fn jobs(&self) -> usize {
        self.jobs
    }

    fn by_module(&self) -> bool {
        true
    }

    fn progress(&mut self, at: Progress) {
        self.at = Some((at, self.runs));
        if let Some(standing) = self.standing(self.runs) {
            self.progress.set_message(standing);
        }
        self.progress.tick();
    }
}

/// An English plural's ending for `n` things.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn shorten(s: &str) -> String {
    if s.len() > 60 {
        format!("{}...", &s[..57])
    } else {
        s.to_owned()
    }
}

fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

pub fn run(o: Options) -> Result<u8> {
    let json = o.json;
    let started = Instant::now();
    // Whether the search printed its JSON object already.
    let mut printed = false;
    let result = search(o, &mut printed);
    if let (true, false, Err(e)) = (json, printed, &result) {
        // Errors too are one object (the exit status stays 2).
        print_json(&Report::without_culprits(
            "error",
            format!("{e:#}"),
            0,
            0,
            0,
            started.elapsed().as_secs_f64(),
        ))?;
    }
    result
}

fn search(o: Options, printed: &mut bool) -> Result<u8> {
    if o.command.is_empty() {
        bail!("no COMMAND given (aliaskit bisect -- COMMAND ARGS...)");
    }
    if o.timeout.is_some_and(|t| t.is_nan() || t <= 0.0) {
        bail!("--timeout takes a positive number of seconds");
    }
    let mut runner = Runner::new(&o)?;
    let outcome = bisect(&mut runner);
    // The repair's runs are not the search's.
    runner.at = None;
    runner.progress.finish_and_clear();
    let decisions = runner.first.map_or(0, |f| f.1);
    let modules = runner.traces.first().map_or(0, |t| t.modules.len());
    let seconds = runner.started.elapsed().as_secs_f64();
    let mut caches = trace::caches(&runner.traces);
    if !caches
        .iter()
        .any(|c| matches!(c, trace::Cache::ThinLto { .. }))
    {
        caches.extend(command_caches(&o.command));
    }
    // A first run that failed without decisions (also one --timeout
    // stopped) is never "does not depend".
    let outcome = match outcome {
        Ok(Outcome::FailsWithNoneKept) if decisions == 0 => {
            match runner.traces.first().and_then(trace::check_baseline) {
                Some(stop) => Err(Stopped(stop).into()),
                None => Ok(Outcome::FailsWithNoneKept),
            }
        }
        other => other,
    };
    // An outcome without culprits: on stderr with the end of the command's
    // output, and as --json's one object.
    let conclude = |runner: &Runner, verdict: &str, message: String| -> Result<()> {
        premise(runner, &message);
        if o.json {
            print_json(&Report::without_culprits(
                verdict,
                message,
                runner.runs,
                decisions,
                modules,
                seconds,
            ))?;
        }
        Ok(())
    };
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(e) => {
            let Some(Stopped(stop)) = e.downcast_ref::<Stopped>() else {
                if o.json {
                    print_json(&Report::without_culprits(
                        "error",
                        format!("{e:#}"),
                        runner.runs,
                        decisions,
                        modules,
                        seconds,
                    ))?;
                    *printed = true;
                }
                return Err(e);
            };
            let message = match stop {
                Stop::Replayed { .. } => stop.message(&caches),
                _ => format!(
                    "the command fails with every decision kept, but {}",
                    stop.message(&caches)
                ),
            };
            conclude(&runner, stop.verdict(), message)?;
            return Ok(if stop.is_setup() { 2 } else { 1 });
        }
    };
    let (verdict, message) = match outcome {
        Outcome::Culprits(ids) => {
            report(&mut runner, &ids, decisions, modules, o.json)?;
            return Ok(0);
        }
        Outcome::PassesWithAllKept => {
            let mut m = format!(
                "the command passes with every decision kept ({decisions} decisions): there is no failure to bisect"
            );
            if decisions == 0 {
                if let Some(stop) = runner.traces.first().and_then(trace::check_baseline) {
                    m.push_str("\nnote: ");
                    m.push_str(&stop.message(&caches));
                }
            }
            ("passes-with-all-kept", m)
        }
        Outcome::FailsWithNoneKept => (
            "fails-with-none-kept",
            format!(
                "the command fails with no decision kept (every alias answer conservative): the failure does not depend on the answers of rust-tbaa and rust-scoped-noalias ({decisions} decisions, in {modules} module{}, each rebuilt in every run)",
                plural(modules)
            ),
        ),
        Outcome::Inconsistent(why) => (
            "inconsistent",
            format!(
                "the command's results do not narrow down: {why} (is the test deterministic?{})",
                if o.jobs > 1 {
                    format!(" Runs went {} at once: a command that writes to fixed paths must keep its runs apart by ALIASKIT_BISECT_SLOT, or run with -j1", o.jobs)
                } else {
                    String::new()
                }
            ),
        ),
    };
    conclude(&runner, verdict, message)?;
    Ok(1)
}

/// The ThinLTO cache options COMMAND mentions, in its arguments or in a
/// small text file it names (a script).
fn command_caches(command: &[String]) -> Vec<trace::Cache> {
    let mut found = trace::mentioned_caches("the command", &command.join(" "));
    for arg in command {
        let path = Path::new(arg);
        let small = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() <= 1 << 20);
        if let Some(text) = small
            .then(|| std::fs::read(path).ok())
            .flatten()
            .and_then(|b| String::from_utf8(b).ok())
        {
            found.extend(trace::mentioned_caches(arg, &text));
        }
    }
    found
}

/// Says why the search stopped, with the end of the command's output.
fn premise(runner: &Runner, what: &str) {
    eprintln!("aliaskit bisect: {what}");
    let out = tail(&runner.last_output, 10);
    if !out.is_empty() {
        eprintln!("last output of the command:\n{out}");
    }
}
