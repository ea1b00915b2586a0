//! The tags of every instrumented module, in one graph, and the answer to
//! "may these two tags alias" from the core's TBAA query.
//!
//! Each module's [`TbaaTable`] brings its type DAG as data. The universe
//! rebuilds those nodes in one [`MetadataGraph`], uniquing them by content
//! the way LLVM's `MDNode::get` does when modules are linked: clang's
//! `"int"` of two modules is one node, so a store in one module and a load
//! in another are compared as one linked program's tags would be. A table
//! whose nodes refer forward (a cycle) is rebuilt without uniquing: its tags
//! then share no node with other modules' (different roots: may alias).
//!
//! Answers come from [`TbaaOracle::aliases_of`] (LLVM's `matchAccessTags`,
//! remembered per pair of rows in its answer matrix, so a repeated
//! question is a lookup), reasons from [`TbaaOracle::match_access_tags`].
//! Malformed metadata is never a claim: it may alias.

use rustc_hash::FxHashMap;

use crate::decision::Contents;
use crate::graph::{IntValue, MetadataGraph, NodeId, Operand};
use crate::sanitize::tbaa_table::{TbaaTable, TypeOperand};
use crate::tbaa::nodes::{describe_tag, AccessTag, TypeNode};
use crate::tbaa::{TagRef, TbaaOracle};

/// How Flang names the root of a procedure's own TBAA tree (`Flang
/// function root _QPfoo`).
pub const PER_CALL_ROOT: &str = "Flang function root";

/// The procedure whose own TBAA tree tag `tag` is in ([`PER_CALL_ROOT`]),
/// if any (see [`TypeUniverse::per_call_root`]).
pub fn per_call_root(g: &MetadataGraph, oracle: &mut TbaaOracle, tag: NodeId) -> Option<String> {
    let access = AccessTag(tag).access_type(g).ok().flatten()?;
    let root = *oracle.ancestors(g, access).ok()?.last()?;
    let name = TypeNode::of(g, root).name(g)?;
    name.strip_prefix(PER_CALL_ROOT)
        .map(|f| f.trim_start().to_owned())
}

/// A tag of the universe: an index into its tags.
pub type TagId = u32;

/// Every registered module's tags in one graph.
#[derive(Default)]
pub struct TypeUniverse {
    graph: MetadataGraph,
    oracle: TbaaOracle,
    unique: FxHashMap<Vec<Operand>, NodeId>,
    /// Each tag's node and row.
    tags: Vec<(NodeId, TagRef)>,
    by_node: FxHashMap<NodeId, TagId>,
    contents: Contents,
}

impl TypeUniverse {
    pub fn new() -> TypeUniverse {
        TypeUniverse::default()
    }

    /// Adds a table's nodes; gives the universe's tag of each of
    /// `table.tags`.
    pub fn add(&mut self, table: &TbaaTable) -> Vec<TagId> {
        let forward = table.nodes.iter().enumerate().any(|(i, ops)| {
            ops.iter()
                .any(|op| matches!(op, TypeOperand::Node(m) if *m as usize >= i))
        });
        let ids: Vec<NodeId> = if forward {
            let ids: Vec<NodeId> = table.nodes.iter().map(|_| self.graph.reserve()).collect();
            for (i, ops) in table.nodes.iter().enumerate() {
                let ops = self.operands(ops, &ids);
                self.graph.define_tuple(ids[i], ops);
            }
            ids
        } else {
            let mut ids = Vec::with_capacity(table.nodes.len());
            for ops in &table.nodes {
                let ops = self.operands(ops, &ids);
                let id = match self.unique.get(&ops) {
                    Some(&id) => id,
                    None => {
                        let id = self.graph.add_tuple(ops.clone());
                        self.unique.insert(ops, id);
                        id
                    }
                };
                ids.push(id);
            }
            ids
        };
        table
            .tags
            .iter()
            .map(|&t| self.tag_of(ids[t as usize]))
            .collect()
    }

    fn operands(&mut self, ops: &[TypeOperand], ids: &[NodeId]) -> Vec<Operand> {
        ops.iter()
            .map(|op| match op {
                TypeOperand::Null => Operand::Null,
                TypeOperand::Node(m) => Operand::Node(ids[*m as usize]),
                TypeOperand::String(s) => self.graph.string(s),
                &TypeOperand::Int {
                    bits,
                    value,
                    low_bit,
                } => Operand::Int(IntValue {
                    bits,
                    value,
                    low_bit,
                }),
                TypeOperand::Other => Operand::Other,
            })
            .collect()
    }

    fn tag_of(&mut self, node: NodeId) -> TagId {
        if let Some(&t) = self.by_node.get(&node) {
            return t;
        }
        let row = self.oracle.tag(&self.graph, node);
        let t = self.tags.len() as TagId;
        self.tags.push((node, row));
        self.by_node.insert(node, t);
        t
    }

    /// Whether an access with tag `a` may alias one with tag `b`: the
    /// core's `aliases_of` (malformed metadata: may alias).
    pub fn may_alias(&mut self, a: TagId, b: TagId) -> bool {
        if a == b {
            return true;
        }
        let (Some(&(_, ra)), Some(&(_, rb))) =
            (self.tags.get(a as usize), self.tags.get(b as usize))
        else {
            return true;
        };
        self.oracle.aliases_of(&self.graph, ra, rb).unwrap_or(true)
    }

    /// Why `a` and `b` are answered as they are (the core's reason).
    pub fn why(&mut self, a: TagId, b: TagId) -> String {
        let (Some(&(na, _)), Some(&(nb, _))) =
            (self.tags.get(a as usize), self.tags.get(b as usize))
        else {
            return "unknown tags".into();
        };
        match self
            .oracle
            .match_access_tags(&self.graph, Some(na), Some(nb))
        {
            Ok(m) => m.reason.describe(&self.graph),
            Err(e) => format!("malformed metadata: {e:?}"),
        }
    }

    /// The tag for humans.
    pub fn describe(&self, t: TagId) -> String {
        self.tags
            .get(t as usize)
            .map_or_else(|| "?".into(), |&(n, _)| describe_tag(&self.graph, n))
    }

    /// The names of the tag's base and access types (suppressions match
    /// them), each once.
    pub fn type_names(&self, t: TagId) -> Vec<String> {
        let Some(&(n, _)) = self.tags.get(t as usize) else {
            return vec![];
        };
        let tag = AccessTag(n);
        let mut names: Vec<String> = Vec::new();
        for ty in [tag.base_type(&self.graph), tag.access_type(&self.graph)] {
            if let Some(name) = ty
                .ok()
                .flatten()
                .and_then(|ty| TypeNode::of(&self.graph, ty).name(&self.graph))
            {
                if !names.iter().any(|x| x == name) {
                    names.push(name.to_owned());
                }
            }
        }
        names
    }

    /// The procedure whose own TBAA tree the tag is in, if any: Flang
    /// gives each procedure a tree of its own (its root is named
    /// [`PER_CALL_ROOT`]` F`), whose tags tell, for one call of F, its dummy
    /// arguments and other data apart. Such a claim holds within one call;
    /// a type tree's (clang's `Simple C/C++ TBAA`) holds for the whole
    /// life of the memory.
    pub fn per_call_root(&mut self, t: TagId) -> Option<String> {
        let &(n, _) = self.tags.get(t as usize)?;
        per_call_root(&self.graph, &mut self.oracle, n)
    }

    /// Whether the tag marks its memory immutable (the flag operand):
    /// LLVM then takes no store to modify it.
    pub fn is_immutable(&mut self, t: TagId) -> bool {
        match self.tags.get(t as usize) {
            Some(&(n, _)) => self.oracle.is_immutable(&self.graph, n),
            None => false,
        }
    }

    /// The content hash of the tag's node (what decision ids are made of).
    pub fn content(&mut self, t: TagId) -> u64 {
        match self.tags.get(t as usize) {
            Some(&(n, _)) => self.contents.of(&self.graph, n),
            None => 0,
        }
    }

    pub fn len(&self) -> usize {
        self.tags.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tags.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanitize::table::Access;
    use crate::sanitize::tbaa_table::{TbaaSite, TbaaTableBuilder};
    use crate::tbaa::build::TypeDag;

    /// A table of clang's int, float and char tags, and the oracle's own
    /// answers on the original graph.
    fn module(name: &str) -> (TbaaTable, Vec<Vec<bool>>) {
        let mut d = TypeDag::new();
        let c = d.c_scalars();
        let tags = [
            d.old_tag(c.int, c.int, 0),
            d.old_tag(c.float, c.float, 0),
            d.old_tag(c.char_, c.char_, 0),
        ];
        let mut b = TbaaTableBuilder::new(name);
        for &t in &tags {
            let tag = b.tag(&d.g, t);
            b.site(TbaaSite {
                instruction: String::new(),
                location: vec![],
                part: String::new(),
                access: Access::Read,
                tag,
                function: 0,
            });
        }
        let mut o = TbaaOracle::new();
        let answers = tags
            .iter()
            .map(|&x| {
                tags.iter()
                    .map(|&y| o.aliases(&d.g, Some(x), Some(y)).unwrap())
                    .collect()
            })
            .collect();
        (b.table, answers)
    }

    #[test]
    fn flang_procedure_trees_are_per_call() {
        let mut d = TypeDag::new();
        let root = d.root("Flang function root _QPrelax");
        let any = d.old_scalar("any access", root);
        let dummy = d.old_scalar("dummy arg data", any);
        let u_ = d.old_scalar("dummy arg data/_QFrelaxEu", dummy);
        let tag = d.old_tag(u_, u_, 0);
        let mut b = TbaaTableBuilder::new("x.f90");
        b.tag(&d.g, tag);
        let mut u = TypeUniverse::new();
        let t = u.add(&b.table);
        assert_eq!(u.per_call_root(t[0]).as_deref(), Some("_QPrelax"));
    }

    #[test]
    fn answers_are_the_oracles_and_modules_share_their_types() {
        let (a, answers) = module("a.c");
        let (b, _) = module("b.c");
        let mut u = TypeUniverse::new();
        let ta = u.add(&a);
        let tb = u.add(&b);
        assert_eq!(
            ta, tb,
            "the same tags of two modules are one tag once linked"
        );
        for i in 0..3 {
            for j in 0..3 {
                assert_eq!(u.may_alias(ta[i], tb[j]), answers[i][j], "{i} {j}");
            }
        }
        assert!(!u.may_alias(ta[0], ta[1]), "int and float do not alias");
        assert!(u.why(ta[0], ta[1]).contains("neither access"));
        assert_eq!(
            u.describe(ta[0]),
            "{base \"int\", access \"int\", offset 0}"
        );
        assert_ne!(u.content(ta[0]), u.content(ta[1]));
        assert_eq!(u.type_names(ta[1]), vec!["float".to_owned()]);
        assert_eq!(u.per_call_root(ta[0]), None, "clang's tree is a type tree");
    }
}
