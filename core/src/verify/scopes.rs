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

/// The list being checked: the instruction (or declaration) and the
/// attachment it is on, which every finding about it names.
#[derive(Clone, Copy)]
struct At {
    site: Site,
    attachment: Attachment,
}

impl At {
    /// A finding of one of LLVM's checks about `node`, with LLVM's message.
    fn finding(self, rule: Rule, node: NodeId) -> Finding {
        Finding {
            rule,
            severity: rule.severity(),
            site: self.site,
            attachment: self.attachment,
            message: rule.llvm_message().to_owned(),
            operands: vec![MessageOperand::Node(node)],
            path: vec![],
        }
    }

    fn null(self, node: NodeId, index: usize, what: &str) -> Finding {
        Finding {
            rule: Rule::ScopeListNull,
            severity: Severity::Error,
            site: self.site,
            attachment: self.attachment,
            message: format!(
                "operand {index} of this {what} is null (LLVM's verifier and its scoped-noalias-aa crash on it)"
            ),
            operands: vec![MessageOperand::Node(node)],
            path: vec![],
        }
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
    let at = At { site, attachment };
    for (index, op) in ops.iter().enumerate() {
        match *op {
            Operand::Node(scope) => visit_scope(g, at, scope, out),
            Operand::Null => {
                out.push(at.null(list, index, "scope list"));
                return;
            }
            _ => {
                out.push(at.finding(Rule::ScopeListNotNodes, list));
                return;
            }
        }
    }
}

/// `visitAliasScopeMetadata`: one scope and its domain.
fn visit_scope(g: &MetadataGraph, at: At, scope: NodeId, out: &mut Vec<Finding>) {
    let Ok(ops) = g.operands(scope) else { return };
    let rules = [Rule::ScopeOperands, Rule::ScopeId, Rule::ScopeName];
    if let Err(f) = id_and_name(at, scope, ops, 2..=3, "scope", rules) {
        return out.push(f);
    }
    let domain = match ops[1] {
        Operand::Node(d) => d,
        Operand::Null => return out.push(at.null(scope, 1, "scope")),
        _ => return out.push(at.finding(Rule::ScopeDomainNotNode, scope)),
    };
    let Ok(dops) = g.operands(domain) else { return };
    let rules = [Rule::DomainOperands, Rule::DomainId, Rule::DomainName];
    if let Err(f) = id_and_name(at, domain, dops, 1..=2, "domain", rules) {
        out.push(f);
    }
}

/// What LLVM checks alike of a scope and of a domain (`node`, a `what`,
/// whose operands are `ops`), in its order: the number of operands is in
/// `count`, the first is the node itself or a string, and the optional
/// last (present with the most operands) is a string. The first failed
/// check's finding, by `rules`: [count, first, last].
fn id_and_name(
    at: At,
    node: NodeId,
    ops: &[Operand],
    count: std::ops::RangeInclusive<usize>,
    what: &str,
    [operands, id, name]: [Rule; 3],
) -> Result<(), Finding> {
    if !count.contains(&ops.len()) {
        return Err(at.finding(operands, node));
    }
    match ops[0] {
        Operand::Node(x) if x == node => {}
        Operand::String(_) => {}
        Operand::Null => return Err(at.null(node, 0, what)),
        _ => return Err(at.finding(id, node)),
    }
    let last = count.end() - 1;
    match ops.get(last) {
        None | Some(Operand::String(_)) => Ok(()),
        Some(Operand::Null) => Err(at.null(node, last, what)),
        Some(_) => Err(at.finding(name, node)),
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
