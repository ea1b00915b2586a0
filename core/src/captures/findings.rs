//! What the walk of a parameter finds: the captures that break a promise
//! ([`Violation`], by LangRef condition) and the uses that capture nothing
//! ([`Seen`], and why).

use super::{CaptureInfo, Components};

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
