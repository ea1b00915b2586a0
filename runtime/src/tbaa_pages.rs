//! Where `--tbaa`'s shadow lives at run time: pages of the core's
//! [`Shadow`](aliaskit_core::sanitize::tbaa_shadow::Shadow) in a two-level
//! table that threads share without a lock.
//!
//! A user-space address has 47 bits: page `n` (the address shifted by
//! [`PAGE_BITS`]) is entry `n mod 2^18` of second-level table `n >> 18`
//! (one per GiB of address space, 2 MiB of pointers), made on the first
//! store into that GiB; a page is `PAGE` cells of 4 bytes, made on the
//! first tagged store into it. Both are zeroed allocations installed with
//! a compare-and-swap (a thread that loses frees its own) and never freed:
//! another thread may be reading them. A page reset whole is zeroed in
//! place. Addresses beyond 47 bits have no shadow (their bytes stay
//! untyped).

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::sync::atomic::{AtomicPtr, AtomicU32, Ordering};
use std::sync::OnceLock;

use aliaskit_core::sanitize::tbaa_shadow::{Pages, StoreId, PAGE, PAGE_BITS};

const ADDRESS_BITS: u32 = 47;
const L2_BITS: u32 = 18;
const L1_BITS: u32 = ADDRESS_BITS - PAGE_BITS - L2_BITS;

/// The first level, for the program's inline fast path
/// (`src/plugin/sanitize_tbaa_fast.cpp`): null until the table is made
/// (the first registration), then its `2^L1_BITS` slots, each null or a
/// second-level table of `2^L2_BITS` slots, each null or a page of
/// `PAGE` cells (u32 store ids, one per byte). Must match what the pass
/// emits: the page is `address >> PAGE_BITS`, its first-level slot the
/// page `>> L2_BITS`, its second-level slot the page's low `L2_BITS` bits.
#[no_mangle]
pub static __aliaskit_tbaa_shadow: AtomicPtr<AtomicPtr<AtomicPtr<AtomicU32>>> =
    AtomicPtr::new(std::ptr::null_mut());

/// The class of each store id (index: the id), for the program's fast
/// path: ids of one class break the same claims with every site (the
/// same tag, claims and immutability: [`crate::tbaa`]'s `class`), so a
/// site's answer cell holds a class. Published before
/// [`__aliaskit_tbaa_shadow`] (non-null whenever it is); [`MAX_CLASSED`]
/// entries, zero-filled (0: no class: the runtime is asked), touched only
/// where ids exist.
#[no_mangle]
pub static __aliaskit_tbaa_classes: AtomicPtr<AtomicU32> = AtomicPtr::new(std::ptr::null_mut());

/// The class *across calls* of each store id (index: the id), for a
/// per-call load's fast path: for the ids of a per-call store site, one
/// class per site (a per-call load's answer across calls stands for one
/// static pair, reported once); 0 for other ids. Published with
/// [`__aliaskit_tbaa_classes`], as large.
#[no_mangle]
pub static __aliaskit_tbaa_across: AtomicPtr<AtomicU32> = AtomicPtr::new(std::ptr::null_mut());

/// Store ids below this have a class cell (must match the pass's
/// `MaxClassed`).
pub const MAX_CLASSED: usize = 1 << 26;

/// The first level: a pointer to each second-level table (null: none).
pub(crate) struct Table {
    l1: &'static [AtomicPtr<AtomicPtr<AtomicU32>>],
}

/// `n` zeroed values of `T` (atomics and atomic pointers, for which all
/// zero bits are a valid value: 0, null), leaked.
fn zeroed<T>(n: usize) -> Option<&'static [T]> {
    let layout = Layout::array::<T>(n).ok()?;
    // SAFETY: a non-zero size; the zeroed memory is a valid [T; n] for the
    // atomic types this is used with, and it is never freed once shared.
    unsafe {
        let p = alloc_zeroed(layout) as *mut T;
        (!p.is_null()).then(|| std::slice::from_raw_parts(p, n))
    }
}

/// Frees what [`zeroed`] made, when it was never shared.
///
/// # Safety
/// `s` came from `zeroed::<T>(s.len())` and no one else holds it.
unsafe fn free<T>(s: &'static [T]) {
    if let Ok(layout) = Layout::array::<T>(s.len()) {
        dealloc(s.as_ptr() as *mut u8, layout);
    }
}

pub(crate) fn table() -> Option<&'static Table> {
    static T: OnceLock<Option<Table>> = OnceLock::new();
    T.get_or_init(|| {
        let l1 = zeroed(1 << L1_BITS)?;
        // Left null, the program's fast path always calls the runtime.
        if crate::report::options().tbaa_fast_path {
            match (
                zeroed::<AtomicU32>(MAX_CLASSED),
                zeroed::<AtomicU32>(MAX_CLASSED),
            ) {
                (Some(classes), Some(across)) => {
                    __aliaskit_tbaa_across.store(across.as_ptr() as *mut _, Ordering::Release);
                    __aliaskit_tbaa_classes.store(classes.as_ptr() as *mut _, Ordering::Release);
                    __aliaskit_tbaa_shadow.store(l1.as_ptr() as *mut _, Ordering::Release);
                }
                // SAFETY: the one made was never shared.
                (Some(one), None) | (None, Some(one)) => unsafe { free(one) },
                (None, None) => {}
            }
        }
        Some(Table { l1 })
    })
    .as_ref()
}

/// What `slot` points to, made by `make` when it is null: installed by a
/// compare-and-swap, a loser hands its own, never shared, to `unused`.
fn install<T>(
    slot: &AtomicPtr<T>,
    make: impl FnOnce() -> Option<*mut T>,
    unused: impl FnOnce(*mut T),
) -> Option<*mut T> {
    let cur = slot.load(Ordering::Acquire);
    if !cur.is_null() {
        return Some(cur);
    }
    let p = make()?;
    match slot.compare_exchange(std::ptr::null_mut(), p, Ordering::AcqRel, Ordering::Acquire) {
        Ok(_) => Some(p),
        Err(other) => {
            unused(p);
            Some(other)
        }
    }
}

/// Where shadow pages come from: chunks mapped for them alone, not the
/// program's heap. Made by the C allocator, 16 KiB pages lay between the
/// program's own blocks and spread them: sqlite3 of `make bench` (input
/// 10) had 1322 pages of shadow for its heap, 5.3 MB of it where the
/// plain build's heap is 1.9 MB (21 MB of shadow; peak RSS 49.7 MiB).
mod arena {
    use super::{AtomicU32, PAGE};
    use std::sync::Mutex;

    /// Bytes mapped at a time (reserved, not committed: the kernel gives
    /// a page of memory only when it is first touched).
    const CHUNK: usize = 4 << 20;
    const PAGE_BYTES: usize = PAGE as usize * std::mem::size_of::<AtomicU32>();

    struct Arena {
        /// The unused rest of the last chunk, `[next, end)`.
        next: usize,
        end: usize,
        /// Pages made and not installed (a thread lost the race to install
        /// its page): given out again first.
        spare: Vec<usize>,
    }

    static ARENA: Mutex<Arena> = Mutex::new(Arena {
        next: 0,
        end: 0,
        spare: Vec::new(),
    });

    /// A zeroed page of cells, never freed; None if no memory can be mapped.
    pub(super) fn page() -> Option<*mut AtomicU32> {
        let mut a = ARENA.lock().ok()?;
        if let Some(p) = a.spare.pop() {
            return Some(p as *mut AtomicU32);
        }
        if a.end - a.next < PAGE_BYTES {
            // SAFETY: a fresh anonymous private mapping; nothing else uses
            // its address.
            let p = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    CHUNK,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE,
                    -1,
                    0,
                )
            };
            if p == libc::MAP_FAILED {
                return None;
            }
            a.next = p as usize;
            a.end = p as usize + CHUNK;
        }
        let p = a.next;
        a.next += PAGE_BYTES;
        Some(p as *mut AtomicU32)
    }

    /// A page from [`page`] that was never shared (still all zero).
    pub(super) fn spare(p: *mut AtomicU32) {
        if let Ok(mut a) = ARENA.lock() {
            a.spare.push(p as usize);
        }
    }
}

/// The shared pages, as the core's [`Pages`].
#[derive(Copy, Clone)]
pub struct SharedPages;

impl SharedPages {
    /// The second-level slot of page `n`, if its table exists (`make`:
    /// made if not).
    fn slot(n: u64, make: bool) -> Option<&'static AtomicPtr<AtomicU32>> {
        let hi = usize::try_from(n >> L2_BITS).ok()?;
        let t = table()?;
        let l1 = t.l1.get(hi)?;
        let l2 = if make {
            let n = 1 << L2_BITS;
            install(
                l1,
                || zeroed::<AtomicPtr<AtomicU32>>(n).map(|t| t.as_ptr() as *mut _),
                // SAFETY: made by `zeroed(n)` just now, never shared.
                |p| unsafe { free(std::slice::from_raw_parts(p, n)) },
            )?
        } else {
            let p = l1.load(Ordering::Acquire);
            if p.is_null() {
                return None;
            }
            p
        };
        // SAFETY: a second-level table is 2^L2_BITS slots, never freed.
        let l2 = unsafe { std::slice::from_raw_parts(l2, 1 << L2_BITS) };
        Some(&l2[(n & ((1 << L2_BITS) - 1)) as usize])
    }

    fn cells(p: *mut AtomicU32) -> &'static [AtomicU32] {
        // SAFETY: a page is PAGE cells, never freed.
        unsafe { std::slice::from_raw_parts(p, PAGE as usize) }
    }
}

impl Pages for SharedPages {
    fn page(&self, n: u64) -> Option<&[AtomicU32]> {
        let p = Self::slot(n, false)?.load(Ordering::Acquire);
        (!p.is_null()).then(|| Self::cells(p))
    }

    fn page_or_new(&mut self, n: u64) -> Option<&[AtomicU32]> {
        let slot = Self::slot(n, true)?;
        install(slot, arena::page, arena::spare).map(Self::cells)
    }

    fn clear(&mut self, n: u64) {
        if let Some(p) = self.page(n) {
            Self::fill(p, 0);
        }
    }

    /// Compares 16 cells at a time, read as plain memory (a loop checked
    /// before it runs scans its whole runs: core's tbaa_loop). The cells of
    /// bytes another thread stores to meanwhile may be read as either
    /// value, as with one atomic load at a time: that is the program's own
    /// race on those bytes.
    fn find_other(cells: &[AtomicU32], id: StoreId) -> Option<usize> {
        first_other::<true>(cells, id).and_then(|at| {
            plain(&cells[at..])
                .iter()
                .position(|&v| differs::<true>(v, id))
                .map(|k| at + k)
        })
    }

    /// Writes only the chunks of 16 cells that do not all hold `id` (a
    /// loop's stores mostly write bytes they wrote before; most resets
    /// meet untyped bytes), as plain memory: a racing access to those
    /// bytes is the program's own race, as in [`SharedPages::find_other`].
    fn fill(cells: &[AtomicU32], id: StoreId) {
        let mut at = 0;
        while let Some(k) = first_other::<false>(&cells[at..], id) {
            let end = (at + k + 16).min(cells.len());
            cells[at + k..end].iter().for_each(|c| {
                // SAFETY: the cell is a live AtomicU32 (an UnsafeCell): a
                // plain write through its pointer, no reference made.
                unsafe { c.as_ptr().write(id) }
            });
            at = end;
        }
    }
}

/// `cells` read as plain memory (see [`SharedPages::find_other`]).
fn plain(cells: &[AtomicU32]) -> &[u32] {
    // SAFETY: AtomicU32 has u32's size and alignment, and the slice's
    // cells live as long as it.
    unsafe { std::slice::from_raw_parts(cells.as_ptr() as *const u32, cells.len()) }
}

/// Whether a cell holding `v` is other than `id` (and than 0, untyped, if
/// `ZERO_OK`).
#[inline(always)]
fn differs<const ZERO_OK: bool>(v: u32, id: StoreId) -> bool {
    (v != id) & !(ZERO_OK & (v == 0))
}

/// [`first_chunk`] of the cells that [`differs`], compared 8 cells an
/// instruction where the processor has AVX2 (the runtime is built for any
/// x86-64: 4 a time): a loop checked before it runs scans, and its stores
/// fill, 4 bytes of shadow for each byte of its runs.
fn first_other<const ZERO_OK: bool>(cells: &[AtomicU32], id: StoreId) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the processor has AVX2.
        return unsafe { first_other_avx2::<ZERO_OK>(cells, id) };
    }
    first_chunk(cells, |v| differs::<ZERO_OK>(v, id))
}

/// [`first_other`], compiled for AVX2 (the same code: `first_chunk` is
/// inlined into it).
///
/// # Safety
/// The processor has AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn first_other_avx2<const ZERO_OK: bool>(cells: &[AtomicU32], id: StoreId) -> Option<usize> {
    first_chunk(cells, |v| differs::<ZERO_OK>(v, id))
}

/// The start of the first chunk of 16 of `cells` (from the first) holding a
/// cell for which `hit` holds; compared a chunk at a time.
#[inline(always)]
fn first_chunk(cells: &[AtomicU32], hit: impl Fn(u32) -> bool) -> Option<usize> {
    plain(cells)
        .chunks(16)
        .position(|chunk| chunk.iter().fold(false, |any, &v| any | hit(v)))
        .map(|k| k * 16)
}

/// Sets the class of store id `id`, and its class across calls (nothing
/// when there are no class tables, or the id is beyond them).
pub(crate) fn set_class(id: u32, class: u32, across: u32) {
    for (table, value) in [
        (&__aliaskit_tbaa_classes, class),
        (&__aliaskit_tbaa_across, across),
    ] {
        let p = table.load(Ordering::Acquire);
        if !p.is_null() && (id as usize) < MAX_CLASSED {
            // SAFETY: the table has MAX_CLASSED cells and is never freed.
            unsafe { (*p.add(id as usize)).store(value, Ordering::Relaxed) };
        }
    }
}

/// The class of store id `id` in `table` (0: none).
fn class_in(table: &AtomicPtr<AtomicU32>, id: u32) -> u32 {
    let p = table.load(Ordering::Acquire);
    if p.is_null() || (id as usize) >= MAX_CLASSED {
        return 0;
    }
    // SAFETY: as in set_class.
    unsafe { (*p.add(id as usize)).load(Ordering::Relaxed) }
}

/// The class of store id `id` (0: none).
pub(crate) fn class_of(id: u32) -> u32 {
    class_in(&__aliaskit_tbaa_classes, id)
}

/// The class across calls of store id `id` (0: none, not a per-call
/// store's).
pub(crate) fn across_of(id: u32) -> u32 {
    class_in(&__aliaskit_tbaa_across, id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use aliaskit_core::sanitize::tbaa_shadow::Shadow;

    #[test]
    fn arena_pages_are_zeroed_and_apart() {
        let bytes = PAGE as usize * 4;
        let pages: Vec<usize> = (0..300).map(|_| arena::page().unwrap() as usize).collect();
        let mut sorted = pages.clone();
        sorted.sort_unstable();
        // 300 pages span more than one 4 MiB chunk; none overlaps another.
        assert!(sorted.windows(2).all(|w| w[1] - w[0] >= bytes));
        for &p in &pages {
            let cells = SharedPages::cells(p as *mut AtomicU32);
            assert!(cells.iter().all(|c| c.load(Ordering::Relaxed) == 0));
            cells[PAGE as usize - 1].store(9, Ordering::Relaxed);
        }
    }

    #[test]
    fn chunked_scans_and_fills_are_the_cell_by_cell_ones() {
        for len in [0usize, 1, 15, 16, 17, 40, 64] {
            for hit in [None, Some(0), Some(len / 2), Some(len.saturating_sub(1))] {
                let cells: Vec<AtomicU32> = (0..len)
                    .map(|k| AtomicU32::new(if k % 3 == 0 { 0 } else { 7 }))
                    .collect();
                if let Some(h) = hit.filter(|&h| h < len) {
                    cells[h].store(9, Ordering::Relaxed);
                }
                let brute = cells.iter().position(|c| {
                    let v = c.load(Ordering::Relaxed);
                    v != 0 && v != 7
                });
                assert_eq!(
                    SharedPages::find_other(&cells, 7),
                    brute,
                    "len {len}, hit {hit:?}"
                );
                // The build for any x86-64 and, where the processor has
                // it, the one for AVX2 (which first_other takes) agree.
                let portable = first_chunk(&cells, |v| v != 0 && v != 7);
                assert_eq!(first_other::<true>(&cells, 7), portable);
                let portable = first_chunk(&cells, |v| v != 7);
                assert_eq!(first_other::<false>(&cells, 7), portable);
                SharedPages::fill(&cells, 7);
                assert!(cells.iter().all(|c| c.load(Ordering::Relaxed) == 7));
            }
        }
    }

    #[test]
    fn shared_pages_keep_what_is_stored_across_page_and_table_bounds() {
        let mut s = Shadow::with_pages(SharedPages);
        let gib = 1u64 << 30;
        let base = 5 * gib - 6;
        s.store(base, 12, 9);
        assert_eq!((s.get(base - 1), s.get(base), s.get(base + 11)), (0, 9, 9));
        assert_eq!(s.get(base + 12), 0);
        s.reset(base + 2, 4);
        assert_eq!(
            (s.get(base + 1), s.get(base + 2), s.get(base + 6)),
            (9, 0, 9)
        );
        // Beyond 47 bits: no shadow, nothing kept, nothing found.
        s.store(1 << 50, 4, 3);
        assert_eq!(s.get(1 << 50), 0);
    }
}
