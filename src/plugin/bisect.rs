//! The plugin's side of `aliaskit bisect`: `ALIASKIT_BISECT`,
//! `ALIASKIT_BISECT_LOG` and `ALIASKIT_BISECT_RECORDS`.
//!
//! With either variable set, every definite answer of `rust-tbaa` and
//! `rust-scoped-noalias` becomes a *decision* with an id made from the
//! module's key (its file name without directories and the symbols it
//! defines), the function's name and the content of its metadata
//! ([`aliaskit_core::decision`]):
//!
//! * `ALIASKIT_BISECT=<selection>` keeps the definite answer of the
//!   decisions it selects ([`Selection`] syntax, or `@FILE` to read it from
//!   a file); all others are answered conservatively (MayAlias, ModRef).
//!   Unset, every decision is kept.
//! * `ALIASKIT_BISECT_LOG=<file>` appends one JSON line per decision
//!   ([`LogRecord`]): the id, whether it was kept, the function, the two
//!   instructions of the first query that made it, both nodes in readable
//!   form and why. Each record is one `write` to a file opened with
//!   `O_APPEND`, so several processes and ThinLTO threads can share it.
//! * `ALIASKIT_BISECT_RECORDS=<functions>` (names separated by commas or
//!   white space, or `@FILE` holding them; [`RecordedFunctions`]) limits
//!   those full records to the decisions made in the functions it names:
//!   every other decision gets a brief record (id, kept, module,
//!   function; no instructions, nodes or why), for which nothing is
//!   printed or searched. Empty, every record is brief (what
//!   `aliaskit bisect` asks while it narrows), and the module's input is
//!   not recorded either (`aliaskit_bisect_detailed`).
//!
//! Beside the decisions, the log says what the plugin saw ([`Event`]
//! lines), so that `aliaskit bisect` can tell a run that rebuilt nothing
//! (a build cache replayed it) from one that made no decisions: one
//! `load` line per process ([`loaded`]), one `module` line per process and
//! module that goes through a pass pipeline, with its counts of alias
//! metadata ([`module_first`], [`module_seen`]), and one `analysis` line
//! per process, module and analysis built for one of its functions
//! ([`analysis_built`]).
//!
//! Neither set: the C++ side never calls in here, and queries take their
//! usual path (one test of a flag per query, made when the analysis result
//! for a function is created).
//!
//! Each session memoizes its final answer per (function, node pair), and
//! each process logs each id once, with `shared` set when the same id comes
//! from another pair of nodes (equal contents).

use std::ffi::c_void;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::{Mutex, OnceLock};

use aliaskit_core::decision::{
    Analysis, DecisionId, Detail, Event, FunctionKey, LogRecord, ModuleKey, Question,
    RecordedFunctions, Selection, Side,
};
use aliaskit_core::names::describe_location;
use inkwell::llvm_sys::prelude::LLVMMetadataRef;
use rustc_hash::{FxHashMap, FxHashSet};

use super::ffi::imports::{
    aliaskit_bisect_printer_free, aliaskit_bisect_printer_new, aliaskit_bisect_query_instruction,
    aliaskit_bisect_query_text,
};
use super::printer::{locations, Printer};
use crate::reader::decisions::{Decider, LoggedQuestion};
use crate::reader::scoped::ScopedSession;
use crate::reader::tbaa::TbaaSession;
use crate::reader::{ModuleNumbers, NoNumbers};

/// Log target of the bisection support.
pub const LOG_TARGET: &str = "aliaskit::bisect";

/// What `ALIASKIT_BISECT` and `ALIASKIT_BISECT_LOG` say, read once.
struct Config {
    /// None: keep everything (only logging was asked for).
    selection: Option<Selection>,
    /// Whether the selection has module terms (then each decision's module
    /// is looked up to apply it).
    by_module: bool,
    log: Option<Mutex<File>>,
    /// The functions whose decisions get full records; None: all.
    records: Option<RecordedFunctions>,
    /// Ids this process has logged.
    logged: Mutex<FxHashSet<DecisionId>>,
    /// Module and function names of each function key.
    functions: Mutex<FxHashMap<FunctionKey, FunctionNames>>,
    /// Whether this process's `load` line was written.
    loaded: std::sync::Once,
    /// Modules this process has logged.
    modules: Mutex<FxHashSet<String>>,
    /// Modules this process has logged an analysis for: rust-tbaa's,
    /// rust-scoped-noalias's.
    analyses: [Mutex<FxHashSet<String>>; 2],
}

/// What the log says of a function's decisions: its module (key and
/// name) and its name.
#[derive(Clone, Debug, Default)]
struct FunctionNames {
    module_key: Option<ModuleKey>,
    module: String,
    function: String,
}

fn config() -> Option<&'static Config> {
    static CONFIG: OnceLock<Option<Config>> = OnceLock::new();
    CONFIG.get_or_init(read_config).as_ref()
}

fn read_config() -> Option<Config> {
    let pattern = std::env::var("ALIASKIT_BISECT").ok();
    let log_path = std::env::var_os("ALIASKIT_BISECT_LOG").filter(|p| !p.is_empty());
    if pattern.is_none() && log_path.is_none() {
        return None;
    }
    let selection = pattern.map(|p| match parse_selection(&p) {
        Ok(s) => s,
        Err(e) => {
            log::error!(
                target: LOG_TARGET,
                "ALIASKIT_BISECT: {e}; every decision is answered conservatively"
            );
            Selection::none()
        }
    });
    let log = log_path.and_then(
        |p| match OpenOptions::new().create(true).append(true).open(&p) {
            Ok(f) => Some(Mutex::new(f)),
            Err(e) => {
                log::error!(
                    target: LOG_TARGET,
                    "ALIASKIT_BISECT_LOG: cannot open {}: {e}; decisions are not logged",
                    p.to_string_lossy()
                );
                None
            }
        },
    );
    let records = std::env::var("ALIASKIT_BISECT_RECORDS").ok().and_then(|r| {
        parse_records(&r)
            .map_err(|e| {
                log::error!(
                    target: LOG_TARGET,
                    "ALIASKIT_BISECT_RECORDS: {e}; every decision gets its full record"
                )
            })
            .ok()
    });
    Some(Config {
        by_module: selection.as_ref().is_some_and(Selection::by_module),
        selection,
        log,
        records,
        logged: Mutex::new(FxHashSet::default()),
        functions: Mutex::new(FxHashMap::default()),
        loaded: std::sync::Once::new(),
        modules: Mutex::new(FxHashSet::default()),
        analyses: [
            Mutex::new(FxHashSet::default()),
            Mutex::new(FxHashSet::default()),
        ],
    })
}

/// Appends one JSON line to the log with one `write`.
fn write_line(log: &Mutex<File>, record: &impl serde::Serialize) {
    if let Ok(mut line) = serde_json::to_string(record) {
        line.push('\n');
        if let Ok(mut f) = log.lock() {
            // One write per record (O_APPEND): whole lines even with
            // other writers.
            if let Err(e) = f.write_all(line.as_bytes()) {
                log::error!(target: LOG_TARGET, "ALIASKIT_BISECT_LOG: {e}");
            }
        }
    }
}

/// The file name of the parent process's program, or empty.
fn parent_program() -> String {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // pid (comm) state ppid ...: comm may hold spaces and parentheses.
    let ppid = stat
        .rsplit_once(')')
        .and_then(|(_, rest)| rest.split_whitespace().nth(1))
        .unwrap_or("");
    if ppid.is_empty() {
        return String::new();
    }
    std::fs::read_link(format!("/proc/{ppid}/exe"))
        .ok()
        .and_then(|p| p.file_name().map(|n| n.to_string_lossy().into_owned()))
        .or_else(|| {
            std::fs::read_to_string(format!("/proc/{ppid}/comm"))
                .ok()
                .map(|c| c.trim().to_owned())
        })
        .unwrap_or_default()
}

/// Logs this process's `load` line, once: the plugin's callbacks were
/// registered in a process with either variable set.
pub fn loaded() {
    let Some(c) = config() else { return };
    let Some(log) = &c.log else { return };
    c.loaded.call_once(|| {
        write_line(
            log,
            &Event::Load {
                pid: std::process::id(),
                arguments: std::env::args_os()
                    .map(|a| a.to_string_lossy().into_owned())
                    .collect(),
                parent: parent_program(),
            },
        )
    });
}

/// Whether this process sees module `name` for the first time (then the
/// caller counts its metadata and calls [`module_seen`]).
pub fn module_first(name: &str) -> bool {
    let Some(c) = config() else { return false };
    if c.log.is_none() {
        return false;
    }
    c.modules
        .lock()
        .map(|mut m| !m.contains(name) && m.insert(name.to_owned()))
        .unwrap_or(false)
}

/// Logs module `name`'s `module` line: `tbaa` instructions carry `!tbaa`
/// or `!tbaa.struct`, `scoped` carry `!alias.scope` or `!noalias`.
pub fn module_seen(name: String, tbaa: u64, scoped: u64) {
    if let Some(log) = config().and_then(|c| c.log.as_ref()) {
        write_line(
            log,
            &Event::Module {
                module: name,
                tbaa,
                scoped,
            },
        );
    }
}

/// Logs that `analysis` was built for a function of `module` (the first
/// time in this process).
pub fn analysis_built(module: &str, analysis: Analysis) {
    let Some(c) = config() else { return };
    let Some(log) = &c.log else { return };
    let set = &c.analyses[match analysis {
        Analysis::Tbaa => 0,
        Analysis::ScopedNoAlias => 1,
    }];
    let first = set
        .lock()
        .map(|mut m| !m.contains(module) && m.insert(module.to_owned()))
        .unwrap_or(false);
    if first {
        write_line(
            log,
            &Event::Analysis {
                module: module.to_owned(),
                analysis,
            },
        );
    }
}

/// A variable's value, or the contents of FILE when it is `@FILE`.
fn value_or_file(text: &str) -> Result<std::borrow::Cow<'_, str>, String> {
    match text.trim().strip_prefix('@') {
        Some(path) => std::fs::read_to_string(path)
            .map(std::borrow::Cow::Owned)
            .map_err(|e| format!("cannot read {path}: {e}")),
        None => Ok(std::borrow::Cow::Borrowed(text)),
    }
}

/// `ALIASKIT_BISECT`'s value: a selection, or `@FILE` holding one.
fn parse_selection(text: &str) -> Result<Selection, String> {
    value_or_file(text)?.parse()
}

/// `ALIASKIT_BISECT_RECORDS`'s value: function names, or `@FILE` holding
/// them.
fn parse_records(text: &str) -> Result<RecordedFunctions, String> {
    value_or_file(text).map(|t| RecordedFunctions::parse(&t))
}

/// Whether either variable is set (read once per process).
pub fn enabled() -> bool {
    config().is_some()
}

/// Whether some decision may get a full record: decisions are logged and
/// `ALIASKIT_BISECT_RECORDS` does not name none. Only then does a module's
/// input need recording (input numbers and instructions, for the
/// readable nodes and origins of full records).
pub fn detailed() -> bool {
    config().is_some_and(|c| c.log.is_some() && c.records.as_ref().is_none_or(|r| !r.is_empty()))
}

/// The key of a function, from its module's key and its own name; the
/// module's and the function's names are remembered for the log.
pub fn function_key(module_key: u64, module: String, function: String) -> u64 {
    let key = FunctionKey::new(ModuleKey(module_key), &function);
    if let Some(c) = config() {
        if let Ok(mut names) = c.functions.lock() {
            names.entry(key).or_insert(FunctionNames {
                module_key: Some(ModuleKey(module_key)),
                module,
                function,
            });
        }
    }
    key.0
}

/// A printer of the module of a query, for one full log record: the
/// numbers of its nodes and the text of its instructions.
///
/// It is made for the record (at the cost of the function), not kept per
/// function and pass: the pass that asks changes the function between two
/// queries (GVN deletes and makes instructions and merges their nodes),
/// and a slot tracker numbers what the function held when it was made. An
/// instruction or node made since prints as `<badref>` or an address, and
/// one made at the address of a freed one prints with the freed one's
/// number; LLVM tells no one cheaply that a function changed. With
/// `ALIASKIT_BISECT_RECORDS`, few records are full and so few printers made.
struct QueryPrinter(Option<Printer>);

impl QueryPrinter {
    unsafe fn new(query: *const c_void) -> QueryPrinter {
        let p = aliaskit_bisect_printer_new(query);
        QueryPrinter((!p.is_null()).then_some(Printer(p)))
    }

    fn numbers(&self) -> &dyn ModuleNumbers {
        match &self.0 {
            Some(p) => p,
            None => &NoNumbers,
        }
    }

    /// Side `side` of the query, without its metadata: the instruction
    /// (or what is known of the access), its source location ("" without
    /// `!dbg`) and how it stands to the input.
    unsafe fn side(&self, query: *const c_void, side: u8, metadata: String) -> Side {
        if query.is_null() {
            return Side {
                metadata,
                ..Side::default()
            };
        }
        let inst = aliaskit_bisect_query_instruction(query, side);
        match self.0 {
            Some(p) if !inst.is_null() => Side {
                instruction: p.value(inst).trim().to_owned(),
                location: describe_location(&locations(inst)).unwrap_or_default(),
                metadata,
                origin: p.origin(inst),
            },
            _ => Side {
                instruction: aliaskit_bisect_query_text(query, side)
                    .into_string()
                    .trim()
                    .to_owned(),
                metadata,
                ..Side::default()
            },
        }
    }
}

impl Drop for QueryPrinter {
    fn drop(&mut self) {
        if let Some(p) = self.0 {
            // SAFETY: made by `aliaskit_bisect_printer_new`, freed once.
            unsafe { aliaskit_bisect_printer_free(p.0) }
        }
    }
}

/// The final answer for a definite answer of `question` on (a, b) in
/// function `key`: whether it is kept. Logs the decision the first time
/// this process sees its id.
///
/// # Safety
/// The nodes must be null or live; `query` null or a live query.
pub unsafe fn keep<D: Decider>(
    session: &mut D,
    key: u64,
    question: Question,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    query: *const c_void,
) -> bool {
    let Some(config) = config() else {
        return true;
    };
    // (A, B) and (B, A) are one tag-pair decision.
    let (x, y) = match question {
        Question::TagPair if (a as usize) > (b as usize) => (b as usize, a as usize),
        _ => (a as usize, b as usize),
    };
    let memo_key = (key, x, y, question);
    if let Some(kept) = session.decisions().answer(memo_key) {
        return kept;
    }
    let (ca, cb) = (session.content(a), session.content(b));
    let id = FunctionKey(key).decision(question, ca, cb);
    let names = || {
        config
            .functions
            .lock()
            .ok()
            .and_then(|f| f.get(&FunctionKey(key)).cloned())
            .unwrap_or_default()
    };
    // Module terms need the decision's module.
    let kept = match &config.selection {
        None => true,
        Some(s) if config.by_module => s.keeps_in(id, names().module_key),
        Some(s) => s.keeps(id),
    };
    let shared = session.decisions().remember(memo_key, id, kept);
    if let Some(log) = &config.log {
        let first_in_process = config
            .logged
            .lock()
            .map(|mut l| l.insert(id))
            .unwrap_or(false);
        if first_in_process || shared {
            let FunctionNames {
                module_key,
                module,
                function,
            } = names();
            // A brief record prints and searches nothing.
            let detailed = config
                .records
                .as_ref()
                .is_none_or(|r| r.contains(&function));
            let detail = if detailed {
                let printer = QueryPrinter::new(query);
                let asked = LoggedQuestion {
                    question,
                    nodes: [a, b],
                    numbers: printer.numbers(),
                };
                Some(Detail {
                    first: printer.side(query, 0, session.readable(&asked, 0)),
                    second: printer.side(query, 1, session.readable(&asked, 1)),
                    why: session.why(&asked),
                })
            } else {
                None
            };
            let record = LogRecord {
                id,
                analysis: question.analysis(),
                question,
                answer: question.answer().to_owned(),
                kept,
                module,
                module_key,
                function,
                detail,
                shared,
            };
            write_line(log, &record);
        }
    }
    kept
}

/// `rust-tbaa`'s answer for two tags in function `key`, under the
/// selection: whether they may alias.
///
/// # Safety
/// The tags must be null or live, `query` null or a live query of
/// `bisect.cpp`.
#[inline]
pub unsafe fn tbaa_may_alias(
    s: &mut TbaaSession,
    key: u64,
    a: LLVMMetadataRef,
    b: LLVMMetadataRef,
    query: *const c_void,
) -> bool {
    s.may_alias(a, b) || !keep(s, key, Question::TagPair, a, b, query)
}

/// `rust-tbaa`'s immutability of a tag in function `key`, under the
/// selection.
///
/// # Safety
/// As [`tbaa_may_alias`].
#[inline]
pub unsafe fn tbaa_is_immutable(
    s: &mut TbaaSession,
    key: u64,
    tag: LLVMMetadataRef,
    query: *const c_void,
) -> bool {
    s.is_immutable(tag)
        && keep(
            s,
            key,
            Question::Immutable,
            tag,
            std::ptr::null_mut(),
            query,
        )
}

/// `aliasErrno` for a tag in function `key`, under the selection: whether
/// it may alias errno, whose tags are `errno_tags`.
///
/// # Safety
/// As [`tbaa_may_alias`]; the errno tags must be live nodes.
#[inline]
pub unsafe fn tbaa_may_alias_errno(
    s: &mut TbaaSession,
    key: u64,
    tag: LLVMMetadataRef,
    errno_tags: &[LLVMMetadataRef],
    query: *const c_void,
) -> bool {
    if s.may_alias_errno(tag, errno_tags) {
        return true;
    }
    // The module's errno tags are fixed for a build; the first one is
    // shown in the log and goes into the id.
    let errno = errno_tags.first().copied().unwrap_or(std::ptr::null_mut());
    !keep(s, key, Question::Errno, tag, errno, query)
}

/// `mayAliasInScopes(scopes, noalias)` in function `key`, under the
/// selection.
///
/// # Safety
/// As [`tbaa_may_alias`].
#[inline]
pub unsafe fn scoped_may_alias_in_scopes(
    s: &mut ScopedSession,
    key: u64,
    scopes: LLVMMetadataRef,
    noalias: LLVMMetadataRef,
    query: *const c_void,
) -> bool {
    s.may_alias_in_scopes(scopes, noalias)
        || !keep(s, key, Question::ScopeLists, scopes, noalias, query)
}
