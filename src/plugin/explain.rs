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
//! `<may>` adds the MayAlias pairs with both analyses' reasons;
//! `<summary>` prints one table per function instead; `<json>` writes JSON
//! Lines (`{"function", "first", "second", "answer", "analysis", "why"}`,
//! and for MayAlias pairs `reasons`; with `<summary>`, one object per
//! function).

use std::io::Write;

use aliaskit_core::decision::Analysis;
use aliaskit_core::explain::{alias_pairs, Explainer, PairVerdict, Summary};
use aliaskit_core::names::{describe_list, describe_location, with_location, Numbering};
use aliaskit_core::tbaa::nodes::describe_tag;
use aliaskit_core::verify::InstView;
use aliaskit_core::MetadataGraph;
use inkwell::llvm_sys::prelude::LLVMModuleRef;
use rustc_hash::FxHashMap;

use super::ffi::types::{InspectFlag, InspectFlags};
use super::printer::{locations, Printer};
use crate::reader::verify_view::read_module;
use crate::reader::Names;

/// Both sides' metadata in readable form, for one analysis.
fn sides(
    g: &MetadataGraph,
    names: &dyn Numbering,
    a: &InstView,
    b: &InstView,
    analysis: Analysis,
    direction: usize,
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
                (a, b, "first", "second")
            } else {
                (b, a, "second", "first")
            };
            format!(
                "!alias.scope {} of the {xn} vs !noalias {} of the {yn}",
                list(x.alias_scope),
                list(y.noalias)
            )
        }
    }
}

/// Why the verdict is what it is, in one sentence per analysis.
fn why(
    g: &MetadataGraph,
    names: &dyn Numbering,
    a: &InstView,
    b: &InstView,
    v: &PairVerdict,
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
                sides(g, names, a, b, Analysis::ScopedNoAlias, d),
                scoped(d)
            )
        }
        Some(Analysis::Tbaa) => format!("{}: {tbaa}", sides(g, names, a, b, Analysis::Tbaa, 0)),
        None => format!(
            "tbaa: {}: {tbaa}; scoped-noalias: {}",
            sides(g, names, a, b, Analysis::Tbaa, 0),
            // The direction whose reason the summary counts.
            scoped(0)
        ),
    }
}

/// Explains a module; see the module documentation. `only` names the one
/// function to explain.
///
/// # Safety
/// `module` must be live and `printer` its printer.
pub(crate) unsafe fn explain(
    module: LLVMModuleRef,
    flags: InspectFlags,
    only: Option<&str>,
    printer: Printer,
) -> std::io::Result<()> {
    let read = read_module(module);
    let g = &read.importer.graph;
    let names = Names {
        numbers: &printer,
        importer: &read.importer,
    };
    let insts = &read.view.instructions;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // Each instruction's text and source location, printed once.
    let mut texts: FxHashMap<usize, (String, Option<String>)> = FxHashMap::default();
    let mut text = |i: usize| -> (String, Option<String>) {
        texts
            .entry(i)
            .or_insert_with(|| {
                let inst = read.instructions[i];
                (
                    printer.value(inst).trim().to_owned(),
                    describe_location(&locations(inst)),
                )
            })
            .clone()
    };
    let json = flags.has(InspectFlag::Json);
    let mut explainer = Explainer::new();
    let mut found = only.is_none();
    for (fi, pairs) in alias_pairs(&read.view) {
        let name = &read.functions[fi];
        if only.is_some_and(|o| o != name) {
            continue;
        }
        found = true;
        let mut summary = Summary::default();
        for (x, y) in pairs {
            let (a, b) = (&insts[x], &insts[y]);
            let v = explainer.explain(g, a, b);
            summary.add(&v);
            if flags.has(InspectFlag::Summary) {
                continue;
            }
            let by = v.decided_by();
            if by.is_none() && !flags.has(InspectFlag::May) {
                continue;
            }
            let answer = if by.is_some() { "NoAlias" } else { "MayAlias" };
            let why = why(g, &names, a, b, &v);
            let ((first, first_at), (second, second_at)) = (text(x), text(y));
            if json {
                let mut record = serde_json::json!({
                    "function": name,
                    "first": first,
                    "second": second,
                    "answer": answer,
                    "analysis": by.map(Analysis::name),
                    "why": why,
                });
                // With `!dbg`: where each instruction is.
                if let Some(at) = first_at {
                    record["first_location"] = serde_json::json!(at);
                }
                if let Some(at) = second_at {
                    record["second_location"] = serde_json::json!(at);
                }
                if by.is_none() {
                    record["reasons"] = serde_json::json!({
                        "tbaa": v.tbaa_may_reason(),
                        "scoped-noalias": v.scoped_may_reason(),
                    });
                }
                writeln!(out, "{record}")?;
            } else {
                match by {
                    Some(a) => writeln!(out, "{answer} [{a}] in @{name}")?,
                    None => writeln!(out, "{answer} in @{name}")?,
                }
                writeln!(
                    out,
                    "  first:  {}",
                    with_location(first_at.as_deref(), &first)
                )?;
                writeln!(
                    out,
                    "  second: {}",
                    with_location(second_at.as_deref(), &second)
                )?;
                writeln!(out, "  why: {why}")?;
            }
        }
        if flags.has(InspectFlag::Summary) {
            print_summary(&mut out, name, &summary, json)?;
        }
    }
    if let (false, Some(o)) = (found, only) {
        eprintln!(
            "error: aliaskit-explain: no function named '{o}' with loads or stores in the module"
        );
    }
    out.flush()
}

fn print_summary(out: &mut impl Write, name: &str, s: &Summary, json: bool) -> std::io::Result<()> {
    if json {
        let record = serde_json::json!({
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
    Ok(())
}
