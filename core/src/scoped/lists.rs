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
//! Here each domain gets a number, and each scope a number within its
//! domain, the first time they are seen, and each list is read the first
//! time it is seen into a row of [`ScopeLists`]: its scopes that have a
//! domain as a set of bits per domain (one 64-bit word per 64 scopes of a
//! domain), sorted by the domain's bit (below) and then by domain; the
//! domains in the order the list first names them; and a 128-bit mask
//! with one bit per domain, bit `number % 128`. A question is then:
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
//! Most rows are *exact*: each of their domains has one word, at a mask
//! bit no other of their domains has (always so while a session has seen
//! at most 128 domains, each with at most 64 scopes). The word of an exact
//! row's domain at bit `b` is then its `rank(b)`-th (the mask's bits below
//! `b`), so step 4 of two exact rows is, for each bit of both masks, one
//! compare of the two words found there ([`ScopeLists::exact_answer`]),
//! without a merge and without looking at the rows: their summaries say
//! where their words are.
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

/// Scopes of one domain: `bits` holds scopes `64 * word ..` of the domain
/// (numbered in the order they were first seen).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Word {
    /// `code << 32 | word`, the order of a row's words, where the domain's
    /// code ([`Word::domain`]) is `bit << 25 | number / 128` for the
    /// domain's number and its mask bit `bit = number % 128`.
    key: u64,
    bits: u64,
}

impl Word {
    /// The code of the word's domain, one per domain: see [`Word::key`].
    fn domain(&self) -> u32 {
        (self.key >> 32) as u32
    }

    /// The domain's bit in the masks.
    fn mask_bit(&self) -> u32 {
        (self.key >> 57) as u32
    }

    fn key_of(domain: u32, word: u32) -> u64 {
        let code = (domain_bit(domain) as u64) << 25 | u64::from(domain / 128);
        code << 32 | u64::from(word)
    }

    /// The number of the domain of code `code`.
    fn number_of(code: u32) -> u32 {
        (code & ((1 << 25) - 1)) << 7 | code >> 25
    }
}

/// What a question reads of a list's row before step 4, and where an
/// exact row's words are, copied out of the table (24 bytes) so that a
/// caller may keep it beside its own key and ask
/// [`ScopeLists::answer_of`] without finding the row again (see
/// [`ScopeLists::summary`]); only rows that are not exact are read again.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ListSummary {
    /// One bit per domain, bit `number % 128`; every bit for a list that
    /// names no domain or cannot be read (so that it never answers
    /// plainly, see [`ListSummary::plainly_may_alias`]); none for no list.
    mask: [u64; 2],
    /// The row's number; `u32::MAX` for no list.
    row: u32,
    /// The index of the row's first word in the store if the row is
    /// exact (see the module notes), else [`ListSummary::NOT_EXACT`]
    /// (a list that names no domain or cannot be read is not exact).
    exact: u32,
}

impl ListSummary {
    /// No list: steps 1–3 decide "may alias" with it on either side, as
    /// LLVM does for a missing list, before reading the other. (Exact,
    /// with no words: it has no mask bit to look one up at.)
    pub const NONE: ListSummary = ListSummary {
        mask: [0; 2],
        row: u32::MAX,
        exact: 0,
    };
    const NOT_EXACT: u32 = u32::MAX;

    fn is_none(self) -> bool {
        self.row == u32::MAX
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
    /// [`ListRow::READABLE`], [`ListRow::NO_DOMAIN`], or why the list
    /// cannot be read: an index into `faults` plus
    /// [`ListRow::FIRST_FAULT`].
    state: u32,
    /// The list's words in `words`, sorted by key (empty exactly when
    /// the list names no domain or cannot be read).
    words: Span,
    /// The list's domains in the order it first names them, in `domains`.
    domains: Span,
}

impl ListRow {
    const READABLE: u32 = 0;
    const NO_DOMAIN: u32 = 1;
    const FIRST_FAULT: u32 = 2;

    /// Why the list cannot be read: an index into `faults`.
    fn fault(self) -> Option<u32> {
        self.state.checked_sub(Self::FIRST_FAULT)
    }
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
    /// The number of each domain, in the order they were first seen.
    domain_numbers: FxHashMap<NodeId, u32>,
    /// By domain number: the domain, and how many of its scopes have a
    /// number.
    domain_nodes: Vec<NodeId>,
    domain_sizes: Vec<u32>,
    /// The answers of [`ScopeLists::may_alias`] by pair of rows.
    answers: AnswerMatrix,
}

/// A domain's bit in the 128-bit masks of the lists that name it, by its
/// number: distinct for the first 128 domains a session sees (and,
/// since inlining makes a call's domains one after the other, usually for
/// the domains of one access after that).
fn domain_bit(domain: u32) -> usize {
    (domain % 128) as usize
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
                        exact: ListSummary::NOT_EXACT,
                    },
                    state: ListRow::FIRST_FAULT + self.faults.len() as u32 - 1,
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
            let d = self.domain_number(domain);
            let number = self.number(scope, d);
            let key = Word::key_of(d, number / 64);
            let bit = 1u64 << (number % 64);
            match words.iter_mut().find(|w| w.key == key) {
                Some(w) => w.bits |= bit,
                None => words.push(Word { key, bits: bit }),
            }
            let bit = domain_bit(d);
            mask[bit / 64] |= 1 << (bit % 64);
            if !self.domains[domain_start..].contains(&domain) {
                self.domains.push(domain);
            }
        }
        words.sort_unstable_by_key(|w| w.key);
        let start = self.words.len();
        self.words.extend_from_slice(&words);
        // Exact: one word per mask bit (the words being sorted by bit).
        let exact = words.windows(2).all(|w| w[0].mask_bit() != w[1].mask_bit());
        let (mask, state, exact) = match mask {
            [0, 0] => ([u64::MAX; 2], ListRow::NO_DOMAIN, ListSummary::NOT_EXACT),
            mask => (
                mask,
                ListRow::READABLE,
                match u32::try_from(start) {
                    Ok(start) if exact && start != ListSummary::NOT_EXACT => start,
                    _ => ListSummary::NOT_EXACT,
                },
            ),
        };
        ListRow {
            summary: ListSummary {
                mask,
                row: u32::MAX,
                exact,
            },
            state,
            words: Span::since(&self.words, start),
            domains: Span::since(&self.domains, domain_start),
        }
    }

    /// The number of `domain`, given on first sight.
    fn domain_number(&mut self, domain: NodeId) -> u32 {
        let next = self.domain_nodes.len() as u32;
        let d = *self.domain_numbers.entry(domain).or_insert(next);
        if d == next {
            self.domain_nodes.push(domain);
            self.domain_sizes.push(0);
        }
        d
    }

    /// The number of `scope` within domain number `domain`, given on
    /// first sight. (A scope's domain is its operand 1, so a scope is in
    /// one domain.)
    fn number(&mut self, scope: NodeId, domain: u32) -> u32 {
        if let Some(&n) = self.scope_numbers.get(&scope) {
            return n;
        }
        let size = &mut self.domain_sizes[domain as usize];
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

    /// Steps 1–3 of the question, on the two rows' summaries and states
    /// (`None` for a row this table does not have). Cannot panic.
    #[inline(always)]
    fn steps(&self, s: ListSummary, n: ListSummary) -> Option<Steps> {
        if s.is_none() || n.is_none() {
            return Some(Steps::Decided(ScopedReason::NoList));
        }
        let (s_row, n_row) = (
            self.rows.get(s.row as usize)?,
            self.rows.get(n.row as usize)?,
        );
        Some(if let Some(fault) = n_row.fault() {
            Steps::Unreadable(fault)
        } else if n_row.state == ListRow::NO_DOMAIN {
            Steps::Decided(ScopedReason::NoDomain)
        } else if let Some(fault) = s_row.fault() {
            Steps::Unreadable(fault)
        } else if ListSummary::plainly_may_alias(s, n) {
            Steps::Decided(ScopedReason::NotCovered)
        } else {
            Steps::Merge
        })
    }

    /// [`ScopeLists::steps`] of two rows (`None` for a row this table
    /// does not have). Cannot panic.
    #[inline(always)]
    fn steps_of(&self, scopes: ListRef, noalias: ListRef) -> Option<Steps> {
        self.steps(self.summary(scopes)?, self.summary(noalias)?)
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
        if let Some(may_alias) = self.remembered_answer(scopes, noalias) {
            return Some(may_alias);
        }
        match self.steps(scopes, noalias)? {
            Steps::Unreadable(_) => None,
            Steps::Decided(reason) => Some(reason.may_alias()),
            Steps::Merge => {
                let may_alias =
                    self.merge_answer(self.words_of(scopes.row)?, self.words_of(noalias.row)?);
                self.answers.set_if_room(scopes.row, noalias.row, may_alias);
                Some(may_alias)
            }
        }
    }

    /// [`ScopeLists::answer_of`] when it is known without a decision: the
    /// two lists plainly "may alias", or their pair's answer remembered;
    /// `None` otherwise. Cannot panic and changes nothing.
    #[inline(always)]
    pub fn known_answer(&self, scopes: ListSummary, noalias: ListSummary) -> Option<bool> {
        if ListSummary::plainly_may_alias(scopes, noalias) {
            return Some(true);
        }
        self.answers.get(scopes.row, noalias.row)
    }

    /// [`ScopeLists::answer_of`] when it is at hand: the two lists plainly
    /// "may alias" ([`ListSummary::plainly_may_alias`]), or both rows exact
    /// ([`ScopeLists::exact_answer`], then remembered), or their pair's
    /// answer remembered; `None` otherwise. Exact rows are compared before
    /// the matrix is read: the compares cost about as much as the read,
    /// and the query path asks this of a pair it has just found unknown
    /// there. Cannot panic (the matrix has room for every row made,
    /// nothing grows), so that the query path may ask it before its panic
    /// guard.
    #[inline(always)]
    pub fn remembered_answer(&mut self, scopes: ListSummary, noalias: ListSummary) -> Option<bool> {
        if ListSummary::plainly_may_alias(scopes, noalias) {
            return Some(true);
        }
        match self.quick_answer(scopes, noalias) {
            Some(may_alias) => {
                self.answers.set_if_room(scopes.row, noalias.row, may_alias);
                Some(may_alias)
            }
            None => self.answers.get(scopes.row, noalias.row),
        }
    }

    /// [`ScopeLists::answer_of`] when it is quick: the two lists plainly
    /// "may alias" ([`ListSummary::plainly_may_alias`]), or both rows are
    /// exact ([`ScopeLists::exact_answer`]); `None` otherwise. Cannot
    /// panic and changes nothing, so that the query path may ask it
    /// before its panic guard.
    #[inline(always)]
    pub fn quick_answer(&self, scopes: ListSummary, noalias: ListSummary) -> Option<bool> {
        if ListSummary::plainly_may_alias(scopes, noalias) {
            debug_assert!(
                matches!(self.steps(scopes, noalias), Some(Steps::Decided(r)) if r.may_alias())
            );
            return Some(true);
        }
        let may_alias = self.exact_answer(scopes, noalias)?;
        debug_assert!(matches!(self.steps(scopes, noalias), Some(Steps::Merge)));
        debug_assert_eq!(
            Some(may_alias),
            self.words_of(scopes.row)
                .zip(self.words_of(noalias.row))
                .map(|(s, n)| self.merge_answer(s, n)),
            "the exact rows' answer is the merge's"
        );
        Some(may_alias)
    }

    /// Step 4 of two *exact* rows (see the module notes) whose masks share
    /// a bit, by their summaries: "no alias" when, at some bit of both
    /// masks, the two rows' words are of one domain and the access's
    /// scopes in it are all in the `!noalias` list's. (Two exact rows
    /// have one word each at such a bit; of different domains, the bit
    /// is no common domain; of one domain but different words, the
    /// access has a scope the other lacks.) `None` unless both rows are
    /// exact. Cannot panic.
    ///
    /// The word at a bit is found by the bit's rank in the row's mask,
    /// one half of the mask at a time: the rank of a bit of the high half
    /// is the low half's count plus its rank there, and a session of at
    /// most 64 domains never reaches the high half (without a popcount
    /// instruction in the baseline target, a count is a dozen
    /// instructions).
    #[inline(always)]
    fn exact_answer(&self, scopes: ListSummary, noalias: ListSummary) -> Option<bool> {
        if scopes.exact.max(noalias.exact) == ListSummary::NOT_EXACT {
            return None;
        }
        let (s, n) = (scopes.mask, noalias.mask);
        let (mut first_s, mut first_n) = (scopes.exact as usize, noalias.exact as usize);
        for half in 0..2 {
            if half == 1 {
                if s[1] & n[1] == 0 {
                    break;
                }
                first_s += s[0].count_ones() as usize;
                first_n += n[0].count_ones() as usize;
            }
            let mut common = s[half] & n[half];
            while common != 0 {
                let below = (common & common.wrapping_neg()) - 1;
                let ws = self
                    .words
                    .get(first_s + (s[half] & below).count_ones() as usize)?;
                let wn = self
                    .words
                    .get(first_n + (n[half] & below).count_ones() as usize)?;
                if ws.key == wn.key && ws.bits & !wn.bits == 0 {
                    return Some(false);
                }
                common &= common - 1;
            }
        }
        Some(true)
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
                let node = |code: u32| self.domain_nodes[Word::number_of(code) as usize];
                let rank = |&code: &u32| order.iter().position(|&x| x == node(code));
                match Covered::new(s, n).min_by_key(rank) {
                    Some(code) => ScopedReason::Covered { domain: node(code) },
                    None => ScopedReason::NotCovered,
                }
            }
        })
    }

    /// Every domain that decides "no alias" for `(scopes, noalias)` (the
    /// same merge as [`ScopeLists::decide`], which names only the first):
    /// for the run-time checker, which needs every way a pair is claimed.
    pub fn covering_domains(
        &self,
        scopes: ListRef,
        noalias: ListRef,
    ) -> Result<Vec<NodeId>, Malformed> {
        Ok(match self.prepare(scopes, noalias)? {
            Err(_) => Vec::new(),
            Ok((s, n)) => Covered::new(s, n)
                .map(|code| self.domain_nodes[Word::number_of(code) as usize])
                .collect(),
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
        let domain_ends = s.get(i + 1).is_none_or(|next| next.domain() != w.domain());
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

    /// Moves `i` past the access's words in domain `d`.
    fn skip_domain(&mut self, d: u32) {
        while self.i < self.s.len() && self.s[self.i].domain() == d {
            self.i += 1;
        }
    }
}

/// The codes of the covered domains ([`Word::domain`]).
impl Iterator for Covered<'_> {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        while self.i < self.s.len() {
            let d = self.s[self.i].domain();
            while self.j < self.n.len() && self.n[self.j].domain() < d {
                self.j += 1;
            }
            if self.j == self.n.len() {
                return None;
            }
            if self.n[self.j].domain() != d {
                // The `!noalias` list does not name this domain.
                self.skip_domain(d);
                continue;
            }
            let mut covered = true;
            while self.i < self.s.len() && self.s[self.i].domain() == d {
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
                return Some(d);
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
        assert!(std::mem::size_of::<ListRow>() <= 48);
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

    /// A list of the scopes `idx` of `scopes`.
    fn list_of(g: &mut MetadataGraph, scopes: &[NodeId], idx: &[usize]) -> NodeId {
        g.add_tuple(idx.iter().map(|&i| Operand::Node(scopes[i])).collect())
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
        let list = |g: &mut MetadataGraph, idx: &[usize]| list_of(g, &scopes, idx);
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
        let exact = |r| t.summary(r).unwrap().exact != ListSummary::NOT_EXACT;
        assert!(!exact(e), "200 scopes of one domain take four words");
        assert!(!exact(f), "scopes 3, 70, 150 and 199 are in three words");
    }

    /// Rows are exact while each of their domains has one word at a mask
    /// bit of its own: the 129th domain a table sees has the first's bit.
    #[test]
    fn rows_are_exact_unless_two_domains_share_a_bit() {
        let mut g = MetadataGraph::new();
        let scopes: Vec<NodeId> = (0..130)
            .map(|_| {
                let d = g.reserve();
                g.define_tuple(d, vec![Operand::Node(d)]);
                let s = g.reserve();
                g.define_tuple(s, vec![Operand::Node(s), Operand::Node(d)]);
                s
            })
            .collect();
        let list = |g: &mut MetadataGraph, idx: &[usize]| list_of(g, &scopes, idx);
        let all: Vec<usize> = (0..130).collect();
        let (all, low, far, apart) = (
            list(&mut g, &all),
            list(&mut g, &[0, 127]),
            list(&mut g, &[0, 128]),
            list(&mut g, &[128]),
        );
        let mut t = ScopeLists::new();
        let rows = [all, low, far, apart].map(|l| t.list(&g, l));
        let exact = rows.map(|r| t.summary(r).unwrap().exact != ListSummary::NOT_EXACT);
        assert_eq!(exact, [false, true, false, true]);
        let (s_low, s_apart) = (t.summary(rows[1]).unwrap(), t.summary(rows[3]).unwrap());
        assert!(
            !ListSummary::plainly_may_alias(s_low, s_apart),
            "domains 0 and 128 share bit 0"
        );
        assert_eq!(
            t.quick_answer(s_low, s_apart),
            Some(true),
            "but not a domain"
        );
        assert_eq!(t.quick_answer(s_apart, s_apart), Some(false));
        assert_eq!(
            t.may_alias(rows[3], rows[1]),
            Ok(true),
            "no domain of (0, 127) has scope 128"
        );
        assert_eq!(
            t.may_alias(rows[2], rows[3]),
            Ok(false),
            "merged: domain 128 covers"
        );
        assert_eq!(
            t.may_alias(rows[2], rows[1]),
            Ok(false),
            "merged: domain 0 covers"
        );
    }
}
