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

pub struct Types {
    pub dag: Dag,
    pub tags: Vec<TagSpec>,
    /// Old scalar nodes usable as legacy (pre struct-path) tags.
    pub legacy: Vec<usize>,
}

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

pub fn gen_types(rng: &mut Rng, encoding: Encoding) -> Types {
    let mut dag = Dag { nodes: Vec::new() };
    let mut legacy = Vec::new();
    let nroots = *rng.pick(&[1, 1, 1, 2, 2, 3]);
    let mut empty_root_used = false;
    let mut root_names: Vec<&str> = ROOT_NAMES.to_vec();
    let mut struct_no = 0;
    // Per root: (encoding, non-root types usable as fields).
    let mut per_root: Vec<(Enc, usize, Vec<usize>)> = Vec::new();
    for _ in 0..nroots {
        let enc = match encoding {
            Encoding::Old | Encoding::Scalar => Enc::Old,
            Encoding::New => Enc::New,
            Encoding::Mixed => *rng.pick(&[Enc::Old, Enc::New]),
        };
        let legacy_ok = matches!(encoding, Encoding::Scalar | Encoding::Mixed) && enc == Enc::Old;
        let root = dag.nodes.len();
        let name = if !empty_root_used && rng.pct(12) {
            empty_root_used = true;
            None
        } else {
            let i = rng.below(root_names.len());
            Some(root_names.remove(i).to_string())
        };
        dag.nodes.push(TNode {
            name,
            kind: Kind::Root,
            ty: Ty::Int(8),
            size: 1,
            align: 1,
            distinct: false,
            int_id: false,
        });
        let mut scalars: Vec<usize> = Vec::new();
        let mut used: BTreeSet<(String, usize)> = BTreeSet::new();
        let mut add_scalar =
            |dag: &mut Dag, rng: &mut Rng, name: String, parent: usize, ty: Ty| -> usize {
                let mut name = name;
                let mut k = 2;
                while !used.insert((name.clone(), parent)) {
                    name = format!("{name}#{k}");
                    k += 1;
                }
                let id = dag.nodes.len();
                let kind = match enc {
                    Enc::Old => Kind::OldScalar {
                        parent,
                        op2: if rng.pct(60) { Some(0) } else { None },
                    },
                    Enc::New => Kind::New {
                        parent,
                        fields: Vec::new(),
                    },
                };
                dag.nodes.push(TNode {
                    name: Some(name),
                    kind,
                    ty,
                    size: ty.size(),
                    align: ty.align(),
                    distinct: false,
                    int_id: false,
                });
                id
            };
        let char_node = if rng.pct(85) {
            let c = add_scalar(&mut dag, rng, "omnipotent char".into(), root, Ty::Int(8));
            scalars.push(c);
            Some(c)
        } else {
            None
        };
        let nscalars = rng.range(2, 7);
        // Mixed encoding: a new-format scalar may hang off an old-format
        // scalar of an earlier root (formats are classified per node).
        let old_parents: Vec<usize> = per_root
            .iter()
            .filter(|r| r.0 == Enc::Old && enc == Enc::New)
            .flat_map(|r| r.2.iter().copied())
            .collect();
        for _ in 0..nscalars {
            let parent = match char_node {
                _ if !old_parents.is_empty() && rng.pct(20) => *rng.pick(&old_parents),
                Some(c) if rng.pct(55) => c,
                _ if scalars.is_empty() || rng.pct(15) => root,
                _ => *rng.pick(&scalars),
            };
            let (name, ty) = *rng.pick(SCALAR_NAMES);
            let s = add_scalar(&mut dag, rng, name.to_string(), parent, ty);
            scalars.push(s);
        }
        // A distinct twin: same operands as an existing scalar, but another
        // node (TBAA compares nodes by identity).
        if rng.pct(25) {
            let orig = *rng.pick(&scalars);
            let mut twin = dag.nodes[orig].clone();
            twin.distinct = true;
            scalars.push(dag.nodes.len());
            dag.nodes.push(twin);
        }
        if legacy_ok {
            legacy.extend(scalars.iter().copied());
            // Leaves flagged constant: legacy tags `!{!"const T", !P, i64 1}`.
            for _ in 0..rng.range(0, 2) {
                let parent = if scalars.is_empty() || rng.pct(10) {
                    root
                } else {
                    *rng.pick(&scalars)
                };
                let id = dag.nodes.len();
                let ty = dag.nodes[parent].ty;
                dag.nodes.push(TNode {
                    name: Some(format!("const T{id}")),
                    kind: Kind::OldScalar {
                        parent,
                        op2: Some(1),
                    },
                    ty,
                    size: ty.size(),
                    align: ty.align(),
                    distinct: false,
                    int_id: false,
                });
                legacy.push(id);
            }
        }
        per_root.push((enc, root, scalars));
    }

    // Structs.
    if encoding != Encoding::Scalar {
        for r in 0..per_root.len() {
            let (enc, root) = (per_root[r].0, per_root[r].1);
            let nstructs = rng.range(1, 6);
            for _ in 0..nstructs {
                let nfields = *rng.pick(&[1, 2, 2, 3, 3, 3, 4, 4, 5]);
                let mut ftypes = Vec::new();
                for _ in 0..nfields {
                    // Mostly same-root types; sometimes another root of the
                    // same encoding.
                    let pool = if rng.pct(8) {
                        let same: Vec<usize> = (0..per_root.len())
                            .filter(|&o| per_root[o].0 == enc && !per_root[o].2.is_empty())
                            .collect();
                        per_root[*rng.pick(&same)].2.clone()
                    } else {
                        per_root[r].2.clone()
                    };
                    if pool.is_empty() {
                        continue;
                    }
                    // Prefer nesting earlier structs now and then.
                    let structs: Vec<usize> =
                        pool.iter().copied().filter(|&t| dag.is_struct(t)).collect();
                    let t = if !structs.is_empty() && rng.pct(30) {
                        *rng.pick(&structs)
                    } else {
                        *rng.pick(&pool)
                    };
                    ftypes.push(t);
                }
                if ftypes.is_empty() {
                    continue;
                }
                let layout = rng.weighted(&[65, 10, 13, 12]);
                let mut offs = Vec::new();
                let mut cur = 0u64;
                let mut maxalign = 1;
                let mut end = 0u64;
                for (i, &t) in ftypes.iter().enumerate() {
                    let (sz, al) = (dag.nodes[t].size, dag.nodes[t].align);
                    maxalign = maxalign.max(al);
                    let o = match layout {
                        0 => align_up(cur, al),
                        1 => 0,
                        2 => {
                            if i > 0 && rng.pct(40) {
                                offs[i - 1]
                            } else {
                                align_up(cur, al)
                            }
                        }
                        _ => {
                            let prev = if i == 0 { 0 } else { offs[i - 1] };
                            if i == 0 && rng.pct(80) {
                                0
                            } else {
                                prev + rng.below(9) as u64
                            }
                        }
                    };
                    offs.push(o);
                    cur = o + sz;
                    end = end.max(cur);
                }
                let size = align_up(end.max(1), maxalign);
                let id = dag.nodes.len();
                struct_no += 1;
                let name = if rng.pct(50) {
                    format!("_ZTS{}S{struct_no}", 1 + format!("{struct_no}").len())
                } else {
                    format!("struct S{struct_no}")
                };
                let kind = match enc {
                    Enc::Old => Kind::OldStruct {
                        fields: ftypes.iter().copied().zip(offs.iter().copied()).collect(),
                    },
                    Enc::New => {
                        let scal = &per_root[r].2;
                        let parent = if rng.pct(70) {
                            scal.iter()
                                .copied()
                                .find(|&s| dag.nodes[s].name.as_deref() == Some("omnipotent char"))
                                .unwrap_or(root)
                        } else if rng.pct(60) || scal.is_empty() {
                            root
                        } else {
                            *rng.pick(scal)
                        };
                        Kind::New {
                            parent,
                            fields: ftypes
                                .iter()
                                .zip(offs.iter())
                                .map(|(&t, &o)| {
                                    let sz = if rng.pct(5) {
                                        rng.below(20) as u64
                                    } else {
                                        dag.nodes[t].size
                                    };
                                    (t, o, sz)
                                })
                                .collect(),
                        }
                    }
                };
                dag.nodes.push(TNode {
                    name: Some(name),
                    kind,
                    ty: Ty::for_size(size),
                    size,
                    align: maxalign,
                    distinct: false,
                    int_id: false,
                });
                per_root[r].2.push(id);
            }
        }
    }

    for n in &mut dag.nodes {
        if matches!(n.kind, Kind::New { .. }) && rng.pct(5) {
            n.int_id = true;
        }
    }

    // Enumerate valid struct-path tags.
    let mut tags = Vec::new();
    let mut seen = BTreeSet::new();
    if encoding != Encoding::Scalar {
        for b in 0..dag.nodes.len() {
            if dag.is_root(b) || matches!(dag.nodes[b].kind, Kind::OldScalar { op2: Some(1), .. }) {
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
    }
    Types { dag, tags, legacy }
}
