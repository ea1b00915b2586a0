//! Checking `captures(...)` claims against LangRef's pointer-capture rules.
//!
//! A pointer parameter marked `captures(C)` (before LLVM 21: `nocapture`,
//! which the IR parser turns into `captures(none)`) promises that a call of
//! the function captures at most the components C of that copy of the
//! pointer. LangRef ("Pointer Capture") says a call captures a pointer when
//!
//! 1. it stores bits of the pointer where the caller can read them after
//!    the call (a global, memory reachable from the arguments or from an
//!    escaped object, the return value unless `ret:` allows it);
//! 2. it stores them where another thread can read them through
//!    synchronization (a store followed by a release or stronger ordering);
//! 3. its behaviour depends on the bits (comparisons other than a null test
//!    of the pointer itself, `ptrtoint`; `ptrtoaddr` depends on the address
//!    only);
//! 4. it uses the pointer as the address of a volatile access.
//!
//! The components are LLVM's (`CaptureComponents`): `address_is_null` ⊂
//! `address`, `read_provenance` ⊂ `provenance`; `captures(address,
//! provenance)` is no promise at all. A `ret:` part limits what may escape
//! through the return value alone. `!captures` metadata on a store limits
//! what that store captures of the stored value.
//!
//! [`check_function`] follows each parameter through the uses that pass
//! it on (GEPs, casts, phis, selects, copies loaded back from a private
//! slot or from a global before it is overwritten, and the results of calls
//! whose `ret:` components let it through) and classifies every other use
//! by the rules above. A use that certainly captures more than declared is
//! an error; one that may (an unknown callee, a store into memory whose
//! escape is not known, a call between a store and the store that
//! overwrites it, anything reached only through what a call *may* return)
//! is a warning, with the reason and the chain of uses from the parameter.
//!
//! A null test reveals only whether the pointer is null when the compared
//! value has the pointer's own bits: the parameter itself, a phi or select
//! of it, a cast, a copy loaded back. A GEP of it has other bits (comparing
//! `p + 4` with null tells something about `p`'s address), so LLVM counts
//! that as capturing the address, and so does this check.
//!
//! The view of a function ([`FunctionView`]) is small: what each
//! instruction is, as far as capture goes, and its operands. The reader
//! builds it from IR.

use std::fmt;

/// LLVM's `CaptureComponents` bitmask.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Components(pub u8);

impl Components {
    pub const NONE: Components = Components(0);
    pub const ADDRESS_IS_NULL: Components = Components(1);
    pub const ADDRESS: Components = Components(2 | 1);
    pub const READ_PROVENANCE: Components = Components(4);
    pub const PROVENANCE: Components = Components(8 | 4);
    pub const ALL: Components = Components(15);

    pub fn union(self, o: Components) -> Components {
        Components(self.0 | o.0)
    }

    pub fn intersect(self, o: Components) -> Components {
        Components(self.0 & o.0)
    }

    pub fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether every component of `self` is allowed by `allowed`.
    pub fn within(self, allowed: Components) -> bool {
        self.0 & !allowed.0 == 0
    }

    /// `!captures` metadata / attribute spelling of one component.
    pub fn from_name(name: &str) -> Option<Components> {
        Some(match name {
            "none" => Components::NONE,
            "address" => Components::ADDRESS,
            "address_is_null" => Components::ADDRESS_IS_NULL,
            "provenance" => Components::PROVENANCE,
            "read_provenance" => Components::READ_PROVENANCE,
            _ => return None,
        })
    }
}

impl fmt::Display for Components {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if self.0 & 2 != 0 {
            parts.push("address");
        } else if self.0 & 1 != 0 {
            parts.push("address_is_null");
        }
        if self.0 & 8 != 0 {
            parts.push("provenance");
        } else if self.0 & 4 != 0 {
            parts.push("read_provenance");
        }
        if parts.is_empty() {
            f.write_str("none")
        } else {
            f.write_str(&parts.join(", "))
        }
    }
}

/// LLVM's `CaptureInfo`: components captured elsewhere and through `ret`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct CaptureInfo {
    pub other: Components,
    pub ret: Components,
}

impl CaptureInfo {
    pub const ALL: CaptureInfo = CaptureInfo {
        other: Components::ALL,
        ret: Components::ALL,
    };

    /// The integer value of the `captures` attribute (`other << 4 | ret`).
    pub fn from_int(v: u64) -> CaptureInfo {
        CaptureInfo {
            other: Components(((v >> 4) & 15) as u8),
            ret: Components((v & 15) as u8),
        }
    }

    pub fn is_all(self) -> bool {
        self == CaptureInfo::ALL
    }
}

impl fmt::Display for CaptureInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.other == self.ret {
            write!(f, "captures({})", self.other)
        } else if self.other.is_none() {
            write!(f, "captures(ret: {})", self.ret)
        } else {
            write!(f, "captures({}, ret: {})", self.other, self.ret)
        }
    }
}

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
    /// The result is the operand(s) again: GEP (operand 0), casts, phi,
    /// select (operands 1 and 2), freeze.
    Passthrough {
        operands: Vec<usize>,
    },
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
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    Warning,
    Error,
}

/// Which LangRef condition a capture falls under.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Condition {
    /// 1: stored where the caller can read it after the call.
    StoredVisible,
    /// 1: returned (beyond what `ret:` allows).
    Returned,
    /// 2: published to another thread (release after the store).
    Published,
    /// 3: behaviour depends on the bits (comparison, ptrtoint/ptrtoaddr).
    Inspected,
    /// 4: address of a volatile access.
    Volatile,
    /// Passed to a callee that may capture more.
    PassedOn,
    /// Stored where its escape cannot be ruled out.
    StoredUnknown,
    /// Used in a way this check does not model.
    Unmodelled,
}

impl Condition {
    pub fn langref(self) -> &'static str {
        match self {
            Condition::StoredVisible => "condition 1: its bits are stored where the caller can read them after the call",
            Condition::Returned => "condition 1: its bits are returned to the caller",
            Condition::Published => "condition 2: its bits are stored where another thread can read them through synchronization",
            Condition::Inspected => "condition 3: the function's behaviour depends on its bits",
            Condition::Volatile => "condition 4: it is the address of a volatile access",
            Condition::PassedOn => "it is passed to a callee that may capture more than declared",
            Condition::StoredUnknown => "condition 1, possibly: it is stored into memory whose escape cannot be ruled out",
            Condition::Unmodelled => "it is used by an instruction whose effect on capture is not modelled",
        }
    }
}

/// One capture that breaks a parameter's promise.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub severity: Severity,
    /// The parameter.
    pub param: usize,
    pub declared: CaptureInfo,
    /// What this use captures.
    pub captured: Components,
    pub through_return: bool,
    pub condition: Condition,
    /// Why, in words.
    pub reason: String,
    /// Instructions from the parameter to the capturing one (the last).
    pub chain: Vec<usize>,
}

/// Checks every pointer parameter whose `captures` is narrower than
/// `captures(address, provenance)`.
pub fn check_function(f: &FunctionView) -> Vec<Violation> {
    let uses = users(f);
    let mut out = Vec::new();
    for (p, param) in f.params.iter().enumerate() {
        let Some(declared) = param.declared.filter(|d| !d.is_all()) else {
            continue;
        };
        if !param.is_pointer {
            continue;
        }
        check_param(f, &uses, p, declared, &mut out);
    }
    out
}

/// Checks what a function does with parameter `p` against `claim`; used
/// for call sites, whose `captures` claims are checked against the body of
/// a callee defined in the module.
pub fn check_param_against(f: &FunctionView, p: usize, claim: CaptureInfo) -> Vec<Violation> {
    let mut out = Vec::new();
    if claim.is_all() || !f.params.get(p).is_some_and(|x| x.is_pointer) {
        return out;
    }
    check_param(f, &users(f), p, claim, &mut out);
    out
}

/// For each value (params first, then instructions): (user, operand index).
fn users(f: &FunctionView) -> Vec<Vec<(usize, usize)>> {
    let n = f.params.len();
    let mut uses = vec![Vec::new(); n + f.insts.len()];
    for (i, inst) in f.insts.iter().enumerate() {
        for (k, op) in inst.operands.iter().enumerate() {
            let v = match *op {
                Value::Param(p) => p,
                Value::Inst(j) => n + j,
                _ => continue,
            };
            uses[v].push((i, k));
        }
    }
    uses
}

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
            match &f.insts[user].kind {
                InstKind::Load { .. } => {}
                InstKind::Store { .. } if op == 1 => {}
                InstKind::Passthrough { operands } if operands.contains(&op) => {
                    if !addresses.contains(&(n + user)) {
                        addresses.push(n + user);
                    }
                }
                _ => return None,
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

/// A value the pointer's bits may be in, being followed.
#[derive(Clone, Debug)]
struct Tracked {
    /// Value index (parameters first, then instructions).
    value: usize,
    /// Exactly the pointer's bits (for null tests).
    same_bits: bool,
    /// Certainly the pointer's bits (not only what a call may return).
    definite: bool,
    /// Components it can carry.
    mask: Components,
    /// Instructions from the parameter to here.
    chain: Vec<usize>,
}

struct Walk<'a> {
    f: &'a FunctionView,
    uses: &'a [Vec<(usize, usize)>],
    param: usize,
    declared: CaptureInfo,
    out: &'a mut Vec<Violation>,
    work: Vec<Tracked>,
}

impl Walk<'_> {
    /// Reports a use capturing `captured` (beyond what is declared), an
    /// error when `definite`, else a warning.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        definite: bool,
        captured: Components,
        through_return: bool,
        condition: Condition,
        reason: String,
        chain: &[usize],
        at: usize,
    ) {
        let allowed = if through_return {
            self.declared.ret
        } else {
            self.declared.other
        };
        if captured.within(allowed) {
            return;
        }
        let mut chain = chain.to_vec();
        if chain.last() != Some(&at) {
            chain.push(at);
        }
        self.out.push(Violation {
            severity: if definite {
                Severity::Error
            } else {
                Severity::Warning
            },
            param: self.param,
            declared: self.declared,
            captured,
            through_return,
            condition,
            reason,
            chain,
        });
    }

    /// The pointer (`captured` of it) is the address of a volatile access
    /// (`what`): condition 4.
    fn volatile_address(
        &mut self,
        definite: bool,
        captured: Components,
        what: &str,
        chain: &[usize],
        at: usize,
    ) {
        let reason = format!("it is {what}");
        self.report(
            definite,
            captured,
            false,
            Condition::Volatile,
            reason,
            chain,
            at,
        );
    }

    fn follow(
        &mut self,
        from: &Tracked,
        inst: usize,
        same_bits: bool,
        definite: bool,
        mask: Components,
    ) {
        if mask.is_none() {
            return;
        }
        let mut chain = from.chain.clone();
        chain.push(inst);
        self.work.push(Tracked {
            value: self.f.params.len() + inst,
            same_bits,
            definite,
            mask,
            chain,
        });
    }

    /// The pointer (`captured` of it) is written to `address` by `at`.
    fn stored(
        &mut self,
        t: &Tracked,
        captured: Components,
        at: usize,
        address: Value,
        bytes: Option<u64>,
    ) {
        let f = self.f;
        let definite = t.definite;
        let chain = &t.chain;
        match place_of(f, address) {
            Place::Private(slot) => match private_addresses(f, self.uses, slot) {
                Some(addresses) => {
                    // What is loaded back is a copy to follow.
                    for a in addresses {
                        for &(user, _) in &self.uses[a] {
                            if matches!(f.insts[user].kind, InstKind::Load { .. }) {
                                let mut via = t.clone();
                                via.chain.push(at);
                                self.follow(&via, user, t.same_bits, definite, captured);
                            }
                        }
                    }
                }
                None => self.report(
                    false,
                    captured,
                    false,
                    Condition::StoredUnknown,
                    "it is stored into a local slot whose address escapes".into(),
                    chain,
                    at,
                ),
            },
            place @ (Place::Global | Place::Argument) => {
                let visible = if place == Place::Global {
                    "a global"
                } else {
                    "memory the caller can reach through an argument"
                };
                let after = after_store(f, at, address, bytes);
                for load in &after.copies {
                    let mut via = t.clone();
                    via.chain.push(at);
                    self.follow(&via, *load, t.same_bits, definite, captured);
                }
                if after.overwritten {
                    // Read before the overwrite hides the store: possibly
                    // (some of) the pointer's bits. Without an overwrite
                    // the store itself is reported.
                    for load in &after.maybe_copies {
                        let mut via = t.clone();
                        via.chain.push(at);
                        self.follow(&via, *load, false, false, captured);
                    }
                }
                let via: Vec<usize> = [chain.as_slice(), &[at]].concat();
                match (after.overwritten, after.hazard) {
                    (_, Some((Condition::Published, i))) => self.report(
                        definite,
                        captured,
                        false,
                        Condition::Published,
                        format!("it is stored into {visible} and a release follows before it is overwritten"),
                        &via,
                        i,
                    ),
                    (true, None) => {}
                    (true, Some((_, i))) => self.report(
                        false,
                        captured,
                        false,
                        Condition::StoredUnknown,
                        format!("it is stored into {visible}, and a call that may read it comes before it is overwritten"),
                        &via,
                        i,
                    ),
                    (false, _) => self.report(
                        definite,
                        captured,
                        false,
                        Condition::StoredVisible,
                        format!("it is stored into {visible}"),
                        chain,
                        at,
                    ),
                }
            }
            Place::Unknown => self.report(
                false,
                captured,
                false,
                Condition::StoredUnknown,
                "it is stored into memory whose escape cannot be ruled out".into(),
                chain,
                at,
            ),
        }
    }
}

fn check_param(
    f: &FunctionView,
    uses: &[Vec<(usize, usize)>],
    p: usize,
    declared: CaptureInfo,
    out: &mut Vec<Violation>,
) {
    let mut w = Walk {
        f,
        uses,
        param: p,
        declared,
        out,
        work: vec![Tracked {
            value: p,
            same_bits: true,
            definite: true,
            mask: Components::ALL,
            chain: vec![],
        }],
    };
    let mut visited: Vec<(usize, bool, bool, u8)> = Vec::new();
    while let Some(t) = w.work.pop() {
        let key = (t.value, t.same_bits, t.definite, t.mask.0);
        if visited.contains(&key) {
            continue;
        }
        visited.push(key);
        let (definite, mask, chain) = (t.definite, t.mask, t.chain.clone());
        for &(user, k) in &uses[t.value] {
            let inst = &f.insts[user];
            match &inst.kind {
                InstKind::Load { volatile } => {
                    if *volatile && k == 0 {
                        w.volatile_address(
                            definite,
                            mask,
                            "the address of a volatile load",
                            &chain,
                            user,
                        );
                    }
                }
                InstKind::Store {
                    volatile,
                    limit,
                    bytes,
                    ..
                } => {
                    if k == 1 {
                        if *volatile {
                            w.volatile_address(
                                definite,
                                mask,
                                "the address of a volatile store",
                                &chain,
                                user,
                            );
                        }
                        continue;
                    }
                    let captured = mask.intersect(limit.unwrap_or(Components::ALL));
                    if !captured.is_none() {
                        w.stored(&t, captured, user, inst.operands[1], *bytes);
                    }
                }
                InstKind::Atomic {
                    volatile, compare, ..
                } => {
                    if k == 0 {
                        if *volatile {
                            w.volatile_address(
                                definite,
                                mask,
                                "the address of a volatile atomic operation",
                                &chain,
                                user,
                            );
                        }
                    } else if *compare && k == 1 {
                        w.report(
                            definite,
                            mask.intersect(Components::ADDRESS),
                            false,
                            Condition::Inspected,
                            "it is the value a cmpxchg compares with".into(),
                            &chain,
                            user,
                        );
                    } else {
                        w.stored(&t, mask, user, inst.operands[0], None);
                    }
                }
                InstKind::Fence { .. } | InstKind::Alloca => {}
                InstKind::ICmp { equality } => {
                    let other = inst.operands[1 - k.min(1)];
                    let null_test = *equality && t.same_bits && other == Value::Null;
                    let captured = mask.intersect(if null_test {
                        Components::ADDRESS_IS_NULL
                    } else {
                        Components::ADDRESS
                    });
                    let what = if null_test {
                        "it is compared with null"
                    } else {
                        "its address is compared"
                    };
                    w.report(
                        definite,
                        captured,
                        false,
                        Condition::Inspected,
                        what.into(),
                        &chain,
                        user,
                    );
                }
                InstKind::PtrToInt => {
                    w.report(
                        definite,
                        mask,
                        false,
                        Condition::Inspected,
                        "it is converted to an integer (ptrtoint)".into(),
                        &chain,
                        user,
                    );
                }
                InstKind::PtrToAddr => {
                    w.report(
                        definite,
                        mask.intersect(Components::ADDRESS),
                        false,
                        Condition::Inspected,
                        "its address is taken (ptrtoaddr)".into(),
                        &chain,
                        user,
                    );
                }
                InstKind::Passthrough { operands } => {
                    if operands.contains(&k) {
                        // A GEP (operand 0 only) moves the bits; casts, phis
                        // and selects keep them.
                        let keeps_bits = t.same_bits && !is_gep(inst);
                        w.follow(&t, user, keeps_bits, definite, mask);
                    }
                }
                InstKind::Call(call) => {
                    if call.volatile_memory && k <= 1 {
                        w.volatile_address(
                            definite,
                            mask,
                            "an address of a volatile memory intrinsic",
                            &chain,
                            user,
                        );
                        continue;
                    }
                    let callee = call
                        .callee
                        .as_deref()
                        .map_or("an indirect callee".to_owned(), |c| format!("@{c}"));
                    let c = call.arg_captures.get(k).copied().flatten();
                    let (mut other, mut ret, mut declared) = match c {
                        Some(c) => (c.other, c.ret, format!("whose parameter is declared {c}")),
                        None => (
                            Components::ALL,
                            Components::ALL,
                            "whose parameter has no captures attribute".to_owned(),
                        ),
                    };
                    if call.read_only_void {
                        other = other.intersect(Components::ADDRESS);
                        ret = Components::NONE;
                        declared += ", but the call writes no memory and returns nothing: at most the address";
                    } else if c.is_none() {
                        declared += " (it may capture anything)";
                    }
                    w.report(
                        false,
                        mask.intersect(other),
                        false,
                        Condition::PassedOn,
                        format!("it is passed as argument {k} to {callee}, {declared}"),
                        &chain,
                        user,
                    );
                    if call.returned == Some(k) {
                        // The result is the argument itself.
                        w.follow(&t, user, t.same_bits, definite, mask);
                    } else {
                        // The result may be the pointer: what follows is possible only.
                        w.follow(&t, user, false, false, mask.intersect(ret));
                    }
                }
                InstKind::Return => {
                    w.report(
                        definite,
                        mask,
                        true,
                        Condition::Returned,
                        "it is returned".into(),
                        &chain,
                        user,
                    );
                }
                InstKind::Other => {
                    w.report(
                        false,
                        mask,
                        false,
                        Condition::Unmodelled,
                        "it is used by an instruction this check does not model".into(),
                        &chain,
                        user,
                    );
                }
            }
        }
    }
}

/// Whether a passthrough is a GEP (which moves the pointer) rather than a
/// cast, phi or select (which keep its bits): GEPs pass on operand 0 only
/// and have index operands.
fn is_gep(inst: &Inst) -> bool {
    matches!(&inst.kind, InstKind::Passthrough { operands } if operands == &[0])
        && inst.operands.len() > 1
}
