//! Properties of `--tbaa`'s shadow (`sanitize::tbaa_shadow`) against a
//! brute-force model that keeps one entry per byte: after any sequence of
//! tagged stores, resets and loads (ranges that cross page boundaries and
//! wholly cover pages), every load gives the same hits, every store says
//! alike whether it re-typed bytes of a store it may not alias, and every
//! byte has the same last store.

use std::collections::BTreeMap;

use aliaskit_core::sanitize::tbaa_shadow::{Hit, Shadow, StoreId, PAGE};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    /// A tagged store; it re-types bytes of the stores in `disjoint`.
    Store {
        addr: u64,
        size: u64,
        id: StoreId,
        disjoint: u8,
    },
    Reset {
        addr: u64,
        size: u64,
    },
    /// A load whose tag may not alias the stores whose id is in `disjoint`
    /// (a bit per id).
    Load {
        addr: u64,
        size: u64,
        disjoint: u8,
    },
}

/// Addresses around a page boundary (and a second page boundary), so that
/// ranges cross pages and cover whole ones.
fn range() -> impl Strategy<Value = (u64, u64)> {
    let base = 7 * PAGE;
    (0..3 * PAGE, prop_oneof![1..=16u64, 1..=2 * PAGE + 8])
        .prop_map(move |(off, size)| (base - PAGE / 2 + off, size))
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (range(), 1..8u32, any::<u8>()).prop_map(|((addr, size), id, disjoint)| Op::Store { addr, size, id, disjoint }),
        1 => range().prop_map(|(addr, size)| Op::Reset { addr, size }),
        4 => (range(), any::<u8>()).prop_map(|((addr, size), disjoint)| Op::Load { addr, size, disjoint }),
    ]
}

/// The model: the last store of each byte that has one.
#[derive(Default)]
struct Bytes(BTreeMap<u64, StoreId>);

impl Bytes {
    fn write(&mut self, addr: u64, size: u64, id: StoreId) {
        for a in addr..addr + size {
            if id == 0 {
                self.0.remove(&a);
            } else {
                self.0.insert(a, id);
            }
        }
    }

    fn load(&self, addr: u64, size: u64, disjoint: u8) -> Vec<Hit> {
        let mut hits: Vec<Hit> = Vec::new();
        for a in addr..addr + size {
            let Some(&id) = self.0.get(&a) else { continue };
            if disjoint & (1 << id) == 0 {
                continue;
            }
            match hits.last_mut() {
                Some(h) if h.store == id && h.hi == a => h.hi += 1,
                _ => hits.push(Hit {
                    store: id,
                    lo: a,
                    hi: a + 1,
                }),
            }
        }
        hits
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn the_shadow_reports_what_a_byte_model_reports(ops in prop::collection::vec(op(), 1..40)) {
        let (mut shadow, mut model) = (Shadow::new(), Bytes::default());
        for op in &ops {
            match *op {
                Op::Store { addr, size, id, disjoint } => {
                    let retyped = (addr..addr + size).any(|a| {
                        model.0.get(&a).is_some_and(|&old| old != id && disjoint & (1 << old) != 0)
                    });
                    prop_assert_eq!(shadow.store_over(addr, size, id, |old| disjoint & (1 << old) != 0), retyped);
                    model.write(addr, size, id);
                }
                Op::Reset { addr, size } => {
                    shadow.reset(addr, size);
                    model.write(addr, size, 0);
                }
                Op::Load { addr, size, disjoint } => {
                    let mut asked = 0;
                    let hits = shadow.check(addr, size, |id| {
                        asked += 1;
                        disjoint & (1 << id) != 0
                    });
                    prop_assert_eq!(&hits, &model.load(addr, size, disjoint), "{:?}", op);
                    // Asked at most once per run of one id, never for
                    // untyped bytes.
                    prop_assert!(asked <= size);
                }
            }
        }
        let base = 7 * PAGE - PAGE / 2;
        for a in base..base + 5 * PAGE + 16 {
            prop_assert_eq!(shadow.get(a), model.0.get(&a).copied().unwrap_or(0), "byte {:#x}", a);
        }
        // A page is kept only while it holds a typed byte.
        let live_pages = model.0.keys().map(|a| a / PAGE).collect::<std::collections::BTreeSet<_>>();
        prop_assert!(shadow.pages.len() >= live_pages.len());
    }
}

/// The load of an `int` over bytes of one `float` store and one untyped
/// gap: one hit for the store's bytes only.
#[test]
fn a_load_over_a_typed_and_an_untyped_part() {
    let mut s = Shadow::new();
    s.store(100, 4, 2);
    s.reset(102, 1);
    let hits = s.check(98, 8, |id| id == 2);
    assert_eq!(
        hits,
        vec![
            Hit {
                store: 2,
                lo: 100,
                hi: 102
            },
            Hit {
                store: 2,
                lo: 103,
                hi: 104
            }
        ]
    );
    assert!(s.check(98, 8, |_| false).is_empty());
}
