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
//! the domains in the order the list first names them; and a 64-bit mask
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

#[derive(Copy, Clone, Debug)]
struct ListRow {
    /// The list's words in `words`, sorted by key, or why the list cannot
    /// be read (an index into `faults`).
    words: Result<Span, u32>,
    /// The list's domains in the order it first names them, in `domains`.
    domains: Span,
    /// One bit per domain, `1 << (hash(domain) % 64)`.
    mask: u64,
}

/// What steps 1–3 of a question come to (see [`ScopeLists::steps`]).
enum Steps {
    /// A list cannot be read: `faults[.0]`.
    Unreadable(u32),
    Decided(ScopedReason),
    /// The words of the `!alias.scope` and `!noalias` rows, to merge.
    Merge(Span, Span),
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

fn domain_bit(domain: NodeId) -> u64 {
    1 << (domain.0.wrapping_mul(0x9E37_79B9) >> 26)
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
            let row = self.read_list(g, list);
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
                    words: Err(self.faults.len() as u32 - 1),
                    domains: Span::default(),
                    mask: 0,
                };
            }
        };
        let domain_start = self.domains.len();
        let mut words: Vec<Word> = Vec::with_capacity(scopes.len());
        let mut mask = 0;
        for (scope, domain) in scopes {
            let Some(domain) = domain else { continue };
            let number = self.number(scope, domain);
            let key = (u64::from(domain.0) << 32) | u64::from(number / 64);
            let bit = 1u64 << (number % 64);
            match words.iter_mut().find(|w| w.key == key) {
                Some(w) => w.bits |= bit,
                None => words.push(Word { key, bits: bit }),
            }
            mask |= domain_bit(domain);
            if !self.domains[domain_start..].contains(&domain) {
                self.domains.push(domain);
            }
        }
        words.sort_unstable_by_key(|w| w.key);
        let start = self.words.len();
        self.words.extend_from_slice(&words);
        ListRow {
            words: Ok(Span::since(&self.words, start)),
            domains: Span::since(&self.domains, domain_start),
            mask,
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

    /// Steps 1–3 of the question, on the two rows alone (`None` for a
    /// row this table does not have). Cannot panic.
    #[inline(always)]
    fn steps(&self, scopes: ListRef, noalias: ListRef) -> Option<Steps> {
        let n = self.rows.get(noalias.0 as usize)?;
        let n_words = match n.words {
            Ok(span) => span,
            Err(fault) => return Some(Steps::Unreadable(fault)),
        };
        if n.domains.len == 0 {
            return Some(Steps::Decided(ScopedReason::NoDomain));
        }
        let s = self.rows.get(scopes.0 as usize)?;
        let s_words = match s.words {
            Ok(span) => span,
            Err(fault) => return Some(Steps::Unreadable(fault)),
        };
        if s.mask & n.mask == 0 {
            return Some(Steps::Decided(ScopedReason::NotCovered));
        }
        Some(Steps::Merge(s_words, n_words))
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
        match self.steps(scopes, noalias).expect("rows of this table") {
            Steps::Unreadable(fault) => Err(self.fault(fault)),
            Steps::Decided(reason) => Ok(Err(reason)),
            Steps::Merge(s, n) => Ok(Ok((&self.words[s.range()], &self.words[n.range()]))),
        }
    }

    /// [`ScopeLists::may_alias`] of two rows whose lists could both be
    /// read: steps 1–3, then the remembered answer or the merge
    /// (remembered, the matrix having room for every row made: see
    /// [`ScopeLists::list`]); `None` when a list cannot be read (the caller
    /// asks [`ScopeLists::may_alias`], which reports it). Cannot panic
    /// (every read is checked, the merge indexes a slice only below its
    /// length, nothing grows), so that the query path may ask it before
    /// its panic guard.
    #[inline(always)]
    pub fn answer_at_hand(&mut self, scopes: ListRef, noalias: ListRef) -> Option<bool> {
        match self.steps(scopes, noalias)? {
            Steps::Unreadable(_) => None,
            Steps::Decided(reason) => Some(reason.may_alias()),
            Steps::Merge(s, n) => {
                if let Some(may_alias) = self.answers.get(scopes.0, noalias.0) {
                    return Some(may_alias);
                }
                let may_alias =
                    self.merge_answer(self.words.get(s.range())?, self.words.get(n.range())?);
                self.answers.set_if_room(scopes.0, noalias.0, may_alias);
                Some(may_alias)
            }
        }
    }

    /// Step 4: no domain covers the access's scopes.
    #[inline(never)]
    fn merge_answer(&self, s: &[Word], n: &[Word]) -> bool {
        Covered::new(s, n).next().is_none()
    }

    /// `mayAliasInScopes(scopes, noalias)` of two rows: decided once per
    /// pair ([`ScopeLists::answer_at_hand`]: steps 1-3, then a merge,
    /// remembered), then looked up; a list that cannot be read is
    /// reported each time, so that the caller hears of it.
    #[inline]
    pub fn may_alias(&mut self, scopes: ListRef, noalias: ListRef) -> Result<bool, Malformed> {
        match self.answer_at_hand(scopes, noalias) {
            Some(may_alias) => Ok(may_alias),
            None => match self.steps(scopes, noalias).expect("rows of this table") {
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
    use super::{ListRow, ScopeLists, Word};

    /// The sizes the README's memory bound is stated in.
    #[test]
    fn rows_are_as_small_as_documented() {
        assert!(std::mem::size_of::<ListRow>() <= 32);
        assert!(std::mem::size_of::<Word>() <= 16);
    }
    use crate::graph::{MetadataGraph, NodeId, Operand};
    use crate::scoped::ScopedReason;

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
