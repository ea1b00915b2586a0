//! [`FrameLog::check`]: each pair of entries compared at most once, a
//! short log pair by pair, a long one by claimed groups of sites (see
//! the parent module's documentation, "The check").

use super::sealed::{gallop, last_old_instance, longest, sweep_against_sealed, Fresh, Side};
use super::{
    Claims, Conflict, Entry, Epoch, FrameLog, ScopeId, DIRECT_PAIRS, NO_GROUP, SWEEP_FROM,
};

impl FrameLog {
    /// Calls `found` for every conflict among the logged accesses that
    /// involves one logged since the last check (see the module
    /// documentation), in the order they arose; the entries so far are
    /// sealed.
    pub fn check(&mut self, claims: &mut impl Claims, found: &mut impl FnMut(Conflict)) {
        for hit in self.hits.drain(..) {
            let Some(claim) = claims.claim(hit.site, hit.site) else {
                continue;
            };
            if claims.writes(hit.site) {
                found(Conflict {
                    first: hit.site,
                    second: hit.site,
                    claim,
                    overlap: (hit.lo, hit.hi),
                    first_epoch: hit.epoch,
                    second_epoch: hit.epoch,
                });
            }
        }
        if self.checked == self.entries.len() {
            return;
        }
        if self.entries.len() <= self.direct_pairs.unwrap_or(DIRECT_PAIRS) {
            self.pairs_directly(claims);
        } else {
            self.pairs_by_group(claims);
        }
        self.checked = self.entries.len();
        // Pairs are found in no particular order; the user reads them by
        // time.
        self.scratch
            .pending
            .sort_unstable_by_key(|&(late, early, _)| (late, early));
        for (_, _, c) in self.scratch.pending.drain(..) {
            found(c);
        }
    }

    /// A small log (a short call's): every two entries whose hulls meet,
    /// one of them new; beyond [`SWEEP_FROM`] entries found by a sweep by
    /// address rather than by trying every two.
    fn pairs_directly(&mut self, claims: &mut impl Claims) {
        let begins = &self.begins[..self.scopes as usize];
        let (entries, checked, s) = (&self.entries, self.checked, &mut self.scratch);
        let mut pair = |early: usize, late: usize| {
            if let Some(c) = conflict(&entries[early], &entries[late], begins, claims) {
                s.pending.push((late, early, c));
            }
        };
        if entries.len() > SWEEP_FROM {
            s.by_start.clear();
            let hulls = entries.iter().enumerate().map(|(i, e)| (e.run.hull(), i));
            s.by_start.extend(hulls.map(|((lo, hi), i)| (lo, i, hi)));
            s.by_start.sort_unstable();
            let active = &mut s.active[0];
            active.clear();
            for &(lo, i, hi) in &s.by_start {
                active.retain(|&(end, _)| end > lo);
                for &(_, j) in active.iter() {
                    if i.max(j) >= checked {
                        pair(i.min(j), i.max(j));
                    }
                }
                active.push((hi, i));
            }
            return;
        }
        // Each hull once (a strided run's end is a product).
        s.hulls.clear();
        s.hulls.extend(entries.iter().map(|e| e.run.hull()));
        for late in checked.max(1)..entries.len() {
            let (lo, hi) = s.hulls[late];
            for early in 0..late {
                let (elo, ehi) = s.hulls[early];
                if elo < hi && lo < ehi {
                    pair(early, late);
                }
            }
        }
    }

    /// A big log: the new entries of each group that has some, against
    /// the new ones of its partner groups (grouped by instance of the
    /// claim's scopes and swept by address) and against their sealed ones
    /// (swept by address against the log's index of them, [`Sealed`]).
    /// Groups that no claim relates cost nothing, however much their hulls
    /// overlap; the old entries of a group whose partners have nothing new
    /// are not even looked at.
    ///
    /// [`Sealed`]: super::sealed::Sealed
    fn pairs_by_group(&mut self, claims: &mut impl Claims) {
        let sealing = &mut self.scratch.sealing;
        self.sealed
            .catch_up(&self.entries, self.checked, claims, sealing);
        self.place_new(claims);
        for x in 0..self.scratch.fresh.len() {
            let g = self.scratch.fresh[x];
            for k in 0..claims.partners(g).len() {
                let h = claims.partners(g)[k].0;
                self.new_against_sealed(x, h, k, claims);
                // A pair of new groups is swept once, from the first.
                match self.scratch.fresh.binary_search(&h) {
                    Ok(y) if y >= x => self.new_against_new(x, y, k, claims),
                    _ => {}
                }
            }
        }
    }

    /// The groups of the new entries (`fresh`), and their new entries by
    /// group (`order`, each group's span in `spans`, in log order, so in
    /// order of epoch), none sorted by address yet.
    fn place_new(&mut self, claims: &impl Claims) {
        let (checked, s) = (self.checked, &mut self.scratch);
        let new = &self.entries[checked..];
        s.fresh.clear();
        s.fresh.extend(new.iter().map(|e| claims.group(e.site)));
        s.fresh.sort_unstable();
        s.fresh.dedup();
        if s.fresh.last() == Some(&NO_GROUP) {
            s.fresh.pop();
        }
        // Counted per group, then placed.
        s.spans.clear();
        s.spans.extend(s.fresh.iter().map(|&g| (g, 0, 0)));
        s.places.clear();
        let mut placed = 0;
        for e in new {
            let k = s.fresh.binary_search(&claims.group(e.site));
            s.places.push(k.map_or(u32::MAX, |k| k as u32));
            if let Ok(k) = k {
                s.spans[k].2 += 1;
                placed += 1;
            }
        }
        let mut start = 0;
        for span in &mut s.spans {
            let count = span.2;
            (span.1, span.2) = (start, start);
            start += count;
        }
        s.order.clear();
        s.order.resize(placed, 0);
        s.span_hulls.clear();
        s.span_hulls.resize(s.spans.len(), (u64::MAX, 0));
        for (i, &k) in s.places.iter().enumerate() {
            if let Some(span) = s.spans.get_mut(k as usize) {
                s.order[span.2] = checked + i;
                span.2 += 1;
                let (lo, hi) = new[i].run.hull();
                let hull = &mut s.span_hulls[k as usize];
                *hull = (hull.0.min(lo), hull.1.max(hi));
            }
        }
        s.addressed.clear();
        s.sorted_at.clear();
        s.sorted_at.resize(s.spans.len(), usize::MAX);
        s.fresh_max_len.clear();
        s.fresh_max_len.resize(s.spans.len(), 0);
    }

    /// The new entries of span `z` by address (sorted when first asked
    /// for in a check): where they start in `addressed`.
    fn sorted(&mut self, z: usize) -> usize {
        let s = &mut self.scratch;
        if s.sorted_at[z] == usize::MAX {
            let (_, z0, z1) = s.spans[z];
            let at = s.addressed.len();
            let entries = &self.entries;
            let fresh = s.order[z0..z1].iter().map(|&i| Fresh::of(entries, i));
            s.addressed.extend(fresh);
            let sorted = &mut s.addressed[at..];
            sorted.sort_unstable();
            s.fresh_max_len[z] = longest(sorted);
            s.sorted_at[z] = at;
        }
        s.sorted_at[z]
    }

    /// The new entries of span `x` against the sealed ones of group `h`,
    /// its `k`-th partner: only those that can share an instance of the
    /// claim's scopes with some of them ([`last_old_instance`]).
    fn new_against_sealed(&mut self, x: usize, h: u32, k: usize, claims: &mut impl Claims) {
        let checked = self.checked;
        let old = self.sealed.of(h);
        let (Some(first), Some(last)) = (old.by_lo.first(), old.by_lo.last()) else {
            return;
        };
        // As against new entries: no pair unless the hulls meet (the
        // sealed ones' within [first start, last start + longest)).
        let (lo, hi) = self.scratch.span_hulls[x];
        if checked == 0 || hi <= first.lo || last.lo.saturating_add(old.max_len) <= lo {
            return;
        }
        let (g, a0, a1) = self.scratch.spans[x];
        let begins = &self.begins[..self.scopes as usize];
        let scopes = &claims.partners(g)[k].1;
        let (until, from) = last_old_instance(&self.entries, checked, begins, scopes);
        let span = &self.scratch.order[a0..a1];
        let n = span.partition_point(|&i| self.entries[i].epoch < until);
        if n == 0 {
            return;
        }
        // All of them: sorted once a check; a first few: sorted here.
        let full = n == span.len();
        let new = if full {
            let at = self.sorted(x);
            Side {
                by_lo: &self.scratch.addressed[at..][..n],
                max_len: self.scratch.fresh_max_len[x],
            }
        } else {
            let (entries, prefix) = (&self.entries, &mut self.scratch.prefix);
            prefix.clear();
            let first = &self.scratch.order[a0..a0 + n];
            prefix.extend(first.iter().map(|&i| Fresh::of(entries, i)));
            prefix.sort_unstable();
            let max_len = longest(prefix);
            Side {
                by_lo: &self.scratch.prefix,
                max_len,
            }
        };
        let (entries, pending) = (&self.entries, &mut self.scratch.pending);
        let begins = &self.begins[..self.scopes as usize];
        let pair = |o: usize, n: usize| {
            if let Some(c) = conflict(&entries[o], &entries[n], begins, claims) {
                pending.push((n, o, c));
            }
        };
        let active = &mut self.scratch.active;
        sweep_against_sealed(new, until, self.sealed.of(h), from, active, pair);
    }

    /// The new entries of spans `x` and `y` (`x <= y`; the same: a group
    /// against itself) against one another, for the `k`-th partner of
    /// `x`'s group: by instance of the claim's scopes, then by address.
    fn new_against_new(&mut self, x: usize, y: usize, k: usize, claims: &mut impl Claims) {
        // Two entries that share a byte lie in both spans' hulls: two
        // groups whose new entries' hulls do not meet make no pair (a
        // counter and a buffer, new entries each check: the common case).
        let ((alo, ahi), (blo, bhi)) = (self.scratch.span_hulls[x], self.scratch.span_hulls[y]);
        if x != y && !(alo < bhi && blo < ahi) {
            return;
        }
        let (g, a0, a1) = self.scratch.spans[x];
        let (_, b0, b1) = self.scratch.spans[y];
        let one_instance = claims.partners(g)[k]
            .1
            .iter()
            .all(|s| self.begins.get(*s as usize).is_none_or(Vec::is_empty));
        if one_instance {
            // Both sides by address, merged.
            let (at, bt) = (self.sorted(x), self.sorted(y));
            let s = &mut self.scratch;
            let a = &s.addressed[at..][..a1 - a0];
            let b = if x == y {
                &[][..]
            } else {
                &s.addressed[bt..][..b1 - b0]
            };
            s.group.clear();
            let by_address = merged(a, b, |f| (f.lo, f.entry));
            s.group
                .extend(by_address.map(|(i, side)| (0, self.entries[i].run.lo, i, side)));
        } else {
            let s = &mut self.scratch;
            let (a, b) = (&s.order[a0..a1], &s.order[b0..b1]);
            let b = if x == y { &b[..0] } else { b };
            let (group, cursors) = (&mut s.group, &mut s.cursors);
            let begins = &self.begins[..self.scopes as usize];
            let scopes = &claims.partners(g)[k].1;
            by_instance(group, cursors, &self.entries, begins, scopes, a, b);
        }
        let begins = &self.begins[..self.scopes as usize];
        // An entry meets the other side's active entries (its own for a
        // group against itself).
        let (entries, s) = (&self.entries, &mut self.scratch);
        let mut current = u64::MAX;
        for &(inst, lo, i, side) in &s.group {
            if inst != current {
                current = inst;
                s.active.iter_mut().for_each(Vec::clear);
            }
            let against = usize::from(if x == y { side } else { 1 - side });
            let against = &mut s.active[against];
            against.retain(|&(hi, _)| hi > lo);
            for &(_, j) in against.iter() {
                let (early, late) = (i.min(j), i.max(j));
                if let Some(c) = conflict(&entries[early], &entries[late], begins, claims) {
                    s.pending.push((late, early, c));
                }
            }
            s.active[usize::from(side)].push((entries[i].run.hull().1, i));
        }
    }
}

/// Fills `group` with the new entries of both sides (each in log order;
/// `b` empty for a group against itself) that can make a pair, as
/// (instance, hull start, entry, side), sorted: by instance of the
/// claim's `scopes` (some begun in the frame), then by address.
///
/// Two entries are in one instance of every scope exactly when the begins
/// of those scopes up to their epochs are as many (each count only grows
/// with the epoch). So the instances of entries in log order never
/// decrease: the two sides merged by entry are in order of instance, and
/// only each instance's entries are left to sort by address (a few each,
/// where instances begin often). An instance whose entries are all of one
/// side (of the one group's, a single entry) can make no pair: its
/// entries are left out.
fn by_instance(
    group: &mut Vec<(u64, u64, usize, u8)>,
    cursors: &mut Vec<usize>,
    entries: &[Entry],
    begins: &[Vec<Epoch>],
    scopes: &[ScopeId],
    a: &[usize],
    b: &[usize],
) {
    // Per scope, its begins up to the last entry's epoch: epochs only grow
    // along the merge, so each count goes on from the last, and the
    // instance stays until the next begin of any of the scopes.
    cursors.clear();
    cursors.resize(scopes.len(), 0);
    let (mut sum, mut until) = (0, 0);
    let mut instance = |i: usize| -> u64 {
        let epoch = entries[i].epoch;
        if epoch < until {
            return sum;
        }
        (sum, until) = (0, Epoch::MAX);
        for (at, s) in cursors.iter_mut().zip(scopes) {
            if let Some(b) = begins.get(*s as usize) {
                *at = count_up_to(b, *at, epoch);
                sum += *at as u64;
                until = until.min(b.get(*at).copied().unwrap_or(Epoch::MAX));
            }
        }
        sum
    };
    let one_group = b.is_empty();
    // The current instance's entries are group[from..], of these sides.
    let (mut from, mut sides) = (0, [false; 2]);
    let close = |group: &mut Vec<(u64, u64, usize, u8)>, from: usize, sides: [bool; 2]| {
        let pairs = if one_group {
            group.len() - from >= 2
        } else {
            sides[0] && sides[1]
        };
        if pairs {
            group[from..].sort_unstable();
        } else {
            group.truncate(from);
        }
    };
    group.clear();
    let mut current = u64::MAX;
    for (i, side) in merged(a, b, |&i| (i as u64, i)) {
        let inst = instance(i);
        debug_assert!(current == u64::MAX || inst >= current);
        if inst != current {
            close(group, from, sides);
            (from, sides, current) = (group.len(), [false; 2], inst);
        }
        sides[usize::from(side)] = true;
        group.push((inst, entries[i].run.lo, i, side));
    }
    close(group, from, sides);
}

/// How many of the sorted epochs `b` are at most `epoch`, given that the
/// first `from` are (see [`gallop`]).
fn count_up_to(b: &[Epoch], from: usize, epoch: Epoch) -> usize {
    debug_assert!(b[..from].iter().all(|&e| e <= epoch));
    gallop(b, from, |&e| e <= epoch)
}

/// The entries of `a` (side 0) and `b` (side 1), each sorted by the first
/// of `key` (its sort key, then the entry), merged by it (`a`'s first on
/// a tie), as (entry, side).
fn merged<'a, T>(
    a: &'a [T],
    b: &'a [T],
    key: impl Fn(&T) -> (u64, usize) + 'a,
) -> impl Iterator<Item = (usize, u8)> + 'a {
    let (mut p, mut q) = (0, 0);
    std::iter::from_fn(move || {
        let take_a = q == b.len() || (p < a.len() && key(&a[p]).0 <= key(&b[q]).0);
        if take_a && p == a.len() {
            return None;
        }
        let next = if take_a {
            (key(&a[p]).1, 0)
        } else {
            (key(&b[q]).1, 1)
        };
        (p, q) = if take_a { (p + 1, q) } else { (p, q + 1) };
        Some(next)
    })
}

/// The conflict between entries `a` and `b` (`a` logged first), if any.
pub(super) fn conflict(
    a: &Entry,
    b: &Entry,
    begins: &[Vec<Epoch>],
    claims: &mut impl Claims,
) -> Option<Conflict> {
    // Two reads never conflict: asked first, it spares the claim's look-up.
    if !claims.writes(a.site) && !claims.writes(b.site) {
        return None;
    }
    let claim = claims.claim(a.site, b.site)?;
    let (x, y) = (a.epoch, b.epoch);
    let same = |s: &ScopeId| {
        let Some(b) = begins.get(*s as usize) else {
            return true;
        };
        let next = b.partition_point(|&e| e <= x);
        next == b.len() || b[next] > y
    };
    if !claims.scopes(claim).iter().all(same) {
        return None;
    }
    let overlap = a.run.first_overlap(&b.run)?;
    Some(Conflict {
        first: a.site,
        second: b.site,
        claim,
        overlap,
        first_epoch: x,
        second_epoch: y,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Counting forward from any count already known gives what a
        /// binary search over all of them gives.
        #[test]
        fn counting_forward_is_counting(
            mut b in proptest::collection::vec(0u64..64, 0..40),
            epochs in proptest::collection::vec(0u64..70, 1..8),
        ) {
            b.sort_unstable();
            let mut epochs = epochs;
            epochs.sort_unstable();
            let mut at = 0;
            for epoch in epochs {
                let want = b.partition_point(|&e| e <= epoch);
                at = count_up_to(&b, at, epoch);
                prop_assert_eq!(at, want);
            }
        }
    }
}
