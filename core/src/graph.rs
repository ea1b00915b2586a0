//! The metadata graph: what an `MDNode` looks like to an alias analysis.
//!
//! LLVM metadata is a graph of nodes whose operands are other nodes, strings
//! (`!"int"`), constants wrapped as metadata (`i64 4`), nulls, and a long tail
//! of things the alias analyses never expect (functions, debug-info nodes,
//! floating-point constants, ...). This module stores such a graph as an
//! arena: every node gets a dense [`NodeId`] when it is first seen, and node
//! identity is id identity, just as LLVM compares `MDNode*` pointers.
//!
//! Nodes can be created before their operands are known ([`MetadataGraph::reserve`]
//! then [`MetadataGraph::define_tuple`]) so that cyclic metadata, which LLVM
//! allows, can be imported without recursion.
//!
//! Every kind of node is modelled the same way, by its operands: LLVM's
//! alias analyses read a debug-info node that turns up in a type DAG (say,
//! as a root) through the same `getOperand` as a tuple, so the graph does too.
//!
//! Accessors come in the flavours LLVM's own code uses, so that the query
//! algorithms can mirror it read for read:
//! * [`MetadataGraph::node_operand`] is `dyn_cast_or_null<MDNode>(getOperand(i))`;
//! * [`MetadataGraph::int_operand`] is `mdconst::extract<ConstantInt>(getOperand(i))->getZExtValue()`,
//!   which in LLVM is undefined behaviour on anything but a 64-bit-representable
//!   integer; here it is a [`Malformed`] error.

use std::fmt;

use rustc_hash::FxHashMap;

/// A node of the graph. Ids are dense, starting at 0, in creation order.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(pub u32);

impl NodeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// An interned string (an `MDString`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct StrId(pub u32);

/// An integer constant used as metadata (`i64 4`, `i1 true`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntValue {
    /// Bit width of the constant's type.
    pub bits: u32,
    /// The zero-extended value, or `None` when it needs more than 64 bits.
    pub value: Option<u64>,
    /// Bit 0 of the value (what LLVM's immutability test reads).
    pub low_bit: bool,
}

impl IntValue {
    pub fn new(bits: u32, value: u64) -> IntValue {
        let value = if bits < 64 {
            value & ((1u64 << bits) - 1)
        } else {
            value
        };
        IntValue {
            bits,
            value: Some(value),
            low_bit: value & 1 == 1,
        }
    }

    /// A value wider than 64 bits that does not fit in a `u64`.
    pub fn wide(bits: u32, low_bit: bool) -> IntValue {
        IntValue {
            bits,
            value: None,
            low_bit,
        }
    }

    pub fn i64(value: u64) -> IntValue {
        IntValue::new(64, value)
    }
}

/// One operand of a node.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Operand {
    /// A null operand (`null` in textual IR).
    Null,
    /// Another node.
    Node(NodeId),
    /// A string.
    String(StrId),
    /// An integer constant.
    Int(IntValue),
    /// Anything else: a value that is not an integer constant, or metadata
    /// that is neither a node nor a string.
    Other,
}

impl Operand {
    pub fn as_node(self) -> Option<NodeId> {
        match self {
            Operand::Node(n) => Some(n),
            _ => None,
        }
    }

    pub fn as_int(self) -> Option<IntValue> {
        match self {
            Operand::Int(v) => Some(v),
            _ => None,
        }
    }

    pub fn int64(value: u64) -> Operand {
        Operand::Int(IntValue::i64(value))
    }
}

/// Why a node could not be read the way an algorithm needed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
    /// The algorithm needed operand `index`, which the node does not have.
    MissingOperand { index: usize },
    /// Operand `index` should be an integer constant.
    NotAnInteger { index: usize },
    /// Operand `index` is an integer constant that does not fit in 64 bits.
    IntegerTooWide { index: usize },
    /// Operand `index` should be a node.
    NotANode { index: usize },
    /// The node was reserved but its operands were never defined.
    Undefined,
    /// Following parents from this node comes back to it.
    ParentCycle,
    /// The field graph below this node contains a cycle.
    FieldCycle,
    /// Walking an access path from a tag's base type reaches this node twice.
    PathCycle,
    /// A new-format access path left the type DAG before reaching its access type.
    WalkLeftPath,
    /// An old-format struct was entered at an offset before its first field.
    OffsetBeforeFirstField { offset: u64 },
    /// The node has too few operands to hold the fields an algorithm expected.
    TooFewOperands,
    /// Operand `index` of a scope list is null where a scope is read.
    NullScope { index: usize },
    /// Operand `index` is a value whose identity the model does not keep.
    UnknownOperand { index: usize },
    /// A type node of three or more operands whose operand 0 is null: LLVM
    /// tells a type node's encoding by `isa<MDNode>` of that operand, which
    /// dereferences it.
    NullFirstOperand,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingOperand { index } => write!(f, "operand {index} is missing"),
            Problem::NotAnInteger { index } => {
                write!(f, "operand {index} should be an integer constant")
            }
            Problem::IntegerTooWide { index } => {
                write!(f, "operand {index} is an integer wider than 64 bits")
            }
            Problem::NotANode { index } => write!(f, "operand {index} should be a metadata node"),
            Problem::Undefined => write!(f, "the node's operands were never read"),
            Problem::ParentCycle => write!(f, "its chain of parent types is a cycle"),
            Problem::FieldCycle => write!(f, "its graph of field types contains a cycle"),
            Problem::PathCycle => write!(f, "the access path from it visits a type twice"),
            Problem::WalkLeftPath => {
                write!(f, "the access path ends before reaching the access type")
            }
            Problem::OffsetBeforeFirstField { offset } => {
                write!(f, "offset {offset} lies before its first field")
            }
            Problem::TooFewOperands => write!(f, "it has too few operands for its fields"),
            Problem::NullScope { index } => write!(f, "operand {index} of the scope list is null"),
            Problem::UnknownOperand { index } => {
                write!(f, "operand {index} is a value that cannot be compared")
            }
            Problem::NullFirstOperand => write!(
                f,
                "operand 0 is null, and LLVM reads it to tell the type's encoding"
            ),
        }
    }
}

/// A node that an algorithm could not read, and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Malformed {
    pub node: NodeId,
    pub problem: Problem,
}

impl Malformed {
    pub fn new(node: NodeId, problem: Problem) -> Malformed {
        Malformed { node, problem }
    }
}

#[derive(Clone, Debug)]
enum Body {
    /// Reserved, operands not defined yet.
    Pending,
    Tuple(Box<[Operand]>),
}

/// An arena of metadata nodes. See the module documentation.
#[derive(Clone, Debug, Default)]
pub struct MetadataGraph {
    nodes: Vec<Body>,
    strings: Vec<Box<str>>,
    string_ids: FxHashMap<Box<str>, StrId>,
}

impl MetadataGraph {
    pub fn new() -> MetadataGraph {
        MetadataGraph::default()
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> {
        (0..self.nodes.len() as u32).map(NodeId)
    }

    /// Interns a string.
    pub fn intern(&mut self, s: &str) -> StrId {
        if let Some(&id) = self.string_ids.get(s) {
            return id;
        }
        let id = StrId(self.strings.len() as u32);
        self.strings.push(s.into());
        self.string_ids.insert(s.into(), id);
        id
    }

    /// The string operand `!"..."` for `s`.
    pub fn string(&mut self, s: &str) -> Operand {
        Operand::String(self.intern(s))
    }

    pub fn str(&self, id: StrId) -> &str {
        &self.strings[id.0 as usize]
    }

    /// Creates a node whose operands are defined later.
    pub fn reserve(&mut self) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Body::Pending);
        id
    }

    /// Defines the operands of a reserved node.
    pub fn define_tuple(&mut self, id: NodeId, operands: Vec<Operand>) {
        self.nodes[id.index()] = Body::Tuple(operands.into_boxed_slice());
    }

    /// Creates a tuple node. Unlike LLVM's `MDNode::get`, this does not
    /// unique: two calls with the same operands give two distinct nodes,
    /// as two `distinct !{...}` nodes would be.
    pub fn add_tuple(&mut self, operands: Vec<Operand>) -> NodeId {
        let id = self.reserve();
        self.define_tuple(id, operands);
        id
    }

    /// Creates a tuple whose first operand is itself, followed by `rest`:
    /// how LLVM writes a scope domain (`distinct !{!self, !"name"}`) or a
    /// scope (`distinct !{!self, !domain, !"name"}`).
    pub fn add_self_referential(&mut self, rest: Vec<Operand>) -> NodeId {
        let id = self.reserve();
        let mut operands = Vec::with_capacity(rest.len() + 1);
        operands.push(Operand::Node(id));
        operands.extend(rest);
        self.define_tuple(id, operands);
        id
    }

    /// Returns the existing tuple with exactly these operands, or creates
    /// one (LLVM's `MDNode::get` uniquing, done by a linear search: meant
    /// for tests and small graphs).
    pub fn get_tuple(&mut self, operands: Vec<Operand>) -> NodeId {
        for id in self.node_ids() {
            if let Body::Tuple(ops) = &self.nodes[id.index()] {
                if **ops == *operands {
                    return id;
                }
            }
        }
        self.add_tuple(operands)
    }

    /// Operand count, as `MDNode::getNumOperands()`.
    pub fn num_operands(&self, id: NodeId) -> usize {
        match &self.nodes[id.index()] {
            Body::Pending => 0,
            Body::Tuple(ops) => ops.len(),
        }
    }

    /// All operands of a node.
    pub fn operands(&self, id: NodeId) -> Result<&[Operand], Malformed> {
        match &self.nodes[id.index()] {
            Body::Tuple(ops) => Ok(ops),
            Body::Pending => Err(Malformed::new(id, Problem::Undefined)),
        }
    }

    /// Operand `index`; a missing operand is an error (LLVM asserts).
    pub fn operand(&self, id: NodeId, index: usize) -> Result<Operand, Malformed> {
        self.operands(id)?
            .get(index)
            .copied()
            .ok_or(Malformed::new(id, Problem::MissingOperand { index }))
    }

    /// `dyn_cast_or_null<MDNode>(getOperand(index))`.
    pub fn node_operand(&self, id: NodeId, index: usize) -> Result<Option<NodeId>, Malformed> {
        Ok(self.operand(id, index)?.as_node())
    }

    /// `cast<MDNode>(getOperand(index))`: anything but a node is an error.
    pub fn required_node_operand(&self, id: NodeId, index: usize) -> Result<NodeId, Malformed> {
        self.node_operand(id, index)?
            .ok_or(Malformed::new(id, Problem::NotANode { index }))
    }

    /// `mdconst::extract<ConstantInt>(getOperand(index))->getZExtValue()`.
    pub fn int_operand(&self, id: NodeId, index: usize) -> Result<u64, Malformed> {
        match self.operand(id, index)? {
            Operand::Int(IntValue { value: Some(v), .. }) => Ok(v),
            Operand::Int(_) => Err(Malformed::new(id, Problem::IntegerTooWide { index })),
            _ => Err(Malformed::new(id, Problem::NotAnInteger { index })),
        }
    }

    /// Renders a node in LLVM's textual syntax, nesting referenced nodes up
    /// to `depth` levels and writing deeper ones as `!{...}`.
    pub fn display(&self, id: NodeId, depth: usize) -> NodeDisplay<'_> {
        NodeDisplay {
            graph: self,
            id,
            depth,
        }
    }
}

/// See [`MetadataGraph::display`].
pub struct NodeDisplay<'g> {
    graph: &'g MetadataGraph,
    id: NodeId,
    depth: usize,
}

impl fmt::Display for NodeDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ops = match self.graph.operands(self.id) {
            Ok(ops) => ops,
            Err(_) => return write!(f, "<undefined node>"),
        };
        if self.depth == 0 {
            return write!(f, "!{{...}}");
        }
        write!(f, "!{{")?;
        for (i, op) in ops.iter().enumerate() {
            if i > 0 {
                write!(f, ", ")?;
            }
            match *op {
                Operand::Null => write!(f, "null")?,
                Operand::Node(n) if n == self.id => write!(f, "itself")?,
                Operand::Node(n) => write!(f, "{}", self.graph.display(n, self.depth - 1))?,
                Operand::String(s) => write!(f, "!{:?}", self.graph.str(s))?,
                Operand::Int(IntValue {
                    bits,
                    value: Some(v),
                    ..
                }) => {
                    if bits == 64 {
                        write!(f, "i64 {}", v as i64)?
                    } else {
                        write!(f, "i{bits} {v}")?
                    }
                }
                Operand::Int(IntValue { bits, .. }) => write!(f, "i{bits} <wide>")?,
                Operand::Other => write!(f, "<other>")?,
            }
        }
        write!(f, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accessors_follow_llvm_casts() {
        let mut g = MetadataGraph::new();
        let root_name = g.string("root");
        let root = g.add_tuple(vec![root_name]);
        let int = g.string("int");
        let n = g.add_tuple(vec![
            int,
            Operand::Node(root),
            Operand::int64(0),
            Operand::Null,
        ]);
        assert_eq!(g.node_operand(n, 1), Ok(Some(root)));
        assert_eq!(g.node_operand(n, 0), Ok(None));
        assert_eq!(g.node_operand(n, 3), Ok(None));
        assert_eq!(
            g.node_operand(n, 4),
            Err(Malformed::new(n, Problem::MissingOperand { index: 4 }))
        );
        assert_eq!(g.int_operand(n, 2), Ok(0));
        assert_eq!(
            g.int_operand(n, 0),
            Err(Malformed::new(n, Problem::NotAnInteger { index: 0 }))
        );
        assert_eq!(
            g.required_node_operand(n, 3),
            Err(Malformed::new(n, Problem::NotANode { index: 3 }))
        );
    }

    #[test]
    fn undefined_nodes_have_identity_but_no_operands() {
        let mut g = MetadataGraph::new();
        let o = g.reserve();
        assert_eq!(g.num_operands(o), 0);
        assert_eq!(g.operand(o, 0), Err(Malformed::new(o, Problem::Undefined)));
    }

    #[test]
    fn wide_integers_are_not_extracted() {
        let mut g = MetadataGraph::new();
        let n = g.add_tuple(vec![Operand::Int(IntValue::wide(128, true))]);
        assert_eq!(
            g.int_operand(n, 0),
            Err(Malformed::new(n, Problem::IntegerTooWide { index: 0 }))
        );
        assert_eq!(IntValue::new(1, 3).value, Some(1));
    }

    #[test]
    fn get_tuple_uniques_and_display_nests() {
        let mut g = MetadataGraph::new();
        let name = g.string("root");
        let a = g.get_tuple(vec![name]);
        let b = g.get_tuple(vec![name]);
        assert_eq!(a, b);
        let int = g.string("int");
        let n = g.get_tuple(vec![int, Operand::Node(a), Operand::int64(u64::MAX)]);
        assert_eq!(
            g.display(n, 2).to_string(),
            r#"!{!"int", !{!"root"}, i64 -1}"#
        );
        assert_eq!(g.display(n, 1).to_string(), r#"!{!"int", !{...}, i64 -1}"#);
    }
}
