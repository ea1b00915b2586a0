//! Run-time options of `aliaskit sanitize`, read from
//! `ALIASKIT_SANITIZE_OPTIONS` in the sanitizers' syntax.
//!
//! The syntax is compiler-rt's (`sanitizer_common/sanitizer_flag_parser`):
//! `key=value` pairs separated by any run of ' ', ',', ':', '\t', '\n' or
//! '\r'; a value may be quoted with `'` or `"` (the quotes are removed and
//! the value may then hold separators); a later pair overrides an earlier
//! one. Booleans accept `1`/`0`, `true`/`false`, `yes`/`no` (any case);
//! integers are decimal (or hexadecimal with `0x`). Where compiler-rt
//! stops the program on a malformed string, this parser returns one warning
//! per problem (an unknown key, a bad value, a pair without `=`, an
//! unterminated quote) and otherwise ignores it: it never panics.

/// Name of the environment variable holding the options.
pub const ENV_VAR: &str = "ALIASKIT_SANITIZE_OPTIONS";

/// The run-time options; see [`Options::default`] for the defaults.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Stop the program (with `exitcode`) after the first report.
    pub halt_on_error: bool,
    /// Exit status when a report was made (at the first one with
    /// `halt_on_error`, otherwise at exit).
    pub exitcode: i32,
    /// Where reports go: `None` or `"stderr"` for standard error,
    /// `"stdout"` for standard output, otherwise the prefix of a file name
    /// (see [`Options::log_file_name`]).
    pub log_path: Option<String>,
    /// Path of a suppressions file.
    pub suppressions: Option<String>,
    /// Print the `SUMMARY:` line at exit.
    pub print_summary: bool,
    /// Symbolize the call stacks of reports (with llvm-symbolizer).
    pub symbolize: bool,
    /// Path (or name looked up on `PATH`) of llvm-symbolizer.
    pub external_symbolizer_path: Option<String>,
    /// Per frame, the entries of the access log kept before the oldest
    /// ones are dropped. At least 1.
    pub max_log_entries: usize,
    /// Diagnostic output of the runtime itself: 0 (none) and up.
    pub verbosity: u32,
    /// `--tbaa`: store ids given to (per-call store site, call instance)
    /// pairs at most (about 130 bytes each); beyond, a per-call store
    /// writes its site's id, and a hit on its bytes no longer tells one
    /// call from two (kind `tbaa-per-call`).
    pub max_per_call_ids: usize,
    /// `--tbaa`: let the program skip the runtime for bytes whose store a
    /// site was checked against before (off: every tagged access calls it,
    /// and the summary counts every tagged load).
    pub tbaa_fast_path: bool,
    /// For the runtime's own tests: a panic when the first module's table
    /// is read, so that the catch (the runtime turns itself off, the
    /// program runs on) and the unwinder it needs are exercised.
    pub test_internal_error: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            halt_on_error: false,
            exitcode: 66,
            log_path: None,
            suppressions: None,
            print_summary: true,
            symbolize: true,
            external_symbolizer_path: None,
            max_log_entries: 1 << 20,
            verbosity: 0,
            max_per_call_ids: 1 << 16,
            tbaa_fast_path: true,
            test_internal_error: false,
        }
    }
}

/// Where reports are written; see [`Options::log_target`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogTarget {
    Stderr,
    Stdout,
    /// A file name (`<log_path>.<pid>`).
    File(String),
}

/// The keys [`Options::parse`] knows, in the order of the struct.
pub const KEYS: &[&str] = &[
    "halt_on_error",
    "exitcode",
    "log_path",
    "suppressions",
    "print_summary",
    "symbolize",
    "external_symbolizer_path",
    "max_log_entries",
    "verbosity",
    "max_per_call_ids",
    "tbaa_fast_path",
    "test_internal_error",
];

/// compiler-rt's `FlagParser::is_space`.
fn is_separator(c: char) -> bool {
    matches!(c, ' ' | ',' | ':' | '\n' | '\t' | '\r')
}

fn parse_bool(value: &str) -> Option<bool> {
    const TRUE: [&str; 3] = ["1", "true", "yes"];
    const FALSE: [&str; 3] = ["0", "false", "no"];
    if TRUE.iter().any(|t| value.eq_ignore_ascii_case(t)) {
        Some(true)
    } else if FALSE.iter().any(|f| value.eq_ignore_ascii_case(f)) {
        Some(false)
    } else {
        None
    }
}

/// A decimal or `0x` hexadecimal integer with an optional sign, as i128 so
/// that range checks are the caller's.
fn parse_int(value: &str) -> Option<i128> {
    let (negative, digits) = match value.as_bytes().first() {
        Some(b'-') => (true, &value[1..]),
        Some(b'+') => (false, &value[1..]),
        _ => (false, value),
    };
    let (radix, digits) = match digits.get(..2) {
        Some("0x") | Some("0X") => (16, &digits[2..]),
        _ => (10, digits),
    };
    // from_str_radix would accept a second sign.
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    let magnitude = i128::from_str_radix(digits, radix).ok()?;
    Some(if negative { -magnitude } else { magnitude })
}

fn string_value(value: &str) -> Option<String> {
    if value.is_empty() {
        None
    } else {
        Some(value.to_string())
    }
}

impl Options {
    /// Parses `text` in the sanitizers' syntax over the defaults. Returns
    /// the options and one warning per ignored problem.
    pub fn parse(text: &str) -> (Options, Vec<String>) {
        let mut options = Options::default();
        let mut warnings = Vec::new();
        options.apply(text, &mut warnings);
        (options, warnings)
    }

    /// [`Options::parse`] of `ALIASKIT_SANITIZE_OPTIONS` (defaults if it is
    /// not set; a value that is not UTF-8 is read lossily).
    pub fn from_env() -> (Options, Vec<String>) {
        match std::env::var_os(ENV_VAR) {
            Some(value) => Options::parse(&value.to_string_lossy()),
            None => (Options::default(), Vec::new()),
        }
    }

    /// Parses `text` over `self` (a later string overrides an earlier one,
    /// as compiler-rt's default options and the environment do).
    pub fn apply(&mut self, text: &str, warnings: &mut Vec<String>) {
        let mut rest = text;
        loop {
            rest = rest.trim_start_matches(is_separator);
            if rest.is_empty() {
                break;
            }
            // The name runs up to '=' or a separator.
            let name_end = rest
                .find(|c: char| c == '=' || is_separator(c))
                .unwrap_or(rest.len());
            let name = &rest[..name_end];
            rest = &rest[name_end..];
            let Some(after_eq) = rest.strip_prefix('=') else {
                warnings.push(format!(
                    "option `{name}` has no value: expected `{name}=VALUE` (ignored)"
                ));
                continue;
            };
            let value;
            match after_eq.chars().next() {
                Some(quote @ ('\'' | '"')) => {
                    let body = &after_eq[1..];
                    match body.find(quote) {
                        Some(end) => {
                            value = &body[..end];
                            rest = &body[end + 1..];
                        }
                        None => {
                            warnings.push(format!(
                                "unterminated quoted value of option `{name}` (ignored)"
                            ));
                            break;
                        }
                    }
                }
                _ => {
                    let end = after_eq.find(is_separator).unwrap_or(after_eq.len());
                    value = &after_eq[..end];
                    rest = &after_eq[end..];
                }
            }
            if name.is_empty() {
                warnings.push(format!("value `{value}` without an option name (ignored)"));
                continue;
            }
            if let Err(message) = self.set(name, value) {
                warnings.push(message);
            }
        }
    }

    /// Sets one option from its text; the error is the warning to show.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        fn bad(name: &str, value: &str, expected: &str) -> String {
            format!("bad value `{value}` for option `{name}`: expected {expected} (ignored)")
        }
        const BOOL: &str = "1/0/true/false/yes/no";
        match name {
            "halt_on_error"
            | "print_summary"
            | "symbolize"
            | "tbaa_fast_path"
            | "test_internal_error" => {
                let b = parse_bool(value).ok_or_else(|| bad(name, value, BOOL))?;
                match name {
                    "halt_on_error" => self.halt_on_error = b,
                    "print_summary" => self.print_summary = b,
                    "symbolize" => self.symbolize = b,
                    "tbaa_fast_path" => self.tbaa_fast_path = b,
                    _ => self.test_internal_error = b,
                }
            }
            "exitcode" => {
                self.exitcode = parse_int(value)
                    .and_then(|v| i32::try_from(v).ok())
                    .ok_or_else(|| bad(name, value, "a 32-bit integer"))?;
            }
            "max_log_entries" => {
                self.max_log_entries = parse_int(value)
                    .and_then(|v| usize::try_from(v).ok())
                    .filter(|&v| v >= 1)
                    .ok_or_else(|| bad(name, value, "a positive integer"))?;
            }
            "max_per_call_ids" => {
                self.max_per_call_ids = parse_int(value)
                    .and_then(|v| usize::try_from(v).ok())
                    .ok_or_else(|| bad(name, value, "a non-negative integer"))?;
            }
            "verbosity" => {
                self.verbosity = parse_int(value)
                    .and_then(|v| u32::try_from(v).ok())
                    .ok_or_else(|| bad(name, value, "a non-negative integer"))?;
            }
            "log_path" => self.log_path = string_value(value),
            "suppressions" => self.suppressions = string_value(value),
            "external_symbolizer_path" => self.external_symbolizer_path = string_value(value),
            _ => {
                return Err(format!(
                    "unknown option `{name}` (ignored); known options: {}",
                    KEYS.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// Where reports go for process `pid`.
    pub fn log_target(&self, pid: u32) -> LogTarget {
        match self.log_path.as_deref() {
            None | Some("") | Some("stderr") => LogTarget::Stderr,
            Some("stdout") => LogTarget::Stdout,
            Some(path) => LogTarget::File(format!("{path}.{pid}")),
        }
    }

    /// The log file of process `pid`, as the sanitizers name it:
    /// `None` for standard error (no `log_path`, or `log_path=stderr`),
    /// `Some("stdout")` for standard output (`log_path=stdout`; no file
    /// name is ever `stdout`, since files end in `.<pid>`), otherwise
    /// `Some("<log_path>.<pid>")`.
    pub fn log_file_name(&self, pid: u32) -> Option<String> {
        match self.log_target(pid) {
            LogTarget::Stderr => None,
            LogTarget::Stdout => Some("stdout".to_string()),
            LogTarget::File(name) => Some(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults() {
        let o = Options::default();
        assert!(!o.halt_on_error);
        assert_eq!(o.exitcode, 66);
        assert_eq!(o.log_path, None);
        assert_eq!(o.suppressions, None);
        assert!(o.print_summary);
        assert!(o.symbolize);
        assert_eq!(o.external_symbolizer_path, None);
        assert_eq!(o.max_log_entries, 1 << 20);
        assert_eq!(o.verbosity, 0);
        assert_eq!(o.max_per_call_ids, 1 << 16);
        assert!(o.tbaa_fast_path);
        assert_eq!(Options::parse(""), (Options::default(), vec![]));
        assert_eq!(Options::parse(" :,\n\t"), (Options::default(), vec![]));
    }

    #[test]
    fn every_key() {
        let (o, w) = Options::parse(
            "halt_on_error=1:exitcode=-3:log_path=/tmp/log:suppressions=/s.supp:\
             print_summary=false:symbolize=no:external_symbolizer_path=/x/llvm-symbolizer:\
             max_log_entries=0x100:verbosity=2:max_per_call_ids=0:tbaa_fast_path=0",
        );
        assert_eq!(w, Vec::<String>::new());
        assert!(o.halt_on_error);
        assert_eq!(o.exitcode, -3);
        assert_eq!(o.log_path.as_deref(), Some("/tmp/log"));
        assert_eq!(o.suppressions.as_deref(), Some("/s.supp"));
        assert!(!o.print_summary);
        assert!(!o.symbolize);
        assert_eq!(
            o.external_symbolizer_path.as_deref(),
            Some("/x/llvm-symbolizer")
        );
        assert_eq!(o.max_log_entries, 256);
        assert_eq!(o.max_per_call_ids, 0);
        assert_eq!(o.verbosity, 2);
        assert!(!o.tbaa_fast_path);
    }

    #[test]
    fn separators_and_quotes() {
        let (o, w) = Options::parse(
            "  halt_on_error=true, exitcode=3\n\tlog_path='/tmp/a b:c' suppressions=\"x,y\"",
        );
        assert!(w.is_empty(), "{w:?}");
        assert!(o.halt_on_error);
        assert_eq!(o.exitcode, 3);
        assert_eq!(o.log_path.as_deref(), Some("/tmp/a b:c"));
        assert_eq!(o.suppressions.as_deref(), Some("x,y"));
        // A quoted value ends at its quote; the next pair may follow at once.
        let (o, w) = Options::parse("log_path='p'exitcode=5");
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(o.log_path.as_deref(), Some("p"));
        assert_eq!(o.exitcode, 5);
        // A quote inside an unquoted value is just a character.
        let (o, _) = Options::parse("log_path=a'b");
        assert_eq!(o.log_path.as_deref(), Some("a'b"));
    }

    #[test]
    fn booleans() {
        for (text, want) in [
            ("1", true),
            ("0", false),
            ("true", true),
            ("false", false),
            ("yes", true),
            ("no", false),
            ("TRUE", true),
            ("No", false),
        ] {
            let (o, w) = Options::parse(&format!("halt_on_error={text}"));
            assert!(w.is_empty(), "{text}: {w:?}");
            assert_eq!(o.halt_on_error, want, "{text}");
        }
        for text in ["2", "on", "", "y", "truee"] {
            let (o, w) = Options::parse(&format!("symbolize={text}"));
            assert_eq!(w.len(), 1, "{text}: {w:?}");
            assert!(w[0].contains("symbolize"), "{w:?}");
            assert!(o.symbolize, "{text}: the default stays");
        }
    }

    #[test]
    fn later_pairs_win() {
        let (o, w) = Options::parse("exitcode=1 exitcode=2");
        assert!(w.is_empty());
        assert_eq!(o.exitcode, 2);
        let mut o = Options::default();
        let mut w = Vec::new();
        o.apply("verbosity=1", &mut w);
        o.apply("verbosity=3 log_path=stdout", &mut w);
        assert!(w.is_empty());
        assert_eq!(o.verbosity, 3);
        assert_eq!(o.log_path.as_deref(), Some("stdout"));
    }

    #[test]
    fn warnings_not_panics() {
        let cases: &[(&str, usize, &str)] = &[
            ("frobnicate=1", 1, "unknown option `frobnicate`"),
            ("halt_on_error", 1, "has no value"),
            ("halt_on_error exitcode=4", 1, "has no value"),
            ("=1", 1, "without an option name"),
            ("exitcode=abc", 1, "exitcode"),
            ("exitcode=99999999999", 1, "exitcode"),
            ("exitcode=--1", 1, "exitcode"),
            ("exitcode=", 1, "exitcode"),
            ("verbosity=-1", 1, "verbosity"),
            ("max_log_entries=0", 1, "max_log_entries"),
            ("max_log_entries=1.5", 1, "max_log_entries"),
            ("log_path='unterminated", 1, "unterminated"),
            ("a=1:b=2:exitcode=x", 3, ""),
            ("é=ü", 1, "unknown option"),
        ];
        for &(text, count, needle) in cases {
            let (_, w) = Options::parse(text);
            assert_eq!(w.len(), count, "{text}: {w:?}");
            assert!(w.iter().any(|m| m.contains(needle)), "{text}: {w:?}");
        }
        // The good pairs around a bad one still count.
        let (o, w) = Options::parse("exitcode=7 bogus verbosity=1");
        assert_eq!(w.len(), 1);
        assert_eq!(o.exitcode, 7);
        assert_eq!(o.verbosity, 1);
    }

    #[test]
    fn empty_strings_are_none() {
        let (o, w) =
            Options::parse("log_path=/x log_path= suppressions='' external_symbolizer_path=\"\"");
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(o.log_path, None);
        assert_eq!(o.suppressions, None);
        assert_eq!(o.external_symbolizer_path, None);
    }

    #[test]
    fn log_file_names() {
        let with = |p: Option<&str>| Options {
            log_path: p.map(str::to_string),
            ..Options::default()
        };
        assert_eq!(with(None).log_file_name(42), None);
        assert_eq!(with(Some("stderr")).log_file_name(42), None);
        assert_eq!(
            with(Some("stdout")).log_file_name(42).as_deref(),
            Some("stdout")
        );
        assert_eq!(
            with(Some("/tmp/as.log")).log_file_name(42).as_deref(),
            Some("/tmp/as.log.42")
        );
        assert_eq!(with(None).log_target(1), LogTarget::Stderr);
        assert_eq!(with(Some("stdout")).log_target(1), LogTarget::Stdout);
        assert_eq!(
            with(Some("r")).log_target(7),
            LogTarget::File("r.7".to_string())
        );
    }

    #[test]
    fn integers() {
        assert_eq!(parse_int("12"), Some(12));
        assert_eq!(parse_int("-12"), Some(-12));
        assert_eq!(parse_int("+0x1f"), Some(31));
        assert_eq!(parse_int("0x"), None);
        assert_eq!(parse_int("-"), None);
        assert_eq!(parse_int("1_000"), None);
        assert_eq!(parse_int(" 1"), None);
    }
}
