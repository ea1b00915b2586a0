//! `aliaskit sanitize`: a module instrumented so that the program checks
//! its no-alias claims while it runs (`docs/sanitize.md`).
//!
//! `aliaskit sanitize IN -o OUT -O2` runs LLVM's pipeline at that level
//! with `ALIASKIT_SANITIZE` set, as under clang: the plugin adds its stages
//! (`aliaskit-sanitize<start>` before any optimization: the front end's
//! scoped claims; the parameters' conversion at the end of each function's
//! simplification; `aliaskit-sanitize<end>`: the claims that reach code
//! generation) and turns LLVM's `scoped-noalias-aa` off so that no pass
//! exploits a claim on the way. With `--tbaa`, `aliaskit-sanitize-tbaa`
//! instruments the `!tbaa` claims at the start too, and LLVM's TBAA is
//! off on the way (`sanitize_tbaa.cpp`). `--ldflags` prints what the link line needs: the runtime archive
//! (`$ALIASKIT_RUNTIME`, else `sanitize/libaliaskit_rt.a` beside this
//! program or in `../lib/aliaskit/`, as for the plugin:
//! [`beside_or_installed`]) and the system libraries it uses.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{bail, Result};

use crate::llvm::{beside_or_installed, Input, Toolchain};

/// The system libraries the runtime needs (Rust's standard library's:
/// `--print native-static-libs` of the runtime crate), but for `-lgcc_s`:
/// the archive has its own unwinder (runtime/archive.sh).
const SYSTEM_LIBS: &str = "-lutil -lrt -lpthread -lm -ldl";

/// Where the pass instruments.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Points {
    /// Both points (the default).
    Both,
    /// Only the front end's claims, before optimization.
    Start,
    /// Only the claims that reach code generation.
    End,
}

/// The runtime archive.
pub fn runtime_path() -> Result<PathBuf> {
    if let Some(p) = std::env::var_os("ALIASKIT_RUNTIME").filter(|v| !v.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    beside_or_installed(&Path::new("sanitize").join("libaliaskit_rt.a"))
}

/// `--ldflags`: the runtime and its libraries, for a C link line.
pub fn ldflags() -> Result<u8> {
    let rt = runtime_path()?;
    if !rt.is_file() {
        bail!(
            "runtime not found: {} (build it with `make build`, or set ALIASKIT_RUNTIME)",
            rt.display()
        );
    }
    // Whole: the archive is one object, and it must be linked even when it
    // comes before the archives that call it (a library's own objects).
    println!(
        "-Wl,--whole-archive {} -Wl,--no-whole-archive {SYSTEM_LIBS}",
        rt.display()
    );
    Ok(0)
}

/// `ALIASKIT_SANITIZE`'s value for the points.
pub fn points_value(points: Points) -> &'static str {
    match points {
        Points::Both => "1",
        Points::Start => "start",
        Points::End => "end",
    }
}

/// Instruments `file` into `output`.
pub fn sanitize(
    file: &Path,
    output: &Path,
    level: &str,
    points: Points,
    stats: bool,
    tbaa: bool,
) -> Result<u8> {
    if !["0", "1", "2", "3", "s", "z"].contains(&level) {
        bail!("unknown optimization level -O{level} (expected -O0, -O1, -O2, -O3, -Os or -Oz)");
    }
    if let Some(dir) = output.parent().filter(|d| !d.as_os_str().is_empty()) {
        if !dir.is_dir() {
            bail!(
                "cannot write {}: {} is not a directory",
                output.display(),
                dir.display()
            );
        }
    }
    let tools = Toolchain::find()?;
    let input = Input::open(file)?;
    let mut args: Vec<OsString> = vec![
        format!("-passes=default<O{level}>").into(),
        "-o".into(),
        output.into(),
    ];
    if output.extension().is_some_and(|e| e == "ll") {
        args.push("-S".into());
    }
    // `tbaa` among ALIASKIT_SANITIZE's words adds the !tbaa checker.
    let value = if tbaa {
        format!("{},tbaa", points_value(points))
    } else {
        points_value(points).to_owned()
    };
    let mut environ = vec![("ALIASKIT_SANITIZE", value.as_str())];
    if stats {
        environ.push(("ALIASKIT_SANITIZE_STATS", "1"));
    }
    let run = tools.opt_with_env(&input, &args, &environ)?;
    eprint!("{}", run.stderr);
    if run.code != Some(0) {
        bail!("opt failed on {}: {}", file.display(), run.last_lines(3));
    }
    Ok(0)
}
