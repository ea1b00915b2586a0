//! `--tbaa`: a whole loop checked before it runs, so that it can run
//! without its checks (and be vectorized again).
//!
//! The plugin versions a loop whose tagged accesses are all *strided runs*
//! ([`LoopRun`]: `count` blocks of `size` bytes, `step` apart, one block an
//! iteration) and which does nothing else that the shadow sees (no call, no
//! reset, no immutable load; `src/plugin/sanitize_tbaa_loops.cpp`). Before
//! the loop, the runtime asks [`loop_is_quiet`]: when it holds, running the
//! loop's accesses one at a time, in any order of their iterations, would
//! find nothing (no load meets bytes of a store that breaks its claims, no
//! store re-types bytes or meets an immutable mark) and would leave the
//! shadow exactly as [`store_runs`] leaves it. So the loop runs without
//! checks, and the runtime writes its stores' shadow before it. Otherwise
//! the loop runs with its checks, access by access.
//!
//! Why it holds. Let stores of different ids have disjoint hulls (checked),
//! and let every load site break no claim with any store id of the loop
//! whose hull meets its own (checked, pair by pair: a Fortran procedure's
//! dummy arguments are claimed apart, and are). A byte a load reads was last written either by
//! a store of the loop, whose id the load may meet, or before the loop,
//! and then the byte is in the load's run, whose ids before the loop were
//! checked. A byte a store writes was last written either by a store of
//! the loop, which has the same id (disjoint hulls), or before the loop,
//! and then it is in the store's run, checked before the loop. After the
//! loop, a byte of a store's run holds the one id its stores have; other
//! bytes are as before. Worked example: `y[i] = a * x[i] + y[i]` over
//! floats, `x` and `y` last written by float stores: the load sites of `x`
//! and `y` meet float stores only, the store's run is `y`'s, whose bytes
//! hold float ids: quiet, and `y`'s bytes get the store's id. Had `y` held
//! ints (a buffer reused), the store would re-type them: not quiet, and
//! the checks count it as they always do.
//!
//! The answers are the runtime's ([`LoopJudge`]): the same questions its
//! checks ask, so the two cannot drift. Property-tested against the
//! accesses one at a time, below.

use std::sync::atomic::AtomicU32;

use super::tbaa_shadow::{pieces, Pages, Shadow, StoreId};

/// One tagged access of a loop, over all of the loop's iterations: the
/// block of iteration `k` of row `j` is `[first + j * row_step + k * step,
/// ... + size)` (addresses wrap as the program's do). A run of an innermost
/// loop has one row; an access of the inner loop of a versioned loop nest
/// has a row per iteration of the outer loop.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LoopRun {
    /// A load's site id, or the id a store writes.
    pub id: StoreId,
    pub store: bool,
    pub first: u64,
    pub step: i64,
    pub count: u64,
    pub size: u64,
    pub rows: u64,
    pub row_step: i64,
}

/// `[lo, lo + extent)` moved `count - 1` times by `step`: the hull of all
/// of them (None: none, or they wrap the address space).
fn hull_of(lo: u64, extent: u64, step: i64, count: u64) -> Option<(u64, u64)> {
    if count == 0 || extent == 0 {
        return None;
    }
    let span = (count - 1).checked_mul(step.unsigned_abs())?;
    let lo = if step < 0 { lo.checked_sub(span)? } else { lo };
    Some((lo, lo.checked_add(span)?.checked_add(extent)?))
}

impl LoopRun {
    /// Row `j` of the run, alone.
    pub fn row(&self, j: u64) -> LoopRun {
        LoopRun {
            first: self
                .first
                .wrapping_add(j.wrapping_mul(self.row_step as u64)),
            rows: 1,
            row_step: 0,
            ..*self
        }
    }

    /// The first address of iteration `k`'s block (of the first row).
    pub fn block(&self, k: u64) -> u64 {
        self.first.wrapping_add(k.wrapping_mul(self.step as u64))
    }

    /// `[lo, hi)`, every byte of the run (None: no block, or it wraps the
    /// address space: then no claim is made about it).
    pub fn hull(&self) -> Option<(u64, u64)> {
        let (lo, hi) = hull_of(self.first, self.size, self.step, self.count)?;
        hull_of(lo, hi - lo, self.row_step, self.rows)
    }
}

/// The runtime's answers, as its checks give them.
pub trait LoopJudge {
    /// Whether load site `load` meeting bytes of store id `stored` breaks
    /// a claim (a hit).
    fn breaks(&mut self, load: StoreId, stored: StoreId) -> bool;
    /// Whether store `store` over bytes of store id `old` re-types them or
    /// meets an immutable mark (the checks would count or report it).
    fn disturbs(&mut self, store: StoreId, old: StoreId) -> bool;
}

/// Whether two hulls may share a byte (None: unknown, they may).
fn meet(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> bool {
    match (a, b) {
        (Some((alo, ahi)), Some((blo, bhi))) => alo < bhi && blo < ahi,
        _ => true,
    }
}

/// Whether a row's blocks are one span of bytes: they meet end to end or
/// are one block (one iteration, or a step of 0).
fn row_contiguous(run: &LoopRun) -> bool {
    run.count == 1 || run.step == 0 || run.step.unsigned_abs() == run.size
}

/// Whether `run`'s bytes are its hull: its rows are each one span, and they
/// meet end to end or are one row.
fn contiguous(run: &LoopRun) -> bool {
    row_contiguous(run)
        && (run.rows == 1
            || run.row_step == 0
            || run
                .row(0)
                .hull()
                .is_some_and(|(lo, hi)| run.row_step.unsigned_abs() == hi - lo))
}

/// The bytes of `run` as spans `[at, end)`: its hull when it is
/// [`contiguous`], else each row's, or each block of each row.
fn spans(run: &LoopRun) -> Box<dyn Iterator<Item = (u64, u64)> + '_> {
    if contiguous(run) {
        return Box::new(run.hull().into_iter());
    }
    Box::new((0..run.rows).flat_map(move |j| {
        let row = run.row(j);
        let hull = if row_contiguous(&row) {
            row.hull()
        } else {
            None
        };
        let blocks = if hull.is_some() { 0 } else { row.count };
        hull.into_iter().chain((0..blocks).map(move |k| {
            let at = row.block(k);
            (at, at.saturating_add(row.size))
        }))
    }))
}

/// Load runs whose hulls share bytes, and the union of their hulls.
struct LoadScan<'a> {
    loads: Vec<&'a LoopRun>,
    span: (u64, u64),
}

/// The contiguous load runs grouped by hulls that share bytes (a stencil's
/// neighbours read one row three times), and the others one by one.
fn load_scans<'a>(
    loads: impl Iterator<Item = &'a LoopRun>,
) -> (Vec<LoadScan<'a>>, Vec<&'a LoopRun>) {
    let mut others = Vec::new();
    let mut hulls: Vec<(u64, u64, &LoopRun)> = Vec::new();
    for l in loads {
        match (contiguous(l), l.hull()) {
            (true, Some((lo, hi))) => hulls.push((lo, hi, l)),
            _ => others.push(l),
        }
    }
    hulls.sort_unstable_by_key(|&(lo, hi, _)| (lo, hi));
    let mut groups: Vec<LoadScan> = Vec::new();
    for (lo, hi, l) in hulls {
        match groups.last_mut() {
            Some(g) if lo < g.span.1 => {
                g.span.1 = g.span.1.max(hi);
                g.loads.push(l);
            }
            _ => groups.push(LoadScan {
                loads: vec![l],
                span: (lo, hi),
            }),
        }
    }
    (groups, others)
}

/// Whether no load of `runs` meets, before the loop, bytes of a store id
/// it may not meet: a group's span is scanned once, every byte asked about
/// for all of its loads; when that fails (a load asked about bytes it does
/// not read), each of them is scanned alone.
fn loads_may_start<'a, P: Pages, J: LoopJudge>(
    shadow: &Shadow<P>,
    loads: impl Iterator<Item = &'a LoopRun>,
    judge: &mut J,
) -> bool {
    let alone = |l: &LoopRun, judge: &mut J| {
        every_byte(shadow, spans(l), 0, |old| !judge.breaks(l.id, old))
    };
    let (groups, others) = load_scans(loads);
    groups.iter().all(|g| {
        every_byte(shadow, std::iter::once(g.span), 0, |old| {
            g.loads.iter().all(|l| !judge.breaks(l.id, old))
        }) || (g.loads.len() > 1 && g.loads.iter().all(|l| alone(l, judge)))
    }) && others.into_iter().all(|l| alone(l, judge))
}

/// Whether every byte of `spans` has an id `ok` accepts (0, no page:
/// untyped, always accepted; `first`: accepted without asking); `ok` is
/// asked once per run of equal ids.
fn every_byte<P: Pages>(
    shadow: &Shadow<P>,
    spans: impl Iterator<Item = (u64, u64)>,
    first: StoreId,
    mut ok: impl FnMut(StoreId) -> bool,
) -> bool {
    let mut accepted = first;
    // The last page looked up (a grid's rows are mostly on one).
    let mut last: Option<(u64, Option<&[AtomicU32]>)> = None;
    for (at, end) in spans {
        for (page, mut lo, hi) in pieces(at, end.saturating_sub(at)) {
            let cells = match last {
                Some((n, cells)) if n == page => cells,
                _ => shadow.pages.page(page),
            };
            last = Some((page, cells));
            let Some(p) = cells else { continue };
            while let Some(k) = P::find_other(&p[lo..hi], accepted) {
                let id = p[lo + k].load(std::sync::atomic::Ordering::Relaxed);
                if id != 0 && id != accepted {
                    if !ok(id) {
                        return false;
                    }
                    accepted = id;
                }
                lo += k + 1;
            }
        }
    }
    true
}

/// Whether the loop of `runs` would find nothing, run access by access
/// (the module comment), given the shadow before it.
pub fn loop_is_quiet<P: Pages>(
    shadow: &Shadow<P>,
    runs: &[LoopRun],
    judge: &mut impl LoopJudge,
) -> bool {
    let some = |r: &&LoopRun| r.count > 0 && r.size > 0 && r.rows > 0;
    let stores = || runs.iter().filter(|r| r.store).filter(some);
    let loads = || runs.iter().filter(|r| !r.store).filter(some);
    // Stores of different ids never write one byte.
    for (i, a) in stores().enumerate() {
        if a.hull().is_none()
            || stores()
                .skip(i + 1)
                .any(|b| b.id != a.id && meet(a.hull(), b.hull()))
        {
            return false;
        }
    }
    // Each load may meet each store of the loop whose bytes it may read.
    for l in loads() {
        let Some(hull) = l.hull() else {
            return false;
        };
        if stores().any(|s| meet(Some(hull), s.hull()) && judge.breaks(l.id, s.id)) {
            return false;
        }
    }
    // The bytes before the loop.
    loads_may_start(shadow, loads(), judge)
        && stores().all(|s| every_byte(shadow, spans(s), s.id, |old| !judge.disturbs(s.id, old)))
}

/// The shadow a quiet loop leaves: each store run's bytes hold its id.
pub fn store_runs<P: Pages>(shadow: &mut Shadow<P>, runs: &[LoopRun]) {
    for r in runs.iter().filter(|r| r.store) {
        for (at, end) in spans(r) {
            shadow.fill(at, end - at, r.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Ids below 10 are of type A, others of type B; loads of A break
    /// claims with B's stores and the other way round; a store of one type
    /// over the other's bytes re-types them. Id 9 marks immutable bytes.
    struct Types;

    fn kind(id: StoreId) -> bool {
        id < 10
    }

    impl LoopJudge for Types {
        fn breaks(&mut self, load: StoreId, stored: StoreId) -> bool {
            kind(load) != kind(stored)
        }
        fn disturbs(&mut self, store: StoreId, old: StoreId) -> bool {
            old == 9 || kind(store) != kind(old)
        }
    }

    /// The loop run access by access: iteration by iteration, its runs in
    /// the order given. Whether anything was found.
    fn one_at_a_time(shadow: &mut Shadow, runs: &[LoopRun]) -> bool {
        let mut found = false;
        let rows = runs.iter().map(|r| r.rows).max().unwrap_or(0);
        let iterations = runs.iter().map(|r| r.count).max().unwrap_or(0);
        for (j, k) in (0..rows).flat_map(|j| (0..iterations).map(move |k| (j, k))) {
            for r in runs.iter().filter(|r| j < r.rows && k < r.count) {
                let at = r.row(j).block(k);
                if r.store {
                    let marked = !shadow.check(at, r.size, |old| old == 9).is_empty();
                    let retyped =
                        shadow.store_over(at, r.size, r.id, |old| kind(old) != kind(r.id));
                    found |= marked || retyped;
                } else {
                    found |= !shadow
                        .check(at, r.size, |old| Types.breaks(r.id, old))
                        .is_empty();
                }
            }
        }
        found
    }

    fn run() -> impl Strategy<Value = LoopRun> {
        (
            1u32..14,
            any::<bool>(),
            0u64..64,
            -6i64..7,
            0u64..9,
            1u64..5,
            (0u64..4, -24i64..25),
        )
            .prop_map(
                |(id, store, first, step, count, size, (rows, row_step))| LoopRun {
                    id: if store && id == 9 { 8 } else { id },
                    rows,
                    row_step,
                    store,
                    first: first + 64,
                    step,
                    count,
                    size,
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]
        /// A quiet loop finds nothing access by access and leaves the
        /// shadow store_runs leaves, whatever the shadow before it.
        #[test]
        fn a_quiet_loop_is_the_loop_run_access_by_access(
            before in proptest::collection::vec((0u64..200, 1u64..9, 0u32..14), 0..8),
            runs in proptest::collection::vec(run(), 1..5),
        ) {
            let mut exact = Shadow::new();
            for &(at, size, id) in &before {
                exact.store(at, size, id);
            }
            let mut fast = Shadow::new();
            for &(at, size, id) in &before {
                fast.store(at, size, id);
            }
            if loop_is_quiet(&fast, &runs, &mut Types) {
                store_runs(&mut fast, &runs);
                prop_assert!(!one_at_a_time(&mut exact, &runs));
                for b in 0..400 {
                    prop_assert_eq!(exact.get(b), fast.get(b), "byte {}", b);
                }
            }
        }
    }

    /// A run of one row of 4-byte blocks.
    fn row_of(id: StoreId, store: bool, first: u64, step: i64, count: u64) -> LoopRun {
        LoopRun {
            id,
            store,
            first,
            step,
            count,
            size: 4,
            rows: 1,
            row_step: 0,
        }
    }

    #[test]
    fn a_loop_over_bytes_of_its_own_types_is_quiet() {
        let mut s = Shadow::new();
        s.store(0, 64, 1); // x: type A
        s.store(64, 64, 2); // y: type A
        let runs = [
            row_of(3, false, 0, 4, 16),
            row_of(4, false, 64, 4, 16),
            row_of(5, true, 64, 4, 16),
        ];
        assert!(loop_is_quiet(&s, &runs, &mut Types));
        store_runs(&mut s, &runs);
        assert_eq!((s.get(0), s.get(64), s.get(127), s.get(128)), (1, 5, 5, 0));
        // y held type B: the store would re-type it (and the load of y
        // would meet it first).
        s.store(64, 64, 12);
        assert!(!loop_is_quiet(&s, &runs, &mut Types));
        // A load of y of type B would meet the store's bytes (y untyped
        // before the loop).
        let mut b = runs;
        b[1].id = 13;
        s.reset(64, 64);
        assert!(!loop_is_quiet(&s, &b, &mut Types));
        // A load of type B of x, whose bytes are of type B: it never
        // reads the store's bytes (the hulls do not meet).
        let mut b = runs;
        b[0].id = 13;
        s.store(0, 64, 12);
        assert!(loop_is_quiet(&s, &b, &mut Types));
    }

    #[test]
    fn stores_of_two_ids_must_not_meet() {
        let s = Shadow::new();
        let two = |first| [row_of(5, true, 0, 8, 4), row_of(6, true, first, 8, 4)];
        assert!(loop_is_quiet(&s, &two(32), &mut Types), "apart");
        assert!(
            !loop_is_quiet(&s, &two(4), &mut Types),
            "interleaved: hulls meet"
        );
        let back = row_of(5, true, 24, -8, 4);
        assert_eq!(back.hull(), Some((0, 28)));
        let wraps = row_of(5, true, 8, -8, 4);
        assert_eq!(wraps.hull(), None);
        assert!(!loop_is_quiet(&s, &[wraps], &mut Types));
        // Two rows of 4 blocks, 64 apart: a grid's hull and its spans.
        let grid = LoopRun {
            rows: 2,
            row_step: 64,
            ..back
        };
        assert_eq!(grid.hull(), Some((0, 92)));
        assert_eq!(spans(&grid).count(), 8, "blocks 8 apart, 4 bytes each");
        let rows = LoopRun {
            step: 4,
            first: 0,
            ..grid
        };
        assert_eq!(spans(&rows).collect::<Vec<_>>(), vec![(0, 16), (64, 80)]);
        let whole = LoopRun {
            row_step: 16,
            ..rows
        };
        assert_eq!(spans(&whole).collect::<Vec<_>>(), vec![(0, 32)]);
    }
}
