//! `aliaskit-modgen`: prints one random, verifier-clean LLVM 22 module with
//! TBAA and scoped no-alias metadata, for differential testing of `rust-tbaa`
//! and `rust-scoped-noalias` against LLVM's built-in `tbaa` and
//! `scoped-noalias-aa` (see `tools/difftest.sh`).
//!
//! Usage: `aliaskit-modgen --seed N [--functions K] [--accesses M]
//! [--encoding old|new|scalar|mixed] [--scopes none|some|many]`
//!
//! The output depends only on the arguments. The generator first builds a
//! random type DAG (one or more roots, scalar chains, structs with ordinary,
//! union-like or irregular layouts), then enumerates every access tag that the
//! LLVM 22 verifier accepts (it simulates `TBAAVerifier`'s path walk, spec
//! §4.2-4.5) and finally emits functions whose loads, stores and calls carry
//! tags drawn from that set.
//!
//! With `--scopes some|many` (by default: none, some or many by seed) the
//! accesses also carry `!alias.scope` / `!noalias` lists over several domains
//! of every shape the verifier accepts (spec §3.1, §4.7), built so that many
//! pairs are NoAlias by the per-domain subset rule (§3.2) and many MayAlias
//! in the tricky ways; there are `llvm.experimental.noalias.scope.decl`
//! calls, fences with lists, and sometimes `alwaysinline` callees `@inl_K`
//! with noalias parameters (named on the second line, `; inline: ...`) for
//! `-passes=inline`. Scoped metadata uses a random stream of its own, so
//! `--scopes none` prints exactly the TBAA-only module of the same seed.

use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;
use std::process::ExitCode;

// ---------------------------------------------------------------------------
// PRNG (splitmix64)

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed ^ 0x5EED_A11A_5C17_0000)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// Uniform in `lo..=hi`.
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `pct` percent.
    fn pct(&mut self, pct: usize) -> bool {
        self.below(100) < pct
    }
    fn pick<'a, T>(&mut self, v: &'a [T]) -> &'a T {
        &v[self.below(v.len())]
    }
    /// Index chosen with the given weights.
    fn weighted(&mut self, weights: &[usize]) -> usize {
        let total: usize = weights.iter().sum();
        let mut r = self.below(total.max(1));
        for (i, w) in weights.iter().enumerate() {
            if r < *w {
                return i;
            }
            r -= *w;
        }
        weights.len() - 1
    }
}

// ---------------------------------------------------------------------------
// IR value types

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ty {
    Int(u32),
    F32,
    F64,
    Ptr,
    Bytes(u64),
}

impl Ty {
    fn ir(self) -> String {
        match self {
            Ty::Int(b) => format!("i{b}"),
            Ty::F32 => "float".into(),
            Ty::F64 => "double".into(),
            Ty::Ptr => "ptr".into(),
            Ty::Bytes(n) => format!("[{n} x i8]"),
        }
    }
    fn size(self) -> u64 {
        match self {
            Ty::Int(b) => u64::from(b.div_ceil(8)),
            Ty::F32 => 4,
            Ty::F64 | Ty::Ptr => 8,
            Ty::Bytes(n) => n,
        }
    }
    fn align(self) -> u64 {
        match self {
            Ty::Bytes(_) => 1,
            t => t.size().min(8).next_power_of_two(),
        }
    }
    /// The IR type used to access a whole object of `size` bytes.
    fn for_size(size: u64) -> Ty {
        if (1..=16).contains(&size) {
            Ty::Int((size * 8) as u32)
        } else {
            Ty::Bytes(size.max(1))
        }
    }
}

// ---------------------------------------------------------------------------
// Type DAG model

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Enc {
    Old,
    New,
}

#[derive(Clone, Debug)]
enum Kind {
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
struct TNode {
    name: Option<String>,
    kind: Kind,
    ty: Ty,
    size: u64,
    align: u64,
    /// Printed as `distinct !{...}` (not uniqued with an identical node).
    distinct: bool,
    /// New format: the id operand is `i64 <node number>` instead of a string.
    int_id: bool,
}

const NO_FIELDS: u32 = u32::MAX;

struct Dag {
    nodes: Vec<TNode>,
}

impl Dag {
    fn nops(&self, n: usize) -> usize {
        match &self.nodes[n].kind {
            Kind::Root => usize::from(self.nodes[n].name.is_some()),
            Kind::OldScalar { op2, .. } => 2 + usize::from(op2.is_some()),
            Kind::OldStruct { fields } => 1 + 2 * fields.len(),
            Kind::New { fields, .. } => 3 + 3 * fields.len(),
        }
    }
    fn is_root(&self, n: usize) -> bool {
        self.nops(n) < 2
    }
    fn is_new(&self, n: usize) -> bool {
        matches!(self.nodes[n].kind, Kind::New { .. })
    }
    fn is_struct(&self, n: usize) -> bool {
        match &self.nodes[n].kind {
            Kind::OldStruct { .. } => true,
            Kind::New { fields, .. } => !fields.is_empty(),
            _ => false,
        }
    }
    /// Verifier's "valid scalar" (spec §4.4).
    fn valid_scalar(&self, n: usize) -> bool {
        match &self.nodes[n].kind {
            Kind::OldScalar { parent, op2 } => {
                matches!(op2, None | Some(0))
                    && (self.is_root(*parent) || self.valid_scalar(*parent))
            }
            Kind::OldStruct { fields } => {
                fields.len() == 1
                    && fields[0].1 == 0
                    && (self.is_root(fields[0].0) || self.valid_scalar(fields[0].0))
            }
            _ => false,
        }
    }
    /// `verifyTBAABaseNode` (spec §4.3): None if invalid, else the bit width.
    fn verify_base(&self, n: usize, new_fmt: bool) -> Option<u32> {
        if self.nops(n) == 2 {
            return self.valid_scalar(n).then_some(0);
        }
        match (&self.nodes[n].kind, new_fmt) {
            (Kind::New { fields, .. }, true) => {
                Some(if fields.is_empty() { NO_FIELDS } else { 64 })
            }
            (Kind::OldScalar { .. } | Kind::OldStruct { .. }, false) => Some(64),
            _ => None,
        }
    }
    /// `getFieldNodeFromTBAABaseNode` (spec §4.5). Err = "Could not find TBAA
    /// parent".
    fn ver_field(&self, n: usize, off: u64) -> Result<(usize, u64), ()> {
        let fields: Vec<(usize, u64)> = match &self.nodes[n].kind {
            Kind::OldScalar { parent, op2: None } => return Ok((*parent, off)),
            Kind::OldScalar {
                parent,
                op2: Some(x),
            } => vec![(*parent, *x)],
            Kind::OldStruct { fields } => fields.clone(),
            Kind::New { parent, fields } => {
                if fields.is_empty() {
                    vec![(*parent, self.nodes[n].size)]
                } else {
                    fields.iter().map(|f| (f.0, f.1)).collect()
                }
            }
            Kind::Root => return Err(()),
        };
        match fields.iter().position(|f| f.1 > off) {
            Some(0) => Err(()),
            Some(i) => Ok((fields[i - 1].0, off.wrapping_sub(fields[i - 1].1))),
            None => {
                let l = fields[fields.len() - 1];
                Ok((l.0, off.wrapping_sub(l.1)))
            }
        }
    }
    /// Does the verifier accept the access tag (base, access, off)? (§4.2)
    fn verify_tag(&self, base: usize, access: usize, off: u64) -> bool {
        let new_fmt = self.is_new(access);
        if !new_fmt && !self.valid_scalar(access) {
            return false;
        }
        let mut node = base;
        let mut off = off;
        let mut seen = false;
        let mut visited = BTreeSet::new();
        while !self.is_root(node) {
            if !visited.insert(node) {
                return false;
            }
            let Some(bw) = self.verify_base(node, new_fmt) else {
                return false;
            };
            seen |= node == access;
            if (self.valid_scalar(node) || node == access) && off != 0 {
                return false;
            }
            if !(bw == 64 || (bw == 0 && off == 0) || (new_fmt && bw == NO_FIELDS)) {
                return false;
            }
            if new_fmt && seen {
                break;
            }
            // The verifier steps from a field-less new-format node to its
            // parent (offset -= size, spec §4.5 quirk), but LLVM's AA walk
            // cannot (§1.3 getField rule 1) and the built-in `tbaa` then
            // dereferences null (§1.6 step 2a). Such tags pass the verifier
            // yet crash the reference, so they are not generated.
            if matches!(&self.nodes[node].kind, Kind::New { fields, .. } if fields.is_empty()) {
                return false;
            }
            match self.ver_field(node, off) {
                Ok((n, o)) => {
                    node = n;
                    off = o;
                }
                Err(()) => return false,
            }
        }
        seen
    }
    /// Offsets reachable by descending struct fields from `n`.
    fn struct_offsets(&self, n: usize, out: &mut BTreeSet<u64>, base: u64, depth: usize) {
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
    /// Candidate access types for (base, off): nodes that the verifier's walk
    /// visits with a zero offset.
    fn walk_candidates(&self, base: usize, off: u64) -> Vec<usize> {
        let mut out = Vec::new();
        let (mut node, mut off) = (base, off);
        for _ in 0..64 {
            if self.is_root(node) {
                break;
            }
            if off == 0 {
                out.push(node);
            }
            match self.ver_field(node, off) {
                Ok((n, o)) => {
                    node = n;
                    off = o;
                }
                Err(()) => break,
            }
        }
        out
    }
    fn render(&self, n: usize) -> String {
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
const ROOT_NAMES: &[&str] = &[
    "Simple C/C++ TBAA",
    "Simple C++ TBAA",
    "other root",
    "Flang function root",
    "another type system",
];

/// One access-tag shape accepted by the verifier.
#[derive(Clone, Copy, Debug)]
struct TagSpec {
    base: usize,
    access: usize,
    off: u64,
    new_fmt: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Encoding {
    Old,
    New,
    Scalar,
    Mixed,
}

struct Types {
    dag: Dag,
    tags: Vec<TagSpec>,
    /// Old scalar nodes usable as legacy (pre struct-path) tags.
    legacy: Vec<usize>,
}

fn align_up(x: u64, a: u64) -> u64 {
    x.div_ceil(a) * a
}

fn gen_types(rng: &mut Rng, encoding: Encoding) -> Types {
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

// ---------------------------------------------------------------------------
// Scoped no-alias metadata (spec §3.1, verifier rules §4.7)

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ScopeMode {
    None,
    Some,
    Many,
}

/// A reference to scoped node `k`; numbered after the TBAA nodes once the
/// module is complete (see `number_scoped`).
fn sref(k: usize) -> String {
    format!("!@s{k}@")
}

/// The domains, scopes and lists of a module. All decisions come from a
/// random stream of their own, so that `--scopes none` leaves the rest of the
/// module exactly as without scopes.
struct ScopeMd {
    mode: ScopeMode,
    rng: Rng,
    /// Rendered nodes (references as `sref`).
    nodes: Vec<String>,
    /// Per domain: its scope nodes.
    domains: Vec<Vec<usize>>,
    /// Interned lists: operands → node.
    lists: HashMap<Vec<usize>, usize>,
    /// Interned single-scope lists for `llvm.experimental.noalias.scope.decl`.
    decl_lists: Vec<usize>,
}

/// What one access carries: `!alias.scope` and/or `!noalias` lists.
type Profile = (Option<usize>, Option<usize>);

impl ScopeMd {
    fn new(mode: ScopeMode, rng: Rng) -> Self {
        let mut s = ScopeMd {
            mode,
            rng,
            nodes: Vec::new(),
            domains: Vec::new(),
            lists: HashMap::new(),
            decl_lists: Vec::new(),
        };
        if mode == ScopeMode::None {
            return s;
        }
        let (nd, smax) = match mode {
            ScopeMode::Many => (s.rng.range(3, 5), 6),
            _ => (s.rng.range(2, 3), 4),
        };
        for d in 0..nd {
            let dom = s.domain(d);
            let nscopes = s.rng.range(1, smax);
            let mut scopes = Vec::new();
            for j in 0..nscopes {
                scopes.push(s.scope(dom, d, j, &scopes));
            }
            s.domains.push(scopes);
        }
        s
    }

    fn push(&mut self, body: String) -> usize {
        self.nodes.push(body);
        self.nodes.len() - 1
    }

    /// Every domain shape the verifier accepts: self-referential or string
    /// identified, with or without a description.
    fn domain(&mut self, d: usize) -> usize {
        let k = self.nodes.len();
        let body = match self.rng.weighted(&[34, 12, 18, 14, 6, 6, 5, 5]) {
            0 => format!("distinct !{{{}, !\"dom{d}\"}}", sref(k)),
            1 => format!("distinct !{{{}}}", sref(k)),
            2 => format!("!{{!\"dom{d}\"}}"),
            3 => format!("!{{!\"dom{d}\", !\"domain {d} description\"}}"),
            // The very node of a TBAA root of that name, if there is one.
            4 => format!("!{{!\"{}\"}}", self.rng.pick(ROOT_NAMES)),
            // Self-reference without `distinct` (the parser makes it one).
            5 => format!("!{{{}, !\"dom{d}\"}}", sref(k)),
            // String identified, yet distinct.
            6 => format!("distinct !{{!\"dom{d}\"}}"),
            // Same string as an earlier domain: the same uniqued node.
            _ => format!("!{{!\"dom{}\"}}", self.rng.below(d + 1)),
        };
        self.push(body)
    }

    fn scope(&mut self, dom: usize, d: usize, j: usize, earlier: &[usize]) -> usize {
        let k = self.nodes.len();
        let dr = sref(dom);
        let body = match self.rng.weighted(&[32, 14, 20, 16, 6, 6, 6]) {
            0 => format!("distinct !{{{}, {dr}, !\"dom{d}: %a{j}\"}}", sref(k)),
            1 => format!("distinct !{{{}, {dr}}}", sref(k)),
            2 => format!("!{{!\"scope{d}.{j}\", {dr}}}"),
            3 => format!("!{{!\"scope{d}.{j}\", {dr}, !\"scope {j} of {d}\"}}"),
            4 => format!("distinct !{{!\"scope{d}.{j}\", {dr}}}"),
            5 => format!("!{{{}, {dr}, !\"dom{d}: argument {j}\"}}", sref(k)),
            // Same content as an earlier scope (the same node if uniqued).
            _ if !earlier.is_empty() => {
                let e = *self.rng.pick(earlier);
                let body = self.nodes[e].replace(&sref(e), &sref(k));
                if body.starts_with("distinct") || body.contains(&sref(k)) {
                    format!("!{{!\"scope{d}.{j}\", {dr}}}")
                } else {
                    body
                }
            }
            _ => format!("!{{!\"scope{d}.{j}\", {dr}}}"),
        };
        self.push(body)
    }

    /// The list node with these operands (sometimes a second, textually
    /// separate copy, which the parser unifies).
    fn list(&mut self, ops: Vec<usize>) -> usize {
        if let Some(&id) = self.lists.get(&ops) {
            if !self.rng.pct(4) {
                return id;
            }
        }
        let body = format!(
            "!{{{}}}",
            ops.iter().map(|&o| sref(o)).collect::<Vec<_>>().join(", ")
        );
        let id = self.push(body);
        self.lists.entry(ops).or_insert(id);
        id
    }

    /// Scopes as list operands: shuffled, now and then a duplicate.
    fn list_of(&mut self, ops: Vec<usize>) -> usize {
        let mut seen = BTreeSet::new();
        let mut ops: Vec<usize> = ops.into_iter().filter(|&o| seen.insert(o)).collect();
        for i in (1..ops.len()).rev() {
            let j = self.rng.below(i + 1);
            ops.swap(i, j);
        }
        if !ops.is_empty() && self.rng.pct(3) {
            let o = *self.rng.pick(&ops);
            ops.push(o);
        }
        self.list(ops)
    }

    fn subset(&mut self, of: &[usize], pct: usize) -> Vec<usize> {
        of.iter().copied().filter(|_| self.rng.pct(pct)).collect()
    }

    /// The profiles of one function. Mostly inliner-like "regions": in each
    /// focus domain a region is derived from one or two scopes (its
    /// `!alias.scope`) and is known not to alias the other scopes of that
    /// domain (its `!noalias`), so that regions are NoAlias by the per-domain
    /// subset rule. Then variations that make pairs MayAlias in tricky ways:
    /// coverage in one domain only, a subset or superset, scopes of a domain
    /// absent from the other list, empty lists, random lists.
    fn profiles(&mut self) -> Vec<Profile> {
        let nd = self.domains.len();
        if nd == 0 {
            return Vec::new();
        }
        let nfocus = self.rng.range(1, nd.min(3));
        let mut focus: Vec<usize> = (0..nd).collect();
        for i in (1..nd).rev() {
            let j = self.rng.below(i + 1);
            focus.swap(i, j);
        }
        focus.truncate(nfocus);
        let all: Vec<usize> = self.domains.iter().flatten().copied().collect();
        let nregions = match self.mode {
            ScopeMode::Many => self.rng.range(3, 7),
            _ => self.rng.range(2, 4),
        };
        // Per region: (alias.scope, noalias) operand sets.
        let mut regions: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
        for _ in 0..nregions {
            let (mut sc, mut na) = (Vec::new(), Vec::new());
            for (i, &d) in focus.iter().enumerate() {
                if i > 0 && self.rng.pct(30) {
                    continue;
                }
                let scopes = self.domains[d].clone();
                let mine: Vec<usize> = if scopes.len() > 1 && self.rng.pct(20) {
                    let a = self.rng.below(scopes.len());
                    let b = (a + 1 + self.rng.below(scopes.len() - 1)) % scopes.len();
                    vec![scopes[a], scopes[b]]
                } else {
                    vec![*self.rng.pick(&scopes)]
                };
                sc.extend(mine.iter().copied());
                for s in scopes {
                    if !mine.contains(&s) && !self.rng.pct(12) {
                        na.push(s);
                    }
                }
            }
            regions.push((sc, na));
        }
        let mut out: Vec<Profile> = Vec::new();
        for (sc, na) in &regions {
            let s = self.list_of(sc.clone());
            let n = self.list_of(na.clone());
            out.push((Some(s), Some(n)));
        }
        let nvar = match self.mode {
            ScopeMode::Many => self.rng.range(3, 8),
            _ => self.rng.range(1, 4),
        };
        for _ in 0..nvar {
            let (sc, na) = regions[self.rng.below(regions.len())].clone();
            let d = *self.rng.pick(&focus);
            let other = self.rng.below(nd);
            let p = match self.rng.below(9) {
                // !noalias covering one domain only.
                0 => {
                    let dom_d = self.domains[d].clone();
                    let n: Vec<usize> = na.iter().copied().filter(|x| dom_d.contains(x)).collect();
                    (Some(self.list_of(sc)), Some(self.list_of(n)))
                }
                // !alias.scope superset: one more scope of the domain.
                1 => {
                    let mut s = sc;
                    s.push(*self.rng.pick(&self.domains[d].clone()));
                    (Some(self.list_of(s)), Some(self.list_of(na)))
                }
                // !noalias subset: one scope dropped.
                2 => {
                    let mut n = na;
                    if !n.is_empty() {
                        n.remove(self.rng.below(n.len()));
                    }
                    (Some(self.list_of(sc)), Some(self.list_of(n)))
                }
                // Scopes of another (maybe unused) domain added to !alias.scope.
                3 => {
                    let mut s = sc;
                    let extra = self.domains[other].clone();
                    s.extend(self.subset(&extra, 60));
                    (Some(self.list_of(s)), Some(self.list_of(na)))
                }
                // !noalias with the other domain's scopes only.
                4 => {
                    let extra = self.domains[other].clone();
                    (None, Some(self.list_of(extra)))
                }
                // Empty lists.
                5 => {
                    let e = self.list(Vec::new());
                    if self.rng.pct(50) {
                        (Some(e), Some(self.list_of(na)))
                    } else {
                        (Some(self.list_of(sc)), Some(e))
                    }
                }
                // !noalias superset: the whole domain, own scopes included.
                6 => {
                    let mut n = na;
                    n.extend(self.domains[d].iter().copied());
                    (Some(self.list_of(sc)), Some(self.list_of(n)))
                }
                // Random lists over all scopes of the module.
                _ => {
                    let s = self.subset(&all, 30);
                    let n = self.subset(&all, 45);
                    (Some(self.list_of(s)), Some(self.list_of(n)))
                }
            };
            out.push(p);
        }
        out
    }

    /// A single-scope list for a `noalias.scope.decl` (often one that
    /// accesses use as well).
    fn decl_list(&mut self) -> usize {
        if !self.decl_lists.is_empty() && self.rng.pct(40) {
            return *self.rng.pick(&self.decl_lists);
        }
        let all: Vec<usize> = self.domains.iter().flatten().copied().collect();
        let s = *self.rng.pick(&all);
        let l = self.list(vec![s]);
        self.decl_lists.push(l);
        l
    }
}

/// Replaces the `sref` placeholders by metadata numbers from `base` on.
fn number_scoped(text: &str, base: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("!@s") {
        out.push_str(&rest[..i]);
        let tail = &rest[i + 3..];
        let end = tail.find('@').unwrap_or(tail.len());
        let k: usize = tail[..end].parse().unwrap_or(0);
        let _ = write!(out, "!{}", base + k);
        rest = &tail[(end + 1).min(tail.len())..];
    }
    out.push_str(rest);
    out
}

// ---------------------------------------------------------------------------
// Module emission

#[derive(Clone, Copy)]
struct Callee {
    name: &'static str,
    decl: &'static str,
    args: usize,
    ret: Option<Ty>,
    errno: bool,
}

const CALLEES: &[Callee] = &[
    Callee {
        name: "ext_unknown",
        decl: "declare void @ext_unknown(ptr)",
        args: 1,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_read",
        decl: "declare void @ext_read(ptr) memory(read)",
        args: 1,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_argmem",
        decl: "declare void @ext_argmem(ptr) memory(argmem: readwrite)",
        args: 1,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_argread",
        decl: "declare i32 @ext_argread(ptr) memory(argmem: read)",
        args: 1,
        ret: Some(Ty::Int(32)),
        errno: false,
    },
    Callee {
        name: "ext_write",
        decl: "declare void @ext_write() memory(write)",
        args: 0,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_inacc",
        decl: "declare void @ext_inacc() memory(inaccessiblemem: readwrite)",
        args: 0,
        ret: None,
        errno: false,
    },
    Callee {
        name: "ext_opaque",
        decl: "declare i64 @ext_opaque()",
        args: 0,
        ret: Some(Ty::Int(64)),
        errno: false,
    },
    Callee {
        name: "set_errno",
        decl: "declare void @set_errno() memory(errnomem: write)",
        args: 0,
        ret: None,
        errno: true,
    },
    Callee {
        name: "get_errno",
        decl: "declare i32 @get_errno() memory(errnomem: read)",
        args: 0,
        ret: Some(Ty::Int(32)),
        errno: true,
    },
    Callee {
        name: "ext_errno_arg",
        decl: "declare void @ext_errno_arg(ptr) memory(argmem: readwrite, errnomem: write)",
        args: 1,
        ret: None,
        errno: true,
    },
];

/// How an access is tagged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TagChoice {
    None,
    Path(usize),
    Legacy(usize),
}

struct Module<'a> {
    rng: Rng,
    types: &'a Types,
    encoding: Encoding,
    /// Rendered tag node → metadata id.
    tag_ids: HashMap<String, usize>,
    tag_nodes: Vec<String>,
    errno: bool,
    /// Scoped no-alias metadata (its own random stream).
    sc: ScopeMd,
    /// Callees to be inlined: per callee, which pointer parameters are
    /// `noalias`.
    inl: Vec<Vec<bool>>,
}

impl Module<'_> {
    fn tag_id(&mut self, body: String) -> usize {
        if let Some(&id) = self.tag_ids.get(&body) {
            return id;
        }
        let id = self.types.dag.nodes.len() + self.tag_nodes.len();
        self.tag_ids.insert(body.clone(), id);
        self.tag_nodes.push(body);
        id
    }

    /// Materialise a struct-path tag with a random immutable flag / size.
    fn path_tag(&mut self, spec: TagSpec, allow_imm: bool) -> usize {
        let dag = &self.types.dag;
        let mut s = format!("!{{!{}, !{}, i64 {}", spec.base, spec.access, spec.off);
        if spec.new_fmt {
            let size = if self.rng.pct(8) {
                *self.rng.pick(&[0u64, 1, 3, 64, u64::MAX])
            } else {
                dag.nodes[spec.access].size
            };
            let _ = write!(s, ", i64 {}", size as i64);
        }
        if allow_imm {
            match self.rng.weighted(&[74, 10, 12, 4]) {
                1 => s.push_str(", i64 0"),
                2 => s.push_str(", i64 1"),
                3 => s.push_str(", i1 true"),
                _ => {}
            }
        }
        s.push('}');
        self.tag_id(s)
    }

    fn attach(&mut self, t: TagChoice, allow_imm: bool) -> String {
        match t {
            TagChoice::None => String::new(),
            TagChoice::Path(i) => {
                let spec = self.types.tags[i];
                let id = self.path_tag(spec, allow_imm);
                format!(", !tbaa !{id}")
            }
            TagChoice::Legacy(n) => format!(", !tbaa !{n}"),
        }
    }

    /// IR type of an access with this tag.
    fn tag_ty(&mut self, t: TagChoice) -> Ty {
        let dag = &self.types.dag;
        match t {
            TagChoice::None => *self.rng.pick(&[
                Ty::Int(8),
                Ty::Int(16),
                Ty::Int(32),
                Ty::Int(64),
                Ty::F32,
                Ty::F64,
                Ty::Ptr,
            ]),
            TagChoice::Path(i) => dag.nodes[self.types.tags[i].access].ty,
            TagChoice::Legacy(n) => dag.nodes[n].ty,
        }
    }

    fn tag_off(&self, t: TagChoice) -> u64 {
        match t {
            TagChoice::Path(i) => self.types.tags[i].off,
            _ => 0,
        }
    }

    /// A per-function working set of tags (so that pairs repeat).
    fn working_set(&mut self) -> Vec<TagChoice> {
        let mut all: Vec<TagChoice> = Vec::new();
        let use_path = self.encoding != Encoding::Scalar;
        let use_legacy = matches!(self.encoding, Encoding::Scalar | Encoding::Mixed);
        if use_path {
            all.extend((0..self.types.tags.len()).map(TagChoice::Path));
        }
        if use_legacy {
            all.extend(self.types.legacy.iter().copied().map(TagChoice::Legacy));
        }
        if all.is_empty() {
            return vec![TagChoice::None];
        }
        // Focus the working set on one base type family sometimes.
        let n = self.rng.range(4, 12).min(all.len());
        let mut set = Vec::new();
        if use_path && !self.types.tags.is_empty() && self.rng.pct(50) {
            let pivot = self.types.tags[self.rng.below(self.types.tags.len())];
            let related: Vec<usize> = (0..self.types.tags.len())
                .filter(|&i| {
                    let t = self.types.tags[i];
                    t.base == pivot.base
                        || t.access == pivot.access
                        || t.base == pivot.access
                        || t.access == pivot.base
                })
                .collect();
            for _ in 0..n / 2 {
                set.push(TagChoice::Path(*self.rng.pick(&related)));
            }
        }
        while set.len() < n {
            set.push(*self.rng.pick(&all));
        }
        set
    }
}

struct Value {
    ty: Ty,
    name: String,
}

struct FnGen<'m, 'a> {
    m: &'m mut Module<'a>,
    out: String,
    next: usize,
    nargs: usize,
    sum: String,
    block: String,
    avail: Vec<Value>,
    /// Pointers produced by loads (usable as addresses).
    ptrs: Vec<String>,
    /// Recently accessed (address, tag) pairs, for load/store/load patterns.
    recent: Vec<(String, TagChoice, Ty)>,
    set: Vec<TagChoice>,
    /// Scoped lists that accesses of this function carry.
    profiles: Vec<Profile>,
    /// Percentage of accesses with scoped lists.
    scoped_pct: usize,
    /// Index of the callee being generated (it calls only later callees).
    callee: Option<usize>,
    /// Calls of callees emitted so far (at most two per function).
    inl_calls: usize,
}

impl<'m, 'a> FnGen<'m, 'a> {
    /// A generator for one function body with `nargs` pointer arguments,
    /// drawing tags from `set`; `callee` when it is an inlinable callee.
    fn new(
        m: &'m mut Module<'a>,
        nargs: usize,
        set: Vec<TagChoice>,
        callee: Option<usize>,
    ) -> Self {
        FnGen {
            m,
            out: String::new(),
            next: 0,
            nargs,
            sum: "0".into(),
            block: "entry".into(),
            avail: Vec::new(),
            ptrs: Vec::new(),
            recent: Vec::new(),
            set,
            profiles: Vec::new(),
            scoped_pct: 0,
            callee,
            inl_calls: 0,
        }
    }

    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }
    fn emit(&mut self, line: &str) {
        self.out.push_str("  ");
        self.out.push_str(line);
        self.out.push('\n');
    }

    /// Chooses the function's scoped lists and how often accesses carry them.
    fn scoped_setup(&mut self) {
        let sc = &mut self.m.sc;
        if sc.mode == ScopeMode::None {
            return;
        }
        self.profiles = sc.profiles();
        self.scoped_pct = match sc.mode {
            ScopeMode::Many => sc.rng.range(70, 95),
            _ => sc.rng.range(40, 80),
        };
    }

    /// `!alias.scope` and/or `!noalias` for an access (scope stream only).
    fn scoped_md(&mut self) -> String {
        let sc = &mut self.m.sc;
        if self.profiles.is_empty() || !sc.rng.pct(self.scoped_pct) {
            return String::new();
        }
        let (s, n) = *sc.rng.pick(&self.profiles);
        let (s, n) = match sc.rng.weighted(&[55, 17, 17, 11]) {
            0 => (s, n),
            1 => (s, None),
            2 => (None, n),
            // The lists of two different profiles.
            _ => (s, sc.rng.pick(&self.profiles).1),
        };
        let mut md = String::new();
        if let Some(s) = s {
            let _ = write!(md, ", !alias.scope {}", sref(s));
        }
        if let Some(n) = n {
            let _ = write!(md, ", !noalias {}", sref(n));
        }
        md
    }

    /// Now and then a scope declaration, a fence with lists (not refined by
    /// LLVM 22) or a call of a function to be inlined; scope stream only.
    fn scoped_extras(&mut self) {
        if self.profiles.is_empty() {
            return;
        }
        let decl_pct = if self.m.sc.mode == ScopeMode::Many {
            5
        } else {
            3
        };
        if self.m.sc.rng.pct(decl_pct) {
            let l = self.m.sc.decl_list();
            self.emit(&format!(
                "call void @llvm.experimental.noalias.scope.decl(metadata {})",
                sref(l)
            ));
        }
        if self.m.sc.rng.pct(1) {
            let md = self.scoped_md();
            self.emit(&format!("fence seq_cst{md}"));
        }
        let first = self.callee.map_or(0, |k| k + 1);
        if first < self.m.inl.len() && self.inl_calls < 2 && self.m.sc.rng.pct(5) {
            self.inl_calls += 1;
            self.inl_call(first);
        }
    }

    fn inl_call(&mut self, first: usize) {
        let k = first + self.m.sc.rng.below(self.m.inl.len() - first);
        let mut args = Vec::new();
        for _ in 0..self.m.inl[k].len() {
            let rng = &mut self.m.sc.rng;
            let p = if !self.recent.is_empty() && rng.pct(40) {
                self.recent[rng.below(self.recent.len())].0.clone()
            } else if !self.ptrs.is_empty() && rng.pct(15) {
                self.ptrs[rng.below(self.ptrs.len())].clone()
            } else {
                format!("%a{}", rng.below(self.nargs))
            };
            args.push(format!("ptr {p}"));
        }
        args.push("i1 %c".into());
        args.push("i64 %n".into());
        let md = self.scoped_md();
        self.emit(&format!("call i64 @inl_{k}({}){md}", args.join(", ")));
    }

    fn pick_tag(&mut self) -> TagChoice {
        if self.m.rng.pct(7) {
            TagChoice::None
        } else {
            *self.m.rng.pick(&self.set)
        }
    }

    /// An address `off` bytes (plus some random displacement) into an object.
    fn addr(&mut self, off: u64) -> String {
        let rng = &mut self.m.rng;
        let base = if !self.ptrs.is_empty() && rng.pct(12) {
            self.ptrs[rng.below(self.ptrs.len())].clone()
        } else {
            format!("%a{}", rng.below(self.nargs))
        };
        let extra = if rng.pct(72) {
            0
        } else {
            4 * rng.below(9) as u64
        };
        let base = if rng.pct(5) {
            let g = self.fresh("x");
            self.emit(&format!(
                "{g} = getelementptr inbounds i8, ptr {base}, i64 %n"
            ));
            g
        } else {
            base
        };
        let total = off.wrapping_add(extra);
        if total == 0 {
            return base;
        }
        let g = self.fresh("g");
        self.emit(&format!(
            "{g} = getelementptr inbounds i8, ptr {base}, i64 {}",
            total as i64
        ));
        g
    }

    fn constant(&mut self, ty: Ty) -> String {
        let rng = &mut self.m.rng;
        match ty {
            Ty::Int(_) => format!("{}", rng.below(100)),
            Ty::F32 | Ty::F64 => format!("{}.0", rng.below(50)),
            Ty::Ptr => {
                if rng.pct(30) {
                    "null".into()
                } else {
                    format!("%a{}", rng.below(self.nargs))
                }
            }
            Ty::Bytes(_) => "zeroinitializer".into(),
        }
    }

    fn add_to_sum(&mut self, ty: Ty, v: &str) {
        let as64 = match ty {
            Ty::Int(64) => v.to_string(),
            Ty::Int(b) => {
                let c = self.fresh("c");
                let op = if b < 64 { "zext" } else { "trunc" };
                self.emit(&format!("{c} = {op} i{b} {v} to i64"));
                c
            }
            Ty::F32 | Ty::F64 => {
                let c = self.fresh("c");
                self.emit(&format!("{c} = fptosi {} {v} to i64", ty.ir()));
                c
            }
            Ty::Ptr => {
                let c = self.fresh("c");
                self.emit(&format!("{c} = ptrtoint ptr {v} to i64"));
                c
            }
            Ty::Bytes(_) => {
                let e = self.fresh("e");
                self.emit(&format!("{e} = extractvalue {} {v}, 0", ty.ir()));
                let c = self.fresh("c");
                self.emit(&format!("{c} = zext i8 {e} to i64"));
                c
            }
        };
        let s = self.fresh("s");
        let sum = self.sum.clone();
        self.emit(&format!("{s} = add i64 {sum}, {as64}"));
        self.sum = s;
    }

    /// Address and tag for a load or store: often a recently used location.
    fn location(&mut self) -> (String, TagChoice, Ty) {
        if !self.recent.is_empty() && self.m.rng.pct(35) {
            let (p, t, ty) = self.recent[self.m.rng.below(self.recent.len())].clone();
            if self.m.rng.pct(75) {
                return (p, t, ty);
            }
            // Same address, different tag.
            let t2 = self.pick_tag();
            let ty2 = self.m.tag_ty(t2);
            return (p, t2, ty2);
        }
        let t = self.pick_tag();
        let ty = self.m.tag_ty(t);
        let off = self.m.tag_off(t);
        let p = self.addr(off);
        self.recent.push((p.clone(), t, ty));
        (p, t, ty)
    }

    fn load(&mut self) {
        let (p, t, ty) = self.location();
        let md = self.m.attach(t, true) + &self.scoped_md();
        let v = self.fresh("v");
        let vol = if self.m.rng.pct(2) { "volatile " } else { "" };
        self.emit(&format!(
            "{v} = load {vol}{}, ptr {p}, align 1{md}",
            ty.ir()
        ));
        if ty == Ty::Ptr {
            self.ptrs.push(v.clone());
        }
        self.add_to_sum(ty, &v);
        self.avail.push(Value { ty, name: v });
    }

    fn store(&mut self) {
        let (p, t, ty) = self.location();
        let md = self.m.attach(t, true) + &self.scoped_md();
        let cands: Vec<usize> = (0..self.avail.len())
            .filter(|&i| self.avail[i].ty == ty)
            .collect();
        let val = if !cands.is_empty() && self.m.rng.pct(50) {
            self.avail[*self.m.rng.pick(&cands)].name.clone()
        } else {
            self.constant(ty)
        };
        self.emit(&format!("store {} {val}, ptr {p}, align 1{md}", ty.ir()));
    }

    fn call(&mut self) {
        let errno = self.m.errno;
        let choices: Vec<Callee> = CALLEES
            .iter()
            .copied()
            .filter(|c| !c.errno || errno || self.m.rng.pct(30))
            .collect();
        let c = *self.m.rng.pick(&choices);
        let t = if self.m.rng.pct(60) {
            self.pick_tag()
        } else {
            TagChoice::None
        };
        let args = if c.args == 1 {
            let off = self.m.tag_off(t);
            let p = self.addr(off);
            format!("ptr {p}")
        } else {
            String::new()
        };
        let md = self.m.attach(t, true) + &self.scoped_md();
        match c.ret {
            Some(ty) => {
                let v = self.fresh("r");
                self.emit(&format!("{v} = call {} @{}({args}){md}", ty.ir(), c.name));
                self.add_to_sum(ty, &v);
            }
            None => self.emit(&format!("call void @{}({args}){md}", c.name)),
        }
    }

    fn mem_intrinsic(&mut self) {
        let t = if self.m.rng.pct(70) {
            self.pick_tag()
        } else {
            TagChoice::None
        };
        let ty = self.m.tag_ty(t);
        let off = self.m.tag_off(t);
        let p = self.addr(off);
        let md = self.m.attach(t, true) + &self.scoped_md();
        let n = ty.size();
        if self.m.rng.pct(50) {
            self.emit(&format!(
                "call void @llvm.memset.p0.i64(ptr {p}, i8 0, i64 {n}, i1 false){md}"
            ));
        } else {
            let q = self.addr(off);
            self.emit(&format!(
                "call void @llvm.memcpy.p0.p0.i64(ptr {p}, ptr {q}, i64 {n}, i1 false){md}"
            ));
        }
    }

    /// A monotonic atomicrmw or cmpxchg (TBAA applies to them too).
    fn atomic(&mut self) {
        let (p, t, ty) = self.location();
        let Ty::Int(bits @ (8 | 16 | 32 | 64)) = ty else {
            return self.store();
        };
        let md = self.m.attach(t, true) + &self.scoped_md();
        let al = bits / 8;
        let v = self.m.rng.below(10);
        let r = self.fresh("r");
        if self.m.rng.pct(60) {
            let op = *self.m.rng.pick(&["add", "xchg", "or", "umax"]);
            self.emit(&format!(
                "{r} = atomicrmw {op} ptr {p}, i{bits} {v} monotonic, align {al}{md}"
            ));
            self.add_to_sum(ty, &r);
        } else {
            self.emit(&format!(
                "{r} = cmpxchg ptr {p}, i{bits} 0, i{bits} {v} monotonic monotonic, align {al}{md}"
            ));
            let e = self.fresh("e");
            self.emit(&format!("{e} = extractvalue {{ i{bits}, i1 }} {r}, 0"));
            self.add_to_sum(ty, &e);
        }
    }

    fn label(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    fn start_block(&mut self, name: &str) {
        let _ = writeln!(self.out, "{name}:");
        self.block = name.to_string();
    }

    fn seq(&mut self, n: usize, depth: usize) {
        let mut left = n;
        while left > 0 {
            self.scoped_extras();
            let diamond = if depth < 2 && left >= 4 { 6 } else { 0 };
            match self.m.rng.weighted(&[42, 32, 11, 3, 2, diamond]) {
                0 => self.load(),
                1 => self.store(),
                2 => self.call(),
                3 => self.mem_intrinsic(),
                4 => self.atomic(),
                _ => {
                    // The branches hold `inner` of the remaining operations.
                    let inner = self.m.rng.range(2, left.min(8));
                    self.diamond(inner, depth);
                    left -= inner;
                    continue;
                }
            }
            left -= 1;
        }
    }

    fn diamond(&mut self, n: usize, depth: usize) {
        let then_l = self.label("then");
        let join_l = self.label("join");
        let has_else = self.m.rng.pct(40);
        let else_l = if has_else {
            self.label("else")
        } else {
            join_l.clone()
        };
        let cond = if self.m.rng.pct(70) {
            "%c".to_string()
        } else {
            let c = self.fresh("cmp");
            let sum = self.sum.clone();
            self.emit(&format!("{c} = icmp ult i64 {sum}, 100"));
            c
        };
        self.emit(&format!("br i1 {cond}, label %{then_l}, label %{else_l}"));
        let (sum0, block0) = (self.sum.clone(), self.block.clone());
        let saved = (self.avail.len(), self.ptrs.len(), self.recent.len());
        let n_then = if has_else { n.div_ceil(2) } else { n };
        self.start_block(&then_l);
        self.seq(n_then, depth + 1);
        self.emit(&format!("br label %{join_l}"));
        let (sum_t, block_t) = (self.sum.clone(), self.block.clone());
        self.avail.truncate(saved.0);
        self.ptrs.truncate(saved.1);
        self.recent.truncate(saved.2);
        let (sum_e, block_e) = if has_else {
            self.sum = sum0.clone();
            self.start_block(&else_l);
            self.seq(n - n_then, depth + 1);
            self.emit(&format!("br label %{join_l}"));
            self.avail.truncate(saved.0);
            self.ptrs.truncate(saved.1);
            self.recent.truncate(saved.2);
            (self.sum.clone(), self.block.clone())
        } else {
            (sum0, block0)
        };
        self.start_block(&join_l);
        let phi = self.fresh("s");
        self.emit(&format!(
            "{phi} = phi i64 [ {sum_t}, %{block_t} ], [ {sum_e}, %{block_e} ]"
        ));
        self.sum = phi;
    }
}

struct Options {
    seed: u64,
    functions: Option<usize>,
    accesses: Option<usize>,
    encoding: Option<Encoding>,
    scopes: Option<ScopeMode>,
}

fn generate(opts: &Options) -> String {
    let mut rng = Rng::new(opts.seed);
    // Warm up so that nearby seeds diverge immediately.
    for _ in 0..4 {
        rng.next();
    }
    let encoding = opts.encoding.unwrap_or(match opts.seed % 4 {
        0 => Encoding::Old,
        1 => Encoding::New,
        2 => Encoding::Scalar,
        _ => Encoding::Mixed,
    });
    let types = gen_types(&mut rng, encoding);
    let errno = rng.pct(40);
    // Scoped metadata has a stream of its own: `--scopes none` gives the
    // module of the TBAA-only generator, other modes add to it.
    let mut srng = Rng::new(opts.seed ^ 0x5C0_9ED0_0A11_A5ED);
    for _ in 0..4 {
        srng.next();
    }
    let mode = opts.scopes.unwrap_or(match srng.weighted(&[50, 35, 15]) {
        0 => ScopeMode::None,
        1 => ScopeMode::Some,
        _ => ScopeMode::Many,
    });
    let mut sc = ScopeMd::new(mode, srng);
    // Functions with noalias parameters, for `-passes=inline` (the inliner
    // turns them into scopes and clones the callee's own scopes).
    let mut inl = Vec::new();
    if mode != ScopeMode::None && sc.rng.pct(if mode == ScopeMode::Many { 50 } else { 30 }) {
        for _ in 0..sc.rng.range(1, 3) {
            let np = sc.rng.range(2, 3);
            let mut noalias: Vec<bool> = (0..np).map(|_| sc.rng.pct(70)).collect();
            if !noalias.contains(&true) {
                noalias[0] = true;
            }
            inl.push(noalias);
        }
    }
    let mut m = Module {
        rng,
        types: &types,
        encoding,
        tag_ids: HashMap::new(),
        tag_nodes: Vec::new(),
        errno,
        sc,
        inl,
    };

    let mut out = String::new();
    let _ = write!(
        out,
        "; generated by aliaskit-modgen --seed {} --encoding {}",
        opts.seed,
        match encoding {
            Encoding::Old => "old",
            Encoding::New => "new",
            Encoding::Scalar => "scalar",
            Encoding::Mixed => "mixed",
        }
    );
    match mode {
        ScopeMode::None => out.push('\n'),
        ScopeMode::Some => out.push_str(" --scopes some\n"),
        ScopeMode::Many => out.push_str(" --scopes many\n"),
    }
    if !m.inl.is_empty() {
        // Read by tools/difftest.sh.
        out.push_str("; inline: ");
        let names: Vec<String> = (0..m.inl.len()).map(|k| format!("@inl_{k}")).collect();
        out.push_str(&names.join(" "));
        out.push('\n');
    }
    out.push('\n');
    for c in CALLEES {
        out.push_str(c.decl);
        out.push('\n');
    }
    out.push_str("declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)\n");
    out.push_str("declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)\n");
    if mode != ScopeMode::None {
        out.push_str("declare void @llvm.experimental.noalias.scope.decl(metadata)\n");
    }
    out.push('\n');

    let nfuncs = opts.functions.unwrap_or_else(|| m.rng.range(3, 6));
    for f in 0..nfuncs {
        let nargs = m.rng.range(2, 4);
        let naccesses = opts.accesses.unwrap_or_else(|| m.rng.range(10, 40));
        let set = m.working_set();
        let mut params = Vec::new();
        for i in 0..nargs {
            let attr = if m.rng.pct(6) { "noalias " } else { "" };
            params.push(format!("ptr {attr}%a{i}"));
        }
        params.push("i1 %c".into());
        params.push("i64 %n".into());
        let mut g = FnGen::new(&mut m, nargs, set, None);
        g.scoped_setup();
        g.seq(naccesses, 0);
        let sum = g.sum.clone();
        g.emit(&format!("ret i64 {sum}"));
        let body = g.out;
        // `sanitize_type` switches TBAA off for the function (spec §1.9).
        let fattr = if m.rng.pct(5) { " sanitize_type" } else { "" };
        let _ = writeln!(out, "define i64 @f{f}({}){fattr} {{", params.join(", "));
        out.push_str("entry:\n");
        out.push_str(&body);
        out.push_str("}\n\n");
    }

    // llvm.errno.tbaa: struct-path tags only (legacy tags are not upgraded in
    // named metadata). Prefer 32-bit integer scalars ("int").
    let mut errno_ops = Vec::new();
    if m.errno {
        let dag = &types.dag;
        let mut cands: Vec<TagSpec> = Vec::new();
        for b in 0..dag.nodes.len() {
            if dag.is_root(b) || matches!(dag.nodes[b].kind, Kind::OldScalar { op2: Some(1), .. }) {
                continue;
            }
            if dag.verify_tag(b, b, 0) && dag.nodes[b].ty == Ty::Int(32) {
                cands.push(TagSpec {
                    base: b,
                    access: b,
                    off: 0,
                    new_fmt: dag.is_new(b),
                });
            }
        }
        if cands.is_empty() {
            cands = types.tags.clone();
        }
        if !cands.is_empty() {
            for _ in 0..*m.rng.pick(&[1, 1, 1, 2]) {
                let spec = *m.rng.pick(&cands);
                let imm = m.rng.pct(15);
                let id = m.path_tag(spec, imm);
                errno_ops.push(format!("!{id}"));
            }
            // Sometimes a struct-path tag of any shape.
            if !types.tags.is_empty() && m.rng.pct(15) {
                let spec = *m.rng.pick(&types.tags);
                let imm = m.rng.pct(15);
                let id = m.path_tag(spec, imm);
                errno_ops.push(format!("!{id}"));
            }
        }
    }
    // The callees to be inlined come last: their bodies use the main stream,
    // which nothing else needs any more.
    for k in 0..m.inl.len() {
        let noalias = m.inl[k].clone();
        let naccesses = m.rng.range(3, 10);
        let set = m.working_set();
        let mut params: Vec<String> = noalias
            .iter()
            .enumerate()
            .map(|(i, &na)| format!("ptr {}%a{i}", if na { "noalias " } else { "" }))
            .collect();
        params.push("i1 %c".into());
        params.push("i64 %n".into());
        let mut g = FnGen::new(&mut m, noalias.len(), set, Some(k));
        g.scoped_setup();
        g.seq(naccesses, 1);
        let sum = g.sum.clone();
        g.emit(&format!("ret i64 {sum}"));
        let body = g.out;
        let _ = writeln!(
            out,
            "define internal i64 @inl_{k}({}) alwaysinline {{",
            params.join(", ")
        );
        out.push_str("entry:\n");
        out.push_str(&body);
        out.push_str("}\n\n");
    }
    if !errno_ops.is_empty() {
        let _ = writeln!(out, "!llvm.errno.tbaa = !{{{}}}\n", errno_ops.join(", "));
    }
    for n in 0..types.dag.nodes.len() {
        let _ = writeln!(out, "!{n} = {}", types.dag.render(n));
    }
    let base = types.dag.nodes.len();
    for (i, t) in m.tag_nodes.iter().enumerate() {
        let _ = writeln!(out, "!{} = {t}", base + i);
    }
    if mode == ScopeMode::None {
        return out;
    }
    let base = base + m.tag_nodes.len();
    for (i, t) in m.sc.nodes.iter().enumerate() {
        let _ = writeln!(out, "!{} = {t}", base + i);
    }
    number_scoped(&out, base)
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: aliaskit-modgen --seed N [--functions K] [--accesses M] \
         [--encoding old|new|scalar|mixed] [--scopes none|some|many]"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let mut opts = Options {
        seed: 0,
        functions: None,
        accesses: None,
        encoding: None,
        scopes: None,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let (key, inline) = match args[i].split_once('=') {
            Some((k, v)) => (k.to_string(), Some(v.to_string())),
            None => (args[i].clone(), None),
        };
        if key == "-h" || key == "--help" {
            usage();
            return ExitCode::SUCCESS;
        }
        let val = match inline {
            Some(v) => v,
            None => {
                i += 1;
                match args.get(i) {
                    Some(v) => v.clone(),
                    None => return usage(),
                }
            }
        };
        let ok = match key.as_str() {
            "--seed" => val.parse().map(|v| opts.seed = v).is_ok(),
            "--functions" => val
                .parse()
                .map(|v: usize| opts.functions = Some(v.max(1)))
                .is_ok(),
            "--accesses" => val
                .parse()
                .map(|v: usize| opts.accesses = Some(v.max(1)))
                .is_ok(),
            "--encoding" => {
                opts.encoding = match val.as_str() {
                    "old" => Some(Encoding::Old),
                    "new" => Some(Encoding::New),
                    "scalar" => Some(Encoding::Scalar),
                    "mixed" => Some(Encoding::Mixed),
                    _ => None,
                };
                opts.encoding.is_some()
            }
            "--scopes" => {
                opts.scopes = match val.as_str() {
                    "none" => Some(ScopeMode::None),
                    "some" => Some(ScopeMode::Some),
                    "many" => Some(ScopeMode::Many),
                    _ => None,
                };
                opts.scopes.is_some()
            }
            _ => false,
        };
        if !ok {
            eprintln!("aliaskit-modgen: bad argument `{key} {val}`");
            return usage();
        }
        i += 1;
    }
    print!("{}", generate(&opts));
    ExitCode::SUCCESS
}
