//! What one use of the pointer captures, by the kind of instruction that
//! uses it: one rule per kind, after LangRef's "Pointer Capture".

use super::{Tracked, Walk};
use crate::captures::findings::{Condition, Harmless, Inner, Severity, Violation};
use crate::captures::summary::{ParamSummary, Returned};
use crate::captures::{CallInfo, Components, Value};

impl Walk<'_> {
    /// `load`: LangRef does not count a memory access inside the function
    /// as a capture, so the address of a load captures nothing unless the
    /// load is volatile (condition 4).
    pub(super) fn load(&mut self, t: &Tracked, at: usize, k: usize, volatile: bool) {
        if volatile && k == 0 {
            self.volatile_address(t, "the address of a volatile load", at);
        } else {
            self.saw(at, Harmless::Address);
        }
    }

    /// `store`: as the address (operand 1), like a load. As the stored
    /// value (operand 0), its bits are in memory, where the caller or
    /// another thread may read them (conditions 1 and 2), as far as the
    /// store's `!captures` metadata (`limit`) lets them through.
    pub(super) fn store(
        &mut self,
        t: &Tracked,
        at: usize,
        k: usize,
        volatile: bool,
        limit: Option<Components>,
        bytes: Option<u64>,
    ) {
        if k == 1 {
            if volatile {
                self.volatile_address(t, "the address of a volatile store", at);
            } else {
                self.saw(at, Harmless::Address);
            }
            return;
        }
        let captured = t.mask.intersect(limit.unwrap_or(Components::ALL));
        if !captured.is_none() {
            let address = self.f.insts[at].operands[1];
            self.stored(t, captured, at, address, bytes);
        }
    }

    /// `atomicrmw` and `cmpxchg`: the address (operand 0) is accessed, as
    /// by a load, and captured only when the access is volatile. The value
    /// cmpxchg compares with (`compare`, operand 1) decides the outcome:
    /// its address is inspected (condition 3). A value written (operand 1
    /// of atomicrmw, the new value of cmpxchg) is stored at the address.
    pub(super) fn atomic(
        &mut self,
        t: &Tracked,
        at: usize,
        k: usize,
        volatile: bool,
        compare: bool,
    ) {
        if k == 0 {
            if volatile {
                self.volatile_address(t, "the address of a volatile atomic operation", at);
            }
        } else if compare && k == 1 {
            self.report(
                t.definite,
                t.mask.intersect(Components::ADDRESS),
                Condition::Inspected,
                "it is the value a cmpxchg compares with".into(),
                &t.chain,
                at,
            );
        } else {
            let address = self.f.insts[at].operands[0];
            self.stored(t, t.mask, at, address, None);
        }
    }

    /// `icmp`: the result depends on the address, not on the provenance
    /// (condition 3). An equality test with null of the pointer's own bits
    /// tells only whether it is null (`address_is_null`); a GEP of it has
    /// other bits, and comparing those tells about its address.
    pub(super) fn icmp(&mut self, t: &Tracked, at: usize, k: usize, equality: bool) {
        let other = self.f.insts[at].operands[1 - k.min(1)];
        let null_test = equality && t.same_bits && other == Value::Null;
        let captured = t.mask.intersect(if null_test {
            Components::ADDRESS_IS_NULL
        } else {
            Components::ADDRESS
        });
        let what = if null_test {
            "it is compared with null"
        } else {
            "its address is compared"
        };
        self.report(
            t.definite,
            captured,
            Condition::Inspected,
            what.into(),
            &t.chain,
            at,
        );
    }

    /// `ptrtoint`: the integer holds all of the pointer's bits, and the
    /// whole pointer is captured (condition 3). LangRef counts such an
    /// inspection as a capture wherever the integer goes, never as one
    /// through the return value only: the integer is not followed.
    pub(super) fn ptr_to_int(&mut self, t: &Tracked, at: usize) {
        self.report(
            t.definite,
            t.mask,
            Condition::Inspected,
            "it is converted to an integer (ptrtoint)".into(),
            &t.chain,
            at,
        );
    }

    /// `ptrtoaddr`: like `ptrtoint`, but of the address bits only; unlike
    /// `ptrtoint`, LangRef says, it does not capture the provenance.
    pub(super) fn ptr_to_addr(&mut self, t: &Tracked, at: usize) {
        self.report(
            t.definite,
            t.mask.intersect(Components::ADDRESS),
            Condition::Inspected,
            "its address is taken (ptrtoaddr)".into(),
            &t.chain,
            at,
        );
    }

    /// `getelementptr` with indices: an address computation, no capture
    /// in itself. The result, based on the pointer (the base, operand 0),
    /// carries what it does on, but with other bits: a null test of it
    /// inspects the address.
    pub(super) fn gep(&mut self, t: &Tracked, at: usize, k: usize) {
        if k == 0 {
            self.follow(t, at, false, t.definite, t.mask);
        }
    }

    /// Casts, `freeze`, `phi` and `select` (of the operands in
    /// `operands`): the result is the pointer again, bit for bit, and what
    /// it does is followed.
    pub(super) fn passthrough(&mut self, t: &Tracked, at: usize, k: usize, operands: &[usize]) {
        if operands.contains(&k) {
            self.follow(t, at, t.same_bits, t.definite, t.mask);
        }
    }

    /// A call with the pointer as argument `k`. A volatile `llvm.memcpy`,
    /// `memmove` or `memset` is a volatile operation (LangRef): its
    /// pointers are addresses of volatile accesses (condition 4). A callee
    /// defined in the module is judged by what its body does
    /// ([`Self::passed_to_body`]); any other by the `captures` of the
    /// argument ([`Self::passed_on`]).
    pub(super) fn call(&mut self, t: &Tracked, at: usize, k: usize, call: &CallInfo) {
        if call.volatile_memory && k <= 1 {
            self.volatile_address(t, "an address of a volatile memory intrinsic", at);
            return;
        }
        if let Some((callee, summary)) =
            call.defined.and_then(|c| Some((c, self.callees.of(c, k)?)))
        {
            self.passed_to_body(t, at, k, callee, summary);
            return;
        }
        self.passed_on(t, at, k, call);
    }

    /// The pointer is argument `k` of a call (`at`) whose callee's body is
    /// not known: it may capture what the `captures` of the argument
    /// allows (anything, without one), a warning; at most the address when
    /// the call writes no memory and returns nothing. The result may be
    /// the pointer as far as `ret:` allows (certainly, for a `returned`
    /// argument): followed.
    fn passed_on(&mut self, t: &Tracked, at: usize, k: usize, call: &CallInfo) {
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
        self.report(
            false,
            t.mask.intersect(other),
            Condition::PassedOn,
            format!("it is passed as argument {k} to {callee}, {declared}"),
            &t.chain,
            at,
        );
        if call.returned == Some(k) {
            // The result is the argument itself.
            self.follow(t, at, t.same_bits, t.definite, t.mask);
        } else {
            // The result may be the pointer: what follows is possible only.
            self.follow(t, at, false, false, t.mask.intersect(ret));
        }
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
            let recorded = self.report(
                t.definite && finding.severity == Severity::Error,
                t.mask.intersect(finding.captured),
                finding.condition,
                format!(
                    "it is passed as argument {k} to @{name}, where {}",
                    finding.reason
                ),
                &t.chain,
                at,
            );
            if let Some(v) = recorded {
                v.inner = Some(Box::new(Inner {
                    function: callee,
                    finding: finding.clone(),
                }));
            }
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

    /// `ret`: the pointer's bits go back to the caller (condition 1), as
    /// far as the claim's `ret:` allows; callers follow what comes back.
    pub(super) fn ret(&mut self, t: &Tracked, at: usize) {
        self.returns.push(Returned {
            definite: t.definite,
            same_bits: t.same_bits,
            mask: t.mask,
            chain: [t.chain.as_slice(), &[at]].concat(),
        });
        let recorded = self.report(
            t.definite,
            t.mask,
            Condition::Returned,
            "it is returned".into(),
            &t.chain,
            at,
        );
        if let Some(v) = recorded {
            v.through_return = true;
        }
    }

    /// Any other instruction: its effect is not modelled, so it may
    /// capture anything (a warning).
    pub(super) fn other(&mut self, t: &Tracked, at: usize) {
        self.report(
            false,
            t.mask,
            Condition::Unmodelled,
            "it is used by an instruction this check does not model".into(),
            &t.chain,
            at,
        );
    }

    /// The pointer is the address of a volatile access (`what`): LangRef's
    /// condition 4.
    fn volatile_address(&mut self, t: &Tracked, what: &str, at: usize) {
        self.report(
            t.definite,
            t.mask,
            Condition::Volatile,
            format!("it is {what}"),
            &t.chain,
            at,
        );
    }
}
