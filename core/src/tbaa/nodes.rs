//! Type nodes and access tags: what each operand of a TBAA node means.
//!
//! Three encodings share one graph, and each node is classified on its own
//! (a chain may mix them: a new-format type's parent is usually an old-style
//! one-operand root).
//!
//! * Old scalar type: `!{!"name", parent}` or `!{!"name", parent, i64 0}`;
//!   a root is any node with fewer than two operands (`!{!"root"}`, `!{}`).
//! * Old struct type: `!{!"name", T1, i64 off1, T2, i64 off2, ...}`: pairs of
//!   (field type, offset) after the name.
//! * New (size-aware) type: `!{parent, i64 size, id, [T, i64 off, i64 size]*}`.
//!   A type node is new-format iff it has at least three operands and its
//!   first operand is a node (old nodes start with a string).
//!
//! An access tag is `!{base, access, i64 offset [, i64 immutable]}` (old) or
//! `!{base, access, i64 offset, i64 size [, i64 immutable]}` (new). A tag is
//! new-format iff it has at least four operands and its access type is not an
//! old-format node.
//!
//! The accessors mirror LLVM's `TBAANode`, `TBAAStructTypeNode` and
//! `TBAAStructTagNode` read for read. Where LLVM's read would be undefined
//! (an operand that is missing or of the wrong kind), they return a
//! [`Malformed`] error naming the node.

use crate::graph::{IntValue, Malformed, MetadataGraph, NodeId, Operand, Problem};

/// A type node read in one encoding (`TBAANode` / `TBAAStructTypeNode`):
/// the one place that knows which operand is the parent, the name, the
/// size and each field.
///
/// The alias analysis reads every node in its own encoding
/// ([`TypeNode::of`]); LLVM's verifier reads every node of a tag's walk in
/// the encoding of the tag's access type ([`TypeNode::in_format`]), which
/// differs when a chain mixes encodings.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TypeNode {
    pub node: NodeId,
    pub new_format: bool,
}

/// Where the fields of a struct type node are: the operand index of the
/// first field's type, and how many operands each field takes (type and
/// offset; new format: type, offset and size).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    pub first: usize,
    pub stride: usize,
}

impl FieldLayout {
    const OLD: FieldLayout = FieldLayout {
        first: 1,
        stride: 2,
    };
    const NEW: FieldLayout = FieldLayout {
        first: 3,
        stride: 3,
    };

    /// The operand index of each field's type in a node of `n` operands,
    /// in order (the last may be incomplete: its later operands missing).
    pub fn field_starts(self, n: usize) -> impl Iterator<Item = usize> {
        (self.first..n.max(self.first)).step_by(self.stride)
    }

    /// `getNumFields` of a node of `n` operands; `None` when it has fewer
    /// operands than the first field's index (LLVM's unsigned count wraps).
    pub fn count(self, n: usize) -> Option<usize> {
        n.checked_sub(self.first).map(|rest| rest / self.stride)
    }
}

impl TypeNode {
    /// `isNewFormatTypeNode`: at least three operands, the first a node
    /// (old nodes start with a string). An opaque node's first operand is
    /// unknown: it counts as old-format, which only matters for malformed
    /// input, whose operand reads then fail anyway.
    pub fn is_new_format(g: &MetadataGraph, ty: NodeId) -> bool {
        match g.operands(ty) {
            Ok(ops) => ops.len() >= 3 && matches!(ops[0], Operand::Node(_)),
            Err(_) => false,
        }
    }

    /// The node in its own encoding, as the alias analysis reads it.
    pub fn of(g: &MetadataGraph, ty: NodeId) -> TypeNode {
        TypeNode::in_format(ty, TypeNode::is_new_format(g, ty))
    }

    /// [`TypeNode::of`] where LLVM's read would be undefined: a node of
    /// three or more operands whose operand 0 is null makes LLVM's
    /// `isNewFormatTypeNode` dereference null ([`Problem::NullFirstOperand`]).
    pub fn read(g: &MetadataGraph, ty: NodeId) -> Result<TypeNode, Malformed> {
        match g.operands(ty) {
            Ok(ops) if ops.len() >= 3 && ops[0] == Operand::Null => {
                Err(Malformed::new(ty, Problem::NullFirstOperand))
            }
            _ => Ok(TypeNode::of(g, ty)),
        }
    }

    /// The node read as `new_format` says, whatever it looks like.
    pub fn in_format(ty: NodeId, new_format: bool) -> TypeNode {
        TypeNode {
            node: ty,
            new_format,
        }
    }

    /// Where its fields are.
    pub fn layout(self) -> FieldLayout {
        if self.new_format {
            FieldLayout::NEW
        } else {
            FieldLayout::OLD
        }
    }

    /// The parent in the type DAG (`TBAANode::getParent`): operand 0 of a
    /// new-format node, operand 1 of an old-format node when it is a node;
    /// none for an old-format root (fewer than two operands).
    pub fn parent(self, g: &MetadataGraph) -> Result<Option<NodeId>, Malformed> {
        let ops = g.operands(self.node)?;
        if self.new_format {
            return Ok(ops.first().and_then(|o| o.as_node()));
        }
        Ok(ops.get(1).and_then(|o| o.as_node()))
    }

    /// Its size in bytes (new format: operand 1).
    pub fn size(self, g: &MetadataGraph) -> Result<u64, Malformed> {
        debug_assert!(self.new_format, "old-format types have no size");
        g.int_operand(self.node, 1)
    }

    /// Its identifier string (operand 0 in the old format, operand 2 in
    /// the new one), if it has one.
    pub fn name(self, g: &MetadataGraph) -> Option<&str> {
        let index = if self.new_format { 2 } else { 0 };
        match g.operand(self.node, index) {
            Ok(Operand::String(s)) => Some(g.str(s)),
            _ => None,
        }
    }

    /// The field types (`getNumFields` / `getFieldType`).
    ///
    /// For old-format scalars this is their parent (LLVM makes no
    /// distinction between fields and parents in the old format). A field
    /// type that is not a node, or a node with fewer operands than its
    /// layout needs, is malformed.
    pub fn field_types(self, g: &MetadataGraph) -> Result<Vec<NodeId>, Malformed> {
        let n = g.operands(self.node)?.len();
        let layout = self.layout();
        let count = layout
            .count(n)
            .ok_or(Malformed::new(self.node, Problem::TooFewOperands))?;
        (0..count)
            .map(|i| g.required_node_operand(self.node, layout.first + i * layout.stride))
            .collect()
    }

    /// Whether it has no fields at all (so no field of any type, at any
    /// depth): its operands read, and none is in a field position.
    pub fn has_no_fields(self, g: &MetadataGraph) -> bool {
        let Ok(ops) = g.operands(self.node) else {
            return false;
        };
        self.layout().count(ops.len()) == Some(0)
    }

    /// One step down the type DAG (`TBAAStructTypeNode::getField`): the
    /// field that contains byte `offset`, and the offset rebased into it.
    ///
    /// The field chosen is the last one whose offset is not greater than
    /// `offset` (so among fields sharing an offset, the lexically last
    /// wins). Old-format scalars lead to their parent. Offsets wrap around
    /// like LLVM's `uint64_t` arithmetic. `Ok(None)` means the walk ends
    /// here.
    pub fn field_at(
        self,
        g: &MetadataGraph,
        offset: u64,
    ) -> Result<Option<(NodeId, u64)>, Malformed> {
        let ty = self.node;
        let ops = g.operands(ty)?;
        let n = ops.len();
        // `mdconst::extract<ConstantInt>(op)->getZExtValue()` on operand `i`.
        let int_at = |i: usize| -> Result<u64, Malformed> {
            match ops.get(i) {
                Some(Operand::Int(IntValue { value: Some(v), .. })) => Ok(*v),
                Some(Operand::Int(_)) => {
                    Err(Malformed::new(ty, Problem::IntegerTooWide { index: i }))
                }
                Some(_) => Err(Malformed::new(ty, Problem::NotAnInteger { index: i })),
                None => Err(Malformed::new(ty, Problem::MissingOperand { index: i })),
            }
        };
        if self.new_format {
            // New-format roots and scalars have no fields.
            if n < 6 {
                return Ok(None);
            }
        } else {
            // A root: nothing below (or above) it.
            if n < 2 {
                return Ok(None);
            }
            // A scalar, or a struct with a single field.
            if n <= 3 {
                let field_offset = if n == 2 { 0 } else { int_at(2)? };
                return Ok(ops[1]
                    .as_node()
                    .map(|p| (p, offset.wrapping_sub(field_offset))));
            }
        }
        let layout = self.layout();
        let FieldLayout { first, stride } = layout;
        // The operand index of the chosen field's type; `None` means "the last".
        let mut chosen = None;
        for idx in layout.field_starts(n) {
            let field_offset = int_at(idx + 1)?;
            if field_offset > offset {
                if idx < first + stride {
                    if !self.new_format {
                        // LLVM computes a wrapped index here and reads out of bounds.
                        return Err(Malformed::new(
                            ty,
                            Problem::OffsetBeforeFirstField { offset },
                        ));
                    }
                    // LLVM's index arithmetic lands on 0, which it reads as
                    // "none found" and so takes the last field.
                } else {
                    chosen = Some(idx - stride);
                }
                break;
            }
        }
        let chosen = chosen.unwrap_or(n - stride);
        let field_offset = int_at(chosen + 1)?;
        Ok(ops[chosen]
            .as_node()
            .map(|f| (f, offset.wrapping_sub(field_offset))))
    }
}

/// The regions of a `!tbaa.struct` node (a memory copy's per-field tags):
/// (offset, size, tag) per triple, in order; None when an operand is not
/// of its kind (the verifier's `tbaa-struct-*` rules say which).
pub fn tbaa_struct_regions(g: &MetadataGraph, node: NodeId) -> Option<Vec<(u64, u64, NodeId)>> {
    let ops = g.operands(node).ok()?;
    if ops.len() % 3 != 0 {
        return None;
    }
    ops.chunks_exact(3)
        .map(|t| {
            let int = |o: Operand| o.as_int().and_then(|v| v.value);
            Some((int(t[0])?, int(t[1])?, t[2].as_node()?))
        })
        .collect()
}

/// An access tag (`TBAAStructTagNode`): the node attached as `!tbaa`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct AccessTag(pub NodeId);

impl AccessTag {
    pub fn node(self) -> NodeId {
        self.0
    }

    /// The type of the object the access is part of (operand 0), if a node.
    pub fn base_type(self, g: &MetadataGraph) -> Result<Option<NodeId>, Malformed> {
        g.node_operand(self.0, 0)
    }

    /// The type of the accessed value (operand 1), if a node.
    pub fn access_type(self, g: &MetadataGraph) -> Result<Option<NodeId>, Malformed> {
        g.node_operand(self.0, 1)
    }

    /// Byte offset of the access within the base type (operand 2).
    pub fn offset(self, g: &MetadataGraph) -> Result<u64, Malformed> {
        g.int_operand(self.0, 2)
    }

    /// Whether the tag is in the new, size-aware format: at least four
    /// operands, and an access type that is not an old-format node.
    pub fn is_new_format(self, g: &MetadataGraph) -> bool {
        let n = g.num_operands(self.0);
        if n < 4 {
            return false;
        }
        match self.access_type(g) {
            Ok(Some(access)) => TypeNode::is_new_format(g, access),
            Ok(None) => true,
            Err(_) => false,
        }
    }

    /// Size of the access in bytes (new format, operand 3); `None` for the
    /// old format, whose accesses have no recorded size.
    pub fn size(self, g: &MetadataGraph) -> Result<Option<u64>, Malformed> {
        if self.is_new_format(g) {
            g.int_operand(self.0, 3).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Whether the tag marks memory that is never modified: bit 0 of the
    /// integer at operand 4 (new format) or 3 (old format). Anything that
    /// cannot be read as such an integer means "mutable", the conservative
    /// answer.
    pub fn is_immutable(self, g: &MetadataGraph) -> bool {
        let index = if self.is_new_format(g) { 4 } else { 3 };
        matches!(g.operand(self.0, index), Ok(Operand::Int(v)) if v.low_bit)
    }
}

/// A type for humans: its name in quotes, or the node itself.
pub fn describe_type(g: &MetadataGraph, ty: NodeId) -> String {
    match TypeNode::of(g, ty).name(g) {
        Some(name) => format!("{name:?}"),
        None => g.display(ty, 1).to_string(),
    }
}

/// A tag for humans: `{base "S", access "int", offset 4}` (plus size and
/// immutability when present), or the node itself when it is not a
/// well-formed tag.
pub fn describe_tag(g: &MetadataGraph, tag: NodeId) -> String {
    let t = AccessTag(tag);
    let (Ok(Some(base)), Ok(Some(access)), Ok(offset)) =
        (t.base_type(g), t.access_type(g), t.offset(g))
    else {
        return g.display(tag, 2).to_string();
    };
    let mut s = format!(
        "{{base {}, access {}, offset {offset}",
        describe_type(g, base),
        describe_type(g, access)
    );
    if let Ok(Some(size)) = t.size(g) {
        s.push_str(&format!(", size {}", size as i64));
    }
    if t.is_immutable(g) {
        s.push_str(", immutable");
    }
    s.push('}');
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tbaa::build::TypeDag;

    #[test]
    fn format_recognition_per_node() {
        let mut d = TypeDag::new();
        let c = d.c_scalars();
        let (root, char_old) = (c.root, c.char_);
        let int_new = d.new_scalar(char_old, 4, "int");
        assert!(!TypeNode::is_new_format(&d.g, root));
        assert!(!TypeNode::is_new_format(&d.g, char_old));
        assert!(TypeNode::is_new_format(&d.g, int_new));
        assert_eq!(TypeNode::of(&d.g, int_new).parent(&d.g), Ok(Some(char_old)));
        assert_eq!(TypeNode::of(&d.g, char_old).parent(&d.g), Ok(Some(root)));
        assert_eq!(TypeNode::of(&d.g, root).parent(&d.g), Ok(None));
        let old_tag = d.old_tag(char_old, char_old, 0);
        let new_tag = d.new_tag(int_new, int_new, 0, 4);
        assert!(!AccessTag(old_tag).is_new_format(&d.g));
        assert!(AccessTag(new_tag).is_new_format(&d.g));
        // An old tag with the immutable flag has four operands but stays old.
        let old_const = d.old_tag_flag(char_old, char_old, 0, 1);
        assert!(!AccessTag(old_const).is_new_format(&d.g));
        assert!(AccessTag(old_const).is_immutable(&d.g));
        assert_eq!(AccessTag(new_tag).size(&d.g), Ok(Some(4)));
        assert_eq!(AccessTag(old_tag).size(&d.g), Ok(None));
    }

    #[test]
    fn immutable_reads_bit_zero_of_any_width() {
        let mut d = TypeDag::new();
        let root = d.root("root");
        let c = d.old_scalar("char", root);
        let t3 = d.old_tag_flag(c, c, 0, 3);
        let t2 = d.old_tag_flag(c, c, 0, 2);
        assert!(AccessTag(t3).is_immutable(&d.g));
        assert!(!AccessTag(t2).is_immutable(&d.g));
        let s = d.g.string("x");
        let odd = d.g.add_tuple(vec![
            Operand::Node(c),
            Operand::Node(c),
            Operand::int64(0),
            s,
        ]);
        assert!(!AccessTag(odd).is_immutable(&d.g));
    }

    #[test]
    fn field_at_takes_last_field_not_after_offset() {
        let mut d = TypeDag::new();
        let c = d.c_scalars();
        let (int, short) = (c.int, d.old_scalar("short", c.char_));
        // Two fields at offset 0 (a union-like layout), then one at 4.
        let s = d.old_struct("S", &[(short, 0), (int, 0), (int, 4)]);
        assert_eq!(TypeNode::of(&d.g, s).field_at(&d.g, 0), Ok(Some((int, 0))));
        assert_eq!(TypeNode::of(&d.g, s).field_at(&d.g, 2), Ok(Some((int, 2))));
        assert_eq!(TypeNode::of(&d.g, s).field_at(&d.g, 4), Ok(Some((int, 0))));
        assert_eq!(TypeNode::of(&d.g, s).field_at(&d.g, 9), Ok(Some((int, 5))));
        // Scalars lead to their parent.
        assert_eq!(
            TypeNode::of(&d.g, int).field_at(&d.g, 0),
            Ok(Some((c.char_, 0)))
        );
        assert_eq!(TypeNode::of(&d.g, c.root).field_at(&d.g, 0), Ok(None));
    }

    #[test]
    fn field_at_before_first_field() {
        let mut d = TypeDag::new();
        let root = d.root("root");
        let c = d.old_scalar("char", root);
        let s_old = d.old_struct("S", &[(c, 4), (c, 8)]);
        assert_eq!(
            TypeNode::of(&d.g, s_old).field_at(&d.g, 0),
            Err(Malformed::new(
                s_old,
                Problem::OffsetBeforeFirstField { offset: 0 }
            ))
        );
        // The new format falls back to the last field, as LLVM does.
        let cn = d.new_scalar(root, 1, "char");
        let s_new = d.new_struct(root, 12, "S", &[(cn, 4, 1), (cn, 8, 1)]);
        assert_eq!(
            TypeNode::of(&d.g, s_new).field_at(&d.g, 0),
            Ok(Some((cn, 0u64.wrapping_sub(8))))
        );
    }

    #[test]
    fn field_types_require_nodes() {
        let mut d = TypeDag::new();
        let root = d.root("root");
        let name = d.g.string("S");
        let bad = d.g.add_tuple(vec![
            name,
            Operand::Null,
            Operand::int64(0),
            Operand::Node(root),
            Operand::int64(4),
        ]);
        assert_eq!(
            TypeNode::of(&d.g, bad).field_types(&d.g),
            Err(Malformed::new(bad, Problem::NotANode { index: 1 }))
        );
        let empty = d.g.add_tuple(vec![]);
        assert_eq!(
            TypeNode::of(&d.g, empty).field_types(&d.g),
            Err(Malformed::new(empty, Problem::TooFewOperands))
        );
    }
}
