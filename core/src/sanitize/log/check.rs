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
        self.pending
            .sort_unstable_by_key(|&(late, early, _)| (late, early));
        for (_, _, c) in self.pending.drain(..) {
            found(c);
        }
    }

    /// A small log (a short call's): every two entries whose hulls meet,
    /// one of them new.
    fn pairs_directly(&mut self, claims: &mut impl Claims) {
        let begins = &self.begins[..self.scopes as usize];
        let entries = &self.entries;
        // Each hull once (a strided run's end is a product).
        self.hulls.clear();
        self.hulls.extend(entries.iter().map(|e| e.run.hull()));
        let hulls = &self.hulls;
        for late in self.checked.max(1)..entries.len() {
            let (lo, hi) = hulls[late];
            for (early, &(elo, ehi)) in hulls[..late].iter().enumerate() {
                if elo >= hi || lo >= ehi {
                    continue;
                }
                if let Some(c) = conflict(&entries[early], &entries[late], begins, claims) {
                    self.pending.push((late, early, c));
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
        self.fresh.clear();
        self.fresh
            .extend(entries[checked..].iter().map(|e| claims.group(e.site)));
        self.fresh.sort_unstable();
        self.fresh.dedup();
        if self.fresh.last() == Some(&NO_GROUP) {
            self.fresh.pop();
        }
        self.wanted.clear();
        for &g in &self.fresh {
            self.wanted.push(g);
            self.wanted
                .extend(claims.partners(g).iter().map(|&(h, _)| h));
        }
        self.wanted.sort_unstable();
        self.wanted.dedup();
        // Their entries by group (then address); each group's span.
        self.order.clear();
        for (i, e) in entries.iter().enumerate() {
            let g = claims.group(e.site);
            if self.wanted.binary_search(&g).is_ok() {
                self.order.push((u64::from(g), i));
            }
        }
        self.order
            .sort_unstable_by_key(|&(g, i)| (g, entries[i].run.lo));
        self.spans.clear();
        let mut start = 0;
        while start < self.order.len() {
            let g = self.order[start].0;
            let end = start + self.order[start..].partition_point(|&(h, _)| h == g);
            self.spans.push((g as u32, start, end));
            start = end;
        }
        for &g in &self.fresh {
            let Ok(x) = self.spans.binary_search_by_key(&g, |s| s.0) else {
                continue;
            };
            let (_, a0, a1) = self.spans[x];
            for k in 0..claims.partners(g).len() {
                let h = claims.partners(g)[k].0;
                // A pair of new groups is swept once, from the first.
                if h < g && self.fresh.binary_search(&h).is_ok() {
                    continue;
                }
                let Ok(y) = self.spans.binary_search_by_key(&h, |s| s.0) else {
                    continue;
                };
                let (_, b0, b1) = self.spans[y];
                // Two entries are in one instance of every scope of the
                // claim exactly when the begins of those scopes up to their
                // epochs are as many (each count only grows with the epoch).
                let scopes = &claims.partners(g)[k].1;
                let instance = |e: &Entry| -> u64 {
                    let begun = |s: &ScopeId| {
                        begins
                            .get(*s as usize)
                            .map_or(0, |b| b.partition_point(|&e2| e2 <= e.epoch))
                    };
                    scopes.iter().map(begun).sum::<usize>() as u64
                };
                self.group.clear();
                let one_instance = scopes
                    .iter()
                    .all(|s| begins.get(*s as usize).is_none_or(Vec::is_empty));
                let (a, b) = (&self.order[a0..a1], &self.order[b0..b1]);
                if one_instance {
                    // Already by address: the two spans merged.
                    let lo = |&(_, i): &(u64, usize)| entries[i].run.lo;
                    let (mut p, mut q) = (0, 0);
                    let b = if x == y { &b[..0] } else { b };
                    while p < a.len() || q < b.len() {
                        let take_a = q == b.len() || (p < a.len() && lo(&a[p]) <= lo(&b[q]));
                        let (i, side) = if take_a { (a[p].1, 0) } else { (b[q].1, 1) };
                        (p, q) = if take_a { (p + 1, q) } else { (p, q + 1) };
                        self.group.push((0, entries[i].run.lo, i, side));
                    }
                } else {
                    let sides: &[&[(u64, usize)]] = if x == y { &[a] } else { &[a, b] };
                    for (side, span) in sides.iter().enumerate() {
                        for &(_, i) in span.iter() {
                            let e = &entries[i];
                            self.group.push((instance(e), e.run.lo, i, side as u8));
                        }
                    }
                    self.group.sort_unstable();
                }
                // An entry meets the other side's active entries (its own
                // for a group against itself); two old ones met before.
                let mut current = u64::MAX;
                for &(inst, lo, i, side) in &self.group {
                    if inst != current {
                        current = inst;
                        self.active.iter_mut().for_each(Vec::clear);
                    }
                    let against = usize::from(if x == y { side } else { 1 - side });
                    let against = &mut self.active[against];
                    against.retain(|&(hi, _)| hi > lo);
                    for &(_, j) in against.iter() {
                        let (early, late) = (i.min(j), i.max(j));
                        if late < checked {
                            continue;
                        }
                        if let Some(c) = conflict(&entries[early], &entries[late], begins, claims) {
                            self.pending.push((late, early, c));
                        }
                    }
                    self.active[usize::from(side)].push((entries[i].run.hull().1, i));
                }
            }
        }
    }
}

/// The conflict between entries `a` and `b` (`a` logged first), if any.
pub(super) fn conflict(
    a: &Entry,
    b: &Entry,
    begins: &[Vec<Epoch>],
    claims: &mut impl Claims,
) -> Option<Conflict> {
    let claim = claims.claim(a.site, b.site)?;
    if !claims.writes(a.site) && !claims.writes(b.site) {
        return None;
    }
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
