//! The generator's random streams: SplitMix64, and the few ways of drawing
//! from it that the generator uses (below, range, percent, pick, weighted).
//!
//! The stream itself is the workspace's one generator, core's
//! [`SplitMix`]; what is here is the generator's own way of seeding and
//! drawing from it. A seed is a name: `checks/diff/difftest.sh` runs seeds
//! 1..500, `BENCHMARKS.md` measures `--seed 2000`,
//! `checks/captures/corpus.sh` seeds 1..100, and `checks/verify/parity.py`
//! and the fuzzers record failing modules by their seed. Every detail (the
//! step, the seed's mixing constant, the warm-up, the modulo in `below`, the
//! order in which `weighted` walks its weights) fixes which module a seed
//! names, so none of it may change: `tests/sequence.rs` locks the sequence.

use aliaskit_core::tbaa::build::SplitMix;

/// One random stream.
pub struct Rng(SplitMix);

impl Rng {
    /// The stream of `seed`, warmed up so that nearby seeds diverge
    /// immediately.
    pub fn new(seed: u64) -> Self {
        let mut rng = SplitMix(seed ^ 0x5EED_A11A_5C17_0000);
        for _ in 0..4 {
            rng.next_u64();
        }
        Rng(rng)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
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
