//! After the search: the selection that repairs the program.
//!
//! The culprits are the decisions that, kept alone, break the program. But
//! with every other decision kept, dropping them may not be enough: one
//! claim can stand behind several decisions about the same two accesses
//! (a scope list decided one way, then the other; the pair's TBAA tags),
//! each asked only once the one before it answers MayAlias. So the driver
//! runs COMMAND with every decision kept but the culprits; while it still
//! fails, it also drops the kept decisions of that run's log about the
//! culprits' accesses ([`LogRecord::same_accesses`]; each decision as that
//! run first asked it), and tries again.
//!
//! The search's logs hold brief records; these runs name the culprits'
//! functions in `ALIASKIT_BISECT_RECORDS`, so that their decisions (the
//! culprits', and those `same_accesses` compares them with) get full
//! records. A culprit whose decision these runs did not make has its full
//! record from the search's confirmation, which kept it by id and so
//! recorded its function too.

use std::collections::BTreeSet;

use aliaskit_core::bisect::Tester;
use aliaskit_core::decision::{DecisionId, LogRecord, RecordedFunctions, Selection, Suffix, Term};
use anyhow::Result;
use serde::Serialize;

use super::Runner;

/// At most this many runs (each adds what the last one still asked).
const ROUNDS: usize = 4;

/// What dropping the culprits' claims did.
#[derive(Clone, Debug, Serialize)]
pub struct Repair {
    /// `ALIASKIT_BISECT`'s value: every decision but `dropped`.
    pub selection: String,
    /// The culprits, then the decisions found about their accesses.
    pub dropped: Vec<DecisionId>,
    /// Whether COMMAND passed under `selection`.
    pub passes: bool,
}

/// Every decision but `dropped`.
fn all_but(dropped: &[DecisionId]) -> Selection {
    Selection {
        keep: vec![Term::Suffix(Suffix::ALL)],
        except: dropped.iter().map(|&id| Term::Id(id)).collect(),
    }
}

/// The culprits' functions, as `ALIASKIT_BISECT_RECORDS` names them; None
/// (every record full) when one of the names cannot be written there.
pub(super) fn functions(runner: &Runner, culprits: &[DecisionId]) -> Option<RecordedFunctions> {
    let names: Vec<&str> = culprits
        .iter()
        .filter_map(|id| runner.records.get(id))
        .map(|(r, _)| r.function.as_str())
        .collect();
    names
        .iter()
        .all(|n| RecordedFunctions::can_name(n))
        .then(|| names.iter().map(|n| n.to_string()).collect())
}

pub(super) fn repair(runner: &mut Runner, culprits: &[DecisionId]) -> Result<Repair> {
    runner.recorded = functions(runner, culprits);
    let is_culprit = |r: &LogRecord| culprits.contains(&r.id);
    // The culprits' accesses: as first asked in the search, and in each
    // repair run (a decision's first query can differ between runs).
    let mut targets: Vec<LogRecord> = culprits
        .iter()
        .filter_map(|id| runner.records.get(id).map(|(r, _)| r.clone()))
        .collect();
    let mut dropped = culprits.to_vec();
    for _ in 0..ROUNDS {
        let selection = all_but(&dropped);
        let seen = runner.run(&selection)?;
        if !seen.failed {
            return Ok(Repair {
                selection: selection.to_string(),
                dropped,
                passes: true,
            });
        }
        targets.extend(runner.last.iter().filter(|r| is_culprit(r)).cloned());
        let more: BTreeSet<DecisionId> = runner
            .last
            .iter()
            .filter(|r| selection.keeps(r.id))
            .filter(|r| targets.iter().any(|t| t.same_accesses(r)))
            .map(|r| r.id)
            .collect();
        if more.is_empty() {
            break;
        }
        dropped.extend(more);
    }
    Ok(Repair {
        selection: all_but(&dropped).to_string(),
        dropped,
        passes: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_selection_keeps_all_but_the_dropped() {
        let s = all_but(&[DecisionId(0xab), DecisionId(0xcd)]);
        assert!(s.keeps(DecisionId(0x12)));
        assert!(!s.keeps(DecisionId(0xab)) && !s.keeps(DecisionId(0xcd)));
        assert_eq!(
            s.to_string(),
            format!("y -x{} -x{}", DecisionId(0xab), DecisionId(0xcd))
        );
    }
}
