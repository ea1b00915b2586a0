//! Twins: copies of one source access that a pass made, which the
//! instrumentation may log as one site.
//!
//! The loop vectorizer's interleaving splits a wide access into parts (a
//! load of 32 bytes becomes two of 16, at `p` and `p + 16`), and the
//! unroller copies a loop's body. Each copy is an instruction of its own,
//! with the lists and the location of the original. Summarized over a
//! loop, each part is a run with holes (16 bytes every 32), which the
//! runtime keeps block by block once it is a row of a grid; the parts
//! together are one contiguous run.
//!
//! Two sites are *twins* when both are whole instructions (not a copy's
//! source or destination, not a lane) in one [`Filter::group`] (the same
//! lists and access) at the same location. Then:
//!
//! * a claim of one against any site is the claim of the other (claims
//!   depend on the group alone, for whole instructions);
//! * the claim between the two is the claim of either with itself, which
//!   the log asks when one site's accesses overlap (a self hit);
//! * a report names the same lists and the same location either way.
//!
//! So logging an access of a site as its twin's finds exactly the same
//! conflicts; only the instruction a report prints may be the twin's.
//!
//! [`Filter::group`]: super::claims::Filter::group

use rustc_hash::FxHashMap;

use super::claims::NO_GROUP;
use super::table::{Site, Text};

/// Each site's twin: the first site (in table order) it is a twin of, or
/// itself. `group[i]` is site i's [`super::claims::Filter::group`].
pub fn twins(sites: &[Site], group: &[u32]) -> Vec<u32> {
    let mut first: FxHashMap<(u32, &[Text]), u32> = FxHashMap::default();
    sites
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let g = group.get(i).copied().unwrap_or(NO_GROUP);
            if g == NO_GROUP || !s.part.is_empty() || s.location.is_empty() {
                return i as u32;
            }
            *first.entry((g, &s.location)).or_insert(i as u32)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanitize::table::Access;

    fn site(i: u32, location: &str, part: &str) -> Site<'static> {
        Site {
            instruction: format!("inst {i}").into(),
            location: if location.is_empty() {
                Vec::new()
            } else {
                vec![location.to_owned().into()]
            },
            part: part.to_owned().into(),
            access: Access::Read,
            scopes: Some(0),
            noalias: None,
            instruction_index: i,
        }
    }

    #[test]
    fn copies_of_one_access_are_twins_of_the_first() {
        let sites = [
            site(0, "k.c:4:9", ""),
            site(1, "k.c:4:9", ""),
            site(2, "k.c:5:9", ""),
            site(3, "k.c:4:9", ""),
        ];
        assert_eq!(twins(&sites, &[0, 0, 0, 0]), vec![0, 0, 2, 0]);
    }

    #[test]
    fn other_groups_parts_and_unknown_places_are_their_own() {
        let sites = [
            site(0, "k.c:4:9", ""),
            // Another group: other lists or access.
            site(1, "k.c:4:9", ""),
            // A copy's destination and source are never twins.
            site(2, "k.c:4:9", "destination"),
            // Without a location, nothing says it is a copy.
            site(3, "", ""),
            site(4, "", ""),
            // No lists: no group.
            site(5, "k.c:4:9", ""),
        ];
        assert_eq!(
            twins(&sites, &[0, 1, 0, 0, 0, NO_GROUP]),
            vec![0, 1, 2, 3, 4, 5]
        );
    }
}
