//! Following one parameter through the uses of a function body: a
//! worklist of the values the pointer's bits may be in, each use judged
//! by the rule of its instruction's kind ([`uses`]), a pointer written to
//! memory by where it goes ([`stores`]).

mod stores;
mod uses;

use super::findings::{Condition, Harmless, Seen, Severity, Violation};
use super::summary::{ParamSummary, Returned, Summaries};
use super::{CaptureInfo, Components, FunctionView, InstKind, Value};

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

/// The walk of one parameter: the values still to follow, and what it has
/// found.
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
        for &(user, k) in &uses[t.value] {
            w.through(&t, user, k);
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

impl Walk<'_> {
    /// The use of `t` as operand `k` of instruction `at`, by the rule of
    /// the instruction's kind.
    fn through(&mut self, t: &Tracked, at: usize, k: usize) {
        let f = self.f;
        match &f.insts[at].kind {
            InstKind::Load { volatile } => self.load(t, at, k, *volatile),
            InstKind::Store {
                volatile,
                limit,
                bytes,
                ..
            } => self.store(t, at, k, *volatile, *limit, *bytes),
            InstKind::Atomic {
                volatile, compare, ..
            } => self.atomic(t, at, k, *volatile, *compare),
            // Neither has a pointer operand.
            InstKind::Fence { .. } | InstKind::Alloca => {}
            InstKind::ICmp { equality } => self.icmp(t, at, k, *equality),
            InstKind::PtrToInt => self.ptr_to_int(t, at),
            InstKind::PtrToAddr => self.ptr_to_addr(t, at),
            InstKind::Gep => self.gep(t, at, k),
            InstKind::Passthrough { operands } => self.passthrough(t, at, k, operands),
            InstKind::Call(call) => self.call(t, at, k, call),
            InstKind::Return => self.ret(t, at),
            InstKind::Other => self.other(t, at),
        }
    }

    /// Records a use (`at`, reached by `chain`) capturing `captured`: an
    /// error when `definite`, else a warning. A summary allows nothing; a
    /// claim is checked against the finding later ([`Violation::against`]).
    /// Returns the finding, for the caller to complete, unless nothing is
    /// captured.
    fn report(
        &mut self,
        definite: bool,
        captured: Components,
        condition: Condition,
        reason: String,
        chain: &[usize],
        at: usize,
    ) -> Option<&mut Violation> {
        if captured.is_none() {
            return None;
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
            through_return: false,
            condition,
            reason,
            chain,
            inner: None,
        });
        self.out.last_mut()
    }

    fn saw(&mut self, at: usize, why: Harmless) {
        self.seen.push(Seen { at, why });
    }

    /// Follows the result of `inst`, which carries (`mask` of) the
    /// pointer on from `from`.
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
}
