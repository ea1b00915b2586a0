//! One frame's access log: what each site touched, in which instance, and
//! the check that finds two accesses breaking a no-alias claim.
//!
//! ## What is a conflict
//!
//! A frame (one call of an instrumented function) reports every checked
//! access as (site, address, size) and every scope declaration as
//! `begin_scope(scope)`. A *conflict* is two distinct logged accesses, of
//! sites a and b (a may equal b), such that
//!
//! 1. the pair (a, b) is *claimed* not to alias ([`ClaimRule::claim`]), which
//!    names the scopes that decide the claim;
//! 2. a or b writes ([`ClaimRule::writes`]);
//! 3. the two accesses happened in one instance of every deciding scope;
//! 4. they touched at least one common byte.
//!
//! The log must never report a conflict that did not happen, and must find
//! every one that did, unless accesses were dropped to stay within a memory
//! budget ([`FrameLog::prune`]): then it may miss one, never invent one.
//!
//! ## Instances are epochs
//!
//! The log counts *epochs*: the frame starts a new epoch (epochs go on
//! from the log's last frame, so that what a past frame left in the
//! per-site slots is older than anything of this one) and every
//! `begin_scope` starts the next one and appends it to that scope's list of
//! begins (sorted, since epochs only grow). An access is logged with the
//! current epoch. Two accesses at epochs x <= y are in one instance of
//! scope s iff no begin of s has an epoch in (x, y]: one binary search. A
//! scope never begun in the frame has one instance, the frame.
//!
//! ## Entries
//!
//! The log is a vector of entries `(run, epoch, site, calls)` (48 bytes): a
//! [`Run`] of bytes one site touched within one epoch, merged without loss
//! (see [`super::runs`]), and how many accesses it stands for. Each site
//! has [`WAYS`] slots, indices into the vector, most recently used first:
//! an access goes into the first entry they name that is *open* (of the
//! site, and of an epoch no relevant scope has begun since: any such
//! entry is in the current instance) and the run takes the block (a
//! *sealed* entry, one a check has seen, takes only blocks it already
//! holds); otherwise it pushes a new entry and puts it in the first slot.
//! In a big log, before pushing, an entry of the site that began at the
//! same address is tried too. A new epoch thus closes open entries without
//! touching them. Invariants:
//!
//! * entries are in insertion order, hence in order of epoch: `check` sorts
//!   a separate vector of (group, index), never the entries, and `prune`
//!   drops the oldest as a prefix;
//! * a slot is only a hint: whatever it names is checked before use (an
//!   index past the end, another site's entry, a closed one: stale slots
//!   of a past frame or from before a prune are harmless, never cleared);
//! * every byte of an entry's run was touched by one of its accesses.
//!
//! Two accesses merged into one entry can no longer be compared with each
//! other, so the merge itself does it: when a block touches bytes its
//! entry already had ([`Merge::Overlapped`]), the log notes a *self hit*
//! (site, epoch, common range), once per site and epoch, and the next
//! `check` asks the claim of (site, site) about it.
//!
//! ## The check
//!
//! [`FrameLog::check`] compares each pair of entries at most once: the
//! entries logged before a check are *sealed* (never extended again), so
//! a later check only looks at pairs with a new entry. A short call's log
//! (up to [`DIRECT_PAIRS`] entries) is checked pair by pair where hulls
//! meet. A bigger one by *groups*: sites with the same lists and access
//! ([`Claims::group`]), whose claims are the same. For each group with a
//! new entry and each of its partner groups ([`Claims::partners`]), their
//! new entries are split by instance of the claim's scopes and swept by
//! address, keeping the entries whose hull reaches the current start; and
//! the group's new entries that can share an instance with old ones are
//! swept against the partner's sealed entries, which the log keeps sorted
//! by group and address from check to check (`sealed`). Before either
//! sweep, the hull of the group's new entries is compared with the
//! partner's (new, or sealed): two entries that share a byte lie in both,
//! so groups whose hulls do not meet (a counter and a buffer, both with
//! new entries at every check) cost two comparisons. So a
//! long-running frame (a program's `main`) whose old entries stay live
//! costs, at each check, about its new entries: the old ones are neither
//! sorted again nor visited where no new entry is near. A pair
//! of entries is asked, cheapest first, the claim, the writes, the
//! instances of the claim's scopes, then the exact common bytes
//! ([`Run::first_overlap`]). The reported range is the first
//! common range of the two runs: each of its bytes was touched by an access
//! of `first` at `first_epoch` and by another access of `second` at
//! `second_epoch`.
//!
//! ## Pruning
//!
//! An entry can no longer conflict with anything logged later once every
//! scope of every claim of its site ([`Claims::relevant_scopes`]) has begun
//! a new instance since its epoch, or once it has been checked if its
//! site is *final* (logged by [`FrameLog::access_final`]: the pass proved
//! that nothing logged after its accesses can be their partner):
//! [`FrameLog::prune`] drops those entries
//! without loss, then the oldest entries beyond a budget (counted as
//! dropped), and forgets the begins no pair of remaining or future entries
//! can straddle (those at or before the oldest remaining epoch). In a big
//! log it also coalesces the sealed entries of a site that no later entry
//! can tell apart into as few runs as their bytes ([`coalesce`]).

mod check;
mod coalesce;
mod grid;
mod prune;
mod sealed;
mod seen;
mod spare;

pub use super::claims::NO_GROUP;
use super::runs::{Merge, Run};

pub type SiteId = u32;
pub type ScopeId = u32;
pub type Epoch = u64;

/// What the log asks about sites (the runtime implements it from its
/// tables; tests implement it by hand).
pub trait ClaimRule {
    /// Whether sites a and b (unordered; a may equal b) are claimed not to
    /// alias and are still worth checking (the runtime answers `None` for
    /// pairs it already reported), with the scopes that must be in one
    /// instance: an index the log passes back to [`ClaimRule::scopes`].
    fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32>;
    /// The scopes of a claim; empty: the claim holds for the whole frame.
    fn scopes(&self, claim: u32) -> &[ScopeId];
    /// Whether the site writes.
    fn writes(&self, site: SiteId) -> bool;
}

/// What the log needs beyond the rule: how to prune and group sites (the
/// static filter's answers).
pub trait Claims: ClaimRule {
    /// Every scope of every claim the site takes part in (for pruning);
    /// empty means "its claims hold for the whole frame". So if any claim
    /// of the site has no scopes, this must be empty: an entry is pruned
    /// once every scope listed here has begun again.
    fn relevant_scopes(&self, site: SiteId) -> &[ScopeId];
    /// The site's group ([`NO_GROUP`]: it is claimed against nothing).
    /// The claim of two sites depends on their groups only (or is none).
    fn group(&self, site: SiteId) -> u32;
    /// The groups (`group` itself included) that its sites may be claimed
    /// against, with a write, each once, with the claim's scopes; if `h`
    /// is a partner of `g`, `g` is one of `h`. A big log's check looks at
    /// no other pairs of groups.
    fn partners(&self, group: u32) -> &[(u32, Vec<ScopeId>)];
}

/// Two logged accesses that break a claim. The entry of `first` was
/// started no later than that of `second` (so `first_epoch <=
/// second_epoch`); every byte of `overlap` (`[lo, hi)`, non-empty) was
/// touched by an access of `first` at `first_epoch` and by another access
/// of `second` at `second_epoch`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub first: SiteId,
    pub second: SiteId,
    pub claim: u32,
    pub overlap: (u64, u64),
    pub first_epoch: Epoch,
    pub second_epoch: Epoch,
}

#[derive(Copy, Clone, Debug)]
struct Entry {
    run: Run,
    epoch: Epoch,
    site: SiteId,
    /// Accesses merged into `run` (saturating; for statistics).
    calls: u32,
}

const _: () = assert!(std::mem::size_of::<Entry>() <= 48);

/// From this many entries on, accesses that the site's slot does not take
/// look for an entry of the site that began at the same address in the
/// same instance before making a new one (a hash look-up a push: not worth
/// it for a short call's log). A blocked matrix product reads each row
/// segment of `b` once per row of `a`: without it, one entry each time.
const DEDUP_FROM: usize = 64;

/// Up to this many entries, `check` tries every two of them (a short
/// call's log: cheaper than grouping by site). Measured on QUADPACK, where
/// every two dummy arguments are claimed apart (callgrind, 20 problems):
/// 32: 0.92 G instructions, 96: 0.79 G, 192: 0.75 G; a Rust program of
/// sparse claims does not change.
const DIRECT_PAIRS: usize = 128;

/// A short call's log of more than this many entries is checked by a sweep
/// by address (sorted once a check) rather than by trying every two
/// entries' hulls: a conditional access in a loop, logged one call an
/// element, leaves a run for each stretch of elements it touched in a row,
/// a hundred runs a call. Measured on a public benchmark whose ReLU kernel
/// (`y[i] = x[i] > 0 ? x[i] : 0` over 1024 doubles, `restrict`) runs
/// 600,000 times: 9.9 ns an element pair by pair, 7.1 by the sweep (plain:
/// 0.14, vectorized); the program 7.8 s to 6.1 s (plain: 1.2 s).
const SWEEP_FROM: usize = 32;

/// Two accesses merged into one entry touched `[lo, hi)` both.
#[derive(Copy, Clone, Debug)]
struct SelfHit {
    site: SiteId,
    epoch: Epoch,
    lo: u64,
    hi: u64,
}

/// Which sites each scope is relevant to (the inverse of
/// [`Claims::relevant_scopes`]), made once per function. With it, a new
/// instance of a scope closes the open runs of those sites only: a site
/// whose claims hold across that scope's instances keeps growing one run,
/// and the same-instance test against the run's first epoch stays exact
/// (no scope of its claims began during the run).
#[derive(Clone, Debug, Default)]
pub struct Relevance {
    /// Scope `s`'s sites are `sites[offsets[s]..offsets[s + 1]]`.
    offsets: Vec<u32>,
    sites: Vec<SiteId>,
}

impl Relevance {
    /// From each site's scopes: every scope of every claim of the site
    /// (even when another of its claims holds for the whole frame; scopes
    /// out of range are ignored).
    pub fn new(site_scopes: &[Vec<ScopeId>], scopes: u32) -> Relevance {
        let mut per_scope: Vec<Vec<SiteId>> = vec![Vec::new(); scopes as usize];
        for (site, list) in site_scopes.iter().enumerate() {
            for &s in list {
                if let Some(v) = per_scope.get_mut(s as usize) {
                    v.push(site as SiteId);
                }
            }
        }
        let mut r = Relevance::default();
        r.offsets.push(0);
        for v in per_scope {
            r.sites.extend(v);
            r.offsets.push(r.sites.len() as u32);
        }
        r
    }

    fn sites_of(&self, scope: ScopeId) -> &[SiteId] {
        let s = scope as usize;
        match (self.offsets.get(s), self.offsets.get(s + 1)) {
            (Some(&a), Some(&b)) => &self.sites[a as usize..b as usize],
            _ => &[],
        }
    }
}

const NO_ENTRY: u32 = u32::MAX;

/// How many entries of a site an access tries before it makes a new one:
/// a 3x3 convolution reads three rows of its input at each pixel, three
/// runs that each grow by a pixel.
const WAYS: usize = 4;
const _: () = assert!(WAYS == 4, "FrameLog::point shifts four slots");
const NO_EPOCH: Epoch = Epoch::MAX;

/// What a check and a prune use while they run and nothing after: each
/// clears what it uses before using it, so one is enough for every log
/// of a thread (the runtime keeps one per thread and lends it to the log
/// it checks, [`FrameLog::swap_scratch`], instead of one per frame).
#[derive(Debug, Default)]
pub struct Scratch {
    /// Scratch for `check`: the new entries (indices) by group, each
    /// group's in log order (`spans` says where each group's are), and the
    /// sweeps' active sets (hull end, entry index), one per side.
    order: Vec<usize>,
    /// Scratch for `check`: each new entry's place among the groups with
    /// new entries (`u32::MAX`: none), before they go into `order`.
    places: Vec<u32>,
    /// Scratch for `check`: the spans of `order` sorted by address (when
    /// first needed in a check), each from `sorted_at` of its span
    /// (`usize::MAX`: not yet).
    addressed: Vec<sealed::Fresh>,
    sorted_at: Vec<usize>,
    /// Scratch for `check`: the longest hull of each span of `addressed`;
    /// the first few new entries of a group, by address; the sealed
    /// entries the index takes next, by group and address.
    fresh_max_len: Vec<u64>,
    /// Scratch for `check`: the hull of each span's new entries (their
    /// runs' hulls' union: `[u64::MAX, 0)` for none).
    span_hulls: Vec<(u64, u64)>,
    prefix: Vec<sealed::Fresh>,
    sealing: Vec<(u32, sealed::Held)>,
    /// Scratch for `check`: per scope of a claim, its begins counted so far.
    cursors: Vec<usize>,
    active: [Vec<(u64, usize)>; 2],
    /// Scratch for a short log's `check`: each entry's hull; or (beyond
    /// `SWEEP_FROM` entries) each as (hull start, entry, hull end), sorted.
    hulls: Vec<(u64, u64)>,
    by_start: Vec<(u64, usize, u64)>,
    /// Scratch for `check`: each group's span of `order`, and one pair of
    /// partner groups' entries as (instance, hull start, entry, side).
    spans: Vec<(u32, usize, usize)>,
    group: Vec<(u64, u64, usize, u8)>,
    /// Scratch for `check`: the conflicts between entries found, keyed by
    /// (later entry, earlier entry) to be reported in the order they arose.
    pending: Vec<(usize, usize, Conflict)>,
    /// Scratch for `check`: the groups with entries since the last check.
    fresh: Vec<u32>,
    /// Scratch for `prune`: per scope, the distinct epochs of the entries
    /// left whose sites it decides a claim of; and of those whose sites
    /// list no relevant scope.
    live_by_scope: Vec<Vec<Epoch>>,
    live_any: Vec<Epoch>,
    /// Scratch for `prune`: per site, entries before this epoch are dead.
    cutoff: Vec<Epoch>,
    /// Scratch for `prune`: each entry's index after the drop (`u32::MAX`:
    /// dropped), to renumber the sealed index.
    renumbered: Vec<u32>,
}

/// One frame's log; see the module documentation.
#[derive(Debug, Default)]
pub struct FrameLog {
    entries: Vec<Entry>,
    /// Sites of this frame: the per-site slots below may be longer (they
    /// are kept from frame to frame, not cleared; a slot a past frame left
    /// is harmless, as each says).
    sites: u32,
    /// Per site: the entries its next access tries, the most recently
    /// used first (hints: see `merge_into`).
    open: Vec<[u32; WAYS]>,
    /// Per site: the epoch of its last self hit (a past frame's is older
    /// than any epoch of this one), or `NO_EPOCH`.
    last_hit: Vec<Epoch>,
    /// Per site: the epoch of its last new entry (a past frame's is older
    /// than every begin of this one).
    pushed: Vec<Epoch>,
    /// The frame's first epoch: a site whose `pushed` is older has no
    /// entry in this frame, and its first access makes one at once.
    first_epoch: Epoch,
    /// Per site: the `first_epoch` of the last frame that logged it by
    /// [`FrameLog::access_final`] (equal to this frame's: its entries go
    /// once checked; a past frame's is older, harmless).
    final_in: Vec<Epoch>,
    /// Per site: the epoch of the last begin of one of its relevant scopes
    /// (with `relevance`; without it, every begin closes every run; a past
    /// frame's is older than every entry of this one, so it closes none).
    site_break: Vec<Epoch>,
    relevance: Option<std::sync::Arc<Relevance>>,
    /// Self hits not yet checked.
    hits: Vec<SelfHit>,
    epoch: Epoch,
    scopes: u32,
    /// Per scope (the first `scopes` are in use): the epochs of its begins.
    begins: Vec<Vec<Epoch>>,
    /// The scopes with begins (each once), cleared by the next reset.
    begun: Vec<ScopeId>,
    /// [`DIRECT_PAIRS`] unless a test chose another.
    direct_pairs: Option<usize>,
    /// In a log of at least [`DEDUP_FROM`] entries (unless a test chose
    /// another), the entry each (site, address) last began; forgotten when
    /// entries move (`prune`) or go (`reset`).
    seen: seen::Seen,
    dedup_from: Option<usize>,
    /// [`coalesce::COALESCE_FROM`] unless a test chose another; and how
    /// many sealed entries the last coalesce of this frame left.
    coalesce_from: Option<usize>,
    coalesced: usize,
    /// Bytes of capacity given back since the last
    /// [`FrameLog::take_given_back`] (see [`spare`]).
    given_back: usize,
    /// The entries before this index were there at the last check: each
    /// pair of them was compared then, and they are sealed (an access
    /// never extends them, so their bytes are the ones compared).
    checked: usize,
    logged: u64,
    dropped: u64,
    instances: u64,
    out_of_range: u64,
    /// A big log's sealed entries by group and address, kept from check
    /// to check: the first `covers` of them (at most `checked`).
    sealed: sealed::Sealed,
    /// Scratch for `check` and `prune` (each clears what it uses first):
    /// the runtime lends one per thread to the log it checks
    /// ([`FrameLog::swap_scratch`]).
    scratch: Scratch,
}

impl FrameLog {
    pub fn new() -> FrameLog {
        FrameLog::default()
    }

    /// Exchanges the log's scratch with `other` (the thread's, lent for a
    /// check and a prune; see [`Scratch`]).
    pub fn swap_scratch(&mut self, other: &mut Scratch) {
        std::mem::swap(&mut self.scratch, other);
    }

    /// Checks logs of up to `entries` entries pair by pair, bigger ones
    /// by claimed pairs of sites (by default [`DIRECT_PAIRS`]); both find
    /// the same conflicts, which property tests hold them to.
    pub fn set_direct_pairs(&mut self, entries: usize) {
        self.direct_pairs = Some(entries);
    }

    /// From `entries` entries on, accesses no slot takes look for an entry
    /// of their site that began at the same address (by default
    /// [`DEDUP_FROM`]; conflicts are the same either way, which property
    /// tests hold it to).
    pub fn set_dedup_from(&mut self, entries: usize) {
        self.dedup_from = Some(entries);
    }

    /// Starts a new frame with `sites` sites and `scopes` scopes, keeping
    /// the buffers' capacity (frames are reused: no allocation in steady
    /// state). The cost does not grow with `sites` or `scopes` (a short
    /// call's frame must be cheap): the per-site slots are not cleared,
    /// only made harmless (see [`FrameLog`]'s fields).
    pub fn reset(&mut self, sites: u32, scopes: u32) {
        self.reset_with(sites, scopes, None)
    }

    /// [`FrameLog::reset`], with the function's [`Relevance`]: runs are
    /// closed only by new instances of scopes relevant to their site.
    pub fn reset_with(
        &mut self,
        sites: u32,
        scopes: u32,
        relevance: Option<std::sync::Arc<Relevance>>,
    ) {
        self.relevance = relevance;
        self.restart(sites, scopes);
    }

    /// [`FrameLog::reset_with`] the relevance given last (the same
    /// function called again: no reference count to change).
    pub fn restart(&mut self, sites: u32, scopes: u32) {
        self.entries.clear();
        self.checked = 0;
        self.given_back += spare::give_back(&mut self.entries);
        self.sealed.reset();
        self.seen.clear();
        self.hits.clear();
        if self.open.len() < sites as usize {
            self.open.resize(sites as usize, [NO_ENTRY; WAYS]);
            self.last_hit.resize(sites as usize, NO_EPOCH);
            self.pushed.resize(sites as usize, 0);
            self.final_in.resize(sites as usize, 0);
            self.site_break.resize(sites as usize, 0);
        }
        self.sites = sites;
        for s in self.begun.drain(..) {
            self.begins[s as usize].clear();
        }
        if self.begins.len() < scopes as usize {
            self.begins.resize_with(scopes as usize, Vec::new);
        }
        self.scopes = scopes;
        // Epochs go on from the last frame's: every slot it left is older
        // than this frame's first epoch.
        self.epoch = self.epoch.saturating_add(1);
        self.first_epoch = self.epoch;
        self.logged = 0;
        self.dropped = 0;
        self.coalesced = 0;
        self.instances = 0;
        self.out_of_range = 0;
    }

    /// An access of `size` bytes at `addr` by `site` (the hot path). Size 0
    /// is ignored; an out-of-range site is ignored and counted. A block
    /// running past `u64::MAX` loses its last byte (no run can hold it).
    #[inline]
    pub fn access(&mut self, site: SiteId, addr: u64, size: u64) {
        if size == 0 {
            return;
        }
        if site >= self.sites {
            self.out_of_range += 1;
            return;
        }
        self.logged += 1;
        let len = size.min(u64::MAX - addr);
        if len == 0 {
            self.dropped += 1;
            return;
        }
        let first = self.pushed[site as usize] < self.first_epoch;
        if first
            || !(self.continue_last(site, addr, len, 1)
                || self.take(site, 1, |r| r.extend(addr, len)))
        {
            self.push(site, addr, len);
        }
    }

    /// [`FrameLog::access`] by a site whose accesses have no partner after
    /// them: the caller promises that, in this frame, the site is logged
    /// only by final calls (this one, or a run after [`FrameLog::mark_final`])
    /// and that no access logged after one of them can
    /// be claimed against it with a write ([`ClaimRule`]) in one instance
    /// of every scope of the claim (`sanitize_final.cpp` proves it from
    /// the control flow). So once an entry of the site has been checked,
    /// against every entry logged until then, it can take part in no
    /// later conflict, and the next prune drops it.
    #[inline]
    pub fn access_final(&mut self, site: SiteId, addr: u64, size: u64) {
        self.mark_final(site);
        self.access(site, addr, size)
    }

    /// Takes the promise of [`FrameLog::access_final`] for `site` in this
    /// frame, for accesses logged otherwise (a final loop's run: call it
    /// before [`FrameLog::access_grid`]).
    #[inline]
    pub fn mark_final(&mut self, site: SiteId) {
        if let Some(f) = self.final_in.get_mut(site as usize) {
            *f = self.first_epoch;
        }
    }

    /// The hull `[lo, hi)` of the bytes of every entry whose site may be
    /// claimed, with a write, against `site` ([`Claims::partners`] of its
    /// group), or an empty one (`lo >= hi`); `None` when the log holds more
    /// than `limit` entries (not looked at: the caller takes every byte).
    ///
    /// An access of a final site ([`FrameLog::access_final`]) outside it
    /// conflicts with nothing logged so far, and with nothing logged after
    /// it: when no partner can be logged between this call and the access
    /// either (`sanitize_final.cpp` asks before a loop with no partner in
    /// it), the access need not be logged at all.
    pub fn partner_hull(
        &self,
        claims: &impl Claims,
        site: SiteId,
        limit: usize,
    ) -> Option<(u64, u64)> {
        if self.entries.len() > limit {
            return None;
        }
        let group = claims.group(site);
        let partners = if group == NO_GROUP {
            &[][..]
        } else {
            claims.partners(group)
        };
        let (mut lo, mut hi) = (u64::MAX, 0);
        if partners.is_empty() {
            return Some((lo, hi));
        }
        for e in &self.entries {
            let g = claims.group(e.site);
            if g != NO_GROUP && partners.iter().any(|(h, _)| *h == g) {
                let (a, b) = e.run.hull();
                lo = lo.min(a);
                hi = hi.max(b);
            }
        }
        Some((lo, hi))
    }

    /// The common case first: the block `[addr, addr+len)` continues the
    /// entry the site used last ([`Run::continue_with`]), which is open
    /// and not sealed; then it takes `calls` accesses and the answer is
    /// true. Exactly what `take` would do with it, sooner.
    #[inline]
    fn continue_last(&mut self, site: SiteId, addr: u64, len: u64, calls: u32) -> bool {
        let i = self.open[site as usize][0] as usize;
        if i < self.checked || i >= self.entries.len() {
            return false;
        }
        let (epoch, same) = (self.entries[i].epoch, self.entries[i].site == site);
        if !same || self.broken(site, epoch) {
            return false;
        }
        let e = &mut self.entries[i];
        if !e.run.continue_with(addr, len) {
            return false;
        }
        e.calls = e.calls.saturating_add(calls);
        true
    }

    /// `count` accesses of `len` bytes by `site`, the k-th at `lo + k *
    /// stride` (an access summarized for a whole loop by the pass): the
    /// same as `count` calls of [`FrameLog::access`] in one epoch. Blocks
    /// that overlap one another are one site against itself (a self hit).
    pub fn access_run(&mut self, site: SiteId, lo: u64, len: u64, stride: u64, count: u64) {
        if count == 0 || len == 0 {
            return;
        }
        if count == 1 {
            return self.access(site, lo, len);
        }
        if site >= self.sites {
            self.out_of_range += 1;
            return;
        }
        let end = (count - 1)
            .checked_mul(stride)
            .and_then(|span| span.checked_add(len))
            .and_then(|span| lo.checked_add(span));
        let Some(end) = end else {
            // Past the top of the address space: one access at a time
            // would lose its last byte too; drop the lot, counted.
            self.logged = self.logged.saturating_add(count);
            self.dropped = self.dropped.saturating_add(count);
            return;
        };
        if stride < len {
            // Each block overlaps the next: [lo + stride, lo + len) is
            // touched by the first two.
            self.self_hit(site, lo + stride, lo + len);
        }
        let run = if stride <= len {
            Run::single(lo, end - lo)
        } else {
            Run {
                lo,
                len,
                stride,
                count,
            }
        };
        self.logged = self.logged.saturating_add(count);
        // Into the site's open entry when nothing is lost (a loop's rows of
        // one array, run after run): the log stays as small as the bytes.
        let calls = u32::try_from(count).unwrap_or(u32::MAX);
        if run.count == 1 && self.continue_last(site, run.lo, run.len, calls) {
            return;
        }
        if !self.take(site, calls, |r| r.absorb(&run)) {
            self.push_run(site, run, calls);
        }
    }

    /// A new entry for `site`, which becomes its open one. A short log's
    /// (no look-up of an entry that began at the same address) is pushed
    /// here, in the caller: a short call's accesses are mostly first ones.
    #[inline]
    fn push(&mut self, site: SiteId, addr: u64, len: u64) {
        let index = self.entries.len();
        if index >= self.dedup_from.unwrap_or(DEDUP_FROM) || index >= NO_ENTRY as usize {
            return self.push_run(site, Run::single(addr, len), 1);
        }
        self.new_entry(site, Run::single(addr, len), 1, index as u32);
    }

    /// Entry `index` (the next one) of `site` in the current epoch, the
    /// site's first slot.
    #[inline]
    fn new_entry(&mut self, site: SiteId, run: Run, calls: u32, index: u32) {
        self.point(site, index);
        if let Some(p) = self.pushed.get_mut(site as usize) {
            *p = self.epoch;
        }
        self.entries.push(Entry {
            run,
            epoch: self.epoch,
            site,
            calls,
        });
    }

    /// Merges `calls` accesses of `site` (`merge` applies them to a run)
    /// into the first of its slots' entries that takes them, which becomes
    /// the first slot; false if none does.
    #[inline]
    fn take(&mut self, site: SiteId, calls: u32, merge: impl Fn(&mut Run) -> Merge) -> bool {
        let ways = self.open[site as usize];
        for (k, &slot) in ways.iter().enumerate() {
            if self.merge_into(site, slot, calls, &merge) {
                if k > 0 {
                    let w = &mut self.open[site as usize];
                    for j in (1..=k).rev() {
                        w[j] = w[j - 1];
                    }
                    w[0] = slot;
                }
                return true;
            }
        }
        false
    }

    /// Makes entry `index` the first of `site`'s slots (the last one's
    /// entry is no longer tried).
    #[inline]
    fn point(&mut self, site: SiteId, index: u32) {
        let w = &mut self.open[site as usize];
        *w = [index, w[0], w[1], w[2]];
    }

    /// Merges `calls` accesses of `site` (`merge` applies them to a run)
    /// into the entry `slot` names, if that is an entry of the site whose
    /// run is not closed: any such entry will do, it is in the current
    /// instance of every scope that matters to the site. A sealed entry
    /// takes them only if they touch no new byte (its bytes were checked).
    /// False if not taken.
    #[inline]
    fn merge_into(
        &mut self,
        site: SiteId,
        slot: u32,
        calls: u32,
        merge: impl Fn(&mut Run) -> Merge,
    ) -> bool {
        let i = slot as usize;
        let Some(e) = self.entries.get(i) else {
            return false;
        };
        if e.site != site || self.broken(site, e.epoch) {
            return false;
        }
        let mut run = e.run;
        let hit = match merge(&mut run) {
            Merge::Refused => return false,
            Merge::Disjoint if i < self.checked => return false,
            Merge::Disjoint => None,
            Merge::Overlapped(..) if i < self.checked && run != e.run => return false,
            Merge::Overlapped(lo, hi) => Some((lo, hi)),
        };
        let e = &mut self.entries[i];
        e.run = run;
        e.calls = e.calls.saturating_add(calls);
        if let Some((lo, hi)) = hit {
            self.self_hit(site, lo, hi);
        }
        true
    }

    /// `calls` accesses of `site` that its slot's entry did not take: in a
    /// big log, an entry of the site that began at the same address may
    /// (a blocked loop nest reads one row segment again and again: the
    /// segment is one entry, not one each time), and goes in the first
    /// slot; otherwise a new entry, in the first slot.
    #[inline(never)]
    fn push_run(&mut self, site: SiteId, run: Run, calls: u32) {
        // A log numbers its entries below NO_ENTRY (slots, the sealed
        // index): beyond, accesses are dropped, counted.
        let index = match u32::try_from(self.entries.len()) {
            Ok(i) if i < NO_ENTRY => i,
            _ => {
                self.dropped = self.dropped.saturating_add(u64::from(calls));
                return;
            }
        };
        if self.entries.len() >= self.dedup_from.unwrap_or(DEDUP_FROM) {
            if let Some(i) = self.seen.get(site, run.lo) {
                if self.merge_into(site, i, calls, |r| r.absorb(&run)) {
                    self.point(site, i);
                    return;
                }
            }
            self.seen.insert(site, run.lo, index);
        }
        self.new_entry(site, run, calls, index);
    }

    #[cold]
    #[inline(never)]
    fn self_hit(&mut self, site: SiteId, lo: u64, hi: u64) {
        let last = &mut self.last_hit[site as usize];
        if *last != self.epoch {
            *last = self.epoch;
            let epoch = self.epoch;
            self.hits.push(SelfHit {
                site,
                epoch,
                lo,
                hi,
            });
        }
    }

    /// A scope declaration executed: a new epoch, recorded for `scope` (out
    /// of range: ignored and counted). Every open entry is now of an older
    /// epoch, hence closed.
    pub fn begin_scope(&mut self, scope: ScopeId) {
        if self.new_instance(scope).is_some() {
            self.instances += 1;
        }
    }

    /// The instance of `scope` ends: nothing logged from now on shares it
    /// with what was logged before, as after a begin, but no instance is
    /// counted (none with an access begins here). The pass places it where
    /// no site relevant to the scope can be logged before the scope's next
    /// begin (`sanitize_ends.cpp`): it changes no conflict, and lets
    /// `prune` drop the instance's entries then rather than when the
    /// frame ends. True if the instance may hold entries (a site relevant
    /// to the scope was logged since its last begin): a prune would drop
    /// them, if no other scope keeps them.
    pub fn end_scope(&mut self, scope: ScopeId) -> bool {
        self.new_instance(scope) == Some(true)
    }

    /// A new epoch recorded as a begin of `scope`, and whether a site
    /// relevant to it made an entry since its last begin (or, never begun,
    /// since the frame's start); `None` (ignored and counted) when the
    /// scope is out of range.
    fn new_instance(&mut self, scope: ScopeId) -> Option<bool> {
        if scope >= self.scopes {
            self.out_of_range += 1;
            return None;
        }
        self.epoch += 1;
        // The scope's last begin separates nothing from this one if no
        // site it decides about made an entry in between: this one takes
        // its place (see `keep_separating`).
        let last = self.begins[scope as usize].last().copied();
        let since = last.unwrap_or(self.first_epoch);
        let mut logged = false;
        if let Some(r) = &self.relevance {
            for &site in r.sites_of(scope) {
                let site = site as usize;
                logged |= self.pushed.get(site).is_some_and(|&p| p >= since);
                if let Some(b) = self.site_break.get_mut(site) {
                    *b = self.epoch;
                }
            }
        } else {
            logged |= self.entries.last().is_some_and(|e| e.epoch >= since);
        }
        let begins = &mut self.begins[scope as usize];
        if begins.is_empty() {
            self.begun.push(scope);
        }
        match begins.last_mut() {
            Some(b) if !logged => *b = self.epoch,
            _ => begins.push(self.epoch),
        }
        Some(logged)
    }

    /// Whether a scope relevant to `site` began after `epoch` (without a
    /// [`Relevance`]: any scope), so that the site's run of that epoch is
    /// closed.
    #[inline]
    fn broken(&self, site: SiteId, epoch: Epoch) -> bool {
        match self.relevance {
            None => epoch != self.epoch,
            Some(_) => self
                .site_break
                .get(site as usize)
                .is_none_or(|&b| b > epoch),
        }
    }

    /// How many entries (runs) the log holds.
    pub fn entries(&self) -> usize {
        self.entries.len()
    }

    /// Whether the next [`FrameLog::check`] compares pair by pair (a short
    /// log, at most [`DIRECT_PAIRS`] entries): it then uses a few KiB of
    /// scratch at most, which the log's own can hold, and a thread's
    /// scratch need not be lent to it (two swaps move about 3 KiB: a third
    /// of a short call's check).
    pub fn checks_pair_by_pair(&self) -> bool {
        self.entries.len() <= self.direct_pairs.unwrap_or(DIRECT_PAIRS)
    }

    /// Accesses lost to the budget of `prune` (and the rare access at
    /// `u64::MAX` that no run can hold).
    pub fn dropped_accesses(&self) -> u64 {
        self.dropped
    }

    /// Calls of `access` with size > 0 and a valid site.
    pub fn logged_accesses(&self) -> u64 {
        self.logged
    }

    /// Calls of `begin_scope` with a valid scope.
    pub fn instances(&self) -> u64 {
        self.instances
    }

    /// Calls of `access` (size > 0) and `begin_scope` ignored because the
    /// site or scope was out of range.
    pub fn out_of_range(&self) -> u64 {
        self.out_of_range
    }
}

#[cfg(test)]
mod tests {
    use super::prune::keep_separating;
    use super::*;
    use proptest::prelude::*;

    /// Whether a begin of `begins` separates epochs x < y (is in (x, y]).
    fn separated(begins: &[Epoch], x: Epoch, y: Epoch) -> bool {
        begins.iter().any(|&b| x < b && b <= y)
    }

    proptest! {
        // Compacting a scope's begins changes no answer about two live
        // entries, nor about a live one and one yet to come (at or after
        // the last begin), nor the last begin.
        #[test]
        fn keeping_separating_begins_keeps_every_answer(
            begins in prop::collection::btree_set(1u64..200, 0..60),
            live in prop::collection::btree_set(0u64..200, 0..20),
            split in 0usize..20,
        ) {
            let begins: Vec<Epoch> = begins.into_iter().collect();
            let live: Vec<Epoch> = live.into_iter().collect();
            // In two lists, as prune gives them (each sorted).
            let (one, two): (Vec<Epoch>, Vec<Epoch>) = {
                let (a, b): (Vec<_>, Vec<_>) =
                    live.iter().enumerate().partition(|(i, _)| i % 3 == split % 3);
                (a.into_iter().map(|(_, &e)| e).collect(), b.into_iter().map(|(_, &e)| e).collect())
            };
            let mut kept = begins.clone();
            keep_separating(&mut kept, [&one, &two]);
            prop_assert!(kept.len() <= live.len() + 1);
            prop_assert_eq!(kept.last(), begins.last());
            // Later entries come at or after the last begin.
            let last = begins.last().copied().unwrap_or(0);
            let later = live.iter().copied().chain(last..=201);
            for &x in &live {
                for y in later.clone().filter(|&y| y > x) {
                    prop_assert_eq!(separated(&kept, x, y), separated(&begins, x, y), "{} {}", x, y);
                }
            }
        }
    }

    #[test]
    fn a_short_log_checks_pair_by_pair() {
        let mut log = FrameLog::new();
        log.reset(3, 0);
        log.set_direct_pairs(2);
        log.access(0, 0, 4);
        log.access(1, 100, 4);
        assert!(log.checks_pair_by_pair());
        log.access(2, 200, 4);
        assert!(!log.checks_pair_by_pair(), "3 entries, beyond 2: by groups");
    }

    /// One claim, sites `pair` under `scopes`; only `writer` writes.
    struct One {
        pair: (SiteId, SiteId),
        scopes: Vec<ScopeId>,
        writer: SiteId,
        /// Each site of the pair with the scopes (each site its group).
        partner: [Vec<(u32, Vec<ScopeId>)>; 2],
        /// A site outside the pair with the relevant scopes it gives.
        aside: Option<(SiteId, Vec<ScopeId>)>,
    }

    impl One {
        fn new(pair: (SiteId, SiteId), scopes: Vec<ScopeId>, writer: SiteId) -> One {
            let partner = [
                vec![(pair.1, scopes.clone())],
                vec![(pair.0, scopes.clone())],
            ];
            One {
                pair,
                scopes,
                writer,
                partner,
                aside: None,
            }
        }
    }

    impl ClaimRule for One {
        fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32> {
            ((a, b) == self.pair || (b, a) == self.pair).then_some(7)
        }
        fn scopes(&self, _: u32) -> &[ScopeId] {
            &self.scopes
        }
        fn writes(&self, site: SiteId) -> bool {
            site == self.writer
        }
    }

    impl Claims for One {
        fn relevant_scopes(&self, site: SiteId) -> &[ScopeId] {
            match &self.aside {
                _ if site == self.pair.0 || site == self.pair.1 => &self.scopes,
                Some((s, relevant)) if *s == site => relevant,
                _ => &[],
            }
        }
        fn group(&self, site: SiteId) -> u32 {
            site
        }
        fn partners(&self, group: u32) -> &[(u32, Vec<ScopeId>)] {
            if group == self.pair.0 {
                &self.partner[0]
            } else if group == self.pair.1 {
                &self.partner[1]
            } else {
                &[]
            }
        }
    }

    fn check(log: &mut FrameLog, claims: &mut One) -> Vec<Conflict> {
        let mut found = Vec::new();
        log.check(claims, &mut |c| found.push(c));
        found
    }

    const A: u64 = 0x1000; // float a[...]: site 0 stores a[i], site 1 loads a[i+1]

    fn copy_loop(begin_each_iteration: bool) -> (FrameLog, One) {
        let mut log = FrameLog::new();
        log.reset(2, 1);
        log.begin_scope(0);
        for i in 0..8 {
            if begin_each_iteration && i > 0 {
                log.begin_scope(0);
            }
            log.access(1, A + 4 * (i + 1), 4);
            log.access(0, A + 4 * i, 4);
        }
        let claims = One::new((0, 1), vec![0], 0);
        (log, claims)
    }

    #[test]
    fn a_loop_reading_what_the_next_iteration_writes_conflicts() {
        let (mut log, mut claims) = copy_loop(false);
        assert_eq!(log.entries(), 2); // each site one plain block
        let found = check(&mut log, &mut claims);
        let c = Conflict {
            first: 1,
            second: 0,
            claim: 7,
            overlap: (A + 4, A + 32), // a[1..8]: read, then written
            // The reset began epoch 1, the scope's begin epoch 2.
            first_epoch: 2,
            second_epoch: 2,
        };
        assert_eq!(found, vec![c]);
    }

    #[test]
    fn the_same_loop_with_an_instance_per_iteration_is_fine() {
        let (mut log, mut claims) = copy_loop(true);
        assert_eq!(check(&mut log, &mut claims), vec![]);
        log.prune(&claims, usize::MAX); // only the last iteration can matter
        assert_eq!((log.entries(), log.dropped_accesses()), (2, 0));
        assert_eq!((log.logged_accesses(), log.instances()), (16, 8));
    }

    /// Scope 0 begins 1000 times; site 2 logs 100 scattered entries in
    /// the first 100 instances, which stay (its relevant scopes: `aside`,
    /// none begun). Returns the begins kept, after checking that they
    /// still tell one instance from the next.
    fn begins_kept_around(aside: Vec<ScopeId>) -> usize {
        let mut log = FrameLog::new();
        log.reset(3, 2);
        let mut claims = One::new((0, 1), vec![0], 0);
        claims.aside = Some((2, aside));
        for i in 0..1000 {
            log.begin_scope(0);
            if i < 100 {
                log.access(2, A + 4096 + 64 * i, 4);
            }
            log.access(1, A, 4);
            assert_eq!(check(&mut log, &mut claims), vec![]);
            log.prune(&claims, usize::MAX);
        }
        assert_eq!(log.entries(), 101);
        let kept = log.begins[0].len();
        log.begin_scope(0);
        log.access(0, A, 4); // a new instance: the read before is no partner
        assert_eq!(check(&mut log, &mut claims), vec![]);
        log.access(1, A, 4); // the same instance: a conflict
        assert_eq!(check(&mut log, &mut claims).len(), 1);
        assert_eq!(log.instances(), 1001);
        kept
    }

    #[test]
    fn long_lived_entries_keep_begins_in_proportion() {
        // Site 2 decides only claims of scope 1: scope 0 need not tell
        // its entries apart, and keeps few begins (compacted whenever
        // they pass 2 x 1, site 1's live read, + 16).
        assert!(begins_kept_around(vec![1]) <= 18);
        // Site 2 lists no relevant scope (it may have a claim over the
        // whole frame beside others): its 100 epochs count for every scope.
        let kept = begins_kept_around(vec![]);
        assert!((100..=2 * 101 + 16).contains(&kept), "{kept}");
    }

    #[test]
    fn interleaved_fields_with_one_stride_do_not_conflict() {
        // struct { int x, y; } s[100]: site 0 writes s[i].x, site 1 reads s[i].y.
        let mut log = FrameLog::new();
        log.reset(2, 0);
        for i in 0..100 {
            log.access(0, A + 8 * i, 4);
            log.access(1, A + 8 * i + 4, 4);
        }
        assert_eq!(log.entries(), 2); // two strided runs with overlapping hulls
        let mut claims = One::new((0, 1), vec![], 0);
        assert_eq!(check(&mut log, &mut claims), vec![]);
        log.access(1, A + 8 * 50, 8); // now one read covers s[50].x
        assert_eq!(check(&mut log, &mut claims)[0].overlap, (A + 400, A + 404));
    }
}
