//! The reports of `--tbaa`: a load of bytes whose last tagged store's tag
//! the core answers NoAlias against its own (kind `tbaa`, or
//! `tbaa-per-call` across two calls of a Flang procedure), and a store to
//! bytes last read through an immutable tag. Made from the tables
//! ([`crate::tbaa::State`]) while the lock is held; emitted by the entry
//! point ([`crate::report::emit`]) with its stack.

use aliaskit_core::decision::{FunctionKey, Question};
use aliaskit_core::sanitize::table::Point;
use aliaskit_core::sanitize::tbaa_shadow::{Hit, StoreId};
use aliaskit_core::sanitize::tbaa_table::TbaaSite;
use aliaskit_core::sanitize::tbaa_types::TagId;
use serde_json::json;

use crate::report::{access_kind, access_text, Pending};
use crate::tbaa::{SiteRef, State};

/// The two accesses of a report, as the tables hold them.
struct Pair {
    first: TbaaSite,
    second: TbaaSite,
    /// Their functions' names.
    functions: (String, String),
    /// The second's function's decision key, and its callers' names and
    /// keys.
    key: u64,
    callers: Vec<(String, u64)>,
    /// Their tags for humans.
    tags: (String, String),
    module: String,
    /// The tags' type names (suppressions match them).
    names: Vec<String>,
    /// The point whose claim is broken.
    point: Point,
    /// Its two tags (the first's, the second's).
    ids: (TagId, TagId),
}

impl Pair {
    /// The pair of sites `first` and `second` as `point` saw them: its tags
    /// are the start's or those that reached code generation.
    fn of(s: &mut State, first: SiteRef, second: SiteRef, point: Point) -> Pair {
        let tag = |r: SiteRef| match point {
            Point::Start => r.tag,
            Point::End => r.claims.end.unwrap_or(r.tag),
        };
        let ids = (tag(first), tag(second));
        let u = &mut s.universe;
        let mut names = u.type_names(ids.0);
        names.extend(u.type_names(ids.1));
        // A tag given on the way is not the one the instruction's text
        // (the front end's) shows: both are said.
        let describe = |now: TagId, was: TagId| match now == was {
            true => u.describe(now),
            false => format!(
                "{} (at code generation; the front end's: {})",
                u.describe(now),
                u.describe(was)
            ),
        };
        let tags = (describe(ids.0, first.tag), describe(ids.1, second.tag));
        let sites = (s.table_site(first), s.table_site(second));
        let (fa, fb) = (s.function_of(first), s.function_of(second));
        let table = &s.modules[second.module as usize];
        let callers = fb
            .callers
            .iter()
            .filter_map(|&c| table.functions.get(c as usize))
            .map(|c| (c.name.clone(), c.key))
            .collect();
        Pair {
            tags,
            first: sites.0,
            second: sites.1,
            functions: (fa.name.clone(), fb.name.clone()),
            key: fb.key,
            callers,
            module: table.name.clone(),
            names,
            point,
            ids,
        }
    }

    /// The line that says which claims were checked.
    fn checked(&self) -> String {
        format!(
            "  checked: {} (module {})",
            self.point.describe(),
            self.module
        )
    }

    /// The report's first lines: both accesses, their tags, the bytes.
    fn lines(&self, h: &Hit, last: &str) -> Vec<String> {
        let (f, s) = (&self.first, &self.second);
        vec![
            format!(
                "  first access:  {} in @{}",
                access_text(f.access, &f.part, &f.instruction, &f.location),
                self.functions.0
            ),
            format!("      !tbaa {}", self.tags.0),
            format!(
                "  second access: {}",
                access_text(s.access, &s.part, &s.instruction, &s.location)
            ),
            format!("      !tbaa {}", self.tags.1),
            format!(
                "  overlapping bytes: [{:#x}, {:#x}) ({} bytes), {last} by the first access",
                h.lo,
                h.hi,
                h.hi - h.lo
            ),
        ]
    }

    /// The JSON record's fields both kinds share.
    fn json(&self, kind: &str, h: &Hit) -> serde_json::Value {
        let side = |x: &TbaaSite, function: &str, tag: &str| {
            json!({"instruction": x.instruction, "location": x.location, "access": access_kind(x.access),
                   "part": x.part, "function": function, "metadata": format!("!tbaa {tag}")})
        };
        json!({
            "kind": kind,
            "function": self.functions.1,
            "module": self.module,
            "point": self.point.name(),
            "first": side(&self.first, &self.functions.0, &self.tags.0),
            "second": side(&self.second, &self.functions.1, &self.tags.1),
            "bytes": {"address": format!("{:#x}", h.lo), "size": h.hi - h.lo},
        })
    }

    /// The report: one per `kind`, function, `id` and the two accesses'
    /// source locations; `more` are further suppression candidates.
    fn finish(
        self,
        kind: &'static str,
        id: String,
        body: Vec<String>,
        json: serde_json::Value,
        more: Vec<String>,
        counted: bool,
    ) -> Pending {
        let (first, second) = (self.first, self.second);
        let (first_fn, second_fn) = self.functions;
        let mut candidates = vec![first_fn.clone(), second_fn.clone()];
        candidates.extend(more);
        candidates.extend(self.names);
        for x in [&first, &second] {
            candidates.extend(x.location.iter().cloned());
        }
        let summary_location = second
            .location
            .first()
            .cloned()
            .unwrap_or_else(|| format!("@{second_fn}"));
        Pending {
            key: (
                format!("{kind} {second_fn}"),
                id,
                first.source(),
                second.source(),
            ),
            kind,
            function: second_fn,
            body,
            first_location: first.location.first().cloned().unwrap_or_default(),
            second_location: second.location.first().cloned().unwrap_or_default(),
            stack_shown: true,
            json,
            candidates,
            summary_location,
            first_elsewhere: Some(first_fn),
            counted,
        }
    }
}

/// The pair's decision ids (store tag content `cs`, load tag content
/// `cl`) with their functions: in the load's function, in each function
/// the end of the pipeline found its check inlined into, then in the
/// module's callers of it (a build without the checker inlines more); the
/// number of the first two kinds.
fn decision_ids(
    s: &State,
    load: StoreId,
    pair: &Pair,
    cs: u64,
    cl: u64,
) -> (Vec<(String, String)>, usize) {
    let decide = |key: u64| {
        FunctionKey(key)
            .decision(Question::TagPair, cs, cl)
            .to_string()
    };
    let mut ids = vec![(decide(pair.key), pair.functions.1.clone())];
    let add = |ids: &mut Vec<(String, String)>, key: u64, name: &String| {
        let d = decide(key);
        if !ids.iter().any(|(x, _)| *x == d) {
            ids.push((d, name.clone()));
        }
    };
    for (key, name) in s.hosts.get(&load).into_iter().flatten() {
        add(&mut ids, *key, name);
    }
    let ran = ids.len();
    for (name, key) in &pair.callers {
        add(&mut ids, *key, name);
    }
    (ids, ran)
}

/// The sentence on a per-call claim (`f`: the procedure; whether both
/// accesses ran in one call, when known), or on a type tree's.
fn scope_line(per_call: &Option<(String, Option<bool>)>, point: Point) -> String {
    let tree = |f: &str| {
        format!("  per call: both tags are in @{f}'s own TBAA tree (Flang), whose claims hold within one call of it")
    };
    match per_call {
        Some((f, Some(true))) => format!("{}, and both accesses ran in the same call", tree(f)),
        Some((f, Some(false))) if point == Point::End => format!(
            "{}; the accesses ran in two calls, where the program is right, but the end of the pipeline found both calls' code inlined into one function, run once for both: there the claim reached code generation, where LLVM's TBAA may reorder the two accesses (llvm#89829): a hazard of this build, not counted as a program error",
            tree(f)
        ),
        Some((f, Some(false))) => format!(
            "{}; the accesses ran in two calls, where the program is right, but a pass that inlines both calls into one function may meet this claim (llvm#89829): not counted as an error",
            tree(f)
        ),
        Some((f, None)) => format!(
            "{}; whether the accesses ran in one call is not known (no call instance): not counted as an error",
            tree(f)
        ),
        None => "  type tree: the claim holds for the memory's whole life, until a store of another type".to_owned(),
    }
}

/// The report of a load (`load`) reading bytes (`h`) of an earlier store
/// whose tag may not alias its own.
pub(crate) fn pending(
    s: &mut State,
    h: &Hit,
    load: StoreId,
    kind: &'static str,
    per_call: Option<(String, Option<bool>)>,
    point: Point,
) -> Option<Pending> {
    let (rs, rl) = (s.site(h.store)?, s.site(load)?);
    let pair = Pair::of(s, rs, rl, point);
    let (ts, tl) = pair.ids;
    let why = s.universe.why(ts, tl);
    let (cs, cl) = (s.universe.content(ts), s.universe.content(tl));
    let (ids, ran) = decision_ids(s, load, &pair, cs, cl);
    let listed: Vec<String> = ids
        .iter()
        .enumerate()
        .map(|(k, (d, f))| match k < ran {
            true => format!("{d} in @{f}"),
            false => format!("{d} in @{f} (if inlined there)"),
        })
        .collect();
    let terms: Vec<String> = ids.iter().map(|(d, _)| format!("-x{d}")).collect();
    let mut body = pair.lines(h, "last written");
    body.extend([
        format!("  claim: the two tags do not alias: {why}"),
        scope_line(&per_call, point),
        pair.checked(),
        format!(
            "  {} {}: ALIASKIT_BISECT='y {}' answers it conservatively",
            if ids.len() == 1 {
                "decision"
            } else {
                "decisions"
            },
            listed.join("; "),
            terms.join(" ")
        ),
    ]);
    let mut json = pair.json(kind, h);
    json["id"] = json!(ids[0].0);
    json["ids"] = json!(ids
        .iter()
        .map(|(d, f)| json!({"id": d, "function": f}))
        .collect::<Vec<_>>());
    json["claim"] = json!(why);
    let id = ids[0].0.clone();
    let more = ids.into_iter().map(|(d, _)| d).collect();
    Some(pair.finish(kind, id, body, json, more, kind == "tbaa"))
}

/// The report of a store (`store`) to bytes (`h`) last read through an
/// immutable tag.
pub(crate) fn pending_immutable(s: &mut State, h: &Hit, store: StoreId) -> Option<Pending> {
    let (rl, rs) = (s.site(h.store)?, s.site(store)?);
    let pair = Pair::of(s, rl, rs, Point::Start);
    let mut body = pair.lines(h, "last read");
    body.extend([
        "  claim: the first access's tag is immutable: the memory it reads is never modified (LLVM answers NoModRef for it), and the second access stores to it".to_owned(),
        pair.checked(),
    ]);
    let mut json = pair.json("tbaa", h);
    json["claim"] = json!("immutable");
    Some(pair.finish("tbaa", "immutable".into(), body, json, vec![], true))
}
