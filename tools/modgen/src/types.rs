//! The random type system of a module: one or more roots, each with scalar
//! chains (an `omnipotent char` most of the time, distinct twins, constant
//! legacy leaves) and structs with ordinary, union-like or irregular layouts,
//! then every struct-path access tag the verifier accepts on it. All of it
//! comes from the main random stream, in the order below.

use std::collections::BTreeSet;

use crate::dag::{Dag, Enc, Kind, TNode};
use crate::ir_type::Ty;
use crate::rng::Rng;

const SCALAR_NAMES: &[(&str, Ty)] = &[
    ("int", Ty::Int(32)),
    ("short", Ty::Int(16)),
    ("long", Ty::Int(64)),
    ("long long", Ty::Int(64)),
    ("float", Ty::F32),
    ("double", Ty::F64),
    ("any pointer", Ty::Ptr),
    ("p1 int", Ty::Ptr),
    ("p2 int", Ty::Ptr),
    ("bool", Ty::Int(8)),
    ("_ZTS4Enum", Ty::Int(32)),
    ("unsigned int", Ty::Int(32)),
    ("vtable pointer", Ty::Ptr),
    ("__int128", Ty::Int(128)),
    ("wchar_t", Ty::Int(32)),
];
pub const ROOT_NAMES: &[&str] = &[
    "Simple C/C++ TBAA",
    "Simple C++ TBAA",
    "other root",
    "Flang function root",
    "another type system",
];

/// One access-tag shape accepted by the verifier.
#[derive(Clone, Copy, Debug)]
pub struct TagSpec {
    pub base: usize,
    pub access: usize,
    pub off: u64,
    pub new_fmt: bool,
}

/// The `--encoding` of a module: which formats its type nodes and tags use.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Encoding {
    Old,
    New,
    Scalar,
    Mixed,
}

impl Encoding {
    pub fn parse(name: &str) -> Option<Encoding> {
        match name {
            "old" => Some(Encoding::Old),
            "new" => Some(Encoding::New),
            "scalar" => Some(Encoding::Scalar),
            "mixed" => Some(Encoding::Mixed),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Old => "old",
            Encoding::New => "new",
            Encoding::Scalar => "scalar",
            Encoding::Mixed => "mixed",
        }
    }
}

pub struct Types {
    pub dag: Dag,
    pub tags: Vec<TagSpec>,
    /// Old scalar nodes usable as legacy (pre struct-path) tags.
    pub legacy: Vec<usize>,
}

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

/// The types of one root: their format, the root node, and the non-root
/// types usable as fields (scalars first, then structs).
struct Root {
    enc: Enc,
    root: usize,
    types: Vec<usize>,
}

/// The state of the type generator between its steps.
struct TypeGen<'r> {
    rng: &'r mut Rng,
    encoding: Encoding,
    dag: Dag,
    legacy: Vec<usize>,
    roots: Vec<Root>,
    /// Root names not taken yet.
    root_names: Vec<&'static str>,
    /// Whether the nameless root `!{}` is taken (one at most).
    empty_root_used: bool,
    struct_no: usize,
}

pub fn gen_types(rng: &mut Rng, encoding: Encoding) -> Types {
    let mut g = TypeGen {
        rng,
        encoding,
        dag: Dag { nodes: Vec::new() },
        legacy: Vec::new(),
        roots: Vec::new(),
        root_names: ROOT_NAMES.to_vec(),
        empty_root_used: false,
        struct_no: 0,
    };
    let nroots = *g.rng.pick(&[1, 1, 1, 2, 2, 3]);
    for _ in 0..nroots {
        g.root();
    }
    if encoding != Encoding::Scalar {
        for r in 0..g.roots.len() {
            let nstructs = g.rng.range(1, 6);
            for _ in 0..nstructs {
                g.structure(r);
            }
        }
    }
    for n in &mut g.dag.nodes {
        if matches!(n.kind, Kind::New { .. }) && g.rng.pct(5) {
            n.int_id = true;
        }
    }
    let tags = if encoding != Encoding::Scalar {
        valid_tags(&g.dag)
    } else {
        Vec::new()
    };
    Types {
        dag: g.dag,
        tags,
        legacy: g.legacy,
    }
}

/// Every struct-path tag the verifier accepts: for each base type, every
/// offset reachable through its fields and every type the walk meets there.
fn valid_tags(dag: &Dag) -> Vec<TagSpec> {
    let mut tags = Vec::new();
    let mut seen = BTreeSet::new();
    for b in 0..dag.nodes.len() {
        if dag.is_root(b) || dag.is_const_scalar(b) {
            continue;
        }
        let mut offs = BTreeSet::new();
        dag.struct_offsets(b, &mut offs, 0, 0);
        for off in offs {
            for a in dag.walk_candidates(b, off) {
                if dag.verify_tag(b, a, off) && seen.insert((b, a, off)) {
                    tags.push(TagSpec {
                        base: b,
                        access: a,
                        off,
                        new_fmt: dag.is_new(a),
                    });
                }
            }
        }
    }
    tags
}

/// Names scalars apart: a name is taken once per parent, then `name#2`...
struct ScalarNames(BTreeSet<(String, usize)>);

impl ScalarNames {
    fn unique(&mut self, name: String, parent: usize) -> String {
        let mut name = name;
        let mut k = 2;
        while !self.0.insert((name.clone(), parent)) {
            name = format!("{name}#{k}");
            k += 1;
        }
        name
    }
}

impl TypeGen<'_> {
    fn push(&mut self, node: TNode) -> usize {
        self.dag.nodes.push(node);
        self.dag.nodes.len() - 1
    }

    /// A plain node of type `ty`, neither distinct nor with an integer id.
    fn node(name: Option<String>, kind: Kind, ty: Ty) -> TNode {
        TNode {
            name,
            kind,
            ty,
            size: ty.size(),
            align: ty.align(),
            distinct: false,
            int_id: false,
        }
    }

    /// One root and its scalars (and, where the encoding has legacy tags,
    /// its constant leaves).
    fn root(&mut self) {
        let enc = match self.encoding {
            Encoding::Old | Encoding::Scalar => Enc::Old,
            Encoding::New => Enc::New,
            Encoding::Mixed => *self.rng.pick(&[Enc::Old, Enc::New]),
        };
        let legacy_ok =
            matches!(self.encoding, Encoding::Scalar | Encoding::Mixed) && enc == Enc::Old;
        let name = if !self.empty_root_used && self.rng.pct(12) {
            self.empty_root_used = true;
            None
        } else {
            let i = self.rng.below(self.root_names.len());
            Some(self.root_names.remove(i).to_string())
        };
        let root = self.push(Self::node(name, Kind::Root, Ty::Int(8)));
        let scalars = self.scalars(enc, root);
        if legacy_ok {
            self.legacy.extend(scalars.iter().copied());
            self.const_leaves(root, &scalars);
        }
        self.roots.push(Root {
            enc,
            root,
            types: scalars,
        });
    }

    /// A scalar type node below `parent`, named apart from its siblings
    /// (old format: with the offset operand `i64 0` more often than not).
    fn scalar(
        &mut self,
        names: &mut ScalarNames,
        enc: Enc,
        name: &str,
        parent: usize,
        ty: Ty,
    ) -> usize {
        let name = names.unique(name.to_string(), parent);
        let kind = match enc {
            Enc::Old => Kind::OldScalar {
                parent,
                op2: if self.rng.pct(60) { Some(0) } else { None },
            },
            Enc::New => Kind::New {
                parent,
                fields: Vec::new(),
            },
        };
        self.push(Self::node(Some(name), kind, ty))
    }

    /// The scalars of a root: chains below the root and `omnipotent char`,
    /// sometimes a distinct twin.
    fn scalars(&mut self, enc: Enc, root: usize) -> Vec<usize> {
        let mut names = ScalarNames(BTreeSet::new());
        let mut scalars: Vec<usize> = Vec::new();
        let char_node = if self.rng.pct(85) {
            let c = self.scalar(&mut names, enc, "omnipotent char", root, Ty::Int(8));
            scalars.push(c);
            Some(c)
        } else {
            None
        };
        let nscalars = self.rng.range(2, 7);
        // Mixed encoding: a new-format scalar may hang off an old-format
        // scalar of an earlier root (formats are classified per node).
        let old_parents: Vec<usize> = self
            .roots
            .iter()
            .filter(|r| r.enc == Enc::Old && enc == Enc::New)
            .flat_map(|r| r.types.iter().copied())
            .collect();
        for _ in 0..nscalars {
            let rng = &mut *self.rng;
            let parent = match char_node {
                _ if !old_parents.is_empty() && rng.pct(20) => *rng.pick(&old_parents),
                Some(c) if rng.pct(55) => c,
                _ if scalars.is_empty() || rng.pct(15) => root,
                _ => *rng.pick(&scalars),
            };
            let (name, ty) = *rng.pick(SCALAR_NAMES);
            let s = self.scalar(&mut names, enc, name, parent, ty);
            scalars.push(s);
        }
        // A distinct twin: same operands as an existing scalar, but another
        // node (TBAA compares nodes by identity).
        if self.rng.pct(25) {
            let orig = *self.rng.pick(&scalars);
            let mut twin = self.dag.nodes[orig].clone();
            twin.distinct = true;
            scalars.push(self.push(twin));
        }
        scalars
    }

    /// Leaves flagged constant: legacy tags `!{!"const T", !P, i64 1}`.
    fn const_leaves(&mut self, root: usize, scalars: &[usize]) {
        for _ in 0..self.rng.range(0, 2) {
            let parent = if scalars.is_empty() || self.rng.pct(10) {
                root
            } else {
                *self.rng.pick(scalars)
            };
            let id = self.dag.nodes.len();
            let ty = self.dag.nodes[parent].ty;
            let kind = Kind::OldScalar {
                parent,
                op2: Some(1),
            };
            self.push(Self::node(Some(format!("const T{id}")), kind, ty));
            self.legacy.push(id);
        }
    }

    /// One struct of root `r`, if it gets any field.
    fn structure(&mut self, r: usize) {
        let ftypes = self.field_types(r);
        if ftypes.is_empty() {
            return;
        }
        let (offs, size, align) = self.layout(&ftypes);
        self.struct_no += 1;
        let struct_no = self.struct_no;
        let name = if self.rng.pct(50) {
            format!("_ZTS{}S{struct_no}", 1 + format!("{struct_no}").len())
        } else {
            format!("struct S{struct_no}")
        };
        let kind = match self.roots[r].enc {
            Enc::Old => Kind::OldStruct {
                fields: ftypes.iter().copied().zip(offs.iter().copied()).collect(),
            },
            Enc::New => self.new_struct(r, &ftypes, &offs),
        };
        let id = self.push(TNode {
            name: Some(name),
            kind,
            ty: Ty::for_size(size),
            size,
            align,
            distinct: false,
            int_id: false,
        });
        self.roots[r].types.push(id);
    }

    /// The field types of a struct: mostly types of its own root, sometimes
    /// of another root of the same format; earlier structs now and then.
    fn field_types(&mut self, r: usize) -> Vec<usize> {
        let nfields = *self.rng.pick(&[1, 2, 2, 3, 3, 3, 4, 4, 5]);
        let enc = self.roots[r].enc;
        let mut ftypes = Vec::new();
        for _ in 0..nfields {
            let pool = if self.rng.pct(8) {
                let same: Vec<usize> = (0..self.roots.len())
                    .filter(|&o| self.roots[o].enc == enc && !self.roots[o].types.is_empty())
                    .collect();
                self.roots[*self.rng.pick(&same)].types.clone()
            } else {
                self.roots[r].types.clone()
            };
            if pool.is_empty() {
                continue;
            }
            let structs: Vec<usize> = pool
                .iter()
                .copied()
                .filter(|&t| self.dag.is_struct(t))
                .collect();
            let t = if !structs.is_empty() && self.rng.pct(30) {
                *self.rng.pick(&structs)
            } else {
                *self.rng.pick(&pool)
            };
            ftypes.push(t);
        }
        ftypes
    }

    /// Field offsets, size and alignment of a struct with these field types,
    /// in one of four layouts: ordinary, a union (all at 0), some fields
    /// sharing the previous one's offset, or irregular (any small step).
    fn layout(&mut self, ftypes: &[usize]) -> (Vec<u64>, u64, u64) {
        let layout = self.rng.weighted(&[65, 10, 13, 12]);
        let mut offs = Vec::new();
        let mut cur = 0u64;
        let mut maxalign = 1;
        let mut end = 0u64;
        for (i, &t) in ftypes.iter().enumerate() {
            let (sz, al) = (self.dag.nodes[t].size, self.dag.nodes[t].align);
            maxalign = maxalign.max(al);
            let o = match layout {
                0 => align_up(cur, al),
                1 => 0,
                2 => {
                    if i > 0 && self.rng.pct(40) {
                        offs[i - 1]
                    } else {
                        align_up(cur, al)
                    }
                }
                _ => {
                    let prev = if i == 0 { 0 } else { offs[i - 1] };
                    if i == 0 && self.rng.pct(80) {
                        0
                    } else {
                        prev + self.rng.below(9) as u64
                    }
                }
            };
            offs.push(o);
            cur = o + sz;
            end = end.max(cur);
        }
        (offs, align_up(end.max(1), maxalign), maxalign)
    }

    /// A new-format struct: its parent (mostly `omnipotent char`) and its
    /// fields, now and then with a size other than the field type's.
    fn new_struct(&mut self, r: usize, ftypes: &[usize], offs: &[u64]) -> Kind {
        let root = self.roots[r].root;
        let scal = &self.roots[r].types;
        let parent = if self.rng.pct(70) {
            scal.iter()
                .copied()
                .find(|&s| self.dag.nodes[s].name.as_deref() == Some("omnipotent char"))
                .unwrap_or(root)
        } else if self.rng.pct(60) || scal.is_empty() {
            root
        } else {
            *self.rng.pick(scal)
        };
        Kind::New {
            parent,
            fields: ftypes
                .iter()
                .zip(offs.iter())
                .map(|(&t, &o)| {
                    let sz = if self.rng.pct(5) {
                        self.rng.below(20) as u64
                    } else {
                        self.dag.nodes[t].size
                    };
                    (t, o, sz)
                })
                .collect(),
        }
    }
}
