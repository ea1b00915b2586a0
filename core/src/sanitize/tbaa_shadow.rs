//! The shadow memory of `aliaskit sanitize --tbaa`: per byte of the
//! program, the last tagged store that wrote it.
//!
//! A byte's shadow is a [`StoreId`] (the runtime's number of the store's
//! site, which gives its tag), 0 when the byte's last write was untagged,
//! reset, or never seen. Shadow is kept in pages of [`PAGE`] bytes
//! (4 bytes of shadow per byte), made on the first tagged store into them
//! and dropped when reset whole; a page never written costs nothing.
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

/// The shadow of the whole address space.
#[derive(Default)]
pub struct Shadow {
    pages: FxHashMap<u64, Box<[StoreId]>>,
}

/// `[addr, addr + size)` cut at page boundaries: (page, first offset, end
/// offset) in address order. The end saturates at the top of the address
/// space.
fn pieces(addr: u64, size: u64) -> impl Iterator<Item = (u64, usize, usize)> {
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

impl Shadow {
    pub fn new() -> Shadow {
        Shadow::default()
    }

    /// A tagged store `id` of `[addr, addr + size)`; `id` 0 is a reset.
    pub fn store(&mut self, addr: u64, size: u64, id: StoreId) {
        for (page, lo, hi) in pieces(addr, size) {
            if id == 0 {
                if lo == 0 && hi == PAGE as usize {
                    self.pages.remove(&page);
                } else if let Some(p) = self.pages.get_mut(&page) {
                    p[lo..hi].fill(0);
                }
                continue;
            }
            let p = self
                .pages
                .entry(page)
                .or_insert_with(|| vec![0; PAGE as usize].into_boxed_slice());
            p[lo..hi].fill(id);
        }
    }

    /// The bytes are no longer typed (an untagged write, a new object).
    pub fn reset(&mut self, addr: u64, size: u64) {
        self.store(addr, size, 0);
    }

    /// The last tagged store of the byte at `addr` (0: none).
    pub fn get(&self, addr: u64) -> StoreId {
        self.pages
            .get(&(addr >> PAGE_BITS))
            .map_or(0, |p| p[(addr & (PAGE - 1)) as usize])
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
            let Some(p) = self.pages.get(&page) else {
                continue;
            };
            let base = page << PAGE_BITS;
            for (k, &id) in p[lo..hi].iter().enumerate() {
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

    /// Pages of shadow held (each `4 * PAGE` bytes).
    pub fn pages(&self) -> usize {
        self.pages.len()
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
    fn a_reset_of_a_whole_page_frees_it() {
        let mut s = Shadow::new();
        s.store(10, 4, 3);
        assert_eq!(s.pages(), 1);
        s.reset(0, PAGE);
        assert_eq!(s.pages(), 0);
        assert_eq!(s.get(10), 0);
    }
}
