//! Suppressions files, in compiler-rt's format
//! (`sanitizer_common/sanitizer_suppressions`).
//!
//! One rule a line, `type:pattern`; leading and trailing blanks are
//! ignored, as are blank lines and lines starting with `#`. The types are
//! `scoped-noalias`, `noalias-argument`, `tbaa`, `tbaa-per-call` (the kinds
//! of report) and `*`
//! (any kind). The pattern is everything after the first `:` (so it may
//! hold `::`).
//!
//! A pattern matches a string as compiler-rt's `TemplateMatch` does:
//! unanchored it matches any substring; `^` at its start anchors it at the
//! start of the string, `$` at its end at the end; `*` matches any run of
//! characters (possibly empty). `^` elsewhere than first, `$` elsewhere
//! than last, and every other character (`?` included) are literal. An
//! empty string is never matched. Unlike compiler-rt's, the matcher is
//! exact: `foo$` matches `foofoo` (compiler-rt's leftmost search misses
//! it).

use std::path::Path;

/// The suppression types, besides `*`.
pub const KINDS: &[&str] = &[
    "scoped-noalias",
    "noalias-argument",
    "tbaa",
    "tbaa-per-call",
];

#[derive(Clone, Debug, PartialEq, Eq)]
struct Rule {
    kind: String,
    pattern: String,
    hits: u64,
}

/// The rules of a suppressions file, in file order, with a hit count each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Suppressions {
    rules: Vec<Rule>,
}

impl Suppressions {
    /// No rules.
    pub fn new() -> Suppressions {
        Suppressions::default()
    }

    /// Parses the text of a suppressions file. The error names the
    /// (1-based) line number and the line.
    pub fn parse(text: &str) -> Result<Suppressions, String> {
        let mut rules = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |why: &str| format!("suppressions line {}: {why}: `{raw}`", index + 1);
            let Some((kind, pattern)) = line.split_once(':') else {
                return Err(bad("expected `type:pattern`"));
            };
            let (kind, pattern) = (kind.trim(), pattern.trim());
            if kind != "*" && !KINDS.contains(&kind) {
                return Err(bad(&format!(
                    "unknown suppression type `{kind}` (expected {}, or *)",
                    KINDS.join(", ")
                )));
            }
            if pattern.is_empty() {
                return Err(bad("empty pattern (write `*` to match everything)"));
            }
            rules.push(Rule {
                kind: kind.to_string(),
                pattern: pattern.to_string(),
                hits: 0,
            });
        }
        Ok(Suppressions { rules })
    }

    /// Reads and parses a suppressions file. As in compiler-rt, a relative
    /// path that does not exist from the current directory is tried next to
    /// the executable.
    pub fn load(path: &str) -> Result<Suppressions, String> {
        let mut file = std::path::PathBuf::from(path);
        if file.is_relative() && !file.exists() {
            if let Some(dir) = std::fs::read_link("/proc/self/exe")
                .ok()
                .and_then(|exe| exe.parent().map(Path::to_path_buf))
            {
                let beside = dir.join(path);
                if beside.exists() {
                    file = beside;
                }
            }
        }
        let bytes = std::fs::read(&file)
            .map_err(|e| format!("cannot read suppressions file `{path}`: {e}"))?;
        Suppressions::parse(&String::from_utf8_lossy(&bytes))
            .map_err(|e| format!("{}: {e}", file.display()))
    }

    /// The number of rules.
    pub fn len(&self) -> usize {
        self.rules.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// Rule `rule` as (type, pattern).
    pub fn rule(&self, rule: usize) -> Option<(&str, &str)> {
        self.rules
            .get(rule)
            .map(|r| (r.kind.as_str(), r.pattern.as_str()))
    }

    /// The index of the first rule whose type is `kind` or `*` and whose
    /// pattern matches one of `candidates` (the strings a report offers:
    /// function names, LLVM's and demangled, source file paths, the
    /// decision id in hex). Does not count a hit: see [`Suppressions::hit`].
    pub fn matches(&self, kind: &str, candidates: &[&str]) -> Option<usize> {
        self.rules.iter().position(|r| {
            (r.kind == "*" || r.kind == kind)
                && candidates.iter().any(|c| pattern_matches(&r.pattern, c))
        })
    }

    /// Counts one use of rule `rule` (out of range: ignored).
    pub fn hit(&mut self, rule: usize) {
        if let Some(r) = self.rules.get_mut(rule) {
            r.hits = r.hits.saturating_add(1);
        }
    }

    /// The rules used at least once, in file order, as (`type:pattern`,
    /// hits), for the summary (TSan prints them as `hits type:pattern`).
    pub fn hits(&self) -> Vec<(String, u64)> {
        self.rules
            .iter()
            .filter(|r| r.hits > 0)
            .map(|r| (format!("{}:{}", r.kind, r.pattern), r.hits))
            .collect()
    }
}

/// Whether `pattern` matches `text` (see the module documentation).
pub fn pattern_matches(pattern: &str, text: &str) -> bool {
    if text.is_empty() {
        return false;
    }
    let (anchored_start, body) = match pattern.strip_prefix('^') {
        Some(rest) => (true, rest),
        None => (false, pattern),
    };
    let (anchored_end, body) = match body.strip_suffix('$') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    let pieces: Vec<&str> = body.split('*').collect();
    // With no `*`, pieces == [body]; with k stars, k + 1 pieces (maybe
    // empty). Unanchored ends act as a `*` there.
    let last = pieces.len() - 1;
    let mut rest = text;
    for (i, piece) in pieces.iter().enumerate() {
        let fixed_start = i == 0 && anchored_start;
        let fixed_end = i == last && anchored_end;
        match (fixed_start, fixed_end) {
            (true, true) => return rest == *piece,
            (true, false) => match rest.strip_prefix(piece) {
                Some(r) => rest = r,
                None => return false,
            },
            // The last piece, anchored at the end, must be a suffix of what
            // the earlier pieces left.
            (false, true) => return rest.ends_with(piece),
            // The leftmost occurrence leaves the most room to later pieces.
            (false, false) => match rest.find(piece) {
                Some(at) => rest = &rest[at + piece.len()..],
                None => return false,
            },
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pattern_table() {
        // (pattern, text, matches)
        let table: &[(&str, &str, bool)] = &[
            ("foo", "foo", true),
            ("foo", "xfooy", true),
            ("foo", "fo", false),
            ("foo", "", false),
            ("*", "", false),
            ("*", "x", true),
            ("^foo", "foobar", true),
            ("^foo", "barfoo", false),
            ("foo$", "barfoo", true),
            ("foo$", "foobar", false),
            ("foo$", "foofoo", true),
            ("^foo$", "foo", true),
            ("^foo$", "foox", false),
            ("^foo$", "xfoo", false),
            ("f*o", "fxxo", true),
            ("f*o", "of", false),
            ("^f*o$", "fo", true),
            ("^f*o$", "fxo", true),
            ("^f*o$", "fxox", false),
            ("^a*b*c$", "abc", true),
            ("^a*b*c$", "aXbYc", true),
            ("^a*b*c$", "acb", false),
            ("^ab*ba$", "aba", false),
            ("^ab*ba$", "abba", true),
            ("a*a$", "aa", true),
            ("a*a$", "a", false),
            ("^*", "x", true),
            ("*$", "x", true),
            ("^$", "x", false),
            ("^**$", "x", true),
            ("scale", "scale(float*, float const*, int)", true),
            ("^scale(", "scale(float*, float const*, int)", true),
            ("ns::*::run", "ns::Tensor<float>::run()", true),
            ("ns::*::run$", "ns::Tensor<float>::run()", false),
            ("/third_party/", "/src/third_party/blas/gemm.c", true),
            ("^/src/*.c$", "/src/third_party/blas/gemm.c", true),
            ("^/src/*.c$", "/src/third_party/blas/gemm.cc", false),
            ("f?o", "foo", false),
            ("f?o", "f?o", true),
            ("a$b", "xa$by", true),
            ("a^b", "a^b", true),
            ("0x1f", "0x1f2", true),
            ("^0x1f$", "0x1f2", false),
            ("é*ü", "aéxüb", true),
        ];
        for &(pattern, text, want) in table {
            assert_eq!(
                pattern_matches(pattern, text),
                want,
                "pattern `{pattern}` on `{text}`"
            );
        }
    }

    #[test]
    fn parse_file() {
        let s = Suppressions::parse(
            "# a comment\n\
             \n\
             scoped-noalias:scale\n\
             \t  noalias-argument:^ns::f$  \r\n\
             *:/third_party/\n\
             scoped-noalias : ^Vec::push\n\
             scoped-noalias:a::b:c\n",
        )
        .unwrap();
        assert_eq!(s.len(), 5);
        assert_eq!(s.rule(0), Some(("scoped-noalias", "scale")));
        assert_eq!(s.rule(1), Some(("noalias-argument", "^ns::f$")));
        assert_eq!(s.rule(2), Some(("*", "/third_party/")));
        assert_eq!(s.rule(3), Some(("scoped-noalias", "^Vec::push")));
        assert_eq!(s.rule(4), Some(("scoped-noalias", "a::b:c")));
        assert_eq!(s.rule(5), None);
        assert!(Suppressions::parse("").unwrap().is_empty());
        assert!(Suppressions::parse("\n  # x\n\n").unwrap().is_empty());
    }

    #[test]
    fn parse_errors_name_the_line() {
        let table: &[(&str, &str)] = &[
            ("scoped-noalias:ok\nnocolon\n", "line 2"),
            ("race:foo", "line 1"),
            ("\n\nscoped-noalias:\n", "line 3"),
            ("Scoped-noalias:x", "line 1"),
            (":x", "line 1"),
        ];
        for &(text, line) in table {
            let err = Suppressions::parse(text).unwrap_err();
            assert!(err.contains(line), "{text:?}: {err}");
            let bad = text.lines().nth(line[5..].parse::<usize>().unwrap() - 1);
            assert!(err.contains(bad.unwrap()), "{text:?}: {err}");
        }
    }

    #[test]
    fn first_matching_rule_of_the_kind() {
        let s = Suppressions::parse(
            "noalias-argument:scale\n\
             scoped-noalias:^gemm\n\
             *:blas/\n\
             scoped-noalias:scale\n",
        )
        .unwrap();
        assert_eq!(s.matches("noalias-argument", &["scale"]), Some(0));
        assert_eq!(s.matches("scoped-noalias", &["scale"]), Some(3));
        assert_eq!(s.matches("scoped-noalias", &["xgemm"]), None);
        assert_eq!(s.matches("scoped-noalias", &["gemm_kernel"]), Some(1));
        assert_eq!(
            s.matches("scoped-noalias", &["kernel", "/src/blas/k.c"]),
            Some(2)
        );
        assert_eq!(s.matches("other-kind", &["/src/blas/k.c"]), Some(2));
        assert_eq!(s.matches("other-kind", &["scale"]), None);
        assert_eq!(s.matches("scoped-noalias", &[]), None);
        assert_eq!(s.matches("scoped-noalias", &[""]), None);
        // Among candidates, the rule order decides.
        assert_eq!(
            s.matches("scoped-noalias", &["scale", "gemm"]),
            Some(1),
            "rule 1 matches `gemm` before rule 3 matches `scale`"
        );
    }

    #[test]
    fn hit_counts() {
        let mut s = Suppressions::parse("*:a\nscoped-noalias:b\n*:c\n").unwrap();
        assert!(s.hits().is_empty());
        s.hit(2);
        s.hit(0);
        s.hit(2);
        s.hit(99);
        assert_eq!(
            s.hits(),
            vec![("*:a".to_string(), 1), ("*:c".to_string(), 2)]
        );
    }

    #[test]
    fn load_reports_missing_files() {
        let err = Suppressions::load("/nonexistent/aliaskit.supp").unwrap_err();
        assert!(err.contains("/nonexistent/aliaskit.supp"), "{err}");
    }
}
