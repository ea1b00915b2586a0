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
//! it on (GEPs, casts, phis, selects, the results of calls whose `ret:`
//! components let it through, copies loaded back from a local slot that
//! does not escape) and classifies every other use by the rules above. A
//! use that certainly captures more than declared is an error; one that
//! may (an unknown callee, a store into memory whose escape is not known,
//! a call between a store and the store that overwrites it) is a warning,
//! with the reason and the chain of uses from the parameter.
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
    /// `!captures` metadata of the store.
    Store {
        volatile: bool,
        release: bool,
        limit: Option<Components>,
    },
    /// `atomicrmw` (operands: address, value) and `cmpxchg` (address,
    /// expected, new).
    Atomic {
        volatile: bool,
        release: bool,
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
    /// A local slot (alloca).
    Local(usize),
    Unknown,
}

fn place_of(f: &FunctionView, mut v: Value) -> Place {
    for _ in 0..64 {
        match v {
            Value::Global(_) => return Place::Global,
            Value::Param(_) => return Place::Argument,
            Value::Inst(i) => match &f.insts[i].kind {
                InstKind::Alloca => return Place::Local(i),
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

/// Whether a local slot's address stays inside the function: used only as
/// the address of loads and stores (and GEPs of it used likewise).
fn local_stays_local(f: &FunctionView, uses: &[Vec<(usize, usize)>], slot: usize) -> bool {
    let n = f.params.len();
    let mut work = vec![slot];
    let mut seen = vec![slot];
    while let Some(v) = work.pop() {
        for &(user, k) in &uses[n + v] {
            match &f.insts[user].kind {
                InstKind::Load { .. } => {}
                InstKind::Store { .. } if k == 1 => {}
                InstKind::Passthrough { operands } if operands.contains(&k) => {
                    if !seen.contains(&user) {
                        seen.push(user);
                        work.push(user);
                    }
                }
                _ => return false,
            }
        }
    }
    true
}

/// Loads from a local slot (or GEPs of it), whose results are copies of
/// what was stored there.
fn loads_of_local(f: &FunctionView, uses: &[Vec<(usize, usize)>], slot: usize) -> Vec<usize> {
    let n = f.params.len();
    let mut out = Vec::new();
    let mut work = vec![slot];
    let mut seen = vec![slot];
    while let Some(v) = work.pop() {
        for &(user, k) in &uses[n + v] {
            match &f.insts[user].kind {
                InstKind::Load { .. } => out.push(user),
                InstKind::Passthrough { operands }
                    if operands.contains(&k) && !seen.contains(&user) =>
                {
                    seen.push(user);
                    work.push(user);
                }
                _ => {}
            }
        }
    }
    out
}

/// After a store of the pointer into `address` (instruction `at`): is it
/// overwritten in the same block before anything can read it? `Some(None)`
/// if overwritten cleanly, `Some(Some((cond, i)))` if a release (published)
/// or a call (may read it) comes first, `None` if not overwritten.
fn overwritten(f: &FunctionView, at: usize, address: Value) -> Option<Option<(Condition, usize)>> {
    let block = f.insts[at].block;
    let mut hazard = None;
    for (i, inst) in f.insts.iter().enumerate().skip(at + 1) {
        if inst.block != block {
            return None;
        }
        match &inst.kind {
            InstKind::Store { release, .. } => {
                if *release && hazard.is_none() {
                    hazard = Some((Condition::Published, i));
                }
                if inst.operands.get(1) == Some(&address) {
                    return Some(hazard);
                }
            }
            InstKind::Atomic { release: true, .. } | InstKind::Fence { release: true }
                if hazard.is_none() =>
            {
                hazard = Some((Condition::Published, i));
            }
            InstKind::Call(_) if hazard.is_none() => {
                hazard = Some((Condition::PassedOn, i));
            }
            InstKind::Return => return None,
            _ => {}
        }
    }
    None
}

struct Walk<'a> {
    f: &'a FunctionView,
    uses: &'a [Vec<(usize, usize)>],
    param: usize,
    declared: CaptureInfo,
    out: &'a mut Vec<Violation>,
}

impl Walk<'_> {
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        severity: Severity,
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
            severity,
            param: self.param,
            declared: self.declared,
            captured,
            through_return,
            condition,
            reason,
            chain,
        });
    }
}

fn check_param(
    f: &FunctionView,
    uses: &[Vec<(usize, usize)>],
    p: usize,
    declared: CaptureInfo,
    out: &mut Vec<Violation>,
) {
    let n = f.params.len();
    let mut w = Walk {
        f,
        uses,
        param: p,
        declared,
        out,
    };
    // (value index, is the parameter itself, components it can carry, chain)
    let mut work: Vec<(usize, bool, Components, Vec<usize>)> =
        vec![(p, true, Components::ALL, vec![])];
    let mut visited: Vec<(usize, u8)> = Vec::new();
    while let Some((v, is_base, mask, chain)) = work.pop() {
        if visited.contains(&(v, mask.0)) {
            continue;
        }
        visited.push((v, mask.0));
        for &(user, k) in &uses[v] {
            let inst = &f.insts[user];
            let mut next = chain.clone();
            next.push(user);
            let follow = |work: &mut Vec<_>, m: Components| {
                if !m.is_none() {
                    work.push((n + user, false, m, next.clone()));
                }
            };
            match &inst.kind {
                InstKind::Load { volatile } => {
                    if *volatile && k == 0 {
                        w.report(
                            Severity::Error,
                            mask,
                            false,
                            Condition::Volatile,
                            "it is the address of a volatile load".into(),
                            &chain,
                            user,
                        );
                    }
                }
                InstKind::Store {
                    volatile,
                    release: _,
                    limit,
                } => {
                    if k == 1 {
                        if *volatile {
                            w.report(
                                Severity::Error,
                                mask,
                                false,
                                Condition::Volatile,
                                "it is the address of a volatile store".into(),
                                &chain,
                                user,
                            );
                        }
                        continue;
                    }
                    let captured = mask.intersect(limit.unwrap_or(Components::ALL));
                    if captured.is_none() {
                        continue;
                    }
                    let address = inst.operands[1];
                    stored(&mut w, &mut work, captured, &chain, user, address);
                }
                InstKind::Atomic { volatile, .. } => {
                    if k == 0 {
                        if *volatile {
                            w.report(
                                Severity::Error,
                                mask,
                                false,
                                Condition::Volatile,
                                "it is the address of a volatile atomic operation".into(),
                                &chain,
                                user,
                            );
                        }
                        continue;
                    }
                    let address = inst.operands[0];
                    stored(&mut w, &mut work, mask, &chain, user, address);
                }
                InstKind::Fence { .. } | InstKind::Alloca => {}
                InstKind::ICmp { equality } => {
                    let other = inst.operands[1 - k.min(1)];
                    let null_test = *equality && is_base && other == Value::Null;
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
                        Severity::Error,
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
                        Severity::Error,
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
                        Severity::Error,
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
                        follow(&mut work, mask);
                    } else {
                        // A select's condition, a GEP's index: not a pointer use.
                    }
                }
                InstKind::Call(call) => {
                    let callee = call
                        .callee
                        .as_deref()
                        .map_or("an indirect callee".to_owned(), |c| format!("@{c}"));
                    match call.arg_captures.get(k).copied().flatten() {
                        Some(c) => {
                            let other = mask.intersect(c.other);
                            w.report(
                                Severity::Warning,
                                other,
                                false,
                                Condition::PassedOn,
                                format!("it is passed as argument {k} to {callee}, whose parameter is declared {c}"),
                                &chain,
                                user,
                            );
                            follow(&mut work, mask.intersect(c.ret));
                        }
                        None => {
                            w.report(
                                Severity::Warning,
                                mask,
                                false,
                                Condition::PassedOn,
                                format!("it is passed as argument {k} to {callee}, whose parameter has no captures attribute (it may capture anything)"),
                                &chain,
                                user,
                            );
                            follow(&mut work, mask);
                        }
                    }
                }
                InstKind::Return => {
                    w.report(
                        Severity::Error,
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
                        Severity::Warning,
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

/// The pointer (or bits of it, `captured`) is stored at `address` by
/// instruction `at`.
fn stored(
    w: &mut Walk<'_>,
    work: &mut Vec<(usize, bool, Components, Vec<usize>)>,
    captured: Components,
    chain: &[usize],
    at: usize,
    address: Value,
) {
    let f = w.f;
    match place_of(f, address) {
        Place::Local(slot) if local_stays_local(f, w.uses, slot) => {
            // A private slot: what is loaded back is a copy to follow.
            let n = f.params.len();
            for load in loads_of_local(f, w.uses, slot) {
                let mut next = chain.to_vec();
                next.push(at);
                next.push(load);
                work.push((n + load, false, captured, next));
            }
        }
        Place::Global | Place::Argument => {
            let visible = if place_of(f, address) == Place::Global {
                "a global"
            } else {
                "memory the caller can reach through an argument"
            };
            match overwritten(f, at, address) {
                Some(None) => {}
                Some(Some((Condition::Published, i))) => w.report(
                    Severity::Error,
                    captured,
                    false,
                    Condition::Published,
                    format!("it is stored into {visible} and a release follows before it is overwritten"),
                    &[chain, &[at]].concat(),
                    i,
                ),
                Some(Some((_, i))) => w.report(
                    Severity::Warning,
                    captured,
                    false,
                    Condition::StoredUnknown,
                    format!("it is stored into {visible}, and a call that may read it comes before it is overwritten"),
                    &[chain, &[at]].concat(),
                    i,
                ),
                None => w.report(
                    Severity::Error,
                    captured,
                    false,
                    Condition::StoredVisible,
                    format!("it is stored into {visible}"),
                    chain,
                    at,
                ),
            }
        }
        Place::Local(_) | Place::Unknown => w.report(
            Severity::Warning,
            captured,
            false,
            Condition::StoredUnknown,
            "it is stored into memory whose escape cannot be ruled out".into(),
            chain,
            at,
        ),
    }
}
