//! What each defined function does with each pointer parameter, computed
//! once per module, bottom-up over the call graph (see the module notes of
//! [`super`], "Across calls").
//!
//! Invariants:
//! - a summary is the walk of one parameter with nothing allowed, so a
//!   claim is checked by filtering it ([`Summaries::against`]), never by
//!   walking again;
//! - when a function is walked, every callee outside its strongly
//!   connected component already has its final summary (Tarjan's order
//!   gives callees first);
//! - inside a recursive component the walks start from "captures nothing"
//!   and only grow (a walk finds more when its callees' summaries say
//!   more), so they settle; [`ROUNDS`] bounds it all the same.

use super::findings::{Condition, Seen, Severity, Violation};
use super::walk::{users, walk_param};
use super::{CaptureInfo, Components, FunctionView, InstKind};

/// Walks of a recursive group before its parameters are given up on
/// (a possible capture of everything).
pub const ROUNDS: usize = 16;

/// What a function's body does with one pointer parameter.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParamSummary {
    /// Every capturing use, definite (errors) or possible (warnings), as
    /// found with nothing allowed (`declared` is `captures(none)`);
    /// returns are among them (`through_return`).
    pub findings: Vec<Violation>,
    /// How the parameter comes back to the caller through the return
    /// value.
    pub returns: Vec<Returned>,
    /// The uses that capture nothing, and why (for `why-not`).
    pub seen: Vec<Seen>,
}

/// The parameter (some components of it) is returned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Returned {
    /// Certainly its bits, on the path that returns it (not only what a
    /// call may return).
    pub definite: bool,
    /// Exactly its bits (a null test of the result tests it).
    pub same_bits: bool,
    /// The components that come back.
    pub mask: Components,
    /// Instructions from the parameter to the `ret`.
    pub chain: Vec<usize>,
}

/// A byval parameter's copy is the callee's own: the caller's pointer is
/// only read from.
static BYVAL: ParamSummary = ParamSummary {
    findings: Vec::new(),
    returns: Vec::new(),
    seen: Vec::new(),
};

impl ParamSummary {
    /// The findings that break `claim`, each with `declared` set to it.
    pub fn against(&self, claim: CaptureInfo) -> Vec<Violation> {
        if claim.is_all() {
            return Vec::new();
        }
        self.findings
            .iter()
            .filter_map(|v| v.against(claim))
            .collect()
    }

    /// What callers' walks read of a summary: each finding's and each
    /// return's kind, without chains or wording. Rounds of a recursive
    /// group with equal shapes have settled.
    fn shape(&self) -> Vec<(u8, bool, Condition, Severity, bool)> {
        let mut s: Vec<_> = self
            .findings
            .iter()
            .map(|v| {
                (
                    v.captured.0,
                    v.through_return,
                    v.condition,
                    v.severity,
                    false,
                )
            })
            .chain(self.returns.iter().map(|r| {
                (
                    r.mask.0,
                    r.same_bits,
                    Condition::Returned,
                    if r.definite {
                        Severity::Error
                    } else {
                        Severity::Warning
                    },
                    true,
                )
            }))
            .collect();
        s.sort_by_key(|&(c, r, cond, sev, ret)| (c, r, cond as u8, sev, ret));
        s.dedup();
        s
    }

    /// The summary of a parameter of a recursive group whose walks did
    /// not settle: anything, possibly (a warning at `at`, the group's
    /// first call in the function).
    fn unsettled(param: usize, at: usize, group: &str) -> ParamSummary {
        ParamSummary {
            findings: vec![Violation {
                severity: Severity::Warning,
                param,
                declared: CaptureInfo::NONE,
                captured: Components::ALL,
                through_return: false,
                condition: Condition::PassedOn,
                reason: format!(
                    "it is passed around the recursive group {group}, whose summaries did not settle in {ROUNDS} rounds"
                ),
                chain: vec![at],
                inner: None,
            }],
            returns: vec![Returned {
                definite: false,
                same_bits: false,
                mask: Components::ALL,
                chain: vec![at],
            }],
            seen: Vec::new(),
        }
    }
}

/// The summaries of a module's defined functions.
#[derive(Default)]
pub struct Summaries {
    names: Vec<String>,
    /// Whether calls are judged by the function's body.
    exact: Vec<bool>,
    private: Vec<Vec<bool>>,
    /// Per function, per parameter; `None` for non-pointers (and, while
    /// [`summarize`] runs, for functions not reached yet).
    params: Vec<Vec<Option<ParamSummary>>>,
}

impl Summaries {
    /// What a call of `function` does with its argument `param`, when
    /// calls are judged by its body: its summary (for a byval parameter:
    /// nothing). `None` for a callee with a replaceable body, a vararg or
    /// a non-pointer.
    pub fn of(&self, function: usize, param: usize) -> Option<&ParamSummary> {
        if !*self.exact.get(function)? {
            return None;
        }
        if *self.private[function].get(param)? {
            return Some(&BYVAL);
        }
        self.params[function].get(param)?.as_ref()
    }

    /// The summary of parameter `param` of `function` itself, whatever its
    /// linkage (what its own claim is checked against).
    pub fn of_body(&self, function: usize, param: usize) -> Option<&ParamSummary> {
        self.params.get(function)?.get(param)?.as_ref()
    }

    /// The name of function `function`.
    pub fn name(&self, function: usize) -> &str {
        &self.names[function]
    }

    /// The findings of parameter `param` of `function` that break `claim`
    /// (a declared `captures(...)`, or a call site's claim), each with
    /// `declared` set to the claim.
    pub fn against(&self, function: usize, param: usize, claim: CaptureInfo) -> Vec<Violation> {
        self.of_body(function, param)
            .map_or_else(Vec::new, |summary| summary.against(claim))
    }

    fn set(&mut self, function: usize, param: usize, summary: ParamSummary) -> bool {
        let slot = &mut self.params[function][param];
        let changed = slot.as_ref().map(ParamSummary::shape) != Some(summary.shape());
        *slot = Some(summary);
        changed
    }
}

/// The summaries of every pointer parameter of `functions` (a module's
/// defined functions; `CallInfo::defined` indexes them).
pub fn summarize(functions: &[FunctionView]) -> Summaries {
    summarize_within(functions, ROUNDS)
}

/// [`summarize`] with at most `rounds` walks of a recursive group.
fn summarize_within(functions: &[FunctionView], rounds: usize) -> Summaries {
    let mut s = Summaries {
        names: functions.iter().map(|f| f.name.clone()).collect(),
        exact: functions.iter().map(|f| f.exact).collect(),
        private: functions
            .iter()
            .map(|f| f.params.iter().map(|p| p.private).collect())
            .collect(),
        params: functions
            .iter()
            .map(|f| vec![None; f.params.len()])
            .collect(),
    };
    let uses: Vec<_> = functions.iter().map(users).collect();
    let pointers = |f: usize| {
        functions[f]
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_pointer)
            .map(|(i, _)| i)
            .collect::<Vec<_>>()
    };
    for group in callees_first(functions) {
        let recursive = group.len() > 1 || callees(&functions[group[0]]).any(|c| c == group[0]);
        if !recursive {
            let f = group[0];
            for p in pointers(f) {
                let summary = walk_param(&functions[f], &uses[f], p, &s);
                s.set(f, p, summary);
            }
            continue;
        }
        for &f in &group {
            for p in pointers(f) {
                s.set(f, p, ParamSummary::default());
            }
        }
        let settled = (0..rounds).any(|_| {
            let mut changed = false;
            for &f in &group {
                for p in pointers(f) {
                    let summary = walk_param(&functions[f], &uses[f], p, &s);
                    changed |= s.set(f, p, summary);
                }
            }
            !changed
        });
        if !settled {
            let names: Vec<String> = group.iter().map(|&f| format!("@{}", s.names[f])).collect();
            let names = names.join(", ");
            for &f in &group {
                let at = functions[f]
                    .insts
                    .iter()
                    .position(|i| matches!(&i.kind, InstKind::Call(c) if c.defined.is_some_and(|d| group.contains(&d))))
                    .unwrap_or(0);
                for p in pointers(f) {
                    s.set(f, p, ParamSummary::unsettled(p, at, &names));
                }
            }
        }
    }
    s
}

/// The functions a function calls directly, among the module's defined
/// ones.
fn callees(f: &FunctionView) -> impl Iterator<Item = usize> + '_ {
    f.insts.iter().filter_map(|i| match &i.kind {
        InstKind::Call(c) => c.defined,
        _ => None,
    })
}

/// The strongly connected components of the call graph, each after every
/// component it calls (Tarjan's algorithm, without recursion: call chains
/// can be deeper than the stack).
fn callees_first(functions: &[FunctionView]) -> Vec<Vec<usize>> {
    const UNSEEN: usize = usize::MAX;
    let n = functions.len();
    let edges: Vec<Vec<usize>> = functions
        .iter()
        .map(|f| {
            let mut e: Vec<usize> = callees(f).filter(|&c| c < n).collect();
            e.sort_unstable();
            e.dedup();
            e
        })
        .collect();
    let (mut index, mut low, mut on_stack) = (vec![UNSEEN; n], vec![0; n], vec![false; n]);
    let (mut stack, mut groups, mut next) = (Vec::new(), Vec::new(), 0);
    for root in 0..n {
        if index[root] != UNSEEN {
            continue;
        }
        // (function, next edge to look at)
        let mut path = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut e)) = path.last_mut() {
            if let Some(&w) = edges[v].get(*e) {
                *e += 1;
                if index[w] == UNSEEN {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    path.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            path.pop();
            if let Some(&(u, _)) = path.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    group.push(w);
                    if w == v {
                        break;
                    }
                }
                group.reverse();
                groups.push(group);
            }
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::{callees_first, summarize, summarize_within, ROUNDS};
    use crate::captures::{
        CallInfo, CaptureInfo, Condition, FunctionView, Inst, InstKind, Param, Severity, Value,
    };

    fn call_of(callee: usize, args: Vec<Value>) -> Inst {
        Inst {
            kind: InstKind::Call(CallInfo {
                callee: Some(format!("f{callee}")),
                defined: Some(callee),
                arg_captures: vec![None; args.len()],
                arg_at_call_site: vec![false; args.len()],
                volatile_memory: false,
                returned: None,
                read_only_void: false,
            }),
            operands: args,
            block: 0,
        }
    }

    fn one_pointer(name: &str, insts: Vec<Inst>) -> FunctionView {
        FunctionView {
            name: name.into(),
            params: vec![Param {
                name: "p".into(),
                is_pointer: true,
                private: false,
                declared: Some(CaptureInfo::NONE),
            }],
            insts,
            exact: true,
        }
    }

    /// f0 and f1 call each other with their parameter; f1 also stores it
    /// into a global. f2 calls f0.
    fn mutual() -> Vec<FunctionView> {
        let ret = || Inst {
            kind: InstKind::Return,
            operands: vec![],
            block: 0,
        };
        let store = Inst {
            kind: InstKind::Store {
                volatile: false,
                release: false,
                limit: None,
                bytes: Some(8),
            },
            operands: vec![Value::Param(0), Value::Global(0)],
            block: 0,
        };
        vec![
            one_pointer("f0", vec![call_of(1, vec![Value::Param(0)]), ret()]),
            one_pointer("f1", vec![call_of(0, vec![Value::Param(0)]), store, ret()]),
            one_pointer("f2", vec![call_of(0, vec![Value::Param(0)]), ret()]),
        ]
    }

    #[test]
    fn recursive_groups_reach_their_fixpoint() {
        let s = summarize(&mutual());
        // f1's store, and f1's call of f0 (around the cycle back to the
        // store); f0 and f2 capture it at their one call, with the
        // shortest chain.
        for (f, uses) in [(0, 1), (1, 2), (2, 1)] {
            let found = s.against(f, 0, CaptureInfo::NONE);
            assert_eq!(found.len(), uses, "f{f}: {found:?}");
            assert!(found
                .iter()
                .all(|v| v.severity == Severity::Error && v.condition == Condition::StoredVisible));
        }
        // f2 -> f0 -> f1: the store, two calls down.
        let f2 = &s.against(2, 0, CaptureInfo::NONE)[0];
        let f0 = &f2.inner.as_ref().unwrap();
        assert_eq!(f0.function, 0);
        assert_eq!(f0.finding.inner.as_ref().unwrap().function, 1);
        assert!(f0.finding.inner.as_ref().unwrap().finding.inner.is_none());
    }

    #[test]
    fn groups_that_do_not_settle_get_a_possible_capture_of_everything() {
        let s = summarize_within(&mutual(), 1);
        for f in 0..3 {
            let found = s.against(f, 0, CaptureInfo::NONE);
            assert!(!found.is_empty());
            assert!(
                found.iter().all(|v| v.severity == Severity::Warning),
                "f{f}: only warnings, {found:?}"
            );
        }
        assert!(s.against(0, 0, CaptureInfo::NONE)[0]
            .reason
            .contains("did not settle"));
        const { assert!(ROUNDS > 1) };
    }

    fn calling(name: &str, callees: &[usize]) -> FunctionView {
        FunctionView {
            name: name.into(),
            params: vec![],
            insts: callees
                .iter()
                .map(|&c| Inst {
                    kind: InstKind::Call(CallInfo {
                        callee: None,
                        defined: Some(c),
                        arg_captures: vec![],
                        arg_at_call_site: vec![],
                        volatile_memory: false,
                        returned: None,
                        read_only_void: false,
                    }),
                    operands: vec![],
                    block: 0,
                })
                .collect(),
            exact: true,
        }
    }

    #[test]
    fn components_come_after_the_components_they_call() {
        // 0 -> 1 <-> 2 -> 3, 4 -> 4, 5 alone
        let fs = vec![
            calling("a", &[1]),
            calling("b", &[2]),
            calling("c", &[1, 3]),
            calling("d", &[]),
            calling("e", &[4]),
            calling("f", &[]),
        ];
        let groups = callees_first(&fs);
        let at = |f: usize| groups.iter().position(|g| g.contains(&f)).unwrap();
        assert_eq!(groups.len(), 5);
        assert_eq!(groups[at(1)], vec![1, 2]);
        assert!(at(3) < at(1) && at(1) < at(0));
        assert_eq!(groups[at(4)], vec![4]);
        let mut all: Vec<usize> = groups.concat();
        all.sort();
        assert_eq!(all, (0..6).collect::<Vec<_>>());
    }

    #[test]
    fn deep_call_chains_need_no_deep_stack() {
        let n = 200_000;
        let fs: Vec<FunctionView> = (0..n)
            .map(|i| {
                let next: Vec<usize> = (i + 1..n).take(1).collect();
                calling("f", &next)
            })
            .collect();
        let groups = callees_first(&fs);
        assert_eq!(groups.len(), n);
        assert_eq!(groups[0], vec![n - 1]);
    }
}
