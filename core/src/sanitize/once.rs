//! An access a loop repeats at one address, logged once per execution of
//! the loop.
//!
//! Rust's `Vec` methods inlined into a loop load the vector's pointer and
//! length in every iteration: the same 16 bytes, again and again, each a
//! call of the runtime (about 500 instructions) that the log merges into
//! the entry it already has. When the loop's count is not known (a `while
//! let Some(x) = heap.pop()`), no run can stand for them
//! (`sanitize_loops.cpp`). But the log finds the same conflicts from the
//! first of them in each execution of the loop, when
//!
//! 1. every later one touches the same bytes in the same frame (the pass
//!    checks: the address and size are computed before the loop, the
//!    frame is entered before it and not left in it);
//! 2. no scope deciding a claim of the site begins in the loop (the pass
//!    checks, for the scopes [`once_per_loop`] names): every later access
//!    is then in the first one's instance of every scope that matters for
//!    any pair it takes part in;
//! 3. the site is not claimed apart from itself with a write
//!    ([`once_per_loop`] answers `None`): the log compares two accesses of
//!    one site with each other, so each must be logged.
//!
//! Then a later access conflicts with an access X (claimed apart, a
//! write, one instance of the claim's scopes, a common byte) exactly when
//! the first does, with the same common bytes: the same report. What
//! changes is the count of accesses in the summary line, and a frame whose
//! log outgrows its budget drops the oldest entries first, which may now
//! be the loop's only one of the site (the log may miss more, never
//! invent).
//!
//! Worked example: `for &(w, c) in &adj[u] { if d + c < dist[w] { ... } }`
//! with `dist: &mut Vec<u64>` a `noalias` argument. Each iteration loads
//! `dist`'s pointer and length (sites 6 and 7, claimed apart from the
//! writes through `adj`, with `dist`'s and `adj`'s scopes, begun when the
//! function is entered). Neither scope begins in the loop: each site is
//! logged in the loop's first iteration only.
//!
//! ## A read that repeats a read before it
//!
//! The same holds of a read that touches exactly the bytes a read of the
//! same group ([`FunctionClaims::alike`]) touched before it in the same
//! frame, with no scope begun in between: the reload of `x[i]` in `y[i] =
//! x[i] > 0 ? x[i] : 0` as clang emits it. Its bytes are the earlier
//! read's, in the same instance of every scope, and its claims against
//! every site are the earlier read's, so every conflict it would have is
//! one the earlier read has, on the same bytes; two reads conflict with
//! nothing. Left unlogged ([`repeats`]: the pass checks the rest), it is
//! reported as the earlier read, the same pair of lists on the same
//! bytes; only the instruction a report prints changes. What it buys: the
//! reload runs on some iterations only, so no run at the loop's exit can
//! stand for it, and its call each time keeps the loop from vectorizing.

use super::claims::FunctionClaims;
use super::log::{ClaimRule, ScopeId, SiteId};

/// Whether a read of `later` need not be logged after a read of `first`
/// of the same bytes in the same frame and instances (the module
/// comment): both read, and are claimed alike against every site.
pub fn repeats(claims: &FunctionClaims, first: SiteId, later: SiteId) -> bool {
    !claims.writes(first) && !claims.writes(later) && claims.alike(first, later)
}

/// The scopes whose beginning in a loop keeps the repeated accesses of
/// `site` (of a function of `sites` sites) from being logged once per
/// execution of the loop: every deciding scope of every claim with a write
/// the site takes part in (sorted, once each). `None` when the site is
/// claimed apart from itself and writes: each of its accesses must be
/// logged (the module comment, point 3).
pub fn once_per_loop(
    claims: &mut impl ClaimRule,
    site: SiteId,
    sites: u32,
) -> Option<Vec<ScopeId>> {
    let mut scopes = Vec::new();
    for other in 0..sites {
        if !(claims.writes(site) || claims.writes(other)) {
            continue;
        }
        let Some(c) = claims.claim(site, other) else {
            continue;
        };
        if other == site {
            return None;
        }
        scopes.extend_from_slice(claims.scopes(c));
    }
    scopes.sort_unstable();
    scopes.dedup();
    Some(scopes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Site 0 reads, site 1 writes (claimed apart from 0 by scope 4, and
    /// from 2 by scopes 5 and 3), site 2 writes (claimed apart from itself
    /// when `itself`), site 3 reads (claimed apart from 0, no write).
    struct Rule {
        itself: bool,
    }

    impl ClaimRule for Rule {
        fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32> {
            match (a.min(b), a.max(b)) {
                (0, 1) => Some(0),
                (1, 2) => Some(1),
                (0, 3) => Some(2),
                (2, 2) if self.itself => Some(0),
                _ => None,
            }
        }
        fn scopes(&self, claim: u32) -> &[ScopeId] {
            [&[4][..], &[5, 3], &[9]][claim as usize]
        }
        fn writes(&self, site: SiteId) -> bool {
            site == 1 || site == 2
        }
    }

    #[test]
    fn the_scopes_are_those_of_the_claims_with_a_write() {
        let mut r = Rule { itself: false };
        assert_eq!(once_per_loop(&mut r, 0, 4), Some(vec![4])); // not 9: two reads
        assert_eq!(once_per_loop(&mut r, 1, 4), Some(vec![3, 4, 5]));
        assert_eq!(once_per_loop(&mut r, 3, 4), Some(vec![]));
    }

    #[test]
    fn a_site_claimed_apart_from_itself_is_logged_each_time() {
        let mut r = Rule { itself: true };
        assert_eq!(once_per_loop(&mut r, 2, 4), None);
        assert_eq!(once_per_loop(&mut r, 1, 4), Some(vec![3, 4, 5]));
        let mut r = Rule { itself: false };
        assert_eq!(once_per_loop(&mut r, 2, 4), Some(vec![3, 5]));
    }
}
