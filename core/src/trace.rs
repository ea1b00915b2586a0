//! What one run of `aliaskit bisect`'s command showed, beyond its
//! decisions: which processes loaded the plugin, which modules went through
//! a pass pipeline, and where the analyses were built ([`Trace`], from the
//! [`Event`] lines of `ALIASKIT_BISECT_LOG`).
//!
//! A run only says something about the decisions if the build really ran
//! with the selection. Build caches whose key ignores `ALIASKIT_BISECT` and
//! the plugin (ld.lld's ThinLTO cache, ccache) replay an earlier
//! compilation instead, and a search over replayed runs gives a wrong
//! verdict ("the failure does not depend on the answers"). So the search
//! stops ([`Stop`]) when
//!
//! * the first run (every decision kept) fails and made no decisions
//!   ([`check_baseline`]): nothing was logged (plugin not loaded, or
//!   everything replayed), the plugin was loaded but saw no module (the
//!   compiles were replayed), the analyses were not in the AA pipeline, the
//!   modules have no alias metadata, or the analyses answered nothing
//!   definitely;
//! * a later run saw fewer modules than the first ([`check_run`]): what the
//!   first run built was replayed, so the selection changed nothing that
//!   was rebuilt.
//!
//! Modules are counted by name (distinct names over every process of the
//! run), so that a build in a fresh temporary directory each run still
//! compares equal.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::decision::{Analysis, Event, LogRecord};

/// How many instructions of a module carry each kind of alias metadata.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Attachments {
    pub tbaa: u64,
    pub scoped: u64,
}

/// A process that loaded the plugin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Process {
    pub pid: u32,
    pub arguments: Vec<String>,
    pub parent: String,
}

impl Process {
    /// The program's file name.
    pub fn program(&self) -> &str {
        let p = self.arguments.first().map_or("", String::as_str);
        p.rsplit('/').next().unwrap_or(p)
    }
}

/// What one run's log says the plugin saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    pub processes: Vec<Process>,
    /// Every module seen, with its attachments when a module record gave
    /// them (a module named only by a decision or an analysis has none).
    pub modules: BTreeMap<String, Option<Attachments>>,
    /// The analyses built, per module.
    pub analyses: BTreeSet<(String, Analysis)>,
    /// Decision records read (not distinct ids).
    pub decisions: usize,
}

impl Trace {
    /// Adds an event line.
    pub fn event(&mut self, e: Event) {
        match e {
            Event::Load {
                pid,
                arguments,
                parent,
            } => self.processes.push(Process {
                pid,
                arguments,
                parent,
            }),
            Event::Module {
                module,
                tbaa,
                scoped,
            } => {
                let a = self.modules.entry(module).or_insert(None);
                let old = a.unwrap_or_default();
                *a = Some(Attachments {
                    tbaa: old.tbaa.max(tbaa),
                    scoped: old.scoped.max(scoped),
                });
            }
            Event::Analysis { module, analysis } => {
                self.modules.entry(module.clone()).or_insert(None);
                self.analyses.insert((module, analysis));
            }
        }
    }

    /// Adds a decision line (its module was seen, its analysis built).
    pub fn decision(&mut self, r: &LogRecord) {
        self.decisions += 1;
        self.modules.entry(r.module.clone()).or_insert(None);
        self.analyses.insert((r.module.clone(), r.analysis));
    }

    /// Whether the log had no line at all.
    pub fn is_empty(&self) -> bool {
        self.processes.is_empty() && self.modules.is_empty() && self.decisions == 0
    }

    /// The modules an analysis was built for.
    fn analysed_modules(&self) -> BTreeSet<&str> {
        self.analyses.iter().map(|(m, _)| m.as_str()).collect()
    }
}

/// A cache the logs point to, from the arguments and parents of the
/// processes that loaded the plugin.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Cache {
    /// A linker ran with this ThinLTO cache option.
    ThinLto { program: String, option: String },
    /// A compiler ran under this compiler cache (ccache, sccache).
    Compiler { cache: String, program: String },
    /// The command, or a script it names, mentions this ThinLTO cache
    /// option (when no process that loaded the plugin showed one: a warm
    /// cache does not load it).
    Mentioned { file: String, option: String },
}

/// The ThinLTO cache options of ld.lld (ELF, COFF, Mach-O, wasm) and of
/// the gold-plugin spelling.
fn thinlto_cache_option(arg: &str) -> bool {
    let a = arg.trim_start_matches(['-', '/']);
    a.starts_with("thinlto-cache-dir")
        || a.starts_with("plugin-opt=cache-dir")
        || a.starts_with("plugin-opt,cache-dir")
        || a.to_ascii_lowercase().starts_with("lldltocache:")
        || a.starts_with("cache_path_lto")
        || (a.starts_with("Wl,") && a.split(',').any(thinlto_cache_option))
}

/// The ThinLTO cache options among the words of `text` (the command's
/// arguments, or a script it runs), as [`Cache::Mentioned`] in `file`.
pub fn mentioned_caches(file: &str, text: &str) -> Vec<Cache> {
    let mut found = BTreeSet::new();
    for word in text.split(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
        if thinlto_cache_option(word) {
            found.insert(Cache::Mentioned {
                file: file.to_owned(),
                option: word.to_owned(),
            });
        }
    }
    found.into_iter().collect()
}

/// The caches the processes of these traces point to, each once.
pub fn caches<'t>(traces: impl IntoIterator<Item = &'t Trace>) -> Vec<Cache> {
    let mut found = BTreeSet::new();
    for t in traces {
        for p in &t.processes {
            let mut args = p.arguments.iter().skip(1);
            while let Some(a) = args.next() {
                if thinlto_cache_option(a) {
                    let mut option = a.clone();
                    // `-cache_path_lto DIR`, `--thinlto-cache-dir DIR`.
                    if !a.contains('=') && !a.contains(':') && !a.contains(',') {
                        if let Some(v) = args.next() {
                            option = format!("{a} {v}");
                        }
                    }
                    found.insert(Cache::ThinLto {
                        program: p.program().to_owned(),
                        option,
                    });
                }
            }
            if matches!(p.parent.as_str(), "ccache" | "sccache" | "buildcache") {
                found.insert(Cache::Compiler {
                    cache: p.parent.clone(),
                    program: p.program().to_owned(),
                });
            }
        }
    }
    found.into_iter().collect()
}

/// Why a run tells nothing about the decisions: the search stops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The first run failed and wrote nothing to the log: the plugin was
    /// not loaded, or nothing was rebuilt.
    NothingLogged,
    /// The first run failed; the plugin was loaded (by these programs) but
    /// no module went through a pipeline.
    NoModules { programs: Vec<String> },
    /// Run `run` saw fewer modules than run `reference` (the first run,
    /// or a later one when runs go at once and the first was the one
    /// replayed): they were replayed.
    Replayed {
        run: usize,
        reference: usize,
        baseline: usize,
        seen: usize,
        /// Modules of the reference run not seen again (some of them).
        missing: Vec<String>,
    },
    /// Run `run` did not rebuild these modules, whose kept decisions had
    /// changed since their slot last built them (their stamps were
    /// rewritten).
    NotRebuilt { run: usize, modules: Vec<String> },
    /// The first run failed; modules went through pipelines, but neither
    /// analysis was built for any of them.
    NotInPipeline { modules: Vec<String> },
    /// The first run failed; the analyses were built, but the modules have
    /// no alias metadata.
    NoMetadata { modules: Vec<String> },
    /// The first run failed; the analyses were built on modules with alias
    /// metadata, and answered no query definitely.
    NoDefiniteAnswers {
        modules: Vec<String>,
        attachments: Attachments,
    },
}

/// At most this many names in a message.
const NAMES: usize = 5;

fn names<'a>(all: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    all.into_iter().map(str::to_owned).collect()
}

fn list(names: &[String]) -> String {
    let mut s = names
        .iter()
        .take(NAMES)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > NAMES {
        let _ = write!(s, " and {} more", names.len() - NAMES);
    }
    s
}

/// Why a first run (every decision kept) that failed and made no decisions
/// cannot be bisected. None when it made decisions.
pub fn check_baseline(t: &Trace) -> Option<Stop> {
    if t.decisions > 0 {
        return None;
    }
    if t.modules.is_empty() {
        if t.processes.is_empty() {
            return Some(Stop::NothingLogged);
        }
        let programs: BTreeSet<&str> = t.processes.iter().map(Process::program).collect();
        return Some(Stop::NoModules {
            programs: names(programs),
        });
    }
    let analysed = t.analysed_modules();
    if analysed.is_empty() {
        return Some(Stop::NotInPipeline {
            modules: names(t.modules.keys().map(String::as_str)),
        });
    }
    let mut total = Attachments::default();
    for m in &analysed {
        if let Some(Some(a)) = t.modules.get(*m) {
            total.tbaa += a.tbaa;
            total.scoped += a.scoped;
        }
    }
    if total == Attachments::default() {
        Some(Stop::NoMetadata {
            modules: names(analysed),
        })
    } else {
        Some(Stop::NoDefiniteAnswers {
            modules: names(analysed),
            attachments: total,
        })
    }
}

/// Whether run `run` (after the first) was built as the first run was:
/// Some when it saw fewer modules.
pub fn check_run(baseline: &Trace, t: &Trace, run: usize) -> Option<Stop> {
    replayed(baseline, 1, t, run)
}

/// Whether the first run (every decision kept) was replayed, seen from a
/// later run `run` that went at the same time or after it and rebuilt
/// more modules: the first run's build came (partly) from a cache.
pub fn check_first(baseline: &Trace, t: &Trace, run: usize) -> Option<Stop> {
    replayed(t, run, baseline, 1)
}

/// Run `run` (trace `t`) against run `reference` (trace `fuller`).
fn replayed(fuller: &Trace, reference: usize, t: &Trace, run: usize) -> Option<Stop> {
    if t.modules.len() >= fuller.modules.len() {
        return None;
    }
    Some(Stop::Replayed {
        run,
        reference,
        baseline: fuller.modules.len(),
        seen: t.modules.len(),
        missing: fuller
            .modules
            .keys()
            .filter(|m| !t.modules.contains_key(*m))
            .cloned()
            .collect(),
    })
}

/// How to turn a cache off, for a message.
fn cache_advice(caches: &[Cache]) -> String {
    let mut s = String::new();
    for c in caches {
        match c {
            Cache::ThinLto { program, option } => {
                let _ = write!(
                    s,
                    " {program} ran with `{option}`: its ThinLTO cache key includes neither ALIASKIT_BISECT nor the plugin, so a later link replays the backends it cached. Link without that option while bisecting (or remove the cache directory before each link)."
                );
            }
            Cache::Mentioned { file, option } => {
                let _ = write!(
                    s,
                    " {file} mentions `{option}`: ld.lld's ThinLTO cache key includes neither ALIASKIT_BISECT nor the plugin, so a later link replays the backends it cached. Link without that option while bisecting (or remove the cache directory before each link)."
                );
            }
            Cache::Compiler { cache, program } => {
                let _ = write!(
                    s,
                    " {program} ran under {cache}, whose key includes neither ALIASKIT_BISECT nor the plugin's contents: compile without {cache} while bisecting{}.",
                    if cache == "ccache" {
                        " (aliaskit bisect sets CCACHE_DISABLE=1; a configuration that overrides it must not)"
                    } else {
                        ""
                    }
                );
            }
        }
    }
    if s.is_empty() {
        s.push_str(
            " Caches whose key includes neither ALIASKIT_BISECT nor the plugin: ld.lld's ThinLTO cache (link without -Wl,--thinlto-cache-dir=DIR, --thinlto-cache-dir, -plugin-opt=cache-dir= while bisecting, or remove DIR before each link), ccache (aliaskit bisect sets CCACHE_DISABLE=1) and sccache (build without it), and a build system that finds everything up to date (make the command rebuild, e.g. a clean build or `make -B`).",
        );
    }
    s
}

fn these(modules: &[String]) -> &'static str {
    if modules.len() == 1 {
        "this module"
    } else {
        "these modules"
    }
}

/// The caveat of a verdict on the modules seen: modules a cache replayed
/// were not.
fn unseen(caches: &[Cache]) -> String {
    if caches.is_empty() {
        " A module a build cache replayed is not seen: if the build uses one (ThinLTO cache, ccache), turn it off and bisect again.".to_owned()
    } else {
        format!(
            " Modules replayed from a cache are not seen:{}",
            cache_advice(caches)
        )
    }
}

impl Stop {
    /// The verdict's name in `--json` output.
    pub fn verdict(&self) -> &'static str {
        match self {
            Stop::NothingLogged => "nothing-logged",
            Stop::NoModules { .. } => "no-modules",
            Stop::Replayed { .. } | Stop::NotRebuilt { .. } => "replayed",
            Stop::NotInPipeline { .. } => "not-in-pipeline",
            Stop::NoMetadata { .. } => "no-metadata",
            Stop::NoDefiniteAnswers { .. } => "no-definite-answers",
        }
    }

    /// Whether the stop comes from how the command builds (a cache, no
    /// plugin, no analysis in the AA pipeline) rather than from the
    /// program (no metadata, no definite answer).
    pub fn is_setup(&self) -> bool {
        !matches!(
            self,
            Stop::NoMetadata { .. } | Stop::NoDefiniteAnswers { .. }
        )
    }

    /// The message for the user; `caches` from [`caches`] over every run.
    pub fn message(&self, caches: &[Cache]) -> String {
        match self {
            Stop::NothingLogged => format!(
                "the plugin logged nothing: it was not loaded (opt -load-pass-plugin, clang -fpass-plugin, ld.lld --load-pass-plugin), or the command rebuilt nothing, because a cache replayed the compiles or everything was up to date.{}",
                cache_advice(caches)
            ),
            Stop::NoModules { programs } => format!(
                "the plugin was loaded (by {}) but no module went through a pass pipeline: the compiles were replayed from a cache, or the command stopped before optimizing.{}",
                list(programs),
                cache_advice(caches)
            ),
            Stop::Replayed {
                run,
                reference,
                baseline,
                seen,
                missing,
            } => format!(
                "{} rebuilt {seen} of the {baseline} modules {} built ({} not seen again): those were replayed from a cache, so the selection changed nothing in them and no verdict can be given.{}",
                if *run == 1 { "the first run".to_owned() } else { format!("run {run}") },
                if *reference == 1 { "the first run".to_owned() } else { format!("run {reference}, which ran beside it,") },
                list(missing),
                if caches.is_empty() {
                    " (Or the build found them up to date: a build that keeps its objects must make each depend on its module's stamp in $ALIASKIT_BISECT_STAMPS, README \"Builds of many files\", or rebuild everything in each run.)".to_owned()
                } else {
                    cache_advice(caches)
                }
            ),
            Stop::NotRebuilt { run, modules } => format!(
                "run {run} did not rebuild {} whose kept decisions had changed ({}): the stamp in $ALIASKIT_BISECT_STAMPS was rewritten, but the build did not rebuild {} (or a cache replayed {}), so no verdict can be given. Make each object depend on its module's stamp (README: \"Builds of many files\"), or rebuild everything in each run.{}",
                if modules.len() == 1 { "a module".to_owned() } else { format!("{} modules", modules.len()) },
                list(modules),
                these(modules),
                these(modules),
                cache_advice(caches)
            ),
            Stop::NotInPipeline { modules } => format!(
                "no decision was made: the plugin saw {} module{} ({}) but neither rust-tbaa nor rust-scoped-noalias was built for any function: they are not in the AA pipeline (opt -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa; ld.lld -Xlinker --lto-aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa, not -Wl, which splits at commas), they are turned off (ALIASKIT_ENABLE_TBAA=0, -aliaskit-enable-tbaa=false), or no pass asked for alias analysis (-O0)",
                modules.len(),
                if modules.len() == 1 { "" } else { "s" },
                list(modules)
            ),
            Stop::NoMetadata { modules } => format!(
                "no decision was made: the analyses ran on {} ({}), which carried no alias metadata when {} pipeline began (no !tbaa, !alias.scope or !noalias): in {}, the failure does not come from the analyses' answers. `aliaskit captures MODULE` shows the pointer arguments that could have carried noalias; `aliaskit verify MODULE` checks what metadata there is.{}",
                if modules.len() == 1 { "one module".to_owned() } else { format!("{} modules", modules.len()) },
                list(modules),
                if modules.len() == 1 { "its" } else { "their" },
                these(modules),
                unseen(caches)
            ),
            Stop::NoDefiniteAnswers {
                modules,
                attachments,
            } => format!(
                "no decision was made: the analyses ran on {} module{} ({}), with {} instructions carrying !tbaa and {} carrying !alias.scope or !noalias, and answered no query definitely: in {}, the failure does not come from their answers. `aliaskit verify MODULE` checks the metadata; `aliaskit captures MODULE` shows the pointer arguments that could have carried noalias.{}",
                modules.len(),
                if modules.len() == 1 { "" } else { "s" },
                list(modules),
                attachments.tbaa,
                attachments.scoped,
                these(modules),
                unseen(caches)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decision::{DecisionId, Question};

    fn load(args: &[&str], parent: &str) -> Event {
        Event::Load {
            pid: 1,
            arguments: args.iter().map(|s| s.to_string()).collect(),
            parent: parent.into(),
        }
    }

    fn module(name: &str, tbaa: u64, scoped: u64) -> Event {
        Event::Module {
            module: name.into(),
            tbaa,
            scoped,
        }
    }

    fn analysis(name: &str) -> Event {
        Event::Analysis {
            module: name.into(),
            analysis: Analysis::Tbaa,
        }
    }

    fn decision(module: &str) -> LogRecord {
        LogRecord {
            id: DecisionId(1),
            analysis: Analysis::ScopedNoAlias,
            question: Question::ScopeLists,
            answer: "NoAlias".into(),
            kept: true,
            module: module.into(),
            module_key: None,
            function: "f".into(),
            detail: None,
            shared: false,
        }
    }

    fn trace(events: Vec<Event>) -> Trace {
        let mut t = Trace::default();
        for e in events {
            t.event(e);
        }
        t
    }

    #[test]
    fn events_round_trip_through_json() {
        for e in [
            load(&["ld.lld", "a.o"], "clang"),
            module("a.c", 3, 4),
            analysis("a.c"),
        ] {
            let line = serde_json::to_string(&e).unwrap();
            assert!(crate::decision::is_event_line(&line), "{line}");
            assert_eq!(serde_json::from_str::<Event>(&line).unwrap(), e);
        }
        let d = serde_json::to_string(&decision("a.c")).unwrap();
        assert!(!crate::decision::is_event_line(&d));
    }

    #[test]
    fn baseline_with_decisions_goes_on() {
        let mut t = trace(vec![module("a.c", 1, 0)]);
        t.decision(&decision("a.c"));
        assert_eq!(check_baseline(&t), None);
    }

    #[test]
    fn baseline_without_decisions_says_why() {
        assert_eq!(check_baseline(&Trace::default()), Some(Stop::NothingLogged));
        assert_eq!(
            check_baseline(&trace(vec![load(&["/usr/bin/ld.lld"], "clang")])),
            Some(Stop::NoModules {
                programs: vec!["ld.lld".into()]
            })
        );
        assert_eq!(
            check_baseline(&trace(vec![module("a.c", 5, 2)])),
            Some(Stop::NotInPipeline {
                modules: vec!["a.c".into()]
            })
        );
        assert_eq!(
            check_baseline(&trace(vec![
                module("a.c", 0, 0),
                analysis("a.c"),
                module("b.c", 7, 0)
            ])),
            Some(Stop::NoMetadata {
                modules: vec!["a.c".into()]
            })
        );
        assert_eq!(
            check_baseline(&trace(vec![module("a.c", 2, 1), analysis("a.c")])),
            Some(Stop::NoDefiniteAnswers {
                modules: vec!["a.c".into()],
                attachments: Attachments { tbaa: 2, scoped: 1 }
            })
        );
    }

    #[test]
    fn fewer_modules_than_the_baseline_is_a_replay() {
        let base = trace(vec![module("a.c", 1, 1), module("b.c", 1, 1)]);
        assert_eq!(check_run(&base, &base, 2), None);
        // Other names (a fresh temporary directory), as many: no replay.
        let renamed = trace(vec![module("x.c", 1, 1), module("y.c", 1, 1)]);
        assert_eq!(check_run(&base, &renamed, 2), None);
        let Some(Stop::Replayed {
            run: 3,
            reference: 1,
            baseline: 2,
            seen: 1,
            missing,
        }) = check_run(&base, &trace(vec![module("b.c", 1, 1)]), 3)
        else {
            panic!()
        };
        assert_eq!(missing, vec!["a.c".to_owned()]);
        assert!(matches!(
            check_run(&base, &Trace::default(), 2),
            Some(Stop::Replayed { seen: 0, .. })
        ));
        // A run never says less than an empty baseline.
        assert_eq!(check_run(&Trace::default(), &Trace::default(), 2), None);
        // A run beside the first that rebuilt more: the first was replayed.
        assert_eq!(check_first(&base, &base, 2), None);
        let Some(
            stop @ Stop::Replayed {
                run: 1,
                reference: 2,
                seen: 0,
                ..
            },
        ) = check_first(&Trace::default(), &base, 2)
        else {
            panic!()
        };
        assert!(stop.message(&[]).starts_with(
            "the first run rebuilt 0 of the 2 modules run 2, which ran beside it, built"
        ));
    }

    #[test]
    fn caches_are_named_from_the_processes() {
        let t = trace(vec![
            load(
                &["/usr/bin/ld.lld", "--thinlto-cache-dir=/tmp/c", "a.o"],
                "clang",
            ),
            load(&["ld64.lld", "-cache_path_lto", "/tmp/d"], "clang"),
            load(&["/usr/bin/clang", "-c", "a.c"], "ccache"),
            load(&["opt", "x.ll"], "sh"),
        ]);
        assert_eq!(
            caches([&t]),
            vec![
                Cache::ThinLto {
                    program: "ld.lld".into(),
                    option: "--thinlto-cache-dir=/tmp/c".into()
                },
                Cache::ThinLto {
                    program: "ld64.lld".into(),
                    option: "-cache_path_lto /tmp/d".into()
                },
                Cache::Compiler {
                    cache: "ccache".into(),
                    program: "clang".into()
                },
            ]
        );
        let m = Stop::NothingLogged.message(&caches([&t]));
        assert!(m.contains("`--thinlto-cache-dir=/tmp/c`"), "{m}");
        assert!(m.contains("CCACHE_DISABLE=1"), "{m}");
        // Nothing known: every usual cache is named.
        let m = Stop::NothingLogged.message(&[]);
        assert!(
            m.contains("--thinlto-cache-dir") && m.contains("ccache"),
            "{m}"
        );
        assert!(!m.contains("does not depend"));
    }

    #[test]
    fn caches_mentioned_by_a_script() {
        let script = "B=/usr/bin\n$B/clang -flto=thin \"-Wl,--thinlto-cache-dir=$D/c\" a.o\n";
        assert_eq!(
            mentioned_caches("link.sh", script),
            vec![Cache::Mentioned {
                file: "link.sh".into(),
                option: "-Wl,--thinlto-cache-dir=$D/c".into()
            }]
        );
        assert!(mentioned_caches("x", "clang -flto=thin a.o").is_empty());
    }

    #[test]
    fn thinlto_cache_options_in_their_spellings() {
        for a in [
            "--thinlto-cache-dir=x",
            "-thinlto-cache-dir=x",
            "--plugin-opt=cache-dir=x",
            "-Wl,--thinlto-cache-dir=x",
            "/lldltocache:x",
        ] {
            assert!(thinlto_cache_option(a), "{a} is one");
        }
        for a in ["--thinlto-jobs=2", "-o", "cache-dir"] {
            assert!(!thinlto_cache_option(a), "{a} is not one");
        }
    }
}
