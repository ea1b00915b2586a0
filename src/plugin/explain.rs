//! `aliaskit-explain`: each pair `aa-eval -evaluate-aa-metadata` asks
//! about, with the answer of the metadata alone and why
//! ([`aliaskit_core::explain`]), printed to stdout.
//!
//! ```text
//! NoAlias [tbaa] in @f
//!   first:  %v = load i32, ptr %i, align 4, !tbaa !0
//!   second: store float 0.000000e+00, ptr %f, align 4, !tbaa !4
//!   why: !tbaa {base "int", ...} vs {base "float", ...}: neither access can be ...
//! ```
//!
//! Then, per function, the calls (`getModRefInfo`), the masks of immutable
//! locations and errno ([`modref`]).
//!
//! `<may>` adds the MayAlias pairs with both analyses' reasons;
//! `<summary>` prints one table per function instead; `<json>` writes JSON
//! Lines (`{"function", "first", "second", "answer", "analysis", "why"}`,
//! and for MayAlias pairs `reasons`; with `<summary>`, one object per
//! function); `<llvm>` prints LLVM's answers instead (a check);
//! `<calls-only>` leaves out the load/store pairs.

mod modref;

use std::ffi::c_void;
use std::io::Write;

use aliaskit_core::decision::Analysis;
use aliaskit_core::explain::modref::{call_pairs, CallSummary};
use aliaskit_core::explain::{alias_pairs, Explainer, PairVerdict, Summary};
use aliaskit_core::names::{describe_list, describe_location, with_location, Numbering};
use aliaskit_core::tbaa::nodes::describe_tag;
use aliaskit_core::verify::InstView;
use aliaskit_core::MetadataGraph;
use inkwell::llvm_sys::prelude::LLVMModuleRef;
use rustc_hash::FxHashMap;

use super::ffi::types::{InspectFlag, InspectFlags};
use super::printer::{locations, Printer};
use crate::reader::verify_view::{read_module, ModuleRead};
use crate::reader::Names;

/// What a load/store pair's why calls its two sides.
const PAIR_LABELS: [&str; 2] = ["first", "second"];

/// Both sides' metadata in readable form, for one analysis; `labels` name
/// the sides.
fn sides(
    g: &MetadataGraph,
    names: &dyn Numbering,
    (a, b): (&InstView, &InstView),
    analysis: Analysis,
    direction: usize,
    labels: [&str; 2],
) -> String {
    let tag =
        |t: Option<aliaskit_core::NodeId>| t.map_or("none".to_owned(), |t| describe_tag(g, t));
    let list = |l: Option<aliaskit_core::NodeId>| {
        l.map_or("none".to_owned(), |l| describe_list(g, names, l))
    };
    match analysis {
        Analysis::Tbaa => format!("!tbaa {} vs {}", tag(a.tbaa), tag(b.tbaa)),
        Analysis::ScopedNoAlias => {
            let (x, y, xn, yn) = if direction == 0 {
                (a, b, labels[0], labels[1])
            } else {
                (b, a, labels[1], labels[0])
            };
            format!(
                "!alias.scope {} of the {xn} vs !noalias {} of the {yn}",
                list(x.alias_scope),
                list(y.noalias)
            )
        }
    }
}

/// Why the verdict is what it is, in one sentence per analysis; `labels`
/// name the sides.
fn why(
    g: &MetadataGraph,
    names: &dyn Numbering,
    (a, b): (&InstView, &InstView),
    v: &PairVerdict,
    labels: [&str; 2],
) -> String {
    let tbaa = match &v.tbaa {
        Ok(m) => m.reason.describe(g),
        Err(p) => format!("malformed metadata: {}", p.problem),
    };
    let scoped = |d: usize| {
        let (x, y) = if d == 0 { (a, b) } else { (b, a) };
        match &v.scoped[d] {
            Ok(r) => r.describe(g, names, x.alias_scope, y.noalias),
            Err(p) => format!("malformed metadata: {}", p.problem),
        }
    };
    match v.decided_by() {
        Some(Analysis::ScopedNoAlias) => {
            let d = v.scoped_direction().expect("decided by scoped");
            format!(
                "{}: {}",
                sides(g, names, (a, b), Analysis::ScopedNoAlias, d, labels),
                scoped(d)
            )
        }
        Some(Analysis::Tbaa) => {
            let sides = sides(g, names, (a, b), Analysis::Tbaa, 0, labels);
            format!("{sides}: {tbaa}")
        }
        None => format!(
            "tbaa: {}: {tbaa}; scoped-noalias: {}",
            sides(g, names, (a, b), Analysis::Tbaa, 0, labels),
            // The direction whose reason the summary counts.
            scoped(0)
        ),
    }
}

/// One module's report: the instructions' texts (each printed once), the
/// flags and stdout.
pub(crate) struct Report<'a> {
    pub g: &'a MetadataGraph,
    pub names: Names<'a>,
    pub read: &'a ModuleRead,
    printer: Printer,
    texts: FxHashMap<usize, (String, Option<String>)>,
    pub flags: InspectFlags,
    pub out: std::io::BufWriter<std::io::StdoutLock<'static>>,
}

impl Report<'_> {
    /// Instruction `i`'s text and source location.
    ///
    /// # Safety
    /// The report's module must be live.
    pub unsafe fn text(&mut self, i: usize) -> (String, Option<String>) {
        let (printer, read) = (self.printer, self.read);
        self.texts
            .entry(i)
            .or_insert_with(|| {
                let inst = read.instructions[i];
                (
                    printer.value(inst).trim().to_owned(),
                    describe_location(&locations(inst)),
                )
            })
            .clone()
    }

    /// Prints one record: JSON (`record`, then each instruction's location
    /// when it has one, then the fields of `tail`), or a header and the
    /// instructions under their labels, then `why`.
    ///
    /// # Safety
    /// As [`Report::text`].
    pub unsafe fn print(
        &mut self,
        header: &str,
        sides: &[(&str, usize)],
        why: &str,
        mut record: serde_json::Value,
        tail: serde_json::Value,
    ) -> std::io::Result<()> {
        if self.flags.has(InspectFlag::Json) {
            for &(label, i) in sides {
                if let Some(at) = self.text(i).1 {
                    record[format!("{label}_location")] = serde_json::json!(at);
                }
            }
            if let serde_json::Value::Object(fields) = tail {
                for (k, v) in fields {
                    record[k] = v;
                }
            }
            return writeln!(self.out, "{record}");
        }
        writeln!(self.out, "{header}")?;
        for &(label, i) in sides {
            let (text, at) = self.text(i);
            let label = format!("{label}:");
            writeln!(
                self.out,
                "  {label:<7} {}",
                with_location(at.as_deref(), &text)
            )?;
        }
        writeln!(self.out, "  why: {why}")
    }

    /// Prints the pair of instructions `x`, `y` of function `name`:
    /// `answer`, decided by `by` (None: by neither analysis), and `why`.
    /// The header is `ANSWER [analysis] in @name`; the JSON record has
    /// `kind` first when given (pairs other than load/store ones), then the
    /// fields every pair has, then `tail`'s.
    ///
    /// # Safety
    /// As [`Report::text`].
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn print_pair(
        &mut self,
        kind: Option<&str>,
        name: &str,
        (x, y): (usize, usize),
        answer: &str,
        by: Option<Analysis>,
        why: &str,
        tail: serde_json::Value,
    ) -> std::io::Result<()> {
        let ((first, _), (second, _)) = (self.text(x), self.text(y));
        let mut record = serde_json::json!({});
        if let Some(kind) = kind {
            record["kind"] = serde_json::json!(kind);
        }
        record["function"] = serde_json::json!(name);
        record["first"] = serde_json::json!(first);
        record["second"] = serde_json::json!(second);
        record["answer"] = serde_json::json!(answer);
        record["analysis"] = serde_json::json!(by.map(Analysis::name));
        record["why"] = serde_json::json!(why);
        let header = match by {
            Some(a) => format!("{answer} [{a}] in @{name}"),
            None => format!("{answer} in @{name}"),
        };
        self.print(&header, &[("first", x), ("second", y)], why, record, tail)
    }
}

/// Explains a module; see the module documentation. `only` names the one
/// function to explain; `answers` (with the `llvm` flag) is the function
/// analysis manager whose AAResults answer instead.
///
/// # Safety
/// `module` must be live and `printer` its printer; `answers` null or the
/// module's function analysis manager.
pub(crate) unsafe fn explain(
    module: LLVMModuleRef,
    flags: InspectFlags,
    only: Option<&str>,
    printer: Printer,
    answers: *mut c_void,
) -> std::io::Result<()> {
    let read = read_module(module);
    let g = &read.importer.graph;
    let mut report = Report {
        g,
        names: Names {
            numbers: &printer,
            importer: &read.importer,
        },
        read: &read,
        printer,
        texts: FxHashMap::default(),
        flags,
        out: std::io::BufWriter::new(std::io::stdout().lock()),
    };
    let ask = (flags.has(InspectFlag::Llvm) && !answers.is_null()).then_some(answers);
    let mut explainer = Explainer::new();
    let mut found = only.is_none();
    let calls = call_pairs(&read.view);
    let located = modref::located(&read.view);
    for ((fi, pairs), ((_, calls), (_, located))) in alias_pairs(&read.view)
        .into_iter()
        .zip(calls.into_iter().zip(located))
    {
        let name = &read.functions[fi];
        if only.is_some_and(|o| o != name) {
            continue;
        }
        found = true;
        let pairs = if flags.has(InspectFlag::CallsOnly) {
            Vec::new()
        } else {
            pairs
        };
        if let Some(answers) = ask {
            modref::ask_llvm(&mut report, answers, name, &pairs, &calls, &located)?;
            continue;
        }
        let mut summary = Summary::default();
        for (x, y) in pairs {
            let v = explainer.explain(g, &read.view.instructions[x], &read.view.instructions[y]);
            summary.add(&v);
            if flags.has(InspectFlag::Summary) {
                continue;
            }
            print_pair(&mut report, name, x, y, &v)?;
        }
        let mut calls_summary = CallSummary::default();
        modref::explain_calls(
            &mut report,
            &mut explainer,
            name,
            &calls,
            &mut calls_summary,
        )?;
        modref::explain_locations(
            &mut report,
            &mut explainer,
            name,
            &located,
            &mut calls_summary,
        )?;
        if flags.has(InspectFlag::Summary) {
            let json = flags.has(InspectFlag::Json);
            print_summary(&mut report.out, name, &summary, &calls_summary, json)?;
        }
    }
    if let (false, Some(o)) = (found, only) {
        eprintln!(
            "error: aliaskit-explain: no function named '{o}' with loads or stores in the module"
        );
    }
    report.out.flush()
}

/// Prints one load/store pair (MayAlias ones only with `may`).
unsafe fn print_pair(
    report: &mut Report,
    name: &str,
    x: usize,
    y: usize,
    v: &PairVerdict,
) -> std::io::Result<()> {
    let by = v.decided_by();
    if by.is_none() && !report.flags.has(InspectFlag::May) {
        return Ok(());
    }
    let read = report.read;
    let (a, b) = (&read.view.instructions[x], &read.view.instructions[y]);
    let answer = if by.is_some() { "NoAlias" } else { "MayAlias" };
    let why = why(report.g, &report.names, (a, b), v, PAIR_LABELS);
    let tail = match by {
        Some(_) => serde_json::Value::Null,
        None => serde_json::json!({"reasons": {
            "tbaa": v.tbaa_may_reason(),
            "scoped-noalias": v.scoped_may_reason(),
        }}),
    };
    report.print_pair(None, name, (x, y), answer, by, &why, tail)
}

fn print_summary(
    out: &mut impl Write,
    name: &str,
    s: &Summary,
    calls: &CallSummary,
    json: bool,
) -> std::io::Result<()> {
    if json {
        let mut record = serde_json::json!({
            "function": name,
            "pairs": s.pairs,
            "tbaa": s.tbaa,
            "scoped-noalias": s.scoped,
            "both": s.both,
            "neither": s.neither,
            "may_alias_reasons": {
                "tbaa": s.tbaa_reasons,
                "scoped-noalias": s.scoped_reasons,
            },
        });
        if !calls.is_empty() {
            modref::summary_fields(&mut record, calls);
        }
        return writeln!(out, "{record}");
    }
    let pct = |n: usize| {
        if s.pairs == 0 {
            0.0
        } else {
            100.0 * n as f64 / s.pairs as f64
        }
    };
    writeln!(out, "@{name}: {} pairs", s.pairs)?;
    writeln!(
        out,
        "  {:<28} {:>8} {:>6.1}%",
        "NoAlias by tbaa only",
        s.tbaa,
        pct(s.tbaa)
    )?;
    writeln!(
        out,
        "  {:<28} {:>8} {:>6.1}%",
        "NoAlias by scoped only",
        s.scoped,
        pct(s.scoped)
    )?;
    writeln!(
        out,
        "  {:<28} {:>8} {:>6.1}%",
        "NoAlias by both",
        s.both,
        pct(s.both)
    )?;
    writeln!(
        out,
        "  {:<28} {:>8} {:>6.1}%",
        "MayAlias (neither)",
        s.neither,
        pct(s.neither)
    )?;
    for (label, reasons) in [("tbaa", &s.tbaa_reasons), ("scoped", &s.scoped_reasons)] {
        let top = Summary::top(reasons, 3);
        if top.is_empty() {
            continue;
        }
        let items: Vec<String> = top.iter().map(|(r, n)| format!("{r} ({n})")).collect();
        writeln!(out, "  MayAlias from {label}: {}", items.join(", "))?;
    }
    if !calls.is_empty() {
        modref::print_summary(out, calls)?;
    }
    Ok(())
}
