//! [`Seen`]: the entry each (site, address) last began, for a big log's
//! look-up before it pushes a new entry (`FrameLog::push_run`: a blocked
//! loop nest reads one row segment again and again; with the look-up, the
//! segment stays one entry).
//!
//! A direct-mapped table, not a map: a pair takes its slot from whatever
//! held it, and a look-up that finds another pair there finds nothing.
//! That loses only merges, never conflicts (an entry the look-up names is
//! checked before use, as every slot is), and it keeps the table's size
//! bounded ([`MAX_SLOTS`] slots of 16 bytes) however many entries a
//! long-running frame's log holds, where a map held one per entry and
//! rehashed as it grew.

use super::{SiteId, NO_ENTRY};

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Slot {
    lo: u64,
    site: SiteId,
    entry: u32,
}

const EMPTY: Slot = Slot {
    lo: 0,
    site: SiteId::MAX,
    entry: NO_ENTRY,
};

/// The table starts at this many slots and doubles, up to [`MAX_SLOTS`],
/// whenever it has taken as many pairs as it has slots since it was
/// cleared. At most 64 KiB: every push of a big log looks a slot up, and
/// in a table of 1 MiB (64K slots) that look-up was a cache miss most of
/// the time (82% of `push_run`'s time on `rs_collections 110` of `make
/// bench`, section S); with 4K slots that program ran 4% faster with 3 MiB
/// less peak RSS, merges lost to a full table included.
const MIN_SLOTS: usize = 256;
const MAX_SLOTS: usize = 1 << 12;

/// See the module documentation.
#[derive(Debug, Default)]
pub(super) struct Seen {
    slots: Vec<Slot>,
    /// Pairs put in since the last clear.
    taken: usize,
    /// The slots taken since the last clear while they are few (an eighth
    /// of the table): a clear resets those, not the whole table. A long
    /// frame's table, grown in a phase of many entries, is cleared at
    /// every prune of the short logs that follow.
    touched: Vec<u32>,
    /// Whether some slot taken since the last clear is not in `touched`.
    overflowed: bool,
}

impl Seen {
    fn slot(&self, site: SiteId, lo: u64) -> usize {
        let bits = self.slots.len().trailing_zeros();
        let key = lo ^ u64::from(site).rotate_right(17);
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The entry `site` last began at `lo`, if its slot still says so.
    pub fn get(&self, site: SiteId, lo: u64) -> Option<u32> {
        if self.slots.is_empty() {
            return None;
        }
        let s = self.slots[self.slot(site, lo)];
        (s.site == site && s.lo == lo && s.entry != NO_ENTRY).then_some(s.entry)
    }

    /// `site` began entry `entry` at `lo`.
    pub fn insert(&mut self, site: SiteId, lo: u64, entry: u32) {
        self.taken += 1;
        if self.taken > self.slots.len() && self.slots.len() < MAX_SLOTS {
            self.grow();
        }
        let k = self.slot(site, lo);
        self.slots[k] = Slot { lo, site, entry };
        if self.touched.len() < self.slots.len() / 8 {
            self.touched.push(k as u32);
        } else {
            self.overflowed = true;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).clamp(MIN_SLOTS, MAX_SLOTS);
        let old = std::mem::replace(&mut self.slots, vec![EMPTY; size]);
        // The slots move: a clear resets the whole table.
        self.overflowed = true;
        for s in old.into_iter().filter(|s| s.entry != NO_ENTRY) {
            let k = self.slot(s.site, s.lo);
            self.slots[k] = s;
        }
    }

    /// Forgets every pair (entries moved or went); the table keeps its
    /// size. Costs nothing when nothing was put in.
    pub fn clear(&mut self) {
        if self.taken > 0 {
            if self.overflowed {
                self.slots.fill(EMPTY);
            } else {
                for &k in &self.touched {
                    self.slots[k as usize] = EMPTY;
                }
            }
            self.taken = 0;
        }
        self.touched.clear();
        self.overflowed = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_forgets_every_pair_whether_it_resets_a_few_slots_or_all() {
        let mut seen = Seen::default();
        let at = |i: u64| 0x10_0000 + 8 * i;
        // Grown to its largest, then cleared: the whole table is reset.
        for i in 0..2 * MAX_SLOTS as u64 {
            seen.insert(1, at(i), i as u32);
        }
        assert_eq!(seen.slots.len(), MAX_SLOTS);
        seen.clear();
        assert!(seen.slots.iter().all(|s| *s == EMPTY));
        // A few pairs: only their slots are reset.
        for i in 0..10 {
            seen.insert(2, at(i), i as u32);
        }
        assert!(!seen.overflowed && seen.touched.len() == 10);
        seen.clear();
        assert!(seen.slots.iter().all(|s| *s == EMPTY));
        // More than an eighth of the table: all of it again.
        for i in 0..MAX_SLOTS as u64 / 4 {
            seen.insert(3, at(i), i as u32);
        }
        assert!(seen.overflowed);
        seen.clear();
        assert!(seen.slots.iter().all(|s| *s == EMPTY));
        assert_eq!(seen.get(3, at(0)), None);
    }

    #[test]
    fn a_pair_is_found_until_another_takes_its_slot_or_a_clear() {
        let mut seen = Seen::default();
        assert_eq!(seen.get(1, 0x1000), None);
        seen.insert(1, 0x1000, 7);
        assert_eq!(seen.get(1, 0x1000), Some(7));
        assert_eq!(seen.get(2, 0x1000), None);
        assert_eq!(seen.get(1, 0x1008), None);
        seen.insert(1, 0x1000, 9);
        assert_eq!(seen.get(1, 0x1000), Some(9));
        // Another pair of the same slot takes it.
        let k = seen.slot(1, 0x1000);
        let other = (1..u64::MAX)
            .map(|i| 0x1000 + 8 * i)
            .find(|&lo| seen.slot(1, lo) == k)
            .unwrap();
        seen.insert(1, other, 3);
        assert_eq!((seen.get(1, other), seen.get(1, 0x1000)), (Some(3), None));
        seen.clear();
        assert_eq!(seen.get(1, other), None);
    }

    #[test]
    fn the_table_grows_to_its_bound_and_keeps_recent_pairs() {
        let mut seen = Seen::default();
        for i in 0..(4 * MAX_SLOTS) as u32 {
            seen.insert(i % 5, 64 * u64::from(i), i);
        }
        assert_eq!(seen.slots.len(), MAX_SLOTS);
        // The last pair put in is always found; most recent ones are.
        let last = (4 * MAX_SLOTS - 1) as u32;
        assert_eq!(seen.get(last % 5, 64 * u64::from(last)), Some(last));
        // (A pair put in k pairs ago was lost with probability about
        // k / MAX_SLOTS: of the last MAX_SLOTS / 16, about 97% remain.)
        let window = (MAX_SLOTS / 16) as u32;
        let recent = (last - window + 1..=last)
            .filter(|&i| seen.get(i % 5, 64 * u64::from(i)) == Some(i))
            .count();
        assert!(recent * 10 > window as usize * 9, "{recent} of {window}");
        // Growing moved the pairs it kept to their new slots.
        let mut small = Seen::default();
        for i in 0..MIN_SLOTS as u32 + 1 {
            small.insert(0, 8 * u64::from(i), i);
        }
        assert_eq!(small.slots.len(), 2 * MIN_SLOTS);
        let found = (0..MIN_SLOTS as u32 + 1)
            .filter(|&i| small.get(0, 8 * u64::from(i)) == Some(i))
            .count();
        assert!(found > MIN_SLOTS / 2, "{found}");
    }
}
