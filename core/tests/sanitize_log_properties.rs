//! Properties of the sanitizer's conflict logic (`sanitize::runs`,
//! `sanitize::log`) against brute force: runs against sets of bytes, the
//! frame log against a model that keeps every access on its own.

use std::collections::BTreeSet;

use aliaskit_core::sanitize::in_place::{slot_pairs, Slot};
use aliaskit_core::sanitize::log::{
    ClaimRule, Claims, Conflict, Epoch, FrameLog, Relevance, ScopeId, Scratch, SiteId, NO_GROUP,
};
use aliaskit_core::sanitize::once::once_per_loop;
use aliaskit_core::sanitize::runs::{Merge, Run};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

fn bytes(r: &Run) -> BTreeSet<u64> {
    (0..r.count)
        .flat_map(|k| {
            let start = r.lo + k * r.stride;
            start..start + r.len
        })
        .collect()
}

fn block(addr: u64, len: u64) -> BTreeSet<u64> {
    (addr..addr + len).collect()
}

fn well_formed(r: &Run) -> bool {
    r.len >= 1
        && r.count >= 1
        && ((r.count == 1 && r.stride == 0) || (r.count >= 2 && r.stride > r.len))
}

/// How the next block of a sequence is chosen, relative to the run so far.
#[derive(Clone, Debug)]
enum Move {
    Anywhere(u64, u64),
    /// One stride (the run's, or `d` for a plain block) past the end.
    Next(u64),
    /// One stride before the start.
    Prev(u64),
    /// At some byte of the hull (`k` modulo its size), of some length.
    Inside(u64, u64),
}

fn moves() -> impl Strategy<Value = Vec<Move>> {
    let one = prop_oneof![
        2 => (0u64..200, 1u64..9).prop_map(|(a, l)| Move::Anywhere(a, l)),
        3 => (0u64..20).prop_map(Move::Next),
        1 => (1u64..20).prop_map(Move::Prev),
        1 => (0u64..200, 1u64..9).prop_map(|(k, l)| Move::Inside(k, l)),
    ];
    prop::collection::vec(one, 0..24)
}

fn place(r: &Run, m: &Move) -> (u64, u64) {
    let (lo, hi) = r.hull();
    let stride = |d: u64| if r.count >= 2 { r.stride } else { r.len + d };
    match *m {
        Move::Anywhere(a, l) => (a, l),
        Move::Next(d) => (hi - r.len + stride(d), r.len),
        Move::Prev(d) => (lo.saturating_sub(stride(d)), r.len),
        Move::Inside(k, l) => (lo + k % (hi - lo), l),
    }
}

/// Blocks the spec says `try_extend` must take.
fn must_accept(r: &Run, addr: u64, len: u64) -> bool {
    let (lo, hi) = r.hull();
    let end = addr + len;
    let in_block = (0..r.count).any(|k| {
        let s = r.lo + k * r.stride;
        s <= addr && end <= s + r.len
    });
    // A plain block takes any touching block, and any block of its length.
    let plain = r.count == 1 && (addr <= hi && end >= lo || len == r.len);
    let next_or_prev = || addr == hi - len + r.stride || addr + r.stride == lo;
    plain || (r.count >= 2 && len == r.len && next_or_prev()) || in_block
}

fn valid_run() -> impl Strategy<Value = Run> {
    (0u64..200, 1u64..9, 1u64..10, 1u64..15).prop_map(|(lo, len, count, gap)| Run {
        lo,
        len,
        stride: if count == 1 { 0 } else { len + gap },
        count,
    })
}

fn same_stride_pair() -> impl Strategy<Value = (Run, Run)> {
    (valid_run(), valid_run(), 10u64..24).prop_map(|(mut a, mut b, s)| {
        for r in [&mut a, &mut b] {
            r.count = r.count.max(2);
            r.stride = s;
        }
        (a, b)
    })
}

/// The lowest common byte and the common range from it, by brute force.
fn brute_first_overlap(a: &Run, b: &Run) -> Option<(u64, u64)> {
    let common: BTreeSet<u64> = bytes(a).intersection(&bytes(b)).copied().collect();
    let x = *common.iter().next()?;
    let mut hi = x + 1;
    while common.contains(&hi) {
        hi += 1;
    }
    Some((x, hi))
}

proptest! {
    #[test]
    fn continuing_a_run_is_what_extend_does(
        first in (0u64..200, 1u64..9), seq in moves()
    ) {
        let mut r = Run::single(first.0, first.1);
        for m in &seq {
            let (addr, len) = place(&r, m);
            let (mut fast, mut slow) = (r, r);
            if fast.continue_with(addr, len) {
                prop_assert_eq!(slow.extend(addr, len), Merge::Disjoint);
                prop_assert_eq!(fast, slow, "{:?} + {}+{}", r, addr, len);
            } else {
                prop_assert_eq!(fast, r);
            }
            // Go on from what extend makes, so that runs of every shape come.
            let _ = r.extend(addr, len);
        }
    }

    #[test]
    fn runs_hold_exactly_the_union_of_their_blocks(
        first in (0u64..200, 1u64..9), seq in moves()
    ) {
        let mut r = Run::single(first.0, first.1);
        let mut union = block(first.0, first.1);
        for m in &seq {
            let (addr, len) = place(&r, m);
            let before = r;
            let required = must_accept(&r, addr, len);
            let new = block(addr, len);
            let common: BTreeSet<u64> = union.intersection(&new).copied().collect();
            match r.extend(addr, len) {
                Merge::Refused => {
                    prop_assert!(!required, "{before:?} refused {addr}+{len}");
                    prop_assert_eq!(r, before);
                    continue;
                }
                Merge::Disjoint => prop_assert!(common.is_empty()),
                Merge::Overlapped(lo, hi) => {
                    prop_assert!(lo < hi);
                    prop_assert!((lo..hi).all(|x| common.contains(&x)));
                    prop_assert_eq!(Some(&lo), common.iter().next());
                }
            }
            union.extend(new);
            prop_assert!(well_formed(&r), "{r:?}");
            prop_assert_eq!(&bytes(&r), &union, "{:?} + {}+{} = {:?}", before, addr, len, r);
        }
    }

    #[test]
    fn absorbing_a_run_keeps_exactly_the_union(a in valid_run(), b in valid_run()) {
        let mut merged = a;
        let union: BTreeSet<u64> = bytes(&a).union(&bytes(&b)).copied().collect();
        match merged.absorb(&b) {
            Merge::Refused => prop_assert_eq!(merged, a),
            m => {
                prop_assert!(well_formed(&merged), "{:?}", merged);
                prop_assert_eq!(bytes(&merged), union);
                let common: BTreeSet<u64> = bytes(&a).intersection(&bytes(&b)).copied().collect();
                match m {
                    Merge::Disjoint => prop_assert!(common.is_empty()),
                    Merge::Overlapped(lo, hi) => {
                        prop_assert!(lo < hi);
                        prop_assert!((lo..hi).all(|x| common.contains(&x)), "{:?} {:?} {:?}", a, b, m);
                    }
                    Merge::Refused => unreachable!(),
                }
            }
        }
    }

    #[test]
    fn first_overlap_is_the_lowest_common_range(
        (a, b) in prop_oneof![(valid_run(), valid_run()), same_stride_pair()]
    ) {
        let expected = brute_first_overlap(&a, &b);
        prop_assert_eq!(a.first_overlap(&b), expected);
        prop_assert_eq!(b.first_overlap(&a), expected);
    }
}

const SITES: u32 = 6;
const SCOPES: u32 = 3;

/// A random oracle: a symmetric table of claimed pairs with their scopes,
/// made from claims between groups of sites (as the runtime's filter
/// groups sites by their lists).
#[derive(Clone, Debug)]
struct Table {
    claim: Vec<Option<u32>>,
    scopes: Vec<Vec<ScopeId>>,
    writes: Vec<bool>,
    relevant: Vec<Vec<ScopeId>>,
    group: Vec<u32>,
    partners: Vec<Vec<(u32, Vec<ScopeId>)>>,
}

impl ClaimRule for Table {
    fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32> {
        *self.claim.get((a * SITES + b) as usize)?
    }
    fn scopes(&self, claim: u32) -> &[ScopeId] {
        &self.scopes[claim as usize]
    }
    // Sites past the table's (a past frame's) have no claim.
    fn writes(&self, site: SiteId) -> bool {
        self.writes.get(site as usize) == Some(&true)
    }
}

impl Claims for Table {
    fn relevant_scopes(&self, site: SiteId) -> &[ScopeId] {
        self.relevant.get(site as usize).map_or(&[], Vec::as_slice)
    }
    fn group(&self, site: SiteId) -> u32 {
        self.group.get(site as usize).copied().unwrap_or(NO_GROUP)
    }
    fn partners(&self, group: u32) -> &[(u32, Vec<ScopeId>)] {
        self.partners.get(group as usize).map_or(&[], Vec::as_slice)
    }
}

impl Table {
    /// The table of these claims `(a, b, scopes)`; `writers` write; each
    /// site its own group.
    fn new(claims: &[(SiteId, SiteId, Vec<ScopeId>)], writers: &[SiteId]) -> Table {
        Table::grouped(claims, writers, &(0..SITES).collect::<Vec<_>>())
    }

    /// The same, with the sites' groups (`claims` are between groups: the
    /// claim of two sites is that of their groups).
    fn grouped(
        group_claims: &[(u32, u32, Vec<ScopeId>)],
        writers: &[SiteId],
        group: &[u32],
    ) -> Table {
        let mut t = Table {
            claim: vec![None; (SITES * SITES) as usize],
            scopes: Vec::new(),
            writes: (0..SITES).map(|s| writers.contains(&s)).collect(),
            relevant: vec![Vec::new(); SITES as usize],
            group: group.to_vec(),
            partners: vec![Vec::new(); SITES as usize],
        };
        let mut claims = Vec::new();
        for (g, h, scopes) in group_claims {
            t.partners[*g as usize].push((*h, scopes.clone()));
            if g != h {
                t.partners[*h as usize].push((*g, scopes.clone()));
            }
            for a in (0..SITES).filter(|&a| group[a as usize] == *g) {
                for b in (0..SITES).filter(|&b| group[b as usize] == *h) {
                    claims.push((a, b, scopes.clone()));
                }
            }
        }
        let mut whole_frame = [false; SITES as usize];
        for (a, b, scopes) in &claims {
            let c = t.scopes.len() as u32;
            t.claim[(a * SITES + b) as usize] = Some(c);
            t.claim[(b * SITES + a) as usize] = Some(c);
            for site in [*a, *b] {
                whole_frame[site as usize] |= scopes.is_empty();
                t.relevant[site as usize].extend(scopes);
            }
            t.scopes.push(scopes.clone());
        }
        for (r, whole) in t.relevant.iter_mut().zip(whole_frame) {
            r.sort_unstable();
            r.dedup();
            if whole {
                r.clear(); // some claim holds for the whole frame
            }
        }
        t
    }
}

fn table() -> impl Strategy<Value = Table> {
    let pairs = (SITES * (SITES + 1) / 2) as usize;
    let masks = prop::collection::vec(prop::option::of(0u32..8), pairs);
    let writes = prop::collection::vec(prop::bool::weighted(0.4), SITES as usize);
    let groups = prop::collection::vec(0..SITES, SITES as usize);
    (masks, writes, groups).prop_map(|(masks, writes, groups)| {
        let all_pairs = (0..SITES).flat_map(|a| (a..SITES).map(move |b| (a, b)));
        let claims: Vec<_> = all_pairs
            .zip(masks)
            .filter_map(|((a, b), mask)| {
                let mask = mask?;
                let scopes = (0..SCOPES).filter(|s| mask >> s & 1 == 1).collect();
                Some((a, b, scopes))
            })
            .collect();
        let writers: Vec<SiteId> = (0..SITES).filter(|&s| writes[s as usize]).collect();
        Table::grouped(&claims, &writers, &groups)
    })
}

#[derive(Clone, Debug)]
enum Op {
    Access(SiteId, u64, u64),
    /// `n` accesses of `size` bytes from `addr`, `step` apart.
    Walk(SiteId, u64, i64, u64, u64),
    /// The same walk, given to the log at once (`access_run`, as the pass
    /// summarizes a loop's accesses).
    Summary(SiteId, u64, i64, u64, u64),
    /// `rows` such walks, the first addresses `row_step` apart, given at
    /// once (`access_grid`, as the pass summarizes a loop nest's):
    /// (site, first, step, size, count, row_step, rows).
    Grid(SiteId, u64, i64, u64, u64, i64, u64),
    Begin(ScopeId),
    /// `end_scope`: placed only where it changes no conflict
    /// ([`with_ends`]); the model does not see it.
    End(ScopeId),
    /// `check`, then `prune` with this budget (when budgets are on).
    Check(usize),
}

fn program() -> impl Strategy<Value = Vec<Op>> {
    let op = prop_oneof![
        8 => (0..SITES + 1, 0u64..128, 0u64..9).prop_map(|(s, a, n)| Op::Access(s, a, n)),
        3 => (0..SITES, 0u64..128, -12i64..13, 1u64..9, 1u64..10)
            .prop_map(|(s, a, d, n, k)| Op::Walk(s, a, d, n, k)),
        2 => (0..SITES, 64u64..128, -12i64..13, 1u64..9, 1u64..6)
            .prop_map(|(s, a, d, n, k)| Op::Summary(s, a, d, n, k)),
        2 => (0..SITES, 96u64..128, -6i64..7, 1u64..9, 1u64..5, -16i64..17, 1u64..5)
            .prop_map(|(s, a, d, n, k, rd, r)| Op::Grid(s, a, d, n, k, rd, r)),
        2 => (0..SCOPES + 1).prop_map(Op::Begin),
        1 => (0usize..20).prop_map(Op::Check),
    ];
    prop::collection::vec(op, 0..120)
}

/// Every access on its own: (site, lo, hi, epoch).
#[derive(Default)]
struct Model {
    events: Vec<(SiteId, u64, u64, Epoch)>,
    begins: Vec<Vec<Epoch>>,
    epoch: Epoch,
}

impl Model {
    fn same_instance(&self, scopes: &[ScopeId], x: Epoch, y: Epoch) -> bool {
        let (x, y) = (x.min(y), x.max(y));
        let begun = |s: &ScopeId| self.begins[*s as usize].iter().any(|&e| x < e && e <= y);
        !scopes.iter().any(begun)
    }

    fn conflicts(&self, t: &mut Table) -> BTreeSet<(SiteId, SiteId)> {
        let mut found = BTreeSet::new();
        for (i, &(a, alo, ahi, x)) in self.events.iter().enumerate() {
            for &(b, blo, bhi, y) in &self.events[i + 1..] {
                let Some(c) = t.claim(a, b) else { continue };
                if (t.writes(a) || t.writes(b))
                    && self.same_instance(t.scopes(c), x, y)
                    && alo.max(blo) < ahi.min(bhi)
                {
                    found.insert((a.min(b), a.max(b)));
                }
            }
        }
        found
    }

    /// A reported conflict really happened: with this claim and a write,
    /// and each byte of the range touched by an access of each side (two
    /// different accesses when the sides are one site) in one instance of
    /// every scope of the claim. (The epochs a conflict carries are its
    /// runs' first ones: a run may go on in later epochs while none of its
    /// site's scopes begins; the byte may be touched in any of them.)
    fn confirm(&self, t: &mut Table, c: &Conflict) -> Result<(), TestCaseError> {
        prop_assert_eq!(t.claim(c.first, c.second), Some(c.claim), "{:?}", c);
        prop_assert!(t.writes(c.first) || t.writes(c.second), "{:?}", c);
        prop_assert!(c.first_epoch <= c.second_epoch, "{:?}", c);
        let scopes = t.scopes(c.claim).to_vec();
        let (lo, hi) = c.overlap;
        prop_assert!(lo < hi, "{:?}", c);
        for x in lo..hi {
            let touching = |site: SiteId| {
                self.events
                    .iter()
                    .enumerate()
                    .filter(move |(_, e)| e.0 == site && e.1 <= x && x < e.2)
                    .map(|(i, e)| (i, e.3))
                    .collect::<Vec<_>>()
            };
            let (f, s) = (touching(c.first), touching(c.second));
            let together = f.iter().any(|&(i, x1)| {
                s.iter()
                    .any(|&(j, y1)| i != j && self.same_instance(&scopes, x1, y1))
            });
            prop_assert!(together, "{:?} at {}", c, x);
        }
        Ok(())
    }
}

fn expand(op: &Op) -> Vec<(SiteId, u64, u64)> {
    match *op {
        Op::Access(s, a, n) => vec![(s, a, n)],
        Op::Walk(s, a, d, n, k) | Op::Summary(s, a, d, n, k) => (0..k as i64)
            .filter_map(|i| a.checked_add_signed(d * i).map(|addr| (s, addr, n)))
            .collect(),
        Op::Grid(s, a, d, n, k, rd, r) => (0..r as i64)
            .flat_map(|j| (0..k as i64).map(move |i| d * i + rd * j))
            .filter_map(|off| a.checked_add_signed(off).map(|addr| (s, addr, n)))
            .collect(),
        _ => Vec::new(),
    }
}

type Pairs = BTreeSet<(SiteId, SiteId)>;

/// Runs `ops` as a frame of more sites and scopes, unchecked.
fn past_frame(log: &mut FrameLog, t: &mut Table, ops: &[Op]) {
    if ops.is_empty() {
        return;
    }
    log.reset(SITES + 3, SCOPES + 2);
    for op in ops {
        match *op {
            Op::Summary(s, a, d, n, k) => log.access_run(s, a, n, d.unsigned_abs(), k),
            Op::Grid(s, a, d, n, k, rd, r) => log.access_grid(s, a, n, d, k, rd, r),
            Op::Begin(s) => log.begin_scope(s),
            Op::End(s) => {
                log.end_scope(s);
            }
            Op::Check(keep) => log.prune(t, keep),
            _ => {
                for (s, a, n) in expand(op) {
                    log.access(s, a, n);
                }
            }
        }
    }
}

/// A frame under test: its program and table, and how its log checks (by
/// its claims' scopes, `relevance`; pair by pair, `direct`).
#[derive(Debug)]
struct Case {
    ops: Vec<Op>,
    t: Table,
    relevance: bool,
    direct: bool,
    /// Sites whose single accesses go to `access_final` ([`finals`]).
    finals: BTreeSet<SiteId>,
    /// Whether such an access outside the hull of its partners' entries
    /// (`partner_hull`, asked right before it) is not logged at all.
    hull_skips: bool,
}

fn case() -> impl Strategy<Value = Case> {
    (program(), table(), any::<bool>(), any::<bool>()).prop_map(|(ops, t, relevance, direct)| {
        Case {
            ops,
            t,
            relevance,
            direct,
            finals: BTreeSet::new(),
            hull_skips: false,
        }
    })
}

/// Runs the case's program on a log and the model, after the frame
/// `before`; every reported conflict is confirmed; returns the reported
/// pairs, the model's, and the log.
fn run(
    case: &mut Case,
    budget: bool,
    before: &[Op],
) -> Result<(Pairs, Pairs, FrameLog), TestCaseError> {
    let (ops, t) = (&case.ops, &mut case.t);
    let (finals, hull_skips) = (&case.finals, case.hull_skips);
    let mut skipped = 0;
    let (relevance, direct) = (case.relevance, case.direct);
    let mut log = FrameLog::new();
    // Every check pair by pair, or every check by claimed pairs of sites;
    // with it, a run equal to an earlier one of its site and instance is
    // merged into it, and every prune coalesces the sealed entries when
    // they have grown by half (the other way: never).
    log.set_direct_pairs(if direct { usize::MAX } else { 0 });
    log.set_dedup_from(if direct { usize::MAX } else { 0 });
    log.set_coalesce_from(if direct { usize::MAX } else { 0 });
    // A past frame with other sites and scopes leaves its slots behind:
    // the frame under test must not see them.
    past_frame(&mut log, t, before);
    if relevance {
        // Runs closed only by the scopes of their site's claims (every
        // scope of every claim: not relevant_scopes, which is empty for a
        // site with a claim of the whole frame).
        let site_scopes: Vec<Vec<ScopeId>> = (0..SITES)
            .map(|a| {
                let mut v: Vec<ScopeId> = (0..SITES)
                    .filter_map(|b| t.claim[(a * SITES + b) as usize])
                    .flat_map(|c| t.scopes[c as usize].clone())
                    .collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        log.reset_with(
            SITES,
            SCOPES,
            Some(std::sync::Arc::new(Relevance::new(&site_scopes, SCOPES))),
        );
    } else {
        log.reset(SITES, SCOPES);
    }
    let mut model = Model {
        begins: vec![Vec::new(); SCOPES as usize],
        ..Model::default()
    };
    let mut reported = BTreeSet::new();
    // The runtime lends one scratch a thread to the log it checks: another
    // frame (running `before`, checked and pruned) uses it between this
    // log's checks, and leaves in it what it leaves.
    let mut shared = Scratch::default();
    let mut check = |log: &mut FrameLog,
                     model: &Model,
                     t: &mut Table,
                     keep: Option<usize>|
     -> Result<(), TestCaseError> {
        let mut other = FrameLog::new();
        past_frame(&mut other, t, before);
        other.swap_scratch(&mut shared);
        other.check(t, &mut |_| {});
        other.prune(t, usize::MAX);
        other.swap_scratch(&mut shared);
        let mut found = Vec::new();
        log.swap_scratch(&mut shared);
        log.check(t, &mut |c| found.push(c));
        if let Some(keep) = keep {
            log.prune(t, keep);
        }
        log.swap_scratch(&mut shared);
        for c in &found {
            model.confirm(t, c)?;
            reported.insert((c.first.min(c.second), c.first.max(c.second)));
        }
        Ok(())
    };
    for op in ops {
        if let Op::Summary(s, a, d, n, k) = *op {
            // The lowest block first; every address stays above 0 (a >= 64,
            // |d| * (k - 1) <= 60).
            let lo = if d < 0 {
                a - d.unsigned_abs() * (k - 1)
            } else {
                a
            };
            if finals.contains(&s) {
                log.mark_final(s);
            }
            log.access_run(s, lo, n, d.unsigned_abs(), k);
            for (s, a, n) in expand(op) {
                model.events.push((s, a, a + n, model.epoch));
            }
            continue;
        }
        if let Op::Grid(s, a, d, n, k, rd, r) = *op {
            // Every address stays above 0 (a >= 96, |d| * 3 + |rd| * 3 <= 66).
            log.access_grid(s, a, n, d, k, rd, r);
            for (s, a, n) in expand(op) {
                model.events.push((s, a, a + n, model.epoch));
            }
            continue;
        }
        for (s, a, n) in expand(op) {
            let outside = |(lo, hi): (u64, u64)| a.saturating_add(n) <= lo || a >= hi;
            if hull_skips
                && finals.contains(&s)
                && log.partner_hull(t, s, usize::MAX).is_some_and(outside)
            {
                skipped += u64::from(n > 0);
            } else if finals.contains(&s) {
                log.access_final(s, a, n);
            } else {
                log.access(s, a, n);
            }
            if s < SITES && n > 0 {
                model.events.push((s, a, a + n, model.epoch));
            }
        }
        match *op {
            Op::Begin(s) => {
                log.begin_scope(s);
                if s < SCOPES {
                    model.epoch += 1;
                    model.begins[s as usize].push(model.epoch);
                }
            }
            Op::End(s) => {
                log.end_scope(s);
            }
            Op::Check(keep) => {
                check(
                    &mut log,
                    &model,
                    t,
                    Some(if budget { keep } else { usize::MAX }),
                )?;
            }
            _ => {}
        }
    }
    check(&mut log, &model, t, None)?;
    prop_assert_eq!(log.logged_accesses() + skipped, model.events.len() as u64);
    let truth = model.conflicts(t);
    Ok((reported, truth, log))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn without_drops_the_log_finds_exactly_the_conflicts(
        mut case in case(),
        before in program(),
    ) {
        let (reported, truth, log) = run(&mut case, false, &before)?;
        prop_assert_eq!(log.dropped_accesses(), 0);
        prop_assert_eq!(reported, truth);
    }

    #[test]
    fn with_drops_every_report_is_a_real_conflict(mut case in case()) {
        let (reported, truth, _) = run(&mut case, true, &[])?;
        prop_assert!(reported.is_subset(&truth), "{reported:?} not in {truth:?}");
    }
}

// An instance ended where nothing can join it (`FrameLog::end_scope`, as
// sanitize_ends.cpp places it): the same conflicts, exactly.

/// The scopes relevant to `site` as the runtime's filter lists them
/// (`Filter::relevant`): every deciding scope of every claim with a write
/// it takes part in.
fn relevant_of(t: &mut Table, site: SiteId) -> Vec<ScopeId> {
    let mut scopes = Vec::new();
    for other in 0..SITES {
        if let Some(c) = t.claim(site, other) {
            if t.writes(site) || t.writes(other) {
                scopes.extend_from_slice(t.scopes(c));
            }
        }
    }
    scopes.sort_unstable();
    scopes.dedup();
    scopes
}

/// `ops` with an end of scope x after each op from which no access of a
/// site x is relevant to comes before x's next begin: every place the pass
/// may put one.
fn with_ends(ops: &[Op], t: &mut Table) -> Vec<Op> {
    let relevant: Vec<Vec<ScopeId>> = (0..SITES).map(|s| relevant_of(t, s)).collect();
    let joins = |op: &Op, x: ScopeId| {
        expand(op)
            .iter()
            .any(|&(s, _, n)| n > 0 && relevant.get(s as usize).is_some_and(|r| r.contains(&x)))
    };
    let mut out = Vec::new();
    for (i, op) in ops.iter().enumerate() {
        out.push(op.clone());
        for x in 0..SCOPES {
            let mut until_begin = ops[i + 1..]
                .iter()
                .take_while(|o| !matches!(o, Op::Begin(y) if *y == x));
            if !until_begin.any(|o| joins(o, x)) {
                out.push(Op::End(x));
            }
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn instances_ended_where_nothing_can_join_them_change_no_conflict(
        mut case in case(),
        before in program(),
    ) {
        case.ops = with_ends(&case.ops, &mut case.t);
        let (reported, truth, log) = run(&mut case, false, &before)?;
        prop_assert_eq!(log.dropped_accesses(), 0);
        prop_assert_eq!(reported, truth);
    }
}

// A site no later access can pair with (`FrameLog::access_final`, as
// sanitize_final.cpp finds them): the same conflicts, exactly.

/// The sites of `ops`' accesses and summaries (`Access`, `Walk`,
/// `Summary`) after each of which no access (of any kind) is claimed
/// against it, with a write, in one instance of every scope of the claim;
/// none logged by a grid (the pass makes only `__aliaskit_access` and
/// `_run` final).
fn finals(ops: &[Op], t: &mut Table) -> BTreeSet<SiteId> {
    let mut model = Model {
        begins: vec![Vec::new(); SCOPES as usize],
        ..Model::default()
    };
    let mut single = Vec::new();
    for op in ops {
        if let Op::Begin(x) = *op {
            if x < SCOPES {
                model.epoch += 1;
                model.begins[x as usize].push(model.epoch);
            }
        }
        for (s, a, n) in expand(op) {
            if s < SITES && n > 0 {
                single.push(!matches!(op, Op::Grid(..)));
                model.events.push((s, a, a + n, model.epoch));
            }
        }
    }
    let mut out: BTreeSet<SiteId> = (0..SITES).collect();
    for (i, &(s, _, _, x)) in model.events.iter().enumerate() {
        let later_partner = model.events[i + 1..].iter().any(|&(p, _, _, y)| {
            t.claim(s, p).is_some_and(|c| {
                (t.writes(s) || t.writes(p)) && model.same_instance(t.scopes(c), x, y)
            })
        });
        if later_partner || !single[i] {
            out.remove(&s);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn sites_no_later_access_pairs_with_dropped_once_checked_change_no_conflict(
        mut case in case(),
        before in program(),
    ) {
        case.finals = finals(&case.ops, &mut case.t);
        let (reported, truth, log) = run(&mut case, false, &before)?;
        prop_assert_eq!(log.dropped_accesses(), 0);
        prop_assert_eq!(reported, truth);
    }

    #[test]
    fn final_accesses_outside_their_partners_hull_need_no_log(
        mut case in case(),
        before in program(),
    ) {
        case.finals = finals(&case.ops, &mut case.t);
        case.hull_skips = true;
        let (reported, truth, log) = run(&mut case, false, &before)?;
        prop_assert_eq!(log.dropped_accesses(), 0);
        prop_assert_eq!(reported, truth);
    }
}

#[test]
fn a_final_sites_entries_go_once_checked() {
    // Site 1 writes, then site 0 reads, claimed apart by scope 0: nothing
    // after the reads pairs with them. Site 2 is claimed by nothing.
    let mut t = Table::new(&[(0, 1, vec![0])], &[1]);
    let mut log = FrameLog::new();
    log.reset(SITES, SCOPES);
    assert_eq!(
        log.partner_hull(&t, 0, 16),
        Some((u64::MAX, 0)),
        "nothing logged"
    );
    log.access(1, A, 8);
    assert_eq!(log.partner_hull(&t, 0, 16), Some((A, A + 8)), "the write");
    assert_eq!(
        log.partner_hull(&t, 2, 16),
        Some((u64::MAX, 0)),
        "no partner"
    );
    assert_eq!(log.partner_hull(&t, 0, 0), None, "over the limit");
    log.access_final(0, A + 64, 8);
    log.access_final(0, A + 128, 8);
    assert_eq!(
        log.partner_hull(&t, 0, 16),
        Some((A, A + 8)),
        "reads are no partner of reads"
    );
    assert!(check(&mut log, &mut t).is_empty());
    log.prune(&t, usize::MAX);
    assert_eq!(log.entries(), 1, "the write is left, the reads are gone");
    log.access_final(0, A, 4);
    let found = check(&mut log, &mut t);
    assert_eq!(found.len(), 1, "a read still meets the write before it");
    assert_eq!(found[0].overlap, (A, A + 4));
    // The same reads by `access`: kept, as a later write may meet them.
    let mut log = FrameLog::new();
    log.reset(SITES, SCOPES);
    log.access(1, A, 8);
    log.access(0, A + 64, 8);
    log.access(0, A + 128, 8);
    check(&mut log, &mut t);
    log.prune(&t, usize::MAX);
    assert_eq!(log.entries(), 2);
}

#[test]
fn an_end_lets_the_prune_drop_an_instance_no_later_access_can_join() {
    // Site 0 reads, site 1 writes, claimed apart by scope 0; site 2 is
    // claimed by nothing (it only makes the log check and prune).
    let mut t = Table::new(&[(0, 1, vec![0])], &[1]);
    let mut log = FrameLog::new();
    log.reset(SITES, SCOPES);
    log.begin_scope(0);
    log.access(0, A, 8);
    log.access(1, A + 8, 8);
    check(&mut log, &mut t);
    log.prune(&t, usize::MAX);
    assert_eq!(log.entries(), 2, "the instance may still be joined");
    log.end_scope(0);
    log.access(2, A, 8);
    check(&mut log, &mut t);
    log.prune(&t, usize::MAX);
    assert_eq!(log.entries(), 1, "only site 2's entry is left");
    assert_eq!(log.instances(), 1, "an end is not an instance");
}

#[test]
fn an_end_says_whether_its_instance_may_hold_entries() {
    // Without relevance: any entry since the scope's last begin or end.
    let mut log = FrameLog::new();
    log.reset(SITES, SCOPES);
    assert!(!log.end_scope(0), "nothing logged in the frame");
    log.begin_scope(0);
    log.access(0, A, 8);
    assert!(log.end_scope(0));
    assert!(!log.end_scope(0), "nothing logged since the last end");
    assert!(!log.end_scope(SCOPES), "out of range");
    // With relevance (site 0 is relevant to scope 0, site 1 to scope 1):
    // entries of sites relevant to the scope only.
    let relevance = Relevance::new(&[vec![0], vec![1]], SCOPES);
    log.reset_with(SITES, SCOPES, Some(std::sync::Arc::new(relevance)));
    log.access(1, A, 8);
    assert!(!log.end_scope(0), "site 1 is not relevant to scope 0");
    assert!(
        log.end_scope(1),
        "scope 1 never began: the frame is its instance"
    );
    log.begin_scope(0);
    log.access(1, A, 8);
    log.access(0, A + 8, 8);
    assert!(log.end_scope(0));
    assert!(!log.end_scope(0));
}

// Worked examples, with a table written by hand.

const A: u64 = 0x1000;

fn check(log: &mut FrameLog, t: &mut Table) -> Vec<Conflict> {
    let mut found = Vec::new();
    log.check(t, &mut |c| found.push(c));
    found
}

#[test]
fn reads_never_conflict_and_disjoint_halves_never_do() {
    // Site 0 accesses a[0..4], site 1 a[4..8], then both read a[0..8].
    let mut log = FrameLog::new();
    log.reset(SITES, 0);
    for i in 0..4 {
        log.access(0, A + 4 * i, 4);
        log.access(1, A + 16 + 4 * i, 4);
    }
    let mut t = Table::new(&[(0, 1, vec![]), (2, 3, vec![])], &[0]);
    assert_eq!(check(&mut log, &mut t), vec![]);
    log.access(2, A, 32);
    log.access(3, A, 32);
    assert_eq!(check(&mut log, &mut t), vec![]);
}

#[test]
fn one_site_against_itself_within_an_instance() {
    let mut log = FrameLog::new();
    log.reset(SITES, 1);
    let mut t = Table::new(&[(0, 0, vec![0])], &[0]);
    log.access(0, A, 8);
    log.begin_scope(0);
    log.access(0, A + 4, 8); // another instance: fine
    assert_eq!(check(&mut log, &mut t), vec![]);
    log.access(0, A + 2, 4); // merged into the last run, touching A+4..A+6 again
    let found = check(&mut log, &mut t);
    let expected = Conflict {
        first: 0,
        second: 0,
        claim: 0,
        overlap: (A + 4, A + 6),
        // The reset began epoch 1, the scope's begin epoch 2.
        first_epoch: 2,
        second_epoch: 2,
    };
    assert_eq!(found, vec![expected]);
}

#[test]
fn the_budget_drops_the_oldest_and_counts_them() {
    let mut log = FrameLog::new();
    log.reset(SITES, 1);
    for i in 0..8 {
        log.begin_scope(0);
        log.access(0, A + 4 * i, 4);
        log.access(0, A + 4 * i + 4, 4); // merged: two accesses, one entry
    }
    log.access(SITES, A, 4); // no such site
    log.begin_scope(1); // no such scope
    assert_eq!(log.out_of_range(), 2);
    let t = Table::new(&[(0, 1, vec![])], &[0]); // holds for the whole frame
    log.prune(&t, usize::MAX);
    assert_eq!(log.entries(), 8); // nothing is dead
    log.prune(&t, 1);
    assert_eq!((log.entries(), log.dropped_accesses()), (1, 14));
    log.access(0, A + 36, 4); // the open entry is still known
    assert_eq!((log.entries(), log.logged_accesses()), (1, 17));
}

#[test]
fn a_checked_entry_takes_no_new_bytes() {
    // Site 0 writes a[0..8), site 1 reads a[8..16); a check; then site 0
    // writes a[4..12): its bytes 8..12 are new, and meet site 1's.
    let mut log = FrameLog::new();
    log.reset(SITES, 1);
    let mut t = Table::new(&[(0, 1, vec![])], &[0]);
    log.access(0, A, 8);
    log.access(1, A + 8, 8);
    assert_eq!(check(&mut log, &mut t), vec![]);
    log.access(0, A + 4, 8);
    let found = check(&mut log, &mut t);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].first, found[0].second), (1, 0));
    assert_eq!(found[0].overlap, (A + 8, A + 12));
}

#[test]
fn a_segment_read_again_is_one_entry() {
    // A blocked loop nest: site 0 reads a 16-byte segment of rows 0..8
    // (stride 64), then does it again; site 1 writes elsewhere in between
    // (one strided run). Each row of site 0 is an entry (a 16-byte run
    // takes no 4-byte block), more rows than an access tries; with the
    // look-up, the second pass adds none.
    let pass = |log: &mut FrameLog| {
        for row in 0..8 {
            for k in 0..4 {
                log.access(0, A + 64 * row + 4 * k, 4);
            }
            log.access(1, A + 4096 + 64 * row, 4);
        }
    };
    let entries = |dedup: usize| {
        let mut log = FrameLog::new();
        log.set_dedup_from(dedup);
        log.reset(SITES, 1);
        pass(&mut log);
        let first = log.entries();
        pass(&mut log);
        (first, log.entries())
    };
    assert_eq!(entries(usize::MAX), (9, 17));
    assert_eq!(entries(0), (9, 9));
}

// Frames checked in place (`sanitize::in_place`): the same conflicts as the
// log, for frames whose accesses run at most once each, after the scopes
// begun in the frame (the pass's condition for checking one in place).

fn in_place_conflicts(
    t: &mut Table,
    slots: &[(SiteId, Option<(u64, u64)>)],
) -> BTreeSet<(SiteId, SiteId)> {
    let sites: Vec<SiteId> = slots.iter().map(|s| s.0).collect();
    let touched: Vec<Slot> = slots
        .iter()
        .map(|s| {
            s.1.map_or(Slot::EMPTY, |(addr, size)| Slot::touched(addr, size))
        })
        .collect();
    slot_pairs(t, &sites)
        .into_iter()
        .filter(|p| touched[p.first].overlap(touched[p.second]).is_some())
        .map(|p| {
            (
                sites[p.first].min(sites[p.second]),
                sites[p.first].max(sites[p.second]),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn a_frame_checked_in_place_finds_what_its_log_finds(
        mut t in table(),
        begun in prop::collection::vec(any::<bool>(), SCOPES as usize),
        slots in prop::collection::vec(
            (0..SITES, prop::option::of((0u64..64, 0u64..9))),
            0..8,
        ),
    ) {
        let mut log = FrameLog::new();
        log.reset(SITES, SCOPES);
        for s in (0..SCOPES).filter(|&s| begun[s as usize]) {
            log.begin_scope(s);
        }
        for &(site, access) in &slots {
            if let Some((addr, size)) = access {
                log.access(site, addr, size);
            }
        }
        let found: BTreeSet<(SiteId, SiteId)> = check(&mut log, &mut t)
            .into_iter()
            .map(|c| (c.first.min(c.second), c.first.max(c.second)))
            .collect();
        prop_assert_eq!(in_place_conflicts(&mut t, &slots), found);
    }
}

// A region (src/plugin/sanitize_in_place_regions.cpp): a loop whose every
// iteration begins the same scopes (the region's scope call and those it
// dominates), then runs each of its accesses at most once. For a pair
// whose claim has a scope begun there, the slots compared per iteration
// find exactly what the log of the whole loop finds; the pass takes no
// other pair into a region (a claim whose scopes are never begun holds
// across iterations: counting those fails this).

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn a_region_checked_each_iteration_finds_what_its_log_finds(
        mut t in table(),
        begun in prop::collection::vec(any::<bool>(), SCOPES as usize),
        iterations in prop::collection::vec(
            prop::collection::vec((0..SITES, prop::option::of((0u64..64, 0u64..9))), 0..6),
            1..4,
        ),
    ) {
        let mut log = FrameLog::new();
        log.reset(SITES, SCOPES);
        let mut in_place = BTreeSet::new();
        for slots in &iterations {
            for s in (0..SCOPES).filter(|&s| begun[s as usize]) {
                log.begin_scope(s);
            }
            for &(site, access) in slots {
                if let Some((addr, size)) = access {
                    log.access(site, addr, size);
                }
            }
            in_place.extend(in_place_conflicts(&mut t, slots));
        }
        let found: BTreeSet<(SiteId, SiteId)> = check(&mut log, &mut t)
            .into_iter()
            .map(|c| (c.first.min(c.second), c.first.max(c.second)))
            .collect();
        let mut decided = |&(a, b): &(SiteId, SiteId)| {
            t.claim(a, b)
                .is_some_and(|c| t.scopes(c).iter().any(|&s| begun[s as usize]))
        };
        let in_place: BTreeSet<_> = in_place.into_iter().filter(&mut decided).collect();
        let found: BTreeSet<_> = found.into_iter().filter(&mut decided).collect();
        prop_assert_eq!(in_place, found);
    }
}

#[test]
fn in_place_pairs_are_the_claimed_ones_with_a_write() {
    // 0 writes, 1 and 2 read; 0-1 and 1-2 claimed: only 0-1 is compared,
    // and a site's two copies (slots 0 and 3) each against 1.
    let mut t = Table::new(&[(0, 1, vec![1]), (1, 2, vec![])], &[0]);
    let pairs = slot_pairs(&mut t, &[0, 1, 2, 0]);
    let got: Vec<(usize, usize, Vec<ScopeId>)> = pairs
        .into_iter()
        .map(|p| (p.first, p.second, p.scopes))
        .collect();
    assert_eq!(got, vec![(0, 1, vec![1]), (1, 3, vec![1])]);
}

proptest! {
    #[test]
    fn a_walks_slot_is_the_hull_of_its_bytes(
        first in 0u64..4096,
        size in 0u64..9,
        step in -40i64..41,
        count in 0u64..6,
        row_step in -300i64..301,
        rows in 0u64..5,
    ) {
        let mut bytes = BTreeSet::new();
        for r in 0..rows {
            for i in 0..count {
                let at = first as i64 + r as i64 * row_step + i as i64 * step;
                bytes.extend((0..size as i64).map(|b| at + b));
            }
        }
        // Walks that reach below address 0 are not logged; none here.
        prop_assume!(bytes.first().is_none_or(|&b| b >= 0));
        let slot = Slot::of_walk(first, size, step, count, row_step, rows);
        match (bytes.first(), bytes.last()) {
            (Some(&lo), Some(&hi)) => {
                prop_assert_eq!(slot, Slot { lo: lo as u64, hi: hi as u64 + 1 });
            }
            _ => prop_assert_eq!(slot, Slot::EMPTY),
        }
    }
}

// An access a loop repeats at one address, logged once per execution of
// the loop (`sanitize::once`): the same conflicts as every access logged.

/// Accesses of a few sites at a few addresses (so that a site repeats
/// one), and scopes begun between them.
fn repeating_program() -> impl Strategy<Value = Vec<Op>> {
    let op = prop_oneof![
        6 => (0..SITES, 0u64..8, 1u64..9).prop_map(|(s, a, n)| Op::Access(s, 4 * a, n)),
        1 => (0..SCOPES).prop_map(Op::Begin),
    ];
    prop::collection::vec(op, 0..60)
}

/// `ops` with each access of `site` dropped when the same access (address
/// and size) came before it with none of `scopes` begun since: as many
/// loops as could be, each logging its first.
fn logged_once(ops: &[Op], site: SiteId, scopes: &[ScopeId]) -> Vec<Op> {
    let mut since = BTreeSet::new();
    let mut kept = Vec::new();
    for op in ops {
        match *op {
            Op::Begin(s) if scopes.contains(&s) => since.clear(),
            Op::Access(s, a, n) if s == site && !since.insert((a, n)) => continue,
            _ => {}
        }
        kept.push(op.clone());
    }
    kept
}

/// The model of a program of accesses and begins.
fn model_of(ops: &[Op]) -> Model {
    let mut model = Model {
        begins: vec![Vec::new(); SCOPES as usize],
        ..Model::default()
    };
    for op in ops {
        match *op {
            Op::Access(s, a, n) if n > 0 => model.events.push((s, a, a + n, model.epoch)),
            Op::Begin(s) => {
                model.epoch += 1;
                model.begins[s as usize].push(model.epoch);
            }
            _ => {}
        }
    }
    model
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn an_access_a_loop_repeats_logged_once_finds_the_same_conflicts(
        mut t in table(),
        ops in repeating_program(),
        site in 0..SITES,
    ) {
        let truth = model_of(&ops).conflicts(&mut t);
        let Some(scopes) = once_per_loop(&mut t, site, SITES) else {
            // Claimed apart from itself, with a write: two of its
            // accesses at one address are a conflict of their own.
            let itself = t.claim(site, site).is_some() && t.writes(site);
            prop_assert!(itself);
            return Ok(());
        };
        let once = logged_once(&ops, site, &scopes);
        prop_assert_eq!(&model_of(&once).conflicts(&mut t), &truth);
        // And the log, given only those, reports them.
        let mut log = FrameLog::new();
        log.reset(SITES, SCOPES);
        for op in &once {
            match *op {
                Op::Access(s, a, n) => log.access(s, a, n),
                Op::Begin(s) => log.begin_scope(s),
                _ => {}
            }
        }
        let found: BTreeSet<(SiteId, SiteId)> = check(&mut log, &mut t)
            .into_iter()
            .map(|c| (c.first.min(c.second), c.first.max(c.second)))
            .collect();
        prop_assert_eq!(found, truth);
    }
}

#[test]
fn a_site_against_itself_is_not_logged_once() {
    // Site 0 writes and is claimed apart from itself: two of its writes
    // at one address in one instance conflict, so each is logged.
    let mut t = Table::new(&[(0, 0, vec![1]), (0, 1, vec![2])], &[0]);
    assert_eq!(once_per_loop(&mut t, 0, SITES), None);
    assert_eq!(once_per_loop(&mut t, 1, SITES), Some(vec![2]));
}
