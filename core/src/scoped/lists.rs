//! Scope lists read once: a table of rows that answers
//! `mayAliasInScopes` by merging two sorted slices.
//!
//! LLVM answers each question afresh: it collects the domains of the
//! `!noalias` list into a set, then for each domain collects the scopes of
//! both lists in that domain into two more sets and tests one for a subset
//! of the other. With the thousands of lists that inlining `noalias`
//! arguments produces (one domain per inlined call, scopes accumulating
//! with nested inlining), that is most of the cost of a query.
//!
//! Here each scope gets a number within its domain, the first time it is
//! seen, and each list is read the first time it is seen into a row of
//! [`ScopeLists`]: its scopes that have a domain as a set of bits per
//! domain (one 64-bit word per 64 scopes of a domain), sorted by domain;
//! the domains in the order the list first names them; and a 128-bit mask
//! with one bit per domain (hashed). A question is then:
//!
//! 1. the `!noalias` row's failure, if its list cannot be read; "may
//!    alias" if it names no domain;
//! 2. the `!alias.scope` row's failure, if its list cannot be read;
//! 3. "may alias" if the two masks share no bit: no domain of the
//!    `!noalias` list has a scope of the access in it;
//! 4. otherwise one merge of the two rows' words, domain by domain: a
//!    domain whose scopes in the access are all in the `!noalias` list
//!    (`scopes & !noalias == 0` for each of its words) decides "no
//!    alias".
//!
//! For example `!alias.scope {a0 in D0, a1 in D1}` against `!noalias {a0
//! in D0, b0 in D0}`: D1 has no scope in the `!noalias` list, D0's only
//! scope of the access, a0, is in it, so the accesses do not alias.
//!
//! Reads happen in LLVM's order (the `!noalias` list first, the
//! `!alias.scope` list only once a domain is known), so a malformed list
//! is reported exactly when LLVM would read it.

use crate::graph::{Malformed, MetadataGraph, NodeId};
use crate::memo::AnswerMatrix;
use crate::scoped::{scopes_with_domains, ScopedReason};
use crate::span::Span;
use rustc_hash::FxHashMap;

/// A list's row in [`ScopeLists`]: dense, in the order lists are first seen.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ListRef(pub u32);

/// Scopes of one domain: `bits` holds scopes `64 * word ..` of `domain`
/// (numbered in the order they were first seen).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Word {
    /// `domain << 32 | word`: the order of a row's words.
    key: u64,
    bits: u64,
}

/// What steps 1–3 of a question read of a list's row, copied out of the
/// table (24 bytes) so that a caller may keep it beside its own key and
/// ask [`ScopeLists::answer_of`] without finding the row again (see
/// [`ScopeLists::summary`]); the merge of step 4 reads the row.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ListSummary {
    /// One bit per domain, bit `hash(domain) % 128`; every bit for a
    /// list that names no domain or cannot be read (so that it never
    /// answers plainly, see [`ListSummary::plainly_may_alias`]); none for
    /// no list.
    mask: [u64; 2],
    /// The row's number; `u32::MAX` for no list.
    row: u32,
    /// [`ListSummary::READABLE`], [`ListSummary::NO_DOMAIN`], or why the
    /// list cannot be read: an index into `faults` plus
    /// [`ListSummary::FIRST_FAULT`].
    state: u32,
}

impl ListSummary {
    /// No list: steps 1–3 decide "may alias" with it on either side, as
    /// LLVM does for a missing list, before reading the other.
    pub const NONE: ListSummary = ListSummary {
        mask: [0; 2],
        row: u32::MAX,
        state: ListSummary::READABLE,
    };
    const READABLE: u32 = 0;
    const NO_DOMAIN: u32 = 1;
    const FIRST_FAULT: u32 = 2;

    fn is_none(self) -> bool {
        self.row == u32::MAX
    }

    /// Why the list cannot be read: an index into `faults`.
    fn fault(self) -> Option<u32> {
        self.state.checked_sub(Self::FIRST_FAULT)
    }

    /// Whether steps 1–3 answer "may alias" at once for these two lists,
    /// the usual answer: they have no domain bit in common (two readable
    /// lists of which the `!noalias` one has no domain that can cover
    /// `scopes`), or one is missing (LLVM reads neither). A list that
    /// cannot be read or names no domain has every bit, so that it is
    /// answered (and reported) by the steps. One test, without a branch,
    /// so that a caller may ask it of both directions of a question and
    /// branch once.
    #[inline(always)]
    pub fn plainly_may_alias(scopes: ListSummary, noalias: ListSummary) -> bool {
        (scopes.mask[0] & noalias.mask[0]) | (scopes.mask[1] & noalias.mask[1]) == 0
    }
}

impl Default for ListSummary {
    fn default() -> ListSummary {
        ListSummary::NONE
    }
}

#[derive(Copy, Clone, Debug)]
struct ListRow {
    summary: ListSummary,
    /// The list's words in `words`, sorted by key (empty exactly when
    /// the list names no domain or cannot be read).
    words: Span,
    /// The list's domains in the order it first names them, in `domains`.
    domains: Span,
}

/// What steps 1–3 of a question come to (see [`ScopeLists::steps`]).
enum Steps {
    /// A list cannot be read: `faults[.0]`.
    Unreadable(u32),
    Decided(ScopedReason),
    /// The words of the `!alias.scope` and `!noalias` rows are to be
    /// merged.
    Merge,
}

/// The rows of every scope list seen, and the stores they point into.
#[derive(Clone, Debug, Default)]
pub struct ScopeLists {
    rows: Vec<ListRow>,
    /// Indexed by node: the node's row plus one, 0 for none yet.
    row_of: Vec<u32>,
    words: Vec<Word>,
    domains: Vec<NodeId>,
    faults: Vec<Malformed>,
    /// The number of each scope within its domain.
    scope_numbers: FxHashMap<NodeId, u32>,
    /// How many scopes of each domain have a number.
    domain_sizes: FxHashMap<NodeId, u32>,
    /// The answers of [`ScopeLists::may_alias`] by pair of rows.
    answers: AnswerMatrix,
}

/// A domain's bit in the 128-bit masks of the lists that name it: the
/// top 7 bits of a multiplicative hash of its node.
fn domain_bit(domain: NodeId) -> usize {
    (domain.0.wrapping_mul(0x9E37_79B9) >> 25) as usize
}

impl ScopeLists {
    pub fn new() -> ScopeLists {
        ScopeLists::default()
    }

    /// The row of `list`, read on first sight.
    pub fn list(&mut self, g: &MetadataGraph, list: NodeId) -> ListRef {
        let i = list.index();
        if self.row_of.len() <= i {
            self.row_of.resize(g.len().max(i + 1), 0);
        }
        if self.row_of[i] == 0 {
            let mut row = self.read_list(g, list);
            row.summary.row = self.rows.len() as u32;
            self.rows.push(row);
            self.row_of[i] = self.rows.len() as u32;
            // Room for its answers, which the query path remembers
            // without growing the matrix (see `answer_at_hand`).
            self.answers.make_room_for(self.rows.len() as u32 - 1);
        }
        ListRef(self.row_of[i] - 1)
    }

    fn read_list(&mut self, g: &MetadataGraph, list: NodeId) -> ListRow {
        let scopes = match scopes_with_domains(g, list) {
            Ok(scopes) => scopes,
            Err(m) => {
                self.faults.push(m);
                return ListRow {
                    summary: ListSummary {
                        mask: [u64::MAX; 2],
                        row: u32::MAX,
                        state: ListSummary::FIRST_FAULT + self.faults.len() as u32 - 1,
                    },
                    words: Span::default(),
                    domains: Span::default(),
                };
            }
        };
        let domain_start = self.domains.len();
        let mut words: Vec<Word> = Vec::with_capacity(scopes.len());
        let mut mask = [0u64; 2];
        for (scope, domain) in scopes {
            let Some(domain) = domain else { continue };
            let number = self.number(scope, domain);
            let key = (u64::from(domain.0) << 32) | u64::from(number / 64);
            let bit = 1u64 << (number % 64);
            match words.iter_mut().find(|w| w.key == key) {
                Some(w) => w.bits |= bit,
                None => words.push(Word { key, bits: bit }),
            }
            let bit = domain_bit(domain);
            mask[bit / 64] |= 1 << (bit % 64);
            if !self.domains[domain_start..].contains(&domain) {
                self.domains.push(domain);
            }
        }
        words.sort_unstable_by_key(|w| w.key);
        let start = self.words.len();
        self.words.extend_from_slice(&words);
        let (mask, state) = match mask {
            [0, 0] => ([u64::MAX; 2], ListSummary::NO_DOMAIN),
            mask => (mask, ListSummary::READABLE),
        };
        ListRow {
            summary: ListSummary {
                mask,
                row: u32::MAX,
                state,
            },
            words: Span::since(&self.words, start),
            domains: Span::since(&self.domains, domain_start),
        }
    }

    /// The number of `scope` within `domain`, given on first sight. (A
    /// scope's domain is its operand 1, so a scope is in one domain.)
    fn number(&mut self, scope: NodeId, domain: NodeId) -> u32 {
        if let Some(&n) = self.scope_numbers.get(&scope) {
            return n;
        }
        let size = self.domain_sizes.entry(domain).or_insert(0);
        let n = *size;
        *size += 1;
        self.scope_numbers.insert(scope, n);
        n
    }

    #[cold]
    fn fault(&self, fault: u32) -> Malformed {
        self.faults[fault as usize]
    }

    /// The summary of a row of this table (`None` for one it does not
    /// have): what [`ScopeLists::answer_of`] needs of it.
    #[inline]
    pub fn summary(&self, list: ListRef) -> Option<ListSummary> {
        Some(self.rows.get(list.0 as usize)?.summary)
    }

    /// The words of row `row` (`None` for a row this table does not
    /// have). Cannot panic.
    fn words_of(&self, row: u32) -> Option<&[Word]> {
        self.words.get(self.rows.get(row as usize)?.words.range())
    }

    /// Steps 1–3 of the question, on the two rows' summaries alone.
    #[inline(always)]
    fn steps(s: ListSummary, n: ListSummary) -> Steps {
        if s.is_none() || n.is_none() {
            return Steps::Decided(ScopedReason::NoList);
        }
        if let Some(fault) = n.fault() {
            return Steps::Unreadable(fault);
        }
        if n.state == ListSummary::NO_DOMAIN {
            return Steps::Decided(ScopedReason::NoDomain);
        }
        if let Some(fault) = s.fault() {
            return Steps::Unreadable(fault);
        }
        if ListSummary::plainly_may_alias(s, n) {
            return Steps::Decided(ScopedReason::NotCovered);
        }
        Steps::Merge
    }

    /// [`ScopeLists::steps`] of two rows (`None` for a row this table
    /// does not have). Cannot panic.
    #[inline(always)]
    fn steps_of(&self, scopes: ListRef, noalias: ListRef) -> Option<Steps> {
        Some(Self::steps(self.summary(scopes)?, self.summary(noalias)?))
    }

    /// Steps 1–3 of the question: a decision, or the two rows' words to
    /// merge.
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn prepare(
        &self,
        scopes: ListRef,
        noalias: ListRef,
    ) -> Result<Result<(&[Word], &[Word]), ScopedReason>, Malformed> {
        match self.steps_of(scopes, noalias).expect("rows of this table") {
            Steps::Unreadable(fault) => Err(self.fault(fault)),
            Steps::Decided(reason) => Ok(Err(reason)),
            Steps::Merge => Ok(Ok((
                self.words_of(scopes.0).expect("a row of this table"),
                self.words_of(noalias.0).expect("a row of this table"),
            ))),
        }
    }

    /// [`ScopeLists::may_alias`] of two rows whose lists could both be
    /// read ([`ScopeLists::answer_of`] of their summaries); `None` when a
    /// list cannot be read (the caller asks [`ScopeLists::may_alias`],
    /// which reports it) or the table has no such row.
    #[inline(always)]
    pub fn answer_at_hand(&mut self, scopes: ListRef, noalias: ListRef) -> Option<bool> {
        self.answer_of(self.summary(scopes)?, self.summary(noalias)?)
    }

    /// `mayAliasInScopes` of two lists by their summaries (from
    /// [`ScopeLists::summary`] of this table, or [`ListSummary::NONE`]):
    /// steps 1–3, then the remembered answer or the merge (remembered,
    /// the matrix having room for every row made: see
    /// [`ScopeLists::list`]); `None` when a list cannot be read. Cannot
    /// panic (every read is checked, the merge indexes a slice only below
    /// its length, nothing grows), so that the query path may ask it
    /// before its panic guard.
    #[inline(always)]
    pub fn answer_of(&mut self, scopes: ListSummary, noalias: ListSummary) -> Option<bool> {
        if ListSummary::plainly_may_alias(scopes, noalias) {
            debug_assert!(
                matches!(Self::steps(scopes, noalias), Steps::Decided(r) if r.may_alias())
            );
            return Some(true);
        }
        match Self::steps(scopes, noalias) {
            Steps::Unreadable(_) => None,
            Steps::Decided(reason) => Some(reason.may_alias()),
            Steps::Merge => {
                if let Some(may_alias) = self.answers.get(scopes.row, noalias.row) {
                    return Some(may_alias);
                }
                let may_alias =
                    self.merge_answer(self.words_of(scopes.row)?, self.words_of(noalias.row)?);
                self.answers.set_if_room(scopes.row, noalias.row, may_alias);
                Some(may_alias)
            }
        }
    }

    /// Step 4: no domain covers the access's scopes.
    #[inline(never)]
    fn merge_answer(&self, s: &[Word], n: &[Word]) -> bool {
        let covered = some_domain_covered(s, n);
        debug_assert_eq!(covered, Covered::new(s, n).next().is_some());
        !covered
    }

    /// `mayAliasInScopes(scopes, noalias)` of two rows: decided once per
    /// pair ([`ScopeLists::answer_at_hand`]: steps 1-3, then a merge,
    /// remembered), then looked up; a list that cannot be read is
    /// reported each time, so that the caller hears of it.
    #[inline]
    pub fn may_alias(&mut self, scopes: ListRef, noalias: ListRef) -> Result<bool, Malformed> {
        match self.answer_at_hand(scopes, noalias) {
            Some(may_alias) => Ok(may_alias),
            None => match self.steps_of(scopes, noalias).expect("rows of this table") {
                Steps::Unreadable(fault) => Err(self.fault(fault)),
                _ => unreachable!("readable rows are answered at hand"),
            },
        }
    }

    /// [`ScopeLists::decide`] of two lists by node, reading them on first
    /// sight; a missing list decides nothing.
    pub fn decide_nodes(
        &mut self,
        g: &MetadataGraph,
        scopes: Option<NodeId>,
        noalias: Option<NodeId>,
    ) -> Result<ScopedReason, Malformed> {
        let (Some(scopes), Some(noalias)) = (scopes, noalias) else {
            return Ok(ScopedReason::NoList);
        };
        let (s, n) = (self.list(g, scopes), self.list(g, noalias));
        self.decide(s, n)
    }

    /// [`ScopeLists::may_alias`] with its reason. When several domains
    /// decide, the reason names the one the `!noalias` list names first.
    pub fn decide(&self, scopes: ListRef, noalias: ListRef) -> Result<ScopedReason, Malformed> {
        Ok(match self.prepare(scopes, noalias)? {
            Err(reason) => reason,
            Ok((s, n)) => {
                let order = &self.domains[self.rows[noalias.0 as usize].domains.range()];
                let rank = |d: &NodeId| order.iter().position(|x| x == d);
                match Covered::new(s, n).min_by_key(rank) {
                    Some(domain) => ScopedReason::Covered { domain },
                    None => ScopedReason::NotCovered,
                }
            }
        })
    }
}

/// Whether some domain has every scope of the access (at least one) in
/// the `!noalias` list: [`Covered`]'s first answer, by one pass over the
/// access's words, each looked for among the `!noalias` list's (no word
/// is empty, so a domain whose words are all found with their bits is
/// named by both lists).
fn some_domain_covered(s: &[Word], n: &[Word]) -> bool {
    let mut j = 0;
    // Whether every word of the current domain so far was found.
    let mut all_found = true;
    for (i, w) in s.iter().enumerate() {
        while j < n.len() && n[j].key < w.key {
            j += 1;
        }
        all_found &= n
            .get(j)
            .is_some_and(|x| x.key == w.key && w.bits & !x.bits == 0);
        let domain_ends = s
            .get(i + 1)
            .is_none_or(|next| Covered::domain(next) != Covered::domain(w));
        if domain_ends {
            if all_found {
                return true;
            }
            all_found = true;
        }
    }
    false
}

/// The domains in which every scope of the access (at least one) is in
/// the `!noalias` list: one merge of two rows' words.
struct Covered<'a> {
    s: &'a [Word],
    n: &'a [Word],
    i: usize,
    j: usize,
}

impl<'a> Covered<'a> {
    fn new(s: &'a [Word], n: &'a [Word]) -> Covered<'a> {
        Covered { s, n, i: 0, j: 0 }
    }

    fn domain(w: &Word) -> u32 {
        (w.key >> 32) as u32
    }

    /// Moves `i` past the access's words in domain `d`.
    fn skip_domain(&mut self, d: u32) {
        while self.i < self.s.len() && Self::domain(&self.s[self.i]) == d {
            self.i += 1;
        }
    }
}

impl Iterator for Covered<'_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        while self.i < self.s.len() {
            let d = Self::domain(&self.s[self.i]);
            while self.j < self.n.len() && Self::domain(&self.n[self.j]) < d {
                self.j += 1;
            }
            if self.j == self.n.len() {
                return None;
            }
            if Self::domain(&self.n[self.j]) != d {
                // The `!noalias` list does not name this domain.
                self.skip_domain(d);
                continue;
            }
            let mut covered = true;
            while self.i < self.s.len() && Self::domain(&self.s[self.i]) == d {
                let wanted = self.s[self.i];
                while self.j < self.n.len() && self.n[self.j].key < wanted.key {
                    self.j += 1;
                }
                let excluded = match self.n.get(self.j) {
                    Some(w) if w.key == wanted.key => w.bits,
                    _ => 0,
                };
                if wanted.bits & !excluded != 0 {
                    covered = false;
                    self.skip_domain(d);
                    break;
                }
                self.i += 1;
            }
            if covered {
                return Some(NodeId(d));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{ListRow, ListSummary, ScopeLists, Word};

    /// The sizes the README's memory bound is stated in.
    #[test]
    fn rows_are_as_small_as_documented() {
        assert!(std::mem::size_of::<ListSummary>() <= 24);
        assert!(std::mem::size_of::<ListRow>() <= 40);
        assert!(std::mem::size_of::<Word>() <= 16);
    }
    use super::{some_domain_covered, Covered};
    use crate::graph::{MetadataGraph, NodeId, Operand};
    use crate::scoped::ScopedReason;
    use proptest::prelude::*;

    /// Rows' words: up to 3 domains of up to 3 words each, sorted by key,
    /// none empty.
    fn words() -> impl Strategy<Value = Vec<Word>> {
        prop::collection::btree_map((0u64..3, 0u64..3), 1u64..16, 0..7).prop_map(|m| {
            m.into_iter()
                .map(|((domain, word), bits)| Word {
                    key: domain << 32 | word,
                    bits,
                })
                .collect()
        })
    }

    proptest! {
        /// The one-pass test of step 4 is the merge's first answer.
        #[test]
        fn some_domain_covered_is_the_merge(s in words(), n in words()) {
            prop_assert_eq!(some_domain_covered(&s, &n), Covered::new(&s, &n).next().is_some());
        }
    }

    /// No list on either side is "may alias" plainly; an unreadable list
    /// is never plainly anything, and is left to the caller to report.
    #[test]
    fn summaries_answer_as_the_rows() {
        let mut g = MetadataGraph::new();
        let domain = g.reserve();
        g.define_tuple(domain, vec![Operand::Node(domain)]);
        let scope = g.reserve();
        g.define_tuple(scope, vec![Operand::Node(scope), Operand::Node(domain)]);
        let list = g.add_tuple(vec![Operand::Node(scope)]);
        let broken = g.add_tuple(vec![Operand::Null]);
        let mut t = ScopeLists::new();
        let (l, b) = (t.list(&g, list), t.list(&g, broken));
        let (sl, sb) = (t.summary(l).unwrap(), t.summary(b).unwrap());
        assert_eq!(t.summary(super::ListRef(7)), None);
        let none = ListSummary::NONE;
        assert!(
            ListSummary::plainly_may_alias(none, sl) && ListSummary::plainly_may_alias(sl, none)
        );
        assert_eq!(t.answer_of(none, sl), Some(true));
        assert_eq!(t.answer_of(sl, sl), Some(false), "a list covers itself");
        assert!(!ListSummary::plainly_may_alias(sl, sb) && !ListSummary::plainly_may_alias(sb, sl));
        assert_eq!(t.answer_of(sl, sb), None);
        assert!(
            t.may_alias(l, b).is_err(),
            "the broken !noalias list is read"
        );
        assert_eq!(t.answer_of(sb, sl), None);
        assert!(
            t.may_alias(b, l).is_err(),
            "the broken !alias.scope list is read"
        );
    }

    /// A domain with more scopes than one word holds.
    #[test]
    fn large_domains_span_words() {
        let mut g = MetadataGraph::new();
        let domain = g.reserve();
        let name = g.string("big");
        g.define_tuple(domain, vec![Operand::Node(domain), name]);
        let scopes: Vec<NodeId> = (0..200)
            .map(|_| {
                let s = g.reserve();
                g.define_tuple(s, vec![Operand::Node(s), Operand::Node(domain)]);
                s
            })
            .collect();
        let list = |g: &mut MetadataGraph, idx: &[usize]| {
            g.add_tuple(idx.iter().map(|&i| Operand::Node(scopes[i])).collect())
        };
        let all: Vec<usize> = (0..200).collect();
        let everything = list(&mut g, &all);
        let far = list(&mut g, &[3, 70, 150, 199]);
        let far_but_one = list(&mut g, &[3, 70, 199]);
        let mut t = ScopeLists::new();
        let (e, f, f1) = (
            t.list(&g, everything),
            t.list(&g, far),
            t.list(&g, far_but_one),
        );
        assert_eq!(t.may_alias(f, e), Ok(false), "every scope is excluded");
        assert_eq!(t.may_alias(f, f1), Ok(true), "scope 150 is not excluded");
        assert_eq!(t.may_alias(f1, f), Ok(false));
        assert_eq!(t.decide(f1, f), Ok(ScopedReason::Covered { domain }));
        assert_eq!(t.may_alias(e, f), Ok(true));
    }
}
