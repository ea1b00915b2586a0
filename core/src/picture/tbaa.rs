//! The picture of a TBAA type DAG: each tag pointing at its base and access
//! type, then every type node the tags reach, drawn by its shape.

use std::fmt::Write as _;

use rustc_hash::FxHashSet;

use super::{record_escape, Builder, Dot, Labels, TagUse};
use crate::graph::{MetadataGraph, NodeId, Operand};
use crate::tbaa::nodes::{describe_tag, TypeNode};

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

/// A type node's shape, name, and size (new format).
struct DrawnType {
    shape: Shape,
    name: Option<String>,
    size: Option<u64>,
}

fn int_at(ops: &[Operand], i: usize) -> Option<u64> {
    ops.get(i).and_then(|o| o.as_int()).and_then(|v| v.value)
}

/// Fields from (type, offset[, size]) groups of `stride` operands.
fn fields(ops: &[Operand], stride: usize) -> Result<Vec<Field>, String> {
    let what = if stride == 3 {
        "fields are not (type, offset, size) triples"
    } else {
        "fields are not (type, offset) pairs"
    };
    if !ops.len().is_multiple_of(stride) {
        return Err(what.into());
    }
    ops.chunks(stride)
        .enumerate()
        .map(|(k, f)| {
            let size = if stride == 3 { int_at(f, 2) } else { Some(0) };
            match (f[0].as_node(), int_at(f, 1), size) {
                (Some(ty), Some(offset), Some(size)) => Ok(Field {
                    ty,
                    offset,
                    size: (stride == 3).then_some(size),
                }),
                _ => Err(format!(
                    "field {k} is not (type, offset{})",
                    if stride == 3 { ", size" } else { "" }
                )),
            }
        })
        .collect()
}

/// `!{parent, i64 size, id, [T, i64 offset, i64 size]*}`.
fn new_format(g: &MetadataGraph, t: TypeNode, ops: &[Operand]) -> DrawnType {
    let (name, size) = (t.name(g).map(str::to_owned), int_at(ops, 1));
    let l = t.layout();
    let shape = match (size, fields(&ops[l.first..], l.stride), ops[0].as_node()) {
        (None, ..) => Shape::Bad("operand 1 (size) is not an integer".into()),
        (_, Err(why), _) => Shape::Bad(why),
        (_, Ok(f), Some(parent)) if f.is_empty() => Shape::Scalar { parent },
        (_, Ok(f), None) if f.is_empty() => Shape::Root,
        (_, Ok(fields), parent) => Shape::Struct { parent, fields },
    };
    DrawnType { shape, name, size }
}

/// `!{"name"}` (a root), `!{"name", parent[, i64 0]}` (a scalar) or
/// `!{"name", T, i64 offset, ...}` (a struct).
fn old_format(g: &MetadataGraph, t: TypeNode, ops: &[Operand]) -> DrawnType {
    let shape = match ops.len() {
        0 | 1 => Shape::Root,
        n @ (2 | 3) => match ops[1].as_node() {
            Some(parent) if n == 2 || int_at(ops, 2).is_some() => Shape::Scalar { parent },
            Some(_) => Shape::Bad("operand 2 (offset) is not an integer".into()),
            None => Shape::Root,
        },
        _ => match fields(&ops[t.layout().first..], t.layout().stride) {
            Ok(fields) => Shape::Struct {
                parent: None,
                fields,
            },
            Err(why) => Shape::Bad(why),
        },
    };
    DrawnType {
        shape,
        name: t.name(g).map(str::to_owned),
        size: None,
    }
}

fn drawn_type(g: &MetadataGraph, ty: NodeId) -> DrawnType {
    let t = TypeNode::of(g, ty);
    match g.operands(ty) {
        Ok(ops) if t.new_format => new_format(g, t, ops),
        Ok(ops) => old_format(g, t, ops),
        Err(_) => DrawnType {
            shape: Shape::Bad("undefined node".into()),
            name: None,
            size: None,
        },
    }
}

/// The picture being drawn: the builder and the type nodes still to draw.
struct Picture<'a> {
    g: &'a MetadataGraph,
    labels: &'a Labels,
    b: Builder<'a>,
    queue: Vec<NodeId>,
    seen: FxHashSet<NodeId>,
    tags: FxHashSet<NodeId>,
}

impl Picture<'_> {
    fn visit(&mut self, n: NodeId) {
        if self.seen.insert(n) {
            self.queue.push(n);
        }
    }

    /// A tag: its node, and edges to its base and access type.
    fn tag(&mut self, t: &TagUse) {
        let ops = self.g.operands(t.tag).unwrap_or(&[]);
        let base = ops.first().and_then(|o| o.as_node());
        let access = ops.get(1).and_then(|o| o.as_node());
        let text = format!(
            "{}\ntag {}\n{} instruction{}",
            self.b.title(t.tag, &[]),
            describe_tag(self.g, t.tag),
            t.uses,
            if t.uses == 1 { "" } else { "s" }
        );
        let bad = match (base, access) {
            (Some(base), Some(access)) if base == access => {
                self.b.edge("", t.tag, base, "label=\"base = access\"");
                None
            }
            (Some(base), Some(access)) => {
                self.b.edge("", t.tag, base, "label=\"base\"");
                self.b
                    .edge("", t.tag, access, "label=\"access\", style=dashed");
                None
            }
            _ => Some("base or access type is not a node"),
        };
        let problems = self.b.problems(t.tag, bad);
        let style = "shape=note, style=filled, fillcolor=lightyellow";
        self.b.node(t.tag, style, &text, &problems);
        for n in [base, access].into_iter().flatten() {
            self.visit(n);
        }
    }

    /// A type node, drawn by its shape, and the edges to what it names.
    fn draw_type(&mut self, ty: NodeId) {
        if self.tags.contains(&ty) {
            // A tag used as a type: drawn once, as a tag.
            return;
        }
        let DrawnType { shape, name, size } = drawn_type(self.g, ty);
        let title = self.b.title(ty, name.as_deref().as_slice());
        let size = size.map(|s| format!(", size {s}")).unwrap_or_default();
        let parent_edge = "label=\"parent\", arrowhead=empty";
        match shape {
            Shape::Root => {
                let problems = self.b.problems(ty, None);
                self.b.node(
                    ty,
                    "shape=doubleoctagon",
                    &format!("{title}\nroot"),
                    &problems,
                );
            }
            Shape::Scalar { parent } => {
                let problems = self.b.problems(ty, None);
                let text = format!("{title}\nscalar{size}");
                self.b.node(ty, "shape=ellipse", &text, &problems);
                self.b.edge("", ty, parent, parent_edge);
                self.visit(parent);
            }
            Shape::Struct { parent, fields } => {
                self.struct_node(ty, &title, &size, &fields);
                if let Some(p) = parent {
                    self.b.edge("", ty, p, parent_edge);
                    self.visit(p);
                }
            }
            Shape::Bad(why) => {
                let problems = self.b.problems(ty, Some(&why));
                let text = format!("{title}\ntype node");
                self.b.node(ty, "shape=box", &text, &problems);
                // Still draw where its node operands lead.
                for op in self.g.operands(ty).unwrap_or(&[]) {
                    if let Operand::Node(n) = *op {
                        self.b.edge("", ty, n, "style=dotted");
                        self.visit(n);
                    }
                }
            }
        }
    }

    /// A struct type: a record with a port per field, an edge from each.
    fn struct_node(&mut self, ty: NodeId, title: &str, size: &str, fields: &[Field]) {
        let mut label = format!("{}\\nstruct{}", record_escape(title), record_escape(size));
        for (k, f) in fields.iter().enumerate() {
            let name = match drawn_type(self.g, f.ty).name {
                Some(n) => format!("{n:?}"),
                None => self
                    .labels
                    .slots
                    .get(&f.ty)
                    .cloned()
                    .unwrap_or_else(|| "?".into()),
            };
            let fsize = f.size.map(|s| format!(" (size {s})")).unwrap_or_default();
            let field = format!("offset {}: {name}{fsize}", f.offset as i64);
            let _ = write!(label, "|<f{k}> {}", record_escape(&field));
            self.b.edge(&format!(":f{k}"), ty, f.ty, "");
            self.visit(f.ty);
        }
        let problems = self.b.problems(ty, None);
        self.b.node(ty, "shape=record", &label, &problems);
    }
}

/// The TBAA type DAG reached from `tags`.
pub fn tbaa_dot(g: &MetadataGraph, tags: &[TagUse], labels: &Labels) -> Dot {
    let mut p = Picture {
        g,
        labels,
        b: Builder::new(labels),
        queue: Vec::new(),
        seen: FxHashSet::default(),
        tags: tags.iter().map(|t| t.tag).collect(),
    };
    for t in tags {
        p.tag(t);
    }
    // Breadth-first, so that nodes come in the order tags reach them.
    let mut next = 0;
    while next < p.queue.len() {
        let ty = p.queue[next];
        next += 1;
        p.draw_type(ty);
    }
    p.b.finish("tbaa", &[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tbaa::build::{CScalars, TypeDag};

    #[test]
    fn tbaa_picture_has_every_tag_type_and_edge() {
        let mut d = TypeDag::new();
        let CScalars { int, float, .. } = d.c_scalars();
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
        assert_eq!(dot.lines_with(" -> "), dot.edges);
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
        assert_eq!(dot.lines_with("xlabel=\"cycle\""), 2);
        assert!(dot
            .text
            .contains("malformed: operand 2 (offset) is not an integer"));
    }
}
