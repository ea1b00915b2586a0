//! Pointer to row: which row of the core's table an `MDNode` is.
//!
//! Every query names its two nodes by pointer, so this lookup is on the
//! query path twice. A [`RowIndex`] is an open-addressing table of
//! `(pointer, row)` slots with linear probing: a multiply and a shift find
//! a pointer's first slot, and a found pointer is almost always there or
//! in the next one, because the table is kept at most half full (4096
//! slots of 16 bytes at first, doubling as pointers arrive: at most 64
//! bytes per distinct node asked about). Nothing is ever removed. Pointer
//! keys are valid for the life of the session (see the lifetime note in
//! [`super`]).
//!
//! Passes ask about one access against many in a row (GVN and MemorySSA
//! walk back from one instruction, `aa-eval` pairs each access with all
//! before it), so the first node of a query is usually the last query's
//! first node: a [`LastLookup`] keeps that one pair aside.

pub struct RowIndex {
    /// `(pointer, row)`; an empty slot holds pointer 0, which is never a
    /// key (callers answer null pointers before asking).
    slots: Vec<(usize, u32)>,
    /// `64 - log2(slots)`: a pointer's first slot is its hash shifted
    /// right by this (63 while there are no slots: slot 0 or 1, neither
    /// of which exists).
    shift: u32,
    len: usize,
}

impl Default for RowIndex {
    fn default() -> RowIndex {
        RowIndex {
            slots: Vec::new(),
            shift: 63,
            len: 0,
        }
    }
}

/// The last `(pointer, row)` looked up through it, in front of a
/// [`RowIndex`]: for the node of a query that is usually the same as
/// last time (see the module notes).
#[derive(Default)]
pub struct LastLookup(usize, u32);

impl LastLookup {
    /// [`RowIndex::get`], one compare when `pointer` is the one looked up
    /// last time.
    #[inline]
    pub fn get(&mut self, index: &RowIndex, pointer: usize) -> Option<u32> {
        if self.0 != pointer {
            *self = LastLookup(pointer, index.get(pointer)?);
        }
        Some(self.1)
    }

    /// [`RowIndex::get_or_insert_with`], one compare when `pointer` is the
    /// one looked up last time.
    #[inline]
    pub fn get_or_insert_with(
        &mut self,
        index: &mut RowIndex,
        pointer: usize,
        read: impl FnOnce() -> u32,
    ) -> u32 {
        if self.0 != pointer {
            *self = LastLookup(pointer, index.get_or_insert_with(pointer, read));
        }
        self.1
    }
}

impl RowIndex {
    const FIRST_BITS: u32 = 12;

    #[inline]
    fn first_slot(&self, pointer: usize) -> usize {
        pointer.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift
    }

    #[inline]
    fn bits(&self) -> u32 {
        if self.slots.is_empty() {
            0
        } else {
            64 - self.shift
        }
    }

    /// The slot holding `pointer`, or the empty slot where it would go.
    #[inline]
    fn probe(&self, pointer: usize) -> usize {
        let mask = self.slots.len() - 1;
        let mut slot = self.first_slot(pointer);
        loop {
            let p = self.slots[slot].0;
            if p == pointer || p == 0 {
                return slot;
            }
            slot = (slot + 1) & mask;
        }
    }

    /// The row of `pointer`, if it has one. Cannot panic (a slot outside
    /// the table reads as empty), so that the query path may ask it before
    /// its panic guard; it ends because the table is never full.
    #[inline]
    pub fn get(&self, pointer: usize) -> Option<u32> {
        let mut slot = self.first_slot(pointer);
        loop {
            let &(p, row) = self.slots.get(slot)?;
            if p == pointer {
                return Some(row);
            }
            if p == 0 {
                return None;
            }
            slot = (slot + 1) & (self.slots.len() - 1);
        }
    }

    /// The row of `pointer`; `read` makes it the first time.
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

    /// Adds a pointer not in the table.
    fn insert(&mut self, pointer: usize, row: u32) {
        debug_assert_ne!(pointer, 0);
        debug_assert_eq!(self.get(pointer), None);
        self.len += 1;
        let wanted = (2 * self.len)
            .next_power_of_two()
            .trailing_zeros()
            .max(Self::FIRST_BITS);
        if wanted > self.bits() {
            let old = std::mem::replace(&mut self.slots, vec![(0, 0); 1 << wanted]);
            self.shift = 64 - wanted;
            for (p, r) in old.into_iter().filter(|&(p, _)| p != 0) {
                let slot = self.probe(p);
                self.slots[slot] = (p, r);
            }
        }
        let slot = self.probe(pointer);
        self.slots[slot] = (pointer, row);
    }
}

#[cfg(test)]
mod tests {
    use super::{LastLookup, RowIndex};

    #[test]
    fn finds_every_pointer_after_growing_and_colliding() {
        let mut index = RowIndex::default();
        assert_eq!(index.get(0x1000), None);
        // Pointers 2^20 apart share their first slot until the table is
        // large; aligned pointers 8 apart fill it as nodes do.
        let pointers: Vec<usize> = (1..20_000usize)
            .map(|i| if i % 3 == 0 { i << 20 } else { i * 8 })
            .collect();
        for (row, &p) in pointers.iter().enumerate() {
            index.insert(p, row as u32);
        }
        for (row, &p) in pointers.iter().enumerate() {
            assert_eq!(index.get(p), Some(row as u32));
        }
        assert_eq!(index.get(8 * 20_001), None);
        assert!(index.slots.len() >= 2 * pointers.len());
        let mut reads = 0;
        for _ in 0..3 {
            let row = index.get_or_insert_with(8 * 20_001, || {
                reads += 1;
                7
            });
            assert_eq!(row, 7);
        }
        assert_eq!(reads, 1);
        assert_eq!(index.get(8), Some(0));
        // From the table, then from the side entry; a new pointer goes
        // into both.
        let mut last = LastLookup::default();
        assert_eq!(last.get_or_insert_with(&mut index, 8, || unreachable!()), 0);
        assert_eq!(last.get_or_insert_with(&mut index, 8, || unreachable!()), 0);
        assert_eq!(
            last.get_or_insert_with(&mut index, 16, || unreachable!()),
            1
        );
        assert_eq!(last.get_or_insert_with(&mut index, 8 * 20_002, || 9), 9);
        assert_eq!(
            last.get_or_insert_with(&mut index, 8 * 20_002, || unreachable!()),
            9
        );
        assert_eq!(index.get(8 * 20_002), Some(9));
    }
}
