//! `aliaskit rules`: the verifier's rules, from the one table that defines
//! them (`aliaskit_core::verify::Rule`): each rule's stable id, severity,
//! what it checks and, for the rules LLVM's verifier shares, LLVM's message
//! word for word and the `Verifier.cpp` function that prints it.
//!
//! Scripts read it (`--json`) instead of keeping a copy of the table:
//! `checks/verify/parity.py` maps LLVM's messages to rule ids through it.

use std::io::Write;

use aliaskit_core::verify::Rule;
use anyhow::Result;
use serde_json::json;

pub fn rules(json: bool) -> Result<u8> {
    let mut out = std::io::stdout().lock();
    let written = Rule::ALL.iter().try_for_each(|&rule| {
        let llvm = rule.llvm();
        if json {
            let line = json!({
                "id": rule.id(),
                "severity": rule.severity().to_string(),
                "summary": rule.summary(),
                "llvm_message": llvm.map(|c| c.message),
                "llvm_function": llvm.map(|c| c.function),
            });
            writeln!(out, "{line}")
        } else {
            let origin = match llvm {
                Some(c) => format!("LLVM {}: \"{}\"", c.function, c.message),
                None => "beyond LLVM".to_owned(),
            };
            writeln!(
                out,
                "{:<30} {:<8} {}\n{:<39} ({origin})",
                rule.id(),
                rule.severity(),
                rule.summary(),
                ""
            )
        }
    });
    match written {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(0),
    }
}
