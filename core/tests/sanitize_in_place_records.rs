//! `FrameRecords`: a frame checked in place hands the runtime its slots'
//! walks split between a constant description and the stack, however the
//! pass split them; the pairs that meet are those of the walks themselves.

use aliaskit_core::sanitize::in_place::{FrameRecords, Walk, OWN, RECORD_WORDS};
use proptest::prelude::*;

/// A slot as the program left it: its walk, whether it ran, which of its
/// words the pass put on the stack, and whether it is an `OWN` slot (one
/// block of a constant size, its first on the stack).
#[derive(Clone, Debug)]
struct Slot {
    walk: Walk,
    ran: bool,
    from_stack: u64,
    own: bool,
}

fn words(w: &Walk) -> [u64; RECORD_WORDS] {
    [
        w.site as u64,
        w.first,
        w.size,
        w.step as u64,
        w.count,
        w.row_step as u64,
        w.rows,
    ]
}

/// The description and the stack the pass and the program would make
/// (each word on the stack at the next index, in slot order), with garbage
/// in every word the runtime must not read: a slot that did not run
/// leaves its words unwritten.
fn lay_out(slots: &[Slot], pairs: &[(usize, usize)]) -> (Vec<u64>, Vec<u64>, u64) {
    let mut desc = vec![pairs.len() as u64, slots.len() as u64, 0];
    desc.extend(pairs.iter().map(|&(a, b)| a as u64 | (b as u64) << 32));
    let mut stack = Vec::new();
    let mut ran = 0;
    for (k, s) in slots.iter().enumerate() {
        let w = words(&s.walk);
        let from_stack = if s.own { OWN | 1 << 1 } else { s.from_stack };
        desc.push(from_stack);
        for (p, &word) in w.iter().enumerate() {
            if from_stack >> p & 1 == 0 {
                desc.push(word);
                continue;
            }
            desc.push(stack.len() as u64);
            stack.push(if s.own && !s.ran {
                u64::MAX
            } else if s.ran || s.own {
                word
            } else {
                0xdead_beef_dead_beef
            });
        }
        if s.ran && !s.own {
            ran |= 1 << k;
        }
    }
    desc[2] = stack.len() as u64;
    (desc, stack, ran)
}

fn walk() -> impl Strategy<Value = Walk> {
    (
        0u32..8,
        0u64..256,
        0u64..9,
        -16i64..16,
        0u64..4,
        -64i64..64,
        0u64..3,
    )
        .prop_map(|(site, first, size, step, count, row_step, rows)| Walk {
            site,
            first: 0x1000 + first,
            size,
            step,
            count,
            row_step,
            rows,
        })
}

fn slot() -> impl Strategy<Value = Slot> {
    (walk(), any::<bool>(), 0u64..128, any::<bool>()).prop_map(|(walk, ran, from_stack, own)| {
        // An OWN slot is one block of a constant size (not 0).
        let walk = if own {
            Walk {
                size: walk.size.max(1),
                step: 0,
                count: 1,
                row_step: 0,
                rows: 1,
                ..walk
            }
        } else {
            walk
        };
        Slot {
            walk,
            ran,
            from_stack,
            own,
        }
    })
}

fn frame() -> impl Strategy<Value = (Vec<Slot>, Vec<(usize, usize)>)> {
    prop::collection::vec(slot(), 1..8).prop_flat_map(|slots| {
        let n = slots.len();
        let pairs = prop::collection::vec((0..n, 0..n), 0..12)
            .prop_map(|p| p.into_iter().filter(|(a, b)| a != b).collect::<Vec<_>>());
        (Just(slots), pairs)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    #[test]
    fn the_pairs_that_meet_are_the_walks_pairs_that_meet(case in frame()) {
        let (slots, pairs) = case;
        let (desc, stack, ran) = lay_out(&slots, &pairs);
        let records = FrameRecords::new(&desc, &stack, ran).expect("well laid out");
        let expected: Vec<[Walk; 2]> = pairs
            .iter()
            .filter(|&&(a, b)| slots[a].ran && slots[b].ran)
            .filter(|&&(a, b)| slots[a].walk.slot().overlap(slots[b].walk.slot()).is_some())
            .map(|&(a, b)| [slots[a].walk, slots[b].walk])
            .collect();
        prop_assert_eq!(records.meeting(), expected);
        for (k, s) in slots.iter().enumerate() {
            prop_assert_eq!(records.walk(k), s.ran.then_some(s.walk));
        }
    }
}

#[test]
fn a_description_that_does_not_match_its_counts_is_not_read() {
    let slot = Slot {
        walk: Walk {
            site: 1,
            first: 0x1000,
            size: 4,
            step: 0,
            count: 1,
            row_step: 0,
            rows: 1,
        },
        ran: true,
        from_stack: 0b10,
        own: false,
    };
    let (mut desc, stack, ran) = lay_out(&[slot.clone(), slot.clone()], &[(0, 1)]);
    assert_eq!(
        FrameRecords::new(&desc, &stack, ran).map(|r| r.meeting().len()),
        Some(1)
    );
    assert!(FrameRecords::new(&desc, &stack[1..], ran).is_none());
    desc.pop();
    assert!(FrameRecords::new(&desc, &stack, ran).is_none());
    assert!(FrameRecords::new(&[], &[], 0).is_none());
    // Counts past the bounds are not read at all (the runtime takes the
    // lengths of its slices from them).
    assert_eq!(FrameRecords::lengths(&[1, 2, 3]), Some((3 + 1 + 2 * 8, 3)));
    assert_eq!(FrameRecords::lengths(&[0, 65, 0]), None);
    assert_eq!(FrameRecords::lengths(&[4097, 2, 0]), None);
    assert_eq!(FrameRecords::lengths(&[1, 2, 15]), None);
    // A pair naming a slot past the frame's meets nothing, and a word on
    // the stack past the stack's words makes its slot's walk unknown.
    let (mut desc, stack, ran) = lay_out(&[], &[]);
    desc[0] = 1;
    desc.insert(3, 5 | 7 << 32);
    assert_eq!(
        FrameRecords::new(&desc, &stack, ran).map(|r| r.meeting()),
        Some(Vec::<[Walk; 2]>::new())
    );
    let (mut desc, stack, ran) = lay_out(&[slot.clone(), slot], &[(0, 1)]);
    let first = 3 + 1 + 1 + 1; // slot 0's first: its index on the stack
    assert_eq!(desc[first], 0);
    desc[first] = 2;
    let records = FrameRecords::new(&desc, &stack, ran).unwrap();
    assert_eq!(records.walk(0), None);
    assert!(records.meeting().is_empty());
}
