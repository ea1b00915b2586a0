//! The subcommands that run one pass of the plugin on one module.
//!
//! Each builds the pass's pipeline text, runs `opt`, prints the pass's
//! report on stdout and returns the exit code (0, or 1 when the check
//! found something); bad input is an `Err` (exit 2). `verify`, `captures`
//! and `explain` write through a [`Sink`], so that [`crate::many`] can run
//! them on several files at once and print each file's output in order.

use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

use crate::llvm::{Input, OptRun, Toolchain};
use crate::many::Sink;

fn params(list: &[(&str, bool)]) -> String {
    let on: Vec<&str> = list.iter().filter(|(_, b)| *b).map(|(p, _)| *p).collect();
    if on.is_empty() {
        String::new()
    } else {
        format!("<{}>", on.join(";"))
    }
}

fn os(args: &[String]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

/// A run that failed for a reason other than the pass's verdict.
fn unexpected(run: &OptRun, what: &str) -> anyhow::Error {
    anyhow::anyhow!("opt failed while running {what}: {}", run.last_lines(5))
}

pub fn print_report(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .or_else(ignore_broken_pipe)
}

fn ignore_broken_pipe(e: std::io::Error) -> Result<()> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(e.into())
    }
}

pub fn verify(
    tools: &Toolchain,
    file: &Path,
    strip_to: Option<&Path>,
    json: bool,
    warn: bool,
    sink: &mut Sink,
) -> Result<u8> {
    let input = Input::open(file)?;
    let pass = format!(
        "verify-alias-md{}",
        params(&[
            ("warn", warn),
            ("strip", strip_to.is_some()),
            ("json", json)
        ])
    );
    // opt's own verifier would stop at the first bad tag, before ours runs.
    let mut args = vec![
        "-disable-verify".to_owned(),
        NO_READER_VERIFY.to_owned(),
        format!("-passes={pass}"),
    ];
    match strip_to {
        Some(out) => {
            if out.extension().is_some_and(|e| e == "ll") {
                args.push("-S".into());
            }
            args.push("-o".into());
            args.push(out.display().to_string());
        }
        None => args.push("-disable-output".into()),
    }
    let Some(verdict) = check(tools, &input, &os(&args), "verify-alias-md", &pass, sink)? else {
        return Ok(0);
    };
    sink.err(&format!("aliaskit verify: {}: {verdict}\n", file.display()));
    sink.verdict = Some(verdict);
    Ok(1)
}

/// Runs a checking pass (`name`, as `pass` with its parameters) with
/// opt's `args`; its report goes to the sink. Its verdict when it failed
/// the module, None when it did not; an error when opt failed otherwise.
fn check(
    tools: &Toolchain,
    input: &Input,
    args: &[OsString],
    name: &str,
    pass: &str,
    sink: &mut Sink,
) -> Result<Option<String>> {
    let run = tools.opt(input, args, false)?;
    sink.out(&run.report(name))?;
    if let Some(verdict) = run.pass_verdict(name) {
        return Ok(Some(verdict.to_owned()));
    }
    if run.code != Some(0) {
        return Err(unexpected(&run, pass));
    }
    Ok(None)
}

/// `<pass>: <pairs> pairs, <merges> merges, <n> disagreements` lines.
fn disagreements(stderr: &str, pass: &str) -> Option<u64> {
    let prefix = format!("{pass}: ");
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix(&prefix))
        .filter_map(|l| l.split(", ").last())
        .filter_map(|l| {
            l.strip_suffix(" disagreements")
                .or(l.strip_suffix(" disagreement"))
        })
        .map(|n| n.trim().parse::<u64>().ok())
        .sum()
}

pub fn diff(file: &Path, max: u32) -> Result<u8> {
    let tools = Toolchain::find()?;
    let input = Input::open(file)?;
    let passes = format!("tbaa-diff<max-tags={max}>,scoped-diff<max-lists={max}>");
    let args = os(&[format!("-passes={passes}"), "-disable-output".into()]);
    let run = tools.opt(&input, &args, false)?;
    if run.code != Some(0) {
        return Err(unexpected(&run, &passes));
    }
    print_report(&run.stderr)?;
    let found: u64 = ["tbaa-diff", "scoped-diff"]
        .iter()
        .map(|p| disagreements(&run.stderr, p).unwrap_or(0))
        .sum();
    if !run.stderr.contains("tbaa-diff: ") {
        bail!("tbaa-diff printed no summary line for {}", file.display());
    }
    Ok(if found > 0 { 1 } else { 0 })
}

pub fn captures(
    tools: &Toolchain,
    file: &Path,
    json: bool,
    warn: bool,
    why_not: bool,
    sink: &mut Sink,
) -> Result<u8> {
    let input = Input::open(file)?;
    let pass = format!(
        "check-captures{}",
        params(&[("warn", warn), ("json", json), ("why-not", why_not)])
    );
    let args = os(&[format!("-passes={pass}"), "-disable-output".into()]);
    let Some(verdict) = check(tools, &input, &args, "check-captures", &pass, sink)? else {
        return Ok(0);
    };
    sink.verdict = Some(verdict);
    Ok(1)
}

/// `function=NAME` for the inspection passes.
fn function_param(function: Option<&str>) -> Result<Option<String>> {
    match function {
        Some(f) if f.contains(['<', '>', ';', ',', '(', ')']) => {
            bail!("function name '{f}' has a character pass parameters cannot carry (<>;,())")
        }
        Some(f) => Ok(Some(format!("function={}", f.trim_start_matches('@')))),
        None => Ok(None),
    }
}

/// The IR reader itself verifies a module that has a `Debug Info Version`
/// flag (Flang's modules always do) and aborts on any error, alias
/// metadata included, whatever `-disable-verify` says; this turns that off.
const NO_READER_VERIFY: &str = "-disable-auto-upgrade-debug-info";

/// Runs an inspection pass; its stdout is the product, stderr is checked
/// (and what is left of it goes to the sink's stderr).
fn inspect(
    tools: &Toolchain,
    input: &Input,
    pass: &str,
    stream: bool,
    sink: &mut Sink,
) -> Result<OptRun> {
    // Malformed alias metadata is what these passes explain and draw:
    // opt's verifier must not reject the module first.
    let args = os(&[
        "-disable-verify".into(),
        NO_READER_VERIFY.into(),
        format!("-passes={pass}"),
        "-disable-output".into(),
    ]);
    let run = tools.opt(input, &args, stream)?;
    if run.code != Some(0) {
        return Err(unexpected(&run, pass));
    }
    let errors: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("error: aliaskit-"))
        .collect();
    if let Some(e) = errors.first() {
        bail!("{}", e.trim_start_matches("error: "));
    }
    sink.err(&run.stderr);
    Ok(run)
}

pub fn explain(
    tools: &Toolchain,
    file: &Path,
    function: Option<&str>,
    may: bool,
    summary: bool,
    json: bool,
    sink: &mut Sink,
) -> Result<u8> {
    let input = Input::open(file)?;
    let mut list: Vec<String> = [("may", may), ("summary", summary), ("json", json)]
        .iter()
        .filter(|(_, b)| *b)
        .map(|(p, _)| p.to_string())
        .collect();
    list.extend(function_param(function)?);
    let pass = if list.is_empty() {
        "aliaskit-explain".to_owned()
    } else {
        format!("aliaskit-explain<{}>", list.join(";"))
    };
    // One file: opt's stdout straight through (reports can be large).
    let stream = sink.is_direct();
    let run = inspect(tools, &input, &pass, stream, sink)?;
    if !stream {
        sink.out(&run.stdout)?;
    }
    Ok(0)
}

pub fn dot(file: &Path, output: Option<&Path>, scopes: bool, function: Option<&str>) -> Result<u8> {
    // Check the output's kind before any work.
    let format = match output.and_then(|o| o.extension()).and_then(|e| e.to_str()) {
        None if output.is_none() => None,
        Some("dot" | "gv") => None,
        Some(f @ ("svg" | "png" | "pdf")) => Some(f.to_owned()),
        _ => bail!(
            "cannot tell the format of {} (use .dot, .svg, .png or .pdf)",
            output.map(|o| o.display().to_string()).unwrap_or_default()
        ),
    };
    let tools = Toolchain::find()?;
    let input = Input::open(file)?;
    let mut list: Vec<String> = Vec::new();
    if scopes {
        list.push("scopes".into());
    }
    list.extend(function_param(function)?);
    let pass = if list.is_empty() {
        "aliaskit-dot".to_owned()
    } else {
        format!("aliaskit-dot<{}>", list.join(";"))
    };
    let run = inspect(&tools, &input, &pass, false, &mut Sink::direct())?;
    match (output, format) {
        (None, _) => print_report(&run.stdout)?,
        (Some(out), None) => std::fs::write(out, &run.stdout)
            .with_context(|| format!("cannot write {}", out.display()))?,
        (Some(out), Some(format)) => render(&run.stdout, out, &format)?,
    }
    Ok(0)
}

/// Renders DOT text with graphviz's `dot`.
fn render(text: &str, out: &Path, format: &str) -> Result<()> {
    let mut child = Command::new("dot")
        .arg(format!("-T{format}"))
        .arg("-o")
        .arg(out)
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("cannot run graphviz's dot (install graphviz, or write a .dot file)")?;
    child
        .stdin
        .take()
        .expect("piped stdin")
        .write_all(text.as_bytes())
        .context("cannot feed graphviz's dot")?;
    let done = child.wait_with_output().context("graphviz's dot failed")?;
    if !done.status.success() {
        bail!(
            "graphviz's dot rejected the picture: {}",
            String::from_utf8_lossy(&done.stderr).trim()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disagreement_lines_are_summed() {
        let stderr = "x\ntbaa-diff: 10 pairs, 20 merges, 2 disagreements\ntbaa-diff: 1 pairs, 0 merges, 1 disagreement\n";
        assert_eq!(disagreements(stderr, "tbaa-diff"), Some(3));
        assert_eq!(disagreements(stderr, "scoped-diff"), Some(0));
    }

    #[test]
    fn parameters_and_function_names() {
        assert_eq!(
            params(&[("warn", true), ("json", false), ("strip", true)]),
            "<warn;strip>"
        );
        assert_eq!(params(&[("warn", false)]), "");
        assert_eq!(
            function_param(Some("@f")).unwrap().as_deref(),
            Some("function=f")
        );
        assert!(function_param(Some("f<int>")).is_err());
    }
}
