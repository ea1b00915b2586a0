//! Following one parameter through the uses of a function body.

use super::summary::{ParamSummary, Returned, Summaries};
use super::{CaptureInfo, Components, FunctionView, Inst, InstKind, Value};

pub use crate::severity::Severity;

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
    /// The stable id of the rule a finding of this condition breaks (in
    /// check-captures' reports, their JSON, and `checks/captures`).
    pub fn id(self) -> &'static str {
        match self {
            Condition::StoredVisible => "stored-visible",
            Condition::Returned => "returned",
            Condition::Published => "published",
            Condition::Inspected => "inspected",
            Condition::Volatile => "volatile",
            Condition::PassedOn => "passed-on",
            Condition::StoredUnknown => "stored-unknown",
            Condition::Unmodelled => "unmodelled",
        }
    }

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
    /// When the capturing instruction is a call of a function defined in
    /// the module: the finding in the callee's body it stands for.
    pub inner: Option<Box<Inner>>,
}

/// A use that captures nothing of the pointer, and why: what the checker
/// saw where it reports nothing (`check-captures<why-not>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seen {
    /// The instruction.
    pub at: usize,
    pub why: Harmless,
}

/// Why a use captures nothing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Harmless {
    /// The address of a (non-volatile) load or store, or of an atomic
    /// operation.
    Address,
    /// Stored into the function's own memory whose address does not
    /// escape: the copies loaded back are followed instead.
    Slot,
    /// Stored, then overwritten in the same block by a store as wide,
    /// with no call, release or load of it in between.
    Overwritten,
    /// Passed to a function defined in the module whose body captures
    /// nothing of it.
    CalleeBody,
}

impl Harmless {
    /// The stable id (JSON, `checks/captures`).
    pub fn id(self) -> &'static str {
        match self {
            Harmless::Address => "address-only",
            Harmless::Slot => "slot",
            Harmless::Overwritten => "overwritten",
            Harmless::CalleeBody => "callee-body",
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Harmless::Address => "it is only the address of the access",
            Harmless::Slot => "it is stored into the function's own memory, whose address does not escape; what is loaded back is followed",
            Harmless::Overwritten => "it is stored, then overwritten in the same block before anything can read it",
            Harmless::CalleeBody => "it is passed to a function whose body captures nothing of it",
        }
    }
}

/// The callee's side of a finding made at a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inner {
    /// The callee, as an index into the module's functions.
    pub function: usize,
    /// What the callee's body does with its parameter (its `chain` is in
    /// the callee).
    pub finding: Violation,
}

impl Violation {
    /// The number of uses from the parameter to the capture, across calls.
    pub fn length(&self) -> usize {
        self.chain.len() + self.inner.as_ref().map_or(0, |i| i.finding.length())
    }

    /// The finding as one that breaks `claim`, if it does: what is
    /// captured through the return value against the claim's `ret:` part,
    /// anything else against the rest.
    pub fn against(&self, claim: CaptureInfo) -> Option<Violation> {
        let allowed = if self.through_return {
            claim.ret
        } else {
            claim.other
        };
        (!self.captured.within(allowed)).then(|| Violation {
            declared: claim,
            ..self.clone()
        })
    }
}

/// Checks every pointer parameter whose `captures` is narrower than
/// `captures(address, provenance)`, on its own: a call is judged by the
/// callee's declared attributes (see [`super::summarize`] for a module,
/// where calls of defined functions are judged by their bodies).
pub fn check_function(f: &FunctionView) -> Vec<Violation> {
    let alone = Summaries::default();
    let uses = users(f);
    let mut out = Vec::new();
    for (p, param) in f.params.iter().enumerate() {
        let Some(declared) = param.declared.filter(|d| !d.is_all()) else {
            continue;
        };
        if !param.is_pointer {
            continue;
        }
        let summary = walk_param(f, &uses, p, &alone);
        out.extend(summary.findings.iter().filter_map(|v| v.against(declared)));
    }
    out
}

/// For each value (params first, then instructions): (user, operand index).
pub(super) fn users(f: &FunctionView) -> Vec<Vec<(usize, usize)>> {
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
    /// The summaries of the callees the walk may meet.
    callees: &'a Summaries,
    out: Vec<Violation>,
    returns: Vec<Returned>,
    seen: Vec<Seen>,
    work: Vec<Tracked>,
}

impl Walk<'_> {
    /// Records a use capturing `captured` (a summary allows nothing; a
    /// claim is checked against it later, [`Violation::against`]): an
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
        self.report_inner(
            definite,
            captured,
            through_return,
            condition,
            reason,
            chain,
            at,
            None,
        );
    }

    #[allow(clippy::too_many_arguments)]
    fn report_inner(
        &mut self,
        definite: bool,
        captured: Components,
        through_return: bool,
        condition: Condition,
        reason: String,
        chain: &[usize],
        at: usize,
        inner: Option<Box<Inner>>,
    ) {
        if captured.is_none() {
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
            declared: CaptureInfo::NONE,
            captured,
            through_return,
            condition,
            reason,
            chain,
            inner,
        });
    }

    fn saw(&mut self, at: usize, why: Harmless) {
        self.seen.push(Seen { at, why });
    }

    /// The pointer (`t`, `mask` of it) is argument `k` of a call (`at`) of
    /// a function defined in the module whose body is summarized: each
    /// capture in the callee is one here, and what the callee returns of
    /// it is followed on from the call's result.
    fn passed_to_body(
        &mut self,
        t: &Tracked,
        at: usize,
        k: usize,
        callee: usize,
        summary: &ParamSummary,
    ) {
        let name = &self.callees.name(callee);
        // One finding per kind at this call: the one with the shortest
        // chain (inside recursion a summary holds the same capture
        // reached around the cycle, again and again).
        let mut shortest: Vec<&Violation> = Vec::new();
        for v in summary.findings.iter().filter(|v| !v.through_return) {
            let kind = |w: &Violation| (w.condition, w.severity, w.captured);
            match shortest.iter_mut().find(|w| kind(w) == kind(v)) {
                Some(w) if v.length() < w.length() => *w = v,
                Some(_) => {}
                None => shortest.push(v),
            }
        }
        for finding in shortest {
            self.report_inner(
                t.definite && finding.severity == Severity::Error,
                t.mask.intersect(finding.captured),
                false,
                finding.condition,
                format!(
                    "it is passed as argument {k} to @{name}, where {}",
                    finding.reason
                ),
                &t.chain,
                at,
                Some(Box::new(Inner {
                    function: callee,
                    finding: finding.clone(),
                })),
            );
        }
        for r in &summary.returns {
            self.follow(
                t,
                at,
                t.same_bits && r.same_bits,
                t.definite && r.definite,
                t.mask.intersect(r.mask),
            );
        }
        if summary.findings.is_empty() && summary.returns.is_empty() {
            self.saw(at, Harmless::CalleeBody);
        }
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
                    self.saw(at, Harmless::Slot);
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
                    (true, None) => self.saw(at, Harmless::Overwritten),
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

/// What the body of `f` does with parameter `p`, allowing nothing: every
/// capturing use (definite or possible) with its chain, and what comes
/// back through the return value. Calls of functions with a summary in
/// `callees` are judged by it.
pub(super) fn walk_param(
    f: &FunctionView,
    uses: &[Vec<(usize, usize)>],
    p: usize,
    callees: &Summaries,
) -> ParamSummary {
    let mut w = Walk {
        f,
        uses,
        param: p,
        callees,
        out: Vec::new(),
        returns: Vec::new(),
        seen: Vec::new(),
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
                    } else {
                        w.saw(user, Harmless::Address);
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
                        } else {
                            w.saw(user, Harmless::Address);
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
                    if let Some((callee, summary)) =
                        call.defined.and_then(|c| Some((c, w.callees.of(c, k)?)))
                    {
                        w.passed_to_body(&t, user, k, callee, summary);
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
                    w.returns.push(Returned {
                        definite,
                        same_bits: t.same_bits,
                        mask,
                        chain: [chain.as_slice(), &[user]].concat(),
                    });
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
    w.seen.sort_by_key(|s| (s.at, s.why as u8));
    w.seen.dedup();
    ParamSummary {
        findings: w.out,
        returns: w.returns,
        seen: w.seen,
    }
}

/// Whether a passthrough is a GEP (which moves the pointer) rather than a
/// cast, phi or select (which keep its bits): GEPs pass on operand 0 only
/// and have index operands.
fn is_gep(inst: &Inst) -> bool {
    matches!(&inst.kind, InstKind::Passthrough { operands } if operands == &[0])
        && inst.operands.len() > 1
}
