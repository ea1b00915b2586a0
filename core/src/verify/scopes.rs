//! LLVM 22.1.8's checks of scope lists, scopes, domains and
//! `llvm.experimental.noalias.scope.decl`, plus the null operands on which
//! LLVM's own checks crash.
//!
//! A list must consist of nodes (the first operand that is not abandons
//! the rest of the list); each scope has two or three operands: itself or a
//! string, its domain, and optionally a name; each domain one or two: itself
//! or a string, and optionally a name. Each scope stops at its first failed
//! check, the list goes on. Nothing is cached, as in LLVM: the same bad list
//! attached twice is reported twice.

use super::{Attachment, DeclArgument, Finding, MessageOperand, ModuleView, Rule, Severity, Site};
use crate::graph::{MetadataGraph, NodeId, Operand};

/// A finding of one of LLVM's checks about `node`, with LLVM's message.
fn finding(rule: Rule, site: Site, attachment: Attachment, node: NodeId) -> Finding {
    Finding {
        rule,
        severity: rule.severity(),
        site,
        attachment,
        message: rule.llvm_message().to_owned(),
        operands: vec![MessageOperand::Node(node)],
        path: vec![],
    }
}

fn null(site: Site, attachment: Attachment, node: NodeId, index: usize, what: &str) -> Finding {
    Finding {
        rule: Rule::ScopeListNull,
        severity: Severity::Error,
        site,
        attachment,
        message: format!(
            "operand {index} of this {what} is null (LLVM's verifier and its scoped-noalias-aa crash on it)"
        ),
        operands: vec![MessageOperand::Node(node)],
        path: vec![],
    }
}

/// `visitAliasScopeListMetadata`: checks a `!noalias` or `!alias.scope` list.
pub fn visit_list(
    g: &MetadataGraph,
    site: Site,
    attachment: Attachment,
    list: NodeId,
    out: &mut Vec<Finding>,
) {
    let Ok(ops) = g.operands(list) else { return };
    for (index, op) in ops.iter().enumerate() {
        match *op {
            Operand::Node(scope) => visit_scope(g, site, attachment, scope, out),
            Operand::Null => {
                out.push(null(site, attachment, list, index, "scope list"));
                return;
            }
            _ => {
                out.push(finding(Rule::ScopeListNotNodes, site, attachment, list));
                return;
            }
        }
    }
}

/// `visitAliasScopeMetadata`: one scope and its domain.
fn visit_scope(
    g: &MetadataGraph,
    site: Site,
    attachment: Attachment,
    scope: NodeId,
    out: &mut Vec<Finding>,
) {
    let Ok(ops) = g.operands(scope) else { return };
    let n = ops.len();
    let f = |rule| finding(rule, site, attachment, scope);
    if !(2..=3).contains(&n) {
        return out.push(f(Rule::ScopeOperands));
    }
    match ops[0] {
        Operand::Node(x) if x == scope => {}
        Operand::String(_) => {}
        Operand::Null => return out.push(null(site, attachment, scope, 0, "scope")),
        _ => return out.push(f(Rule::ScopeId)),
    }
    if n == 3 {
        match ops[2] {
            Operand::String(_) => {}
            Operand::Null => return out.push(null(site, attachment, scope, 2, "scope")),
            _ => return out.push(f(Rule::ScopeName)),
        }
    }
    let domain = match ops[1] {
        Operand::Node(d) => d,
        Operand::Null => return out.push(null(site, attachment, scope, 1, "scope")),
        _ => return out.push(f(Rule::ScopeDomainNotNode)),
    };
    let Ok(dops) = g.operands(domain) else { return };
    let d = |rule| finding(rule, site, attachment, domain);
    if !(1..=2).contains(&dops.len()) {
        return out.push(d(Rule::DomainOperands));
    }
    match dops[0] {
        Operand::Node(x) if x == domain => {}
        Operand::String(_) => {}
        Operand::Null => return out.push(null(site, attachment, domain, 0, "domain")),
        _ => return out.push(d(Rule::DomainId)),
    }
    if dops.len() == 2 {
        match dops[1] {
            Operand::String(_) => {}
            Operand::Null => out.push(null(site, attachment, domain, 1, "domain")),
            _ => out.push(d(Rule::DomainName)),
        }
    }
}

/// `verifyNoAliasScopeDecl` for one declaration; true when one of its own
/// checks failed, which ends the checks of the declarations of its
/// function, as in LLVM (problems inside the list do not).
pub fn visit_decl(
    g: &MetadataGraph,
    site: Site,
    arg: DeclArgument,
    out: &mut Vec<Finding>,
) -> bool {
    let decl = |rule: Rule| Finding {
        rule,
        severity: rule.severity(),
        site,
        attachment: Attachment::ScopeDecl,
        message: rule.llvm_message().to_owned(),
        operands: vec![MessageOperand::Instruction],
        path: vec![],
    };
    let list = match arg {
        DeclArgument::NotMetadata => {
            out.push(decl(Rule::ScopeDeclArgument));
            return true;
        }
        DeclArgument::NotNode => {
            out.push(decl(Rule::ScopeDeclNotNode));
            return true;
        }
        DeclArgument::Node(list) => list,
    };
    if g.num_operands(list) != 1 {
        out.push(decl(Rule::ScopeDeclSingleScope));
        return true;
    }
    visit_list(g, site, Attachment::ScopeDecl, list, out);
    false
}

/// The rest of `verifyNoAliasScopeDecl`, which LLVM runs only with
/// `-verify-noalias-scope-decl-dom` and we always run: of the declarations
/// `decls` (indices into `m.scope_decls`, one function's, all past their
/// own checks), none dominates another one with the same scope. As in LLVM,
/// "the same scope" is the same list node (LLVM groups the declarations by
/// the address of the list's single operand), a group of 32 or more is not
/// checked (LLVM's bound on the quadratic check), and the first declaration
/// found dominating another one is reported, on the dominating one, and
/// ends the check of the function. LLVM orders the groups by pointer; here
/// groups come in the order of their first declaration and each group in
/// instruction order, so the report is deterministic. Declarations whose
/// place in the dominator tree is unknown are left out.
pub fn visit_decl_dominance(m: &ModuleView, decls: std::ops::Range<usize>, out: &mut Vec<Finding>) {
    // (list, instruction, place), grouped by list in order of appearance.
    let mut groups: Vec<(NodeId, Vec<(usize, super::DomPlace)>)> = Vec::new();
    for k in decls {
        let (at, DeclArgument::Node(list)) = m.scope_decls[k] else {
            continue;
        };
        let Some(Some(place)) = m.scope_decl_places.get(k).copied() else {
            continue;
        };
        match groups.iter_mut().find(|(l, _)| *l == list) {
            Some((_, members)) => members.push((at, place)),
            None => groups.push((list, vec![(at, place)])),
        }
    }
    for (_, members) in &groups {
        if members.len() >= 32 {
            continue;
        }
        for &(a, pa) in members {
            for &(b, pb) in members {
                if a != b && pa.dominates(a, pb, b) {
                    let rule = Rule::ScopeDeclDominates;
                    out.push(Finding {
                        rule,
                        severity: rule.severity(),
                        site: Site::Instruction(a),
                        attachment: Attachment::ScopeDecl,
                        message: rule.llvm_message().to_owned(),
                        operands: vec![MessageOperand::Instruction],
                        path: vec![],
                    });
                    return;
                }
            }
        }
    }
}
