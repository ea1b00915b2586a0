//! [`FrameLog::coalesce_if_due`]: a big log's sealed entries of one site
//! that no future access can tell apart, made as few runs as their bytes.
//!
//! An entry takes the accesses that continue it or that its site's slots
//! find (see the parent module). Scattered accesses make an entry each,
//! and a new instance of any scope relevant to a site closes its entries.
//! Measured on rs_collections (220,000 vertices, two logs: the start
//! point's frame of `bfs_components` and `main`'s end-point frame, where
//! it is inlined): the site of `comp[v] = k` marks the vertices in the
//! order of the search, each mark next to no open entry of its site, and
//! ends with 110,000 entries for 600 blocks of bytes; the reads of the
//! adjacency lists, closed at every instance of `VecDeque::push_back`'s
//! scopes, make two entries a vertex. Together about 100 of the 325
//! thousand entries of each log; coalesced, the two logs hold 60% of the
//! entries and the program's peak RSS drops from 132 to 113 MB.
//!
//! ## Which entries merge
//!
//! Sealed entries only: every pair of them was compared by a check and is
//! never compared again, so merging two loses no conflict between them.
//! What remains is how the merged entry meets *later* entries, which a
//! check compares with it. Take a relevant scope s of the site
//! ([`Claims::relevant_scopes`]; every scope the log has begun if it lists
//! none, since then any scope may decide one of its claims):
//!
//! * if s has begun since the entry's epoch, no later entry is in its
//!   instance: a claim of s never holds against a later entry;
//! * if not, every later entry is in its instance (until s begins again,
//!   and then for all such entries at once).
//!
//! So two sealed entries of a site behave alike against every later entry
//! when the same relevant scopes have begun since their epochs: their
//! *class*, the number of those scopes (the scopes begun since a later
//! epoch are among those begun since an earlier one). The prune too drops
//! them together: it drops an entry once every relevant scope has begun
//! since. A conflict found with a merged entry is one of its accesses'
//! (each byte was touched by one of them, in the same instance of the
//! claim's scopes as the later access).
//!
//! ## How
//!
//! A site's sealed entries of at most [`MOST_BLOCKS`] blocks, class by
//! class (classes are runs of the entries in order: the class falls as
//! the epoch grows), are cut into their blocks; the blocks, by address,
//! are each joined to the run before them when it stays exactly the union
//! ([`Run::extend`]: lossless); if the runs are fewer than the entries,
//! they replace the class's entries, at the place of its last entry and
//! with its epoch (entries stay in order of epoch, and the rewrite is in
//! place: a class writes fewer entries than it read, and no sooner than
//! its last one). The sealed index is made again at the next check.

use super::{Claims, Entry, Epoch, FrameLog, Merge, Run, ScopeId, SiteId};

/// From this many sealed entries on, a prune coalesces them, and again
/// once they have doubled since: a coalesce sorts the blocks of the
/// entries it may merge and the sealed index is made again, so it is kept
/// for logs whose memory counts (65536 entries: 4 MiB with the index).
pub(super) const COALESCE_FROM: usize = 1 << 16;

/// Entries of at most this many blocks are cut into their blocks and may
/// merge; longer strided runs stand for their walk well enough.
const MOST_BLOCKS: u64 = 4;

/// One block of an entry that may merge: `len` bytes from `lo` (16 bytes:
/// a coalesce of a big log makes one a block).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Piece {
    lo: u64,
    len: u32,
}

/// A class replaced by runs: `runs[start..end]` go where its last entry
/// `at` was, the first with the class's `calls`.
#[derive(Copy, Clone, Debug)]
struct Replaced {
    at: u32,
    start: u32,
    end: u32,
    calls: u32,
}

/// What a coalesce replaces: per class, its runs; per sealed entry,
/// whether it goes.
struct Rewrite {
    runs: Vec<Run>,
    classes: Vec<Replaced>,
    gone: Vec<bool>,
}

/// The class of an entry at `epoch` of a site whose relevant scopes are
/// `relevant`: how many of them have begun since.
fn class_of(begins: &[Vec<Epoch>], relevant: &[ScopeId], epoch: Epoch) -> usize {
    let since = |s: &&ScopeId| {
        begins
            .get(**s as usize)
            .and_then(|b| b.last())
            .is_some_and(|&last| last > epoch)
    };
    relevant.iter().filter(since).count()
}

impl FrameLog {
    /// From `entries` sealed entries on (by default [`COALESCE_FROM`]),
    /// a prune coalesces them (conflicts are the same either way, which
    /// property tests hold it to).
    pub fn set_coalesce_from(&mut self, entries: usize) {
        self.coalesce_from = Some(entries);
    }

    /// Coalesces the sealed entries if they are due: enough of them, and
    /// twice as many as the last coalesce of the frame left.
    pub(super) fn coalesce_if_due(&mut self, claims: &impl Claims) {
        let from = self.coalesce_from.unwrap_or(COALESCE_FROM);
        if self.checked >= from.max(2 * self.coalesced) {
            self.coalesce(claims);
            self.coalesced = self.checked;
        }
    }

    /// See the module documentation.
    fn coalesce(&mut self, claims: &impl Claims) {
        let (checked, sites) = (self.checked, self.sites as usize);
        let may = |e: &Entry| {
            e.run.count <= MOST_BLOCKS
                && e.run.len <= u64::from(u32::MAX)
                && (e.site as usize) < sites
        };
        // The sealed entries that may merge, by site (a counting sort).
        let mut starts: Vec<u32> = vec![0; sites + 1];
        for e in self.entries[..checked].iter().filter(|e| may(e)) {
            starts[e.site as usize + 1] += 1;
        }
        for s in 1..starts.len() {
            starts[s] += starts[s - 1];
        }
        let mut by_site: Vec<u32> = vec![0; starts[sites] as usize];
        let mut next = starts.clone();
        for (i, e) in self.entries[..checked].iter().enumerate() {
            if may(e) {
                by_site[next[e.site as usize] as usize] = i as u32;
                next[e.site as usize] += 1;
            }
        }
        let mut out = Rewrite {
            runs: Vec::new(),
            classes: Vec::new(),
            gone: vec![false; checked],
        };
        for site in 0..sites {
            let mine = &by_site[starts[site] as usize..starts[site + 1] as usize];
            if mine.len() >= 2 {
                self.site_classes(claims, site as SiteId, mine, &mut out);
            }
        }
        if !out.classes.is_empty() {
            out.classes.sort_unstable_by_key(|c| c.at);
            self.rewrite(&out);
        }
    }

    /// The classes of one site's entries that may merge (`mine`, indices
    /// in order), each replaced by its runs if they are fewer.
    fn site_classes(&self, claims: &impl Claims, site: SiteId, mine: &[u32], out: &mut Rewrite) {
        let begins = &self.begins[..self.scopes as usize];
        let relevant = match claims.relevant_scopes(site) {
            [] => &self.begun[..],
            listed => listed,
        };
        let class = |i: &u32| class_of(begins, relevant, self.entries[*i as usize].epoch);
        let mut rest = mine;
        while let Some(first) = rest.first() {
            let c = class(first);
            let n = rest.partition_point(|i| class(i) == c);
            debug_assert!(rest[n..].iter().all(|i| class(i) < c));
            if n >= 2 {
                self.replace_class(&rest[..n], out);
            }
            rest = &rest[n..];
        }
    }

    /// One class's entries (`mine`): their blocks by address, each joined
    /// to the run before it when the run stays exactly the union; the
    /// runs replace the entries if they are fewer.
    fn replace_class(&self, mine: &[u32], out: &mut Rewrite) {
        let mut pieces: Vec<Piece> = Vec::new();
        for &i in mine {
            let r = &self.entries[i as usize].run;
            let piece = |k: u64| Piece {
                lo: r.lo + k * r.stride,
                len: r.len as u32,
            };
            pieces.extend((0..r.count).map(piece));
        }
        pieces.sort_unstable();
        let start = out.runs.len();
        for p in &pieces {
            let joined = out.runs[start..]
                .last_mut()
                .is_some_and(|r| r.extend(p.lo, u64::from(p.len)) != Merge::Refused);
            if !joined {
                out.runs.push(Run::single(p.lo, u64::from(p.len)));
            }
            if out.runs.len() - start >= mine.len() {
                out.runs.truncate(start); // not fewer: the entries stay
                return;
            }
        }
        let calls = mine.iter().fold(0u32, |c, &i| {
            c.saturating_add(self.entries[i as usize].calls)
        });
        out.classes.push(Replaced {
            at: mine[mine.len() - 1],
            start: start as u32,
            end: out.runs.len() as u32,
            calls,
        });
        for &i in mine {
            out.gone[i as usize] = true;
        }
    }

    /// Rewrites the sealed entries in place: those `gone` are dropped, and
    /// each class's runs take the place of its last entry, with its epoch
    /// (a class writes fewer entries than it read, all at its last one, so
    /// the writes never pass the reads).
    fn rewrite(&mut self, out: &Rewrite) {
        let checked = self.checked;
        let (mut written, mut classes) = (0, out.classes.iter().peekable());
        for read in 0..checked {
            let e = self.entries[read];
            if !out.gone[read] {
                self.entries[written] = e;
                written += 1;
            } else if let Some(c) = classes.next_if(|c| c.at as usize == read) {
                let runs = &out.runs[c.start as usize..c.end as usize];
                for (k, &run) in runs.iter().enumerate() {
                    debug_assert!(written <= read);
                    self.entries[written] = Entry {
                        run,
                        epoch: e.epoch,
                        site: e.site,
                        // The class's calls go with its first run.
                        calls: if k == 0 { c.calls } else { 0 },
                    };
                    written += 1;
                }
            }
        }
        debug_assert!(classes.next().is_none());
        self.entries.drain(written..checked);
        self.checked = written;
        self.sealed.reset();
    }
}

#[cfg(test)]
mod tests {
    use super::super::{ClaimRule, Claims, Conflict, FrameLog, ScopeId, SiteId};

    /// Site 0 writes an array; site 1 reads, claimed against it by scope
    /// 0 (a `&mut` argument's, begun once); site 2 reads, claimed against
    /// it by scope 1 (an inlined callee's, begun again and again).
    struct Search {
        partners: [Vec<(u32, Vec<ScopeId>)>; 3],
    }

    impl ClaimRule for Search {
        fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32> {
            match (a.min(b), a.max(b)) {
                (0, 1) => Some(0),
                (0, 2) => Some(1),
                _ => None,
            }
        }
        fn scopes(&self, claim: u32) -> &[ScopeId] {
            [&[0][..], &[1][..]][claim as usize]
        }
        fn writes(&self, site: SiteId) -> bool {
            site == 0
        }
    }

    impl Claims for Search {
        fn relevant_scopes(&self, site: SiteId) -> &[ScopeId] {
            [&[0, 1][..], &[0][..], &[1][..]][site as usize]
        }
        fn group(&self, site: SiteId) -> u32 {
            site
        }
        fn partners(&self, group: u32) -> &[(u32, Vec<ScopeId>)] {
            &self.partners[group as usize]
        }
    }

    const A: u64 = 0x10_000;

    /// Marks the 4096 elements of an 8-byte array in a scattered order
    /// (scope 1 begun every 16 marks, a check every 512), then begins
    /// scope 1 and reads element 100 by sites 1 and 2. Returns the
    /// entries left before the reads and what the last check found.
    fn search(coalesce_from: usize) -> (usize, Vec<Conflict>) {
        let mut claims = Search {
            partners: [
                vec![(1, vec![0]), (2, vec![1])],
                vec![(0, vec![0])],
                vec![(0, vec![1])],
            ],
        };
        let mut log = FrameLog::new();
        log.set_coalesce_from(coalesce_from);
        log.reset(3, 2);
        log.begin_scope(0);
        for i in 0..4096u64 {
            if i % 16 == 0 {
                log.begin_scope(1);
            }
            log.access(0, A + 8 * ((i * 2654435761) % 4096), 8);
            if i % 512 == 511 {
                log.check(&mut claims, &mut |c| panic!("{c:?}"));
                log.prune(&claims, usize::MAX);
            }
        }
        let entries = log.entries();
        log.begin_scope(1);
        log.access(1, A + 800, 8);
        log.access(2, A + 800, 8);
        let mut found = Vec::new();
        log.check(&mut claims, &mut |c| found.push(c));
        (entries, found)
    }

    #[test]
    fn a_scattered_search_keeps_fewer_entries_and_the_same_conflicts() {
        let (kept, without) = search(usize::MAX);
        let (coalesced, with) = search(1024);
        // Scattered marks, closed by scope 1 every 16: an entry a stretch
        // of marks a stride apart, all kept (scope 0 never begins).
        assert!(kept > 1000, "{kept}");
        // Coalesced when they doubled: the blocks of the marks so far, and
        // the marks since.
        assert!(coalesced * 2 < kept, "{coalesced} of {kept}");
        // Site 1's read meets the marks in scope 0's instance; site 2's is
        // in a new instance of scope 1 (the marks' are over).
        assert_eq!(with.len(), 1);
        assert_eq!((with[0].first, with[0].second), (0, 1));
        assert_eq!(with[0].overlap, (A + 800, A + 808));
        assert_eq!(
            without
                .iter()
                .map(|c| (c.first, c.second, c.overlap))
                .collect::<Vec<_>>(),
            vec![(0, 1, (A + 800, A + 808))]
        );
    }
}
