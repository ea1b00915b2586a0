//! Several modules at once: `aliaskit verify|captures|explain FILE... [-j N]`.
//!
//! A build is checked as a whole: every file is run as `aliaskit CMD FILE`
//! alone would run it, `N` at a time (`-j`, default: the number of CPUs),
//! and the output is printed in argument order, whichever file finishes
//! first. With one file nothing changes: the report goes straight to stdout
//! and the exit code is that file's.
//!
//! With several files, stdout is
//!
//! ```text
//! == a.ll ==
//! <a.ll's report, as `aliaskit CMD a.ll` prints it on stdout>
//! == b.ll ==
//! <b.ll's report>
//! a.ll: ok
//! b.ll: 1 error in alias metadata
//! c.ll: bad input: c.ll is not valid LLVM 22 IR: expected top-level entity
//! total: 3 files, 1 ok, 1 found something, 1 bad input
//! ```
//!
//! a section per file (its header, its report), then a line per file (`ok`,
//! the check's verdict, or `bad input:` and why) and a total. Each file's
//! stderr (verify's verdict line, `error: ...` for bad input, the passes'
//! warnings) is what it alone prints there, written after that file's
//! section. With `--json`, stdout is JSON Lines only: no headers, each
//! finding's object gets a leading `"file"` field, and the per-file lines
//! and the total are objects too: `{"file":"a.ll","exit":0,"status":"ok"}`,
//! `{"total":{"files":3,"ok":1,"found":1,"bad_input":1},"exit":2}`.
//!
//! The exit code is the worst of the files': 2 (bad input) over 1 (the
//! check found something) over 0.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use anyhow::Result;

use crate::commands::print_report;

/// Where a command's report and diagnostics go: straight to stdout and
/// stderr (one file), or into buffers printed later in argument order
/// (several files).
pub struct Sink {
    buffered: bool,
    stdout: String,
    stderr: String,
    /// The check's verdict when it found something ("1 error in alias
    /// metadata"), for the file's summary line.
    pub verdict: Option<String>,
}

impl Sink {
    /// Straight to stdout and stderr.
    pub fn direct() -> Sink {
        Sink {
            buffered: false,
            stdout: String::new(),
            stderr: String::new(),
            verdict: None,
        }
    }

    fn buffered() -> Sink {
        Sink {
            buffered: true,
            ..Sink::direct()
        }
    }

    pub fn is_direct(&self) -> bool {
        !self.buffered
    }

    /// Report text (stdout).
    pub fn out(&mut self, text: &str) -> Result<()> {
        if self.buffered {
            self.stdout.push_str(text);
            Ok(())
        } else {
            print_report(text)
        }
    }

    /// Diagnostics (stderr).
    pub fn err(&mut self, text: &str) {
        if self.buffered {
            self.stderr.push_str(text);
        } else {
            eprint!("{text}");
        }
    }
}

/// `-j`'s default: the number of CPUs.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
}

/// What one file gave.
struct Outcome {
    sink: Sink,
    /// 0, 1, or 2 with the reason (bad input).
    code: u8,
    error: Option<String>,
}

/// How a file's result reads in its summary line.
fn status(o: &Outcome) -> String {
    match (o.code, &o.error) {
        (_, Some(e)) => format!("bad input: {e}"),
        (0, _) => "ok".to_owned(),
        _ => o
            .sink
            .verdict
            .clone()
            .unwrap_or_else(|| "found something".to_owned()),
    }
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// `text`'s JSON objects (lines starting with `{`) with a leading
/// `"file"` field; other lines as they are.
fn with_file_field(text: &str, file: &str) -> String {
    let field = format!("{{\"file\":{},", json_string(file));
    text.lines()
        .map(|l| match l.strip_prefix('{') {
            Some(rest) if rest.trim_start().starts_with('}') => {
                format!("{{\"file\":{}}}\n", json_string(file))
            }
            Some(rest) => format!("{field}{rest}\n"),
            None => format!("{l}\n"),
        })
        .collect()
}

/// Runs `one` on every file, `jobs` at a time, and prints the sections,
/// the per-file lines and the total in argument order on stdout (each
/// file's diagnostics on stderr). Returns the worst exit code.
pub fn run<F>(files: &[PathBuf], jobs: usize, json: bool, one: F) -> Result<u8>
where
    F: Fn(&Path, &mut Sink) -> Result<u8> + Sync,
{
    run_to(
        files,
        jobs,
        json,
        one,
        &mut Writer(std::io::stdout()),
        &mut Writer(std::io::stderr()),
    )
}

/// Where [`run_to`] prints: a stream that is flushed after each piece
/// and where a closed pipe is not an error (`aliaskit verify *.bc | head`).
pub trait Output {
    fn put(&mut self, text: &str) -> Result<()>;
}

struct Writer<W: Write>(W);

impl<W: Write> Output for Writer<W> {
    fn put(&mut self, text: &str) -> Result<()> {
        match self
            .0
            .write_all(text.as_bytes())
            .and_then(|_| self.0.flush())
        {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
            _ => Ok(()),
        }
    }
}

impl Output for String {
    fn put(&mut self, text: &str) -> Result<()> {
        self.push_str(text);
        Ok(())
    }
}

/// [`run`], printing on `out` and `err`.
pub fn run_to<F>(
    files: &[PathBuf],
    jobs: usize,
    json: bool,
    one: F,
    out: &mut dyn Output,
    err: &mut dyn Output,
) -> Result<u8>
where
    F: Fn(&Path, &mut Sink) -> Result<u8> + Sync,
{
    let n = files.len();
    let jobs = jobs.clamp(1, n.max(1));
    let next = AtomicUsize::new(0);
    let mut outcomes: Vec<Option<Outcome>> = (0..n).map(|_| None).collect();
    let mut printed = 0;
    let mut write_error: Option<anyhow::Error> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<(usize, Outcome)>();
        for _ in 0..jobs {
            let tx = tx.clone();
            let (next, one) = (&next, &one);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    break;
                }
                let mut sink = Sink::buffered();
                let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    one(&files[i], &mut sink)
                }));
                let (code, error) = match result {
                    Ok(Ok(code)) => (code, None),
                    Ok(Err(e)) => (2, Some(format!("{e:#}"))),
                    Err(_) => (2, Some("internal error".to_owned())),
                };
                if tx.send((i, Outcome { sink, code, error })).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for (i, outcome) in rx {
            outcomes[i] = Some(outcome);
            while printed < n {
                let Some(o) = &outcomes[printed] else { break };
                if let Err(e) = section(&files[printed], o, json, out, err) {
                    write_error.get_or_insert(e);
                }
                printed += 1;
            }
        }
    });
    if let Some(e) = write_error {
        return Err(e);
    }
    let outcomes: Vec<Outcome> = outcomes.into_iter().flatten().collect();
    let mut tail = String::new();
    let count = |c: u8| outcomes.iter().filter(|o| o.code == c).count();
    let worst = outcomes.iter().map(|o| o.code).max().unwrap_or(0);
    for (file, o) in files.iter().zip(&outcomes) {
        let name = file.display().to_string();
        if json {
            tail.push_str(&format!(
                "{{\"file\":{},\"exit\":{},\"status\":{}}}\n",
                json_string(&name),
                o.code,
                json_string(&status(o))
            ));
        } else {
            tail.push_str(&format!("{name}: {}\n", status(o)));
        }
    }
    if json {
        tail.push_str(&format!(
            "{{\"total\":{{\"files\":{n},\"ok\":{},\"found\":{},\"bad_input\":{}}},\"exit\":{worst}}}\n",
            count(0),
            count(1),
            count(2)
        ));
    } else {
        tail.push_str(&format!(
            "total: {n} files, {} ok, {} found something, {} bad input\n",
            count(0),
            count(1),
            count(2)
        ));
    }
    out.put(&tail)?;
    Ok(worst)
}

/// One file's section: header and report on `out`, then its stderr on
/// `err`.
fn section(
    file: &Path,
    o: &Outcome,
    json: bool,
    out: &mut dyn Output,
    err: &mut dyn Output,
) -> Result<()> {
    let name = file.display().to_string();
    let mut text = String::new();
    if json {
        text.push_str(&with_file_field(&o.sink.stdout, &name));
    } else {
        text.push_str(&format!("== {name} ==\n"));
        text.push_str(&o.sink.stdout);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    out.put(&text)?;
    let mut diagnostics = o.sink.stderr.clone();
    if let Some(e) = &o.error {
        diagnostics.push_str(&format!("error: {e}\n"));
    }
    // A closed stderr does not stop the reports.
    let _ = err.put(&diagnostics);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_objects_get_the_file_first() {
        assert_eq!(
            with_file_field("{\"a\":1}\n{}\nnot json\n", "d/\"x\".ll"),
            "{\"file\":\"d/\\\"x\\\".ll\",\"a\":1}\n{\"file\":\"d/\\\"x\\\".ll\"}\nnot json\n"
        );
    }

    #[test]
    fn output_is_in_argument_order_and_the_worst_code_wins() {
        // Later files finish first: the output must not show it.
        let files: Vec<PathBuf> = ["a", "b", "c", "d"].iter().map(PathBuf::from).collect();
        let one = |f: &Path, sink: &mut Sink| {
            let (delay, code) = match f.to_str() {
                Some("a") => (80, 0),
                Some("b") => (40, 2),
                Some("c") => (0, 1),
                _ => (20, 0),
            };
            std::thread::sleep(std::time::Duration::from_millis(delay));
            sink.out(&format!("report of {}\n", f.display()))?;
            sink.err(&format!("note on {}\n", f.display()));
            match code {
                2 => anyhow::bail!("b is bad"),
                1 => sink.verdict = Some("2 errors".into()),
                _ => {}
            }
            Ok(code)
        };
        let mut outputs = Vec::new();
        for jobs in [1, 2, 4] {
            let (mut out, mut err) = (String::new(), String::new());
            let code = run_to(&files, jobs, false, one, &mut out, &mut err).unwrap();
            assert_eq!(code, 2);
            outputs.push((out, err));
        }
        let (out, err) = &outputs[0];
        assert_eq!(
            out,
            "== a ==\nreport of a\n== b ==\nreport of b\n== c ==\nreport of c\n== d ==\nreport of d\n\
             a: ok\nb: bad input: b is bad\nc: 2 errors\nd: ok\n\
             total: 4 files, 2 ok, 1 found something, 1 bad input\n"
        );
        assert_eq!(
            err,
            "note on a\nnote on b\nerror: b is bad\nnote on c\nnote on d\n"
        );
        assert!(outputs.iter().all(|o| o == &outputs[0]));
    }

    #[test]
    fn json_lines_name_the_file() {
        let files: Vec<PathBuf> = ["x.ll", "y.ll"].iter().map(PathBuf::from).collect();
        let (mut out, mut err) = (String::new(), String::new());
        let code = run_to(
            &files,
            2,
            true,
            |f, sink| {
                sink.out("{\"rule\":\"r\"}\n")?;
                Ok(u8::from(f.to_str() == Some("y.ll")))
            },
            &mut out,
            &mut err,
        )
        .unwrap();
        assert_eq!(code, 1);
        assert_eq!(
            out,
            "{\"file\":\"x.ll\",\"rule\":\"r\"}\n{\"file\":\"y.ll\",\"rule\":\"r\"}\n\
             {\"file\":\"x.ll\",\"exit\":0,\"status\":\"ok\"}\n\
             {\"file\":\"y.ll\",\"exit\":1,\"status\":\"found something\"}\n\
             {\"total\":{\"files\":2,\"ok\":1,\"found\":1,\"bad_input\":0},\"exit\":1}\n"
        );
    }
}
