//! Answers remembered per pair of rows: two bits a pair, in a square
//! matrix that grows with the rows seen, up to a fixed bound.
//!
//! The analyses number what they read densely (tags: [`crate::tbaa::TagRef`],
//! scope lists: [`crate::scoped::ListRef`]), so an answer for the ordered
//! pair (a, b) can live at bit `2 * (a * side + b)` of one flat array:
//! a lookup is an index computation and one load, whatever the number of
//! distinct tags or lists, and nothing is ever evicted. The matrix starts
//! at 64 x 64 (1 KiB) and doubles its side when a row beyond it is asked
//! about, up to [`AnswerMatrix::MAX_SIDE`] rows; pairs involving a row
//! beyond that are not remembered (the caller decides them afresh, which
//! gives the same answer: the memo never changes an answer, only its cost).
//!
//! Memory bound: at most `MAX_SIDE² / 4` bytes, 4 MiB, per matrix; one
//! matrix per analysis session.

/// Two bits per ordered pair: 0 unknown, 1 no alias, 2 may alias.
#[derive(Clone, Debug)]
pub struct AnswerMatrix {
    /// Rows (and columns) the matrix has room for: a power of two, or 0.
    side: usize,
    /// The largest side it may grow to.
    max_side: usize,
    words: Vec<u64>,
}

impl Default for AnswerMatrix {
    fn default() -> AnswerMatrix {
        AnswerMatrix::with_max_side(AnswerMatrix::MAX_SIDE)
    }
}

const UNKNOWN: u64 = 0;
const NO_ALIAS: u64 = 1;
const MAY_ALIAS: u64 = 2;
/// The low bit of every pair of a word.
const LOW_BITS: u64 = 0x5555_5555_5555_5555;

/// `word` with the pair at bit `at` (even, below 64) set to the answer
/// code `v`.
#[inline]
fn with_pair(word: u64, at: usize, v: u64) -> u64 {
    (word & !(3 << at)) | (v << at)
}

/// The two bits of a known answer.
#[inline]
fn code(may_alias: bool) -> u64 {
    if may_alias {
        MAY_ALIAS
    } else {
        NO_ALIAS
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
        debug_assert!(max_side.is_power_of_two());
        AnswerMatrix {
            side: 0,
            max_side,
            words: Vec::new(),
        }
    }

    /// The remembered answer for (a, b): `Some(true)` may alias. Cannot
    /// panic (a word outside the matrix reads as unknown).
    #[inline(always)]
    pub fn get(&self, a: u32, b: u32) -> Option<bool> {
        let (a, b) = (a as usize, b as usize);
        // Both below the side, a power of two (or 0), in one test.
        if a | b >= self.side {
            return None;
        }
        let bit = 2 * (a * self.side + b);
        // `wrapping_shr` shifts by `bit % 64`, as the shift instruction
        // does by itself.
        let v = self.words.get(bit / 64)?.wrapping_shr(bit as u32) & 3;
        (v != UNKNOWN).then_some(v == MAY_ALIAS)
    }

    /// Whether an answer for (a, b) is kept once set: both rows are
    /// within the bound.
    #[inline]
    pub fn holds(&self, a: u32, b: u32) -> bool {
        (a.max(b) as usize) < self.max_side
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

    /// Pairs per word of the matrix: the columns `32 k .. 32 k + 32` of a
    /// row share one.
    pub const PER_WORD: u32 = 32;

    /// Decides the unknown pairs of row `a` with the columns of `b`'s
    /// word (the [`AnswerMatrix::PER_WORD`] columns from `b` rounded down,
    /// those below `len`), each by `decide` (`None`: left unknown), and
    /// keeps each answer both ways, as [`AnswerMatrix::set_both`] would:
    /// `decide(c)` must be the answer for (c, a) too. Row `a`'s word is
    /// read and written once. Grows the matrix if needed; pairs beyond
    /// the bound are not decided.
    ///
    /// Two loops: the first decides into a word of its own (only the
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
        // The side is a multiple of 64, so row a's columns from `first`
        // start a word.
        let index = 2 * (a as usize * self.side + first as usize) / 64;
        let Some(&word) = self.words.get(index) else {
            return;
        };
        // The low bit of each unknown pair of the columns first..end.
        let columns = u64::MAX >> (64 - 2 * (end - first));
        let mut open = !(word | word >> 1) & LOW_BITS & columns;
        let mut decided = 0u64;
        while open != 0 {
            let shift = open.trailing_zeros();
            open &= open - 1;
            if let Some(may_alias) = decide(first + shift / 2) {
                decided |= code(may_alias) << shift;
            }
        }
        self.words[index] = word | decided;
        // Column a of rows first..end: one word a row apart, each at the
        // same bits.
        let words_per_row = self.side / Self::PER_WORD as usize;
        let column = a as usize / Self::PER_WORD as usize;
        let at = 2 * (a % Self::PER_WORD) as usize;
        let mut new = (decided | decided >> 1) & LOW_BITS;
        while new != 0 {
            let shift = new.trailing_zeros();
            new &= new - 1;
            let c = (first + shift / 2) as usize;
            if let Some(w) = self.words.get_mut(c * words_per_row + column) {
                *w = with_pair(*w, at, (decided >> shift) & 3);
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
    /// (a word outside the matrix is not written: this cannot panic).
    #[inline]
    fn put(&mut self, a: usize, b: usize, may_alias: bool) {
        let bit = 2 * (a * self.side + b);
        let v = code(may_alias);
        if let Some(word) = self.words.get_mut(bit / 64) {
            *word = with_pair(*word, bit % 64, v);
        }
        debug_assert_eq!(self.get(a as u32, b as u32), Some(may_alias));
    }

    /// Bytes the matrix holds now (at most `MAX_SIDE² / 4`).
    pub fn bytes(&self) -> usize {
        self.words.capacity() * 8
    }

    #[cold]
    fn grow(&mut self, need: usize) {
        // At least 64 rows even when fewer are held (a small bound in
        // tests), so that a row's columns from a multiple of
        // [`AnswerMatrix::PER_WORD`] start a word.
        let side = need.next_power_of_two().max(Self::FIRST_SIDE);
        let words_per_row = |side: usize| (2 * side).div_ceil(64);
        let mut words = vec![0u64; side * words_per_row(side)];
        if self.side > 0 {
            // Row r of the old matrix is a prefix of row r of the new one.
            let old = words_per_row(self.side);
            let new = words_per_row(side);
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
