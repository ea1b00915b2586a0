//! The capture checker's view of a module: what each instruction is, as
//! far as capture goes, and its operands. The reader builds it from IR.

use super::{CaptureInfo, Components};

/// An operand of an instruction.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Parameter `i` of the function.
    Param(usize),
    /// The result of instruction `i`.
    Inst(usize),
    /// A global variable or function (an id per global).
    Global(u32),
    /// `null`.
    Null,
    /// Any other constant or value.
    Other,
}

/// What a call knows about its callee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallInfo {
    /// The callee's name, if the call is direct.
    pub callee: Option<String>,
    /// Index of the callee among the view's functions when it is defined
    /// in the module.
    pub defined: Option<usize>,
    /// For each argument: `captures` at the call site, else on the callee's
    /// parameter, else `None` (no attribute: captures anything).
    pub arg_captures: Vec<Option<CaptureInfo>>,
    /// Whether the argument's `captures` came from the call site itself.
    pub arg_at_call_site: Vec<bool>,
    /// A volatile `llvm.memcpy`/`memmove`/`memset`: its pointer arguments
    /// are addresses of volatile accesses.
    pub volatile_memory: bool,
    /// The argument the callee declares `returned`: the call's result is
    /// that argument, certainly.
    pub returned: Option<usize>,
    /// The call writes no memory (its own or the callee's `memory(...)`)
    /// and returns nothing: whatever the callee does with an argument, no
    /// copy of it outlives the call, so at most its address is captured
    /// (compared inside the callee). LLVM's capture tracking reasons the
    /// same way (`function-attrs` infers `captures(address)` for a pointer
    /// only passed to such a call).
    pub read_only_void: bool,
}

/// What an instruction is, as far as capture goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InstKind {
    /// Operand 0 is the address.
    Load {
        volatile: bool,
    },
    /// Operand 0 is the stored value, operand 1 the address. `release`:
    /// an atomic store with release or stronger ordering. `limit`: the
    /// `!captures` metadata of the store. `bytes`: how many bytes it writes.
    Store {
        volatile: bool,
        release: bool,
        limit: Option<Components>,
        bytes: Option<u64>,
    },
    /// `atomicrmw` (operands: address, value) and `cmpxchg` (address,
    /// expected, new; `compare`: the expected value is only compared).
    Atomic {
        volatile: bool,
        release: bool,
        compare: bool,
    },
    /// `fence`; `release`: release or stronger.
    Fence {
        release: bool,
    },
    /// `icmp`; `equality`: `eq` or `ne`.
    ICmp {
        equality: bool,
    },
    PtrToInt,
    PtrToAddr,
    /// The result is the operand(s) again, bit for bit: casts, freeze and
    /// a GEP without indices (operand 0), phi (every operand), select
    /// (operands 1 and 2).
    Passthrough {
        operands: Vec<usize>,
    },
    /// A GEP with indices: the result is a pointer based on operand 0 (the
    /// base), moved by the indices (operands 1..), so with other bits.
    Gep,
    /// A call; operand i is argument i, the callee is not an operand here.
    Call(CallInfo),
    /// `ret` (operand 0 if it returns a value).
    Return,
    Alloca,
    /// Anything else.
    Other,
}

#[derive(Clone, Debug)]
pub struct Inst {
    pub kind: InstKind,
    pub operands: Vec<Value>,
    /// Basic block number (instructions are in program order).
    pub block: usize,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub is_pointer: bool,
    /// `byval`: the function's own copy of the pointee, gone when it
    /// returns; what is stored there is not visible to the caller.
    pub private: bool,
    /// The parameter's `captures` attribute; `None` when it has none.
    pub declared: Option<CaptureInfo>,
}

#[derive(Clone, Debug)]
pub struct FunctionView {
    pub name: String,
    pub params: Vec<Param>,
    pub insts: Vec<Inst>,
    /// The body is the one that runs (not a weak or linkonce definition
    /// another module may replace): what it does with a parameter is what
    /// a call does. Only such callees are judged by their bodies.
    pub exact: bool,
}
