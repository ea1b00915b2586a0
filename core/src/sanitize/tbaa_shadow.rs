//! The shadow memory of `aliaskit sanitize --tbaa`: per byte of the
//! program, the last tagged store that wrote it.
//!
//! A byte's shadow is a [`StoreId`] (the runtime's number of the store's
//! site, which gives its tag), 0 when the byte's last write was untagged,
//! reset, or never seen. Shadow is kept in pages of [`PAGE`] bytes
//! (4 bytes of shadow per byte), made on the first tagged store into them
//! and cleared when reset whole; a page never written costs nothing.
//!
//! Where the pages live is a [`Pages`] store's business: [`MapPages`]
//! here (a hash map, for tests and models), a lock-free table in the
//! runtime, where threads share the shadow. Cells are `AtomicU32` read and
//! written with relaxed ordering (plain moves on x86): the shadow of bytes
//! two threads write at once without synchronization is one of the two.
//!
//! The rules (`docs/sanitize.md`, "TBAA"):
//! * a tagged store sets its bytes to its id ([`Shadow::store`]): it
//!   re-types them, whatever they held;
//! * an untagged write, `memset`, an untagged `memcpy`'s destination, a
//!   new stack object resets them ([`Shadow::reset`]);
//! * a tagged load is checked against every byte it reads
//!   ([`Shadow::check`]): each maximal run of bytes last stored by one
//!   store whose tag the caller answers NoAlias against the load's is a
//!   [`Hit`].

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use rustc_hash::FxHashMap;

/// The last tagged store of a byte; 0: none.
pub type StoreId = u32;

/// Bytes per page of shadow.
pub const PAGE_BITS: u32 = 12;
pub const PAGE: u64 = 1 << PAGE_BITS;

/// Bytes of one load last stored by one store it may not alias.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub store: StoreId,
    /// The bytes, `[lo, hi)`.
    pub lo: u64,
    pub hi: u64,
}

/// Where the pages of a shadow live: page `n` holds the cells of bytes
/// `[n * PAGE, (n + 1) * PAGE)`.
pub trait Pages {
    /// Page `n`'s [`PAGE`] cells, if it was made.
    fn page(&self, n: u64) -> Option<&[AtomicU32]>;
    /// Page `n`'s cells, made (all 0) if needed; None if the store cannot
    /// hold it (then the bytes stay untyped).
    fn page_or_new(&mut self, n: u64) -> Option<&[AtomicU32]>;
    /// Page `n` is reset whole: its cells are 0 (a store may free it).
    fn clear(&mut self, n: u64);
    /// The index of the first of `cells` that is neither 0 nor `id`. (A
    /// store may read its cells faster than one atomic load at a time.)
    fn find_other(cells: &[AtomicU32], id: StoreId) -> Option<usize> {
        cells.iter().position(|c| {
            let v = c.load(Relaxed);
            v != 0 && v != id
        })
    }
    /// Sets each of `cells` to `id` (a store may skip those that hold it).
    fn fill(cells: &[AtomicU32], id: StoreId) {
        cells.iter().for_each(|c| c.store(id, Relaxed));
    }
}

/// Pages in a hash map, freed when reset whole.
#[derive(Default)]
pub struct MapPages(FxHashMap<u64, Box<[AtomicU32]>>);

impl Pages for MapPages {
    fn page(&self, n: u64) -> Option<&[AtomicU32]> {
        self.0.get(&n).map(|p| &p[..])
    }

    fn page_or_new(&mut self, n: u64) -> Option<&[AtomicU32]> {
        Some(
            self.0
                .entry(n)
                .or_insert_with(|| (0..PAGE).map(|_| AtomicU32::new(0)).collect()),
        )
    }

    fn clear(&mut self, n: u64) {
        self.0.remove(&n);
    }
}

impl MapPages {
    /// Pages held.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The shadow of the whole address space, in pages of `P`.
#[derive(Default)]
pub struct Shadow<P: Pages = MapPages> {
    pub pages: P,
}

/// `[addr, addr + size)` cut at page boundaries: (page, first offset, end
/// offset) in address order. The end saturates at the top of the address
/// space.
pub(super) fn pieces(addr: u64, size: u64) -> impl Iterator<Item = (u64, usize, usize)> {
    let end = addr.saturating_add(size);
    let mut at = addr;
    std::iter::from_fn(move || {
        if at >= end {
            return None;
        }
        let page = at >> PAGE_BITS;
        let start = page << PAGE_BITS;
        let lo = (at - start) as usize;
        let hi = (end - start).min(PAGE) as usize;
        at = start.checked_add(PAGE).map_or(end, |next| next.min(end));
        Some((page, lo, hi))
    })
}

impl Shadow<MapPages> {
    pub fn new() -> Shadow<MapPages> {
        Shadow::default()
    }
}

impl<P: Pages> Shadow<P> {
    pub fn with_pages(pages: P) -> Shadow<P> {
        Shadow { pages }
    }

    /// A tagged store `id` of `[addr, addr + size)`; `id` 0 is a reset.
    pub fn store(&mut self, addr: u64, size: u64, id: StoreId) {
        self.store_over(addr, size, id, |_| false);
    }

    /// [`Shadow::store`], telling whether it re-typed a byte whose last
    /// store `no_alias` holds for (asked once per run of equal ids, never
    /// for `id` itself or untyped bytes).
    pub fn store_over(
        &mut self,
        addr: u64,
        size: u64,
        id: StoreId,
        mut no_alias: impl FnMut(StoreId) -> bool,
    ) -> bool {
        let mut retyped = false;
        let mut asked: Option<StoreId> = None;
        for (page, lo, hi) in pieces(addr, size) {
            if id == 0 {
                if lo == 0 && hi == PAGE as usize {
                    self.pages.clear(page);
                } else if let Some(p) = self.pages.page(page) {
                    P::fill(&p[lo..hi], 0);
                }
                continue;
            }
            let Some(p) = self.pages.page_or_new(page) else {
                continue;
            };
            for c in &p[lo..hi] {
                let old = c.load(Relaxed);
                if old != id {
                    if !retyped && old != 0 && asked != Some(old) {
                        asked = Some(old);
                        retyped = no_alias(old);
                    }
                    c.store(id, Relaxed);
                }
            }
        }
        retyped
    }

    /// A tagged store `id` (not 0) of `[addr, addr + size)`, as
    /// [`Shadow::store`] without the question, a page's cells at a time
    /// ([`Pages::fill`]).
    pub fn fill(&mut self, addr: u64, size: u64, id: StoreId) {
        debug_assert!(id != 0);
        for (page, lo, hi) in pieces(addr, size) {
            if let Some(p) = self.pages.page_or_new(page) {
                P::fill(&p[lo..hi], id);
            }
        }
    }

    /// The bytes are no longer typed (an untagged write, a new object).
    pub fn reset(&mut self, addr: u64, size: u64) {
        self.store(addr, size, 0);
    }

    /// The last tagged store of the byte at `addr` (0: none).
    pub fn get(&self, addr: u64) -> StoreId {
        self.pages
            .page(addr >> PAGE_BITS)
            .map_or(0, |p| p[(addr & (PAGE - 1)) as usize].load(Relaxed))
    }

    /// The one id every byte of `[addr, addr + size)` has (0: untyped, or
    /// no page), when they all have the same; `None` when they differ or
    /// the bytes are not on one page. (The program's inline fast path
    /// compares the bytes of one page against one id its site may meet.)
    pub fn uniform(&self, addr: u64, size: u64) -> Option<StoreId> {
        let mut pieces = pieces(addr, size);
        let (page, lo, hi) = pieces.next()?;
        if pieces.next().is_some() {
            return None;
        }
        let Some(p) = self.pages.page(page) else {
            return Some(0);
        };
        let first = p[lo].load(Relaxed);
        p[lo..hi]
            .iter()
            .all(|c| c.load(Relaxed) == first)
            .then_some(first)
    }

    /// A tagged load of `[addr, addr + size)`: each maximal run of bytes
    /// last stored by one store for which `no_alias(store)` holds, in
    /// address order. `no_alias` is asked once per run of equal ids.
    pub fn check(
        &self,
        addr: u64,
        size: u64,
        mut no_alias: impl FnMut(StoreId) -> bool,
    ) -> Vec<Hit> {
        let mut hits: Vec<Hit> = Vec::new();
        // The last id asked about and its answer.
        let mut asked: Option<(StoreId, bool)> = None;
        for (page, lo, hi) in pieces(addr, size) {
            let Some(p) = self.pages.page(page) else {
                continue;
            };
            let base = page << PAGE_BITS;
            for (k, c) in p[lo..hi].iter().enumerate() {
                let id = c.load(Relaxed);
                if id == 0 {
                    continue;
                }
                let conflict = match asked {
                    Some((a, answer)) if a == id => answer,
                    _ => {
                        let answer = no_alias(id);
                        asked = Some((id, answer));
                        answer
                    }
                };
                if !conflict {
                    continue;
                }
                let at = base + (lo + k) as u64;
                match hits.last_mut() {
                    Some(h) if h.store == id && h.hi == at => h.hi = at + 1,
                    _ => hits.push(Hit {
                        store: id,
                        lo: at,
                        hi: at + 1,
                    }),
                }
            }
        }
        hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cut_at_pages_and_saturate() {
        let v: Vec<_> = pieces(PAGE - 2, 4).collect();
        assert_eq!(v, vec![(0, PAGE as usize - 2, PAGE as usize), (1, 0, 2)]);
        let top: Vec<_> = pieces(u64::MAX - 1, 8).collect();
        assert_eq!(
            top,
            vec![(u64::MAX >> PAGE_BITS, PAGE as usize - 2, PAGE as usize - 1)]
        );
        assert_eq!(pieces(5, 0).count(), 0);
    }

    #[test]
    fn uniform_bytes_have_one_id_on_one_page() {
        let mut s = Shadow::new();
        assert_eq!(s.uniform(8, 4), Some(0), "no page");
        s.store(8, 4, 3);
        assert_eq!(s.uniform(8, 4), Some(3));
        assert_eq!(s.uniform(8, 5), None, "byte 12 is untyped");
        s.store(PAGE - 2, 4, 3);
        assert_eq!(s.uniform(PAGE - 2, 4), None, "two pages");
        assert_eq!(s.uniform(8, 0), None, "no bytes");
    }

    #[test]
    fn a_reset_of_a_whole_page_frees_it() {
        let mut s = Shadow::new();
        s.store(10, 4, 3);
        assert_eq!(s.pages.len(), 1);
        s.reset(0, PAGE);
        assert!(s.pages.is_empty());
        assert_eq!(s.get(10), 0);
    }

    #[test]
    fn a_store_tells_when_it_re_types_bytes_of_a_type_it_may_not_alias() {
        let mut s = Shadow::new();
        s.store(0, 8, 1);
        s.store(8, 4, 2);
        let mut asked = vec![];
        let retyped = s.store_over(2, 10, 3, |old| {
            asked.push(old);
            old == 2
        });
        assert!(retyped);
        assert_eq!(asked, vec![1, 2], "once per run of one id");
        assert!(
            !s.store_over(2, 10, 3, |_| true),
            "its own bytes are not re-typed"
        );
        assert_eq!((s.get(1), s.get(2)), (1, 3));
    }
}
