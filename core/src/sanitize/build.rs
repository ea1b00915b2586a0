//! A function's table from its metadata: which lists, scopes and domains
//! go in, which are left out and why.
//!
//! The reader hands over the function's candidate sites (each access that
//! carries `!alias.scope` or `!noalias`, with the list nodes of the
//! module's graph) and its `noalias.scope.decl`s; [`function_table`]
//! numbers the lists, scopes and domains they reach and writes what the
//! runtime needs to know of each. Left out, and counted:
//!
//! * scopes without a domain (the rule never considers them);
//! * scopes of LLVM's *per-loop* domains ([`PER_LOOP_DOMAINS`]): loop
//!   versioning (the vectorizer's run-time alias checks), LICM's loop
//!   versioning and expanded memory copies make scopes that hold for one
//!   execution of a loop and have no decl; checked over a whole call they
//!   would report correct programs;
//! * lists that cannot be read (a null operand) and lists the verifier
//!   reported: the site keeps no such list, so it claims nothing with it.

use rustc_hash::FxHashMap;

use super::table::{Access, Domain, FunctionTable, List, Scope, Site, Text};
use crate::decision::Contents;
use crate::graph::{MetadataGraph, NodeId};
use crate::names::{
    describe_domain, describe_list, inliner_scope, scope_label, scope_note, Numbering,
};
use crate::scoped::{scope_name, scopes_with_domains};

/// Domains whose scopes hold for one execution of a loop, by the name the
/// LLVM pass that makes them gives them (`LoopVersioning`,
/// `LoopVersioningLICM`, `LowerMemIntrinsics`).
pub const PER_LOOP_DOMAINS: &[&str] = &["LVerDomain", "LIVVDomain", "MemCopyDomain"];

/// One access the reader found with scope lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub access: Access,
    /// Which part of the instruction (see [`Site::part`]).
    pub part: String,
    pub scopes: Option<NodeId>,
    pub noalias: Option<NodeId>,
    /// The instruction's index among the function's instructions.
    pub instruction_index: u32,
}

/// A `noalias.scope.decl` of the function: the scopes it declares and
/// where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decl {
    pub scopes: Vec<NodeId>,
    pub location: String,
}

/// What [`function_table`] made.
#[derive(Clone, Debug, Default)]
pub struct Built {
    /// Sites in the candidates' order; their `instruction` and `location`
    /// are the caller's to fill.
    pub table: FunctionTable<'static>,
    /// For each decl, the table scopes it declares.
    pub decl_scopes: Vec<Vec<u32>>,
    /// Scopes of per-loop domains left out.
    pub per_loop_scopes: usize,
}

/// The table of function `name` (decision key `key`) with these
/// candidates and decls. `bad` says which list nodes not to use (the
/// verifier reported them); `names` numbers anonymous scopes and domains
/// in their text.
#[allow(clippy::too_many_arguments)]
pub fn function_table(
    g: &MetadataGraph,
    names: &dyn Numbering,
    contents: &mut Contents,
    name: &str,
    key: u64,
    candidates: &[Candidate],
    decls: &[Decl],
    bad: &dyn Fn(NodeId) -> bool,
) -> Built {
    let mut b = Builder {
        g,
        names,
        table: FunctionTable {
            name: name.to_owned().into(),
            key,
            ..FunctionTable::default()
        },
        lists: FxHashMap::default(),
        scopes: FxHashMap::default(),
        domains: FxHashMap::default(),
        per_loop: rustc_hash::FxHashSet::default(),
    };
    for c in candidates {
        let mut list = |l: Option<NodeId>| l.filter(|&l| !bad(l)).and_then(|l| b.list(l, contents));
        let (scopes, noalias) = (list(c.scopes), list(c.noalias));
        b.table.sites.push(Site {
            instruction: Text::default(),
            location: Vec::new(),
            part: c.part.clone().into(),
            access: c.access,
            scopes,
            noalias,
            instruction_index: c.instruction_index,
        });
    }
    let decl_scopes = decls
        .iter()
        .map(|d| {
            let ids: Vec<u32> = d
                .scopes
                .iter()
                .filter_map(|s| b.scopes.get(s).copied())
                .collect();
            for &i in &ids {
                b.table.scopes[i as usize]
                    .decl
                    .get_or_insert_with(|| d.location.clone().into());
            }
            ids
        })
        .collect();
    Built {
        per_loop_scopes: b.per_loop.len(),
        table: b.table,
        decl_scopes,
    }
}

struct Builder<'g> {
    g: &'g MetadataGraph,
    names: &'g dyn Numbering,
    table: FunctionTable<'static>,
    lists: FxHashMap<NodeId, Option<u32>>,
    scopes: FxHashMap<NodeId, u32>,
    domains: FxHashMap<NodeId, u32>,
    per_loop: rustc_hash::FxHashSet<NodeId>,
}

impl Builder<'_> {
    /// The table index of a list node (None if it cannot be read).
    fn list(&mut self, node: NodeId, contents: &mut Contents) -> Option<u32> {
        if let Some(&l) = self.lists.get(&node) {
            return l;
        }
        let l = scopes_with_domains(self.g, node).ok().map(|members| {
            let scopes = members
                .into_iter()
                .filter_map(|(s, d)| self.scope(s, d?))
                .collect();
            self.table.lists.push(List {
                content: contents.of(self.g, node),
                scopes,
                text: describe_list(self.g, self.names, node).into(),
            });
            (self.table.lists.len() - 1) as u32
        });
        self.lists.insert(node, l);
        l
    }

    /// The table index of a scope of `domain` (None if left out).
    fn scope(&mut self, scope: NodeId, domain: NodeId) -> Option<u32> {
        if let Some(&s) = self.scopes.get(&scope) {
            return Some(s);
        }
        let domain_name = scope_name(self.g, domain);
        if domain_name.is_some_and(|n| PER_LOOP_DOMAINS.contains(&n)) {
            self.per_loop.insert(scope);
            return None;
        }
        let next = self.table.domains.len() as u32;
        let d = *self.domains.entry(domain).or_insert(next);
        if d == next {
            self.table.domains.push(Domain {
                name: describe_domain(self.g, self.names, domain).into(),
            });
        }
        self.table.scopes.push(Scope {
            domain: d,
            name: scope_label(self.g, self.names, scope).into(),
            note: self.note(scope, domain_name).map(Text::from),
            decl: None,
            parameter_of: parameter_of(scope_name(self.g, scope), domain_name).map(Text::from),
        });
        let s = (self.table.scopes.len() - 1) as u32;
        self.scopes.insert(scope, s);
        Some(s)
    }
}

impl Builder<'_> {
    /// What a scope's short name does not say. A scope named the
    /// inliner's way for a parameter of this very function is the start
    /// point's own (`sanitize_parameters` makes them by the inliner's
    /// rule), not the inliner's.
    fn note(&self, scope: NodeId, domain_name: Option<&str>) -> Option<String> {
        match inliner_scope(scope_name(self.g, scope), domain_name) {
            Some((f, argument)) if f == self.table.name => {
                Some(format!("the scope of {} of {f}", argument.describe()))
            }
            _ => scope_note(self.g, self.names, scope),
        }
    }
}

/// The function whose `noalias` parameter a scope stands for, by the
/// inliner's naming: domain `F`, scope `F: %p` or `F: argument N`.
pub fn parameter_of(scope: Option<&str>, domain: Option<&str>) -> Option<String> {
    inliner_scope(scope, domain).map(|(f, _)| f.to_owned())
}

/// The table with only the sites `keep` says, renumbered; the new index of
/// each kept site.
pub fn retain_sites(table: &mut FunctionTable<'_>, keep: &[bool]) -> Vec<Option<u32>> {
    let mut next = 0u32;
    let map: Vec<Option<u32>> = (0..table.sites.len())
        .map(|i| {
            keep.get(i).copied().unwrap_or(false).then(|| {
                next += 1;
                next - 1
            })
        })
        .collect();
    let mut i = 0;
    table.sites.retain(|_| {
        i += 1;
        map[i - 1].is_some()
    });
    map
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Operand;
    use crate::names::Unnumbered;

    fn domain(g: &mut MetadataGraph, name: &str) -> NodeId {
        let s = g.string(name);
        g.add_self_referential(vec![s])
    }

    fn scope(g: &mut MetadataGraph, d: NodeId, name: &str) -> NodeId {
        let s = g.string(name);
        g.add_self_referential(vec![Operand::Node(d), s])
    }

    #[test]
    fn per_loop_scopes_are_left_out_and_parameters_named() {
        let mut g = MetadataGraph::new();
        let f = domain(&mut g, "f");
        let lv = domain(&mut g, "LVerDomain");
        let a = scope(&mut g, f, "f: %a");
        let v = scope(&mut g, lv, "");
        let l = g.add_tuple(vec![Operand::Node(a), Operand::Node(v)]);
        let c = Candidate {
            access: Access::Write,
            part: "".into(),
            scopes: Some(l),
            noalias: None,
            instruction_index: 0,
        };
        let d = Decl {
            scopes: vec![a],
            location: "x.c:1:1".into(),
        };
        let built = function_table(
            &g,
            &Unnumbered,
            &mut Contents::default(),
            "g",
            1,
            &[c],
            &[d],
            &|_| false,
        );
        let t = &built.table;
        assert_eq!(built.per_loop_scopes, 1);
        assert_eq!(t.lists.len(), 1);
        assert_eq!(t.lists[0].scopes, vec![0], "only f: %a");
        assert_eq!(t.scopes[0].parameter_of.as_deref(), Some("f"));
        assert_eq!(t.scopes[0].decl.as_deref(), Some("x.c:1:1"));
        assert_eq!(built.decl_scopes, vec![vec![0]]);
        assert_eq!(t.sites[0].scopes, Some(0));
    }

    #[test]
    fn bad_lists_are_dropped() {
        let mut g = MetadataGraph::new();
        let d = domain(&mut g, "D");
        let s = scope(&mut g, d, "s");
        let l = g.add_tuple(vec![Operand::Node(s)]);
        let null = g.add_tuple(vec![Operand::Null]);
        let c = |scopes, noalias| Candidate {
            access: Access::Read,
            part: "".into(),
            scopes,
            noalias,
            instruction_index: 0,
        };
        let built = function_table(
            &g,
            &Unnumbered,
            &mut Contents::default(),
            "g",
            1,
            &[c(Some(l), Some(null)), c(Some(l), None)],
            &[],
            &|_| false,
        );
        assert_eq!(built.table.sites[0].noalias, None, "unreadable");
        assert_eq!(built.table.sites[0].scopes, Some(0));
        let built = function_table(
            &g,
            &Unnumbered,
            &mut Contents::default(),
            "g",
            1,
            &[c(Some(l), None)],
            &[],
            &|n| n == l,
        );
        assert_eq!(
            built.table.sites[0].scopes, None,
            "reported by the verifier"
        );
    }

    #[test]
    fn parameters_by_name() {
        assert_eq!(parameter_of(Some("f: %a"), Some("f")).as_deref(), Some("f"));
        assert_eq!(
            parameter_of(Some("f: argument 2"), Some("f")).as_deref(),
            Some("f")
        );
        assert_eq!(parameter_of(Some("g: %a"), Some("f")), None);
        assert_eq!(parameter_of(Some("f: x"), Some("f")), None);
        assert_eq!(parameter_of(None, Some("f")), None);
    }

    #[test]
    fn retained_sites_are_renumbered() {
        let mut t = FunctionTable::default();
        for i in 0..4 {
            t.sites.push(Site {
                instruction: format!("{i}").into(),
                location: vec![],
                part: "".into(),
                access: Access::Read,
                scopes: None,
                noalias: None,
                instruction_index: i,
            });
        }
        let map = retain_sites(&mut t, &[false, true, false, true]);
        assert_eq!(map, vec![None, Some(0), None, Some(1)]);
        assert_eq!(t.sites.len(), 2);
        assert_eq!(t.sites[1].instruction, "3");
    }
}
