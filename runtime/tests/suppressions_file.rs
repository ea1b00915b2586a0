//! `Suppressions::load` on real files.

use aliaskit_rt::suppressions::Suppressions;
use std::path::PathBuf;

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("aliaskit-rt-{}-{name}.supp", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn loads_a_file_and_counts_hits() {
    let path = temp_file(
        "good",
        "# third-party code\n\
         *:/third_party/\n\
         scoped-noalias:^scale$\n\
         noalias-argument:0x2a\n",
    );
    let mut s = Suppressions::load(path.to_str().unwrap()).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(s.len(), 3);
    let report = ["scale", "_Z5scalePfPKfi", "/src/k.c", "0x2a"];
    let rule = s.matches("scoped-noalias", &report).unwrap();
    assert_eq!(rule, 1);
    s.hit(rule);
    let rule = s.matches("noalias-argument", &report).unwrap();
    assert_eq!(rule, 2);
    s.hit(rule);
    s.hit(rule);
    assert_eq!(s.matches("noalias-argument", &["other"]), None);
    assert_eq!(
        s.hits(),
        vec![
            ("scoped-noalias:^scale$".to_string(), 1),
            ("noalias-argument:0x2a".to_string(), 2)
        ]
    );
}

#[test]
fn a_bad_file_names_path_and_line() {
    let path = temp_file("bad", "scoped-noalias:ok\n\nrace:foo\n");
    let err = Suppressions::load(path.to_str().unwrap()).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert!(err.contains(path.to_str().unwrap()), "{err}");
    assert!(err.contains("line 3"), "{err}");
    assert!(err.contains("race:foo"), "{err}");
}

#[test]
fn a_missing_file_is_an_error() {
    let err = Suppressions::load("no-such-dir/aliaskit-missing.supp").unwrap_err();
    assert!(err.contains("aliaskit-missing.supp"), "{err}");
}
