//! Reports, as the sanitizers make them: one per static pair of sites, on
//! stderr (or `log_path`), the first line starting `aliaskit-sanitize:`,
//! one JSON line each in `ALIASKIT_SANITIZE_LOG`, suppressions, the summary
//! line at exit and the exit code.
//!
//! A report is made in two steps. While a frame is checked, each conflict
//! becomes a [`Pending`] report (everything the tables say: instructions,
//! locations, lists, the claim, the instance, the decision id). The entry
//! point that ran the check then captures the stack (its own caller is the
//! instrumented function) and [`emit`]s them: deduplicated across threads,
//! suppressed or printed, counted.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use aliaskit_core::decision::{FunctionKey, Question};
use aliaskit_core::sanitize::log::Conflict;
use aliaskit_core::sanitize::table::{Access, FunctionTable, Site};
use rustc_hash::FxHashSet;
use serde_json::json;

use crate::frames::{Counts, Place};
use crate::modules::FunctionOracle;
use crate::options::{LogTarget, Options};
use crate::suppressions::Suppressions;
use crate::symbolize;

/// A conflict made into a report, waiting for its stack.
pub struct Pending {
    /// One report per static pair: the function, the decision and the two
    /// accesses' source locations (or instructions), so that the two
    /// points report one broken claim of the same source accesses once.
    pub(crate) key: (String, String, String, String),
    pub(crate) kind: &'static str,
    pub(crate) function: String,
    /// The report's lines after the first, up to the stacks.
    pub(crate) body: Vec<String>,
    /// The two accesses' static locations, for the stacks' frame 0.
    pub(crate) first_location: String,
    pub(crate) second_location: String,
    /// Whether the current stack is the frame's (else it was left behind).
    pub(crate) stack_shown: bool,
    pub(crate) json: serde_json::Value,
    /// What suppressions are matched against.
    pub(crate) candidates: Vec<String>,
    pub(crate) summary_location: String,
    /// When the first access ran elsewhere (a `tbaa` report's earlier
    /// store): its function; its stack is not kept.
    pub(crate) first_elsewhere: Option<String>,
    /// Whether it counts as a program error (the summary's reports, the
    /// exit code, halt_on_error); `tbaa-per-call` does not.
    pub(crate) counted: bool,
}

struct State {
    suppressions: Option<Suppressions>,
    reported: FxHashSet<(String, String, String, String)>,
    json: Option<File>,
    out: Option<File>,
    warned: FxHashSet<String>,
}

static REPORTS: AtomicU64 = AtomicU64::new(0);
static SUPPRESSED: AtomicU64 = AtomicU64::new(0);
static CHECKED: AtomicU64 = AtomicU64::new(0);
static INSTANCES: AtomicU64 = AtomicU64::new(0);
static DROPPED: AtomicU64 = AtomicU64::new(0);
/// Reports that are not program errors (`tbaa-per-call`).
static NOT_COUNTED: AtomicU64 = AtomicU64::new(0);

/// The options, read once from `ALIASKIT_SANITIZE_OPTIONS`; their warnings
/// are printed then.
pub fn options() -> &'static Options {
    static O: OnceLock<Options> = OnceLock::new();
    O.get_or_init(|| {
        let (o, warnings) = Options::from_env();
        for w in warnings {
            eprintln!("aliaskit-sanitize: warning: ALIASKIT_SANITIZE_OPTIONS: {w}");
        }
        o
    })
}

fn state() -> &'static Mutex<State> {
    static S: OnceLock<Mutex<State>> = OnceLock::new();
    S.get_or_init(|| {
        let o = options();
        let suppressions = o
            .suppressions
            .as_deref()
            .and_then(|p| match Suppressions::load(p) {
                Ok(s) => Some(s),
                Err(e) => {
                    eprintln!(
                        "aliaskit-sanitize: warning: suppressions: {e}; nothing is suppressed"
                    );
                    None
                }
            });
        let json = std::env::var_os("ALIASKIT_SANITIZE_LOG")
            .filter(|p| !p.is_empty())
            .and_then(
                |p| match OpenOptions::new().create(true).append(true).open(&p) {
                    Ok(f) => Some(f),
                    Err(e) => {
                        eprintln!(
                            "aliaskit-sanitize: warning: ALIASKIT_SANITIZE_LOG {}: {e}",
                            p.to_string_lossy()
                        );
                        None
                    }
                },
            );
        let out = match o.log_target(std::process::id()) {
            LogTarget::Stderr | LogTarget::Stdout => None,
            LogTarget::File(p) => OpenOptions::new().create(true).append(true).open(p).ok(),
        };
        Mutex::new(State {
            suppressions,
            reported: FxHashSet::default(),
            json,
            out,
            warned: FxHashSet::default(),
        })
    })
}

/// Writes `text` where reports go (one write).
fn write_out(state: &mut State, text: &str) {
    match (&mut state.out, options().log_target(std::process::id())) {
        (Some(f), _) => {
            let _ = f.write_all(text.as_bytes());
        }
        (None, LogTarget::Stdout) => {
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
        }
        _ => {
            let _ = std::io::stderr().lock().write_all(text.as_bytes());
        }
    }
}

/// A warning about the runtime itself, once per text.
pub fn warn(text: &str) {
    if let Ok(mut s) = state().lock() {
        if s.warned.insert(text.to_owned()) {
            let line = format!("aliaskit-sanitize: warning: {text}\n");
            write_out(&mut s, &line);
        }
    }
}

/// Adds a thread's counts to the summary's.
pub fn add_counts(c: Counts) {
    CHECKED.fetch_add(c.checked, Ordering::Relaxed);
    INSTANCES.fetch_add(c.instances, Ordering::Relaxed);
    DROPPED.fetch_add(c.dropped, Ordering::Relaxed);
}

fn site_lists(t: &FunctionTable, s: &Site) -> String {
    let list = |l: Option<u32>| {
        l.and_then(|l| t.lists.get(l as usize))
            .map_or_else(|| "none".to_owned(), |l| l.text.to_string())
    };
    format!(
        "!alias.scope {}, !noalias {}",
        list(s.scopes),
        list(s.noalias)
    )
}

/// "read" or "write".
pub(crate) fn access_kind(access: Access) -> &'static str {
    match access {
        Access::Read => "read",
        Access::Write => "write",
    }
}

/// "read" or "write", and the part of the instruction when it has parts
/// ("write (callee writes)", "read (source)").
fn access_word(access: Access, part: &str) -> String {
    let word = access_kind(access);
    if part.is_empty() {
        word.to_owned()
    } else {
        format!("{word} ({part})")
    }
}

/// An access as both sanitizers' reports name it: "read (source) of
/// `instruction` at f.c:3:5" (or "at (no debug location)").
pub(crate) fn access_text(
    access: Access,
    part: &str,
    instruction: &str,
    location: &[impl AsRef<str>],
) -> String {
    let place = aliaskit_core::names::describe_location(location)
        .unwrap_or_else(|| "(no debug location)".to_owned());
    format!(
        "{} of `{instruction}` at {place}",
        access_word(access, part)
    )
}

/// The report of a conflict the check of `log` found, or None if the
/// tables do not hold its sites.
pub fn pending(
    oracle: &FunctionOracle,
    at: &Place,
    c: &Conflict,
    stack_shown: bool,
) -> Option<Pending> {
    let t = oracle.table()?;
    // The functions the code ran in (an analysis may have asked about the
    // claim in each): the table's, then those it was inlined into; the
    // report is of the last, where it runs now.
    let mut hosts = at.hosts();
    if hosts.is_empty() {
        hosts.push((t.key, t.name.to_string()));
    }
    let (key, host) = hosts.last().cloned().expect("one host at least");
    let claim = oracle.claims().get(c.claim).clone();
    let (first, second) = (
        t.sites.get(c.first as usize)?,
        t.sites.get(c.second as usize)?,
    );
    let (x, y) = (
        t.sites.get(claim.scopes_site as usize)?,
        t.sites.get(claim.noalias_site as usize)?,
    );
    let scopes_list = t.lists.get(x.scopes? as usize)?;
    let noalias_list = t.lists.get(y.noalias? as usize)?;
    let domain = t
        .domains
        .get(claim.domain as usize)
        .map_or("?", |d| &d.name);
    let deciding: Vec<_> = claim
        .scopes
        .iter()
        .filter_map(|&s| t.scopes.get(s as usize))
        .collect();
    // A parameter's claim while its function is not inlined: basic-aa uses
    // the attribute itself. Inlined, it is a scoped claim like any other.
    let parameter = deciding
        .iter()
        .all(|s| s.parameter_of.as_deref() == Some(host.as_str()));
    let kind = if parameter {
        "noalias-argument"
    } else {
        "scoped-noalias"
    };
    // Each deciding scope once with what its short name does not say.
    let names: Vec<String> = deciding
        .iter()
        .map(|s| match &s.note {
            Some(note) => format!("{} ({note})", s.name),
            None => s.name.to_string(),
        })
        .collect();
    let call = if *host == *t.name {
        format!("@{}", t.name)
    } else {
        format!("@{} (inlined in @{host})", t.name)
    };
    let instance = if deciding.iter().all(|s| s.decl.is_none()) {
        format!("one call of {call} (no noalias.scope.decl of the scope in it)")
    } else {
        let decls: Vec<String> = deciding
            .iter()
            .filter_map(|s| {
                s.decl
                    .as_ref()
                    .map(|d| format!("the noalias.scope.decl of {} at {d}", s.name))
            })
            .collect();
        format!(
            "one execution of {}, in one call of {call}",
            decls.join(" and ")
        )
    };
    let function_key = FunctionKey(key);
    let id = function_key.decision(
        Question::ScopeLists,
        scopes_list.content,
        noalias_list.content,
    );
    let role = |s: u32| if s == c.first { "first" } else { "second" };
    let claim_text = format!(
        "every scope of the {} access's !alias.scope {} in domain {domain} is in the {} access's !noalias list {}",
        role(claim.scopes_site),
        scopes_list.text,
        role(claim.noalias_site),
        noalias_list.text
    );
    let (lo, hi) = c.overlap;
    let module: &str = &oracle.module.table()?.module;
    let point = oracle.module.point();
    let mut body = vec![
        format!(
            "  first access:  {}",
            access_text(
                first.access,
                &first.part,
                &first.instruction,
                &first.location
            )
        ),
        format!("      {}", site_lists(t, first)),
        format!(
            "  second access: {}",
            access_text(
                second.access,
                &second.part,
                &second.instruction,
                &second.location
            )
        ),
        format!("      {}", site_lists(t, second)),
        format!(
            "  overlapping bytes: [{lo:#x}, {hi:#x}) ({} bytes)",
            hi - lo
        ),
        format!("  claim: {claim_text}"),
        format!(
            "  deciding scope {} in domain {domain}; instance: {instance}",
            names.join(", ")
        ),
        format!("  checked: {} (module {module})", point.describe()),
    ];
    if *host != *t.name {
        body.push(format!(
            "  inlined: the code of @{} runs inlined in @{host}",
            t.name
        ));
    }
    let id_text = id.to_string();
    // The claim's decisions: in every function its code ran in (an
    // analysis may have asked in each: before and after inlining), both
    // ways when both are claimed (LLVM asks both, either may decide).
    let other_lists = claim
        .both_ways
        .then(|| {
            Some((
                t.lists.get(y.scopes? as usize)?,
                t.lists.get(x.noalias? as usize)?,
            ))
        })
        .flatten();
    let other = other_lists.map(|(s, n)| {
        function_key
            .decision(Question::ScopeLists, s.content, n.content)
            .to_string()
    });
    let mut ids: Vec<(String, String)> = Vec::new();
    for (k, name) in hosts.iter().rev() {
        let mut add = |s: u64, n: u64| {
            let d = FunctionKey(*k)
                .decision(Question::ScopeLists, s, n)
                .to_string();
            if !ids.iter().any(|(x, _)| *x == d) {
                ids.push((d, name.clone()));
            }
        };
        add(scopes_list.content, noalias_list.content);
        if let Some((s, n)) = other_lists {
            add(s.content, n.content);
        }
    }
    if parameter {
        body.push(format!(
            "  decision {id_text}: the noalias parameter's claim as scopes; while @{} is not inlined, basic-aa uses the parameter's noalias attribute itself, which ALIASKIT_BISECT cannot turn off",
            t.name
        ));
    } else {
        let mut by_host: Vec<(String, Vec<String>)> = Vec::new();
        for (d, h) in &ids {
            match by_host.iter_mut().find(|(x, _)| x == h) {
                Some((_, v)) => v.push(d.clone()),
                None => by_host.push((h.clone(), vec![d.clone()])),
            }
        }
        let listed: Vec<String> = by_host
            .iter()
            .map(|(h, v)| format!("{} in @{h}", v.join(" and ")))
            .collect();
        let terms: Vec<String> = ids.iter().map(|(d, _)| format!("-x{d}")).collect();
        let label = if ids.len() == 1 {
            "decision"
        } else {
            "decisions"
        };
        body.push(format!(
            "  {label} {}: ALIASKIT_BISECT='y {}' answers it conservatively",
            listed.join("; "),
            terms.join(" ")
        ));
    }
    let json = json!({
        "kind": kind,
        "function": host,
        "code_of": t.name,
        "module": module,
        "point": point.name(),
        "first": {"instruction": first.instruction, "location": first.location, "access": access_kind(first.access),
                  "part": first.part, "metadata": site_lists(t, first)},
        "second": {"instruction": second.instruction, "location": second.location, "access": access_kind(second.access),
                   "part": second.part, "metadata": site_lists(t, second)},
        "id": id_text,
        "other_id": other,
        "ids": ids.iter().map(|(d, h)| json!({"id": d, "function": h})).collect::<Vec<_>>(),
        "bytes": {"address": format!("{lo:#x}"), "size": hi - lo},
        "scope": names,
        "domain": domain,
        "instance": instance,
        "claim": claim_text,
    });
    let mut candidates = vec![t.name.to_string(), host.clone(), id_text.clone()];
    candidates.extend(ids.iter().map(|(d, _)| d.clone()));
    for s in [first, second] {
        candidates.extend(s.location.iter().map(|l| l.to_string()));
    }
    let source = |s: &Site| s.location.first().unwrap_or(&s.instruction).to_string();
    let (a, b) = (source(first), source(second));
    Some(Pending {
        key: (
            host.clone(),
            // The claim both ways is one claim, whichever way a point chose.
            match &other {
                Some(o) => format!(
                    "{} {}",
                    id_text.clone().min(o.clone()),
                    id_text.clone().max(o.clone())
                ),
                None => id_text.clone(),
            },
            a.clone().min(b.clone()),
            a.max(b),
        ),
        kind,
        function: host.clone(),
        body,
        first_location: first
            .location
            .first()
            .map(|l| l.to_string())
            .unwrap_or_default(),
        second_location: second
            .location
            .first()
            .map(|l| l.to_string())
            .unwrap_or_default(),
        stack_shown,
        json,
        candidates,
        summary_location: first
            .location
            .first()
            .map(|l| l.to_string())
            .unwrap_or_else(|| format!("@{}", t.name)),
        first_elsewhere: None,
        counted: true,
    })
}

/// Prints (or suppresses) pending reports; `stack` is the return addresses
/// of the instrumented function that ran the check and its callers
/// (innermost first), if any.
pub fn emit(pending: Vec<Pending>, stack: Option<&[usize]>) {
    if pending.is_empty() {
        return;
    }
    let Ok(mut s) = state().lock() else { return };
    let mut frames = None;
    for p in pending {
        if !s.reported.insert(p.key) {
            continue;
        }
        let refs: Vec<&str> = p.candidates.iter().map(String::as_str).collect();
        let suppressed = s.suppressions.as_mut().and_then(|sup| {
            let rule = sup.matches(p.kind, &refs)?;
            sup.hit(rule);
            Some(rule)
        });
        if suppressed.is_some() {
            SUPPRESSED.fetch_add(1, Ordering::Relaxed);
            continue;
        }
        if p.counted {
            REPORTS.fetch_add(1, Ordering::Relaxed);
        } else {
            NOT_COUNTED.fetch_add(1, Ordering::Relaxed);
        }
        let callers = match (p.stack_shown, stack) {
            (true, Some(st)) => frames
                .get_or_insert_with(|| {
                    // Frame 0 is the instrumented function itself: its
                    // access's own location stands for it.
                    let callers = st.get(1..).unwrap_or(&[]);
                    symbolize::format_frames(&symbolize::symbolize(callers, options()), 1)
                })
                .clone(),
            _ => vec!["    (the callers' stack is not known: the frame was left by unwinding, or the program was ending)".to_owned()],
        };
        let mut text = format!(
            "aliaskit-sanitize: {}: a no-alias claim is broken in @{}\n",
            p.kind, p.function
        );
        for line in &p.body {
            text.push_str(line);
            text.push('\n');
        }
        for (which, loc) in [("first", &p.first_location), ("second", &p.second_location)] {
            let elsewhere = (which == "first")
                .then_some(p.first_elsewhere.as_ref())
                .flatten();
            text.push_str(&format!(
                "  stack of the {which} access:\n    #0 {} in {}\n",
                if loc.is_empty() {
                    "(no debug location)"
                } else {
                    loc
                },
                elsewhere.unwrap_or(&p.function)
            ));
            if elsewhere.is_some() {
                text.push_str("    (its callers are not kept)\n");
                continue;
            }
            for line in &callers {
                text.push_str(line);
                text.push('\n');
            }
        }
        text.push_str(&format!(
            "SUMMARY: aliaskit-sanitize: {} {} in {}\n",
            p.kind, p.summary_location, p.function
        ));
        write_out(&mut s, &text);
        if let Some(f) = &mut s.json {
            let mut j = p.json.clone();
            j["stack"] = json!(callers.iter().map(|l| l.trim()).collect::<Vec<_>>());
            let _ = f.write_all(format!("{j}\n").as_bytes());
        }
        if options().halt_on_error && p.counted {
            drop(s);
            halt();
        }
    }
}

/// Stops the program with the exit code (halt_on_error, or reports at exit).
fn halt() -> ! {
    // SAFETY: flushing C's streams and leaving; nothing of Rust's is used
    // after.
    unsafe {
        libc::fflush(std::ptr::null_mut());
        libc::_exit(options().exitcode)
    }
}

/// The end of the program: the current thread's frames are finished, the
/// summary printed, and with reports, the exit code given. Runs once.
pub fn fini() {
    static DONE: AtomicBool = AtomicBool::new(false);
    if DONE.swap(true, Ordering::SeqCst) {
        return;
    }
    crate::frames::finish_thread();
    let reports = REPORTS.load(Ordering::Relaxed);
    if options().print_summary {
        let mut line = format!(
            "aliaskit-sanitize: summary: {} accesses checked, {} instances, {} reports, {} accesses not classified",
            CHECKED.load(Ordering::Relaxed),
            INSTANCES.load(Ordering::Relaxed),
            reports,
            crate::modules::unclassified()
        );
        let dropped = DROPPED.load(Ordering::Relaxed);
        if dropped > 0 {
            line.push_str(&format!(
                ", {dropped} accesses not checked (the log was full: max_log_entries)"
            ));
        }
        if let Some(typed) = crate::tbaa::summary() {
            line.push_str(&typed);
        }
        let not_counted = NOT_COUNTED.load(Ordering::Relaxed);
        if not_counted > 0 {
            line.push_str(&format!(
                ", {not_counted} reports of per-call claims (tbaa-per-call: not program errors)"
            ));
        }
        let suppressed = SUPPRESSED.load(Ordering::Relaxed);
        if suppressed > 0 {
            line.push_str(&format!(", {suppressed} reports suppressed"));
        }
        line.push('\n');
        if let Ok(mut s) = state().lock() {
            write_out(&mut s, &line);
        }
    }
    if reports > 0 {
        halt();
    }
}
