//! [`FrameLog::prune`]: the entries that can no longer conflict go, then
//! the oldest beyond the budget, and the begins no remaining or future
//! entry can be told apart by (see the parent module's documentation,
//! "Pruning").

use super::{Claims, Epoch, FrameLog, ScopeId, NO_ENTRY, NO_EPOCH};

impl FrameLog {
    /// Called after `check` when the log is big: drops the entries that can
    /// no longer conflict with later accesses (every relevant scope begun
    /// since, or checked and final: `access_final`), then the oldest beyond `keep`
    /// (counting their accesses as dropped), and forgets the begins that no
    /// longer matter.
    pub fn prune(&mut self, claims: &impl Claims, keep: usize) {
        let begins = &self.begins[..self.scopes as usize];
        let cutoff = &mut self.scratch.cutoff;
        cutoff.clear();
        cutoff.resize(self.open.len(), NO_EPOCH);
        self.seen.clear();
        let (mut index, checked) = (0, self.checked);
        let mut still_checked = 0;
        // The entries the sealed index holds, `[..covers]`, renumbered.
        let covers = self.sealed.covers();
        let map = &mut self.scratch.renumbered;
        map.clear();
        let mut still_covered = 0u32;
        let (final_in, first_epoch) = (&self.final_in, self.first_epoch);
        self.entries.retain(|e| {
            let c = &mut cutoff[e.site as usize];
            if *c == NO_EPOCH {
                *c = dead_before(begins, claims.relevant_scopes(e.site));
            }
            // A checked entry of a site logged only by `access_final`: no
            // later access can be its partner.
            let done = index < checked && final_in.get(e.site as usize) == Some(&first_epoch);
            let kept = e.epoch >= *c && !done;
            if index < covers {
                map.push(if kept { still_covered } else { u32::MAX });
                still_covered += u32::from(kept);
            }
            still_checked += usize::from(kept && index < checked);
            index += 1;
            kept
        });
        let mut gone = 0;
        if let Some(excess) = self.entries.len().checked_sub(keep) {
            for e in self.entries.drain(..excess) {
                self.dropped += u64::from(e.calls);
            }
            still_checked = still_checked.saturating_sub(excess);
            gone = excess;
        }
        self.sealed
            .renumber(map, gone, (still_covered as usize).saturating_sub(gone));
        self.checked = still_checked;
        let oldest = self.entries.first().map_or(self.epoch, |e| e.epoch);
        // The live epochs each begun scope must still tell apart: those of
        // the entries of sites it decides a claim of, and of sites whose
        // relevant scopes are not listed (any scope may matter to them).
        if self.scratch.live_by_scope.len() < self.begins.len() {
            self.scratch
                .live_by_scope
                .resize_with(self.begins.len(), Vec::new);
        }
        for &s in &self.begun {
            self.scratch.live_by_scope[s as usize].clear();
        }
        self.scratch.live_any.clear();
        for e in &self.entries {
            let relevant = claims.relevant_scopes(e.site);
            if relevant.is_empty() {
                push_epoch(&mut self.scratch.live_any, e.epoch);
            }
            for &s in relevant {
                if self.begins.get(s as usize).is_some_and(|b| !b.is_empty()) {
                    push_epoch(&mut self.scratch.live_by_scope[s as usize], e.epoch);
                }
            }
        }
        let (begins, by_scope, any) = (
            &mut self.begins,
            &self.scratch.live_by_scope,
            &self.scratch.live_any,
        );
        self.begun.retain(|&s| {
            let b = &mut begins[s as usize];
            let gone = b.partition_point(|&e| e <= oldest);
            b.drain(..gone);
            let live = [&by_scope[s as usize][..], &any[..]];
            if b.len() > 2 * (live[0].len() + live[1].len()) + 16 {
                keep_separating(b, live);
            }
            !b.is_empty()
        });
        self.coalesce_if_due(claims);
        self.give_back_spare();
        // Entries moved: the unsealed ones' sites find them again (other
        // slots are harmless, see `open`).
        for i in self.checked..self.entries.len() {
            let e = self.entries[i];
            if !self.broken(e.site, e.epoch) {
                self.point(e.site, u32::try_from(i).unwrap_or(NO_ENTRY));
            }
        }
    }
}

/// Keeps, of a scope's begins (sorted), the last of each run that no live
/// entry's epoch (`live`: the epochs of the entries the scope can decide
/// about, in two sorted lists) falls between: entries at epochs x < y are
/// in one instance iff no begin is in (x, y], and each run answers that
/// as its last begin does (a begin b separates x from y iff x < b <= y;
/// two begins with no live epoch in [b1, b2) separate the same pairs, and
/// the same ones from any later entry). So a long-running frame's begins
/// stay in proportion to its log, however many instances it has.
pub(super) fn keep_separating(begins: &mut Vec<Epoch>, live: [&[Epoch]; 2]) {
    let before = |b: Epoch| -> usize { live.iter().map(|l| l.partition_point(|&e| e < b)).sum() };
    let mut kept = 0;
    for k in 0..begins.len() {
        let b = begins[k];
        let last = k + 1 == begins.len() || before(begins[k + 1]) != before(b);
        if last {
            begins[kept] = b;
            kept += 1;
        }
    }
    begins.truncate(kept);
}

/// Appends an epoch to a sorted list of distinct epochs (entries come in
/// order of epoch).
pub(super) fn push_epoch(list: &mut Vec<Epoch>, epoch: Epoch) {
    debug_assert!(list.last().is_none_or(|&l| l <= epoch));
    if list.last() != Some(&epoch) {
        list.push(epoch);
    }
}

/// The epoch before which a site's entries are dead: the earliest of the
/// last begins of its relevant scopes; 0 (none dead) if it has none, or
/// one of them has not begun (or its begins were forgotten, which happens
/// only when no entry is old enough to care).
pub(super) fn dead_before(begins: &[Vec<Epoch>], relevant: &[ScopeId]) -> Epoch {
    let last = |s: &ScopeId| begins.get(*s as usize).and_then(|b| b.last().copied());
    relevant
        .iter()
        .map(last)
        .try_fold(NO_EPOCH, |m, l| l.map(|l| m.min(l)))
        .filter(|&m| m != NO_EPOCH)
        .unwrap_or(0)
}
