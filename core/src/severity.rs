//! How bad a finding is: one scale for the verifier's findings and for
//! check-captures'.

use std::fmt;

/// An error is definite (the metadata is wrong; the claim is false); a
/// warning is possible or questionable.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        })
    }
}
