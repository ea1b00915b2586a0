//! The generator's random streams: SplitMix64, and the few ways of drawing
//! from it that the generator uses (below, range, percent, pick, weighted).
//!
//! This stays the generator's own and is not shared with the rest of the
//! workspace, although core's `tbaa::build::SplitMix` steps the same way.
//! A seed here is a name: `tools/difftest.sh` runs seeds 1..500,
//! `BENCHMARKS.md` measures `--seed 2000`, `bench/captures/corpus.sh` seeds
//! 1..100, and `bench/verify/parity.py` and the fuzzers record failing
//! modules by their seed. Every detail below (the seed's mixing constant,
//! the warm-up, the modulo in `below`, the order in which `weighted` walks
//! its weights) fixes which module a seed names, so none of it may ever
//! change, while core's generator serves property tests that are free to
//! change theirs. Keeping the stream here also keeps the generator free of
//! any dependency on the code it is used to test. `tests/sequence.rs`
//! locks the sequence.

/// One random stream.
pub struct Rng(u64);

impl Rng {
    /// The stream of `seed`, warmed up so that nearby seeds diverge
    /// immediately.
    pub fn new(seed: u64) -> Self {
        let mut rng = Rng(seed ^ 0x5EED_A11A_5C17_0000);
        for _ in 0..4 {
            rng.next();
        }
        rng
    }
    /// SplitMix64's step, the same as core's `SplitMix::next_u64` and kept
    /// apart on purpose (see above).
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `pct` percent.
    pub fn pct(&mut self, pct: usize) -> bool {
        self.below(100) < pct
    }
    pub fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
    /// Index chosen with the given weights.
    pub fn weighted(&mut self, weights: &[usize]) -> usize {
        let total: usize = weights.iter().sum();
        let mut r = self.below(total.max(1));
        for (i, w) in weights.iter().enumerate() {
            if r < *w {
                return i;
            }
            r -= *w;
        }
        weights.len() - 1
    }
}
