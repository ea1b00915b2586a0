//! The picture of scope domains: each domain a cluster holding its own
//! node and its scopes, and each scope list pointing at its scopes.

use rustc_hash::{FxHashMap, FxHashSet};

use super::{Builder, Dot, Labels, ListUse};
use crate::graph::{MetadataGraph, NodeId, Operand};
use crate::names::{scope_note, Numbering};
use crate::scoped::scope_domain;

/// Every name a scope or domain has: its string operands (an identifying
/// string and a description, when both are there), joined.
fn strings(g: &MetadataGraph, node: NodeId) -> Vec<&str> {
    g.operands(node)
        .unwrap_or(&[])
        .iter()
        .filter_map(|op| match op {
            Operand::String(s) => Some(g.str(*s)),
            _ => None,
        })
        .collect()
}

/// Scope domains, their scopes, and the lists that use them. A scope's
/// label says what its name does not ([`scope_note`]): who made it, or
/// its place in its domain.
pub fn scopes_dot(
    g: &MetadataGraph,
    names: &dyn Numbering,
    lists: &[ListUse],
    labels: &Labels,
) -> Dot {
    let mut b = Builder::new(labels);
    let mut scopes: Vec<NodeId> = Vec::new();
    let mut seen: FxHashSet<NodeId> = FxHashSet::default();
    for l in lists {
        let text = format!(
            "{}\nscope list\n{} as !alias.scope, {} as !noalias",
            b.title(l.list, &[]),
            l.as_scope,
            l.as_noalias
        );
        let ops = g.operands(l.list).unwrap_or(&[]);
        let mut bad = None;
        for (k, op) in ops.iter().enumerate() {
            match *op {
                Operand::Node(s) => {
                    b.edge("", l.list, s, "");
                    if seen.insert(s) {
                        scopes.push(s);
                    }
                }
                Operand::Null => bad = Some(format!("operand {k} is null")),
                _ => {}
            }
        }
        let problems = b.problems(l.list, bad.as_deref());
        b.node(
            l.list,
            "shape=box, style=filled, fillcolor=lightyellow",
            &text,
            &problems,
        );
    }
    let mut clusters: FxHashMap<NodeId, Vec<String>> = FxHashMap::default();
    let mut domain_order: Vec<NodeId> = Vec::new();
    for &s in &scopes {
        let title = b.title(s, &strings(g, s));
        let text = match scope_note(g, names, s) {
            Some(note) => format!("{title}\nscope\n{note}"),
            None => format!("{title}\nscope"),
        };
        let domain = scope_domain(g, s).ok().flatten();
        let bad = domain
            .is_none()
            .then_some("no domain: ignored by the analysis");
        let problems = b.problems(s, bad);
        b.node(s, "shape=ellipse", &text, &problems);
        if let Some(d) = domain {
            if !clusters.contains_key(&d) {
                domain_order.push(d);
            }
            let id = b.id(s);
            clusters.entry(d).or_default().push(id);
        }
    }
    // Each domain is a cluster with the domain's own node inside.
    let mut out_clusters = Vec::new();
    for d in domain_order {
        let title = b.title(d, &strings(g, d));
        let problems = b.problems(d, None);
        b.node(d, "shape=octagon", &format!("{title}\ndomain"), &problems);
        let id = b.id(d);
        let mut members = clusters.remove(&d).unwrap_or_default();
        members.push(id);
        for s in scopes
            .iter()
            .filter(|&&s| scope_domain(g, s).ok().flatten() == Some(d))
        {
            b.edge("", *s, d, "style=dashed, arrowhead=empty, label=\"domain\"");
        }
        out_clusters.push((format!("domain {title}"), members));
    }
    b.finish("scopes", &out_clusters)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::Unnumbered;

    #[test]
    fn scopes_picture_clusters_domains() {
        let mut g = MetadataGraph::new();
        let mk_domain = |g: &mut MetadataGraph, name: &str| {
            let s = g.string(name);
            g.add_self_referential(vec![s])
        };
        let d1 = mk_domain(&mut g, "f");
        let d2 = mk_domain(&mut g, "g");
        let scope = |g: &mut MetadataGraph, d: NodeId, name: &str| {
            let n = g.string(name);
            g.add_self_referential(vec![Operand::Node(d), n])
        };
        let a = scope(&mut g, d1, "f: %a");
        let bb = scope(&mut g, d1, "f: %b");
        let c = scope(&mut g, d2, "g: %p");
        let l1 = g.add_tuple(vec![Operand::Node(a)]);
        let l2 = g.add_tuple(vec![Operand::Node(bb), Operand::Node(c)]);
        let lists = [
            ListUse {
                list: l1,
                as_scope: 3,
                as_noalias: 0,
            },
            ListUse {
                list: l2,
                as_scope: 0,
                as_noalias: 2,
            },
        ];
        let dot = scopes_dot(&g, &Unnumbered, &lists, &Labels::default());
        // 2 lists + 3 scopes + 2 domains; 3 list edges + 3 domain edges.
        assert_eq!(dot.nodes, 7);
        assert_eq!(dot.edges, 6);
        assert_eq!(dot.lines_with("subgraph cluster_"), 2);
        assert!(dot.text.contains("\\\"f: %a\\\""));
        assert!(dot.text.contains("3 as !alias.scope, 0 as !noalias"));
        // A domain is not drawn as a cycle through its self-reference.
        assert!(!dot.text.contains("cycle"));
    }

    #[test]
    fn every_name_of_a_scope_is_shown() {
        // The string-identified form: !{!"id", domain, !"description"}.
        let mut g = MetadataGraph::new();
        let dn = g.string("domain id");
        let d = g.add_tuple(vec![dn]);
        let id = g.string("scope id");
        let desc = g.string("callee: %p");
        let s = g.add_tuple(vec![id, Operand::Node(d), desc]);
        let l = g.add_tuple(vec![Operand::Node(s)]);
        let lists = [ListUse {
            list: l,
            as_scope: 1,
            as_noalias: 1,
        }];
        let dot = scopes_dot(&g, &Unnumbered, &lists, &Labels::default());
        assert!(
            dot.text
                .contains("\\\"scope id\\\" \\\"callee: %p\\\"\\nscope"),
            "{}",
            dot.text
        );
        assert!(
            dot.text.contains("\\\"domain id\\\"\\ndomain"),
            "{}",
            dot.text
        );
    }
}
