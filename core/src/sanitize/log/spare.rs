//! Capacity given back: a log's vectors keep what they grew to, so that a
//! frame reused by call after call allocates nothing in steady state; but
//! a frame that was big once (a program's `main` that ran a graph search,
//! or the frame a big call left at its depth for the calls after it)
//! would hold its peak for the rest of the run. After a prune and at a
//! restart, a vector of which at most a quarter is in use keeps twice what
//! is ([`give_back`]): a log that grows again reallocates once a doubling,
//! as it did the first time, and the spare capacity stays within a factor
//! of the live entries however long the run.

use super::{FrameLog, Scratch};

/// Capacity (elements) every vector may keep whatever it holds: a short
/// call's log never reallocates.
const FLOOR: usize = 4096;

/// Shrinks `v` to twice its length (at least [`FLOOR`]) if its capacity
/// is more than twice that; the bytes given back.
pub(super) fn give_back<T>(v: &mut Vec<T>) -> usize {
    give_back_beyond(v, 0)
}

/// [`give_back`], keeping room for `need` elements too.
fn give_back_beyond<T>(v: &mut Vec<T>, need: usize) -> usize {
    let keep = 2 * v.len().max(need).max(FLOOR);
    let had = v.capacity();
    if had <= 2 * keep {
        return 0;
    }
    v.shrink_to(keep);
    (had - v.capacity()) * std::mem::size_of::<T>()
}

/// Empties scratch `v` and gives back what [`give_back_beyond`] would for
/// `need` elements.
fn cleared<T>(v: &mut Vec<T>, need: usize) -> usize {
    v.clear();
    give_back_beyond(v, need)
}

impl FrameLog {
    /// After a prune: the entries' spare capacity and the scratch's (the
    /// thread's, lent to this log). The sealed index gives back its own
    /// as the prune renumbers it; a restart gives back the entries' and
    /// the index's (as it clears it).
    pub(super) fn give_back_spare(&mut self) {
        self.given_back += give_back(&mut self.entries);
        self.given_back += self.scratch.give_back_spare(self.entries.len());
    }

    /// The bytes given back to the allocator since the last call (the
    /// runtime asks its allocator to return them to the system when they
    /// are many: a big log's vectors may lie in the heap, not in a mapping
    /// of their own).
    pub fn take_given_back(&mut self) -> usize {
        std::mem::take(&mut self.given_back) + self.sealed.take_given_back()
    }
}

impl Scratch {
    /// A check's scratch is cleared when used, not when done: what it
    /// holds says nothing of what the next check needs. That grows with
    /// the log: its new entries (at most half the live ones, or a
    /// minimum), or its sealed entries. So it keeps room for the `live`
    /// entries a prune left (otherwise each check would grow what each
    /// prune gave back), and no more: it is cleared here, so what the
    /// last check left in it (a big log's, before the prune that emptied
    /// it) does not count (`rs_collections 110`: 3 MiB kept after its
    /// graph search's log was pruned).
    fn give_back_spare(&mut self, live: usize) -> usize {
        // Every field named: a new one must be listed here.
        let Scratch {
            order,
            places,
            addressed,
            sorted_at,
            fresh_max_len,
            span_hulls,
            prefix,
            sealing,
            cursors,
            active,
            hulls,
            by_start,
            spans,
            group,
            pending,
            fresh,
            live_by_scope,
            live_any,
            cutoff,
            renumbered,
        } = self;
        let mut bytes = 0;
        bytes += cleared(order, live);
        bytes += cleared(places, live);
        bytes += cleared(addressed, live);
        bytes += cleared(sorted_at, live);
        bytes += cleared(fresh_max_len, live);
        bytes += cleared(span_hulls, live);
        bytes += cleared(prefix, live);
        bytes += cleared(sealing, live);
        bytes += cleared(cursors, live);
        for a in active {
            bytes += cleared(a, live);
        }
        bytes += cleared(hulls, live);
        bytes += cleared(by_start, live);
        bytes += cleared(spans, live);
        bytes += cleared(group, live);
        bytes += cleared(pending, live);
        bytes += cleared(fresh, live);
        for l in live_by_scope {
            bytes += cleared(l, live);
        }
        bytes += cleared(live_any, live);
        bytes += cleared(cutoff, live);
        bytes += cleared(renumbered, live);
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ClaimRule, Claims, FrameLog, ScopeId, SiteId};
    use super::give_back;

    /// One site that writes, claimed against itself within scope 0.
    struct Marks {
        partners: Vec<(u32, Vec<ScopeId>)>,
    }

    impl ClaimRule for Marks {
        fn claim(&mut self, _: SiteId, _: SiteId) -> Option<u32> {
            Some(0)
        }
        fn scopes(&self, _: u32) -> &[ScopeId] {
            &[0]
        }
        fn writes(&self, _: SiteId) -> bool {
            true
        }
    }

    impl Claims for Marks {
        fn relevant_scopes(&self, _: SiteId) -> &[ScopeId] {
            &[0]
        }
        fn group(&self, _: SiteId) -> u32 {
            0
        }
        fn partners(&self, _: u32) -> &[(u32, Vec<ScopeId>)] {
            &self.partners
        }
    }

    #[test]
    fn a_vector_keeps_twice_what_it_holds() {
        let mut v: Vec<u64> = Vec::with_capacity(100_000);
        v.extend(0..10_000);
        assert_eq!(give_back(&mut v), (100_000 - v.capacity()) * 8);
        assert!(v.capacity() >= 20_000 && v.capacity() < 40_000);
        // Within a factor of 4 (or the floor): kept.
        assert_eq!(give_back(&mut v), 0);
        v.clear();
        let had = v.capacity();
        assert_eq!(give_back(&mut v), (had - 8192) * 8);
        assert_eq!(give_back(&mut v), 0);
    }

    /// A log of `n` marks at irregular gaps (few merged) in one instance
    /// of scope 0, checked and pruned every `every` marks.
    fn marked(n: u64, every: u64) -> (FrameLog, Marks) {
        let mut claims = Marks {
            partners: vec![(0, vec![0])],
        };
        let mut log = FrameLog::new();
        log.set_coalesce_from(usize::MAX);
        log.reset(1, 1);
        log.begin_scope(0);
        for i in 0..n {
            log.access(0, 0x10_000 + 64 * i + 8 * (i * i % 5), 8);
            if i % every == every - 1 {
                log.check(&mut claims, &mut |c| panic!("{c:?}"));
                log.prune(&claims, usize::MAX);
            }
        }
        (log, claims)
    }

    #[test]
    fn a_log_pruned_to_nothing_gives_its_peak_back_and_still_checks() {
        // 100,000 marks, all live (scope 0 does not begin again): checked
        // and indexed.
        let n = 100_000u64;
        let (mut log, mut claims) = marked(n, 8192);
        assert!(log.entries() as u64 >= n / 2, "{}", log.entries());
        log.check(&mut claims, &mut |c| panic!("{c:?}"));
        log.prune(&claims, usize::MAX);
        assert_eq!(log.take_given_back(), 0);
        // A new instance: every mark is dead, and the entries' capacity
        // (48 bytes each) and the sealed index's (16) go back.
        log.begin_scope(0);
        log.check(&mut claims, &mut |c| panic!("{c:?}"));
        log.prune(&claims, usize::MAX);
        assert_eq!(log.entries(), 0);
        let back = log.take_given_back();
        assert!(back > (n as usize / 2) * (48 + 16), "{back}");
        assert_eq!(log.take_given_back(), 0);
        // The log works on: two writes of one byte in the instance.
        let mut found = Vec::new();
        log.access(0, 0x10_000, 8);
        log.access(0, 0x10_004, 8);
        log.check(&mut claims, &mut |c| found.push(c.overlap));
        assert_eq!(found, vec![(0x10_004, 0x10_008)]);
    }

    #[test]
    fn a_check_s_scratch_goes_back_with_the_entries_its_prune_dropped() {
        let (mut log, mut claims) = marked(100_000, u64::MAX);
        // The instance ends before its one check: the check's scratch
        // holds all of it, the prune drops all of it.
        log.end_scope(0);
        log.check(&mut claims, &mut |c| panic!("{c:?}"));
        log.prune(&claims, usize::MAX);
        assert_eq!(log.entries(), 0);
        // The entries' capacity, and the scratch's beyond room for what
        // is left: 5.3 MB here, of which the entries' alone are 2.9 MB
        // (the scratch kept what it held, room for the 100,000 the check
        // looked at).
        let back = log.take_given_back();
        assert!(back > 4_000_000, "{back}");
    }
}
