//! `check-captures`: reporting what [`aliaskit_core::captures`] finds.
//!
//! The pass (registered in `captures.cpp`) calls `check` through
//! [`aliaskit_check_captures`](super::ffi::exports::aliaskit_check_captures).
//!
//! For every defined function, each pointer parameter whose `captures(...)`
//! is narrower than `captures(address, provenance)` is checked against the
//! body; each call site that carries `captures(...)` on an argument is
//! checked against the body of its callee when the callee is defined in
//! the module. Findings go to stderr in the style of `verify-alias-md`:
//!
//! ```text
//! error: check-captures [stored-visible]: @f: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
//!   condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
//!   store ptr %a, ptr @glb, align 8
//!   uses: %a -> store ptr %a, ptr @glb, align 8
//! ```
//!
//! Errors are definite violations, warnings possible ones. `<warn>` exits 0,
//! `<json>` prints one JSON object per finding. `<why-not>` adds a note for
//! each claimed parameter nothing is reported for: what the checker saw
//! (the uses that capture nothing and why, the captures the claim allows).

use aliaskit_core::captures::{summarize, InstKind, ParamSummary, Severity, Violation};
use aliaskit_core::names::{describe_location, with_location};
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};

use super::ffi::types::{CheckFlag, CheckFlags};
use super::printer::{locations, Printer};
use crate::reader::captures_view::{read_functions, ModuleFunctions};

unsafe fn text(printer: Printer, v: LLVMValueRef) -> String {
    printer.value(v).trim().to_owned()
}

/// An instruction's source location (`!dbg`), if it has one: the text
/// reports show it before the instruction, JSON in a `location` field.
unsafe fn location(v: LLVMValueRef) -> Option<String> {
    describe_location(&locations(v))
}

/// An instruction and its location, for the text and the JSON reports.
#[derive(Clone)]
struct Shown {
    text: String,
    location: Option<String>,
}

impl Shown {
    unsafe fn of(printer: Printer, v: LLVMValueRef) -> Shown {
        Shown {
            text: text(printer, v),
            location: location(v),
        }
    }

    /// For the text report: the location, then the instruction.
    fn located(&self) -> String {
        with_location(self.location.as_deref(), &self.text)
    }

    /// For JSON: `object` with `instruction` and, when there is one,
    /// `location` added.
    fn json(&self, mut object: serde_json::Value) -> serde_json::Value {
        object["instruction"] = serde_json::json!(self.text);
        if let Some(at) = &self.location {
            object["location"] = serde_json::json!(at);
        }
        object
    }
}

struct Report {
    severity: Severity,
    rule: String,
    function: String,
    parameter: String,
    summary: String,
    condition: String,
    reason: String,
    at: Shown,
    uses: Vec<String>,
    /// The uses as (function, instruction) steps, across calls.
    chain: Vec<(String, Shown)>,
}

impl Report {
    fn print(&self, json: bool) {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        if json {
            let mut line = serde_json::json!({
                "tool": "check-captures",
                "severity": sev,
                "rule": self.rule,
                "function": self.function,
                "parameter": self.parameter,
                "message": self.summary,
                "condition": self.condition,
                "reason": self.reason,
                "instruction": self.at.text,
                "uses": self.uses,
                "chain": self
                    .chain
                    .iter()
                    .map(|(f, i)| i.json(serde_json::json!({"function": f})))
                    .collect::<Vec<_>>(),
            });
            if let Some(at) = &self.at.location {
                line["location"] = serde_json::json!(at);
            }
            eprintln!("{line}");
        } else {
            eprintln!(
                "{sev}: check-captures [{}]: @{}: {}",
                self.rule, self.function, self.summary
            );
            eprintln!("  {}: {}", self.condition, self.reason);
            eprintln!("  {}", self.at.located());
            eprintln!("  uses: {}", self.uses.join(" -> "));
        }
    }
}

fn param_name(name: &str, index: usize) -> String {
    if name.is_empty() {
        format!("argument {index}")
    } else {
        format!("%{name} (argument {index})")
    }
}

/// A finding's summary line, its capturing instruction (in function `fi`)
/// and its chain of uses.
unsafe fn describe(
    m: &ModuleFunctions,
    printer: Printer,
    fi: usize,
    v: &Violation,
) -> (String, Shown, Uses) {
    let f = &m.functions[fi];
    let p = &f.params[v.param];
    let at = Shown::of(
        printer,
        m.instructions[fi][*v.chain.last().expect("a capturing instruction")],
    );
    let what = if v.through_return {
        "through its return value"
    } else {
        ""
    };
    let summary = format!(
        "parameter {} is declared {}, but the function captures {} of it{}{}",
        param_name(&p.name, v.param),
        v.declared,
        v.captured,
        if what.is_empty() { "" } else { " " },
        what
    );
    (summary, at, uses_of(m, printer, fi, v))
}

/// A chain of uses: as printed (`%p -> call ... -> @callee: store ...`,
/// each instruction after its location) and as (function, instruction)
/// steps.
#[derive(Default)]
struct Uses {
    printed: Vec<String>,
    steps: Vec<(String, Shown)>,
}

/// The uses from the parameter of function `fi` to the capturing
/// instruction, then, when that is a call of a function defined in the
/// module, the callee's uses (each named with the callee), and so on.
unsafe fn uses_of(m: &ModuleFunctions, printer: Printer, fi: usize, v: &Violation) -> Uses {
    let p = &m.functions[fi].params[v.param];
    let mut uses = Uses::default();
    uses.printed.push(if p.name.is_empty() {
        format!("argument {}", v.param)
    } else {
        format!("%{}", p.name)
    });
    let (mut fi, mut v, mut prefix) = (fi, v, String::new());
    loop {
        let name = &m.functions[fi].name;
        for &i in &v.chain {
            let t = Shown::of(printer, m.instructions[fi][i]);
            uses.printed.push(format!("{prefix}{}", t.located()));
            uses.steps.push((name.clone(), t));
        }
        let Some(inner) = &v.inner else { break };
        fi = inner.function;
        v = &inner.finding;
        prefix = format!("@{}: ", m.functions[fi].name);
    }
    uses
}

/// Checks the module; returns the number of errors.
///
/// # Safety
/// `module` must be live; `printer` its printer.
pub(crate) unsafe fn check(module: LLVMModuleRef, flags: CheckFlags, printer: Printer) -> u32 {
    let m = read_functions(module);
    let summaries = summarize(&m.functions);
    let json = flags.has(CheckFlag::Json);
    let mut errors = 0;
    for (fi, f) in m.functions.iter().enumerate() {
        for (pi, param) in f.params.iter().enumerate() {
            let Some(declared) = param.declared.filter(|_| param.is_pointer) else {
                continue;
            };
            let found = summaries.against(fi, pi, declared);
            if found.is_empty() && flags.has(CheckFlag::WhyNot) {
                if let Some(summary) = summaries.of_body(fi, pi) {
                    why_not(&m, printer, fi, pi, summary, json);
                }
            }
            for v in found {
                let (summary, at, uses) = describe(&m, printer, fi, &v);
                errors += (v.severity == Severity::Error) as u32;
                Report {
                    severity: v.severity,
                    rule: v.condition.id().to_owned(),
                    function: f.name.clone(),
                    parameter: param_name(&param.name, v.param),
                    summary,
                    condition: v.condition.langref().to_owned(),
                    reason: v.reason.clone(),
                    at,
                    uses: uses.printed,
                    chain: uses.steps,
                }
                .print(json);
            }
        }
        // Call sites claiming captures(...) for an argument, against the
        // callee's summary when calls of it are judged by its body.
        for (ii, inst) in f.insts.iter().enumerate() {
            let InstKind::Call(call) = &inst.kind else {
                continue;
            };
            let Some(callee) = call.defined else { continue };
            for (k, claim) in call.arg_captures.iter().enumerate() {
                let (Some(claim), true) = (claim, call.arg_at_call_site.get(k) == Some(&true))
                else {
                    continue;
                };
                let Some(summary) = summaries.of(callee, k) else {
                    continue;
                };
                for v in summary.against(*claim) {
                    let (_, at, uses) = describe(&m, printer, callee, &v);
                    errors += (v.severity == Severity::Error) as u32;
                    Report {
                        severity: v.severity,
                        rule: "call-site-claim".to_owned(),
                        function: f.name.clone(),
                        parameter: format!("argument {k}"),
                        summary: format!(
                            "this call claims {claim} for argument {k}, but @{} captures {} of it",
                            m.functions[callee].name, v.captured
                        ),
                        condition: v.condition.langref().to_owned(),
                        reason: format!(
                            "{} (in @{}: {})",
                            v.reason,
                            m.functions[callee].name,
                            at.located()
                        ),
                        at: Shown::of(printer, m.instructions[fi][ii]),
                        uses: uses.printed,
                        chain: uses.steps,
                    }
                    .print(json);
                }
            }
        }
    }
    errors
}

/// The note for a claimed parameter nothing is reported for: each use
/// that captures nothing (and why), each capture the claim allows.
unsafe fn why_not(
    m: &ModuleFunctions,
    printer: Printer,
    fi: usize,
    pi: usize,
    summary: &ParamSummary,
    json: bool,
) {
    let f = &m.functions[fi];
    let p = &f.params[pi];
    let declared = p.declared.expect("a claimed parameter");
    let at = |i: usize| Shown::of(printer, m.instructions[fi][i]);
    let seen: Vec<(&str, &str, Shown)> = summary
        .seen
        .iter()
        .map(|s| (s.why.id(), s.why.describe(), at(s.at)))
        .collect();
    let allowed: Vec<(&str, String, Shown)> = summary
        .findings
        .iter()
        .map(|v| {
            let last = *v.chain.last().expect("a capturing instruction");
            (
                v.condition.id(),
                format!("{} ({})", v.reason, v.captured),
                at(last),
            )
        })
        .collect();
    let message = format!(
        "parameter {} is declared {declared}, and no use captures more",
        param_name(&p.name, pi)
    );
    if json {
        let line = serde_json::json!({
            "tool": "check-captures",
            "severity": "note",
            "rule": "why-not",
            "function": f.name,
            "parameter": param_name(&p.name, pi),
            "message": message,
            "seen": seen.iter().map(|(id, why, i)| i.json(serde_json::json!({"why": id, "reason": why}))).collect::<Vec<_>>(),
            "allowed": allowed.iter().map(|(rule, why, i)| i.json(serde_json::json!({"rule": rule, "reason": why}))).collect::<Vec<_>>(),
        });
        eprintln!("{line}");
        return;
    }
    eprintln!("note: check-captures [why-not]: @{}: {message}", f.name);
    for (id, why, i) in &seen {
        eprintln!("  {id}: {}: {why}", i.located());
    }
    for (rule, why, i) in &allowed {
        eprintln!("  allowed [{rule}]: {}: {why}", i.located());
    }
    if seen.is_empty() && allowed.is_empty() {
        eprintln!("  it has no use that reaches memory, a comparison, a call or a return");
    }
}
