//! [`FrameLog::access_grid`]: a loop nest's accesses of one site, two
//! levels deep, given at once.
//!
//! The pass summarizes an inner loop's accesses as one run
//! ([`FrameLog::access_run`]) at the inner loop's exit; when that call
//! itself runs once per iteration of the enclosing loop, and the run's
//! first address moves by a step the enclosing loop does not change, all
//! of the nest's accesses are a grid: `rows` runs, `row_step` apart.
//!
//! ```text
//! row r (r < rows), block i (i < count):  first + r*row_step + i*step,  len bytes
//! ```
//!
//! The log keeps the grid as exactly what the rows one at a time would
//! leave (property-tested against them, in
//! `core/tests/sanitize_log_properties.rs`): when a row is one block
//! (a contiguous row, or one address again and again), the rows are a run
//! of those blocks, `row_step` apart; when the rows continue one grid (the
//! next row starts a step past the last block), one long run; otherwise
//! the rows go in one by one.

use super::{FrameLog, SiteId};

impl FrameLog {
    /// `rows` runs of `count` blocks of `len` bytes: block i of row r at
    /// `first + r*row_step + i*step` (steps may be negative; `first` is
    /// the first block of the first row as the program made it). Blocks
    /// below address 0 are not real accesses: nothing is logged then.
    #[allow(clippy::too_many_arguments)]
    pub fn access_grid(
        &mut self,
        site: SiteId,
        first: u64,
        len: u64,
        step: i64,
        count: u64,
        row_step: i64,
        rows: u64,
    ) {
        if rows == 0 || count == 0 || len == 0 {
            return;
        }
        // The lowest block of the first row, then of the lowest row.
        let Some(row_lo) = lowest(first, step, count) else {
            return;
        };
        let Some(lo) = lowest(row_lo, row_step, rows) else {
            return;
        };
        let (step, row_step) = (step.unsigned_abs(), row_step.unsigned_abs());
        if rows == 1 || site >= self.sites {
            // (A site out of range is counted once, by access_run.)
            return self.access_run(site, lo, len, step, count);
        }
        // A row that is one block: [row_lo, row_lo + span).
        let span = (count - 1)
            .checked_mul(step)
            .and_then(|s| s.checked_add(len));
        if let (true, Some(span)) = (count == 1 || step <= len, span) {
            if count > 1 && step < len {
                // Its blocks overlap one another, as access_run finds for
                // the first row.
                self.self_hit(site, lo + step, lo + len);
            }
            self.access_run(site, lo, span, row_step, rows);
            // access_run counted a row as one access; it stands for count.
            let more = (count - 1).saturating_mul(rows);
            self.logged = self.logged.saturating_add(more);
            return;
        }
        // Rows that continue one grid (the next row starts a step past the
        // last block): one run of rows * count blocks.
        if count.checked_mul(step) == Some(row_step) {
            if let Some(all) = count.checked_mul(rows) {
                return self.access_run(site, lo, len, step, all);
            }
        }
        for r in 0..rows {
            match r.checked_mul(row_step).and_then(|d| lo.checked_add(d)) {
                Some(at) => self.access_run(site, at, len, step, count),
                None => return,
            }
        }
    }
}

/// The lowest of `count` addresses `step` apart from `first`, or None if
/// it would be below 0.
fn lowest(first: u64, step: i64, count: u64) -> Option<u64> {
    if step >= 0 {
        return Some(first);
    }
    count
        .checked_sub(1)
        .and_then(|n| n.checked_mul(step.unsigned_abs()))
        .and_then(|span| first.checked_sub(span))
}
