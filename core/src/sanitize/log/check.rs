//! [`FrameLog::check`]: each pair of entries compared at most once, a
//! short log pair by pair, a long one by claimed groups of sites (see
//! the parent module's documentation, "The check").

use super::{Claims, Conflict, Entry, Epoch, FrameLog, ScopeId, DIRECT_PAIRS, NO_GROUP};

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
    /// one of them new.
    fn pairs_directly(&mut self, claims: &mut impl Claims) {
        let begins = &self.begins[..self.scopes as usize];
        let entries = &self.entries;
        // Each hull once (a strided run's end is a product).
        self.scratch.hulls.clear();
        self.scratch
            .hulls
            .extend(entries.iter().map(|e| e.run.hull()));
        let hulls = &self.scratch.hulls;
        for late in self.checked.max(1)..entries.len() {
            let (lo, hi) = hulls[late];
            for (early, &(elo, ehi)) in hulls[..late].iter().enumerate() {
                if elo >= hi || lo >= ehi {
                    continue;
                }
                if let Some(c) = conflict(&entries[early], &entries[late], begins, claims) {
                    self.scratch.pending.push((late, early, c));
                }
            }
        }
    }

    /// A big log: for each pair of partner groups that both have entries,
    /// one of them new, their entries grouped by instance of the claim's
    /// scopes and swept by address. Groups that no claim relates cost
    /// nothing, however much their hulls overlap; groups without a new
    /// entry and no partner with one are not even sorted.
    fn pairs_by_group(&mut self, claims: &mut impl Claims) {
        let begins = &self.begins[..self.scopes as usize];
        let entries = &self.entries;
        let checked = self.checked;
        // The groups of the new entries, and theirs with their partners.
        self.scratch.fresh.clear();
        self.scratch
            .fresh
            .extend(entries[checked..].iter().map(|e| claims.group(e.site)));
        self.scratch.fresh.sort_unstable();
        self.scratch.fresh.dedup();
        if self.scratch.fresh.last() == Some(&NO_GROUP) {
            self.scratch.fresh.pop();
        }
        self.scratch.wanted.clear();
        for &g in &self.scratch.fresh {
            self.scratch.wanted.push(g);
            self.scratch
                .wanted
                .extend(claims.partners(g).iter().map(|&(h, _)| h));
        }
        self.scratch.wanted.sort_unstable();
        self.scratch.wanted.dedup();
        // Their entries by group, each group's in log order (so in order
        // of epoch): counted per group, then placed.
        self.scratch.spans.clear();
        self.scratch
            .spans
            .extend(self.scratch.wanted.iter().map(|&g| (g, 0, 0)));
        // Each entry's place among the wanted groups (4 bytes an entry).
        self.scratch.places.clear();
        let mut placed = 0;
        for e in entries {
            let k = self.scratch.wanted.binary_search(&claims.group(e.site));
            self.scratch.places.push(k.map_or(u32::MAX, |k| k as u32));
            if let Ok(k) = k {
                self.scratch.spans[k].2 += 1;
                placed += 1;
            }
        }
        let mut start = 0;
        for span in &mut self.scratch.spans {
            let count = span.2;
            (span.1, span.2) = (start, start);
            start += count;
        }
        self.scratch.order.clear();
        self.scratch.order.resize(placed, 0);
        for (i, &k) in self.scratch.places.iter().enumerate() {
            if let Some(span) = self.scratch.spans.get_mut(k as usize) {
                self.scratch.order[span.2] = i;
                span.2 += 1;
            }
        }
        self.scratch.addressed.clear();
        self.scratch.sorted_at.clear();
        self.scratch
            .sorted_at
            .resize(self.scratch.spans.len(), usize::MAX);
        for &g in &self.scratch.fresh {
            let Ok(x) = self.scratch.spans.binary_search_by_key(&g, |s| s.0) else {
                continue;
            };
            let (_, a0, a1) = self.scratch.spans[x];
            for k in 0..claims.partners(g).len() {
                let h = claims.partners(g)[k].0;
                // A pair of new groups is swept once, from the first.
                if h < g && self.scratch.fresh.binary_search(&h).is_ok() {
                    continue;
                }
                let Ok(y) = self.scratch.spans.binary_search_by_key(&h, |s| s.0) else {
                    continue;
                };
                let (_, b0, b1) = self.scratch.spans[y];
                if b0 == b1 {
                    continue;
                }
                let scopes = &claims.partners(g)[k].1;
                let one_instance = scopes
                    .iter()
                    .all(|s| begins.get(*s as usize).is_none_or(Vec::is_empty));
                if one_instance {
                    // Each side by address, sorted once a check (appended
                    // to `addressed` when first needed), merged.
                    for &(z, z0, z1) in &[(x, a0, a1), (y, b0, b1)] {
                        if self.scratch.sorted_at[z] == usize::MAX {
                            let at = self.scratch.addressed.len();
                            self.scratch.sorted_at[z] = at;
                            let by_lo = self.scratch.order[z0..z1]
                                .iter()
                                .map(|&i| (entries[i].run.lo, i));
                            self.scratch.addressed.extend(by_lo);
                            self.scratch.addressed[at..].sort_unstable();
                        }
                    }
                    let side = |z: usize, len: usize| {
                        &self.scratch.addressed[self.scratch.sorted_at[z]..][..len]
                    };
                    let a = side(x, a1 - a0);
                    let b = if x == y { &[][..] } else { side(y, b1 - b0) };
                    self.scratch.group.clear();
                    let by_address = merged(a, b, |&(lo, i)| (lo, i));
                    self.scratch
                        .group
                        .extend(by_address.map(|(i, side)| (0, entries[i].run.lo, i, side)));
                } else {
                    let (a, b) = (&self.scratch.order[a0..a1], &self.scratch.order[b0..b1]);
                    let b = if x == y { &b[..0] } else { b };
                    by_instance(
                        &mut self.scratch.group,
                        &mut self.scratch.cursors,
                        entries,
                        begins,
                        scopes,
                        a,
                        b,
                        checked,
                    );
                }
                // An entry meets the other side's active entries (its own
                // for a group against itself); two old ones met before.
                let mut current = u64::MAX;
                for &(inst, lo, i, side) in &self.scratch.group {
                    if inst != current {
                        current = inst;
                        self.scratch.active.iter_mut().for_each(Vec::clear);
                    }
                    let against = usize::from(if x == y { side } else { 1 - side });
                    let against = &mut self.scratch.active[against];
                    against.retain(|&(hi, _)| hi > lo);
                    for &(_, j) in against.iter() {
                        let (early, late) = (i.min(j), i.max(j));
                        if late < checked {
                            continue;
                        }
                        if let Some(c) = conflict(&entries[early], &entries[late], begins, claims) {
                            self.scratch.pending.push((late, early, c));
                        }
                    }
                    self.scratch.active[usize::from(side)].push((entries[i].run.hull().1, i));
                }
            }
        }
    }
}

/// Fills `group` with the entries of both sides (each in log order; `b`
/// empty for a group against itself) that can make a pair not compared
/// yet, as (instance, hull start, entry, side), sorted: by instance of the
/// claim's `scopes` (some begun in the frame), then by address.
///
/// Two entries are in one instance of every scope exactly when the begins
/// of those scopes up to their epochs are as many (each count only grows
/// with the epoch). So the instances of entries in log order never
/// decrease: the two sides merged by entry are in order of instance, and
/// only each instance's entries are left to sort by address (a few each,
/// where instances begin often). An instance whose entries are all from
/// before the last check (`checked`: each two of them were compared then),
/// or all of one side (of the one group's, a single entry), can make no
/// pair to compare: its entries are left out.
#[allow(clippy::too_many_arguments)]
fn by_instance(
    group: &mut Vec<(u64, u64, usize, u8)>,
    cursors: &mut Vec<usize>,
    entries: &[Entry],
    begins: &[Vec<Epoch>],
    scopes: &[ScopeId],
    a: &[usize],
    b: &[usize],
    checked: usize,
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
    // The current instance's entries are group[from..]: which sides, and
    // whether one is new.
    let (mut from, mut sides, mut new) = (0, [false; 2], false);
    let close =
        |group: &mut Vec<(u64, u64, usize, u8)>, from: usize, sides: [bool; 2], new: bool| {
            let pairs = if one_group {
                group.len() - from >= 2
            } else {
                sides[0] && sides[1]
            };
            if new && pairs {
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
            close(group, from, sides, new);
            (from, sides, new, current) = (group.len(), [false; 2], false, inst);
        }
        sides[usize::from(side)] = true;
        new |= i >= checked;
        group.push((inst, entries[i].run.lo, i, side));
    }
    close(group, from, sides, new);
}

/// How many of the sorted epochs `b` are at most `epoch`, given that the
/// first `from` are: searched forward from there in growing steps, so
/// that counting for growing epochs costs the log of each move.
fn count_up_to(b: &[Epoch], from: usize, epoch: Epoch) -> usize {
    debug_assert!(b[..from].iter().all(|&e| e <= epoch));
    let (mut lo, mut step) = (from, 1);
    while lo + step <= b.len() && b[lo + step - 1] <= epoch {
        lo += step;
        step *= 2;
    }
    let hi = (lo + step).min(b.len());
    lo + b[lo..hi].partition_point(|&e| e <= epoch)
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
