//! Pointer to row: which row of the core's table an `MDNode` is.
//!
//! Every query names its two nodes by pointer, so this lookup is on the
//! query path twice. A [`RowIndex`] answers it from a direct-mapped table
//! of pointers (one probe: a multiply, a shift, a compare) in front of a
//! hash map that holds every pointer seen. The table has at least twice
//! as many slots as there are pointers, so that most pointers have a slot
//! of their own: 4096 slots of 16 bytes at first, doubling as pointers
//! arrive, up to 2^18 slots (4 MiB); the map grows with the distinct nodes
//! asked about. Pointer keys are valid for the life of the session (see
//! the lifetime note in [`super`]).

use rustc_hash::FxHashMap;

#[derive(Default)]
pub struct RowIndex {
    /// `(pointer, row)`; an empty slot holds pointer 0, which is never a
    /// key (callers answer null pointers before asking).
    slots: Vec<(usize, u32)>,
    /// log2 of the number of slots (0 before the first insert).
    bits: u32,
    all: FxHashMap<usize, u32>,
}

impl RowIndex {
    const FIRST_BITS: u32 = 12;
    const MAX_BITS: u32 = 18;

    #[inline]
    fn slot(&self, pointer: usize) -> usize {
        pointer.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)
    }

    /// The row of `pointer`, if it has one.
    #[inline]
    pub fn get(&mut self, pointer: usize) -> Option<u32> {
        if self.bits == 0 {
            return None;
        }
        let slot = self.slot(pointer);
        let (p, row) = self.slots[slot];
        if p == pointer {
            return Some(row);
        }
        let row = *self.all.get(&pointer)?;
        self.slots[slot] = (pointer, row);
        Some(row)
    }

    /// The row of `pointer`, made by `read` on first sight.
    #[inline]
    pub fn get_or_insert_with(&mut self, pointer: usize, read: impl FnOnce() -> u32) -> u32 {
        match self.get(pointer) {
            Some(row) => row,
            None => self.insert_new(pointer, read),
        }
    }

    #[cold]
    fn insert_new(&mut self, pointer: usize, read: impl FnOnce() -> u32) -> u32 {
        let row = read();
        self.insert(pointer, row);
        row
    }

    /// Records the row of a pointer not seen before.
    fn insert(&mut self, pointer: usize, row: u32) {
        debug_assert_ne!(pointer, 0);
        self.all.insert(pointer, row);
        let wanted = (2 * self.all.len())
            .next_power_of_two()
            .trailing_zeros()
            .clamp(Self::FIRST_BITS, Self::MAX_BITS);
        if wanted > self.bits {
            self.bits = wanted;
            self.slots = vec![(0, 0); 1 << wanted];
            for (&p, &r) in &self.all {
                let slot = self.slot(p);
                self.slots[slot] = (p, r);
            }
        }
        let slot = self.slot(pointer);
        self.slots[slot] = (pointer, row);
    }
}

#[cfg(test)]
mod tests {
    use super::RowIndex;

    #[test]
    fn finds_every_pointer_even_after_its_slot_is_taken() {
        let mut index = RowIndex::default();
        assert_eq!(index.get(0x1000), None);
        // Many pointers, so that slots are shared and overwritten.
        for i in 1..20_000usize {
            index.insert(i * 8, i as u32);
        }
        for i in 1..20_000usize {
            assert_eq!(index.get(i * 8), Some(i as u32));
        }
        assert_eq!(index.get(8 * 20_000), None);
        // A row is read once, on first sight.
        let mut reads = 0;
        for _ in 0..3 {
            let row = index.get_or_insert_with(8 * 20_000, || {
                reads += 1;
                7
            });
            assert_eq!(row, 7);
        }
        assert_eq!(reads, 1);
        assert_eq!(index.get(8), Some(1));
    }
}
