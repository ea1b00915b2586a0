//! `aliaskit dot`: pictures of alias metadata, in graphviz's DOT language.
//!
//! * [`tbaa_dot`]: the TBAA type DAG reached from a module's access tags:
//!   roots, scalar types (with their parent), struct types as records of
//!   fields with offsets (and sizes in the new format), and the tags, each
//!   pointing at its base type and its access type and saying how many
//!   instructions carry it.
//! * [`scopes_dot`]: scope domains as clusters holding their scopes, and
//!   the scope lists that use them, each saying how many instructions
//!   carry it as `!alias.scope` and as `!noalias`.
//!
//! Every node is labelled with all the names it has: its LLVM slot (`!7`,
//! given by the caller, which knows how `opt -S` numbers nodes) and its
//! name string. Nodes the caller marks (the verifier's findings) and
//! nodes that are not shaped like their role are drawn red with the
//! problem written on them; edges that lie on a cycle are drawn red and
//! labelled `cycle`.

use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::graph::{MetadataGraph, NodeId, Operand};
use crate::scoped::{scope_domain, scope_name};
use crate::tbaa::nodes::{describe_tag, is_new_format_type};

/// A tag and how many instructions carry it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TagUse {
    pub tag: NodeId,
    pub uses: usize,
}

/// A scope list and how many instructions carry it, in each role.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ListUse {
    pub list: NodeId,
    pub as_scope: usize,
    pub as_noalias: usize,
}

/// What the caller knows about nodes: their LLVM slot names, and problems
/// (written on the node as they are, e.g. the verifier's findings).
#[derive(Clone, Debug, Default)]
pub struct Labels {
    pub slots: FxHashMap<NodeId, String>,
    pub problems: FxHashMap<NodeId, Vec<String>>,
}

/// A rendered picture and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dot {
    pub text: String,
    pub nodes: usize,
    pub edges: usize,
}

/// A type node, as its operands shape it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Shape {
    Root,
    Scalar {
        parent: NodeId,
    },
    Struct {
        parent: Option<NodeId>,
        fields: Vec<Field>,
    },
    Bad(String),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Field {
    ty: NodeId,
    offset: u64,
    size: Option<u64>,
}

fn int_at(ops: &[Operand], i: usize) -> Option<u64> {
    ops.get(i).and_then(|o| o.as_int()).and_then(|v| v.value)
}

fn string_at(g: &MetadataGraph, ops: &[Operand], i: usize) -> Option<String> {
    match ops.get(i) {
        Some(Operand::String(s)) => Some(g.str(*s).to_owned()),
        _ => None,
    }
}

/// The shape of a type node, its name, and its size (new format).
fn shape(g: &MetadataGraph, ty: NodeId) -> (Shape, Option<String>, Option<u64>) {
    let Ok(ops) = g.operands(ty) else {
        return (Shape::Bad("undefined node".into()), None, None);
    };
    if is_new_format_type(g, ty) {
        let parent = ops[0].as_node();
        let size = int_at(ops, 1);
        let name = string_at(g, ops, 2);
        let fields = &ops[3..];
        if size.is_none() {
            return (
                Shape::Bad("operand 1 (size) is not an integer".into()),
                name,
                None,
            );
        }
        if fields.len() % 3 != 0 {
            return (
                Shape::Bad("fields are not (type, offset, size) triples".into()),
                name,
                size,
            );
        }
        let mut out = Vec::new();
        for (k, f) in fields.chunks(3).enumerate() {
            match (f[0].as_node(), int_at(f, 1), int_at(f, 2)) {
                (Some(t), Some(offset), Some(fsize)) => out.push(Field {
                    ty: t,
                    offset,
                    size: Some(fsize),
                }),
                _ => {
                    return (
                        Shape::Bad(format!("field {k} is not (type, offset, size)")),
                        name,
                        size,
                    )
                }
            }
        }
        let s = match (out.is_empty(), parent) {
            (true, Some(p)) => Shape::Scalar { parent: p },
            (true, None) => Shape::Root,
            (false, parent) => Shape::Struct {
                parent,
                fields: out,
            },
        };
        return (s, name, size);
    }
    let name = string_at(g, ops, 0);
    match ops.len() {
        0 | 1 => (Shape::Root, name, None),
        2 | 3 => match ops[1].as_node() {
            Some(p) if ops.len() == 2 || int_at(ops, 2).is_some() => {
                (Shape::Scalar { parent: p }, name, None)
            }
            Some(_) => (
                Shape::Bad("operand 2 (offset) is not an integer".into()),
                name,
                None,
            ),
            None => (Shape::Root, name, None),
        },
        n if (n - 1) % 2 == 0 => {
            let mut out = Vec::new();
            for (k, f) in ops[1..].chunks(2).enumerate() {
                match (f[0].as_node(), int_at(f, 1)) {
                    (Some(t), Some(offset)) => out.push(Field {
                        ty: t,
                        offset,
                        size: None,
                    }),
                    _ => {
                        return (
                            Shape::Bad(format!("field {k} is not (type, offset)")),
                            name,
                            None,
                        )
                    }
                }
            }
            (
                Shape::Struct {
                    parent: None,
                    fields: out,
                },
                name,
                None,
            )
        }
        _ => (
            Shape::Bad("fields are not (type, offset) pairs".into()),
            name,
            None,
        ),
    }
}

/// Escapes text for a DOT record label (`{}|<>` are structure there).
fn record_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if matches!(c, '{' | '}' | '|' | '<' | '>' | '"' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes text for a quoted DOT string.
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Collects nodes and edges, then writes them.
struct Builder<'a> {
    labels: &'a Labels,
    nodes: Vec<String>,
    edges: Vec<(String, NodeId, NodeId, String)>,
    ids: FxHashMap<NodeId, String>,
}

impl<'a> Builder<'a> {
    fn new(labels: &'a Labels) -> Builder<'a> {
        Builder {
            labels,
            nodes: Vec::new(),
            edges: Vec::new(),
            ids: FxHashMap::default(),
        }
    }

    fn id(&mut self, n: NodeId) -> String {
        let next = self.ids.len();
        self.ids
            .entry(n)
            .or_insert_with(|| format!("n{next}"))
            .clone()
    }

    /// The first line of a label: slot and name.
    fn title(&self, n: NodeId, name: Option<&str>) -> String {
        let slot = self.labels.slots.get(&n).map(String::as_str);
        match (slot, name) {
            (Some(s), Some(name)) => format!("{s} {name:?}"),
            (Some(s), None) => s.to_owned(),
            (None, Some(name)) => format!("{name:?}"),
            (None, None) => format!("<node {}>", n.0),
        }
    }

    fn problems(&self, n: NodeId, extra: Option<&str>) -> Vec<String> {
        let mut p: Vec<String> = self.labels.problems.get(&n).cloned().unwrap_or_default();
        p.extend(extra.map(|e| format!("malformed: {e}")));
        p
    }

    fn node(&mut self, n: NodeId, attrs: &str, label: &str, problems: &[String]) {
        let id = self.id(n);
        let mut label = label.to_owned();
        let mut attrs = attrs.to_owned();
        if !problems.is_empty() {
            attrs.push_str(", color=red, fontcolor=red, penwidth=2");
            for p in problems {
                if attrs.contains("record") {
                    label.push_str(&format!("|{}", record_escape(p)));
                } else {
                    label.push_str(&format!("\n{p}"));
                }
            }
        }
        let label = if attrs.contains("record") {
            format!("\"{{{label}}}\"")
        } else {
            quote(&label)
        };
        self.nodes.push(format!("  {id} [{attrs}, label={label}];"));
    }

    fn edge(&mut self, from_port: &str, from: NodeId, to: NodeId, attrs: &str) {
        self.edges
            .push((from_port.to_owned(), from, to, attrs.to_owned()));
    }

    /// Marks edges between nodes of one strongly connected component (and
    /// self-loops) as cycles, then writes the graph.
    fn finish(mut self, name: &str, clusters: &[(String, Vec<String>)]) -> Dot {
        let on_cycle = cyclic_edges(&self.edges);
        let mut text = format!(
            "digraph {} {{\n  rankdir=BT;\n  node [fontname=\"Helvetica\", fontsize=10];\n  edge [fontname=\"Helvetica\", fontsize=9];\n",
            quote(name)
        );
        for line in &self.nodes {
            text.push_str(line);
            text.push('\n');
        }
        for (k, (label, members)) in clusters.iter().enumerate() {
            let _ = writeln!(text, "  subgraph cluster_{k} {{");
            let _ = writeln!(
                text,
                "    label={}; style=rounded; color=gray40;",
                quote(label)
            );
            for m in members {
                let _ = writeln!(text, "    {m};");
            }
            text.push_str("  }\n");
        }
        let edges = std::mem::take(&mut self.edges);
        for (k, (port, from, to, attrs)) in edges.iter().enumerate() {
            let (f, t) = (self.id(*from), self.id(*to));
            let mut attrs = attrs.clone();
            if on_cycle.contains(&k) {
                attrs = format!("{attrs}, color=red, fontcolor=red, xlabel=\"cycle\"");
            }
            let _ = writeln!(
                text,
                "  {f}{port} -> {t} [{}];",
                attrs.trim_start_matches(", ")
            );
        }
        text.push_str("}\n");
        Dot {
            text,
            nodes: self.nodes.len(),
            edges: edges.len(),
        }
    }
}

/// Indices of the edges that lie on a cycle (Tarjan's strongly connected
/// components, iteratively).
fn cyclic_edges(edges: &[(String, NodeId, NodeId, String)]) -> FxHashSet<usize> {
    let mut succ: FxHashMap<NodeId, Vec<NodeId>> = FxHashMap::default();
    let mut all: Vec<NodeId> = Vec::new();
    for (_, a, b, _) in edges {
        succ.entry(*a).or_default().push(*b);
        all.push(*a);
        all.push(*b);
    }
    all.sort();
    all.dedup();
    let mut index: FxHashMap<NodeId, usize> = FxHashMap::default();
    let mut low: FxHashMap<NodeId, usize> = FxHashMap::default();
    let mut comp: FxHashMap<NodeId, usize> = FxHashMap::default();
    let mut stack: Vec<NodeId> = Vec::new();
    let mut on_stack: FxHashSet<NodeId> = FxHashSet::default();
    let mut counter = 0;
    let mut ncomp = 0;
    for &start in &all {
        if index.contains_key(&start) {
            continue;
        }
        // (node, next successor to look at)
        let mut call: Vec<(NodeId, usize)> = vec![(start, 0)];
        index.insert(start, counter);
        low.insert(start, counter);
        counter += 1;
        stack.push(start);
        on_stack.insert(start);
        while let Some(&mut (v, ref mut k)) = call.last_mut() {
            let next = succ.get(&v).and_then(|s| s.get(*k)).copied();
            *k += 1;
            match next {
                Some(w) if !index.contains_key(&w) => {
                    index.insert(w, counter);
                    low.insert(w, counter);
                    counter += 1;
                    stack.push(w);
                    on_stack.insert(w);
                    call.push((w, 0));
                }
                Some(w) => {
                    if on_stack.contains(&w) {
                        let lw = index[&w].min(low[&v]);
                        low.insert(v, lw);
                    }
                }
                None => {
                    call.pop();
                    if let Some(&(u, _)) = call.last() {
                        let lu = low[&u].min(low[&v]);
                        low.insert(u, lu);
                    }
                    if low[&v] == index[&v] {
                        while let Some(w) = stack.pop() {
                            on_stack.remove(&w);
                            comp.insert(w, ncomp);
                            if w == v {
                                break;
                            }
                        }
                        ncomp += 1;
                    }
                }
            }
        }
    }
    edges
        .iter()
        .enumerate()
        .filter(|(_, (_, a, b, _))| a == b || comp.get(a) == comp.get(b))
        .map(|(k, _)| k)
        .collect()
}

/// The TBAA type DAG reached from `tags`.
pub fn tbaa_dot(g: &MetadataGraph, tags: &[TagUse], labels: &Labels) -> Dot {
    let mut b = Builder::new(labels);
    let mut types: Vec<NodeId> = Vec::new();
    let mut seen: FxHashSet<NodeId> = FxHashSet::default();
    let tag_set: FxHashSet<NodeId> = tags.iter().map(|t| t.tag).collect();
    let mut visit = |n: NodeId, types: &mut Vec<NodeId>| {
        if seen.insert(n) {
            types.push(n);
        }
    };
    for t in tags {
        let ops = g.operands(t.tag).unwrap_or(&[]);
        let base = ops.first().and_then(|o| o.as_node());
        let access = ops.get(1).and_then(|o| o.as_node());
        let mut text = format!(
            "{}\ntag {}\n{} instruction{}",
            b.title(t.tag, None),
            describe_tag(g, t.tag),
            t.uses,
            if t.uses == 1 { "" } else { "s" }
        );
        let bad = match (base, access) {
            (Some(_), Some(_)) => None,
            _ => Some("base or access type is not a node"),
        };
        if let (Some(base), Some(access)) = (base, access) {
            if base == access {
                b.edge("", t.tag, base, "label=\"base = access\"");
            } else {
                b.edge("", t.tag, base, "label=\"base\"");
                b.edge("", t.tag, access, "label=\"access\", style=dashed");
            }
        }
        text = text.replace("\n\n", "\n");
        let problems = b.problems(t.tag, bad);
        b.node(
            t.tag,
            "shape=note, style=filled, fillcolor=lightyellow",
            &text,
            &problems,
        );
        for n in [base, access].into_iter().flatten() {
            visit(n, &mut types);
        }
    }
    let mut next = 0;
    while next < types.len() {
        let ty = types[next];
        next += 1;
        if tag_set.contains(&ty) {
            // A tag used as a type: drawn once, as a tag, and marked.
            continue;
        }
        let (s, name, size) = shape(g, ty);
        let title = b.title(ty, name.as_deref());
        let size_text = size.map(|s| format!(", size {s}")).unwrap_or_default();
        match s {
            Shape::Root => {
                let problems = b.problems(ty, None);
                b.node(
                    ty,
                    "shape=doubleoctagon",
                    &format!("{title}\nroot"),
                    &problems,
                );
            }
            Shape::Scalar { parent } => {
                let problems = b.problems(ty, None);
                b.node(
                    ty,
                    "shape=ellipse",
                    &format!("{title}\nscalar{size_text}"),
                    &problems,
                );
                b.edge("", ty, parent, "label=\"parent\", arrowhead=empty");
                visit(parent, &mut types);
            }
            Shape::Struct { parent, fields } => {
                let mut label = format!(
                    "{}\\nstruct{}",
                    record_escape(&title),
                    record_escape(&size_text)
                );
                for (k, f) in fields.iter().enumerate() {
                    let fname = match shape(g, f.ty).1 {
                        Some(n) => format!("{n:?}"),
                        None => labels
                            .slots
                            .get(&f.ty)
                            .cloned()
                            .unwrap_or_else(|| "?".into()),
                    };
                    let fsize = f.size.map(|s| format!(" (size {s})")).unwrap_or_default();
                    let _ = write!(
                        label,
                        "|<f{k}> {}",
                        record_escape(&format!("offset {}: {fname}{fsize}", f.offset as i64))
                    );
                    b.edge(&format!(":f{k}"), ty, f.ty, "");
                    visit(f.ty, &mut types);
                }
                if let Some(p) = parent {
                    b.edge("", ty, p, "label=\"parent\", arrowhead=empty");
                    visit(p, &mut types);
                }
                let problems = b.problems(ty, None);
                b.node(ty, "shape=record", &label, &problems);
            }
            Shape::Bad(why) => {
                let problems = b.problems(ty, Some(&why));
                b.node(ty, "shape=box", &format!("{title}\ntype node"), &problems);
                // Still draw where its node operands lead.
                for op in g.operands(ty).unwrap_or(&[]) {
                    if let Operand::Node(n) = *op {
                        b.edge("", ty, n, "style=dotted");
                        visit(n, &mut types);
                    }
                }
            }
        }
    }
    b.finish("tbaa", &[])
}

/// Scope domains, their scopes, and the lists that use them.
pub fn scopes_dot(g: &MetadataGraph, lists: &[ListUse], labels: &Labels) -> Dot {
    let mut b = Builder::new(labels);
    let mut scopes: Vec<NodeId> = Vec::new();
    let mut seen: FxHashSet<NodeId> = FxHashSet::default();
    for l in lists {
        let text = format!(
            "{}\nscope list\n{} as !alias.scope, {} as !noalias",
            b.title(l.list, None),
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
        let title = b.title(s, scope_name(g, s));
        let domain = scope_domain(g, s).ok().flatten();
        let (text, bad) = match domain {
            Some(_) => (format!("{title}\nscope"), None),
            None => (
                format!("{title}\nscope"),
                Some("no domain: ignored by the analysis"),
            ),
        };
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
        let title = b.title(d, scope_name(g, d));
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
    use crate::tbaa::build::TypeDag;

    fn count(dot: &str, what: &str) -> usize {
        dot.lines().filter(|l| l.contains(what)).count()
    }

    #[test]
    fn tbaa_picture_has_every_tag_type_and_edge() {
        let mut d = TypeDag::new();
        let root = d.root("Simple C/C++ TBAA");
        let ch = d.old_scalar("omnipotent char", root);
        let int = d.old_scalar("int", ch);
        let float = d.old_scalar("float", ch);
        let s = d.old_struct("Point", &[(int, 0), (float, 4)]);
        let t_int = d.old_tag(int, int, 0);
        let t_y = d.old_tag(s, float, 4);
        let tags = [
            TagUse {
                tag: t_int,
                uses: 2,
            },
            TagUse { tag: t_y, uses: 1 },
        ];
        let mut labels = Labels::default();
        labels.slots.insert(t_y, "!9".into());
        let dot = tbaa_dot(&d.g, &tags, &labels);
        // 2 tags + root, char, int, float, Point.
        assert_eq!(dot.nodes, 7);
        // int tag: 1 (base = access); Point tag: 2; int, float, char: a
        // parent each; Point: 2 fields.
        assert_eq!(dot.edges, 1 + 2 + 3 + 2);
        assert_eq!(count(&dot.text, " -> "), dot.edges);
        assert!(dot.text.contains("!9"));
        assert!(dot.text.contains("\\\"Point\\\""));
        assert!(dot.text.contains("offset 4: \\\"float\\\""));
        assert!(dot.text.contains("2 instructions"));
        assert!(!dot.text.contains("red"));
    }

    #[test]
    fn cycles_and_malformed_nodes_are_marked() {
        let mut g = MetadataGraph::new();
        let a = g.reserve();
        let bn = g.reserve();
        let na = g.string("A");
        let nb = g.string("B");
        g.define_tuple(a, vec![na, Operand::Node(bn), Operand::int64(0)]);
        g.define_tuple(bn, vec![nb, Operand::Node(a), Operand::int64(0)]);
        let bad_name = g.string("bad");
        let bad = g.add_tuple(vec![
            bad_name,
            Operand::Node(a),
            Operand::String(match nb {
                Operand::String(s) => s,
                _ => unreachable!(),
            }),
        ]);
        let tag = g.add_tuple(vec![Operand::Node(a), Operand::Node(a), Operand::int64(0)]);
        let tag2 = g.add_tuple(vec![
            Operand::Node(bad),
            Operand::Node(bad),
            Operand::int64(0),
        ]);
        let dot = tbaa_dot(
            &g,
            &[TagUse { tag, uses: 1 }, TagUse { tag: tag2, uses: 1 }],
            &Labels::default(),
        );
        assert_eq!(count(&dot.text, "xlabel=\"cycle\""), 2);
        assert!(dot
            .text
            .contains("malformed: operand 2 (offset) is not an integer"));
    }

    #[test]
    fn scopes_picture_clusters_domains() {
        let mut g = MetadataGraph::new();
        let mk_domain = |g: &mut MetadataGraph, name: &str| {
            let d = g.reserve();
            let s = g.string(name);
            g.define_tuple(d, vec![Operand::Node(d), s]);
            d
        };
        let d1 = mk_domain(&mut g, "f");
        let d2 = mk_domain(&mut g, "g");
        let scope = |g: &mut MetadataGraph, d: NodeId, name: &str| {
            let s = g.reserve();
            let n = g.string(name);
            g.define_tuple(s, vec![Operand::Node(s), Operand::Node(d), n]);
            s
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
        let dot = scopes_dot(&g, &lists, &Labels::default());
        // 2 lists + 3 scopes + 2 domains; 3 list edges + 3 domain edges.
        assert_eq!(dot.nodes, 7);
        assert_eq!(dot.edges, 6);
        assert_eq!(count(&dot.text, "subgraph cluster_"), 2);
        assert!(dot.text.contains("\\\"f: %a\\\""));
        assert!(dot.text.contains("3 as !alias.scope, 0 as !noalias"));
        // A domain is not drawn as a cycle through its self-reference.
        assert!(!dot.text.contains("cycle"));
    }
}
