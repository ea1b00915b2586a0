//! A fixed-size answer cache keyed by a pair of metadata pointers.
//!
//! Alias analyses are asked the same question (the same two tags, the same
//! two scope lists) over and over. The cache is direct-mapped: one probe per
//! query, constant memory (allocated on first use), and a pair pushed out by
//! another is simply decided again by the core.

/// A direct-mapped cache of alias answers keyed by the pair of tag pointers.
#[derive(Default)]
pub struct AnswerCache {
    slots: Vec<Slot>,
}

#[derive(Copy, Clone)]
struct Slot {
    a: usize,
    b: usize,
    /// `EMPTY`, or the answer (0 no alias, 1 may alias).
    answer: u8,
}

const EMPTY: u8 = u8::MAX;

impl AnswerCache {
    /// Number of slots (a power of two): 16384 slots of 24 bytes.
    pub const SLOTS: usize = 1 << 14;

    fn index(a: usize, b: usize) -> usize {
        // Pointers are 8-aligned: mix the informative bits of both.
        let h = (a >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (b >> 3).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (h ^ (h >> 29)) & (Self::SLOTS - 1)
    }

    pub fn get(&self, a: usize, b: usize) -> Option<bool> {
        let slot = self.slots.get(Self::index(a, b))?;
        (slot.answer != EMPTY && slot.a == a && slot.b == b).then_some(slot.answer == 1)
    }

    pub fn insert(&mut self, a: usize, b: usize, answer: bool) {
        if self.slots.is_empty() {
            self.slots = vec![
                Slot {
                    a: 0,
                    b: 0,
                    answer: EMPTY
                };
                Self::SLOTS
            ];
        }
        self.slots[Self::index(a, b)] = Slot {
            a,
            b,
            answer: answer as u8,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::AnswerCache;

    #[test]
    fn remembers_answers_per_ordered_pair() {
        let mut c = AnswerCache::default();
        assert_eq!(c.get(0x1000, 0x2000), None);
        c.insert(0x1000, 0x2000, false);
        c.insert(0x2000, 0x1000, true);
        assert_eq!(c.get(0x1000, 0x2000), Some(false));
        assert_eq!(c.get(0x2000, 0x1000), Some(true));
        assert_eq!(c.get(0x1000, 0x1000), None);
    }

    #[test]
    fn a_colliding_pair_replaces_the_old_one() {
        let mut c = AnswerCache::default();
        // Find two pairs that map to the same slot.
        let first = (0x10usize, 0x20usize);
        let slot = AnswerCache::index(first.0, first.1);
        let other = (1..)
            .map(|i: usize| (0x10 + 8 * i, 0x20))
            .find(|&(a, b)| AnswerCache::index(a, b) == slot)
            .unwrap();
        c.insert(first.0, first.1, true);
        c.insert(other.0, other.1, false);
        assert_eq!(c.get(first.0, first.1), None);
        assert_eq!(c.get(other.0, other.1), Some(false));
    }
}
