//! Helpers shared by the property tests.

use aliaskit_core::NodeId;

/// Every ordered pair of `items`, in an order shuffled by `seed`
/// (Fisher-Yates over a xorshift stream): the questions of an
/// order-independence test.
pub fn shuffled_pairs(items: &[NodeId], seed: u64) -> Vec<(NodeId, NodeId)> {
    let mut pairs: Vec<(NodeId, NodeId)> = items
        .iter()
        .flat_map(|&a| items.iter().map(move |&b| (a, b)))
        .collect();
    let mut state = seed | 1;
    for i in (1..pairs.len()).rev() {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        pairs.swap(i, (state % (i as u64 + 1)) as usize);
    }
    pairs
}
