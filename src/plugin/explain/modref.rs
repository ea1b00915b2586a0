//! `aliaskit-explain`'s questions beyond load/store pairs
//! ([`aliaskit_core::explain::modref`]): each call against each load,
//! store and earlier call, with `getModRefInfo`'s answer and why; then each
//! location whose immutable tag masks it (`getModRefInfoMask`) or which
//! cannot touch errno (`aliasErrno`).
//!
//! ```text
//! NoModRef [scoped-noalias] in @f
//!   first:  call void @g(ptr %p), !noalias !3
//!   second: store i32 0, ptr %q, align 4, !alias.scope !5
//!   why: getModRefInfo(call, store): !alias.scope {...} of the store vs !noalias {...} of the call: ...
//! NoModRef [tbaa] mask in @f
//!   access: %v = load i32, ptr %c, align 4, !tbaa !9
//!   why: getModRefInfoMask: ...
//! ```
//!
//! JSON records carry `"kind"`: `"call"` (a call against a load or store;
//! for a memory intrinsic also `"locations"`, the alias answer of its
//! destination and source), `"call-call"`, `"mask"` or `"errno"`.
//! With `<llvm>`, [`ask_llvm`] prints LLVM's answers to the same
//! questions in the same form.

use std::ffi::c_void;
use std::io::Write;

use aliaskit_core::decision::Analysis;
pub(super) use aliaskit_core::explain::modref::locations as located;
use aliaskit_core::explain::modref::{
    describe_tbaa_struct, CallSummary, ErrnoVerdict, ModRefDecision, ModRefVerdict,
};
use aliaskit_core::explain::Explainer;
use aliaskit_core::tbaa::nodes::describe_tag;
use aliaskit_core::verify::{Carrier, InstView};
use aliaskit_core::MetadataGraph;

use super::{why, InspectFlag, Report};
use crate::plugin::ffi::imports::aliaskit_llvm_answer;
use crate::plugin::ffi::types::LlvmQuestion;

/// A kind of instruction in a few words ("call", "load", "memcpy", ...).
fn word(i: &InstView) -> &'static str {
    match i.kind {
        Carrier::Load => "load",
        Carrier::Store => "store",
        Carrier::Call {
            copies_memory: true,
            ..
        } => "copy",
        Carrier::Call {
            sets_memory: true, ..
        } => "memset",
        _ => "call",
    }
}

fn tag(g: &MetadataGraph, t: Option<aliaskit_core::NodeId>) -> String {
    t.map_or("none".to_owned(), |t| describe_tag(g, t))
}

/// What a memory intrinsic's `!tbaa.struct` means to the alias queries,
/// when it has one and no `!tbaa`.
fn tbaa_struct_note(g: &MetadataGraph, i: &InstView, label: &str) -> Option<String> {
    let ts = i.tbaa_struct?;
    if i.tbaa.is_some() || !i.kind.is_memory_intrinsic() {
        return None;
    }
    Some(format!(
        "the {label} has !tbaa.struct and no !tbaa: its locations (getForDest, getForSource) carry its own !tbaa, !alias.scope and !noalias, and no alias query reads !tbaa.struct, so rust-tbaa sees it untagged (its !tbaa.struct fields: {}; a scalar access later derived from one of them has that field's tag and can be decided where the copy was not)",
        describe_tbaa_struct(g, ts)
    ))
}

/// What the why calls the two sides: their kinds ("call", "store"), or
/// "first call" and "second call" when they are of one kind.
fn labels(a: &InstView, b: &InstView) -> [String; 2] {
    let (x, y) = (word(a), word(b));
    if x == y {
        [format!("first {x}"), format!("second {y}")]
    } else {
        [x.to_owned(), y.to_owned()]
    }
}

/// Why `getModRefInfo` answers what it does.
fn mod_ref_why(report: &Report, a: &InstView, b: &InstView, v: &ModRefVerdict) -> String {
    let g = report.g;
    let question = format!("getModRefInfo({}, {})", word(a), word(b));
    let [la, lb] = labels(a, b);
    let because = match v.decision() {
        Some(ModRefDecision::Immutable { side }) => {
            let (x, label) = if side == 0 { (a, &la) } else { (b, &lb) };
            let effect = if x.kind.is_call() && !x.kind.is_memory_intrinsic() {
                "rust-tbaa's getMemoryEffects says the call accesses no memory"
            } else if x.kind.is_call() {
                "rust-tbaa's getMemoryEffects says the call accesses no memory (and its locations are masked to NoModRef)"
            } else {
                "getModRefInfoMask masks its location to NoModRef (constant memory)"
            };
            format!(
                "!tbaa {} of the {label} is immutable: {effect}",
                tag(g, x.tbaa)
            )
        }
        _ => why(
            g,
            &report.names,
            (a, b),
            &v.pair,
            [la.as_str(), lb.as_str()],
        ),
    };
    let mut out = format!("{question}: {because}");
    for (x, label) in [(a, &la), (b, &lb)] {
        if let Some(note) = tbaa_struct_note(g, x, label) {
            out.push_str("; ");
            out.push_str(&note);
        }
    }
    out
}

/// The alias answer of a memory intrinsic's locations against the other
/// access, as JSON: `{"dest": ..., "source": ...}` (a copy has both).
fn locations_json(call: &InstView, no_alias: bool) -> Option<serde_json::Value> {
    let answer = if no_alias { "NoAlias" } else { "MayAlias" };
    match call.kind {
        Carrier::Call {
            copies_memory: true,
            ..
        } => Some(serde_json::json!({"dest": answer, "source": answer})),
        Carrier::Call {
            sets_memory: true, ..
        } => Some(serde_json::json!({ "dest": answer })),
        _ => None,
    }
}

/// Each call pair of a function: NoModRef ones, and with `may` the rest.
///
/// # Safety
/// The report's module must be live.
pub(super) unsafe fn explain_calls(
    report: &mut Report,
    explainer: &mut Explainer,
    name: &str,
    pairs: &[(usize, usize)],
    summary: &mut CallSummary,
) -> std::io::Result<()> {
    let read = report.read;
    for &(x, y) in pairs {
        let (a, b) = (&read.view.instructions[x], &read.view.instructions[y]);
        let v = explainer.explain_mod_ref(report.g, a, b);
        summary.add(&v);
        let by = v.decided_by();
        if report.flags.has(InspectFlag::Summary)
            || (by.is_none() && !report.flags.has(InspectFlag::May))
        {
            continue;
        }
        let answer = if by.is_some() { "NoModRef" } else { "ModRef" };
        let why = mod_ref_why(report, a, b, &v);
        let kind = if b.kind.is_call() {
            "call-call"
        } else {
            "call"
        };
        let mut tail = serde_json::json!({});
        if kind == "call" {
            if let Some(l) = locations_json(a, v.location_no_alias()) {
                tail["locations"] = l;
            }
        }
        if by.is_none() {
            tail["reasons"] = serde_json::json!({
                "tbaa": v.pair.tbaa_may_reason(),
                "scoped-noalias": v.pair.scoped_may_reason(),
            });
        }
        report.print_pair(Some(kind), name, (x, y), answer, by, &why, tail)?;
    }
    Ok(())
}

/// Each location of a function: its mask, and, when the module has
/// `!llvm.errno.tbaa`, whether it may touch errno (the answers other than
/// the conservative one; with `may`, all).
///
/// # Safety
/// The report's module must be live.
pub(super) unsafe fn explain_locations(
    report: &mut Report,
    explainer: &mut Explainer,
    name: &str,
    located: &[usize],
    summary: &mut CallSummary,
) -> std::io::Result<()> {
    let g = report.g;
    let read = report.read;
    let errno_tags = &read.view.errno_tags;
    let may = report.flags.has(InspectFlag::May);
    let quiet = report.flags.has(InspectFlag::Summary);
    for &x in located {
        let i = &read.view.instructions[x];
        let immutable = explainer.is_immutable(g, i.tbaa);
        summary.mask += usize::from(immutable);
        if !quiet && (immutable || may) {
            let answer = if immutable { "NoModRef" } else { "ModRef" };
            let why = match (immutable, i.tbaa) {
                (true, _) => format!("getModRefInfoMask: !tbaa {} is immutable: the location is constant memory, which nothing modifies (NoModRef)", tag(g, i.tbaa)),
                (false, Some(t)) => format!("getModRefInfoMask: !tbaa {} is not immutable", describe_tag(g, t)),
                (false, None) => "getModRefInfoMask: no !tbaa".to_owned(),
            };
            one_sided(report, "mask", name, x, answer, immutable, &why)?;
        }
        let Some(errno_tags) = errno_tags else {
            continue;
        };
        let verdict = explainer.errno(g, i.tbaa, errno_tags);
        let no_alias = verdict == ErrnoVerdict::NoAlias;
        summary.errno += usize::from(no_alias);
        if quiet || !(no_alias || may) {
            continue;
        }
        let why = match verdict {
            ErrnoVerdict::NoAlias => {
                let all: Vec<String> = errno_tags.iter().map(|&t| tag(g, t)).collect();
                format!(
                    "aliasErrno: !tbaa {} aliases none of the module's !llvm.errno.tbaa tags ({}): the access cannot touch errno",
                    tag(g, i.tbaa),
                    all.join(", ")
                )
            }
            ErrnoVerdict::MayAlias { errno_tag } => format!(
                "aliasErrno: !tbaa {} may alias the !llvm.errno.tbaa tag {}",
                tag(g, i.tbaa),
                tag(g, errno_tag)
            ),
            ErrnoVerdict::Untagged => "aliasErrno: no !tbaa".to_owned(),
        };
        let answer = if no_alias { "NoAlias" } else { "MayAlias" };
        one_sided(report, "errno", name, x, answer, no_alias, &why)?;
    }
    Ok(())
}

/// Prints a mask or errno record about instruction `x`.
unsafe fn one_sided(
    report: &mut Report,
    kind: &str,
    name: &str,
    x: usize,
    answer: &str,
    decided: bool,
    why: &str,
) -> std::io::Result<()> {
    let analysis = decided.then_some(Analysis::Tbaa);
    let (access, _) = report.text(x);
    let record = serde_json::json!({
        "kind": kind,
        "function": name,
        "access": access,
        "answer": answer,
        "analysis": analysis.map(Analysis::name),
        "why": why,
    });
    let header = match analysis {
        Some(a) => format!("{answer} [{a}] {kind} in @{name}"),
        None => format!("{answer} {kind} in @{name}"),
    };
    report.print(
        &header,
        &[("access", x)],
        why,
        record,
        serde_json::Value::Null,
    )
}

/// The summary's fields for calls, masks and errno.
pub(super) fn summary_fields(record: &mut serde_json::Value, s: &CallSummary) {
    record["calls"] = serde_json::json!({
        "pairs": s.pairs,
        "tbaa": s.tbaa,
        "scoped-noalias": s.scoped,
        "both": s.both,
        "immutable": s.immutable,
        "neither": s.neither,
    });
    record["mask"] = serde_json::json!(s.mask);
    record["errno"] = serde_json::json!(s.errno);
}

/// The summary's lines for calls, masks and errno.
pub(super) fn print_summary(out: &mut impl Write, s: &CallSummary) -> std::io::Result<()> {
    if s.pairs > 0 {
        writeln!(out, "  {} call pairs (getModRefInfo):", s.pairs)?;
        for (label, n) in [
            ("NoModRef by tbaa only", s.tbaa),
            ("NoModRef by scoped only", s.scoped),
            ("NoModRef by both", s.both),
            ("NoModRef by an immutable tag", s.immutable),
            ("ModRef (neither)", s.neither),
        ] {
            let pct = 100.0 * n as f64 / s.pairs as f64;
            writeln!(out, "    {label:<28} {n:>6} {pct:>6.1}%")?;
        }
    }
    if s.mask > 0 {
        writeln!(out, "  immutable locations (mask): {}", s.mask)?;
    }
    if s.errno > 0 {
        writeln!(out, "  locations that cannot touch errno: {}", s.errno)?;
    }
    Ok(())
}

/// The name of an answer code from `aliaskit_llvm_answer`.
fn answer_name(question: LlvmQuestion, code: u8) -> &'static str {
    match question {
        LlvmQuestion::ModRef | LlvmQuestion::Mask => match code {
            0 => "NoModRef",
            1 => "Ref",
            2 => "Mod",
            3 => "ModRef",
            _ => "n/a",
        },
        _ => match code {
            0 => "NoAlias",
            1 => "MayAlias",
            2 => "PartialAlias",
            3 => "MustAlias",
            _ => "n/a",
        },
    }
}

/// `aliaskit-explain<llvm>`: the same questions answered by LLVM's
/// AAResults, one JSON record each, in explain's order and form.
///
/// # Safety
/// The report's module must be live; `answers` its function analysis
/// manager.
pub(super) unsafe fn ask_llvm(
    report: &mut Report,
    answers: *mut c_void,
    name: &str,
    pairs: &[(usize, usize)],
    calls: &[(usize, usize)],
    located: &[usize],
) -> std::io::Result<()> {
    let insts = report.read.instructions.clone();
    let ask = |q: LlvmQuestion, a: usize, b: Option<usize>| {
        let b = b.map_or(std::ptr::null_mut(), |b| insts[b]);
        answer_name(q, aliaskit_llvm_answer(answers, q as u8, insts[a], b))
    };
    for &(x, y) in pairs {
        let ((first, _), (second, _)) = (report.text(x), report.text(y));
        let record = serde_json::json!({
            "function": name, "first": first, "second": second,
            "answer": ask(LlvmQuestion::Alias, x, Some(y)),
        });
        writeln!(report.out, "{record}")?;
    }
    for &(x, y) in calls {
        let view = &report.read.view.instructions;
        let call_call = view[y].kind.is_call();
        let kind = if call_call { "call-call" } else { "call" };
        let ((first, _), (second, _)) = (report.text(x), report.text(y));
        let mut record = serde_json::json!({
            "kind": kind, "function": name, "first": first, "second": second,
            "answer": ask(LlvmQuestion::ModRef, x, Some(y)),
        });
        if !call_call && view[x].kind.is_memory_intrinsic() {
            let mut l = serde_json::json!({ "dest": ask(LlvmQuestion::DestAlias, x, Some(y)) });
            if matches!(
                view[x].kind,
                Carrier::Call {
                    copies_memory: true,
                    ..
                }
            ) {
                l["source"] = serde_json::json!(ask(LlvmQuestion::SourceAlias, x, Some(y)));
            }
            record["locations"] = l;
        }
        writeln!(report.out, "{record}")?;
    }
    let errno = report.read.view.errno_tags.is_some();
    for &x in located {
        let (access, _) = report.text(x);
        let record = serde_json::json!({
            "kind": "mask", "function": name, "access": access,
            "answer": ask(LlvmQuestion::Mask, x, None),
        });
        writeln!(report.out, "{record}")?;
        if errno {
            let record = serde_json::json!({
                "kind": "errno", "function": name, "access": access,
                "answer": ask(LlvmQuestion::Errno, x, None),
            });
            writeln!(report.out, "{record}")?;
        }
    }
    Ok(())
}
