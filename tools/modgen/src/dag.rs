//! The model of a TBAA type DAG: one node per type (a root, old-format
//! scalars and structs, new-format types), the questions about its shape
//! that the rest of the generator asks, and how each node is printed. What
//! the verifier accepts of it is in `verify_walk`.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::ir_type::Ty;

/// The format of a type node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Enc {
    Old,
    New,
}

#[derive(Clone, Debug)]
pub enum Kind {
    /// `!{!"name"}` or `!{}`.
    Root,
    /// `!{!"name", !parent}` or `!{!"name", !parent, i64 op2}`.
    OldScalar { parent: usize, op2: Option<u64> },
    /// `!{!"name", !T1, i64 o1, ...}`.
    OldStruct { fields: Vec<(usize, u64)> },
    /// `!{!parent, i64 size, !"name", [!T, i64 off, i64 size]*}`.
    New {
        parent: usize,
        fields: Vec<(usize, u64, u64)>,
    },
}

#[derive(Clone, Debug)]
pub struct TNode {
    pub name: Option<String>,
    pub kind: Kind,
    pub ty: Ty,
    pub size: u64,
    pub align: u64,
    /// Printed as `distinct !{...}` (not uniqued with an identical node).
    pub distinct: bool,
    /// New format: the id operand is `i64 <node number>` instead of a string.
    pub int_id: bool,
}

/// The type nodes of a module; node `n` is printed as `!n`.
pub struct Dag {
    pub nodes: Vec<TNode>,
}

impl Dag {
    pub fn nops(&self, n: usize) -> usize {
        match &self.nodes[n].kind {
            Kind::Root => usize::from(self.nodes[n].name.is_some()),
            Kind::OldScalar { op2, .. } => 2 + usize::from(op2.is_some()),
            Kind::OldStruct { fields } => 1 + 2 * fields.len(),
            Kind::New { fields, .. } => 3 + 3 * fields.len(),
        }
    }
    pub fn is_root(&self, n: usize) -> bool {
        self.nops(n) < 2
    }
    pub fn is_new(&self, n: usize) -> bool {
        matches!(self.nodes[n].kind, Kind::New { .. })
    }
    pub fn is_struct(&self, n: usize) -> bool {
        match &self.nodes[n].kind {
            Kind::OldStruct { .. } => true,
            Kind::New { fields, .. } => !fields.is_empty(),
            _ => false,
        }
    }
    /// An old-format scalar flagged constant (`!{!"const T", !P, i64 1}`):
    /// a legacy tag only, never the base of a struct-path tag.
    pub fn is_const_scalar(&self, n: usize) -> bool {
        matches!(self.nodes[n].kind, Kind::OldScalar { op2: Some(1), .. })
    }
    /// Offsets reachable by descending struct fields from `n`.
    pub fn struct_offsets(&self, n: usize, out: &mut BTreeSet<u64>, base: u64, depth: usize) {
        out.insert(base);
        if depth > 6 || out.len() > 64 {
            return;
        }
        let fields: Vec<(usize, u64)> = match &self.nodes[n].kind {
            Kind::OldStruct { fields } => fields.clone(),
            Kind::New { fields, .. } => fields.iter().map(|f| (f.0, f.1)).collect(),
            _ => return,
        };
        for (t, o) in fields {
            self.struct_offsets(t, out, base.wrapping_add(o), depth + 1);
        }
    }
    pub fn render(&self, n: usize) -> String {
        let node = &self.nodes[n];
        let name = || {
            if node.int_id {
                format!("i64 {n}")
            } else {
                format!("!\"{}\"", node.name.as_deref().unwrap_or(""))
            }
        };
        let body = match &node.kind {
            Kind::Root => match &node.name {
                Some(_) => format!("!{{{}}}", name()),
                None => "!{}".into(),
            },
            Kind::OldScalar { parent, op2 } => match op2 {
                None => format!("!{{{}, !{parent}}}", name()),
                Some(x) => format!("!{{{}, !{parent}, i64 {x}}}", name()),
            },
            Kind::OldStruct { fields } => {
                let mut s = format!("!{{{}", name());
                for (t, o) in fields {
                    let _ = write!(s, ", !{t}, i64 {o}");
                }
                s + "}"
            }
            Kind::New { parent, fields } => {
                let mut s = format!("!{{!{parent}, i64 {}, {}", node.size, name());
                for (t, o, sz) in fields {
                    let _ = write!(s, ", !{t}, i64 {o}, i64 {sz}");
                }
                s + "}"
            }
        };
        if node.distinct {
            format!("distinct {body}")
        } else {
            body
        }
    }
}
