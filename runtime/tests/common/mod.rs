//! What the runtime's integration tests share: a fresh JSON report log
//! for this process, and its reports read back.

use std::path::{Path, PathBuf};

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

/// The reports of the log so far, one JSON object a line.
pub fn reports(log: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect()
}
