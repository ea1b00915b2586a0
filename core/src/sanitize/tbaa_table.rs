//! The static table of a module instrumented for `!tbaa` (`aliaskit
//! sanitize --tbaa`): its type DAG as data, its tags, and its sites.
//!
//! The pass writes one such table per module into a constant global (the
//! bytes of [`TbaaTable::encode`]); the runtime decodes it when the
//! module's constructor registers it, and rebuilds the metadata graph from
//! [`TbaaTable::nodes`], so that "may these two tags alias" is answered by
//! the core's own TBAA query ([`crate::tbaa::TbaaOracle`]) over the same
//! nodes the analysis saw ([`super::tbaa_types::TypeUniverse`]). The bytes
//! start with [`TBAA_MAGIC`] and a length, as the scoped table's do
//! ([`super::table`]), so that a table of another version is refused.
//!
//! Nodes are written in post-order from each tag (operands before the node
//! that names them, when the graph has no cycle), numbered by their index
//! in [`TbaaTable::nodes`].

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::graph::{IntValue, MetadataGraph, NodeId, Operand};
use crate::sanitize::table::{decode_framed, encode_framed, framed_len, Access, TableError};

/// The first bytes of every TBAA table (`AKTBA` and the format's version).
pub const TBAA_MAGIC: [u8; 8] = *b"AKTBA\x00\x00\x01";

/// One operand of a node, as [`Operand`] without the graph's ids.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TypeOperand {
    Null,
    /// Another node: its index in [`TbaaTable::nodes`].
    Node(u32),
    String(String),
    Int {
        bits: u32,
        value: Option<u64>,
        low_bit: bool,
    },
    Other,
}

/// One instrumented access.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TbaaSite {
    /// The instruction as `opt -S` prints it.
    pub instruction: String,
    /// `file:line:col` from `!dbg`, then the locations it was inlined at;
    /// empty without `!dbg`.
    pub location: Vec<String>,
    /// Which part of the instruction ("destination", "source"); empty for
    /// a load or a store.
    pub part: String,
    pub access: Access,
    /// Its tag: an index into [`TbaaTable::tags`].
    pub tag: u32,
    /// The function it is in: an index into [`TbaaTable::functions`].
    pub function: u32,
}

impl TbaaSite {
    /// Where a report places the access: its first source location, else
    /// its instruction's text.
    pub fn source(&self) -> String {
        self.location
            .first()
            .cloned()
            .unwrap_or_else(|| self.instruction.clone())
    }
}

/// A function of the module that has sites, or calls one that has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TbaaFunction {
    pub name: String,
    /// Its decision key (`FunctionKey`).
    pub key: u64,
    /// The functions its code may be inlined into (the module's callers of
    /// it, at any depth, nearest first, a few at most: where a pass may
    /// ask about its accesses), as indices into [`TbaaTable::functions`].
    pub callers: Vec<u32>,
}

/// A module's TBAA table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TbaaTable {
    /// The module's source file name, as reports name it.
    pub module: String,
    /// Every node reachable from a tag, with its operands.
    pub nodes: Vec<Vec<TypeOperand>>,
    /// The tags: indices into [`TbaaTable::nodes`] (reports describe them
    /// from the rebuilt graph).
    pub tags: Vec<u32>,
    pub functions: Vec<TbaaFunction>,
    pub sites: Vec<TbaaSite>,
}

/// Builds a [`TbaaTable`] from tags of one graph.
#[derive(Default)]
pub struct TbaaTableBuilder {
    pub table: TbaaTable,
    nodes: FxHashMap<NodeId, u32>,
    tags: FxHashMap<NodeId, u32>,
}

impl TbaaTableBuilder {
    pub fn new(module: &str) -> TbaaTableBuilder {
        let mut b = TbaaTableBuilder::default();
        b.table.module = module.to_owned();
        b
    }

    /// The table's index of tag `tag`, adding it and every node it reaches
    /// on first sight.
    pub fn tag(&mut self, g: &MetadataGraph, tag: NodeId) -> u32 {
        if let Some(&t) = self.tags.get(&tag) {
            return t;
        }
        let node = self.node(g, tag);
        let t = self.table.tags.len() as u32;
        self.table.tags.push(node);
        self.tags.insert(tag, t);
        t
    }

    /// Adds a function (its callers are set with
    /// [`TbaaTableBuilder::set_callers`]).
    pub fn function(&mut self, name: &str, key: u64) -> u32 {
        self.table.functions.push(TbaaFunction {
            name: name.to_owned(),
            key,
            callers: vec![],
        });
        self.table.functions.len() as u32 - 1
    }

    pub fn set_callers(&mut self, function: u32, callers: Vec<u32>) {
        if let Some(f) = self.table.functions.get_mut(function as usize) {
            f.callers = callers;
        }
    }

    /// Adds a site.
    pub fn site(&mut self, site: TbaaSite) -> u32 {
        self.table.sites.push(site);
        self.table.sites.len() as u32 - 1
    }

    /// The table's index of `root`, adding what it reaches in post-order
    /// (an operand on a cycle back to a node being added is a forward
    /// reference).
    fn node(&mut self, g: &MetadataGraph, root: NodeId) -> u32 {
        if let Some(&n) = self.nodes.get(&root) {
            return n;
        }
        // Indices are given on entry (so that a cycle refers to a known
        // index), nodes written in post-order into their slots.
        let mut stack: Vec<(NodeId, usize)> = vec![(root, 0)];
        let mut order: Vec<NodeId> = Vec::new();
        let mut seen: FxHashMap<NodeId, ()> = FxHashMap::default();
        seen.insert(root, ());
        while let Some(&mut (n, ref mut next)) = stack.last_mut() {
            let ops = g.operands(n).unwrap_or(&[]);
            if let Some(op) = ops.get(*next) {
                *next += 1;
                if let Operand::Node(m) = *op {
                    if !self.nodes.contains_key(&m) && seen.insert(m, ()).is_none() {
                        stack.push((m, 0));
                    }
                }
                continue;
            }
            stack.pop();
            order.push(n);
        }
        let first = self.table.nodes.len() as u32;
        for (k, &n) in order.iter().enumerate() {
            self.nodes.insert(n, first + k as u32);
        }
        for &n in &order {
            let ops = g.operands(n).unwrap_or(&[]);
            let written = ops
                .iter()
                .map(|op| match *op {
                    Operand::Null => TypeOperand::Null,
                    Operand::Node(m) => TypeOperand::Node(self.nodes[&m]),
                    Operand::String(s) => TypeOperand::String(g.str(s).to_owned()),
                    Operand::Int(IntValue {
                        bits,
                        value,
                        low_bit,
                    }) => TypeOperand::Int {
                        bits,
                        value,
                        low_bit,
                    },
                    Operand::Other => TypeOperand::Other,
                })
                .collect();
            self.table.nodes.push(written);
        }
        self.nodes[&root]
    }
}

impl TbaaTable {
    /// [`TBAA_MAGIC`], the length of what follows (8 bytes, little-endian),
    /// and the table.
    pub fn encode(&self) -> Vec<u8> {
        encode_framed(&TBAA_MAGIC, self)
    }

    /// The length of the encoded table whose first 16 bytes are `header`.
    pub fn encoded_len(header: &[u8; 16]) -> Result<usize, TableError> {
        framed_len(&TBAA_MAGIC, header)
    }

    pub fn decode(bytes: &[u8]) -> Result<TbaaTable, TableError> {
        let t: TbaaTable = decode_framed(&TBAA_MAGIC, bytes)?;
        t.check()?;
        Ok(t)
    }

    /// Every index in range, so that readers may index without checking.
    fn check(&self) -> Result<(), TableError> {
        let n = self.nodes.len() as u32;
        let bad = |what: &str| Err(TableError::Decode(format!("{what} out of range")));
        if self
            .nodes
            .iter()
            .flatten()
            .any(|op| matches!(op, TypeOperand::Node(m) if *m >= n))
        {
            return bad("a node operand");
        }
        if self.tags.iter().any(|&t| t >= n) {
            return bad("a tag");
        }
        if self.sites.iter().any(|s| s.tag as usize >= self.tags.len()) {
            return bad("a site's tag");
        }
        let f = self.functions.len();
        if self.sites.iter().any(|s| s.function as usize >= f)
            || self
                .functions
                .iter()
                .flat_map(|x| &x.callers)
                .any(|&c| c as usize >= f)
        {
            return bad("a function");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tbaa::build::TypeDag;

    fn sample() -> (TbaaTable, MetadataGraph) {
        let mut d = TypeDag::new();
        let c = d.c_scalars();
        let ti = d.old_tag(c.int, c.int, 0);
        let tf = d.old_tag(c.float, c.float, 0);
        let mut b = TbaaTableBuilder::new("x.c");
        let f = b.function("f", 7);
        let main = b.function("main", 8);
        b.set_callers(f, vec![main]);
        for (tag, access) in [(ti, Access::Write), (tf, Access::Read), (ti, Access::Read)] {
            let t = b.tag(&d.g, tag);
            b.site(TbaaSite {
                instruction: "store i32 1, ptr %p, !tbaa !5".into(),
                location: vec!["x.c:3:4".into()],
                part: String::new(),
                access,
                tag: t,
                function: f,
            });
        }
        (b.table, d.g)
    }

    #[test]
    fn tables_round_trip_with_nodes_after_their_operands() {
        let (t, _) = sample();
        assert_eq!(t.tags.len(), 2, "a tag is written once");
        for (i, ops) in t.nodes.iter().enumerate() {
            for op in ops {
                if let TypeOperand::Node(m) = op {
                    assert!((*m as usize) < i, "post-order");
                }
            }
        }
        let bytes = t.encode();
        assert_eq!(&bytes[..8], &TBAA_MAGIC);
        assert_eq!(TbaaTable::decode(&bytes), Ok(t));
    }

    #[test]
    fn foreign_cut_or_inconsistent_tables_are_refused() {
        let (mut t, _) = sample();
        let mut bytes = t.encode();
        assert_eq!(TbaaTable::decode(&bytes[..20]), Err(TableError::Length));
        bytes[4] = b'N';
        assert_eq!(TbaaTable::decode(&bytes), Err(TableError::Magic));
        t.sites[0].tag = 9;
        assert!(matches!(
            TbaaTable::decode(&t.encode()),
            Err(TableError::Decode(_))
        ));
        t.sites[0].tag = 0;
        t.functions[0].callers = vec![5];
        assert!(matches!(
            TbaaTable::decode(&t.encode()),
            Err(TableError::Decode(_))
        ));
    }
}
