//! What `aliaskit bisect` prints when the search ends: the culprits
//! (from their log records), the repair, and the one JSON object of
//! `--json` in every outcome.

use std::io::Write;

use aliaskit_core::decision::{DecisionId, Detail, LogRecord};
use anyhow::Result;
use serde::Serialize;

use super::{plural, repair, Runner};

/// The JSON report's shape: one object in every outcome.
#[derive(Serialize)]
pub(super) struct Report<'a> {
    /// `culprits`, `passes-with-all-kept`, `fails-with-none-kept`,
    /// `inconsistent`, a [`Stop`](aliaskit_core::trace::Stop)'s verdict, or `error`.
    verdict: &'a str,
    /// What the verdict means, for a verdict other than `culprits`.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
    culprits: Vec<Culprit<'a>>,
    runs: usize,
    decisions: usize,
    /// Modules the first run built (as the plugin saw them).
    modules: usize,
    seconds: f64,
    /// With culprits: what dropping them (and the decisions about their
    /// accesses) did.
    #[serde(skip_serializing_if = "Option::is_none")]
    repair: Option<repair::Repair>,
}

impl<'a> Report<'a> {
    /// An outcome without culprits.
    pub(super) fn without_culprits(
        verdict: &'a str,
        message: String,
        runs: usize,
        decisions: usize,
        modules: usize,
        seconds: f64,
    ) -> Report<'a> {
        Report {
            verdict,
            message: Some(message),
            culprits: Vec::new(),
            runs,
            decisions,
            modules,
            seconds,
            repair: None,
        }
    }
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

pub(super) fn print_json(report: &Report) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", serde_json::to_string(report)?)?;
    Ok(())
}

/// `--json`'s object for an error before any run (a usage error).
pub fn print_error_json(message: &str) {
    let _ = print_json(&Report::without_culprits(
        "error",
        message.to_owned(),
        0,
        0,
        0,
        0.0,
    ));
}

/// The culprits' records (from the first full log line of each id; `brief`
/// says what is missing where the logs have only brief ones).
fn culprits<'r>(
    runner: &'r Runner,
    ids: &[DecisionId],
    missing: &'r LogRecord,
    brief: &'r Detail,
) -> Vec<Culprit<'r>> {
    ids.iter()
        .map(|id| {
            let (r, n) = runner
                .records
                .get(id)
                .map(|(r, n)| (r, *n))
                .unwrap_or((missing, 0));
            let d = r.detail.as_ref().unwrap_or(brief);
            Culprit {
                id: *id,
                analysis: r.analysis.name(),
                module: &r.module,
                function: &r.function,
                answer: &r.answer,
                first: &d.first,
                second: &d.second,
                why: &d.why,
                records: n,
            }
        })
        .collect()
}

pub(super) fn report(
    runner: &mut Runner,
    ids: &[DecisionId],
    decisions: usize,
    modules: usize,
    json: bool,
) -> Result<()> {
    let repaired = repair::repair(runner, ids);
    runner.progress.finish_and_clear();
    let seconds = runner.started.elapsed().as_secs_f64();
    // An id the logs never showed (cannot happen with a plugin that logs).
    let missing = LogRecord {
        id: DecisionId(0),
        analysis: aliaskit_core::decision::Analysis::Tbaa,
        question: aliaskit_core::decision::Question::TagPair,
        answer: String::new(),
        kept: true,
        module: String::new(),
        module_key: None,
        function: String::new(),
        detail: Some(Detail {
            first: Default::default(),
            second: Default::default(),
            why: "(not in the logs)".into(),
        }),
        shared: false,
    };
    let brief = Detail {
        first: Default::default(),
        second: Default::default(),
        why: "(only brief records in the logs: no run made this decision while recording its function)".into(),
    };
    let culprits = culprits(runner, ids, &missing, &brief);
    let mut out = std::io::stdout().lock();
    if json {
        drop(out);
        return print_json(&Report {
            verdict: "culprits",
            message: repaired
                .as_ref()
                .err()
                .map(|e| format!("could not try the repair: {e:#}")),
            culprits,
            runs: runner.runs,
            decisions,
            modules,
            seconds,
            repair: repaired.ok(),
        });
    }
    writeln!(
        out,
        "aliaskit bisect: {} culprit{} among {decisions} decisions, in {} runs ({seconds:.1} s)",
        culprits.len(),
        plural(culprits.len()),
        runner.runs
    )?;
    if culprits.len() > 1 {
        writeln!(out, "these decisions break the program only together:")?;
    }
    for (k, c) in culprits.iter().enumerate() {
        write_culprit(&mut out, k + 1, c)?;
    }
    writeln!(out)?;
    match repaired {
        Ok(r) if r.passes => {
            let more = r.dropped.len() - culprits.len();
            writeln!(
                out,
                "to repair: ALIASKIT_BISECT='{}' passes ({})",
                r.selection,
                match more {
                    0 => "every other decision kept".to_owned(),
                    n => format!(
                        "also dropped: {n} more decision{} about the same accesses, the one claim asked again",
                        plural(n)
                    ),
                }
            )?;
        }
        Ok(r) => writeln!(
            out,
            "note: with the culprits and every decision found about their accesses dropped (ALIASKIT_BISECT='{}'), the command still fails: other decisions break it too",
            r.selection
        )?,
        Err(e) => writeln!(out, "note: could not try the repair: {e:#}")?,
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
    write_side(out, "first: ", c.first)?;
    if !c.second.instruction.is_empty() || !c.second.metadata.is_empty() {
        write_side(out, "second:", c.second)?;
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

/// One side of a culprit: the instruction, where it came from when a
/// pass made or changed it, and its metadata.
fn write_side(
    out: &mut impl Write,
    label: &str,
    side: &aliaskit_core::decision::Side,
) -> std::io::Result<()> {
    writeln!(out, "  {label} {}", side.located())?;
    for line in side.origin.iter().flat_map(|o| o.lines()) {
        writeln!(out, "          {line}")?;
    }
    writeln!(out, "          {}", side.metadata)
}
