//! `aliaskit dot`: pictures of alias metadata, in graphviz's DOT language.
//!
//! * [`tbaa_dot`] (`tbaa.rs`): the TBAA type DAG reached from a module's access tags:
//!   roots, scalar types (with their parent), struct types as records of
//!   fields with offsets (and sizes in the new format), and the tags, each
//!   pointing at its base type and its access type and saying how many
//!   instructions carry it.
//! * [`scopes_dot`] (`scopes.rs`): scope domains as clusters holding their scopes, and
//!   the scope lists that use them, each saying how many instructions
//!   carry it as `!alias.scope` and as `!noalias`.
//!
//! Every node is labelled with all the names it has: its LLVM slot (`!7`,
//! given by the caller, which knows how `opt -S` numbers nodes) and its
//! name string. Nodes the caller marks (the verifier's findings) and
//! nodes that are not shaped like their role are drawn red with the
//! problem written on them; edges that lie on a cycle are drawn red and
//! labelled `cycle`.

//!
//! Both are made by one [`Builder`]: it numbers nodes, collects edges,
//! marks the edges that lie on a cycle and writes the DOT text.

mod scopes;
mod tbaa;

use std::fmt::Write as _;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::graph::NodeId;

pub use scopes::scopes_dot;
pub use tbaa::tbaa_dot;

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

#[cfg(test)]
impl Dot {
    /// How many lines of the text contain `what`.
    fn lines_with(&self, what: &str) -> usize {
        self.text.lines().filter(|l| l.contains(what)).count()
    }
}

/// Escapes text for a DOT record label (`{}|<>` are structure there).
pub(crate) fn record_escape(s: &str) -> String {
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
pub(crate) struct Builder<'a> {
    labels: &'a Labels,
    nodes: Vec<String>,
    edges: Vec<(String, NodeId, NodeId, String)>,
    ids: FxHashMap<NodeId, String>,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(labels: &'a Labels) -> Builder<'a> {
        Builder {
            labels,
            nodes: Vec::new(),
            edges: Vec::new(),
            ids: FxHashMap::default(),
        }
    }

    pub(crate) fn id(&mut self, n: NodeId) -> String {
        let next = self.ids.len();
        self.ids
            .entry(n)
            .or_insert_with(|| format!("n{next}"))
            .clone()
    }

    /// The first line of a label: slot and name.
    /// The first line of a label: the slot and every name, quoted.
    pub(crate) fn title(&self, n: NodeId, names: &[&str]) -> String {
        let mut parts: Vec<String> = self.labels.slots.get(&n).cloned().into_iter().collect();
        parts.extend(names.iter().map(|name| format!("{name:?}")));
        if parts.is_empty() {
            format!("<node {}>", n.0)
        } else {
            parts.join(" ")
        }
    }

    pub(crate) fn problems(&self, n: NodeId, extra: Option<&str>) -> Vec<String> {
        let mut p: Vec<String> = self.labels.problems.get(&n).cloned().unwrap_or_default();
        p.extend(extra.map(|e| format!("malformed: {e}")));
        p
    }

    pub(crate) fn node(&mut self, n: NodeId, attrs: &str, label: &str, problems: &[String]) {
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

    pub(crate) fn edge(&mut self, from_port: &str, from: NodeId, to: NodeId, attrs: &str) {
        self.edges
            .push((from_port.to_owned(), from, to, attrs.to_owned()));
    }

    /// Marks edges between nodes of one strongly connected component (and
    /// self-loops) as cycles, then writes the graph.
    pub(crate) fn finish(mut self, name: &str, clusters: &[(String, Vec<String>)]) -> Dot {
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
