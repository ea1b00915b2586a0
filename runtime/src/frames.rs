//! Each thread's frames: one per running call of an instrumented function.
//!
//! A frame is a [`FrameLog`] (the core's access log, its instances and the
//! check) and where it came from. The thread keeps its frames in a stack of
//! boxes that are reused call after call, so that entering a frame does not
//! allocate once the thread has been as deep before; a frame's handle (what
//! `__aliaskit_enter` returns and the other calls take) is the box's
//! address, so the hot path (`__aliaskit_access`) reaches its log without
//! a thread-local look-up.
//!
//! A frame is *finished* (checked, its conflicts turned into reports, and
//! made free) when its function exits, and also when it is found to be
//! left behind: by unwinding or `longjmp`, its `__aliaskit_exit` never ran.
//! Such a frame is finished when an outer frame exits (every frame above
//! the exiting one goes with it), or when a new frame enters at a higher
//! stack address than it had (a frame deeper on the same stack than the
//! caller cannot be running; frames more than [`SAME_STACK`] away are on
//! another stack, a signal's or a fiber's, and are left alone).
//!
//! Reentrancy: the runtime's own work (a check, a report) may run
//! instrumented code (an instrumented allocator, a signal handler). Those
//! calls find the thread's state borrowed and get the *idle* frame, whose
//! calls do nothing.

use std::cell::RefCell;
use std::sync::Arc;

use aliaskit_core::sanitize::in_place::Slot;
pub use aliaskit_core::sanitize::in_place::Walk;
use aliaskit_core::sanitize::log::{Conflict, FrameLog, Scratch};
use rustc_hash::FxHashMap;

use crate::modules::{self, FunctionOracle};
use crate::report::{self, Pending};

/// How far apart two frame addresses on one stack can be.
const SAME_STACK: usize = 64 << 20;
/// Checks of a frame's log start at this many entries, then at half as
/// many again as each check leaves (runs closed by new instances are
/// pruned at each check: a loop of instances keeps the log small; the
/// growth keeps the checks' total cost within a log factor of the log's).
const FIRST_CHECK: usize = 128;
/// At most this many new entries between two checks: a check's scratch
/// grows with them (about 60 bytes each), the sealed entries it merges
/// them into do not.
const MOST_NEW: usize = 1 << 16;

/// When the log is checked next, after a check left `live` entries.
fn next_check(live: usize) -> usize {
    live.saturating_add((live / 2).clamp(FIRST_CHECK, MOST_NEW))
}

/// When the log is checked next once an instance with entries ended
/// (`__aliaskit_scope_end`), after a check left `live` entries: sooner
/// than [`next_check`], still after an eighth as many new entries (a
/// prune costs its log's length; an end in a loop of calls must not
/// prune at every call). Without it, a `main` whose inlined graph search
/// ended with 140,000 entries kept them until `main` returned: the next
/// check was 65,000 entries away (`rs_collections 110`: 12 MiB of log
/// beside the program's peak).
fn check_after_end(live: usize) -> usize {
    live.saturating_add((live / 8).clamp(FIRST_CHECK, MOST_NEW))
}

/// A function a frame's code ran in (the pass's constant array of them).
/// Must match the `{ i64, ptr }` entries of `hostsGlobal` in
/// `src/plugin/sanitize_hosts.cpp`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct Host {
    /// Its decision key (`FunctionKey` of the module and its name).
    pub key: u64,
    /// Its name, a C string.
    pub name: *const std::ffi::c_char,
}

/// Where a frame's code is: its function in its module's table, and the
/// functions it ran in (the table's first, the one it runs in now last).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Place {
    /// The table global of its module (0: the idle frame).
    pub table: usize,
    pub function: u32,
    /// The address of `count` [`Host`]s.
    pub hosts: usize,
    pub count: u32,
}

impl Place {
    /// The hosts: (decision key, name).
    pub fn hosts(&self) -> Vec<(u64, String)> {
        if self.hosts == 0 {
            return Vec::new();
        }
        // SAFETY: the pass gives the address of a constant array of `count`
        // hosts, each naming a constant C string.
        let hosts =
            unsafe { std::slice::from_raw_parts(self.hosts as *const Host, self.count as usize) };
        hosts
            .iter()
            .map(|h| {
                let name = if h.name.is_null() {
                    String::new()
                } else {
                    unsafe { std::ffi::CStr::from_ptr(h.name) }
                        .to_string_lossy()
                        .into_owned()
                };
                (h.key, name)
            })
            .collect()
    }
}

/// One running call of an instrumented function.
pub struct Frame {
    pub log: FrameLog,
    at: Place,
    /// The index of its function's oracle in the thread's (`NO_ORACLE`:
    /// none, its module's table cannot be read).
    oracle: u32,
    frame_address: usize,
    /// Entries at which the log is checked and pruned next.
    next_check: usize,
    /// Entries the last check (and its prune) left.
    checked_live: usize,
    /// Entries [`partner_hull`] looked at for this frame (its budget).
    hull_visits: u64,
    idle: bool,
}

impl Frame {
    fn new(idle: bool) -> Frame {
        Frame {
            log: FrameLog::new(),
            at: Place::default(),
            oracle: NO_ORACLE,
            frame_address: 0,
            next_check: FIRST_CHECK,
            checked_live: 0,
            hull_visits: 0,
            idle,
        }
    }

    /// Whether calls on this frame do nothing.
    #[inline]
    pub fn idle(&self) -> bool {
        self.idle
    }

    /// Whether the log is due for a check (the hot path's one test).
    #[inline]
    pub fn due(&self) -> bool {
        self.log.entries() >= self.next_check
    }

    /// An instance of a scope with entries ended (the pass placed the end
    /// where no access can join it): check, and so prune, sooner.
    pub fn instance_ended(&mut self) {
        self.next_check = self.next_check.min(check_after_end(self.checked_live));
    }

    /// A check (and its prune) left the log as it is.
    fn checked(&mut self) {
        self.checked_live = self.log.entries();
        self.next_check = next_check(self.checked_live);
    }
}

/// The idle frame: a leaked box, never written (every call checks `idle`
/// first).
pub fn idle_frame() -> *mut Frame {
    static IDLE: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *IDLE.get_or_init(|| Box::into_raw(Box::new(Frame::new(true))) as usize) as *mut Frame
}

const NO_ORACLE: u32 = u32::MAX;

/// What a thread adds up for the summary.
#[derive(Default, Clone, Copy)]
pub struct Counts {
    pub checked: u64,
    pub instances: u64,
    pub dropped: u64,
}

/// A call running on a frame's behalf (`__aliaskit_delegate_begin`): the
/// accesses its callee's clone tells are the frame's, as sites `read` and
/// `write` (`NO_SITE`: not kept).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Delegation {
    /// The frame's depth in the thread's stack, and the frame.
    depth: usize,
    frame: *const Frame,
    read: u32,
    write: u32,
    /// The stack pointer right before the call: the callee's own stack is
    /// below it.
    sp: usize,
}

/// A delegation's site that is not kept.
pub const NO_SITE: u32 = u32::MAX;

thread_local! {
    /// The number of delegations active on the thread (the fast path of
    /// `__aliaskit_delegated`: no borrow when there is none).
    static DELEGATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Whether the thread has a delegation active.
#[inline]
pub fn delegating() -> bool {
    DELEGATIONS.try_with(|d| d.get() != 0).unwrap_or(false)
}

struct ThreadState {
    /// Boxed: a frame's handle is its box's address, which must not move
    /// when the stack grows.
    #[allow(clippy::vec_box)]
    stack: Vec<Box<Frame>>,
    depth: usize,
    /// Active delegations, outermost first; each of a frame in
    /// `stack[..depth]`, at most one a frame, deeper frames later.
    delegations: Vec<Delegation>,
    oracles: Oracles,
    /// The scratch of a log's check and prune, lent to the log checked
    /// (`FrameLog::swap_scratch`): one a thread, not one a frame.
    scratch: Scratch,
    counts: Counts,
    /// The thread's [`CountsBlock`]s (addresses), each once.
    count_blocks: Vec<usize>,
}

/// The thread's oracles, one per function met, each made on first need
/// and found again by index (a frame keeps its function's).
#[derive(Default)]
struct Oracles {
    index: FxHashMap<(usize, u32), u32>,
    all: Vec<Option<FunctionOracle>>,
}

impl Drop for ThreadState {
    fn drop(&mut self) {
        // The thread ends: its frames are finished (no stack to show).
        let pending = self.finish_above(0, false);
        report::emit(pending, None);
        self.take_block_counts();
        report::add_counts(std::mem::take(&mut self.counts));
    }
}

thread_local! {
    static STATE: RefCell<ThreadState> = RefCell::new(ThreadState {
        stack: Vec::new(),
        depth: 0,
        delegations: Vec::new(),
        oracles: Oracles::default(),
        scratch: Scratch::default(),
        counts: Counts::default(),
        count_blocks: Vec::new(),
    });
}

/// Runs `f` on the thread's state, or gives `None` when it is in use (a
/// reentrant call) or gone (the thread is ending).
fn with_state<T>(f: impl FnOnce(&mut ThreadState) -> T) -> Option<T> {
    STATE
        .try_with(|s| s.try_borrow_mut().ok().map(|mut s| f(&mut s)))
        .ok()
        .flatten()
}

/// A new frame for a call of function `function` of the module whose table
/// global is at `table`.
/// A new frame for a call of the function at `at`.
pub fn enter(
    at: Place,
    sites: u32,
    scopes: u32,
    frame_address: usize,
) -> (*mut Frame, Vec<Pending>) {
    with_state(|s| {
        // Frames deeper than this one on the same stack were left behind.
        let mut keep = s.depth;
        while keep > 0 {
            let f = &s.stack[keep - 1];
            if f.frame_address < frame_address && frame_address - f.frame_address < SAME_STACK {
                keep -= 1;
            } else {
                break;
            }
        }
        let pending = s.finish_above(keep, false);
        if s.depth == s.stack.len() {
            s.stack.push(Box::new(Frame::new(false)));
        }
        let (depth, oracles) = (s.depth, &mut s.oracles);
        let f = &mut s.stack[depth];
        if f.at == at && at.table != 0 {
            // The function that last ran at this depth, called again (a
            // loop calling it): its oracle and relevance are the frame's.
            f.log.restart(sites, scopes);
        } else {
            let oracle = oracles.find(at);
            let relevance = oracles.get(oracle).map(|o| Arc::clone(&o.relevance));
            f.log.reset_with(sites, scopes, relevance);
            f.at = at;
            f.oracle = oracle;
        }
        give_back_to_system(f.log.take_given_back());
        f.frame_address = frame_address;
        f.next_check = FIRST_CHECK;
        f.checked_live = 0;
        f.hull_visits = 0;
        s.depth += 1;
        s.counts.instances += 1;
        (&mut **f as *mut Frame, pending)
    })
    .unwrap_or_else(|| (idle_frame(), Vec::new()))
}

/// The frame's function returns: it and every frame above it are finished.
/// The reports of the frame itself may show the current stack.
pub fn exit(frame: *mut Frame) -> Vec<Pending> {
    with_state(|s| {
        let Some(i) = s.stack[..s.depth]
            .iter()
            .rposition(|f| std::ptr::eq(&**f, frame))
        else {
            return Vec::new();
        };
        s.finish_above(i, true)
    })
    .unwrap_or_default()
}

/// A frame checked in place found the hulls of two walks meeting at exit:
/// the report of the conflict a log of the two finds (the pass compares
/// only claimed pairs with a write, in one instance), if the claim is
/// still unreported.
pub fn in_place_conflict(at: Place, walks: [Walk; 2]) -> Vec<Pending> {
    with_state(|s| {
        let i = s.oracles.find(at);
        let Some(oracle) = s.oracles.get(i) else {
            return Vec::new();
        };
        let (sites, scopes) = oracle.sizes();
        let mut log = FrameLog::new();
        log.reset(sites, scopes);
        for w in walks {
            log.access_grid(w.site, w.first, w.size, w.step, w.count, w.row_step, w.rows);
        }
        let pair = (
            walks[0].site.min(walks[1].site),
            walks[0].site.max(walks[1].site),
        );
        let mut found = Vec::new();
        log.check(oracle, &mut |c| {
            if (c.first.min(c.second), c.first.max(c.second)) == pair {
                found.push(c);
            }
        });
        let Some(c) = found.first() else {
            return Vec::new();
        };
        oracle.mark_reported(c.first, c.second);
        report::pending(oracle, &at, c, true).into_iter().collect()
    })
    .unwrap_or_default()
}

/// Beyond this many entries, [`partner_hull`] does not look (it goes
/// through every entry; the pass asks it once before a loop).
const HULL_LIMIT: usize = 4096;

/// The hull `[lo, hi)` of the bytes of the frame's entries that `site` may
/// be claimed against (core `FrameLog::partner_hull`); every byte when it
/// cannot tell (a frame with no oracle, a log of more than [`HULL_LIMIT`]
/// entries, a reentrant call).
pub fn partner_hull(frame: &mut Frame, site: u32) -> (u64, u64) {
    // The queries of one frame look at no more entries than twice those
    // it logged, and HULL_LIMIT: a guarded loop in a loop that logs little
    // while the log is long would cost more than the calls it saves.
    let budget = frame.log.logged_accesses().saturating_mul(2) + HULL_LIMIT as u64;
    let entries = frame.log.entries() as u64;
    if frame.hull_visits.saturating_add(entries) > budget {
        return (0, u64::MAX);
    }
    frame.hull_visits += entries;
    with_state(|s| {
        let oracle = s.oracles.get(frame.oracle)?;
        frame.log.partner_hull(oracle, site, HULL_LIMIT)
    })
    .flatten()
    .unwrap_or((0, u64::MAX))
}

/// The counts that code checked in place (frames checked by the program,
/// final checks let pass) adds to a thread-local block of its linked
/// object, without a call. Must match `addCounts` in
/// `src/plugin/sanitize_in_place_lower.cpp`.
#[repr(C)]
pub struct CountsBlock {
    accesses: u64,
    instances: u64,
    /// Not 0 once the thread's runtime knows the block: until then, the
    /// code calls [`counts_here`] before it counts.
    known: u64,
}

/// This thread's block of one linked object, met for the first time: its
/// counts go to the thread's when the thread ends (or the program does).
///
/// # Safety
/// `block` is the calling thread's copy of a `CountsBlock` in thread-local
/// storage, alive as long as the thread.
pub unsafe fn counts_here(block: *mut CountsBlock) {
    with_state(|s| {
        let at = block as usize;
        if !s.count_blocks.contains(&at) {
            s.count_blocks.push(at);
        }
        // SAFETY: the caller's promise.
        unsafe { (*block).known = 1 };
    });
}

/// Bytes given back after which the allocator is asked to return its free
/// memory to the system: a log that gives back its spare capacity frees
/// it in the heap, where the C allocator may keep it resident
/// (`rs_collections 110`'s peak RSS: 113 MiB before the logs gave back,
/// 92 MiB with the shrink alone, 87-90 MiB with the trim).
const RETURN_AT: usize = 1 << 20;

thread_local! {
    /// Bytes logs of the thread gave back and not yet returned.
    static GIVEN_BACK: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// A log gave back `bytes` of capacity: past [`RETURN_AT`] on the
/// thread, the allocator returns what it holds free to the system.
#[inline]
fn give_back_to_system(bytes: usize) {
    if bytes == 0 {
        return;
    }
    let Ok(total) = GIVEN_BACK.try_with(|g| {
        let t = g.get() + bytes;
        g.set(if t >= RETURN_AT { 0 } else { t });
        t
    }) else {
        return;
    };
    if total >= RETURN_AT {
        #[cfg(all(target_os = "linux", target_env = "gnu"))]
        // SAFETY: malloc_trim only releases free memory.
        unsafe {
            libc::malloc_trim(0);
        }
    }
}

/// The frame's log is due for a check: conflicts so far, then a prune.
pub fn check_now(frame: &mut Frame) -> Vec<Pending> {
    with_state(|s| check_due(&mut s.oracles, &mut s.scratch, frame)).unwrap_or_else(|| {
        // Reentrant: look again later.
        frame.next_check = next_check(frame.log.entries());
        Vec::new()
    })
}

/// A due frame's check, and its prune.
fn check_due(oracles: &mut Oracles, scratch: &mut Scratch, frame: &mut Frame) -> Vec<Pending> {
    let keep = report::options().max_log_entries;
    let mut pending = Vec::new();
    let found = check(oracles, scratch, frame, true, &mut pending);
    if let Some(oracle) = found {
        frame.log.swap_scratch(scratch);
        frame.log.prune(oracle, keep);
        frame.log.swap_scratch(scratch);
        give_back_to_system(frame.log.take_given_back());
    }
    frame.checked();
    pending
}

/// The frame calls a function on its behalf: until [`delegate_end`], what
/// the callee's clone tells ([`delegated`]) is the frame's, as site `read`
/// or `write`. `sp` is the stack pointer right before the call.
pub fn delegate_begin(frame: *const Frame, read: u32, write: u32, sp: usize) {
    with_state(|s| {
        let Some(depth) = s.depth_of(frame) else {
            return;
        };
        // The frame runs: a delegation of it or of a deeper frame is left
        // over (a call left by unwinding or longjmp).
        s.drop_delegations(depth);
        if read == NO_SITE && write == NO_SITE {
            return;
        }
        s.delegations.push(Delegation {
            depth,
            frame,
            read,
            write,
            sp,
        });
        let n = s.delegations.len();
        let _ = DELEGATIONS.try_with(|d| d.set(n));
    });
}

/// The frame's call returned (or unwound to the frame): its delegation,
/// and any of deeper frames, end.
pub fn delegate_end(frame: *const Frame) {
    with_state(|s| {
        if let Some(depth) = s.depth_of(frame) {
            s.drop_delegations(depth);
        }
    });
}

/// A delegated call's callee accessed the walk's bytes, one row (`write`:
/// it writes; the walk's own site is not used); `here` is an address of the
/// caller's own stack frame (the runtime's), below every frame of the
/// callee. Logged in every active
/// delegation whose call is on the current stack, above `here`, but for the
/// callee's own stack (below the delegation's `sp`; a walk that meets it is
/// logged block by block, those blocks left out), and checked when due.
pub fn delegated(walk: Walk, write: bool, here: usize) -> Vec<Pending> {
    with_state(|s| {
        let mut pending = Vec::new();
        let ThreadState {
            stack,
            depth,
            delegations,
            oracles,
            scratch,
            ..
        } = s;
        debug_assert_eq!(walk.rows, 1, "a delegated walk is one row");
        let walked = walk.slot();
        for d in delegations.iter() {
            let site = if write { d.write } else { d.read };
            if site == NO_SITE || !on_stack_above(here, d.sp) {
                continue;
            }
            if d.depth >= *depth {
                continue;
            }
            let frame = &mut *stack[d.depth];
            if !std::ptr::eq(frame, d.frame) || frame.idle {
                continue;
            }
            // The callees' own stack, [here, sp): never the caller's memory.
            let own = Slot {
                lo: here as u64,
                hi: d.sp as u64,
            };
            if walked.overlap(own).is_none() {
                frame.log.access_grid(
                    site,
                    walk.first,
                    walk.size,
                    walk.step,
                    walk.count,
                    walk.row_step,
                    walk.rows,
                );
            } else {
                for b in (0..walk.count).map(|k| walk.block(k)) {
                    if b.slot().overlap(own).is_none() {
                        frame.log.access(site, b.first, b.size);
                    }
                }
            }
            if frame.due() {
                pending.extend(check_due(oracles, scratch, frame));
            }
        }
        pending
    })
    .unwrap_or_default()
}

/// Whether `sp` is on the stack `here` is on, above it (a delegation made
/// on another stack, a signal handler's, is not the running code's).
fn on_stack_above(here: usize, sp: usize) -> bool {
    sp > here && sp - here < SAME_STACK
}

/// At exit: the current thread's frames are finished, its counts added.
pub fn finish_thread() {
    with_state(|s| {
        let pending = s.finish_above(0, false);
        report::emit(pending, None);
        s.take_block_counts();
        report::add_counts(std::mem::take(&mut s.counts));
    });
}

impl Oracles {
    /// The index of the oracle of the function at `at` (made now if it is
    /// new), or `NO_ORACLE` if its module's table cannot be read.
    fn find(&mut self, at: Place) -> u32 {
        if at.table == 0 {
            return NO_ORACLE;
        }
        let all = &mut self.all;
        let i = *self
            .index
            .entry((at.table, at.function))
            .or_insert_with(|| {
                let made = modules::module(at.table)
                    .and_then(|m| FunctionOracle::new(Arc::clone(&m), at.function));
                all.push(made);
                u32::try_from(all.len() - 1).unwrap_or(NO_ORACLE)
            });
        if self.get(i).is_some() {
            i
        } else {
            NO_ORACLE
        }
    }

    fn get(&mut self, i: u32) -> Option<&mut FunctionOracle> {
        self.all.get_mut(i as usize)?.as_mut()
    }
}

impl ThreadState {
    /// The depth of a running frame of the thread.
    fn depth_of(&self, frame: *const Frame) -> Option<usize> {
        self.stack[..self.depth]
            .iter()
            .rposition(|f| std::ptr::eq(&**f, frame))
    }

    /// Ends the delegations of frames at depth `from` and above.
    fn drop_delegations(&mut self, from: usize) {
        let keep = self.delegations.partition_point(|d| d.depth < from);
        if keep < self.delegations.len() {
            self.delegations.truncate(keep);
            let _ = DELEGATIONS.try_with(|d| d.set(keep));
        }
    }

    /// What the thread's [`CountsBlock`]s counted so far, moved to its
    /// counts.
    fn take_block_counts(&mut self) {
        for &at in &self.count_blocks {
            // SAFETY: `counts_here` took the address of this thread's
            // block, which lives as long as the thread; only this thread
            // reads or writes it.
            let block = unsafe { &mut *(at as *mut CountsBlock) };
            self.counts.checked += std::mem::take(&mut block.accesses);
            self.counts.instances += std::mem::take(&mut block.instances);
        }
    }

    /// Finishes the frames at depth `from` and above; the one at `from`
    /// may show the current stack (`with_stack`).
    fn finish_above(&mut self, from: usize, with_stack: bool) -> Vec<Pending> {
        self.drop_delegations(from);
        let mut pending = Vec::new();
        while self.depth > from {
            self.depth -= 1;
            let frame = &mut *self.stack[self.depth];
            let stack_shown = with_stack && self.depth == from;
            check(
                &mut self.oracles,
                &mut self.scratch,
                frame,
                stack_shown,
                &mut pending,
            );
            self.counts.checked += frame.log.logged_accesses();
            self.counts.instances += frame.log.instances();
            self.counts.dropped += frame.log.dropped_accesses();
        }
        pending
    }
}

/// Checks a frame's log; its oracle, if the frame's module can be read.
fn check<'a>(
    oracles: &'a mut Oracles,
    scratch: &mut Scratch,
    frame: &mut Frame,
    stack_shown: bool,
    pending: &mut Vec<Pending>,
) -> Option<&'a mut FunctionOracle> {
    let oracle = oracles.get(frame.oracle)?;
    if frame.log.entries() == 0 {
        return Some(oracle);
    }
    let mut found: Vec<Conflict> = Vec::new();
    // A short log checks with its own scratch (FrameLog::checks_pair_by_pair).
    let lend = !frame.log.checks_pair_by_pair();
    if lend {
        frame.log.swap_scratch(scratch);
    }
    frame.log.check(oracle, &mut |c| found.push(c));
    if lend {
        frame.log.swap_scratch(scratch);
    }
    for c in found {
        oracle.mark_reported(c.first, c.second);
        if let Some(p) = report::pending(oracle, &frame.at, &c, stack_shown) {
            pending.push(p);
        }
    }
    Some(oracle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ended_instance_brings_the_check_forward_but_not_to_every_end() {
        let mut f = Frame::new(false);
        f.log.reset(1, 1);
        f.checked_live = 140_000;
        f.next_check = next_check(f.checked_live);
        assert_eq!(f.next_check, 140_000 + MOST_NEW);
        f.instance_ended();
        assert_eq!(f.next_check, 140_000 + 140_000 / 8);
        // An end never puts the check off, and an empty log's is as
        // after a check.
        f.next_check = 140_001;
        f.instance_ended();
        assert_eq!(f.next_check, 140_001);
        f.checked_live = 0;
        f.next_check = next_check(0);
        f.instance_ended();
        assert_eq!(f.next_check, FIRST_CHECK);
    }
}
