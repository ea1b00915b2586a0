//! Helpers shared by the tests (each test crate uses some of them).
#![allow(dead_code)]

pub mod captures;

use aliaskit_core::tbaa::build::SplitMix;
use aliaskit_core::NodeId;

/// Every ordered pair of `items`, in an order shuffled by `seed`: the
/// questions of an order-independence test.
pub fn shuffled_pairs(items: &[NodeId], seed: u64) -> Vec<(NodeId, NodeId)> {
    let mut pairs: Vec<(NodeId, NodeId)> = items
        .iter()
        .flat_map(|&a| items.iter().map(move |&b| (a, b)))
        .collect();
    shuffle(&mut pairs, seed);
    pairs
}

/// `items` shuffled by `seed` (Fisher-Yates over the workspace's stream,
/// [`SplitMix`]).
pub fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut rng = SplitMix(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, rng.below(i + 1));
    }
}
