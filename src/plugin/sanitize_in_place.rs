//! Frames checked in place (`sanitize_in_place.cpp`): the pairs of a
//! frame's accesses to compare, from the module's table, by the core's
//! rule ([`aliaskit_core::sanitize::in_place`]); and which accesses a loop
//! repeats at one address may be logged once per execution of the loop
//! (`sanitize_once.cpp`, [`aliaskit_core::sanitize::once`]), which
//! reads repeat an earlier one's (`sanitize_repeats.cpp`), and the scopes
//! relevant to a site (`sanitize_ends.cpp`: where an instance may end).

use aliaskit_core::sanitize::claims::{Filter, FunctionClaims};
use aliaskit_core::sanitize::in_place::slot_pairs;
use aliaskit_core::sanitize::once::{once_per_loop, repeats};
use aliaskit_core::sanitize::shape::{ModuleShape, TableParts};
use rustc_hash::FxHashMap;

/// A table global's shape, decoded once per module, with each function's
/// claims made on first need.
pub struct InPlaceTable {
    shape: ModuleShape,
    claims: FxHashMap<u32, FunctionClaims>,
    /// Each function's filter as the runtime makes it (for its relevant
    /// scopes), made on first need.
    filters: FxHashMap<u32, Filter>,
}

/// Two accesses of a frame (indices into the accesses the pass gave) to
/// compare, with the claim's scopes at `scopes[scopes_begin..][..count]`
/// of the same answer. Must match `aliaskit::InPlacePair` in `shim.h`.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct InPlacePair {
    pub first: u32,
    pub second: u32,
    pub scopes_begin: u32,
    pub scopes_count: u32,
}

/// The pairs of one frame, and the scopes they list.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct InPlacePairs {
    pub pairs: Vec<InPlacePair>,
    pub scopes: Vec<u32>,
}

impl InPlaceTable {
    /// The table in `bytes` (a table global's initializer), or why not.
    pub fn decode(bytes: &[u8]) -> Result<InPlaceTable, String> {
        let shape = TableParts::decode(bytes).map_err(|e| e.to_string())?.shape;
        Ok(InPlaceTable {
            shape,
            claims: FxHashMap::default(),
            filters: FxHashMap::default(),
        })
    }

    /// The claims of table function `function`, made on first need; None
    /// if the table has no such function.
    fn claims(&mut self, function: u32) -> Option<(&mut FunctionClaims, u32)> {
        let f = self.shape.functions.get(function as usize)?;
        let claims = self
            .claims
            .entry(function)
            .or_insert_with(|| FunctionClaims::new(f));
        Some((claims, f.sites.len() as u32))
    }

    /// Whether the accesses of `site` (of table function `function`) a
    /// loop repeats at one address may be logged once per execution of
    /// the loop, and the scopes that must not begin in it
    /// ([`once_per_loop`]); the outer None if the table has no such
    /// function or site.
    pub fn once_scopes(&mut self, function: u32, site: u32) -> Option<Option<Vec<u32>>> {
        let (claims, sites) = self.claims(function)?;
        (site < sites).then(|| once_per_loop(claims, site, sites))
    }

    /// The scopes relevant to `site` (of table function `function`): every
    /// deciding scope of every claim with a write it takes part in, as the
    /// runtime's filter lists them ([`Filter::relevant`], which its log
    /// prunes by); None if the table has no such function or site.
    pub fn relevant_scopes(&mut self, function: u32, site: u32) -> Option<&[u32]> {
        if !self.filters.contains_key(&function) {
            let (claims, _) = self.claims(function)?;
            let filter = Filter::of_claims(claims, &mut |_, _, _| false);
            self.filters.insert(function, filter);
        }
        let relevant = &self.filters.get(&function)?.relevant;
        relevant.get(site as usize).map(Vec::as_slice)
    }

    /// Whether a read of site `later` (of table function `function`) need
    /// not be logged after a read of site `first` of the same bytes in
    /// the same frame and instances ([`repeats`]); None if the table has
    /// no such function.
    pub fn repeats(&mut self, function: u32, first: u32, later: u32) -> Option<bool> {
        let (claims, _) = self.claims(function)?;
        Some(repeats(claims, first, later))
    }

    /// The pairs a frame of table function `function` compares, whose
    /// accesses are of `sites`; None if the table has no such function or
    /// a site is not one of its.
    pub fn pairs(&mut self, function: u32, sites: &[u32]) -> Option<InPlacePairs> {
        let (claims, n) = self.claims(function)?;
        if sites.iter().any(|&s| s >= n) {
            return None;
        }
        let mut out = InPlacePairs::default();
        for p in slot_pairs(claims, sites) {
            out.pairs.push(InPlacePair {
                first: p.first as u32,
                second: p.second as u32,
                scopes_begin: out.scopes.len() as u32,
                scopes_count: p.scopes.len() as u32,
            });
            out.scopes.extend(p.scopes);
        }
        Some(out)
    }
}
