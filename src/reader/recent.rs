//! The answers to the last questions, by pointer pair.
//!
//! Code asks the same few questions over and over (one loop's accesses
//! against each other). [`RecentAnswers`] keeps the latest answer of 1024
//! pointer pairs, direct-mapped (16 KiB: it stays in the first-level
//! cache): a repeated question is one probe, without finding the rows of
//! its nodes. A pair pushed out is answered by the rows and the answer
//! matrix again, with the same answer.
//!
//! When questions do not repeat (thousands of distinct tags), the probe
//! only costs: after each 1024 questions with fewer than half answered
//! here, the table is left alone (asked nothing, given nothing) for the
//! next 16384 answers it would have been given, then tried again. A
//! resting table costs a question one load and a test. The answers never
//! depend on it.

use super::index::Key;

/// `(first, second | answer)`: pointers are 8-aligned, so bit 0 of the
/// second holds the answer (1 may alias); an empty slot is `(0, 0)`, and
/// null pointers are never asked about.
pub struct RecentAnswers {
    /// A fixed size, so that a slot's index, `< 1 << BITS` by
    /// construction, needs no bounds check: [`RecentAnswers::get`] and
    /// [`RecentAnswers::insert`] cannot panic.
    slots: Box<[(usize, usize); 1 << Self::BITS]>,
    /// Questions and answers found in the current window of 1024.
    asked: u32,
    found: u32,
    /// Answers left to be refused before the table is used again (0: in
    /// use).
    resting: u32,
}

impl Default for RecentAnswers {
    fn default() -> RecentAnswers {
        RecentAnswers {
            slots: Box::new([(0, 0); 1 << Self::BITS]),
            asked: 0,
            found: 0,
            resting: 0,
        }
    }
}

impl RecentAnswers {
    const BITS: u32 = 10;
    const WINDOW: u32 = 1024;
    const REST: u32 = 16384;

    #[inline]
    fn slot(a: usize, b: usize) -> usize {
        (a, b).hash() >> (64 - Self::BITS)
    }

    #[inline]
    pub fn get(&mut self, a: usize, b: usize) -> Option<bool> {
        if self.resting > 0 {
            return None;
        }
        self.asked += 1;
        if self.asked == Self::WINDOW {
            if self.found < Self::WINDOW / 2 {
                self.resting = Self::REST;
            }
            self.asked = 0;
            self.found = 0;
        }
        let (x, y) = self.slots[Self::slot(a, b)];
        let answer = (x == a && y & !1 == b).then_some(y & 1 == 1);
        self.found += answer.is_some() as u32;
        answer
    }

    #[inline]
    pub fn insert(&mut self, a: usize, b: usize, may_alias: bool) {
        debug_assert!(a != 0 && b & 1 == 0, "non-null, aligned nodes");
        if self.resting > 0 {
            self.resting -= 1;
            return;
        }
        self.slots[Self::slot(a, b)] = (a, b | may_alias as usize);
    }
}

#[cfg(test)]
mod tests {
    use super::RecentAnswers;

    #[test]
    fn remembers_ordered_pairs_and_forgets_pushed_out_ones() {
        let mut r = RecentAnswers::default();
        assert_eq!(r.get(0x1000, 0x2000), None);
        r.insert(0x1000, 0x2000, false);
        r.insert(0x2000, 0x1000, true);
        assert_eq!(r.get(0x1000, 0x2000), Some(false));
        assert_eq!(r.get(0x2000, 0x1000), Some(true));
        assert_eq!(r.get(0x1000, 0x1000), None);
        // A pair that maps to the same slot replaces the first.
        let slot = RecentAnswers::slot(0x1000, 0x2000);
        let other = (1..)
            .map(|i: usize| (0x1000 + 8 * i, 0x2000))
            .find(|&(a, b)| RecentAnswers::slot(a, b) == slot)
            .unwrap();
        r.insert(other.0, other.1, true);
        assert_eq!(r.get(0x1000, 0x2000), None);
        assert_eq!(r.get(other.0, other.1), Some(true));
    }

    #[test]
    fn rests_while_questions_do_not_repeat() {
        let mut r = RecentAnswers::default();
        for i in 1..=RecentAnswers::WINDOW as usize {
            assert_eq!(r.get(8 * i, 16 * i), None);
            r.insert(8 * i, 16 * i, true);
        }
        // Resting (since the window's last question, so its answer was
        // the first refused): even a pair just inserted is not found, nor
        // kept; and questions alone do not end the rest.
        r.insert(0x1000, 0x3000, false);
        for _ in 0..2 * RecentAnswers::REST {
            assert_eq!(r.get(0x1000, 0x3000), None);
        }
        for _ in 2..RecentAnswers::REST {
            r.insert(0x1000, 0x3000, false);
        }
        assert_eq!(r.get(0x1000, 0x3000), None);
        r.insert(0x1000, 0x3000, false);
        assert_eq!(
            r.get(0x1000, 0x3000),
            Some(false),
            "used again after resting"
        );
    }
}
