//! The state of one module while its functions are emitted: the main random
//! stream, the type system, the scoped metadata, the callees to be inlined,
//! and the access tags, materialised as metadata nodes the first time an
//! access uses them (numbered after the type nodes, each shape once).

use std::collections::HashMap;
use std::fmt::Write as _;

use crate::ir_type::Ty;
use crate::rng::Rng;
use crate::scopes::ScopeMd;
use crate::types::{Encoding, TagSpec, Types};

/// How an access is tagged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TagChoice {
    None,
    Path(usize),
    Legacy(usize),
}

/// One module being emitted.
pub struct Module<'a> {
    pub rng: Rng,
    pub types: &'a Types,
    pub encoding: Encoding,
    /// Rendered tag node → metadata id.
    tag_ids: HashMap<String, usize>,
    /// Rendered tag nodes, in the order of their ids.
    pub tag_nodes: Vec<String>,
    /// The module gets `!llvm.errno.tbaa`.
    pub errno: bool,
    /// Scoped no-alias metadata (its own random stream).
    pub sc: ScopeMd,
    /// Callees to be inlined: per callee, which pointer parameters are
    /// `noalias`.
    pub inl: Vec<Vec<bool>>,
}

impl<'a> Module<'a> {
    /// A module with no tags yet; its callees to be inlined come from the
    /// scope stream.
    pub fn new(
        rng: Rng,
        types: &'a Types,
        encoding: Encoding,
        errno: bool,
        mut sc: ScopeMd,
    ) -> Self {
        let inl = sc.inline_callees();
        Module {
            rng,
            types,
            encoding,
            tag_ids: HashMap::new(),
            tag_nodes: Vec::new(),
            errno,
            sc,
            inl,
        }
    }

    /// The node id of the tag `body`, a new node after the type DAG's
    /// and the tags' so far the first time.
    fn tag_id(&mut self, body: String) -> usize {
        let first = self.types.dag.nodes.len();
        let tag_nodes = &mut self.tag_nodes;
        *self.tag_ids.entry(body).or_insert_with_key(|body| {
            tag_nodes.push(body.clone());
            first + tag_nodes.len() - 1
        })
    }

    /// Materialise a struct-path tag with a random immutable flag / size.
    pub fn path_tag(&mut self, spec: TagSpec, allow_imm: bool) -> usize {
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

    pub fn attach(&mut self, t: TagChoice, allow_imm: bool) -> String {
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
    pub fn tag_ty(&mut self, t: TagChoice) -> Ty {
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

    pub fn tag_off(&self, t: TagChoice) -> u64 {
        match t {
            TagChoice::Path(i) => self.types.tags[i].off,
            _ => 0,
        }
    }

    /// A per-function working set of tags (so that pairs repeat).
    pub fn working_set(&mut self) -> Vec<TagChoice> {
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
