//! Finding LLVM 22's `opt` and the plugin, checking inputs, running passes.
//!
//! * `opt` is `$LLVM_BIN/opt` (default `/usr/lib/llvm-22/bin`), and must
//!   say `LLVM version 22.` to `--version`.
//! * The plugin is `$ALIASKIT_PLUGIN`, else `libaliaskit.so` next to this
//!   executable (`target/release/` in a build), else
//!   `../lib/aliaskit/libaliaskit.so` from it (an installed tree,
//!   `make install`): the first that exists ([`beside_or_installed`]).
//! * An input must be a readable file; whether it is IR (`.ll` text or
//!   `.bc` bitcode) is `opt`'s to say, and its complaint becomes one line.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{bail, Context, Result};

/// LLVM's `opt` and the plugin it loads.
pub struct Toolchain {
    pub opt: PathBuf,
    pub plugin: PathBuf,
}

/// The version `opt --version` reports, e.g. "22.1.8".
fn opt_version(opt: &Path) -> Result<String> {
    let out = Command::new(opt)
        .arg("--version")
        .output()
        .with_context(|| format!("cannot run {}", opt.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let version = text
        .lines()
        .find_map(|l| l.split_once("LLVM version ").map(|(_, v)| v))
        .map(|v| v.trim().to_owned());
    match version {
        Some(v) => Ok(v),
        None => bail!(
            "{} does not say which LLVM it is (expected 'LLVM version 22...' from --version)",
            opt.display()
        ),
    }
}

impl Toolchain {
    /// The LLVM tools' directory: `$LLVM_BIN` or LLVM 22's default.
    pub fn llvm_bin() -> PathBuf {
        std::env::var_os("LLVM_BIN")
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22/bin"))
    }

    /// The plugin: `$ALIASKIT_PLUGIN`, else `libaliaskit.so` beside us or
    /// in `../lib/aliaskit/` (the first that exists; if neither does, the
    /// error names both).
    pub fn plugin_path() -> Result<PathBuf> {
        if let Some(p) = std::env::var_os("ALIASKIT_PLUGIN").filter(|v| !v.is_empty()) {
            return Ok(PathBuf::from(p));
        }
        beside_or_installed(Path::new("libaliaskit.so"))
    }

    /// Finds and checks both.
    pub fn find() -> Result<Toolchain> {
        let bin = Toolchain::llvm_bin();
        let opt = bin.join("opt");
        if !opt.is_file() {
            bail!(
                "no opt at {} (set LLVM_BIN to the bin directory of LLVM 22)",
                opt.display()
            );
        }
        let version = opt_version(&opt)?;
        if !version.starts_with("22.") {
            bail!(
                "{} is LLVM {version}; aliaskit needs LLVM 22 (set LLVM_BIN to the bin directory of LLVM 22)",
                opt.display()
            );
        }
        let plugin = Toolchain::plugin_path()?;
        if !plugin.is_file() {
            bail!(
                "plugin not found: {} (build it with `make build`, or set ALIASKIT_PLUGIN)",
                plugin.display()
            );
        }
        Ok(Toolchain { opt, plugin })
    }

    /// Runs `opt` with the plugin loaded, `args`, then `input`. Stdout is
    /// captured unless `stream_stdout`.
    pub fn opt(&self, input: &Input, args: &[OsString], stream_stdout: bool) -> Result<OptRun> {
        self.run_opt(input, args, stream_stdout, &[])
    }

    /// [`Toolchain::opt`] with these environment variables set (stdout
    /// captured).
    pub fn opt_with_env(
        &self,
        input: &Input,
        args: &[OsString],
        environ: &[(&str, &str)],
    ) -> Result<OptRun> {
        self.run_opt(input, args, false, environ)
    }

    fn run_opt(
        &self,
        input: &Input,
        args: &[OsString],
        stream_stdout: bool,
        environ: &[(&str, &str)],
    ) -> Result<OptRun> {
        let mut cmd = Command::new(&self.opt);
        cmd.envs(environ.iter().copied());
        cmd.arg(format!("-load-pass-plugin={}", self.plugin.display()))
            .args(args)
            .arg(&input.path)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .stdout(if stream_stdout {
                Stdio::inherit()
            } else {
                Stdio::piped()
            });
        let out = cmd
            .output()
            .with_context(|| format!("cannot run {}", self.opt.display()))?;
        let run = OptRun {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        };
        if let Some(problem) = run.input_problem(&self.opt, input) {
            bail!("{problem}");
        }
        if run.code.is_none() {
            bail!(
                "{} crashed on {}: {}",
                self.opt.display(),
                input.path.display(),
                run.last_lines(5)
            );
        }
        Ok(run)
    }
}

/// `aliaskit paths`: where this command finds `opt`, the plugin, the
/// sanitizer runtime and `rustc-link`, one `name: path` line each (with
/// the variable that chose it, if one did). Exit 2 when one is missing.
pub fn paths() -> Result<u8> {
    let exe = std::env::current_exe().context("cannot find this executable's directory")?;
    println!("aliaskit: {}", exe.display());
    let mut ok = true;
    let opt = Toolchain::llvm_bin().join("opt");
    match opt_version(&opt) {
        Ok(v) if opt.is_file() => println!("opt: {} (LLVM {v})", opt.display()),
        _ => {
            ok = false;
            println!("opt: not found: {}", opt.display())
        }
    }
    let runtime = crate::sanitize::runtime_path()?;
    let rustc_link = beside_or_installed(&Path::new("sanitize").join("rustc-link"))?;
    for (name, path, var) in [
        ("plugin", Toolchain::plugin_path()?, Some("ALIASKIT_PLUGIN")),
        ("runtime", runtime, Some("ALIASKIT_RUNTIME")),
        ("rustc-link", rustc_link, None),
    ] {
        let from = var
            .filter(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))
            .map(|v| format!(" (from {v})"))
            .unwrap_or_default();
        if path.is_file() {
            println!("{name}: {}{from}", path.display());
        } else {
            ok = false;
            println!("{name}: not found: {}{from}", path.display());
        }
    }
    Ok(if ok { 0 } else { 2 })
}

/// Where a file that ships with the command is: `name` next to this
/// executable (a build: `target/release/`), else `../lib/aliaskit/name`
/// from it (an installed tree: `$PREFIX/bin/aliaskit` and
/// `$PREFIX/lib/aliaskit/`). The first that exists; when neither does, a
/// path naming both, so that the caller's "not found" says where it looked.
/// No absolute path of the build tree is compiled in: an installed command
/// never falls back to the tree it was built in.
pub fn beside_or_installed(name: &Path) -> Result<PathBuf> {
    let exe = std::env::current_exe().context("cannot find this executable's directory")?;
    let dir = exe.parent().unwrap_or(Path::new("/"));
    let beside = dir.join(name);
    let lib = dir.join("..").join("lib").join("aliaskit");
    let installed = lib.join(name);
    if beside.exists() {
        return Ok(beside);
    }
    if installed.exists() {
        // Without the `bin/..` detour in what we print and pass on (the
        // folder resolved, not the file: it may be a link).
        return Ok(lib.canonicalize().unwrap_or(lib).join(name));
    }
    Ok(PathBuf::from(format!(
        "{} or {}",
        beside.display(),
        installed.display()
    )))
}

/// An input file, checked to exist and be readable.
pub struct Input {
    pub path: PathBuf,
}

impl Input {
    pub fn open(path: &Path) -> Result<Input> {
        let mut f =
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        if f.metadata().map(|m| m.is_dir()).unwrap_or(false) {
            bail!("cannot read {}: it is a directory", path.display());
        }
        // Bitcode (raw or wrapped) by its magic; text must start as UTF-8
        // without NUL bytes. Whether it is IR is opt's to say.
        let mut head = vec![0u8; 64 * 1024];
        let n = read_prefix(&mut f, &mut head)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let head = &head[..n];
        let bitcode =
            head.starts_with(b"BC\xC0\xDE") || head.starts_with(&[0xDE, 0xC0, 0x17, 0x0B]);
        let text = match std::str::from_utf8(head) {
            Ok(t) => !t.contains('\0'),
            // A character cut at the end of the prefix is fine.
            Err(e) => e.error_len().is_none() && !head[..e.valid_up_to()].contains(&0),
        };
        if !bitcode && !text {
            bail!(
                "{} is not LLVM IR: neither bitcode nor text",
                path.display()
            );
        }
        Ok(Input {
            path: path.to_owned(),
        })
    }
}

/// Reads as much of `f` as fits in `buf` (or all of it).
fn read_prefix(f: &mut std::fs::File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match std::io::Read::read(f, &mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

/// What one `opt` run printed.
pub struct OptRun {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl OptRun {
    /// opt's complaint about the input itself (not IR, broken IR), if any.
    fn input_problem(&self, opt: &Path, input: &Input) -> Option<String> {
        if self.code == Some(0) {
            return None;
        }
        let first = self.stderr.lines().next()?;
        // opt reports parse errors as "<argv0>: <file>...: error: ...".
        let prefix = format!("{}: ", opt.display());
        let rest = first.strip_prefix(&prefix)?;
        let file = input.path.display().to_string();
        let message = rest.strip_prefix(&file).unwrap_or(rest);
        let message = message.trim_start_matches(|c: char| c == ':' || c.is_ascii_digit());
        let message = message.trim().trim_start_matches("error:").trim();
        Some(format!("{file} is not valid LLVM 22 IR: {message}"))
    }

    /// The last `n` lines of stderr, joined.
    pub fn last_lines(&self, n: usize) -> String {
        let lines: Vec<&str> = self.stderr.lines().collect();
        lines[lines.len().saturating_sub(n)..].join(" | ")
    }

    /// stderr without opt's final `LLVM ERROR: <pass>: ...` line (the
    /// pass's verdict, which the command reports itself).
    pub fn report(&self, pass: &str) -> String {
        let verdict = format!("LLVM ERROR: {pass}: ");
        self.stderr
            .lines()
            .filter(|l| !l.starts_with(&verdict))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    /// The pass's own verdict when opt stopped with it: the text of its
    /// `LLVM ERROR: <pass>: ` line.
    pub fn pass_verdict(&self, pass: &str) -> Option<&str> {
        if self.code == Some(0) {
            return None;
        }
        let verdict = format!("LLVM ERROR: {pass}: ");
        self.stderr.lines().find_map(|l| l.strip_prefix(&verdict))
    }
}
