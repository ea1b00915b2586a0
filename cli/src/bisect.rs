//! `aliaskit bisect -- COMMAND...`: the driver around the core's search
//! ([`aliaskit_core::bisect`]).
//!
//! Each run of COMMAND gets `ALIASKIT_BISECT=<selection>` and
//! `ALIASKIT_BISECT_LOG=<fresh file>`; the plugin, wherever COMMAND loads it
//! (opt, clang, lld and its ThinLTO threads), keeps the selected decisions
//! and logs every decision it makes. The run failed when COMMAND exits
//! non-zero (or is killed by `--timeout`); the log says which decisions
//! the build made. The report is made from the log records of the
//! culprits.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use aliaskit_core::bisect::{bisect, Observation, Outcome, Tester};
use aliaskit_core::decision::{DecisionId, LogRecord, Selection};
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

pub struct Options {
    pub json: bool,
    pub timeout: Option<f64>,
    pub verbose: bool,
    pub keep_logs: Option<PathBuf>,
    pub command: Vec<String>,
}

/// Runs COMMAND under selections and remembers what the logs said.
struct Runner {
    command: Vec<String>,
    timeout: Option<Duration>,
    dir: PathBuf,
    _temp: Option<tempfile::TempDir>,
    runs: usize,
    verbose: bool,
    progress: ProgressBar,
    /// The first record seen of each id, and how many distinct records
    /// (processes, node pairs) stood for it.
    records: BTreeMap<DecisionId, (LogRecord, usize)>,
    /// The first run's outcome and decisions (every decision kept).
    first: Option<(bool, usize)>,
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
            dir,
            _temp: temp,
            runs: 0,
            verbose: o.verbose,
            progress,
            records: BTreeMap::new(),
            first: None,
            last_output: PathBuf::new(),
            started: Instant::now(),
        })
    }

    /// Runs COMMAND once; whether it failed.
    fn execute(&mut self, selection: &str, log: &Path, output: &Path) -> Result<bool> {
        let out =
            File::create(output).with_context(|| format!("cannot create {}", output.display()))?;
        let err = out.try_clone()?;
        let mut child = Command::new(&self.command[0])
            .args(&self.command[1..])
            .env("ALIASKIT_BISECT", selection)
            .env("ALIASKIT_BISECT_LOG", log)
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .with_context(|| format!("cannot run {}", self.command[0]))?;
        let start = Instant::now();
        loop {
            if let Some(status) = child.try_wait()? {
                return Ok(!status.success());
            }
            if self.timeout.is_some_and(|t| start.elapsed() > t) {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(true);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The decisions of one run's log.
    fn read_log(&mut self, log: &Path) -> Result<BTreeSet<DecisionId>> {
        let mut seen: BTreeMap<DecisionId, usize> = BTreeMap::new();
        let Ok(f) = File::open(log) else {
            return Ok(BTreeSet::new());
        };
        for line in BufReader::new(f).lines() {
            let line = line?;
            match serde_json::from_str::<LogRecord>(&line) {
                Ok(r) => {
                    // One record per process, plus one per other node
                    // pair with the same id (equal contents).
                    let n = seen.entry(r.id).or_insert(0);
                    if *n == 0 || r.shared {
                        *n += 1;
                    }
                    let e = self.records.entry(r.id).or_insert((r, 0));
                    e.1 = e.1.max(*n);
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
        Ok(seen.into_keys().collect())
    }
}

impl Tester for Runner {
    type Error = anyhow::Error;

    fn run(&mut self, keep: &Selection) -> Result<Observation> {
        self.runs += 1;
        let n = self.runs;
        let log = self.dir.join(format!("run-{n}.log"));
        let output = self.dir.join(format!("run-{n}.out"));
        let _ = std::fs::remove_file(&log);
        let mut selection = keep.to_string();
        if selection.len() > 2000 {
            let file = self.dir.join(format!("run-{n}.selection"));
            std::fs::write(&file, &selection)?;
            selection = format!("@{}", file.display());
        }
        self.progress
            .set_message(format!("run {n}: {}", shorten(&keep.to_string())));
        self.progress.tick();
        let failed = self.execute(&selection, &log, &output)?;
        let decisions = self.read_log(&log)?;
        if self.first.is_none() {
            self.first = Some((failed, decisions.len()));
        }
        if self.verbose {
            self.progress.suspend(|| {
                eprintln!(
                    "aliaskit bisect: run {n} ({}): {} with {} decision{}",
                    shorten(&keep.to_string()),
                    if failed { "FAIL" } else { "pass" },
                    decisions.len(),
                    if decisions.len() == 1 { "" } else { "s" }
                )
            });
        }
        self.last_output = output;
        Ok(Observation { failed, decisions })
    }

    fn progress(&mut self, candidates: usize, culprits: usize) {
        self.progress.set_message(format!(
            "{} runs, {candidates} candidates left, {culprits} culprit{} found",
            self.runs,
            if culprits == 1 { "" } else { "s" }
        ));
        self.progress.tick();
    }
}

fn shorten(s: &str) -> String {
    if s.len() > 60 {
        format!("{}...", &s[..57])
    } else {
        s.to_owned()
    }
}

/// The JSON report's shape.
#[derive(Serialize)]
struct Report<'a> {
    culprits: Vec<Culprit<'a>>,
    runs: usize,
    decisions: usize,
    seconds: f64,
}

#[derive(Serialize)]
struct Culprit<'a> {
    id: DecisionId,
    analysis: &'a str,
    module: &'a str,
    function: &'a str,
    answer: &'a str,
    first: &'a aliaskit_core::decision::Side,
    second: &'a aliaskit_core::decision::Side,
    why: &'a str,
    /// How many distinct records (processes, node pairs with equal
    /// contents) stood for this id.
    records: usize,
}

fn tail(path: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

pub fn run(o: Options) -> Result<u8> {
    if o.command.is_empty() {
        bail!("no COMMAND given (aliaskit bisect -- COMMAND ARGS...)");
    }
    if o.timeout.is_some_and(|t| t.is_nan() || t <= 0.0) {
        bail!("--timeout takes a positive number of seconds");
    }
    let mut runner = Runner::new(&o)?;
    let outcome = bisect(&mut runner);
    runner.progress.finish_and_clear();
    let outcome = outcome?;
    let decisions = runner.first.map_or(0, |f| f.1);
    let seconds = runner.started.elapsed().as_secs_f64();
    let premise = |what: &str, runner: &Runner| {
        eprintln!("aliaskit bisect: {what}");
        let out = tail(&runner.last_output, 10);
        if !out.is_empty() {
            eprintln!("last output of the command:\n{out}");
        }
    };
    match outcome {
        Outcome::PassesWithAllKept => {
            premise(&format!(
                "the command passes with every decision kept ({decisions} decisions): there is no failure to bisect"
            ), &runner);
            Ok(1)
        }
        Outcome::FailsWithNoneKept if decisions == 0 => {
            premise("the command fails, but made no decisions: is the plugin loaded (opt -load-pass-plugin, clang -fpass-plugin, ld.lld --load-pass-plugin) with rust-tbaa or rust-scoped-noalias in the AA pipeline?", &runner);
            Ok(1)
        }
        Outcome::FailsWithNoneKept => {
            premise(&format!(
                "the command fails with no decision kept (every alias answer conservative): the failure does not depend on the answers of rust-tbaa and rust-scoped-noalias ({decisions} decisions)"
            ), &runner);
            Ok(1)
        }
        Outcome::Inconsistent(why) => {
            premise(
                &format!(
                    "the command's results do not narrow down: {why} (is the test deterministic?)"
                ),
                &runner,
            );
            Ok(1)
        }
        Outcome::Culprits(ids) => {
            report(&runner, &ids, decisions, seconds, o.json)?;
            Ok(0)
        }
    }
}

/// The culprits' records (from the first log line of each id).
fn culprits<'r>(
    runner: &'r Runner,
    ids: &[DecisionId],
    missing: &'r LogRecord,
) -> Vec<Culprit<'r>> {
    ids.iter()
        .map(|id| {
            let (r, n) = runner
                .records
                .get(id)
                .map(|(r, n)| (r, *n))
                .unwrap_or((missing, 0));
            Culprit {
                id: *id,
                analysis: r.analysis.name(),
                module: &r.module,
                function: &r.function,
                answer: &r.answer,
                first: &r.first,
                second: &r.second,
                why: &r.why,
                records: n,
            }
        })
        .collect()
}

fn report(
    runner: &Runner,
    ids: &[DecisionId],
    decisions: usize,
    seconds: f64,
    json: bool,
) -> Result<()> {
    // An id the logs never showed (cannot happen with a plugin that logs).
    let missing = LogRecord {
        id: DecisionId(0),
        analysis: aliaskit_core::decision::Analysis::Tbaa,
        question: aliaskit_core::decision::Question::TagPair,
        answer: String::new(),
        kept: true,
        module: String::new(),
        function: String::new(),
        first: Default::default(),
        second: Default::default(),
        why: "(not in the logs)".into(),
        shared: false,
    };
    let culprits = culprits(runner, ids, &missing);
    let mut out = std::io::stdout().lock();
    if json {
        let report = Report {
            culprits,
            runs: runner.runs,
            decisions,
            seconds,
        };
        writeln!(out, "{}", serde_json::to_string(&report)?)?;
        return Ok(());
    }
    writeln!(
        out,
        "aliaskit bisect: {} culprit{} among {decisions} decisions, in {} runs ({seconds:.1} s)",
        culprits.len(),
        if culprits.len() == 1 { "" } else { "s" },
        runner.runs
    )?;
    if culprits.len() > 1 {
        writeln!(out, "these decisions break the program only together:")?;
    }
    for (k, c) in culprits.iter().enumerate() {
        write_culprit(&mut out, k + 1, c)?;
    }
    Ok(())
}

fn write_culprit(out: &mut impl Write, k: usize, c: &Culprit) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(
        out,
        "culprit {k}: {} answered {} in @{} ({})",
        c.analysis, c.answer, c.function, c.module
    )?;
    writeln!(out, "  first:  {}", c.first.located())?;
    writeln!(out, "          {}", c.first.metadata)?;
    if !c.second.instruction.is_empty() || !c.second.metadata.is_empty() {
        writeln!(out, "  second: {}", c.second.located())?;
        writeln!(out, "          {}", c.second.metadata)?;
    }
    writeln!(out, "  why: {}", c.why)?;
    if c.records > 1 {
        writeln!(
            out,
            "  note: this decision stands for {} pairs of nodes with equal contents (kept or dropped together)",
            c.records
        )?;
    }
    writeln!(
        out,
        "  decision {}: ALIASKIT_BISECT='y -x{}' answers it conservatively",
        c.id, c.id
    )
}
