//! `aliaskit`: the command in front of the aliaskit plugin.
//!
//! Every subcommand but `bisect` runs one of the plugin's passes through
//! LLVM 22's `opt` on one module (`.ll` or `.bc`) and turns what the pass
//! says into a report and an exit code ([`llvm`] finds `opt` and the
//! plugin); `verify`, `captures` and `explain` do it for several modules
//! at once ([`many`]). `bisect` runs the user's own build-and-test command with
//! `ALIASKIT_BISECT` selections until it has the decisions behind a
//! miscompile ([`bisect`]).

mod bisect;
mod commands;
mod llvm;
mod many;
mod rules;
mod sanitize;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

macro_rules! exit_codes {
    () => {
        "\
Exit codes:
  0  success (verify: no errors; diff: no disagreements; captures: no
     definite captures; bisect: culprits found)
  1  the check found something (errors, disagreements, definite captures),
     or for bisect: the failure does not depend on the analyses' answers
     (or no failure, or no narrowing down)
  2  usage error or bad input (missing file, not IR, no LLVM 22, no plugin;
     for bisect also: a cache replayed the build, the plugin logged
     nothing, or the analyses were not in the AA pipeline)

Environment: LLVM_BIN (LLVM 22's bin directory, default /usr/lib/llvm-22/bin),
ALIASKIT_PLUGIN (the plugin; default libaliaskit.so next to this program,
else in ../lib/aliaskit/ from it: an installed tree), ALIASKIT_RUNTIME (the
sanitizer runtime; default sanitize/libaliaskit_rt.a, looked up the same
way). `aliaskit paths` shows what was found."
    };
}

const EXIT_CODES: &str = exit_codes!();

/// After-help of the commands that take several files.
const SEVERAL: &str = concat!(
    "\
Several files: each file runs as it would alone, N at a time (-j), and
stdout is, in argument order whatever finishes first, a section per file
(`== FILE ==` and its report), then a line per file (`FILE: ok`, the check's
verdict, or `FILE: bad input: why`) and `total: F files, A ok, B found
something, C bad input`. Each file's stderr follows its section. With --json
stdout is JSON Lines only: findings get a leading \"file\" field; the per-file
lines are {\"file\",\"exit\",\"status\"} and the total {\"total\":{...},\"exit\"}.
The exit code is the worst file's: 2 (bad input) over 1 (found something)
over 0.

",
    exit_codes!()
);

/// Verify, compare, explain, draw and bisect LLVM alias metadata (TBAA and
/// scoped no-alias) with the aliaskit plugin for LLVM 22.
#[derive(Parser)]
#[command(name = "aliaskit", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// One input module.
#[derive(Args)]
struct InputArg {
    /// The module: LLVM IR text (.ll) or bitcode (.bc)
    file: PathBuf,
}

/// One or more input modules, and how many to run at a time.
#[derive(Args)]
struct InputsArg {
    /// The modules: LLVM IR text (.ll) or bitcode (.bc)
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Run N files at a time (default: the number of CPUs); the output is
    /// the same whatever N
    #[arg(short = 'j', long = "jobs", value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..))]
    jobs: Option<u32>,
}

impl InputsArg {
    fn jobs(&self) -> usize {
        self.jobs
            .map(|j| j as usize)
            .unwrap_or_else(many::default_jobs)
    }

    /// A usage error when `option` is given with several files.
    fn one_file_for(&self, option: &str, given: bool) -> anyhow::Result<()> {
        if given && self.files.len() > 1 {
            anyhow::bail!(
                "{option} works on one module: give one file, not {}",
                self.files.len()
            );
        }
        Ok(())
    }
}

/// `one` on the files: alone (straight output) or through [`many::run`].
fn each_file<F>(inputs: &InputsArg, json: bool, one: F) -> anyhow::Result<u8>
where
    F: Fn(&llvm::Toolchain, &std::path::Path, &mut many::Sink) -> anyhow::Result<u8> + Sync,
{
    let tools = llvm::Toolchain::find()?;
    match inputs.files.as_slice() {
        [file] => one(&tools, file, &mut many::Sink::direct()),
        files => many::run(files, inputs.jobs(), json, |f, sink| one(&tools, f, sink)),
    }
}

#[derive(Subcommand)]
enum Command {
    /// Check every !tbaa, !tbaa.struct, !alias.scope, !noalias,
    /// !llvm.errno.tbaa and noalias.scope.decl (verify-alias-md)
    #[command(after_help = SEVERAL)]
    Verify {
        #[command(flatten)]
        inputs: InputsArg,
        /// Remove exactly the attachments found invalid and write the
        /// repaired module to OUT (.ll: text, else bitcode)
        #[arg(long, requires = "output")]
        strip: bool,
        /// Where --strip writes the module
        #[arg(short = 'o', value_name = "OUT", requires = "strip")]
        output: Option<PathBuf>,
        /// One JSON object per finding
        #[arg(long)]
        json: bool,
        /// Report errors but exit 0
        #[arg(long)]
        warn: bool,
    },
    /// Compare rust-tbaa and rust-scoped-noalias with LLVM's built-in
    /// analyses on every pair of distinct tags and scope lists
    #[command(after_help = EXIT_CODES)]
    Diff {
        #[command(flatten)]
        input: InputArg,
        /// Compare at most N tags (lists) per module, sampled evenly
        #[arg(long, value_name = "N", default_value_t = 4000)]
        max: u32,
    },
    /// Check captures(...) claims on pointer parameters and call-site
    /// arguments against the function bodies (check-captures)
    #[command(after_help = SEVERAL)]
    Captures {
        #[command(flatten)]
        inputs: InputsArg,
        /// One JSON object per finding
        #[arg(long)]
        json: bool,
        /// Report definite captures but exit 0
        #[arg(long)]
        warn: bool,
        /// For each claimed parameter nothing is reported for, a note with
        /// what the checker saw (the uses that capture nothing and why)
        #[arg(long)]
        why_not: bool,
    },
    /// For each pair aa-eval -evaluate-aa-metadata asks about, the answer
    /// of the metadata alone (rust-scoped-noalias + rust-tbaa) and why
    #[command(after_help = SEVERAL)]
    Explain {
        #[command(flatten)]
        inputs: InputsArg,
        /// Only this function
        #[arg(long, value_name = "NAME")]
        function: Option<String>,
        /// Also list the MayAlias pairs, with their reasons
        #[arg(long)]
        may: bool,
        /// One table per function: pairs decided by each analysis, and the
        /// most common reasons for MayAlias
        #[arg(long)]
        summary: bool,
        /// JSON Lines: {"function", "first", "second", "answer",
        /// "analysis", "why"} (with --summary: one object per function)
        #[arg(long)]
        json: bool,
    },
    /// Draw the TBAA type DAG (or the scope domains) with graphviz
    #[command(after_help = EXIT_CODES)]
    Dot {
        #[command(flatten)]
        input: InputArg,
        /// Output: .dot, or .svg/.png/.pdf through graphviz's dot
        /// (default: DOT on stdout)
        #[arg(short = 'o', value_name = "OUT")]
        output: Option<PathBuf>,
        /// Draw scope domains, their scopes and the lists using them
        #[arg(long)]
        scopes: bool,
        /// Only the metadata used by this function
        #[arg(long, value_name = "NAME")]
        function: Option<String>,
    },
    /// List the verifier's rules: id, severity, what each checks, and for
    /// LLVM's own checks the message LLVM prints
    Rules {
        /// One JSON object per rule: {"id", "severity", "summary",
        /// "llvm_message", "llvm_function"} (null for rules beyond LLVM)
        #[arg(long)]
        json: bool,
    },
    /// Instrument a module so that the program checks its no-alias claims
    /// while it runs (scoped no-alias metadata and noalias parameters;
    /// with --tbaa, !tbaa too):
    /// LLVM's pipeline at -O LEVEL between the two points of the
    /// aliaskit-sanitize pass. Link the result with `aliaskit sanitize
    /// --ldflags`.
    #[command(after_help = EXIT_CODES)]
    Sanitize {
        /// The module: LLVM IR text (.ll) or bitcode (.bc)
        #[arg(required_unless_present = "ldflags")]
        file: Option<PathBuf>,
        /// The instrumented module (.ll: text, else bitcode)
        #[arg(short = 'o', value_name = "OUT", required_unless_present = "ldflags")]
        output: Option<PathBuf>,
        /// Optimization level: 0, 1, 2, 3, s or z (as -O2)
        #[arg(short = 'O', value_name = "LEVEL", default_value = "2")]
        level: String,
        /// Where to instrument: before optimization (the front end's
        /// claims), at the end (the claims that reach code generation), or
        /// both
        #[arg(long, value_enum, default_value = "both")]
        points: sanitize::Points,
        /// One line per point on stderr: accesses instrumented, filtered
        /// out, not classified, not checked
        #[arg(long)]
        stats: bool,
        /// Also check the !tbaa claims (type-based), instrumented before
        /// optimization; LLVM's own TBAA is off on the way
        #[arg(long)]
        tbaa: bool,
        /// Print what the link line needs (the runtime and its libraries)
        /// and exit
        #[arg(long, conflicts_with_all = ["file", "output"])]
        ldflags: bool,
    },
    /// Where this command finds opt, the plugin, the sanitizer runtime
    /// and rustc-link (exit 2 if one is missing)
    Paths,
    /// Find the alias decisions behind a miscompile: runs COMMAND (which
    /// builds the program with rust-tbaa / rust-scoped-noalias and tests it,
    /// exiting non-zero when it misbehaves) with ALIASKIT_BISECT selections
    /// until a minimal set of decisions that makes it fail is left (by
    /// module first when there are several). Each run gets
    /// CCACHE_DISABLE=1 and ALIASKIT_BISECT_STAMPS, a directory where the
    /// stamp of each module whose kept decisions change is rewritten (make
    /// each object depend on its module's stamp to rebuild only those); a
    /// run that a cache replayed (fewer modules than the first run) stops
    /// the search with a message
    #[command(after_help = EXIT_CODES)]
    Bisect {
        /// One JSON object in every outcome: {"verdict": "culprits" or why
        /// not, "message", "culprits": [...], "runs", "decisions",
        /// "modules", "seconds"}
        #[arg(long)]
        json: bool,
        /// A run taking longer than SECS counts as failing (a hang)
        #[arg(long, value_name = "SECS")]
        timeout: Option<f64>,
        /// Print a line per run (also when stderr is not a terminal)
        #[arg(long, short = 'v')]
        verbose: bool,
        /// Keep each run's log and output in DIR
        #[arg(long, value_name = "DIR")]
        keep_logs: Option<PathBuf>,
        /// Run COMMAND up to N times at once (default: the number of
        /// CPUs). Each run gets ALIASKIT_BISECT_RUN (1, 2, ...) and
        /// ALIASKIT_BISECT_SLOT (0 to N-1, never two running at once): a
        /// script run in parallel must keep its outputs apart by them
        #[arg(short = 'j', long = "jobs", value_name = "N",
              value_parser = clap::value_parser!(u32).range(1..))]
        jobs: Option<u32>,
        /// The build-and-test command and its arguments
        #[arg(last = true, required = true, value_name = "COMMAND")]
        command: Vec<String>,
    },
}

fn run(cli: Cli) -> anyhow::Result<u8> {
    use commands as c;
    match cli.command {
        Command::Verify {
            inputs,
            strip,
            output,
            json,
            warn,
        } => {
            inputs.one_file_for("--strip -o", strip)?;
            let strip_to = output.as_deref().filter(|_| strip);
            each_file(&inputs, json, |tools, file, sink| {
                c::verify(tools, file, strip_to, json, warn, sink)
            })
        }
        Command::Diff { input, max } => c::diff(&input.file, max),
        Command::Captures {
            inputs,
            json,
            warn,
            why_not,
        } => each_file(&inputs, json, |tools, file, sink| {
            c::captures(tools, file, json, warn, why_not, sink)
        }),
        Command::Explain {
            inputs,
            function,
            may,
            summary,
            json,
        } => {
            inputs.one_file_for("--function", function.is_some())?;
            each_file(&inputs, json, |tools, file, sink| {
                c::explain(tools, file, function.as_deref(), may, summary, json, sink)
            })
        }
        Command::Dot {
            input,
            output,
            scopes,
            function,
        } => c::dot(&input.file, output.as_deref(), scopes, function.as_deref()),
        Command::Rules { json } => rules::rules(json),
        Command::Paths => llvm::paths(),
        Command::Sanitize { ldflags: true, .. } => sanitize::ldflags(),
        Command::Sanitize {
            file,
            output,
            level,
            points,
            stats,
            tbaa,
            ..
        } => match (file, output) {
            (Some(f), Some(o)) => sanitize::sanitize(&f, &o, &level, points, stats, tbaa),
            _ => anyhow::bail!("aliaskit sanitize needs IN and -o OUT (or --ldflags)"),
        },
        Command::Bisect {
            json,
            timeout,
            verbose,
            keep_logs,
            jobs,
            command,
        } => bisect::run(bisect::Options {
            json,
            timeout,
            verbose,
            keep_logs,
            jobs: jobs.map_or_else(crate::many::default_jobs, |j| j as usize),
            command,
        }),
    }
}

fn main() -> ExitCode {
    // Never a backtrace: an internal error is one line and exit 2.
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        eprintln!("error: aliaskit: internal error: {what}");
    }));
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion)
                || e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            {
                let _ = e.print();
                return ExitCode::from(
                    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                        2
                    } else {
                        0
                    },
                );
            }
            // One line: clap's message, without the usage block.
            let text = e.render().to_string();
            let message: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("{} (see aliaskit --help)", message.join(" "));
            // `bisect --json` prints one object in every outcome.
            let args: Vec<String> = std::env::args().skip(1).collect();
            let before_command = args.iter().take_while(|a| *a != "--");
            if args.first().is_some_and(|a| a == "bisect")
                && before_command.clone().any(|a| a == "--json")
            {
                bisect::print_error_json(&message.join(" "));
            }
            return ExitCode::from(2);
        }
    };
    match std::panic::catch_unwind(|| run(cli)) {
        Ok(Ok(code)) => ExitCode::from(code),
        Ok(Err(e)) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
        Err(_) => ExitCode::from(2),
    }
}
