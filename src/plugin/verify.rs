//! `verify-alias-md`: reporting, JSON, stripping and `ALIASKIT_VERIFY_EACH`.
//!
//! The pass (registered in `verify.cpp`) calls `verify` through
//! [`aliaskit_verify_module`](super::ffi::exports::aliaskit_verify_module):
//! the module is read ([`crate::reader::verify_view`]), every rule of
//! [`aliaskit_core::verify`] runs, and each finding is printed to stderr in
//! LLVM's style:
//!
//! ```text
//! error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
//!   in @f, !tbaa:
//!   store i32 0, ptr %p, align 4, !tbaa !0
//! !0 = !{!1, !2, i64 2}
//! 2
//! ```
//!
//! (the message, then what LLVM's verifier prints after it: the
//! instruction, the nodes as `opt -S` numbers them, numbers; for path
//! rules, the walk). With `<json>` each finding is one JSON object on one
//! line instead. With `<strip>` the attachments found invalid are removed
//! (only those; a tag LLVM's verifier rejects is removed from every
//! instruction carrying it, since LLVM reports it only once) and each
//! removal is reported.

use std::fmt::Write as _;

use aliaskit_core::names::{describe_location, with_location};
use aliaskit_core::verify::{Attachment, Finding, MessageOperand, Severity, Site, Verifier};
use inkwell::llvm_sys::core::{LLVMInstructionEraseFromParent, LLVMSetMetadata};
use inkwell::llvm_sys::prelude::LLVMModuleRef;
use rustc_hash::FxHashSet;

use super::ffi::imports::aliaskit_remove_named_metadata_operand;
use super::ffi::types::{CheckFlag, CheckFlags};
use super::printer::{locations, Printer};
use crate::reader::verify_view::{read_module, ModuleRead};

/// Findings already seen (`ALIASKIT_VERIFY_EACH`): keyed by rule, message
/// and the metadata node involved, which survive renumbering by passes.
#[derive(Default)]
pub struct Baseline {
    seen: FxHashSet<(&'static str, String, usize)>,
    first_new: Option<String>,
}

/// What a finding is about, for printing.
struct Printed {
    severity: Severity,
    rule: &'static str,
    message: String,
    place: String,
    function: Option<String>,
    attachment: &'static str,
    instruction: Option<String>,
    /// The instruction's source location (`!dbg`), if it has one.
    location: Option<String>,
    lines: Vec<String>,
    nodes: Vec<String>,
    numbers: Vec<i128>,
    path: Vec<(String, u64)>,
}

impl Printed {
    fn text(&self) -> String {
        let mut s = format!(
            "{}: verify-alias-md [{}]: {}\n",
            self.severity, self.rule, self.message
        );
        let _ = writeln!(s, "  {}:", self.place);
        for line in &self.lines {
            let _ = writeln!(s, "{line}");
        }
        if !self.path.is_empty() {
            let steps: Vec<String> = self
                .path
                .iter()
                .map(|(t, o)| format!("{t} at offset {o}"))
                .collect();
            let _ = writeln!(s, "  access path: {}", steps.join(" -> "));
        }
        s
    }

    fn json(&self) -> String {
        #[derive(serde::Serialize)]
        struct Step<'a> {
            #[serde(rename = "type")]
            ty: &'a str,
            offset: u64,
        }
        #[derive(serde::Serialize)]
        struct Json<'a> {
            tool: &'static str,
            severity: String,
            rule: &'static str,
            message: &'a str,
            function: Option<&'a str>,
            attachment: &'static str,
            instruction: Option<&'a str>,
            #[serde(skip_serializing_if = "Option::is_none")]
            location: Option<&'a str>,
            nodes: &'a [String],
            numbers: &'a [i128],
            path: Vec<Step<'a>>,
        }
        serde_json::to_string(&Json {
            tool: "verify-alias-md",
            severity: self.severity.to_string(),
            rule: self.rule,
            message: &self.message,
            function: self.function.as_deref(),
            attachment: self.attachment,
            instruction: self.instruction.as_deref().map(str::trim),
            location: self.location.as_deref(),
            nodes: &self.nodes,
            numbers: &self.numbers,
            path: self
                .path
                .iter()
                .map(|(t, o)| Step { ty: t, offset: *o })
                .collect(),
        })
        .expect("findings serialize")
    }
}

unsafe fn render(read: &ModuleRead, printer: Printer, f: &Finding) -> Printed {
    let node_text = |n| printer.metadata(read.importer.pointer(n));
    let (place, function, instruction, location) = match f.site {
        Site::Instruction(i) => {
            let func = &read.functions[read.view.instructions[i].function];
            let inst = read.instructions[i];
            (
                format!("in @{func}, {}", f.attachment.name()),
                Some(func.clone()),
                Some(printer.value(inst)),
                describe_location(&locations(inst)),
            )
        }
        Site::ErrnoTag(k) => (
            format!("in !llvm.errno.tbaa, operand {k}"),
            None,
            None,
            None,
        ),
    };
    // As LLVM prints it (indented), or with `!dbg`, its location first.
    let shown = match (&instruction, &location) {
        (Some(i), Some(at)) => Some(format!("  {}", with_location(Some(at), i.trim()))),
        _ => instruction.clone(),
    };
    let mut lines = Vec::new();
    // LLVM prints the instruction only for some messages; it is always
    // worth seeing, so it comes first when LLVM would not print it.
    if !f.operands.contains(&MessageOperand::Instruction) {
        lines.extend(shown.clone());
    }
    let (mut nodes, mut numbers) = (Vec::new(), Vec::new());
    for op in &f.operands {
        match *op {
            MessageOperand::Instruction => lines.extend(shown.clone()),
            MessageOperand::Node(n) => {
                let t = node_text(n);
                lines.push(t.clone());
                nodes.push(t);
            }
            MessageOperand::Number(v) => {
                lines.push(v.to_string());
                numbers.push(v);
            }
        }
    }
    let path = f
        .path
        .iter()
        .map(|s| {
            let t = node_text(s.ty);
            (t.split(" = ").next().unwrap_or(&t).to_owned(), s.offset)
        })
        .collect();
    Printed {
        severity: f.severity,
        rule: f.rule.id(),
        message: f.message.clone(),
        place,
        function,
        attachment: f.attachment.name(),
        instruction,
        location,
        lines,
        nodes,
        numbers,
        path,
    }
}

/// The metadata node a finding's key is made of (survives renumbering).
fn subject(read: &ModuleRead, f: &Finding) -> usize {
    let inst = match f.site {
        Site::Instruction(i) => &read.view.instructions[i],
        Site::ErrnoTag(k) => {
            return read
                .view
                .errno_tags
                .as_ref()
                .and_then(|t| t.get(k).copied().flatten())
                .map_or(0, |n| read.importer.pointer(n) as usize)
        }
    };
    inst.attached(f.attachment)
        .map_or(0, |n| read.importer.pointer(n) as usize)
}

/// Verifies `module`; see the module documentation. Returns the number of
/// errors.
///
/// # Safety
/// `module` must be live and `printer` its printer; `after_pass` names the
/// pass after which an `ALIASKIT_VERIFY_EACH` baseline is checked.
pub(crate) unsafe fn verify(
    module: LLVMModuleRef,
    flags: CheckFlags,
    printer: Printer,
    mut baseline: Option<&mut Baseline>,
    after_pass: Option<String>,
) -> u32 {
    let read = read_module(module);
    let mut verifier = Verifier::new();
    let findings = verifier.verify_module(&read.importer.graph, &read.view);
    let mut errors = 0u32;
    let mut new_after_pass = false;
    for f in &findings {
        if let Some(b) = baseline.as_deref_mut() {
            if !b
                .seen
                .insert((f.rule.id(), f.message.clone(), subject(&read, f)))
            {
                continue;
            }
            if !new_after_pass {
                new_after_pass = true;
                let pass = after_pass.as_deref().unwrap_or("?");
                if pass == "<input>" {
                    eprintln!("note: verify-alias-md: findings in the input, before any pass:");
                } else {
                    if b.first_new.is_none() {
                        b.first_new = Some(pass.to_owned());
                        eprintln!("warning: verify-alias-md: the first pass after which a new finding appears is '{pass}'");
                    }
                    eprintln!("note: verify-alias-md: new findings after pass '{pass}':");
                }
            }
        }
        if f.severity == Severity::Error {
            errors += 1;
        }
        let p = render(&read, printer, f);
        if flags.has(CheckFlag::Json) {
            eprintln!("{}", p.json());
        } else {
            eprint!("{}", p.text());
        }
    }
    if flags.has(CheckFlag::Strip) && errors > 0 {
        strip(&read, &verifier, &findings, module, printer, flags);
        // LLVM reports some problems only once (a bad type node, the first
        // bad declaration of a function), so removing what was reported can
        // reveal more: verify and strip again until nothing is left. Each
        // round removes at least one attachment.
        let mut rounds = read.instructions.len() + 2;
        loop {
            let read = read_module(module);
            let mut verifier = Verifier::new();
            let findings = verifier.verify_module(&read.importer.graph, &read.view);
            if !findings.iter().any(|f| f.severity == Severity::Error) || rounds == 0 {
                break;
            }
            rounds -= 1;
            for f in findings.iter().filter(|f| f.severity == Severity::Error) {
                let p = render(&read, printer, f);
                if flags.has(CheckFlag::Json) {
                    eprintln!("{}", p.json());
                } else {
                    eprint!("{}", p.text());
                }
            }
            strip(&read, &verifier, &findings, module, printer, flags);
        }
    }
    errors
}

/// Removes every attachment found invalid (errors only) and reports it.
unsafe fn strip(
    read: &ModuleRead,
    verifier: &Verifier,
    findings: &[Finding],
    module: LLVMModuleRef,
    printer: Printer,
    flags: CheckFlags,
) {
    let mut remove: Vec<(usize, Attachment)> = Vec::new();
    let mut errno: Vec<usize> = Vec::new();
    for f in findings.iter().filter(|f| f.severity == Severity::Error) {
        match f.site {
            Site::Instruction(i) => remove.push((i, f.attachment)),
            Site::ErrnoTag(k) => errno.push(k),
        }
    }
    // A tag LLVM's verifier rejects is rejected wherever it is attached,
    // though LLVM reports a bad type node only the first time.
    for (i, inst) in read.view.instructions.iter().enumerate() {
        if let Some(tag) = inst.tbaa {
            if verifier.tbaa.verdict(tag) == Some(false) {
                remove.push((i, Attachment::Tbaa));
            }
        }
    }
    remove.sort_by_key(|&(i, a)| (i, a as u8));
    remove.dedup();
    let k = read.kinds;
    let mut erased = FxHashSet::default();
    for &(i, attachment) in &remove {
        let inst = read.instructions[i];
        if erased.contains(&i) {
            continue;
        }
        let what = printer.value(inst);
        let at = describe_location(&locations(inst));
        let func = &read.functions[read.view.instructions[i].function];
        let kind = match attachment {
            Attachment::Tbaa => Some(k.tbaa),
            Attachment::TbaaStruct => Some(k.tbaa_struct),
            Attachment::AliasScope => Some(k.alias_scope),
            Attachment::NoAlias => Some(k.noalias),
            Attachment::ScopeDecl | Attachment::ErrnoTag => None,
        };
        report_removal(flags, attachment.name(), func, what.trim(), at.as_deref());
        match kind {
            Some(kind) => LLVMSetMetadata(inst, kind, std::ptr::null_mut()),
            None => {
                erased.insert(i);
                LLVMInstructionEraseFromParent(inst);
            }
        }
    }
    errno.sort_unstable();
    errno.dedup();
    for &index in errno.iter().rev() {
        report_removal(
            flags,
            "!llvm.errno.tbaa",
            "",
            &format!("operand {index}"),
            None,
        );
        aliaskit_remove_named_metadata_operand(module, c"llvm.errno.tbaa".as_ptr(), index as u32);
    }
}

/// `at`: the instruction's source location, if it has one.
fn report_removal(
    flags: CheckFlags,
    attachment: &str,
    function: &str,
    what: &str,
    at: Option<&str>,
) {
    if flags.has(CheckFlag::Json) {
        let mut line = serde_json::json!({
            "tool": "verify-alias-md",
            "removed": attachment,
            "function": if function.is_empty() { None } else { Some(function) },
            "from": what,
        });
        if let Some(at) = at {
            line["location"] = serde_json::json!(at);
        }
        eprintln!("{line}");
    } else if function.is_empty() {
        eprintln!("note: verify-alias-md: removed {attachment} {what}");
    } else {
        let what = with_location(at, what);
        eprintln!("note: verify-alias-md: removed {attachment} from @{function}: {what}");
    }
}
