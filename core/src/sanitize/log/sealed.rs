//! The sealed entries of a big log by group and address, kept from check
//! to check, and the sweep of a check's new entries against them.
//!
//! A long-running frame (a program's `main`) can hold hundreds of
//! thousands of live entries: accesses scattered through one long
//! instance of a scope (a hash table filled through a `&mut` argument of
//! an inlined call). Every two of them were compared by an earlier check;
//! a check only has to compare the new entries with one another and with
//! the old ones. Sorting every old entry again at each check (checks come
//! every half of the log's size) cost a sort of the whole log per half a
//! log of new entries. The index keeps the old ones sorted instead: a
//! check sorts only new entries (for a partner with old ones, those that
//! can share an instance with them), sweeps them against the partner's
//! old ones, skipping by galloping search what ends before the next one
//! begins, and the next check adds the entries the prune in between kept.
//! A prune renumbers what it keeps.
//!
//! Invariant: `covers <= checked`, and each group's list holds exactly the
//! entries `[..covers]` of that group (groups claimed against no group
//! left out), sorted by (hull start, entry), each with its hull length;
//! `max_len` is at least the longest of them.

use super::spare::give_back;
use super::{Claims, Entry, Epoch, ScopeId, NO_GROUP};

/// A sealed entry in its group's list (16 bytes: the index of a big log
/// is as long as the log).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Held {
    pub lo: u64,
    entry: u32,
    /// The hull's length, `u32::MAX` for that or more (then its end is
    /// taken as the top of the address space: a pair too many to ask
    /// about, never one missed).
    len: u32,
}

impl Held {
    /// Entry `entry` (below `u32::MAX`) of hull `[lo, hi)`.
    pub fn new(lo: u64, hi: u64, entry: usize) -> Held {
        debug_assert!(entry < u32::MAX as usize);
        let len = u32::try_from(hi - lo).unwrap_or(u32::MAX);
        Held {
            lo,
            entry: entry as u32,
            len,
        }
    }

    pub fn entry(&self) -> usize {
        self.entry as usize
    }

    /// The hull's end, or past it (see `len`).
    pub fn hi(&self) -> u64 {
        if self.len == u32::MAX {
            u64::MAX
        } else {
            self.lo + u64::from(self.len)
        }
    }

    fn len(&self) -> u64 {
        self.hi() - self.lo
    }
}

#[derive(Debug, Default)]
struct GroupList {
    by_lo: Vec<Held>,
    /// The longest hull in `by_lo`.
    max_len: u64,
}

/// Entry `i` (`e`) as the index holds it, with its group; None if its
/// group is claimed against no group (nothing is ever compared with it).
fn indexed(e: &Entry, i: usize, claims: &impl Claims) -> Option<(u32, Held)> {
    let g = claims.group(e.site);
    if g == NO_GROUP || claims.partners(g).is_empty() {
        return None;
    }
    let (lo, hi) = e.run.hull();
    Some((g, Held::new(lo, hi, i)))
}

/// See the module documentation.
#[derive(Debug, Default)]
pub(super) struct Sealed {
    /// The index holds entries `[..covers]`, which are sealed (`covers <=
    /// checked`).
    covers: usize,
    /// Per group id.
    groups: Vec<GroupList>,
    /// The groups whose lists are not empty.
    used: Vec<u32>,
    /// Bytes of capacity given back since the last `take_given_back`.
    given_back: usize,
}

impl Sealed {
    /// Empty: a new frame (cost: the groups used, none for a short call).
    pub fn reset(&mut self) {
        for &g in &self.used {
            let list = &mut self.groups[g as usize];
            list.by_lo.clear();
            self.given_back += give_back(&mut list.by_lo);
            list.max_len = 0;
        }
        self.used.clear();
        self.covers = 0;
    }

    /// The bytes of capacity its lists gave back since the last call.
    pub fn take_given_back(&mut self) -> usize {
        std::mem::take(&mut self.given_back)
    }

    /// How many entries (the first) the index holds.
    pub fn covers(&self) -> usize {
        self.covers
    }

    /// Takes the sealed entries it does not hold yet, `[covers..checked]`
    /// (those of groups claimed against some group; `buf`: scratch). A
    /// check asks for them, not the check before: by then the prune in
    /// between has dropped those that could no longer conflict (most of
    /// them, where instances begin often), which are never indexed.
    pub fn catch_up(
        &mut self,
        entries: &[Entry],
        checked: usize,
        claims: &impl Claims,
        buf: &mut Vec<(u32, Held)>,
    ) {
        if self.covers > checked {
            // Never so (a prune renumbers what it keeps); made again.
            self.reset();
        }
        debug_assert!(self.holds_exactly(entries, claims));
        buf.clear();
        let from = self.covers;
        let held = entries[from..checked].iter().enumerate();
        buf.extend(held.filter_map(|(i, e)| indexed(e, from + i, claims)));
        buf.sort_unstable();
        for run in buf.chunk_by(|a, b| a.0 == b.0) {
            self.add(run[0].0, run.iter().map(|&(_, h)| h));
        }
        self.covers = checked;
    }

    /// The invariant (see the module documentation), for debug builds.
    fn holds_exactly(&self, entries: &[Entry], claims: &impl Claims) -> bool {
        let mut want: Vec<(u32, Held)> = entries[..self.covers]
            .iter()
            .enumerate()
            .filter_map(|(i, e)| indexed(e, i, claims))
            .collect();
        want.sort_unstable();
        let mut have: Vec<(u32, Held)> = Vec::new();
        for (g, list) in self.groups.iter().enumerate() {
            let long = list.by_lo.iter().map(Held::len).max().unwrap_or(0);
            let used = self.used.contains(&(g as u32));
            if long > list.max_len || list.by_lo.is_empty() == used {
                return false;
            }
            have.extend(list.by_lo.iter().map(|&h| (g as u32, h)));
        }
        have == want
    }

    /// The group's list, made known as used.
    fn list(&mut self, g: u32) -> &mut GroupList {
        let k = g as usize;
        if self.groups.len() <= k {
            self.groups.resize_with(k + 1, GroupList::default);
        }
        if self.groups[k].by_lo.is_empty() && !self.used.contains(&g) {
            self.used.push(g);
        }
        &mut self.groups[k]
    }

    /// The sealed entries of group `g`, by address, and their longest hull.
    pub fn of(&self, g: u32) -> Side<'_, Held> {
        self.groups.get(g as usize).map_or(
            Side {
                by_lo: &[],
                max_len: 0,
            },
            |l| Side {
                by_lo: &l.by_lo,
                max_len: l.max_len,
            },
        )
    }

    /// Adds entries of group `g` (sorted), merged in from the back.
    fn add(&mut self, g: u32, new: impl DoubleEndedIterator<Item = Held> + ExactSizeIterator) {
        let list = self.list(g);
        let (n, m) = (list.by_lo.len(), new.len());
        list.by_lo.resize(n + m, Held::default());
        let v = &mut list.by_lo;
        let (mut i, mut k) = (n, n + m);
        for h in new.rev() {
            while i > 0 && v[i - 1] > h {
                v[k - 1] = v[i - 1];
                (i, k) = (i - 1, k - 1);
            }
            v[k - 1] = h;
            k -= 1;
            list.max_len = list.max_len.max(h.len());
        }
        debug_assert!(v.windows(2).all(|w| w[0] < w[1]));
    }

    /// A prune kept entry `i` (of those the index holds) as entry
    /// `map[i] - gone`, or dropped it (`map[i]` is `u32::MAX` or below
    /// `gone`); the index then holds `[..covers]`.
    pub fn renumber(&mut self, map: &[u32], gone: usize, covers: usize) {
        for &g in &self.used {
            let list = &mut self.groups[g as usize];
            let mut max_len = 0;
            list.by_lo.retain_mut(|h| {
                let to = map[h.entry()];
                let kept = to != u32::MAX && to as usize >= gone;
                if kept {
                    h.entry = to - gone as u32;
                    max_len = max_len.max(h.len());
                }
                kept
            });
            list.max_len = max_len;
            self.given_back += give_back(&mut list.by_lo);
        }
        self.used
            .retain(|&g| !self.groups[g as usize].by_lo.is_empty());
        self.covers = covers;
    }
}

/// Which old entries (before `checked`) a new one can share an instance of
/// every scope of `scopes` with: a new entry of an epoch before the first
/// returned (the first begin of any of them after the last old entry's
/// epoch) shares one with exactly the old entries from the second
/// returned on (the first entry of the last instance the old ones reach).
/// Epochs only grow along the log, and no begin falls between that last
/// old epoch and such a new entry.
pub(super) fn last_old_instance(
    entries: &[Entry],
    checked: usize,
    begins: &[Vec<Epoch>],
    scopes: &[ScopeId],
) -> (Epoch, usize) {
    let last = entries[checked - 1].epoch;
    let (mut until, mut since) = (Epoch::MAX, 0);
    for s in scopes {
        let Some(b) = begins.get(*s as usize) else {
            continue;
        };
        let n = b.partition_point(|&e| e <= last);
        if n > 0 {
            since = since.max(b[n - 1]);
        }
        if let Some(&next) = b.get(n) {
            until = until.min(next);
        }
    }
    (
        until,
        entries[..checked].partition_point(|e| e.epoch < since),
    )
}

/// A new entry as the check sorts it: by (hull start, entry).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Fresh {
    pub lo: u64,
    pub entry: usize,
    pub hi: u64,
    pub epoch: Epoch,
}

/// The longest hull of `v` (a [`Side`]'s `max_len`).
pub(super) fn longest(v: &[Fresh]) -> u64 {
    v.iter().map(|f| f.hi - f.lo).max().unwrap_or(0)
}

impl Fresh {
    pub fn of(entries: &[Entry], entry: usize) -> Fresh {
        let (lo, hi) = entries[entry].run.hull();
        let epoch = entries[entry].epoch;
        Fresh {
            lo,
            entry,
            hi,
            epoch,
        }
    }
}

/// The index of the first element of `v` from `from` on that is not
/// `before` (`v[from..]` is partitioned by it): searched forward in
/// growing steps, so that a short move costs little and a long one its log.
pub(super) fn gallop<T>(v: &[T], from: usize, before: impl Fn(&T) -> bool) -> usize {
    let (mut lo, mut step) = (from, 1);
    while lo + step <= v.len() && before(&v[lo + step - 1]) {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(v.len());
    lo + v[lo..hi].partition_point(before)
}

/// One side of [`sweep_against_sealed`]: its entries by hull start, and
/// their longest hull.
pub(super) struct Side<'a, T> {
    pub by_lo: &'a [T],
    pub max_len: u64,
}

/// Sweeps `new` (new entries of one group, by address; those of an epoch
/// from `until` on left out) against `old` (a partner group's sealed
/// entries by address; those before entry `from` left out), calling
/// `pair(old entry, new entry)` for each two whose hulls meet, each once.
/// While one side has no active entry, the other side's entries that end
/// before the next entry of the first begins (known from their longest
/// hull) are skipped by a galloping search: a few new entries against a
/// long index, or the other way, cost the log of the long side each.
pub(super) fn sweep_against_sealed(
    new: Side<Fresh>,
    until: Epoch,
    old: Side<Held>,
    from: usize,
    active: &mut [Vec<(u64, usize)>; 2],
    mut pair: impl FnMut(usize, usize),
) {
    let (new, old_max, new_max, old) = (new.by_lo, old.max_len, new.max_len, old.by_lo);
    let [active_old, active_new] = active;
    active_old.clear();
    active_new.clear();
    let (mut p, mut q) = (0, 0);
    loop {
        if p < new.len() && q < old.len() {
            // What ends before the other side's next entry begins, while
            // nothing of the other side is active, meets nothing more.
            if active_new.is_empty() && old[q].lo < new[p].lo.saturating_sub(old_max) {
                let skip = new[p].lo - old_max;
                q = gallop(old, q, |o| o.lo < skip);
                active_old.clear();
            } else if active_old.is_empty() && new[p].lo < old[q].lo.saturating_sub(new_max) {
                let skip = old[q].lo - new_max;
                p = gallop(new, p, |n| n.lo < skip);
                active_new.clear();
            }
        }
        let take_old = q < old.len() && (p == new.len() || old[q].lo <= new[p].lo);
        if take_old {
            if p == new.len() && active_new.is_empty() {
                break;
            }
            let o = old[q];
            q += 1;
            if o.entry() < from {
                continue;
            }
            active_new.retain(|&(hi, _)| hi > o.lo);
            for &(_, n) in active_new.iter() {
                pair(o.entry(), n);
            }
            active_old.push((o.hi(), o.entry()));
        } else if p < new.len() {
            if q == old.len() && active_old.is_empty() {
                break;
            }
            let n = new[p];
            p += 1;
            if n.epoch >= until {
                continue;
            }
            active_old.retain(|&(hi, _)| hi > n.lo);
            for &(_, o) in active_old.iter() {
                pair(o, n.entry);
            }
            active_new.push((n.hi, n.entry));
        } else {
            break;
        }
    }
}
