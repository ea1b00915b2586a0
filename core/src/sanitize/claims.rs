//! Which pairs of sites are claimed not to alias: the core's scoped rule
//! ([`ScopeLists`], the rule `rust-scoped-noalias` answers with) asked
//! about the lists of a function's table (its [`FunctionShape`]).
//!
//! The table keeps, for each list, only the scopes that are checked (see
//! `docs/sanitize.md`: per-loop domains are left out). The rule is a
//! disjunction over domains ("some domain of the `!noalias` list covers
//! the access's scopes in it"), so leaving every scope of a domain out of
//! both lists leaves out exactly that domain's claims and no other. The
//! graph rebuilt here has one node per domain, per scope (operand 1: its
//! domain, as LLVM reads it) and per list; nothing else of the metadata
//! matters to the rule.
//!
//! A pair (a, b) is claimed when either direction is covered: a's
//! `!alias.scope` against b's `!noalias`, or b's against a's. Each
//! covering domain is one way the pair is claimed ([`Claim`]); a conflict
//! needs both accesses in one instance of every *deciding scope* of one of
//! them (the scopes of the `!alias.scope` side in that domain). The log
//! takes one set of scopes per pair, so [`FunctionClaims`] picks, among
//! the ways, one whose scopes have no decl in the function (its instance
//! is the whole call, the weakest condition), then the one with the
//! fewest scopes (then the lowest): with two ways whose scopes both have
//! decls, a conflict in an instance of the other only can be missed,
//! never invented. The pick depends on the lists alone, not on the order
//! of the two sites, so every pair of sites with the same lists gets the
//! same scopes.
//!
//! Two parts of one instruction (a copy's source and destination, the
//! lanes of a masked access) are never a pair: the analyses are never
//! asked about an instruction against itself.

use rustc_hash::FxHashMap;

use super::log::{ClaimRule, ScopeId, SiteId};
use super::shape::FunctionShape;
use super::table::Access;
use crate::graph::{MetadataGraph, NodeId, Operand};
use crate::scoped::{ListRef, ScopeLists};

/// Functions with at most this many sites keep which pairs are claimed in a
/// matrix of two bits a pair (a lookup per question of the checker; the
/// claims themselves, rare, in the memo): 512 KiB at most.
const DENSE_SITES: usize = 2048;
const UNKNOWN: u8 = 0;
const UNCLAIMED: u8 = 1;
const CLAIMED: u8 = 2;

/// One way a pair of sites is claimed not to alias.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The site whose `!alias.scope` is covered.
    pub scopes_site: u32,
    /// The site whose `!noalias` covers it.
    pub noalias_site: u32,
    /// The deciding domain (an index into the table's domains).
    pub domain: u32,
    /// The deciding scopes: `scopes_site`'s scopes in `domain`.
    pub scopes: Vec<u32>,
    /// Whether the other direction (`noalias_site`'s `!alias.scope`
    /// against `scopes_site`'s `!noalias`) is covered too: LLVM asks both,
    /// so either can be the decision an analysis made.
    pub both_ways: bool,
}

/// The lists of one function's table as the rule reads them.
pub struct FunctionClaims {
    graph: MetadataGraph,
    lists: ScopeLists,
    /// The row of each table list.
    rows: Vec<ListRef>,
    /// The table index of each domain node.
    domain_index: FxHashMap<NodeId, u32>,
    /// Each site's (scopes, noalias, writes, instruction).
    sites: Vec<SiteLists>,
    /// Each table list's scopes and each scope's domain, for the deciding
    /// scopes.
    list_scopes: Vec<Vec<u32>>,
    scope_domain: Vec<u32>,
    scope_has_decl: Vec<bool>,
    claims: Vec<Claim>,
    memo: FxHashMap<(u32, u32), Option<u32>>,
    /// For a function of at most [`DENSE_SITES`] sites, whether each pair
    /// is claimed (two bits: `UNKNOWN`, `UNCLAIMED`, `CLAIMED`), made on
    /// first use.
    dense: Vec<u64>,
}

#[derive(Copy, Clone, Debug)]
struct SiteLists {
    scopes: Option<u32>,
    noalias: Option<u32>,
    writes: bool,
    instruction: u32,
}

impl SiteLists {
    /// What the rule sees of a site ([`Filter::group`]): its lists and
    /// whether it writes; None for a site without lists.
    fn group_key(&self) -> Option<(Option<u32>, Option<u32>, bool)> {
        (self.scopes.is_some() || self.noalias.is_some()).then_some((
            self.scopes,
            self.noalias,
            self.writes,
        ))
    }
}

impl FunctionClaims {
    /// Reads the table's lists. Indices out of range (a table that is not
    /// the pass's) are read as missing lists: no claim, never a panic.
    pub fn new(f: &FunctionShape) -> FunctionClaims {
        let mut graph = MetadataGraph::new();
        let mut domain_index = FxHashMap::default();
        let domains: Vec<NodeId> = (0..f.domains)
            .map(|i| {
                let d = graph.reserve();
                graph.define_tuple(d, vec![Operand::Node(d)]);
                domain_index.insert(d, i);
                d
            })
            .collect();
        let scopes: Vec<Option<NodeId>> = f
            .scopes
            .iter()
            .map(|s| {
                let domain = *domains.get(s.domain as usize)?;
                let n = graph.reserve();
                graph.define_tuple(n, vec![Operand::Node(n), Operand::Node(domain)]);
                Some(n)
            })
            .collect();
        let valid = |s: &u32| scopes.get(*s as usize).copied().flatten().is_some();
        let list_scopes: Vec<Vec<u32>> = (0..f.lists())
            .map(|l| f.list(l).iter().copied().filter(valid).collect())
            .collect();
        let mut lists = ScopeLists::new();
        let rows = list_scopes
            .iter()
            .map(|l| {
                let ops = l
                    .iter()
                    .filter_map(|&s| scopes[s as usize].map(Operand::Node))
                    .collect();
                let node = graph.add_tuple(ops);
                lists.list(&graph, node)
            })
            .collect();
        let list = |l: Option<u32>| l.filter(|&l| (l as usize) < f.lists());
        FunctionClaims {
            graph,
            lists,
            rows,
            domain_index,
            sites: f
                .sites
                .iter()
                .map(|s| SiteLists {
                    scopes: list(s.scopes),
                    noalias: list(s.noalias),
                    writes: s.access == Access::Write,
                    instruction: s.instruction_index,
                })
                .collect(),
            list_scopes,
            scope_domain: f.scopes.iter().map(|s| s.domain).collect(),
            scope_has_decl: f.scopes.iter().map(|s| s.has_decl).collect(),
            claims: Vec::new(),
            memo: FxHashMap::default(),
            dense: Vec::new(),
        }
    }

    /// Whether site `site` writes (false for a site out of range).
    pub fn writes(&self, site: u32) -> bool {
        self.sites.get(site as usize).is_some_and(|s| s.writes)
    }

    /// Whether sites `a` and `b` (may be one) are claimed alike against
    /// every site: one [`Filter::group`] (the same lists and access), each
    /// the only site of its instruction (two parts of one instruction are
    /// never a pair, so a part's claims depend on its instruction too).
    pub fn alike(&self, a: u32, b: u32) -> bool {
        let whole = |x: u32| {
            self.sites.get(x as usize).is_some_and(|s| {
                let same = |o: &SiteLists| o.instruction == s.instruction;
                self.sites.iter().filter(|o| same(o)).count() == 1
            })
        };
        let key = |x: u32| self.sites.get(x as usize).and_then(SiteLists::group_key);
        key(a).is_some() && key(a) == key(b) && whole(a) && whole(b)
    }

    /// The claim that sites `a` and `b` do not alias (in either order), if
    /// any: an index for [`FunctionClaims::get`]. Decided once per pair.
    pub fn claim(&mut self, a: u32, b: u32) -> Option<u32> {
        let n = self.sites.len();
        if n <= DENSE_SITES && (a as usize) < n && (b as usize) < n {
            if self.dense.is_empty() {
                self.dense = vec![0; (n * n).div_ceil(32)];
            }
            let (x, y) = (a.min(b) as usize, a.max(b) as usize);
            let at = x * n + y;
            let (word, shift) = (at / 32, (at % 32) * 2);
            return match (self.dense[word] >> shift & 3) as u8 {
                UNKNOWN => {
                    let c = self.claim_memoized(a, b);
                    let state = if c.is_some() { CLAIMED } else { UNCLAIMED };
                    self.dense[word] |= u64::from(state) << shift;
                    c
                }
                UNCLAIMED => None,
                _ => self.claim_memoized(a, b),
            };
        }
        self.claim_memoized(a, b)
    }

    fn claim_memoized(&mut self, a: u32, b: u32) -> Option<u32> {
        let key = (a.min(b), a.max(b));
        if let Some(&c) = self.memo.get(&key) {
            return c;
        }
        let c = self.decide(key.0, key.1).map(|claim| {
            self.claims.push(claim);
            (self.claims.len() - 1) as u32
        });
        self.memo.insert(key, c);
        c
    }

    /// A claim [`FunctionClaims::claim`] returned.
    pub fn get(&self, claim: u32) -> &Claim {
        &self.claims[claim as usize]
    }

    /// Whether the scope has a decl in the function.
    pub fn has_decl(&self, scope: u32) -> bool {
        self.scope_has_decl
            .get(scope as usize)
            .copied()
            .unwrap_or(false)
    }

    fn decide(&self, a: u32, b: u32) -> Option<Claim> {
        let (sa, sb) = (*self.sites.get(a as usize)?, *self.sites.get(b as usize)?);
        if sa.instruction == sb.instruction {
            return None;
        }
        let mut ways = self.ways(a, sa, b, sb);
        let forward = ways.len();
        ways.extend(self.ways(b, sb, a, sa));
        let both_ways = forward > 0 && ways.len() > forward;
        for w in &mut ways {
            w.both_ways = both_ways;
        }
        // The choice depends on the ways' contents only, never on which
        // site came first: two pairs of sites with the same lists (one
        // group pair of the filter) get the same scopes.
        ways.into_iter().min_by_key(|w| {
            let has_decl = w.scopes.iter().any(|&s| self.has_decl(s));
            (has_decl, w.scopes.len(), w.scopes.clone(), w.domain)
        })
    }

    /// The ways `x`'s `!alias.scope` is covered by `y`'s `!noalias`.
    fn ways(&self, x: u32, sx: SiteLists, y: u32, sy: SiteLists) -> Vec<Claim> {
        let (Some(s), Some(n)) = (sx.scopes, sy.noalias) else {
            return Vec::new();
        };
        let (rs, rn) = (self.rows[s as usize], self.rows[n as usize]);
        let Ok(domains) = self.lists.covering_domains(rs, rn) else {
            return Vec::new();
        };
        domains
            .into_iter()
            .filter_map(|d| {
                let domain = *self.domain_index.get(&d)?;
                let scopes = self.list_scopes[s as usize]
                    .iter()
                    .copied()
                    .filter(|&sc| self.scope_domain[sc as usize] == domain)
                    .collect();
                Some(Claim {
                    scopes_site: x,
                    noalias_site: y,
                    domain,
                    scopes,
                    both_ways: false,
                })
            })
            .collect()
    }

    /// The rebuilt graph (for tests and reports).
    pub fn graph(&self) -> &MetadataGraph {
        &self.graph
    }
}

/// The rule as the log and the frames checked in place ask it.
impl ClaimRule for FunctionClaims {
    fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32> {
        FunctionClaims::claim(self, a, b)
    }
    fn scopes(&self, claim: u32) -> &[ScopeId] {
        &self.get(claim).scopes
    }
    fn writes(&self, site: SiteId) -> bool {
        FunctionClaims::writes(self, site)
    }
}

/// What the static filter decides for one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Whether each site takes part in a claimed pair with a write.
    pub instrumented: Vec<bool>,
    /// For each site, every deciding scope of every claim it takes part in
    /// (sorted, without repeats): the scopes whose new instances end its
    /// accesses' usefulness ([`super::log`]'s pruning).
    pub relevant: Vec<Vec<u32>>,
    /// The number of claimed pairs of groups of sites with one list
    /// signature (for statistics).
    pub claimed_groups: usize,
    /// Sites in a claimed pair with a write, every such pair of which was
    /// proven apart ([`Filter::of_checked`]: disjoint bytes, or never in
    /// one instance of the claim's scopes): not instrumented (for
    /// statistics).
    pub apart: usize,
    /// Each site's group (sites with the same lists and access; `NO_GROUP`:
    /// a site without lists). Two sites' claim depends on their groups
    /// only, except that two parts of one instruction are never a pair.
    pub group: Vec<u32>,
    /// For each group, the groups claimed against it with a write (itself
    /// included), each once, in order, with the claim's scopes (the
    /// checker's pairs of a big log: see [`super::log`]).
    pub partners: Vec<Vec<(u32, Vec<u32>)>>,
}

/// The group of a site without lists.
pub const NO_GROUP: u32 = u32::MAX;

/// The static filter's question about a claimed pair of sites (a, b) with
/// the claim's deciding scopes: whether the two can never touch a common
/// byte in one instance of every one of those scopes (false when unsure).
pub type ApartFn<'a> = dyn FnMut(SiteId, SiteId, &[ScopeId]) -> bool + 'a;

impl Filter {
    /// The scopes relevant to some site (sorted, without repeats): the
    /// ones whose begins the runtime must be told of.
    pub fn begun_scopes(&self) -> Vec<u32> {
        let mut scopes: Vec<u32> = self.relevant.iter().flatten().copied().collect();
        scopes.sort_unstable();
        scopes.dedup();
        scopes
    }

    /// The filter of a function's table. Sites are grouped by their lists
    /// and access (the rule sees nothing else), and the rule is asked once
    /// per pair of groups: the cost is in the number of distinct list
    /// pairs, not of sites.
    pub fn of(f: &FunctionShape) -> Filter {
        Filter::of_checked(f, &mut |_, _, _| false)
    }

    /// [`Filter::of`], except that a claimed pair of sites that
    /// `apart(a, b, scopes)` says can never touch a common byte in one
    /// instance of every scope of `scopes` (the claim's deciding scopes)
    /// makes neither site instrumented. The caller knows, for example,
    /// that each runs at most once per call and an alias analysis that
    /// uses no claim proves their locations apart, or that every way from
    /// one to the other in a call begins a new instance of one of those
    /// scopes. A site is instrumented when one of its claimed pairs with a
    /// write is not apart; its group keeps its partners either way (a site
    /// that is not logged is never compared).
    pub fn of_checked(f: &FunctionShape, apart: &mut ApartFn<'_>) -> Filter {
        Filter::of_claims(&mut FunctionClaims::new(f), apart)
    }

    /// [`Filter::of_checked`] from the function's claims, made already
    /// (the runtime keeps them for its checks: the answers the filter asks
    /// are then memoized for those).
    pub fn of_claims(claims: &mut FunctionClaims, apart: &mut ApartFn<'_>) -> Filter {
        let mut groups: FxHashMap<(Option<u32>, Option<u32>, bool), Vec<u32>> =
            FxHashMap::default();
        for (i, s) in claims.sites.iter().enumerate() {
            if let Some(key) = s.group_key() {
                groups.entry(key).or_default().push(i as u32);
            }
        }
        let mut groups: Vec<Vec<u32>> = groups.into_values().collect();
        groups.sort();
        let n = claims.sites.len();
        let mut out = Filter {
            instrumented: vec![false; n],
            relevant: vec![Vec::new(); n],
            claimed_groups: 0,
            apart: 0,
            group: vec![NO_GROUP; n],
            partners: vec![Vec::new(); groups.len()],
        };
        for (gi, g) in groups.iter().enumerate() {
            for &site in g {
                out.group[site as usize] = gi as u32;
            }
        }
        let mut claimed = vec![false; n];
        for gi in 0..groups.len() {
            for gj in gi..groups.len() {
                let Some((a, b)) = pair_of(claims, &groups[gi], &groups[gj]) else {
                    continue;
                };
                if !(claims.writes(a) || claims.writes(b)) {
                    continue;
                }
                let Some(c) = claims.claim(a, b) else {
                    continue;
                };
                out.claimed_groups += 1;
                let scopes = claims.get(c).scopes.clone();
                out.partners[gi].push((gj as u32, scopes.clone()));
                if gj != gi {
                    out.partners[gj].push((gi as u32, scopes.clone()));
                }
                for &site in groups[gi].iter().chain(&groups[gj]) {
                    out.relevant[site as usize].extend_from_slice(&scopes);
                    claimed[site as usize] = true;
                }
                let inst = |s: u32| claims.sites[s as usize].instruction;
                for &a in &groups[gi] {
                    for &b in &groups[gj] {
                        let kept = &out.instrumented;
                        if inst(a) == inst(b) || kept[a as usize] && kept[b as usize] {
                            continue;
                        }
                        if !apart(a, b, &scopes) {
                            out.instrumented[a as usize] = true;
                            out.instrumented[b as usize] = true;
                        }
                    }
                }
            }
        }
        for r in &mut out.relevant {
            r.sort_unstable();
            r.dedup();
        }
        out.apart = (0..n)
            .filter(|&i| claimed[i] && !out.instrumented[i])
            .count();
        out
    }
}

/// Two sites of different instructions, one from each group, if there
/// are such (a group is paired with itself only if it spans two
/// instructions).
fn pair_of(claims: &FunctionClaims, g: &[u32], h: &[u32]) -> Option<(u32, u32)> {
    let inst = |s: u32| claims.sites[s as usize].instruction;
    let a = *g.first()?;
    if let Some(&b) = h.iter().find(|&&b| inst(b) != inst(a)) {
        return Some((a, b));
    }
    // Every site of h is an instruction of a's: another site of g may do.
    let b = *h.first()?;
    g.iter().find(|&&x| inst(x) != inst(b)).map(|&x| (x, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanitize::table::{Domain, FunctionTable, List, Scope, Site};

    fn site(i: u32, access: Access, scopes: Option<u32>, noalias: Option<u32>) -> Site<'static> {
        Site {
            instruction: format!("inst {i}").into(),
            location: Vec::new(),
            part: "".into(),
            access,
            scopes,
            noalias,
            instruction_index: i,
        }
    }

    fn list(scopes: &[u32]) -> List<'static> {
        List {
            content: scopes.len() as u64,
            scopes: scopes.to_vec(),
            text: "".into(),
        }
    }

    /// `scale(out, in)` as the worked example of docs/sanitize.md: one
    /// domain, scopes out (0) and in (1); lists {out} (0) and {in} (1).
    fn scale(decl: bool) -> FunctionTable<'static> {
        let scope = |name: &'static str| Scope {
            domain: 0,
            name: name.into(),
            note: None,
            decl: decl.then(|| "entry".into()),
            parameter_of: Some("scale".into()),
        };
        FunctionTable {
            name: "scale".into(),
            key: 1,
            sites: vec![
                site(0, Access::Read, Some(1), Some(0)),  // load in[i]
                site(1, Access::Write, Some(0), Some(1)), // store out[i]
                site(2, Access::Read, Some(0), Some(1)),  // load out[i]
                site(3, Access::Read, None, None),        // untagged
            ],
            lists: vec![list(&[0]), list(&[1])],
            scopes: vec![scope("scale: %out"), scope("scale: %in")],
            domains: vec![Domain {
                name: "scale".into(),
            }],
        }
    }

    #[test]
    fn the_load_and_the_store_are_claimed_both_ways() {
        let mut c = FunctionClaims::new(&FunctionShape::of(&scale(true)));
        let k = c.claim(0, 1).expect("claimed");
        let claim = c.get(k).clone();
        assert_eq!(claim.domain, 0);
        // Both directions cover, each with one scope: the lower is taken,
        // the store's scope "out" against the load's !noalias.
        assert_eq!((claim.scopes_site, claim.noalias_site), (1, 0));
        assert_eq!(claim.scopes, vec![0]);
        assert!(claim.both_ways);
        assert_eq!(c.claim(1, 0), Some(k), "one claim for both orders");
        // Two accesses of out[] are not claimed apart, nor is the untagged.
        assert_eq!(c.claim(1, 2), None);
        assert_eq!(c.claim(0, 3), None);
    }

    #[test]
    fn sites_are_alike_with_the_same_lists_and_access_when_whole() {
        let mut t = scale(false);
        // Another load of in[] (a reload), and a memcpy's two parts.
        t.sites.push(site(4, Access::Read, Some(1), Some(0)));
        t.sites.push(site(5, Access::Read, Some(1), Some(0)));
        t.sites.push(site(5, Access::Write, Some(0), Some(1)));
        let c = FunctionClaims::new(&FunctionShape::of(&t));
        assert!(c.alike(0, 4) && c.alike(4, 0) && c.alike(0, 0));
        assert!(!c.alike(0, 2), "other lists");
        assert!(!c.alike(1, 2), "the same lists, another access");
        assert!(!c.alike(3, 3), "no lists");
        assert!(!c.alike(0, 5) && !c.alike(5, 5), "a part of an instruction");
        assert!(!c.alike(0, 99), "no such site");
        // A read repeating another need not be logged; a write never.
        assert!(crate::sanitize::once::repeats(&c, 0, 4));
        assert!(!crate::sanitize::once::repeats(&c, 1, 1));
        assert!(!crate::sanitize::once::repeats(&c, 0, 2));
    }

    #[test]
    fn the_filter_keeps_pairs_with_a_write() {
        let f = Filter::of(&FunctionShape::of(&scale(false)));
        // load in[i] vs store out[i]: claimed, a write. load out[i] vs
        // load in[i]: claimed but read-read; the untagged: never.
        assert_eq!(f.instrumented, vec![true, true, false, false]);
        // The pair's claim is one way (the store's scope "out" against the
        // load's !noalias): its scopes are the ones that matter.
        assert_eq!(f.relevant[0], vec![0]);
        assert!(f.relevant[3].is_empty());
    }

    #[test]
    fn the_filter_asks_about_a_pair_with_its_claims_scopes() {
        // The claim of (load, store) is decided by scope 0 ("out"): the
        // question names it, and a pair apart in its instances keeps
        // neither site nor, on the kept table, any scope to begin.
        let t = scale(true);
        let mut asked = Vec::new();
        let f = Filter::of_checked(&FunctionShape::of(&t), &mut |a, b, scopes| {
            asked.push((a.min(b), a.max(b), scopes.to_vec()));
            true
        });
        assert_eq!(asked, vec![(0, 1, vec![0])]);
        assert_eq!(f.instrumented, vec![false; 4]);
        assert_eq!(f.apart, 2);
        // Without the answer, scope 0 is the one the runtime is told of.
        assert_eq!(Filter::of(&FunctionShape::of(&t)).begun_scopes(), vec![0]);
        let mut kept = t.clone();
        crate::sanitize::build::retain_sites(&mut kept, &f.instrumented);
        assert!(Filter::of(&FunctionShape::of(&kept))
            .begun_scopes()
            .is_empty());
    }

    #[test]
    fn a_pair_proven_disjoint_instruments_neither_site() {
        let mut t = scale(false);
        // A second store to out[] (site 4), a partner of the load too.
        t.sites.push(site(4, Access::Write, Some(0), Some(1)));
        let mut asked = Vec::new();
        let f = Filter::of_checked(&FunctionShape::of(&t), &mut |a, b, _| {
            asked.push((a.min(b), a.max(b)));
            (a.min(b), a.max(b)) == (0, 1)
        });
        // The load and the first store are apart; the load and the second
        // store may meet: the load stays, with that store only.
        assert_eq!(f.instrumented, vec![true, false, false, false, true]);
        assert!(asked.contains(&(0, 1)) && asked.contains(&(0, 4)));
        // Its group keeps the claims: the runtime's partners do not change.
        assert_eq!(f.partners, Filter::of(&FunctionShape::of(&t)).partners);
        assert_eq!(f.apart, 1);
        // Every pair disjoint: nothing is instrumented.
        let none = Filter::of_checked(&FunctionShape::of(&t), &mut |_, _, _| true);
        assert!(none.instrumented.iter().all(|&i| !i));
        assert_eq!(
            (none.apart, Filter::of(&FunctionShape::of(&t)).apart),
            (3, 0)
        );
    }

    #[test]
    fn a_scope_left_out_of_the_table_claims_nothing() {
        // The per-loop domains are left out of the lists: with scope "in"
        // gone from list 1, nothing covers the load any more, and the store
        // is covered only by the load's !noalias {out}... which is list 0,
        // still there: so one way remains.
        let mut t = scale(false);
        t.lists[1].scopes.clear();
        let mut c = FunctionClaims::new(&FunctionShape::of(&t));
        let k = c.claim(0, 1).expect("the store's side still covers");
        assert_eq!((c.get(k).scopes_site, c.get(k).noalias_site), (1, 0));
        t.lists[0].scopes.clear();
        let mut c = FunctionClaims::new(&FunctionShape::of(&t));
        assert_eq!(c.claim(0, 1), None);
    }

    #[test]
    fn parts_of_one_instruction_are_never_a_pair() {
        let mut t = scale(false);
        t.sites[1].instruction_index = 0;
        let mut c = FunctionClaims::new(&FunctionShape::of(&t));
        assert_eq!(c.claim(0, 1), None);
    }

    #[test]
    fn a_decl_free_way_is_preferred() {
        // Two domains cover the pair: D0's scope has a decl, D1's not.
        let t = FunctionTable {
            name: "g".into(),
            key: 1,
            sites: vec![
                site(0, Access::Write, Some(0), None),
                site(1, Access::Read, None, Some(0)),
            ],
            lists: vec![list(&[0, 1])],
            scopes: vec![
                Scope {
                    domain: 0,
                    name: "a".into(),
                    note: None,
                    decl: Some("x".into()),
                    parameter_of: None,
                },
                Scope {
                    domain: 1,
                    name: "b".into(),
                    note: None,
                    decl: None,
                    parameter_of: None,
                },
            ],
            domains: vec![Domain { name: "D0".into() }, Domain { name: "D1".into() }],
        };
        let mut c = FunctionClaims::new(&FunctionShape::of(&t));
        let k = c.claim(0, 1).unwrap();
        assert_eq!(c.get(k).domain, 1);
        assert_eq!(c.get(k).scopes, vec![1]);
    }

    #[test]
    fn bad_indices_are_missing_lists() {
        let mut t = scale(false);
        t.sites[0].scopes = Some(40);
        t.lists[0].scopes.push(99);
        t.scopes[1].domain = 7;
        // What is left: the store's {out} against the load's !noalias
        // (list 0 without the bad scope).
        let mut c = FunctionClaims::new(&FunctionShape::of(&t));
        let k = c.claim(0, 1).expect("one way is still readable");
        assert_eq!((c.get(k).scopes_site, c.get(k).noalias_site), (1, 0));
        t.sites[0].noalias = None;
        let mut c = FunctionClaims::new(&FunctionShape::of(&t));
        assert_eq!(c.claim(0, 1), None);
        assert_eq!(
            Filter::of(&FunctionShape::of(&t)).instrumented,
            vec![false; 4]
        );
    }
}
