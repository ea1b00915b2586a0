//! Which access tags LLVM 22's verifier accepts on a type DAG: a simulation
//! of `TBAAVerifier`'s struct-path walk (spec §4.2-4.5) on the generator's
//! own model, and the walk's candidates for the access type at an offset.
//!
//! This is a second, independent copy of what core's `verify::tbaa` does,
//! and it is meant to be: it is an oracle of the generator, not a use of the
//! code under test. The generated modules are the inputs by which core's
//! verifier (`checks/verify/parity.py` damages them and compares
//! `verify-alias-md` with LLVM) and its analyses (`checks/diff/difftest.sh`) are
//! judged; were the generator to ask core which tags are valid, a tag that
//! core wrongly rejects would never be generated, and the very bug would
//! hide itself from the tests meant to find it. Its own mistakes cannot
//! hide: every generated module goes through LLVM's verifier first, and
//! both callers count a rejected one as a failure. It also differs on
//! purpose where core must not: it works on the model before anything is
//! printed (no parsed metadata, no `APInt` widths, no messages), and it
//! refuses tags that step from a field-less new-format node to its parent,
//! which the verifier accepts but the built-in `tbaa` crashes on.

use std::collections::BTreeSet;

use crate::dag::{Dag, Kind};

/// `verify_base`'s bit width for a new-format node without fields.
const NO_FIELDS: u32 = u32::MAX;

impl Dag {
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
    pub fn verify_tag(&self, base: usize, access: usize, off: u64) -> bool {
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
    /// Candidate access types for (base, off): nodes that the verifier's walk
    /// visits with a zero offset.
    pub fn walk_candidates(&self, base: usize, off: u64) -> Vec<usize> {
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
}
