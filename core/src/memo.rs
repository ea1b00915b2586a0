//! Answers remembered per pair of rows: two bits a pair, in a square
//! matrix that grows with the rows seen, up to a fixed bound.
//!
//! The analyses number what they read densely (tags: [`crate::tbaa::TagRef`],
//! scope lists: [`crate::scoped::ListRef`]), so an answer for the ordered
//! pair (a, b) can live at index `a * side + b` of a flat array of bits:
//! a lookup is an index computation and two loads, whatever the number
//! of distinct tags or lists, and nothing is ever evicted. The two bits
//! of a pair are in two planes, side by side per 64 pairs
//! ([`Planes`]): whether the answer is known, and whether it is "may
//! alias", each read by a bit test at the pair's column, without a shift
//! through a register that the baseline x86-64 target would have to free
//! for it. The matrix starts at 64 x 64 (1 KiB) and doubles its side when
//! a row beyond it is asked about, up to [`AnswerMatrix::MAX_SIDE`] rows;
//! pairs involving a row beyond that are not remembered (the caller
//! decides them afresh, which gives the same answer: the memo never
//! changes an answer, only its cost).
//!
//! Memory bound: at most `MAX_SIDE² / 4` bytes, 4 MiB, per matrix; one
//! matrix per analysis session.

/// The two planes of 64 pairs: the columns `64 k .. 64 k + 64` of a row.
/// A pair's bit in `known` says its answer is remembered, and then its
/// bit in `may_alias` is the answer (clear while unknown).
#[derive(Copy, Clone, Debug, Default)]
struct Planes {
    known: u64,
    may_alias: u64,
}

impl Planes {
    /// The answer at bit `bit` (below 64), if known.
    #[inline(always)]
    fn get(&self, bit: usize) -> Option<bool> {
        if self.known >> bit & 1 == 0 {
            return None;
        }
        Some(self.may_alias >> bit & 1 != 0)
    }

    /// Sets the answer at bit `bit` (below 64).
    #[inline]
    fn set(&mut self, bit: usize, may_alias: bool) {
        self.known |= 1 << bit;
        self.may_alias = self.may_alias & !(1 << bit) | u64::from(may_alias) << bit;
    }
}

#[derive(Clone, Debug)]
pub struct AnswerMatrix {
    /// Rows (and columns) the matrix has room for: a power of two, at
    /// least 64, or 0.
    side: usize,
    /// The largest side it may grow to.
    max_side: usize,
    /// Row by row, `side / 64` planes a row.
    words: Vec<Planes>,
}

impl Default for AnswerMatrix {
    fn default() -> AnswerMatrix {
        AnswerMatrix::with_max_side(AnswerMatrix::MAX_SIDE)
    }
}

impl AnswerMatrix {
    /// Rows remembered at most: 4096 (the matrix is then 4 MiB).
    pub const MAX_SIDE: usize = 4096;
    const FIRST_SIDE: usize = 64;

    pub fn new() -> AnswerMatrix {
        AnswerMatrix::default()
    }

    /// A matrix that remembers pairs of rows below `max_side` only (a
    /// power of two; tests use small ones to exercise the bound).
    pub fn with_max_side(max_side: usize) -> AnswerMatrix {
        assert!(max_side.is_power_of_two(), "the bound is a power of two");
        AnswerMatrix {
            side: 0,
            max_side,
            words: Vec::new(),
        }
    }

    /// The planes of pair (a, b) of rows below the side, and its bit
    /// there (the side is a multiple of 64).
    #[inline(always)]
    fn at(&self, a: usize, b: usize) -> (usize, usize) {
        ((a * self.side + b) / 64, b % 64)
    }

    /// The remembered answer for (a, b): `Some(true)` may alias. Cannot
    /// panic (planes outside the matrix read as unknown).
    #[inline(always)]
    pub fn get(&self, a: u32, b: u32) -> Option<bool> {
        let (a, b) = (a as usize, b as usize);
        // Both below the side, a power of two (or 0), in one test.
        if a | b >= self.side {
            return None;
        }
        let (index, bit) = self.at(a, b);
        self.words.get(index)?.get(bit)
    }

    /// The bound: rows from this one on are not remembered (a power of
    /// two).
    pub fn max_side(&self) -> usize {
        self.max_side
    }

    /// Whether an answer for (a, b) is kept once set: both rows are
    /// within the bound.
    #[inline]
    pub fn holds(&self, a: u32, b: u32) -> bool {
        // Both below the bound, a power of two, in one test.
        ((a | b) as usize) < self.max_side
    }

    /// Remembers the answer for (a, b), growing the matrix if needed;
    /// pairs beyond the bound are not remembered.
    #[inline]
    pub fn set(&mut self, a: u32, b: u32, may_alias: bool) {
        if self.make_room(a.max(b)) {
            self.put(a as usize, b as usize, may_alias);
        }
    }

    /// [`AnswerMatrix::set`] of (a, b) and (b, a), for an answer known
    /// to be the same both ways.
    #[inline]
    pub fn set_both(&mut self, a: u32, b: u32, may_alias: bool) {
        if self.make_room(a.max(b)) {
            self.put(a as usize, b as usize, may_alias);
            self.put(b as usize, a as usize, may_alias);
        }
    }

    /// Columns decided together by [`AnswerMatrix::fill_word_both`]: the
    /// columns `32 k .. 32 k + 32` of a row, half of one [`Planes`].
    pub const PER_WORD: u32 = 32;

    /// Decides the unknown pairs of row `a` with the columns of `b`'s
    /// group (the [`AnswerMatrix::PER_WORD`] columns from `b` rounded
    /// down, those below `len`), each by `decide` (`None`: left unknown),
    /// and keeps each answer both ways, as [`AnswerMatrix::set_both`]
    /// would: `decide(c)` must be the answer for (c, a) too. Row `a`'s
    /// planes are read and written once. Grows the matrix if needed;
    /// pairs beyond the bound are not decided.
    ///
    /// Two loops: the first decides into planes of its own (only the
    /// unknown columns are visited, and `decide` has the registers to
    /// itself), the second writes each new answer into its column.
    pub fn fill_word_both(
        &mut self,
        a: u32,
        b: u32,
        len: u32,
        mut decide: impl FnMut(u32) -> Option<bool>,
    ) {
        let first = b & !(Self::PER_WORD - 1);
        let end = (first + Self::PER_WORD).min(len).min(self.max_side as u32);
        if end <= first || !self.make_room(a.max(end - 1)) {
            return;
        }
        let (index, at) = self.at(a as usize, first as usize);
        let Some(&row) = self.words.get(index) else {
            return;
        };
        // Column c is bit c % 64 of these planes; the group's columns
        // first..end are a run of bits from `at`.
        let base = first - at as u32;
        let columns = (u64::MAX >> (64 - (end - first))) << at;
        let mut open = !row.known & columns;
        let mut decided = Planes::default();
        while open != 0 {
            let bit = open.trailing_zeros() as usize;
            open &= open - 1;
            if let Some(may_alias) = decide(base + bit as u32) {
                decided.set(bit, may_alias);
            }
        }
        self.words[index] = Planes {
            known: row.known | decided.known,
            may_alias: row.may_alias | decided.may_alias,
        };
        // Column a of rows first..end.
        let mut new = decided.known;
        while new != 0 {
            let bit = new.trailing_zeros() as usize;
            new &= new - 1;
            let c = base as usize + bit;
            let (index, at) = self.at(c, a as usize);
            if let Some(planes) = self.words.get_mut(index) {
                planes.set(at, decided.may_alias >> bit & 1 != 0);
            }
            debug_assert_eq!(self.get(c as u32, a), self.get(a, c as u32));
        }
    }

    /// [`AnswerMatrix::set`] when the matrix has room for both rows
    /// already (it does not grow). Cannot panic.
    #[inline]
    pub fn set_if_room(&mut self, a: u32, b: u32, may_alias: bool) {
        let (a, b) = (a as usize, b as usize);
        if a | b < self.side.min(self.max_side) {
            self.put(a, b, may_alias);
        }
    }

    /// Grows the matrix to hold row `row` (if within the bound), so that
    /// [`AnswerMatrix::set_if_room`] keeps pairs with it.
    pub fn make_room_for(&mut self, row: u32) {
        self.make_room(row);
    }

    /// Whether row `max` fits, after growing the matrix if it can.
    #[inline]
    fn make_room(&mut self, max: u32) -> bool {
        let max = max as usize;
        if max >= self.max_side {
            return false;
        }
        if max >= self.side {
            self.grow(max + 1);
        }
        true
    }

    /// Writes the answer of a pair both of whose rows are below the side
    /// (planes outside the matrix are not written: this cannot panic).
    #[inline(always)]
    fn put(&mut self, a: usize, b: usize, may_alias: bool) {
        let (index, bit) = self.at(a, b);
        if let Some(planes) = self.words.get_mut(index) {
            planes.set(bit, may_alias);
        }
        debug_assert_eq!(self.get(a as u32, b as u32), Some(may_alias));
    }

    /// Bytes the matrix holds now (at most `MAX_SIDE² / 4`).
    pub fn bytes(&self) -> usize {
        self.words.capacity() * std::mem::size_of::<Planes>()
    }

    #[cold]
    fn grow(&mut self, need: usize) {
        // At least 64 rows even when fewer are held (a small bound in
        // tests), so that a row is whole planes.
        let side = need.next_power_of_two().max(Self::FIRST_SIDE);
        let mut words = vec![Planes::default(); side * side / 64];
        if self.side > 0 {
            // Row r of the old matrix is a prefix of row r of the new one.
            let (old, new) = (self.side / 64, side / 64);
            for r in 0..self.side {
                words[r * new..r * new + old].copy_from_slice(&self.words[r * old..(r + 1) * old]);
            }
        }
        self.side = side;
        self.words = words;
    }
}

#[cfg(test)]
mod tests {
    use super::AnswerMatrix;

    #[test]
    fn remembers_ordered_pairs_across_growth() {
        let mut m = AnswerMatrix::new();
        assert_eq!(m.get(0, 1), None);
        m.set(0, 1, false);
        m.set(1, 0, true);
        m.set(63, 2, true);
        assert_eq!(m.get(0, 1), Some(false));
        assert_eq!(m.get(1, 0), Some(true));
        assert_eq!(m.get(1, 1), None);
        m.set(1000, 3, false);
        assert_eq!(m.get(0, 1), Some(false), "kept when the matrix grew");
        assert_eq!(m.get(1, 0), Some(true));
        assert_eq!(m.get(63, 2), Some(true));
        assert_eq!(m.get(1000, 3), Some(false));
        assert_eq!(m.get(3, 1000), None);
        m.set(1000, 3, true);
        assert_eq!(m.get(1000, 3), Some(true), "an answer can be replaced");
        // The last column of one pair of planes and the first of the next.
        m.set(5, 63, true);
        m.set(5, 64, false);
        m.set(5, 62, false);
        assert_eq!(
            (m.get(5, 62), m.get(5, 63), m.get(5, 64), m.get(5, 65)),
            (Some(false), Some(true), Some(false), None)
        );
        m.set(5, 63, false);
        assert_eq!((m.get(5, 62), m.get(5, 63)), (Some(false), Some(false)));
    }

    #[test]
    fn set_both_writes_both_orders_and_set_if_room_never_grows() {
        let mut m = AnswerMatrix::new();
        m.set_both(2, 70, false);
        assert_eq!((m.get(2, 70), m.get(70, 2)), (Some(false), Some(false)));
        // Room for rows below 128 now, not beyond.
        m.set_if_room(100, 3, true);
        m.set_if_room(300, 3, true);
        assert_eq!((m.get(100, 3), m.get(300, 3)), (Some(true), None));
        m.make_room_for(300);
        m.set_if_room(300, 3, true);
        assert_eq!(m.get(300, 3), Some(true));
        assert_eq!(m.get(2, 70), Some(false), "kept when the matrix grew");
        m.make_room_for(AnswerMatrix::MAX_SIDE as u32);
        m.set_if_room(AnswerMatrix::MAX_SIDE as u32, 0, true);
        assert_eq!(m.get(AnswerMatrix::MAX_SIDE as u32, 0), None);
    }

    #[test]
    fn a_word_is_filled_both_ways_where_unknown() {
        let mut m = AnswerMatrix::new();
        m.set(5, 40, true);
        m.set(40, 5, false);
        let mut asked = Vec::new();
        // Row 5 with b = 45's word (columns 32..64), only 50 rows exist.
        m.fill_word_both(5, 45, 50, |c| {
            asked.push(c);
            (c % 3 != 0).then_some(c % 2 == 0)
        });
        assert!(!asked.contains(&40), "a known pair is not decided again");
        assert_eq!(asked, (32..50).filter(|&c| c != 40).collect::<Vec<_>>());
        for c in (32..50).filter(|&c| c != 40) {
            let want = (c % 3 != 0).then_some(c % 2 == 0);
            assert_eq!((m.get(5, c), m.get(c, 5)), (want, want), "column {c}");
        }
        assert_eq!((m.get(5, 40), m.get(40, 5)), (Some(true), Some(false)));
        assert_eq!((m.get(5, 31), m.get(5, 50)), (None, None));
        // A row's own column is its diagonal, in the word being filled.
        m.fill_word_both(33, 33, 64, |_| Some(true));
        assert_eq!(m.get(33, 33), Some(true));
        assert_eq!(m.get(33, 5), None, "another word of the row");
        // A row of a later word of columns (70: the third), growing the
        // matrix to 128 rows on the way.
        m.fill_word_both(70, 3, 100, |c| Some(c % 2 == 0));
        for c in 0..32 {
            let want = Some(c % 2 == 0);
            assert_eq!((m.get(70, c), m.get(c, 70)), (want, want), "column {c}");
        }
        assert_eq!(m.get(70, 32), None, "another word of the row");
        assert_eq!(
            (m.get(5, 40), m.get(40, 5)),
            (Some(true), Some(false)),
            "kept when the matrix grew"
        );
    }

    #[test]
    fn a_word_beyond_a_small_bound_is_not_filled() {
        let mut m = AnswerMatrix::with_max_side(16);
        m.fill_word_both(3, 20, 40, |_| Some(false));
        m.fill_word_both(3, 2, 40, |_| Some(false));
        assert_eq!((m.get(3, 15), m.get(15, 3)), (Some(false), Some(false)));
        assert_eq!((m.get(3, 16), m.get(3, 20)), (None, None));
        m.fill_word_both(20, 2, 40, |_| Some(true));
        assert_eq!((m.get(20, 2), m.get(2, 20)), (None, None));
    }

    #[test]
    fn pairs_beyond_the_bound_are_not_remembered() {
        let mut m = AnswerMatrix::new();
        let max = AnswerMatrix::MAX_SIDE as u32;
        m.set(max, 0, true);
        assert_eq!(m.get(max, 0), None);
        m.set(max - 1, max - 1, true);
        assert_eq!(m.get(max - 1, max - 1), Some(true));
        assert_eq!(
            m.bytes(),
            AnswerMatrix::MAX_SIDE * AnswerMatrix::MAX_SIDE / 4
        );
    }
}
