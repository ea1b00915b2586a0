//! The static filter against the rule it summarizes: for random function
//! tables, every claimed pair of sites with a write is instrumented, its
//! claim's scopes are relevant to both sites, and its groups are partners
//! with those scopes (the big-log check looks at partner groups only).

use aliaskit_core::sanitize::claims::{Filter, FunctionClaims, NO_GROUP};
use aliaskit_core::sanitize::shape::FunctionShape;
use aliaskit_core::sanitize::table::{Access, Domain, FunctionTable, List, Scope, Site};
use proptest::prelude::*;

const SCOPES: u32 = 5;

fn table() -> impl Strategy<Value = FunctionTable<'static>> {
    let list = prop::collection::vec(0..SCOPES, 0..4);
    let lists = prop::collection::vec(list, 1..6);
    let scope = (0u32..2, any::<bool>());
    let scopes = prop::collection::vec(scope, SCOPES as usize);
    // (instruction, writes, !alias.scope, !noalias); lists past the end
    // are missing lists.
    let site = (
        0u32..6,
        any::<bool>(),
        prop::option::of(0u32..7),
        prop::option::of(0u32..7),
    );
    let sites = prop::collection::vec(site, 0..14);
    (lists, scopes, sites).prop_map(|(lists, scopes, sites)| FunctionTable {
        name: "f".into(),
        key: 1,
        sites: sites
            .into_iter()
            .map(|(i, w, s, n)| Site {
                instruction: format!("inst {i}").into(),
                location: Vec::new(),
                part: "".into(),
                access: if w { Access::Write } else { Access::Read },
                scopes: s,
                noalias: n,
                instruction_index: i,
            })
            .collect(),
        lists: lists
            .into_iter()
            .map(|l| List {
                content: l.len() as u64,
                scopes: l,
                text: "".into(),
            })
            .collect(),
        scopes: scopes
            .into_iter()
            .enumerate()
            .map(|(k, (domain, decl))| Scope {
                domain,
                name: format!("s{k}").into(),
                note: None,
                decl: decl.then(|| "entry".into()),
                parameter_of: None,
            })
            .collect(),
        domains: vec![Domain { name: "D0".into() }, Domain { name: "D1".into() }],
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn every_claimed_pair_with_a_write_is_in_the_filter(t in table()) {
        let shape = FunctionShape::of(&t);
        // As the runtime makes them: the filter from the claims it keeps,
        // whose memoized answers must be a fresh set's.
        let mut claims = FunctionClaims::new(&shape);
        let filter = Filter::of_claims(&mut claims, &mut |_, _, _| false);
        prop_assert_eq!(&filter, &Filter::of(&shape));
        let mut fresh = FunctionClaims::new(&shape);
        let n = t.sites.len() as u32;
        for a in 0..n {
            for b in a..n {
                let c = claims.claim(a, b);
                prop_assert_eq!(
                    c.map(|c| claims.get(c).clone()),
                    fresh.claim(a, b).map(|c| fresh.get(c).clone())
                );
                let Some(c) = c else { continue };
                if !(claims.writes(a) || claims.writes(b)) {
                    continue;
                }
                let scopes = claims.get(c).scopes.clone();
                for s in [a, b] {
                    prop_assert!(filter.instrumented[s as usize], "site {s} of ({a}, {b})");
                    for x in &scopes {
                        prop_assert!(filter.relevant[s as usize].contains(x));
                    }
                }
                let (ga, gb) = (filter.group[a as usize], filter.group[b as usize]);
                prop_assert!(ga != NO_GROUP && gb != NO_GROUP);
                for (g, h) in [(ga, gb), (gb, ga)] {
                    let partner = filter.partners[g as usize].iter().find(|p| p.0 == h);
                    prop_assert_eq!(partner.map(|p| &p.1), Some(&scopes), "({}, {})", a, b);
                }
            }
        }
    }
}
