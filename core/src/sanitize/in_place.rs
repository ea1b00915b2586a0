//! Frames checked in place: a small call's claims compared by the program
//! itself, with no log and no call into the runtime unless a claim breaks.
//!
//! Most instrumented calls are short: a Rust method called through `&mut
//! self`, a C function with two `restrict` parameters. The runtime spends
//! about a thousand instructions on each (a frame entered, each access
//! logged, the log checked at exit) where the call itself may run a few
//! dozen. When every access of a frame runs at most once per call, the
//! frame needs no log: each access's bytes fit in a *slot* (two numbers),
//! and the check at exit is a comparison of the slots of each claimed pair.
//!
//! The pass (`src/plugin/sanitize_in_place.cpp`) decides which frames
//! qualify from the control flow; this module decides what they compare,
//! from the same rule the runtime's log asks ([`ClaimRule`]), so that a
//! frame checked in place reports exactly what its log would have:
//!
//! * [`slot_pairs`]: the pairs of slots (accesses) to compare, those of
//!   two sites claimed not to alias with at least one write, each with the
//!   scopes that must be in one instance. The pass compares a pair in
//!   place only when each of those scopes is begun in the frame at most
//!   once, before both accesses (its decl dominates them), or never: then
//!   both accesses are in one instance whenever both ran, which is what the
//!   log would find.
//! * [`Slot`]: the bytes one access touched (`[lo, hi)`; empty when it did
//!   not run or touched nothing), and [`Slot::overlap`], the comparison.
//!   The pass emits the same comparison in IR (`lo_a < hi_b && lo_b <
//!   hi_a`; an empty slot is `[u64::MAX, 0)`): must match. A loop's
//!   accesses summarized as one run or grid ([`Slot::of_walk`]) are one
//!   slot too, their hull: when two hulls meet, the runtime logs the two
//!   walks in a log of their own and asks it (`__aliaskit_conflicts`), so
//!   a strided walk is answered exactly, by the log's own check.
//! * [`FrameRecords`]: what the program hands the runtime when two hulls
//!   meet, the frame's slots' walks (constants in a description global,
//!   the rest on the stack), and [`FrameRecords::meeting`], which of the
//!   frame's pairs meet. The comparisons of each pair stay out of the
//!   program's code, which compares classes of slots only (half of an
//!   instrumented module's text was those comparisons, each an unlikely
//!   branch of its own).
//!
//! Worked example: `fn push(v: &mut Vec<u8>, x: &u8)` reads `x` (site 0)
//! and writes `v`'s buffer (site 1), claimed apart by `v`'s scope. Its
//! frame has two slots; at exit the program compares slot 0 against slot 1
//! and calls the runtime only if they overlap.

use super::log::{ClaimRule, ScopeId, SiteId};

/// Two slots (indices into the frame's accesses) whose sites are claimed
/// not to alias, at least one of them a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotPair {
    pub first: usize,
    pub second: usize,
    /// The claim's scopes: both accesses must be in one instance of each.
    pub scopes: Vec<ScopeId>,
}

/// The pairs of slots a frame checked in place compares: every two slots
/// (`sites[i]` is the site of slot i; a site may have several slots, the
/// copies of one access) whose sites are claimed apart, with a write.
pub fn slot_pairs(claims: &mut impl ClaimRule, sites: &[SiteId]) -> Vec<SlotPair> {
    let mut pairs = Vec::new();
    for (i, &a) in sites.iter().enumerate() {
        for (j, &b) in sites.iter().enumerate().skip(i + 1) {
            if !(claims.writes(a) || claims.writes(b)) {
                continue;
            }
            if let Some(c) = claims.claim(a, b) {
                pairs.push(SlotPair {
                    first: i,
                    second: j,
                    scopes: claims.scopes(c).to_vec(),
                });
            }
        }
    }
    pairs
}

/// One runtime call of a frame checked in place, as the call was given
/// (`FrameLog::access_grid`'s arguments): `rows` rows of `count` blocks of
/// `size` bytes, block i of row r at `first + r*row_step + i*step`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub site: u32,
    pub first: u64,
    pub size: u64,
    pub step: i64,
    pub count: u64,
    pub row_step: i64,
    pub rows: u64,
}

impl Walk {
    /// The bytes it touches, as a frame checked in place sees them.
    pub fn slot(&self) -> Slot {
        Slot::of_walk(
            self.first,
            self.size,
            self.step,
            self.count,
            self.row_step,
            self.rows,
        )
    }

    /// Its k-th block of the first row, as a walk of its own.
    pub fn block(&self, k: u64) -> Walk {
        let first = self
            .first
            .wrapping_add((k as i64).wrapping_mul(self.step) as u64);
        Walk {
            first,
            count: 1,
            rows: 1,
            ..*self
        }
    }

    /// The walk of a record's seven words (see [`FrameRecords`]).
    fn of_words(w: [u64; RECORD_WORDS]) -> Walk {
        Walk {
            site: w[0] as u32,
            first: w[1],
            size: w[2],
            step: w[3] as i64,
            count: w[4],
            row_step: w[5] as i64,
            rows: w[6],
        }
    }
}

/// The words of one slot's record: its site, then its walk's first
/// address, block size, step, blocks, row step and rows (the order of
/// `Walk::parts` in `sanitize_in_place_lower.cpp`: must match).
pub const RECORD_WORDS: usize = 7;

/// A bit of a slot's `from_stack` word (below): the slot is alone in its
/// class with one block of a constant size, and keeps no walk while it
/// runs; when two hulls meet, the program stores its class's hull start
/// as its first address, `u64::MAX` (an empty hull) when it did not run.
pub const OWN: u64 = 1 << RECORD_WORDS;

/// The words of a description before its pairs: the numbers of pairs, of
/// slots and of words on the stack.
pub const HEADER: usize = 3;

/// What a frame checked in place hands the runtime when the hulls of two
/// of its classes meet (`__aliaskit_conflicts`):
///
/// * `desc`, a constant of the pass, in words: the number of pairs, of
///   slots and of words on the stack; each pair, `first | second << 32`
///   (slot indices), in the frame's order; then per slot its `from_stack`
///   word (bit p: word p of its record is on the stack; [`OWN`]) and its
///   record's words: a constant, or for a word on the stack its index
///   there;
/// * `stack`, the words the program stored while the frame ran (only the
///   words that are not constants: a frame's slots cost the stack no more
///   than their values), read only for a slot that ran;
/// * `ran`, bit k set when slot k ran (an [`OWN`] slot: its first is not
///   `u64::MAX`).
pub struct FrameRecords<'a> {
    desc: &'a [u64],
    stack: &'a [u64],
    ran: u64,
}

impl<'a> FrameRecords<'a> {
    /// The lengths, in words, of the description whose first words are
    /// `head` and of its stack, if its counts are in bounds: at most 64
    /// slots (the bits of `ran`), 64 * 64 pairs, and a record of words on
    /// the stack a slot. The runtime reads no more than these.
    pub fn lengths(head: &[u64; HEADER]) -> Option<(usize, usize)> {
        let [pairs, slots, words] = *head;
        (slots <= 64 && pairs <= 64 * 64 && words <= slots * RECORD_WORDS as u64).then(|| {
            let (pairs, slots) = (pairs as usize, slots as usize);
            (HEADER + pairs + slots * (1 + RECORD_WORDS), words as usize)
        })
    }

    /// The records, if `desc` and `stack` are as long as the description's
    /// counts say ([`FrameRecords::lengths`]; an index past the stack's
    /// words makes its slot's walk unknown, never read).
    pub fn new(desc: &'a [u64], stack: &'a [u64], ran: u64) -> Option<Self> {
        let head = desc.get(..HEADER)?.try_into().ok()?;
        let (desc_len, stack_len) = Self::lengths(head)?;
        (desc.len() == desc_len && stack.len() == stack_len).then_some(FrameRecords {
            desc,
            stack,
            ran,
        })
    }

    fn pairs(&self) -> usize {
        self.desc[0] as usize
    }

    fn slots(&self) -> usize {
        self.desc[1] as usize
    }

    /// Slot k's walk, if it ran (None too for an index out of range).
    pub fn walk(&self, k: usize) -> Option<Walk> {
        if k >= self.slots() {
            return None;
        }
        let at = HEADER + self.pairs() + k * (1 + RECORD_WORDS);
        let from_stack = self.desc[at];
        let own = from_stack & OWN != 0;
        // A slot that did not run left its words unwritten: not read.
        if !own && self.ran >> k & 1 == 0 {
            return None;
        }
        let mut words = [0; RECORD_WORDS];
        for (p, w) in words.iter_mut().enumerate() {
            let word = self.desc[at + 1 + p];
            *w = if from_stack >> p & 1 != 0 {
                *self.stack.get(word as usize)?
            } else {
                word
            };
        }
        (!own || words[1] != u64::MAX).then(|| Walk::of_words(words))
    }

    /// The walks of each pair whose slots both ran and meet
    /// ([`Slot::overlap`] of their hulls), in the frame's order.
    pub fn meeting(&self) -> Vec<[Walk; 2]> {
        (0..self.pairs())
            .filter_map(|i| {
                let pair = self.desc[HEADER + i];
                let a = self.walk((pair & 0xffff_ffff) as usize)?;
                let b = self.walk((pair >> 32) as usize)?;
                a.slot().overlap(b.slot()).map(|_| [a, b])
            })
            .collect()
    }
}

/// The bytes one access of a frame checked in place touched.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Slot {
    pub lo: u64,
    pub hi: u64,
}

impl Slot {
    /// The slot of an access that did not run.
    pub const EMPTY: Slot = Slot {
        lo: u64::MAX,
        hi: 0,
    };

    /// The slot of one access of `size` bytes at `addr`: the walk of one
    /// block (empty for size 0, as the log ignores such an access).
    pub fn touched(addr: u64, size: u64) -> Slot {
        Slot::of_walk(addr, size, 0, 1, 0, 1)
    }

    /// The hull of a *walk*, what one runtime call of a frame stands for
    /// (`__aliaskit_access`, `_run`, `_grid`): `rows` rows of `count`
    /// blocks of `size` bytes, block i of row r at `first + r*row_step +
    /// i*step`. Exact for one block or contiguous blocks; for a strided
    /// walk every byte touched is inside, and the pass asks the runtime's
    /// log about the walks themselves when two hulls meet. Wrapping
    /// arithmetic, as the IR computes it (must match
    /// `sanitize_in_place.cpp`): a walk below address 0, which the log
    /// ignores, may give any hull.
    pub fn of_walk(first: u64, size: u64, step: i64, count: u64, row_step: i64, rows: u64) -> Slot {
        if size == 0 || count == 0 || rows == 0 {
            return Slot::EMPTY;
        }
        let span = (count.wrapping_sub(1) as i64).wrapping_mul(step);
        let row_span = (rows.wrapping_sub(1) as i64).wrapping_mul(row_step);
        let lo = first
            .wrapping_add(span.min(0) as u64)
            .wrapping_add(row_span.min(0) as u64);
        let hi = first
            .wrapping_add(span.max(0) as u64)
            .wrapping_add(row_span.max(0) as u64)
            .wrapping_add(size);
        Slot { lo, hi }
    }

    /// The bytes both slots touched (`[lo, hi)`, non-empty), if any.
    pub fn overlap(self, other: Slot) -> Option<(u64, u64)> {
        (self.lo < other.hi && other.lo < self.hi)
            .then(|| (self.lo.max(other.lo), self.hi.min(other.hi)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_slot_overlaps_nothing() {
        let a = Slot::touched(0x1000, 8);
        assert_eq!(Slot::EMPTY.overlap(a), None);
        assert_eq!(a.overlap(Slot::EMPTY), None);
        assert_eq!(Slot::touched(0x1004, 0), Slot::EMPTY);
        assert_eq!(a.overlap(Slot::touched(0x1004, 0)), None);
    }

    #[test]
    fn slots_overlap_on_common_bytes_only() {
        let a = Slot::touched(0x1000, 8);
        assert_eq!(a.overlap(Slot::touched(0x1008, 8)), None);
        assert_eq!(a.overlap(Slot::touched(0x0ff8, 8)), None);
        assert_eq!(a.overlap(Slot::touched(0x1007, 8)), Some((0x1007, 0x1008)));
        assert_eq!(a.overlap(Slot::touched(0x0ffc, 32)), Some((0x1000, 0x1008)));
        // Past the top of the address space the end wraps, as the IR
        // computes it; such a slot meets nothing at the bottom.
        let top = Slot::touched(u64::MAX - 4, 16);
        assert_eq!(
            top,
            Slot {
                lo: u64::MAX - 4,
                hi: 11
            }
        );
        assert_eq!(top.overlap(Slot::touched(0, 16)), None);
    }
}
