//! Building capture-checker views by hand.

use aliaskit_core::captures::{Inst, InstKind, Value};

pub fn inst(kind: InstKind, operands: Vec<Value>) -> Inst {
    Inst {
        kind,
        operands,
        block: 0,
    }
}

/// A plain (non-volatile, non-atomic) store of a pointer-sized `v` to `at`.
pub fn store(v: Value, at: Value) -> Inst {
    inst(
        InstKind::Store {
            volatile: false,
            release: false,
            limit: None,
            bytes: Some(8),
        },
        vec![v, at],
    )
}
