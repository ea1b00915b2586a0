//! `ALIASKIT_BISECT_RECORDS`: which functions' decisions get a full log
//! record ([`super::LogRecord`] with its [`super::Detail`]).
//!
//! Unset, every decision does. Set, only the decisions made in the
//! functions it names do; every other decision gets a brief record (no
//! sides, no why), which costs the plugin nothing to write. The value is
//! function names (as LLVM names them, without `@`) separated by commas
//! or white space; an empty value names none. `aliaskit bisect` sets it
//! empty while it narrows, and to the culprits' functions after.

use std::collections::BTreeSet;
use std::fmt;

/// The functions `ALIASKIT_BISECT_RECORDS` names.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordedFunctions(BTreeSet<String>);

impl RecordedFunctions {
    /// The names in `text`, separated by commas or white space.
    pub fn parse(text: &str) -> RecordedFunctions {
        RecordedFunctions(
            text.split(|c: char| c == ',' || c.is_whitespace())
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect(),
        )
    }

    /// Whether decisions made in `function` get full records.
    pub fn contains(&self, function: &str) -> bool {
        self.0.contains(function)
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether the list can name `function`: not empty, without commas or
    /// white space, and not read as `@FILE` when it comes first.
    pub fn can_name(function: &str) -> bool {
        !function.is_empty()
            && !function.starts_with('@')
            && !function.contains(|c: char| c == ',' || c.is_whitespace())
    }
}

impl FromIterator<String> for RecordedFunctions {
    fn from_iter<I: IntoIterator<Item = String>>(names: I) -> RecordedFunctions {
        RecordedFunctions(names.into_iter().filter(|n| !n.is_empty()).collect())
    }
}

/// The value that names these functions (for names [`RecordedFunctions::can_name`]).
impl fmt::Display for RecordedFunctions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, name) in self.0.iter().enumerate() {
            if k > 0 {
                f.write_str(",")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_split_on_commas_and_white_space() {
        let r = RecordedFunctions::parse(" f, _ZN3foo3barE\tg\n,,h ");
        for name in ["f", "_ZN3foo3barE", "g", "h"] {
            assert!(r.contains(name), "{name}");
        }
        assert!(!r.contains("") && !r.contains("f,"));
        assert_eq!(r.to_string(), "_ZN3foo3barE,f,g,h");
        assert_eq!(RecordedFunctions::parse(&r.to_string()), r);
        assert!(RecordedFunctions::parse("").is_empty());
        assert!(RecordedFunctions::parse(" , ").is_empty());
    }

    #[test]
    fn a_list_names_what_it_can() {
        let r: RecordedFunctions = ["reset".to_owned(), String::new(), "main".to_owned()]
            .into_iter()
            .collect();
        assert_eq!(r.to_string(), "main,reset");
        assert!(RecordedFunctions::can_name(
            "_ZN4core3ptr13drop_in_place17h0123456789abcdefE"
        ));
        for bad in ["", "a b", "a,b", "@file", "tab\there"] {
            assert!(!RecordedFunctions::can_name(bad), "{bad:?}");
        }
    }
}
