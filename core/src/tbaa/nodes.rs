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

/// Whether a type node is in the new, size-aware format.
pub fn is_new_format_type(g: &MetadataGraph, ty: NodeId) -> bool {
    match g.operands(ty) {
        Ok(ops) => ops.len() >= 3 && matches!(ops[0], Operand::Node(_)),
        // An opaque node's first operand is unknown; LLVM would look at it.
        // Treating it as old-format only matters for malformed input, whose
        // operand reads then fail anyway.
        Err(_) => false,
    }
}

/// The parent of a type in the type DAG (`TBAANode::getParent`): operand 0
/// of a new-format node, operand 1 of an old-format node when it is a node.
pub fn parent(g: &MetadataGraph, ty: NodeId) -> Result<Option<NodeId>, Malformed> {
    let ops = g.operands(ty)?;
    if ops.len() >= 3 {
        if let Operand::Node(p) = ops[0] {
            return Ok(Some(p));
        }
    }
    if ops.len() < 2 {
        return Ok(None);
    }
    Ok(ops[1].as_node())
}

/// Layout of the fields of a struct type node: where the first field
/// starts and how many operands each field takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FieldLayout {
    pub first: usize,
    pub stride: usize,
}

impl FieldLayout {
    pub fn of(g: &MetadataGraph, ty: NodeId) -> FieldLayout {
        if is_new_format_type(g, ty) {
            FieldLayout {
                first: 3,
                stride: 3,
            }
        } else {
            FieldLayout {
                first: 1,
                stride: 2,
            }
        }
    }
}

/// The field types of a type node (`getNumFields` / `getFieldType`).
///
/// For old-format scalars this is their parent (LLVM makes no distinction
/// between fields and parents in the old format). A field type that is not a
/// node, or a node with fewer operands than its layout needs, is malformed.
pub fn field_types(g: &MetadataGraph, ty: NodeId) -> Result<Vec<NodeId>, Malformed> {
    let ops = g.operands(ty)?;
    let FieldLayout { first, stride } = FieldLayout::of(g, ty);
    if ops.len() < first {
        // LLVM computes the field count in unsigned arithmetic and wraps.
        return Err(Malformed::new(ty, Problem::TooFewOperands));
    }
    let count = (ops.len() - first) / stride;
    (0..count)
        .map(|i| g.required_node_operand(ty, first + i * stride))
        .collect()
}

/// One step down the type DAG (`TBAAStructTypeNode::getField`): the field
/// of `ty` that contains byte `offset`, and the offset rebased into it.
///
/// The field chosen is the last one whose offset is not greater than
/// `offset` (so among fields sharing an offset, the lexically last wins).
/// Old-format scalars lead to their parent. Offsets wrap around like LLVM's
/// `uint64_t` arithmetic. `Ok(None)` means the walk ends here.
pub fn field_at(
    g: &MetadataGraph,
    ty: NodeId,
    offset: u64,
) -> Result<Option<(NodeId, u64)>, Malformed> {
    let ops = g.operands(ty)?;
    let n = ops.len();
    // `mdconst::extract<ConstantInt>(op)->getZExtValue()` on operand `i`.
    let int_at = |i: usize| -> Result<u64, Malformed> {
        match ops.get(i) {
            Some(Operand::Int(IntValue { value: Some(v), .. })) => Ok(*v),
            Some(Operand::Int(_)) => Err(Malformed::new(ty, Problem::IntegerTooWide { index: i })),
            Some(_) => Err(Malformed::new(ty, Problem::NotAnInteger { index: i })),
            None => Err(Malformed::new(ty, Problem::MissingOperand { index: i })),
        }
    };
    let new_format = n >= 3 && matches!(ops[0], Operand::Node(_));
    if new_format {
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
    let (first, stride) = if new_format { (3, 3) } else { (1, 2) };
    // The operand index of the chosen field's type; `None` means "the last".
    let mut chosen = None;
    let mut idx = first;
    while idx < n {
        let field_offset = int_at(idx + 1)?;
        if field_offset > offset {
            if idx < first + stride {
                if !new_format {
                    // LLVM computes a wrapped index here and reads out of bounds.
                    return Err(Malformed::new(
                        ty,
                        Problem::OffsetBeforeFirstField { offset },
                    ));
                }
                // LLVM's index arithmetic lands on 0, which it reads as "none
                // found" and so takes the last field.
            } else {
                chosen = Some(idx - stride);
            }
            break;
        }
        idx += stride;
    }
    let chosen = chosen.unwrap_or(n - stride);
    let field_offset = int_at(chosen + 1)?;
    Ok(ops[chosen]
        .as_node()
        .map(|f| (f, offset.wrapping_sub(field_offset))))
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
            Ok(Some(access)) => is_new_format_type(g, access),
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

/// The name of a type: its identifier string (operand 0 in the old
/// format, operand 2 in the new one), if it has one.
pub fn type_name(g: &MetadataGraph, ty: NodeId) -> Option<&str> {
    let index = if is_new_format_type(g, ty) { 2 } else { 0 };
    match g.operand(ty, index) {
        Ok(Operand::String(s)) => Some(g.str(s)),
        _ => None,
    }
}

/// A type for humans: its name in quotes, or the node itself.
pub fn describe_type(g: &MetadataGraph, ty: NodeId) -> String {
    match type_name(g, ty) {
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
        let root = d.root("root");
        let char_old = d.old_scalar("char", root);
        let int_new = d.new_scalar(char_old, 4, "int");
        assert!(!is_new_format_type(&d.g, root));
        assert!(!is_new_format_type(&d.g, char_old));
        assert!(is_new_format_type(&d.g, int_new));
        assert_eq!(parent(&d.g, int_new), Ok(Some(char_old)));
        assert_eq!(parent(&d.g, char_old), Ok(Some(root)));
        assert_eq!(parent(&d.g, root), Ok(None));
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
        let root = d.root("root");
        let c = d.old_scalar("char", root);
        let int = d.old_scalar("int", c);
        let short = d.old_scalar("short", c);
        // Two fields at offset 0 (a union-like layout), then one at 4.
        let s = d.old_struct("S", &[(short, 0), (int, 0), (int, 4)]);
        assert_eq!(field_at(&d.g, s, 0), Ok(Some((int, 0))));
        assert_eq!(field_at(&d.g, s, 2), Ok(Some((int, 2))));
        assert_eq!(field_at(&d.g, s, 4), Ok(Some((int, 0))));
        assert_eq!(field_at(&d.g, s, 9), Ok(Some((int, 5))));
        // Scalars lead to their parent.
        assert_eq!(field_at(&d.g, int, 0), Ok(Some((c, 0))));
        assert_eq!(field_at(&d.g, root, 0), Ok(None));
    }

    #[test]
    fn field_at_before_first_field() {
        let mut d = TypeDag::new();
        let root = d.root("root");
        let c = d.old_scalar("char", root);
        let s_old = d.old_struct("S", &[(c, 4), (c, 8)]);
        assert_eq!(
            field_at(&d.g, s_old, 0),
            Err(Malformed::new(
                s_old,
                Problem::OffsetBeforeFirstField { offset: 0 }
            ))
        );
        // The new format falls back to the last field, as LLVM does.
        let cn = d.new_scalar(root, 1, "char");
        let s_new = d.new_struct(root, 12, "S", &[(cn, 4, 1), (cn, 8, 1)]);
        assert_eq!(
            field_at(&d.g, s_new, 0),
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
            field_types(&d.g, bad),
            Err(Malformed::new(bad, Problem::NotANode { index: 1 }))
        );
        let empty = d.g.add_tuple(vec![]);
        assert_eq!(
            field_types(&d.g, empty),
            Err(Malformed::new(empty, Problem::TooFewOperands))
        );
    }
}
