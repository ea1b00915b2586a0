//! A pointer written to memory: where the store puts it, and what reads it
//! back before anything else can.

use super::{Tracked, Walk};
use crate::captures::findings::{Condition, Harmless};
use crate::captures::{Components, FunctionView, InstKind, Value};

/// Where a store's address points.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Place {
    Global,
    /// Memory based on a parameter: the caller can read it.
    Argument,
    /// The function's own memory (an alloca, a `byval` parameter), as a
    /// value index (parameters first, then instructions).
    Private(usize),
    Unknown,
}

/// Where `v` points, followed back through casts and GEPs.
fn place_of(f: &FunctionView, mut v: Value) -> Place {
    for _ in 0..64 {
        match v {
            Value::Global(_) => return Place::Global,
            Value::Param(p) if f.params[p].private => return Place::Private(p),
            Value::Param(_) => return Place::Argument,
            Value::Inst(i) => match &f.insts[i].kind {
                InstKind::Alloca => return Place::Private(f.params.len() + i),
                InstKind::Passthrough { operands } if operands.len() == 1 => {
                    v = f.insts[i].operands[operands[0]];
                }
                InstKind::Gep => v = f.insts[i].operands[0],
                _ => return Place::Unknown,
            },
            _ => return Place::Unknown,
        }
    }
    Place::Unknown
}

/// The values derived from a private slot by GEPs and casts, the slot
/// included; `None` if its address escapes (is used other than as the
/// address of loads and stores).
fn private_addresses(
    f: &FunctionView,
    uses: &[Vec<(usize, usize)>],
    slot: usize,
) -> Option<Vec<usize>> {
    let n = f.params.len();
    let mut addresses = vec![slot];
    let mut k = 0;
    while k < addresses.len() {
        for &(user, op) in &uses[addresses[k]] {
            let derived = match &f.insts[user].kind {
                InstKind::Load { .. } => continue,
                InstKind::Store { .. } if op == 1 => continue,
                InstKind::Passthrough { operands } if operands.contains(&op) => n + user,
                InstKind::Gep if op == 0 => n + user,
                _ => return None,
            };
            if !addresses.contains(&derived) {
                addresses.push(derived);
            }
        }
        k += 1;
    }
    Some(addresses)
}

/// What follows a store of the pointer to `address` (instruction `at`) in
/// its block, until the pointer there is overwritten.
struct AfterStore {
    /// Overwritten by a store at least as wide, in the same block.
    overwritten: bool,
    /// The first release (published) or call (may read it) before that.
    hazard: Option<(Condition, usize)>,
    /// Loads of the same address before the overwrite: copies of it.
    copies: Vec<usize>,
    /// Other loads before the overwrite that may read (part of) it: from
    /// anywhere but function-private memory (the view has no offsets, so
    /// a load near the slot, or through another pointer, may overlap it).
    maybe_copies: Vec<usize>,
}

fn after_store(f: &FunctionView, at: usize, address: Value, bytes: Option<u64>) -> AfterStore {
    let block = f.insts[at].block;
    let mut after = AfterStore {
        overwritten: false,
        hazard: None,
        copies: Vec::new(),
        maybe_copies: Vec::new(),
    };
    for (i, inst) in f.insts.iter().enumerate().skip(at + 1) {
        if inst.block != block {
            break;
        }
        match &inst.kind {
            InstKind::Store {
                release, bytes: b, ..
            } => {
                if *release && after.hazard.is_none() {
                    after.hazard = Some((Condition::Published, i));
                }
                let covers = matches!((bytes, *b), (Some(x), Some(y)) if y >= x);
                if inst.operands.get(1) == Some(&address) && covers {
                    after.overwritten = true;
                    break;
                }
            }
            InstKind::Load { .. } => match inst.operands.first() {
                Some(&a) if a == address => after.copies.push(i),
                Some(&a) if !matches!(place_of(f, a), Place::Private(_)) => {
                    after.maybe_copies.push(i)
                }
                _ => {}
            },
            InstKind::Atomic { release: true, .. } | InstKind::Fence { release: true }
                if after.hazard.is_none() =>
            {
                after.hazard = Some((Condition::Published, i));
            }
            InstKind::Call(_) if after.hazard.is_none() => {
                after.hazard = Some((Condition::PassedOn, i));
            }
            InstKind::Return => break,
            _ => {}
        }
    }
    after
}

impl Walk<'_> {
    /// The pointer (`captured` of it) is written to `address` by `at`.
    pub(super) fn stored(
        &mut self,
        t: &Tracked,
        captured: Components,
        at: usize,
        address: Value,
        bytes: Option<u64>,
    ) {
        match place_of(self.f, address) {
            Place::Private(slot) => self.stored_privately(t, captured, at, slot),
            place @ (Place::Global | Place::Argument) => {
                let visible = if place == Place::Global {
                    "a global"
                } else {
                    "memory the caller can reach through an argument"
                };
                let after = after_store(self.f, at, address, bytes);
                self.stored_visibly(t, captured, at, &after, visible);
            }
            Place::Unknown => {
                self.report(
                    false,
                    captured,
                    Condition::StoredUnknown,
                    "it is stored into memory whose escape cannot be ruled out".into(),
                    &t.chain,
                    at,
                );
            }
        }
    }

    /// Into the function's own memory (`slot`): nothing the caller sees
    /// unless the slot's address escapes; what is loaded back is a copy
    /// to follow.
    fn stored_privately(&mut self, t: &Tracked, captured: Components, at: usize, slot: usize) {
        let f = self.f;
        let Some(addresses) = private_addresses(f, self.uses, slot) else {
            self.report(
                false,
                captured,
                Condition::StoredUnknown,
                "it is stored into a local slot whose address escapes".into(),
                &t.chain,
                at,
            );
            return;
        };
        self.saw(at, Harmless::Slot);
        for a in addresses {
            for &(user, _) in &self.uses[a] {
                if matches!(f.insts[user].kind, InstKind::Load { .. }) {
                    self.follow_copy(t, at, user, t.same_bits, t.definite, captured);
                }
            }
        }
    }

    /// Into memory the caller can read after the call (`visible`: which;
    /// `after`: what follows the store in its block): condition 1, unless
    /// the pointer there is overwritten before anything can read it;
    /// condition 2 when a release comes first. Loads before the overwrite
    /// are (possible) copies to follow.
    fn stored_visibly(
        &mut self,
        t: &Tracked,
        captured: Components,
        at: usize,
        after: &AfterStore,
        visible: &str,
    ) {
        let definite = t.definite;
        for &load in &after.copies {
            self.follow_copy(t, at, load, t.same_bits, definite, captured);
        }
        if after.overwritten {
            // Read before the overwrite hides the store: possibly
            // (some of) the pointer's bits. Without an overwrite
            // the store itself is reported.
            for &load in &after.maybe_copies {
                self.follow_copy(t, at, load, false, false, captured);
            }
        }
        let via: Vec<usize> = [t.chain.as_slice(), &[at]].concat();
        let (definite, condition, reason, chain, at) = match (after.overwritten, after.hazard) {
            (_, Some((Condition::Published, i))) => (
                definite,
                Condition::Published,
                format!("it is stored into {visible} and a release follows before it is overwritten"),
                via.as_slice(),
                i,
            ),
            (true, None) => {
                self.saw(at, Harmless::Overwritten);
                return;
            }
            (true, Some((_, i))) => (
                false,
                Condition::StoredUnknown,
                format!("it is stored into {visible}, and a call that may read it comes before it is overwritten"),
                via.as_slice(),
                i,
            ),
            (false, _) => (
                definite,
                Condition::StoredVisible,
                format!("it is stored into {visible}"),
                t.chain.as_slice(),
                at,
            ),
        };
        self.report(definite, captured, condition, reason, chain, at);
    }

    /// Follows `load`, a copy of the pointer read back from where `store`
    /// put it.
    fn follow_copy(
        &mut self,
        t: &Tracked,
        store: usize,
        load: usize,
        same_bits: bool,
        definite: bool,
        mask: Components,
    ) {
        let mut via = t.clone();
        via.chain.push(store);
        self.follow(&via, load, same_bits, definite, mask);
    }
}
