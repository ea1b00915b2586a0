//! A builder for TBAA type DAGs and tags, in the shapes front ends emit.
//!
//! Nodes are uniqued like LLVM's `MDNode::get`: asking twice for the same
//! operands gives the same node. Tests and generators use it to write type
//! DAGs the way clang writes them.

use rustc_hash::FxHashMap;

use crate::graph::{MetadataGraph, NodeId, Operand};

/// The type nodes [`TypeDag::c_scalars`] and
/// [`TypeDag::c_scalars_new_format`] make.
#[derive(Copy, Clone, Debug)]
pub struct CScalars {
    pub root: NodeId,
    pub char_: NodeId,
    pub int: NodeId,
    pub float: NodeId,
}

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

    /// Clang's C scalars under a root: the types `omnipotent char`, `int`
    /// and `float` (below char), as [`CScalars`].
    pub fn c_scalars(&mut self) -> CScalars {
        let root = self.root("Simple C/C++ TBAA");
        let char_ = self.old_scalar("omnipotent char", root);
        let int = self.old_scalar("int", char_);
        let float = self.old_scalar("float", char_);
        CScalars {
            root,
            char_,
            int,
            float,
        }
    }

    /// The scalars of [`TypeDag::c_scalars`], each with its own tag
    /// (`!{T, T, i64 0}`), as `[int, float, char]`.
    pub fn c_scalar_tags(&mut self) -> [NodeId; 3] {
        let c = self.c_scalars();
        [c.int, c.float, c.char_].map(|t| self.old_tag(t, t, 0))
    }

    /// [`TypeDag::c_scalars`] in the new format: `omnipotent char` of 1
    /// byte, `int` and `float` of 4.
    pub fn c_scalars_new_format(&mut self) -> CScalars {
        let root = self.root("Simple C/C++ TBAA");
        let char_ = self.new_scalar(root, 1, "omnipotent char");
        let int = self.new_scalar(char_, 4, "int");
        let float = self.new_scalar(char_, 4, "float");
        CScalars {
            root,
            char_,
            int,
            float,
        }
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
        let ops = self.new_struct_operands(parent, size, name, fields);
        self.tuple(ops)
    }

    /// Defines the reserved node `id` as a new-format struct (or, without
    /// fields, scalar), as [`TypeDag::new_struct`] writes it: how a test
    /// writes a cycle of types, which no uniqued node can close.
    pub fn define_new_struct(
        &mut self,
        id: NodeId,
        parent: NodeId,
        size: u64,
        name: &str,
        fields: &[(NodeId, u64, u64)],
    ) {
        let ops = self.new_struct_operands(parent, size, name, fields);
        self.g.define_tuple(id, ops);
    }

    fn new_struct_operands(
        &mut self,
        parent: NodeId,
        size: u64,
        name: &str,
        fields: &[(NodeId, u64, u64)],
    ) -> Vec<Operand> {
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
        ops
    }

    /// An old-format tag: `!{base, access, i64 offset}`.
    pub fn old_tag(&mut self, base: NodeId, access: NodeId, offset: u64) -> NodeId {
        self.tag(base, access, &[offset])
    }

    /// An old-format tag with an immutability flag.
    pub fn old_tag_flag(&mut self, base: NodeId, access: NodeId, offset: u64, flag: u64) -> NodeId {
        self.tag(base, access, &[offset, flag])
    }

    /// A new-format tag: `!{base, access, i64 offset, i64 size}`.
    pub fn new_tag(&mut self, base: NodeId, access: NodeId, offset: u64, size: u64) -> NodeId {
        self.tag(base, access, &[offset, size])
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
        self.tag(base, access, &[offset, size, flag])
    }

    /// A `!tbaa.struct`: `!{i64 offset, i64 size, !tag, ...}`, a triple a
    /// field.
    pub fn tbaa_struct(&mut self, fields: &[(u64, u64, NodeId)]) -> NodeId {
        let ops = fields
            .iter()
            .flat_map(|&(offset, size, tag)| {
                [
                    Operand::int64(offset),
                    Operand::int64(size),
                    Operand::Node(tag),
                ]
            })
            .collect();
        self.tuple(ops)
    }

    /// A tag: `!{base, access, i64 ...}`, the integers as given.
    fn tag(&mut self, base: NodeId, access: NodeId, ints: &[u64]) -> NodeId {
        let mut ops = vec![Operand::Node(base), Operand::Node(access)];
        ops.extend(ints.iter().map(|&v| Operand::int64(v)));
        self.tuple(ops)
    }
}

/// The workspace's deterministic generator (SplitMix64): the same seed
/// gives the same type system on every machine. `aliaskit-modgen` draws
/// its modules from it, and its seeds name modules in the tests and
/// benchmarks, so the sequence must never change (modgen's
/// `tests/sequence.rs` would fail).
#[derive(Clone, Debug)]
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// A type as the random generator knows it: its node, size, and fields
/// (type index, offset) for structs.
#[derive(Clone, Debug)]
pub struct RandomType {
    pub node: NodeId,
    pub size: u64,
    pub fields: Vec<(usize, u64)>,
    pub root: usize,
}

/// A random, valid type system and tags on it.
#[derive(Clone, Debug)]
pub struct RandomTypeSystem {
    pub dag: TypeDag,
    pub new_format: bool,
    pub roots: Vec<NodeId>,
    pub types: Vec<RandomType>,
    /// Access tags, each valid: walking from its base at its offset reaches
    /// its access type at offset 0.
    pub tags: Vec<NodeId>,
    /// The root index of each tag.
    pub tag_roots: Vec<usize>,
}

impl RandomTypeSystem {
    /// One to two roots (unrelated type systems), each with a char type,
    /// scalars (some chained below others), structs with nested structs and
    /// fields sharing an offset, and `tags` tags: scalar accesses through
    /// field paths, whole-struct accesses (new format), some immutable.
    pub fn generate(seed: u64, new_format: bool, tags: usize) -> RandomTypeSystem {
        let mut rng = SplitMix(seed);
        let mut sys = RandomTypeSystem {
            dag: TypeDag::new(),
            new_format,
            roots: Vec::new(),
            types: Vec::new(),
            tags: Vec::new(),
            tag_roots: Vec::new(),
        };
        let nroots = 1 + rng.below(2);
        for r in 0..nroots {
            let root = sys.dag.root(&format!("root {r}"));
            sys.roots.push(root);
            let char_ = sys.scalar(r, "char", root, 1);
            let mut scalars = vec![char_];
            for (name, size) in [
                ("short", 2),
                ("int", 4),
                ("long", 8),
                ("float", 4),
                ("any pointer", 8),
            ] {
                if rng.chance(80) {
                    let t = sys.scalar(r, name, sys.types[char_].node, size);
                    scalars.push(t);
                    if rng.chance(25) {
                        // A deeper chain: a type below another scalar.
                        let parent = sys.types[t].node;
                        let sub = sys.scalar(r, &format!("{name} sub"), parent, size);
                        scalars.push(sub);
                    }
                }
            }
            let nstructs = rng.below(6);
            for s in 0..nstructs {
                let candidates: Vec<usize> = (0..sys.types.len())
                    .filter(|&t| sys.types[t].root == r)
                    .collect();
                let nfields = 1 + rng.below(4);
                let mut fields = Vec::new();
                let (mut offset, mut end) = (0u64, 0u64);
                for i in 0..nfields {
                    let ty = candidates[rng.below(candidates.len())];
                    let size = sys.types[ty].size;
                    if i > 0 && rng.chance(15) {
                        // Shares the previous field's offset (a union member).
                    } else {
                        let align = size.clamp(1, 8);
                        offset = end.div_ceil(align) * align;
                    }
                    end = end.max(offset + size);
                    fields.push((ty, offset));
                }
                let size = end.div_ceil(8).max(1) * 8;
                sys.add_struct(r, &format!("struct {r}.{s}"), size, fields);
            }
        }
        for _ in 0..tags {
            let base = rng.below(sys.types.len());
            let tag = sys.random_tag(&mut rng, base);
            sys.tags.push(tag);
            sys.tag_roots.push(sys.types[base].root);
        }
        sys
    }

    fn scalar(&mut self, root: usize, name: &str, parent: NodeId, size: u64) -> usize {
        let node = if self.new_format {
            self.dag.new_scalar(parent, size, name)
        } else {
            self.dag.old_scalar(name, parent)
        };
        self.types.push(RandomType {
            node,
            size,
            fields: Vec::new(),
            root,
        });
        self.types.len() - 1
    }

    fn add_struct(&mut self, root: usize, name: &str, size: u64, fields: Vec<(usize, u64)>) {
        let node = if self.new_format {
            let char_ = self
                .types
                .iter()
                .find(|t| t.root == root)
                .expect("char first")
                .node;
            let f: Vec<(NodeId, u64, u64)> = fields
                .iter()
                .map(|&(t, off)| (self.types[t].node, off, self.types[t].size))
                .collect();
            self.dag.new_struct(char_, size, name, &f)
        } else {
            let f: Vec<(NodeId, u64)> = fields
                .iter()
                .map(|&(t, off)| (self.types[t].node, off))
                .collect();
            self.dag.old_struct(name, &f)
        };
        self.types.push(RandomType {
            node,
            size,
            fields,
            root,
        });
    }

    /// A valid tag with base type `base`: descend through fields (only the
    /// last field at each offset is reachable by LLVM's walk) down to a
    /// scalar, or (new format) stop at a struct for a whole-struct access.
    pub fn random_tag(&mut self, rng: &mut SplitMix, base: usize) -> NodeId {
        let mut ty = base;
        let mut offset = 0u64;
        loop {
            let fields = &self.types[ty].fields;
            if fields.is_empty() || (self.new_format && rng.chance(20)) {
                break;
            }
            let reachable: Vec<(usize, u64)> = fields
                .iter()
                .enumerate()
                .filter(|&(i, &(_, off))| fields.get(i + 1).is_none_or(|&(_, next)| next != off))
                .map(|(_, &f)| f)
                .collect();
            let (field, field_offset) = reachable[rng.below(reachable.len())];
            offset += field_offset;
            ty = field;
        }
        let (b, a) = (self.types[base].node, self.types[ty].node);
        let immutable = rng.chance(10);
        match (self.new_format, immutable) {
            (false, false) => self.dag.old_tag(b, a, offset),
            (false, true) => self.dag.old_tag_flag(b, a, offset, 1),
            (true, false) => self.dag.new_tag(b, a, offset, self.types[ty].size),
            (true, true) => self.dag.new_tag_flag(b, a, offset, self.types[ty].size, 1),
        }
    }
}
