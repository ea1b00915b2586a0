//! A builder for TBAA type DAGs and tags, in the shapes front ends emit.
//!
//! Nodes are uniqued like LLVM's `MDNode::get`: asking twice for the same
//! operands gives the same node. Tests and generators use it to write type
//! DAGs the way clang writes them.

use rustc_hash::FxHashMap;

use crate::graph::{MetadataGraph, NodeId, Operand};

/// A graph plus uniquing, with one constructor per TBAA node shape.
#[derive(Clone, Debug, Default)]
pub struct TypeDag {
    pub g: MetadataGraph,
    uniq: FxHashMap<Vec<Operand>, NodeId>,
}

impl TypeDag {
    pub fn new() -> TypeDag {
        TypeDag::default()
    }

    /// The uniqued tuple with these operands.
    pub fn tuple(&mut self, operands: Vec<Operand>) -> NodeId {
        if let Some(&id) = self.uniq.get(&operands) {
            return id;
        }
        let id = self.g.add_tuple(operands.clone());
        self.uniq.insert(operands, id);
        id
    }

    /// A root: `!{!"name"}`.
    pub fn root(&mut self, name: &str) -> NodeId {
        let s = self.g.string(name);
        self.tuple(vec![s])
    }

    /// An old-format scalar as clang writes it: `!{!"name", parent, i64 0}`.
    pub fn old_scalar(&mut self, name: &str, parent: NodeId) -> NodeId {
        let s = self.g.string(name);
        self.tuple(vec![s, Operand::Node(parent), Operand::int64(0)])
    }

    /// An old-format scalar without the offset operand: `!{!"name", parent}`.
    pub fn old_scalar2(&mut self, name: &str, parent: NodeId) -> NodeId {
        let s = self.g.string(name);
        self.tuple(vec![s, Operand::Node(parent)])
    }

    /// An old-format struct: `!{!"name", T1, i64 off1, ...}`.
    pub fn old_struct(&mut self, name: &str, fields: &[(NodeId, u64)]) -> NodeId {
        let mut ops = vec![self.g.string(name)];
        for &(ty, off) in fields {
            ops.push(Operand::Node(ty));
            ops.push(Operand::int64(off));
        }
        self.tuple(ops)
    }

    /// A new-format scalar: `!{parent, i64 size, !"name"}`.
    pub fn new_scalar(&mut self, parent: NodeId, size: u64, name: &str) -> NodeId {
        let s = self.g.string(name);
        self.tuple(vec![Operand::Node(parent), Operand::int64(size), s])
    }

    /// A new-format struct: `!{parent, i64 size, !"name", T, i64 off, i64 size, ...}`.
    pub fn new_struct(
        &mut self,
        parent: NodeId,
        size: u64,
        name: &str,
        fields: &[(NodeId, u64, u64)],
    ) -> NodeId {
        let mut ops = vec![
            Operand::Node(parent),
            Operand::int64(size),
            self.g.string(name),
        ];
        for &(ty, off, sz) in fields {
            ops.push(Operand::Node(ty));
            ops.push(Operand::int64(off));
            ops.push(Operand::int64(sz));
        }
        self.tuple(ops)
    }

    /// An old-format tag: `!{base, access, i64 offset}`.
    pub fn old_tag(&mut self, base: NodeId, access: NodeId, offset: u64) -> NodeId {
        self.tuple(vec![
            Operand::Node(base),
            Operand::Node(access),
            Operand::int64(offset),
        ])
    }

    /// An old-format tag with an immutability flag.
    pub fn old_tag_flag(&mut self, base: NodeId, access: NodeId, offset: u64, flag: u64) -> NodeId {
        self.tuple(vec![
            Operand::Node(base),
            Operand::Node(access),
            Operand::int64(offset),
            Operand::int64(flag),
        ])
    }

    /// A new-format tag: `!{base, access, i64 offset, i64 size}`.
    pub fn new_tag(&mut self, base: NodeId, access: NodeId, offset: u64, size: u64) -> NodeId {
        self.tuple(vec![
            Operand::Node(base),
            Operand::Node(access),
            Operand::int64(offset),
            Operand::int64(size),
        ])
    }

    /// A new-format tag with an immutability flag.
    pub fn new_tag_flag(
        &mut self,
        base: NodeId,
        access: NodeId,
        offset: u64,
        size: u64,
        flag: u64,
    ) -> NodeId {
        self.tuple(vec![
            Operand::Node(base),
            Operand::Node(access),
            Operand::int64(offset),
            Operand::int64(size),
            Operand::int64(flag),
        ])
    }
}
