//! What the runtime's integration tests share: a fresh JSON report log
//! for this process, and its reports read back; the tables they register.

use std::path::{Path, PathBuf};

use aliaskit_core::sanitize::table::{
    Access, Domain, FunctionTable, List, ModuleTable, Point, Scope, Site,
};

/// Points the runtime's report log at a fresh file (per test binary and
/// process), with the summary line and symbolizing off; returns its path.
/// Call before the first entry point: options are read once a process.
pub fn fresh_log(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("aliaskit-rt-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("log.jsonl");
    let _ = std::fs::remove_file(&log);
    std::env::set_var("ALIASKIT_SANITIZE_LOG", &log);
    std::env::set_var("ALIASKIT_SANITIZE_OPTIONS", "print_summary=0:symbolize=0");
    log
}

/// A site of a test table: instruction `inst`, at line 10 + `line` of
/// `file`, in the scope lists `scopes` and `noalias`.
pub fn site(
    file: &str,
    line: u32,
    inst: u32,
    part: &str,
    access: Access,
    scopes: u32,
    noalias: u32,
) -> Site<'static> {
    Site {
        instruction: format!("instruction {inst}").into(),
        location: vec![format!("{file}:{}:1", 10 + line).into()],
        part: part.to_owned().into(),
        access,
        scopes: Some(scopes),
        noalias: Some(noalias),
        instruction_index: inst,
    }
}

/// The table of module `module` (encoded) with one function, `g` (key
/// 42): its `sites`, and two parameters p and q with a scope each (made by
/// `scope` from the name) in the domain `domain` and a list each, {p} (0)
/// and {q} (1).
pub fn table_of_g(
    module: &str,
    domain: &str,
    sites: Vec<Site<'static>>,
    scope: impl Fn(&str) -> Scope<'static>,
) -> Vec<u8> {
    let list = |s: u32, text: &'static str| List {
        content: 100 + s as u64,
        scopes: vec![s],
        text: text.into(),
    };
    ModuleTable {
        module: module.to_owned().into(),
        point: Point::End,
        functions: vec![FunctionTable {
            name: "g".into(),
            key: 42,
            sites,
            lists: vec![list(0, "{p}"), list(1, "{q}")],
            scopes: vec![scope("p"), scope("q")],
            domains: vec![Domain {
                name: domain.to_owned().into(),
            }],
        }],
    }
    .encode()
}

/// The reports of the log so far, one JSON object a line.
pub fn reports(log: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}
