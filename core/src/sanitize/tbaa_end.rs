//! `--tbaa` at the end of the pipeline: which tag each instrumented access
//! carries when it reaches code generation, and which point's claim a load
//! and the store it reads break.
//!
//! The start instruments the front end's tags (`sanitize_tbaa.cpp`); each
//! access it instrumented keeps its sites' ids in metadata
//! (`!aliaskit.tbaa.site`), which LLVM copies with the instruction
//! (inlining, unrolling) and drops when it merges two accesses into one.
//! At the end of the pipeline each site is one of:
//!
//! * **the same**: every instruction that carries it has its start tag:
//!   the end's claim is the start's;
//! * **changed**: they all carry one other tag, which a pass gave them:
//!   the claim that reaches code generation is about that tag;
//! * **ambiguous**: copies carry different tags: no one claim (counted);
//! * **gone** (not listed): no instruction carries it (deleted, merged,
//!   widened by the vectorizer): no claim reaches code generation.
//!
//! The shadow keeps one store id per byte for both points: a store's start
//! call records it, and its site knows both tags. A load then breaks the
//! start's claim when the two start tags may not alias, and the end's when
//! the two end tags may not alias and one of them changed on the way (a
//! pair of unchanged tags is the start's claim again: one report). With
//! only the end point asked for, every claim is the end's.
//!
//! ```text
//!   start:  store float (site 0)    load float (site 1)   float, float: may alias
//!   a pass gives site 1 an int tag (the view of site 1: Changed(int))
//!   end:    store float (site 0)    load int   (site 1)   float, int: NoAlias
//!   at run time the load reads the store's bytes: the end's claim is broken
//! ```

use serde::{Deserialize, Serialize};

use crate::sanitize::table::{decode_framed, encode_framed, framed_len, Point, TableError};
use crate::sanitize::tbaa_table::TbaaTable;
use crate::sanitize::tbaa_types::TagId;

/// The first bytes of every end table (`AKTBE` and the format's version).
pub const TBAA_END_MAGIC: [u8; 8] = *b"AKTBE\x00\x00\x01";

/// What reached code generation of one site.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndView {
    /// With its start tag.
    Same,
    /// With another tag: an index into the end table's
    /// [`TbaaTable::tags`].
    Changed(u32),
    /// Copies with different tags: no one claim.
    Ambiguous,
}

/// What the end of the pipeline saw of a module's sites.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TbaaEnd {
    /// Whether the start's claims are checked too (both points), or only
    /// the end's.
    pub start_claims: bool,
    /// The changed tags with the DAG they reach (no sites, no functions).
    pub types: TbaaTable,
    /// Each site some instruction still carries (its index in the start's
    /// table) and its view; a site not listed is gone.
    pub views: Vec<(u32, EndView)>,
}

impl TbaaEnd {
    /// [`TBAA_END_MAGIC`], the length of what follows, and the table.
    pub fn encode(&self) -> Vec<u8> {
        encode_framed(&TBAA_END_MAGIC, self)
    }

    /// The length of the encoded table whose first 16 bytes are `header`.
    pub fn encoded_len(header: &[u8; 16]) -> Result<usize, TableError> {
        framed_len(&TBAA_END_MAGIC, header)
    }

    /// The table, refused when an index is out of range (`sites`: the
    /// number of sites of the start's table).
    pub fn decode(bytes: &[u8], sites: usize) -> Result<TbaaEnd, TableError> {
        let t: TbaaEnd = decode_framed(&TBAA_END_MAGIC, bytes)?;
        let tags = t.types.tags.len() as u32;
        let nodes = t.types.nodes.len() as u32;
        let bad = |what: &str| Err(TableError::Decode(format!("{what} out of range")));
        if t.types.tags.iter().any(|&n| n >= nodes) || !t.types.sites.is_empty() {
            return bad("an end tag");
        }
        for &(site, view) in &t.views {
            if site as usize >= sites || matches!(view, EndView::Changed(k) if k >= tags) {
                return bad("an end view");
            }
        }
        Ok(t)
    }
}

/// A site's claims at the two points, as the runtime keeps them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SiteClaims {
    /// Its start tag, when the start's claims are checked.
    pub start: Option<TagId>,
    /// Its tag at code generation, when one reached it.
    pub end: Option<TagId>,
    /// Whether the end tag is not the start's.
    pub changed: bool,
}

impl SiteClaims {
    /// A site of module whose start tag is `tag`, with `view` at the end
    /// (`None`: gone, or no end table) and the end table's tag ids.
    pub fn of(tag: TagId, start_claims: bool, view: Option<EndView>, end_tags: &[TagId]) -> Self {
        let (end, changed) = match view {
            Some(EndView::Same) => (Some(tag), false),
            Some(EndView::Changed(k)) => (end_tags.get(k as usize).copied(), true),
            Some(EndView::Ambiguous) | None => (None, false),
        };
        SiteClaims {
            start: start_claims.then_some(tag),
            end,
            changed,
        }
    }
}

/// The point whose claim a load (`load`) breaks by reading the bytes of a
/// store (`store`): the start's when both start tags may not alias, else
/// the end's when both end tags may not alias and the end's claim is not
/// the start's again; `None` when neither. `no_alias(stored, loaded)` is
/// the core's TBAA answer.
pub fn broken_claim(
    store: SiteClaims,
    load: SiteClaims,
    mut no_alias: impl FnMut(TagId, TagId) -> bool,
) -> Option<Point> {
    if let (Some(s), Some(l)) = (store.start, load.start) {
        if no_alias(s, l) {
            return Some(Point::Start);
        }
    }
    let (Some(s), Some(l)) = (store.end, load.end) else {
        return None;
    };
    let new_claim = store.changed || load.changed || store.start.is_none() || load.start.is_none();
    (new_claim && no_alias(s, l)).then_some(Point::End)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn claims(start: Option<u32>, end: Option<u32>) -> SiteClaims {
        SiteClaims {
            start,
            end,
            changed: start.is_some() && end.is_some() && start != end,
        }
    }

    #[test]
    fn a_tag_changed_on_the_way_is_the_ends_claim() {
        // Tags 0 and 1 may not alias; everything else may.
        let no_alias = |a: u32, b: u32| a != b && a < 2 && b < 2;
        let store = claims(Some(0), Some(0));
        let load = SiteClaims {
            start: Some(0),
            end: Some(1),
            changed: true,
        };
        assert_eq!(broken_claim(store, load, no_alias), Some(Point::End));
        // Unchanged tags: the start's claim, reported once, as the start's.
        let load = claims(Some(1), Some(1));
        assert_eq!(broken_claim(store, load, no_alias), Some(Point::Start));
        // The load is gone at the end: only the start's claim.
        let load = claims(Some(2), None);
        assert_eq!(broken_claim(store, load, no_alias), None);
        // Only the end asked for: the unchanged pair is the end's claim.
        let s = SiteClaims::of(0, false, Some(EndView::Same), &[]);
        let l = SiteClaims::of(1, false, Some(EndView::Same), &[]);
        assert_eq!(broken_claim(s, l, no_alias), Some(Point::End));
    }

    #[test]
    fn views_become_claims() {
        let c = SiteClaims::of(5, true, Some(EndView::Changed(1)), &[7, 9]);
        assert_eq!(
            c,
            SiteClaims {
                start: Some(5),
                end: Some(9),
                changed: true
            }
        );
        let c = SiteClaims::of(5, true, Some(EndView::Ambiguous), &[]);
        assert_eq!(
            c,
            SiteClaims {
                start: Some(5),
                end: None,
                changed: false
            }
        );
        assert_eq!(SiteClaims::of(5, true, None, &[]).end, None);
    }

    #[test]
    fn end_tables_round_trip_and_bad_ones_are_refused() {
        let mut t = TbaaEnd {
            start_claims: true,
            types: TbaaTable::default(),
            views: vec![(0, EndView::Same), (3, EndView::Ambiguous)],
        };
        assert_eq!(TbaaEnd::decode(&t.encode(), 4), Ok(t.clone()));
        assert!(TbaaEnd::decode(&t.encode(), 3).is_err(), "site 3 of 3");
        t.views.push((1, EndView::Changed(0)));
        assert!(TbaaEnd::decode(&t.encode(), 4).is_err(), "no tag 0");
        let mut bytes = t.encode();
        bytes[3] = b'X';
        assert_eq!(TbaaEnd::decode(&bytes, 4), Err(TableError::Magic));
    }

    proptest! {
        /// Against the rule written out: a report names the start when the
        /// start tags may not alias, the end when only a changed (or
        /// end-only) pair may not, and nothing when no claim is broken.
        #[test]
        fn the_point_is_the_first_broken_claim(
            ss in proptest::option::of(0u32..4), se in proptest::option::of(0u32..4),
            ls in proptest::option::of(0u32..4), le in proptest::option::of(0u32..4),
            sc in any::<bool>(), lc in any::<bool>(),
            pairs in proptest::collection::vec((0u32..4, 0u32..4), 0..6),
        ) {
            let no_alias = |a: u32, b: u32| pairs.contains(&(a, b)) || pairs.contains(&(b, a));
            let store = SiteClaims { start: ss, end: se, changed: sc };
            let load = SiteClaims { start: ls, end: le, changed: lc };
            let start = matches!((ss, ls), (Some(a), Some(b)) if no_alias(a, b));
            let end = matches!((se, le), (Some(a), Some(b)) if no_alias(a, b))
                && (sc || lc || ss.is_none() || ls.is_none());
            let want = if start { Some(Point::Start) } else if end { Some(Point::End) } else { None };
            prop_assert_eq!(broken_claim(store, load, no_alias), want);
        }
    }
}
