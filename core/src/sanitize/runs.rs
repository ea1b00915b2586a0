//! The bytes one site touched, merged without loss, and their exact overlap.
//!
//! A site of an instrumented function usually walks memory in a regular
//! way: `a[i]` for i = 0, 1, 2, ... touches one growing block, `a[i].x` in
//! an array of structs touches equal blocks a struct apart. The log keeps
//! such a walk as one [`Run`] instead of one record per access:
//!
//! ```text
//! Run { lo, len, stride, count }:  count blocks of len bytes, the k-th at lo + k*stride
//!
//!   lo        lo+len     lo+stride          lo+(count-1)*stride     hi
//!   [ block 0 )  gap     [ block 1 )  ...   [ block count-1 )
//! ```
//!
//! Invariants (checked by `debug_assert`s):
//!
//! * `len >= 1` and `count >= 1`;
//! * a plain block (`count == 1`) has `stride == 0`;
//! * a strided run (`count >= 2`) has `stride > len`: there is at least one
//!   byte of gap between two blocks. Blocks that touch or overlap are one
//!   plain block, never a run; so every run has exactly one representation,
//!   and a byte belongs to at most one block;
//! * the hull's end `lo + (count-1)*stride + len` fits in a `u64`, so a run
//!   never covers the byte at `u64::MAX` (the log clamps accesses there).
//!
//! **Merging is lossless.** [`Run::extend`] accepts a block only when the
//! run afterwards stands for exactly the union of its bytes and the
//! block's: a plain block grows by an adjacent or overlapping block; it
//! becomes strided when a block of the same length lands strictly after
//! or before it; a strided run grows by one block a stride beyond either
//! end; a block inside one of the run's blocks changes nothing; a block
//! that covers every gap turns the run into one plain block. Anything
//! else is refused and the run is left unchanged. A lossy merge would make
//! the checker report bytes nobody touched, which is the one thing it must
//! never do. `extend` also says whether the new block touched bytes the run
//! already had, and which: two accesses of one site can conflict with each
//! other, and once merged the log can no longer tell them apart.
//!
//! **Overlap is exact.** [`Run::first_overlap`] finds the lowest byte the
//! two runs share and the common range of the two blocks holding it, by
//! arithmetic: O(1) when one side is a plain block or both have the same
//! stride (two fields of one array of structs), else O(min(count)) by
//! walking the run with fewer blocks. The hulls of two runs may overlap
//! while no block does (`a[i].x` against `a[i].y`); that is not an overlap.
//!
//! All arithmetic on addresses is checked: a block that would make
//! anything overflow is refused.

/// `count` blocks of `len` bytes, the k-th at `lo + k*stride` (k < count).
/// See the module documentation for the invariants.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub lo: u64,
    pub len: u64,
    pub stride: u64,
    pub count: u64,
}

/// What [`Run::extend`] did with a block.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Merge {
    /// Not representable in one run: the run is unchanged.
    Refused,
    /// Merged; the block shared no byte with the run.
    Disjoint,
    /// Merged; `[lo, hi)` (non-empty) was in the run already: each of its
    /// bytes was touched by the new block and by an earlier one. It is the
    /// lowest common range of the block and the run (of the block and one
    /// of the run's blocks, when the run was strided).
    Overlapped(u64, u64),
}

impl Run {
    /// The plain block `[addr, addr+len)`; `len >= 1` and the end must fit
    /// in a `u64`.
    pub fn single(addr: u64, len: u64) -> Run {
        debug_assert!(len >= 1 && addr.checked_add(len).is_some());
        Run {
            lo: addr,
            len,
            stride: 0,
            count: 1,
        }
    }

    /// The smallest range holding every block: `[lo, hi)`.
    pub fn hull(&self) -> (u64, u64) {
        self.debug_check();
        (self.lo, self.last_start() + self.len)
    }

    /// How many blocks the run stands for (for statistics).
    pub fn accesses(&self) -> u64 {
        self.count
    }

    /// Adds the block `[addr, addr+len)` if the result is still one run with
    /// exactly the union of the bytes; `false` (run unchanged) otherwise.
    pub fn try_extend(&mut self, addr: u64, len: u64) -> bool {
        self.extend(addr, len) != Merge::Refused
    }

    /// The common case of [`Run::extend`], answered first: the block
    /// `[addr, addr+len)` (`len >= 1`, not past `u64::MAX`) lies right
    /// after a plain run's bytes, or one stride past a strided run's last
    /// block with its length. Then it is taken (exactly as `extend` takes
    /// it, `Disjoint`) and the answer is true; otherwise the run is
    /// unchanged.
    #[inline]
    pub fn continue_with(&mut self, addr: u64, len: u64) -> bool {
        if self.count == 1 {
            if self.lo + self.len == addr {
                self.len += len;
                return true;
            }
            return false;
        }
        if len == self.len && self.last_start().checked_add(self.stride) == Some(addr) {
            self.count += 1;
            return true;
        }
        false
    }

    /// [`Run::try_extend`], saying also whether the block touched bytes the
    /// run already had. A block of length 0 adds nothing: `Disjoint`.
    pub fn extend(&mut self, addr: u64, len: u64) -> Merge {
        self.debug_check();
        let Some(end) = addr.checked_add(len) else {
            return Merge::Refused;
        };
        if len == 0 {
            return Merge::Disjoint;
        }
        let (lo, hi) = self.hull();
        if self.count == 1 {
            return self.extend_plain(addr, len, end);
        }
        if addr <= lo + self.len && end >= self.last_start() {
            // The block covers every gap: one plain block from now on.
            let merge = overlapped(Run::single(addr, len).first_overlap(self));
            *self = Run::single(lo.min(addr), hi.max(end) - lo.min(addr));
            return merge;
        }
        if let (true, Some(count)) = (len == self.len, self.count.checked_add(1)) {
            // One stride past either end (`end` fits, so the hull does).
            if self.last_start().checked_add(self.stride) == Some(addr) {
                self.count = count;
                return Merge::Disjoint;
            }
            if addr.checked_add(self.stride) == Some(lo) {
                self.lo = addr;
                self.count = count;
                return Merge::Disjoint;
            }
        }
        if addr >= lo && end <= hi {
            let block = lo + (addr - lo) / self.stride * self.stride;
            if end <= block + self.len {
                return Merge::Overlapped(addr, end);
            }
        }
        Merge::Refused
    }

    /// Adds every block of `other` if the result is still one run with
    /// exactly the union of the bytes (as [`Run::extend`] does for one
    /// block; `Refused` leaves the run unchanged): a plain block is
    /// [`Run::extend`]; two runs whose hulls are each one block (or
    /// contiguous) and touch become one block; two runs of one block length
    /// and stride on the same grid whose blocks meet or follow one another
    /// become one. The common range, if any, is of the lowest common block.
    pub fn absorb(&mut self, other: &Run) -> Merge {
        self.debug_check();
        other.debug_check();
        if other.count == 1 {
            return self.extend(other.lo, other.len);
        }
        let (olo, ohi) = other.hull();
        let (lo, hi) = self.hull();
        let merge = match self.first_overlap(other) {
            Some((a, b)) => Merge::Overlapped(a, b),
            None => Merge::Disjoint,
        };
        if self.count == 1 && olo >= lo && ohi <= hi {
            // Every block of `other` is inside this one.
            return merge;
        }
        if self.len == other.len && self.stride == other.stride && self.count > 1 {
            let (first, second) = if lo <= olo {
                (*self, *other)
            } else {
                (*other, *self)
            };
            let gap = second.lo - first.lo;
            if gap % first.stride == 0 {
                let k = gap / first.stride;
                // The second starts within the first or one stride past it.
                if k <= first.count {
                    let count = (k + second.count).max(first.count);
                    let end = (count - 1)
                        .checked_mul(first.stride)
                        .and_then(|span| first.lo.checked_add(span))
                        .and_then(|s| s.checked_add(first.len));
                    if end.is_some() {
                        *self = Run {
                            lo: first.lo,
                            len: first.len,
                            stride: first.stride,
                            count,
                        };
                        return merge;
                    }
                }
            }
        }
        Merge::Refused
    }

    /// `extend` for a plain block `[lo, hi)`.
    fn extend_plain(&mut self, addr: u64, len: u64, end: u64) -> Merge {
        let (lo, hi) = (self.lo, self.lo + self.len);
        if addr <= hi && end >= lo {
            let (from, to) = (lo.max(addr), hi.min(end));
            *self = Run::single(lo.min(addr), hi.max(end) - lo.min(addr));
            return if from < to {
                Merge::Overlapped(from, to)
            } else {
                Merge::Disjoint
            };
        }
        if len != self.len {
            return Merge::Refused;
        }
        // Strictly apart (not even touching), same length: two blocks.
        if addr > hi {
            self.stride = addr - lo;
        } else {
            self.stride = lo - addr;
            self.lo = addr;
        }
        self.count = 2;
        Merge::Disjoint
    }

    /// The lowest common byte range of two runs: the intersection of the
    /// first (lowest-address) pair of intersecting blocks, `[lo, hi)`; `None`
    /// if they share no byte.
    pub fn first_overlap(&self, other: &Run) -> Option<(u64, u64)> {
        if self.count == 1 {
            return block_vs_run(self.lo, self.lo + self.len, other);
        }
        if other.count == 1 {
            return block_vs_run(other.lo, other.lo + other.len, self);
        }
        if self.stride == other.stride {
            // Every pair of blocks k apart has the same offset, so if any
            // block of the later-starting run meets the other run, its
            // first block does, and lowest.
            let (early, late) = if self.lo <= other.lo {
                (self, other)
            } else {
                (other, self)
            };
            return block_vs_run(late.lo, late.lo + late.len, early);
        }
        let (walk, fixed) = if self.count <= other.count {
            (self, other)
        } else {
            (other, self)
        };
        let (flo, fhi) = fixed.hull();
        let mut k = walk.first_block_ending_after(flo);
        while k < walk.count {
            let start = walk.lo + k * walk.stride;
            if start >= fhi {
                break;
            }
            if let Some(found) = block_vs_run(start, start + walk.len, fixed) {
                return Some(found);
            }
            k += 1;
        }
        None
    }

    /// The start of the last block.
    fn last_start(&self) -> u64 {
        self.lo + (self.count - 1) * self.stride
    }

    /// The index of the first block whose end is after `addr` (may be
    /// `count`: none).
    fn first_block_ending_after(&self, addr: u64) -> u64 {
        if addr < self.lo || self.count == 1 {
            return u64::from(addr >= self.lo + self.len);
        }
        let k = (addr - self.lo) / self.stride;
        // k*stride <= addr - lo: no overflow.
        if self.lo + k * self.stride + self.len <= addr {
            k + 1
        } else {
            k
        }
    }

    fn debug_check(&self) {
        debug_assert!(self.len >= 1 && self.count >= 1, "{self:?}");
        debug_assert!(
            (self.count == 1 && self.stride == 0) || (self.count >= 2 && self.stride > self.len),
            "{self:?}"
        );
        debug_assert!(
            (self.count - 1)
                .checked_mul(self.stride)
                .and_then(|s| s.checked_add(self.len))
                .and_then(|s| s.checked_add(self.lo))
                .is_some(),
            "{self:?}"
        );
    }
}

fn overlapped(common: Option<(u64, u64)>) -> Merge {
    common.map_or(Merge::Disjoint, |(lo, hi)| Merge::Overlapped(lo, hi))
}

/// The first intersection of the block `[p0, p1)` with a block of `r`.
fn block_vs_run(p0: u64, p1: u64, r: &Run) -> Option<(u64, u64)> {
    let k = r.first_block_ending_after(p0);
    if k >= r.count {
        return None;
    }
    let start = r.lo + k * r.stride;
    let (lo, hi) = (start.max(p0), (start + r.len).min(p1));
    (lo < hi).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(lo: u64, len: u64, stride: u64, count: u64) -> Run {
        Run {
            lo,
            len,
            stride,
            count,
        }
    }

    #[test]
    fn a_plain_block_grows_by_touching_and_overlapping_blocks() {
        let mut r = Run::single(10, 4);
        assert_eq!(r.extend(14, 2), Merge::Disjoint); // touching after
        assert_eq!(r, Run::single(10, 6));
        assert_eq!(r.extend(6, 4), Merge::Disjoint); // touching before
        assert_eq!(r, Run::single(6, 10));
        assert_eq!(r.extend(14, 8), Merge::Overlapped(14, 16));
        assert_eq!(r, Run::single(6, 16));
        assert_eq!(r.extend(0, 100), Merge::Overlapped(6, 22)); // swallows it
        assert_eq!(r, Run::single(0, 100));
    }

    #[test]
    fn a_plain_block_becomes_strided_only_with_a_gap_and_the_same_len() {
        let mut r = Run::single(0, 4);
        assert!(!r.try_extend(5, 3)); // other length, apart
        assert_eq!(r, Run::single(0, 4));
        assert_eq!(r.extend(5, 4), Merge::Disjoint); // one byte of gap
        assert_eq!(r, run(0, 4, 5, 2));
        let mut back = Run::single(100, 8);
        assert!(back.try_extend(80, 8));
        assert_eq!(back, run(80, 8, 20, 2));
        assert!(back.try_extend(60, 8)); // backwards growth goes on
        assert!(back.try_extend(120, 8));
        assert_eq!(back, run(60, 8, 20, 4));
        assert_eq!(back.hull(), (60, 128));
    }

    #[test]
    fn a_strided_run_grows_only_one_stride_away_with_the_same_len() {
        let mut r = run(0, 4, 8, 3); // [0,4) [8,12) [16,20)
        assert!(!r.try_extend(32, 4)); // two strides away
        assert!(!r.try_extend(24, 5)); // other length
        assert!(!r.try_extend(20, 4)); // touches the last block: not a run
        assert!(!r.try_extend(2, 4)); // straddles block 0 and a gap
        assert_eq!(r, run(0, 4, 8, 3));
        assert_eq!(r.extend(8, 4), Merge::Overlapped(8, 12)); // equal block
        assert_eq!(r.extend(17, 2), Merge::Overlapped(17, 19)); // inside one
        assert_eq!(r, run(0, 4, 8, 3));
        assert_eq!(r.extend(24, 4), Merge::Disjoint);
        assert_eq!(r, run(0, 4, 8, 4));
    }

    #[test]
    fn a_block_covering_every_gap_makes_one_plain_block() {
        let mut r = run(0, 2, 4, 2); // [0,2) [4,6)
        assert_eq!(r.extend(2, 2), Merge::Disjoint); // exactly the gap
        assert_eq!(r, Run::single(0, 6));
        let mut r = run(10, 2, 4, 3); // [10,12) [14,16) [18,20)
        assert_eq!(r.extend(11, 8), Merge::Overlapped(11, 12));
        assert_eq!(r, Run::single(10, 10));
        let mut r = run(10, 2, 4, 3);
        assert!(!r.try_extend(12, 2)); // one gap of two
    }

    #[test]
    fn extension_never_overflows() {
        let top = u64::MAX;
        let mut r = Run::single(top - 4, 4); // ends exactly at u64::MAX
        assert_eq!(r.hull(), (top - 4, top));
        assert!(!r.try_extend(top - 1, 2)); // would end past u64::MAX
        assert!(!r.try_extend(top, 1));
        assert!(r.try_extend(top - 2, 2));
        let mut s = run(top - 20, 4, 8, 2); // [top-20, top-16) [top-12, top-8)
        assert!(s.try_extend(top - 4, 4)); // ends at u64::MAX: fine
        let mut t = run(top - 10, 2, 8, 2); // the next block would wrap
        assert!(!t.try_extend(top - 5, 1)); // in a gap, not a stride away
        assert!(t.try_extend(top - 18, 2)); // backwards still grows
        assert_eq!(t, run(top - 18, 2, 8, 3));
        let mut low = run(2, 4, 8, 2);
        assert!(!low.try_extend(2u64.wrapping_sub(8), 4)); // would start below 0
        assert_eq!(low, run(2, 4, 8, 2));
    }

    #[test]
    fn overlap_of_plain_blocks_and_hull_edges() {
        let a = Run::single(0, 10);
        assert_eq!(a.first_overlap(&Run::single(10, 5)), None); // touching
        assert_eq!(a.first_overlap(&Run::single(9, 5)), Some((9, 10)));
        assert_eq!(a.first_overlap(&Run::single(3, 2)), Some((3, 5)));
        let r = run(0, 4, 10, 3); // [0,4) [10,14) [20,24)
        assert_eq!(r.first_overlap(&Run::single(23, 1)), Some((23, 24)));
        assert_eq!(r.first_overlap(&Run::single(24, 10)), None);
        assert_eq!(r.first_overlap(&Run::single(4, 6)), None); // the gap exactly
        assert_eq!(Run::single(3, 8).first_overlap(&r), Some((3, 4)));
        assert_eq!(Run::single(5, 20).first_overlap(&r), Some((10, 14)));
    }

    #[test]
    fn overlap_of_fields_with_one_stride() {
        let x = run(0, 4, 12, 100); // a[i].x of struct { int x, y, z; }
        let y = run(4, 4, 12, 100);
        assert_eq!(x.first_overlap(&y), None);
        assert_eq!(y.first_overlap(&x), None);
        let xy = run(1200 - 12, 8, 12, 10); // a later loop over x and y
        assert_eq!(x.first_overlap(&xy), Some((1188, 1192)));
        let shifted = run(2, 4, 12, 5);
        assert_eq!(x.first_overlap(&shifted), Some((2, 4)));
        let wide = run(8, 6, 12, 5); // [8,14): meets block 1 of x
        assert_eq!(x.first_overlap(&wide), Some((12, 14)));
    }

    #[test]
    fn overlap_of_different_strides() {
        let a = run(0, 1, 3, 10); // 0 3 6 9 ...
        let b = run(1, 1, 5, 10); // 1 6 11 ...
        assert_eq!(a.first_overlap(&b), Some((6, 7)));
        assert_eq!(b.first_overlap(&a), Some((6, 7)));
        let even = run(0, 1, 2, 50);
        let odd = run(1, 1, 4, 25);
        assert_eq!(even.first_overlap(&odd), None);
    }

    #[test]
    fn overlap_near_u64_max() {
        let top = u64::MAX;
        let a = run(top - 30, 5, 10, 3); // ends at top - 5
        let b = Run::single(top - 8, 8);
        assert_eq!(a.first_overlap(&b), Some((top - 8, top - 5)));
        let c = run(top - 25, 5, 10, 3); // ends exactly at top
        assert_eq!(c.first_overlap(&a), None);
        assert_eq!(c.first_overlap(&b), Some((top - 5, top)));
    }
}
