//! `check-captures`: reporting what [`aliaskit_core::captures`] finds.
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
//! `<json>` prints one JSON object per finding.

use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use aliaskit_core::captures::{
    check_function, check_param_against, Condition, InstKind, Severity, Violation,
};
use inkwell::llvm_sys::prelude::{LLVMModuleRef, LLVMValueRef};

use super::printer::Printer;
use crate::reader::function::{read_functions, ModuleFunctions};

const FLAG_JSON: u32 = 4;

unsafe fn text(printer: *mut c_void, v: LLVMValueRef) -> String {
    Printer(printer).value(v).trim().to_owned()
}

/// The stable id of each kind of finding.
pub fn rule_id(c: Condition) -> &'static str {
    match c {
        Condition::StoredVisible => "stored-visible",
        Condition::Returned => "returned",
        Condition::Published => "published",
        Condition::Inspected => "inspected",
        Condition::Volatile => "volatile",
        Condition::PassedOn => "passed-on",
        Condition::StoredUnknown => "stored-unknown",
        Condition::Unmodelled => "unmodelled",
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
    at: String,
    uses: Vec<String>,
}

impl Report {
    fn print(&self, json: bool) {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        if json {
            let line = serde_json::json!({
                "tool": "check-captures",
                "severity": sev,
                "rule": self.rule,
                "function": self.function,
                "parameter": self.parameter,
                "message": self.summary,
                "condition": self.condition,
                "reason": self.reason,
                "instruction": self.at,
                "uses": self.uses,
            });
            eprintln!("{line}");
        } else {
            eprintln!(
                "{sev}: check-captures [{}]: @{}: {}",
                self.rule, self.function, self.summary
            );
            eprintln!("  {}: {}", self.condition, self.reason);
            eprintln!("  {}", self.at);
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

unsafe fn describe(
    m: &ModuleFunctions,
    printer: *mut c_void,
    fi: usize,
    v: &Violation,
) -> (String, String, Vec<String>) {
    let f = &m.functions[fi];
    let p = &f.params[v.param];
    let at = text(
        printer,
        m.instructions[fi][*v.chain.last().expect("a capturing instruction")],
    );
    let mut uses = vec![if p.name.is_empty() {
        format!("argument {}", v.param)
    } else {
        format!("%{}", p.name)
    }];
    uses.extend(
        v.chain
            .iter()
            .map(|&i| text(printer, m.instructions[fi][i])),
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
    (summary, at, uses)
}

/// Checks the module; returns the number of errors.
///
/// # Safety
/// `module` must be live; `printer` the `verify.cpp` printer of it.
#[no_mangle]
pub unsafe extern "C" fn aliaskit_check_captures(
    module: LLVMModuleRef,
    flags: u32,
    printer: *mut c_void,
) -> u32 {
    match catch_unwind(AssertUnwindSafe(|| check(module, flags, printer))) {
        Ok(errors) => errors,
        Err(_) => {
            eprintln!("error: check-captures: internal error; no verdict for this module");
            0
        }
    }
}

unsafe fn check(module: LLVMModuleRef, flags: u32, printer: *mut c_void) -> u32 {
    let m = read_functions(module);
    let json = flags & FLAG_JSON != 0;
    let mut errors = 0;
    for (fi, f) in m.functions.iter().enumerate() {
        for v in check_function(f) {
            let (summary, at, uses) = describe(&m, printer, fi, &v);
            errors += (v.severity == Severity::Error) as u32;
            Report {
                severity: v.severity,
                rule: rule_id(v.condition).to_owned(),
                function: f.name.clone(),
                parameter: param_name(&f.params[v.param].name, v.param),
                summary,
                condition: v.condition.langref().to_owned(),
                reason: v.reason.clone(),
                at,
                uses,
            }
            .print(json);
        }
        // Call sites claiming captures(...) for an argument, against the
        // callee's body when it is in the module.
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
                for v in check_param_against(&m.functions[callee], k, *claim) {
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
                        reason: format!("{} (in @{}: {at})", v.reason, m.functions[callee].name),
                        at: text(printer, m.instructions[fi][ii]),
                        uses,
                    }
                    .print(json);
                }
            }
        }
    }
    errors
}
