//! `aliaskit sanitize --tbaa` at run time: the shadow of each byte's last
//! tagged store, and the check of each tagged load against it.
//!
//! Each instrumented module registers its TBAA table
//! (`aliaskit_core::sanitize::tbaa_table`) from its constructor: its tags
//! go into the one [`TypeUniverse`] (the core's TBAA query over the
//! modules' type DAGs, linked as LLVM links them), its sites get global
//! store ids `base + site`, and `base` is written into the module's own
//! global, which every call then passes. The shadow and its rules are the
//! core's ([`Shadow`]), its pages shared by the threads without a lock
//! ([`crate::tbaa_pages`]); registration is [`crate::tbaa_modules`]. The
//! tables, the universe and the reports are
//! behind one lock that the hot path avoids: each thread keeps the tag of
//! every store id and the answers it asked for ([`Local`]).

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use aliaskit_core::sanitize::table::Point;
use aliaskit_core::sanitize::tbaa_end::{broken_claim, SiteClaims};
use aliaskit_core::sanitize::tbaa_loop::{loop_is_quiet, store_runs, LoopJudge, LoopRun};
use aliaskit_core::sanitize::tbaa_shadow::{Shadow, StoreId};
use aliaskit_core::sanitize::tbaa_table::{TbaaFunction, TbaaSite, TbaaTable};
use aliaskit_core::sanitize::tbaa_types::{TagId, TypeUniverse};

use rustc_hash::{FxHashMap, FxHashSet};

use crate::report::Pending;
use crate::tbaa_pages::SharedPages;
use crate::tbaa_report::{pending, pending_immutable};

/// A site of a registered module.
#[derive(Copy, Clone)]
pub(crate) struct SiteRef {
    pub(crate) module: u32,
    pub(crate) site: u32,
    /// Its start tag (reports name it).
    pub(crate) tag: TagId,
    /// Its claims at the two points.
    pub(crate) claims: SiteClaims,
    /// For a store of a procedure's own tree (Flang): the call instance it
    /// ran in (its id is then one of that instance's, [`store_in`]), the
    /// call instance of the function its code ran in at code generation
    /// (the same, unless the end found it inlined: [`store_at`]), and the
    /// site's own id; 0, 0 and itself otherwise.
    pub(crate) instance: u64,
    pub(crate) host: u64,
    pub(crate) of: StoreId,
    /// A load through an immutable tag: its bytes may not be stored to.
    pub(crate) immutable: bool,
    /// A store of a procedure's own tree (per call): its ids, and the
    /// site's own, have a class across calls of their own
    /// ([`SiteRef::across_class`]).
    pub(crate) per_call: bool,
    /// The site's [`CELLS_PER_SITE`] answer cells for the program's inline
    /// fast path (null: none): [`ANSWERS`] answers ([`Local::remember_ok`]),
    /// then the two answers across calls of a per-call load
    /// ([`Local::remember_across`]). A per-call store's ids share their
    /// site's.
    pub(crate) ok: *const AtomicU32,
}

/// Answer cells per site in a module's `@__aliaskit_tbaa_ok`: [`ANSWERS`]
/// answers, and two answers across calls (a load that meets two store
/// sites' bytes in turn, a Jacobi sweep's edge and inside, keeps both).
/// Must match `CellsPerSite` in `src/plugin/sanitize_tbaa.h`.
pub(crate) const CELLS_PER_SITE: usize = ANSWERS + 2;

/// A site's answers (classes whose bytes it met and found to break no
/// claim: [`Local::remember_ok`]), the first of its answer cells. Must
/// match `Answers` in `src/plugin/sanitize_tbaa.h`.
pub(crate) const ANSWERS: usize = 3;

impl SiteRef {
    /// The class across calls of the site's ids: for a per-call store
    /// site, its own (one per site, numbered from 1 with the static ids:
    /// the site's own id); else 0.
    fn across_class(&self) -> u32 {
        if self.per_call {
            self.of
        } else {
            0
        }
    }
}

// SAFETY: `ok` points into a module's global array, which lives as long
// as the program and is only touched atomically.
unsafe impl Send for SiteRef {}

/// The next store id to be given (the number of ids given, plus one),
/// for the program's inline fast path: a per-call load reads it right
/// after its call instance begins (`sanitize_tbaa_fast.cpp`), and every id
/// below what it read was given before that instance began, so to another
/// instance. Stored after each id is given.
#[no_mangle]
pub static __aliaskit_tbaa_next_id: AtomicU32 = AtomicU32::new(1);

#[derive(Default)]
pub(crate) struct State {
    pub(crate) universe: TypeUniverse,
    pub(crate) modules: Vec<Module>,
    /// The site of each store id (id 1 is `sites[0]`).
    pub(crate) sites: Vec<SiteRef>,
    /// Ids given to (per-call store site, call instance) pairs: at most
    /// `max_per_call_ids`; beyond, a per-call store keeps its site's id
    /// (its instance is then unknown).
    per_call_ids: usize,
    /// (Per-call store site, call instance) pairs that got no id of their
    /// own, the budget spent (the summary says so; a thread that forgot a
    /// pair counts it again).
    per_call_past: u64,
    /// Static pairs (store site, load site, kind) reported.
    pub(crate) reported: FxHashSet<(StoreId, StoreId, &'static str)>,
    /// The fast path's class of each kind of site seen (start tag, claims,
    /// immutable), numbered from 1.
    pub(crate) classes: FxHashMap<(TagId, SiteClaims, bool), u32>,
    /// The functions a load site's check was inlined into (decision key,
    /// name), besides its own.
    pub(crate) hosts: FxHashMap<StoreId, Vec<(u64, String)>>,
}

/// A registered module: what the checks need of its table, which is
/// decoded again whole only for a report (its sites' instructions and
/// locations: three strings a site, 6.9 MB of sqlite3's heap if kept).
pub(crate) struct Module {
    /// The table as the module holds it (a constant global).
    raw: &'static [u8],
    /// Its source file name, as reports name it.
    pub(crate) name: String,
    pub(crate) functions: Vec<TbaaFunction>,
    /// Each site's function (an index into `functions`).
    site_functions: Vec<u32>,
    /// The table decoded again, after a report named one of its sites.
    whole: Option<TbaaTable>,
}

impl Module {
    /// `table` (decoded from `raw`) without its sites' texts.
    pub(crate) fn new(raw: &'static [u8], table: TbaaTable) -> Module {
        Module {
            raw,
            site_functions: table.sites.iter().map(|s| s.function).collect(),
            name: table.module,
            functions: table.functions,
            whole: None,
        }
    }

    fn site(&mut self, site: u32) -> TbaaSite {
        let raw = self.raw;
        let whole = self
            .whole
            .get_or_insert_with(|| TbaaTable::decode(raw).unwrap_or_default());
        // It decoded once, at registration; never empty again.
        whole
            .sites
            .get(site as usize)
            .cloned()
            .unwrap_or_else(|| TbaaSite {
                instruction: "(an instruction of this module)".into(),
                location: vec![],
                part: String::new(),
                access: aliaskit_core::sanitize::table::Access::Read,
                tag: 0,
                function: 0,
            })
    }
}

static LOADS: AtomicU64 = AtomicU64::new(0);
/// Some registered load has an immutable tag: stores look for its marks.
pub(crate) static IMMUTABLE: AtomicBool = AtomicBool::new(false);
static RETYPED: AtomicU64 = AtomicU64::new(0);
/// Loops checked whole before they ran: quiet (run without their checks),
/// and not (run with them).
static LOOPS_QUIET: AtomicU64 = AtomicU64::new(0);
static LOOPS_NOT: AtomicU64 = AtomicU64::new(0);

pub(crate) fn state() -> &'static Mutex<State> {
    static S: OnceLock<Mutex<State>> = OnceLock::new();
    S.get_or_init(|| Mutex::new(State::default()))
}

impl State {
    /// The fast path's class of a site with start tag `tag`, `claims` and
    /// `immutable`: two ids of one class break the same claims with every
    /// site, and a store over either re-types the same (so an answer
    /// about one is an answer about the other).
    pub(crate) fn class(&mut self, tag: TagId, claims: SiteClaims, immutable: bool) -> u32 {
        let next = self.classes.len() as u32 + 1;
        *self.classes.entry((tag, claims, immutable)).or_insert(next)
    }

    /// A new store id for `r`: its classes set, the next id published.
    pub(crate) fn give_id(&mut self, r: SiteRef) -> StoreId {
        let class = self.class(r.tag, r.claims, r.immutable);
        self.sites.push(r);
        let id = self.sites.len() as StoreId;
        crate::tbaa_pages::set_class(id, class, r.across_class());
        __aliaskit_tbaa_next_id.store(id.saturating_add(1), Ordering::Release);
        id
    }

    pub(crate) fn site(&self, id: StoreId) -> Option<SiteRef> {
        self.sites.get((id as usize).checked_sub(1)?).copied()
    }

    pub(crate) fn function_of(&self, r: SiteRef) -> &TbaaFunction {
        let m = &self.modules[r.module as usize];
        &m.functions[m.site_functions[r.site as usize] as usize]
    }

    /// Site `r`'s whole entry in its module's table (decoded again, once a
    /// module, for its first report).
    pub(crate) fn table_site(&mut self, r: SiteRef) -> TbaaSite {
        self.modules[r.module as usize].site(r.site)
    }

    /// The kind of report of a hit of load `rl` (in call instance
    /// `instance`, 0: none) on bytes of store `rs`: `tbaa`, or
    /// `tbaa-per-call` when the load's tag is of a procedure's own tree
    /// (that root, and whether both ran in one call: None when either's
    /// instance is unknown) and the two did not run in one call.
    pub(crate) fn hit_kind(
        &mut self,
        rs: &SiteRef,
        rl: &SiteRef,
        instance: u64,
    ) -> (&'static str, Option<(String, Option<bool>)>) {
        let per_call = self.universe.per_call_root(rl.tag).map(|f| {
            let same = (rs.instance != 0 && instance != 0).then_some(rs.instance == instance);
            (f, same)
        });
        let kind = match per_call {
            Some((_, Some(true))) | None => "tbaa",
            Some(_) => "tbaa-per-call",
        };
        (kind, per_call)
    }

    /// Whether a hit of load `load` (in call instance `instance`) on bytes
    /// of store id `stored` is a static pair reported already (or
    /// suppressed): then a check would do nothing with it.
    fn reported_already(&mut self, stored: StoreId, load: StoreId, instance: u64) -> bool {
        let (Some(rs), Some(rl)) = (self.site(stored), self.site(load)) else {
            return false;
        };
        let (kind, _) = self.hit_kind(&rs, &rl, instance);
        self.reported.contains(&(rs.of, load, kind))
    }
}

/// What a thread keeps so that a check takes no lock: the tag of each
/// store id (copied from the state when an id is new to it), the answers
/// it asked for, and its count of loads (added to the summary's every
/// 4096 loads and when the thread ends).
#[derive(Default)]
struct Local {
    /// Per store id: its start tag, its claims, whether it is a load
    /// through an immutable tag, and its answer cell.
    tags: Vec<(TagId, SiteClaims, bool, *const AtomicU32)>,
    answers: FxHashMap<u64, bool>,
    /// The last pair asked about and its answer (a loop asks one pair
    /// again and again).
    last: Option<(u64, bool)>,
    /// The ids of (per-call store site, call instance, host instance) it
    /// gave lately (a key forgotten gets a new id: the same meaning).
    instances: FxHashMap<(StoreId, u64, u64), StoreId>,
    /// The hits (store id, load site, call instance, host instance) already
    /// decided under the lock: reported, or not (already reported, or
    /// suppressed), as they would be again. A Flang procedure's loads meet
    /// its previous call's stores at every element (a `tbaa-per-call`
    /// report once, then the same pair again and again). With each, the
    /// class to remember across calls when it is a per-call load's hit
    /// across calls ([`Local::remember_across`]; 0: none).
    decided: FxHashMap<(StoreId, StoreId, u64, u64), u32>,
    loads: u64,
}

impl Drop for Local {
    fn drop(&mut self) {
        LOADS.fetch_add(std::mem::take(&mut self.loads), Ordering::Relaxed);
    }
}

thread_local! {
    static LOCAL: RefCell<Local> = RefCell::new(Local::default());
}

impl Local {
    /// The claims of store id `id` (None: not a registered site).
    fn claims(&mut self, id: StoreId) -> Option<SiteClaims> {
        let i = (id as usize).checked_sub(1)?;
        if i >= self.tags.len() {
            let s = state().lock().ok()?;
            let known = self.tags.len();
            self.tags.extend(
                s.sites
                    .get(known..)
                    .unwrap_or(&[])
                    .iter()
                    .map(|r| (r.tag, r.claims, r.immutable, r.ok)),
            );
        }
        self.tags.get(i).map(|&(_, c, _, _)| c)
    }

    /// Site `id` met bytes whose one store id `seen` breaks no claim with
    /// it (for a store: re-types nothing, marks nothing): the program's
    /// fast path may let a meeting with any id of `seen`'s class pass
    /// without a call. A property of the two sites' claims, true for ever
    /// once true.
    ///
    /// The class becomes the newest of the site's [`ANSWERS`] answers (a
    /// site that meets the bytes of a few classes in turn keeps them all),
    /// the oldest is forgotten.
    fn remember_ok(&mut self, id: StoreId, seen: Option<StoreId>) {
        let Some(seen) = seen.filter(|&s| s != 0 && s != id) else {
            return;
        };
        let class = crate::tbaa_pages::class_of(seen);
        if class == 0 || self.claims(id).is_none() {
            return;
        }
        if (0..ANSWERS).any(|k| self.cell(id, k) == class) {
            return;
        }
        for k in (1..ANSWERS).rev() {
            self.set_cell(id, k, self.cell(id, k - 1));
        }
        self.set_cell(id, 0, class);
    }

    /// Per-call load `id` met bytes of a per-call store of class `class`
    /// written in another call instance, and that hit is decided (reported
    /// once as `tbaa-per-call`, or suppressed): every later such meeting
    /// would do nothing. The program's fast path lets it pass when the
    /// bytes' id was given before the load's instance began (so to another
    /// instance). The class becomes the newest of its two answers across
    /// calls; the other is the one before.
    fn remember_across(&mut self, id: StoreId, class: u32) {
        if class == 0 || self.claims(id).is_none() {
            return;
        }
        let newest = self.cell(id, ANSWERS);
        if newest != class && self.cell(id, ANSWERS + 1) != class {
            self.set_cell(id, ANSWERS + 1, newest);
            self.set_cell(id, ANSWERS, class);
        }
    }

    /// Hits decided under the lock (with their classes across calls,
    /// [`Local::decided`]); the map is forgotten whole at 4096.
    fn decide(&mut self, hits: impl IntoIterator<Item = ((StoreId, StoreId, u64, u64), u32)>) {
        if self.decided.len() >= 4096 {
            self.decided.clear();
        }
        self.decided.extend(hits);
    }

    /// Answer cell `k` (below [`ANSWERS`]: answers, then two across calls) of known site
    /// `id`, if its module has them.
    fn answer_cell(&self, id: StoreId, k: usize) -> Option<&AtomicU32> {
        debug_assert!(k < CELLS_PER_SITE);
        let ok = self.tags[id as usize - 1].3;
        // SAFETY: the registered module's array holds CELLS_PER_SITE
        // cells per site (SiteRef::ok) and lives as long as the program.
        (!ok.is_null()).then(|| unsafe { &*ok.add(k) })
    }

    fn cell(&self, id: StoreId, k: usize) -> u32 {
        self.answer_cell(id, k)
            .map_or(0, |c| c.load(Ordering::Relaxed))
    }

    fn set_cell(&self, id: StoreId, k: usize, class: u32) {
        if let Some(c) = self.answer_cell(id, k) {
            c.store(class, Ordering::Relaxed);
        }
    }

    /// The start tag of store id `id`.
    fn tag(&mut self, id: StoreId) -> Option<TagId> {
        self.claims(id)?;
        Some(self.tags[id as usize - 1].0)
    }

    /// Whether store id `id` is of a per-call store site.
    fn per_call(&mut self, id: StoreId) -> bool {
        self.claims(id).is_some() && crate::tbaa_pages::across_of(id) != 0
    }

    /// Whether store id `id` is a load through an immutable tag.
    fn immutable(&mut self, id: StoreId) -> bool {
        self.claims(id).is_some() && self.tags[id as usize - 1].2
    }

    /// Whether tags `a` and `b` may not alias (the universe's answer,
    /// asked once per thread and pair).
    fn no_alias(&mut self, a: TagId, b: TagId) -> bool {
        let key = (a as u64) << 32 | b as u64;
        if let Some((k, may)) = self.last {
            if k == key {
                return !may;
            }
        }
        if let Some(&may) = self.answers.get(&key) {
            self.last = Some((key, may));
            return !may;
        }
        let Ok(mut s) = state().lock() else {
            return false;
        };
        let may = s.universe.may_alias(a, b);
        self.answers.insert(key, may);
        self.last = Some((key, may));
        !may
    }

    /// The id of per-call store site `id` in call instance `instance`, its
    /// code run by host instance `host`.
    fn instance_id(&mut self, id: StoreId, instance: u64, host: u64) -> StoreId {
        let key = (id, instance, host);
        if let Some(&d) = self.instances.get(&key) {
            return d;
        }
        let Ok(mut s) = state().lock() else { return id };
        let budget = crate::report::options().max_per_call_ids;
        let room = s.per_call_ids < budget && s.sites.len() < crate::tbaa_pages::MAX_CLASSED;
        let Some(r) = s.site(id).filter(|r| r.per_call) else {
            return id;
        };
        let d = if room {
            s.per_call_ids += 1;
            s.give_id(SiteRef {
                instance,
                host,
                of: id,
                ..r
            })
        } else {
            // Its site's id (the instance then unknown), once a pair.
            s.per_call_past += 1;
            id
        };
        drop(s);
        if self.instances.len() >= 4096 {
            self.instances.clear();
        }
        self.instances.insert(key, d);
        d
    }

    /// The point whose claim a load of claims `load` breaks on bytes of
    /// store id `stored` (the core's rule, [`broken_claim`]).
    fn broken(&mut self, stored: StoreId, load: SiteClaims) -> Option<Point> {
        let store = self.claims(stored)?;
        broken_claim(store, load, |a, b| self.no_alias(a, b))
    }

    /// Whether a tagged store (start tag `tag`) over the bytes of store id
    /// `stored` re-types memory of a type it may not alias.
    fn retypes(&mut self, stored: StoreId, tag: TagId) -> bool {
        self.tag(stored).is_some_and(|t| self.no_alias(t, tag))
    }
}

fn shadow() -> Shadow<SharedPages> {
    Shadow::with_pages(SharedPages)
}

/// A tagged store of `size` bytes at `addr`: its bytes are re-typed. A
/// store over bytes of a tag it may not alias is counted, not reported.
pub fn store(id: StoreId, addr: u64, size: u64) -> Vec<Pending> {
    let (retyped, marked) = LOCAL.with(|l| {
        let mut l = l.borrow_mut();
        let Some(tag) = l.tag(id) else {
            return (false, vec![]);
        };
        // Bytes last read through an immutable tag: LLVM took them to be
        // constant.
        let marked = if IMMUTABLE.load(Ordering::Relaxed) {
            shadow().check(addr, size, |old| l.immutable(old))
        } else {
            vec![]
        };
        let before = shadow().uniform(addr, size);
        let retyped = shadow().store_over(addr, size, id, |old| {
            !l.immutable(old) && l.retypes(old, tag)
        });
        if !retyped && marked.is_empty() && !before.is_some_and(|b| l.immutable(b)) {
            l.remember_ok(id, before);
        }
        (retyped, marked)
    });
    if retyped {
        RETYPED.fetch_add(1, Ordering::Relaxed);
    }
    if marked.is_empty() {
        return vec![];
    }
    let Ok(mut s) = state().lock() else {
        return vec![];
    };
    let mut out = Vec::new();
    for h in &marked {
        let Some(rs) = s.site(h.store) else { continue };
        if !s.reported.insert((rs.of, id, "immutable")) {
            continue;
        }
        if let Some(p) = pending_immutable(&mut s, h, id) {
            out.push(p);
        }
    }
    out
}

/// A tagged store of a procedure's own tree (Flang) in call instance
/// `instance` of its function: as [`store`], its bytes recording the
/// instance too. Returns the id it stored (the program's fast path writes
/// it itself for the rest of the instance).
pub fn store_in(id: StoreId, instance: u64, addr: u64, size: u64) -> (StoreId, Vec<Pending>) {
    store_at(id, instance, instance, addr, size)
}

/// [`store_in`], its code run at code generation by host instance `host`
/// (the call instance of the function the end found it inlined into).
pub fn store_at(
    id: StoreId,
    instance: u64,
    host: u64,
    addr: u64,
    size: u64,
) -> (StoreId, Vec<Pending>) {
    let id = LOCAL.with(|l| l.borrow_mut().instance_id(id, instance, host));
    (id, store(id, addr, size))
}

/// A new call instance (of a function with per-call claims).
pub fn call() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// An untagged write, or a new object: the bytes are untyped.
pub fn reset(addr: u64, size: u64) {
    shadow().reset(addr, size);
}

/// A tagged load: a report for each earlier store of a tag the core
/// answers NoAlias against the load's, whose bytes it reads.
pub fn load(id: StoreId, addr: u64, size: u64) -> Vec<Pending> {
    load_at(id, 0, 0, addr, size)
}

/// [`load`] in call instance `instance` of its function (0: none given):
/// a hit on a store of the same procedure's own tree is an error when it
/// ran in the same call, else a `tbaa-per-call` report.
pub fn load_in(id: StoreId, instance: u64, addr: u64, size: u64) -> Vec<Pending> {
    load_at(id, instance, instance, addr, size)
}

/// [`load_in`], its code run at code generation by host instance `host`:
/// a `tbaa-per-call` report says whether the two calls' code ran in one
/// host call (inlined into one function: the claim reached code
/// generation, llvm#89829).
pub fn load_at(id: StoreId, instance: u64, host: u64, addr: u64, size: u64) -> Vec<Pending> {
    let hits = LOCAL.with(|l| {
        let mut l = l.borrow_mut();
        l.loads += 1;
        if l.loads >= 4096 {
            LOADS.fetch_add(std::mem::take(&mut l.loads), Ordering::Relaxed);
        }
        let Some(claims) = l.claims(id) else {
            return vec![];
        };
        let mut hits = shadow().check(addr, size, |stored| l.broken(stored, claims).is_some());
        if l.immutable(id) {
            // Its bytes are claimed constant from now on: marked with it.
            shadow().store(addr, size, id);
        } else if hits.is_empty() {
            l.remember_ok(id, shadow().uniform(addr, size));
        }
        // Only now: a hit decided before still breaks a claim, so its
        // class is no pass for the program's fast path (but one across
        // calls is for the fast path's answer across calls).
        let mut across = 0;
        hits.retain(|h| match l.decided.get(&(h.store, id, instance, host)) {
            Some(&class) => {
                across = if class != 0 { class } else { across };
                false
            }
            None => true,
        });
        if across != 0 {
            l.remember_across(id, across);
        }
        let points: Vec<Point> = hits
            .iter()
            .map(|h| l.broken(h.store, claims).unwrap_or(Point::Start))
            .collect();
        hits.into_iter().zip(points).collect::<Vec<_>>()
    });
    if hits.is_empty() {
        return vec![];
    }
    let Ok(mut s) = state().lock() else {
        return vec![];
    };
    let mut out = Vec::new();
    // The hits are decided: each again is nothing to do. A per-call load's
    // hit on a per-call store's bytes of another (or an unknown) call
    // instance is also for the fast path's answer across calls: any later
    // hit of that store site's ids given before the load's instance began
    // would do nothing either (the class is the site's own).
    let mut decided = Vec::with_capacity(hits.len());
    for (h, point) in &hits {
        let (Some(rs), Some(rl)) = (s.site(h.store), s.site(id)) else {
            decided.push(((h.store, id, instance, host), 0));
            continue;
        };
        let (kind, per_call) = s.hit_kind(&rs, &rl, instance);
        let across = kind == "tbaa-per-call" && rs.per_call && instance != 0;
        let class = if across {
            crate::tbaa_pages::across_of(h.store)
        } else {
            0
        };
        decided.push(((h.store, id, instance, host), class));
        // Two calls whose code ran in one host call: the claim reached
        // code generation when both accesses did.
        let one_host = kind == "tbaa-per-call"
            && rs.host != 0
            && rs.host == host
            && rs.claims.end.is_some()
            && rl.claims.end.is_some();
        let point = if one_host { &Point::End } else { point };
        if !s.reported.insert((rs.of, id, kind)) {
            continue;
        }
        if let Some(p) = pending(&mut s, h, id, kind, per_call, *point) {
            out.push(p);
        }
    }
    drop(s);
    LOCAL.with(|l| {
        let mut l = l.borrow_mut();
        let last = decided.iter().rev().find(|(_, c)| *c != 0).map(|&(_, c)| c);
        l.decide(decided);
        if let Some(class) = last {
            l.remember_across(id, class);
        }
    });
    out
}

/// One tagged access of a loop the plugin versioned, over all of its
/// iterations, as the program passes it: `count` blocks of `size` bytes,
/// `step` apart from `first`; `kind` is the size, with [`LOOP_STORE`] for a
/// store; per-call accesses carry their call instances; an access of a
/// nest's inner loop has rows. Must match
/// `LoopAccess` in `src/plugin/sanitize_tbaa_loops.cpp`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct LoopAccess {
    pub first: u64,
    pub step: i64,
    pub count: u64,
    pub site: u32,
    pub kind: u32,
    /// For a per-call access: its call instance and host instance, as its
    /// check passes them (`__aliaskit_tbaa_load_at`); else 0.
    pub instance: u64,
    pub host: u64,
    /// Its rows (1: a loop's; an inner loop's of a versioned nest: one for
    /// each iteration of the outer loop), `row_step` apart.
    pub rows: u64,
    pub row_step: i64,
}

/// In [`LoopAccess::kind`]: the access is a store. Must match
/// `LoopStore` in `src/plugin/sanitize_tbaa_loops.cpp`.
pub const LOOP_STORE: u32 = 1 << 31;

/// The runtime's answers for [`loop_is_quiet`]: what its checks ask, of
/// loads in their call instances (`instances`: a per-call load's call
/// and host instances).
struct Judge<'a> {
    local: &'a mut Local,
    instances: &'a [(StoreId, u64, u64)],
    /// The answers given so far: (load, stored, breaks).
    asked: Vec<(StoreId, StoreId, bool)>,
}

impl LoopJudge for Judge<'_> {
    /// A hit the checks would do nothing with (its static pair reported,
    /// or suppressed, already) is none.
    fn breaks(&mut self, load: StoreId, stored: StoreId) -> bool {
        if let Some(&(_, _, b)) = self.asked.iter().find(|a| a.0 == load && a.1 == stored) {
            return b;
        }
        let b = self.ask(load, stored);
        // (A few: a loop's bytes mostly hold a few ids.)
        if self.asked.len() < 32 {
            self.asked.push((load, stored, b));
        }
        b
    }

    fn disturbs(&mut self, store: StoreId, old: StoreId) -> bool {
        let Some(tag) = self.local.tag(store) else {
            return true;
        };
        self.local.immutable(old) || self.local.retypes(old, tag)
    }
}

impl Judge<'_> {
    /// [`LoopJudge::breaks`], not remembered.
    fn ask(&mut self, load: StoreId, stored: StoreId) -> bool {
        let Some(claims) = self.local.claims(load) else {
            return true;
        };
        if self.local.broken(stored, claims).is_none() {
            return false;
        }
        let (instance, host) = self
            .instances
            .iter()
            .find(|p| p.0 == load)
            .map_or((0, 0), |p| (p.1, p.2));
        // Decided by this thread already (as a check asks first), or under
        // the lock.
        let key = (stored, load, instance, host);
        if self.local.decided.contains_key(&key) {
            return false;
        }
        let done = state()
            .lock()
            .is_ok_and(|mut s| s.reported_already(stored, load, instance));
        if done {
            // (As a check that found it reported would remember it.)
            self.local.decide([(key, 0)]);
        }
        !done
    }
}

/// A loop of the module whose sites' ids begin at `base` is about to run
/// its `accesses`: whether it may run without its checks, since they would
/// find nothing (then its stores' shadow is written now; the core's
/// [`loop_is_quiet`]). Its load sites must not be immutable (they mark
/// their bytes); a per-call store writes the id its checks would write in
/// its call instance.
pub fn quiet_loop(base: StoreId, accesses: &[LoopAccess]) -> bool {
    // (tbaa_fast_path=0: every access to the runtime.)
    let quiet = crate::report::options().tbaa_fast_path
        && LOCAL.with(|l| {
            let mut l = l.borrow_mut();
            let mut runs = Vec::with_capacity(accesses.len());
            let mut instances = Vec::new();
            for a in accesses {
                let mut id = base.saturating_add(a.site);
                let store = a.kind & LOOP_STORE != 0;
                if l.claims(id).is_none()
                    || l.immutable(id)
                    || (store && l.per_call(id) != (a.instance != 0))
                {
                    return false;
                }
                if store && a.instance != 0 {
                    // The id its checks would store in this call instance.
                    id = l.instance_id(id, a.instance, a.host);
                } else if a.instance != 0 {
                    instances.push((id, a.instance, a.host));
                }
                runs.push(LoopRun {
                    id,
                    store,
                    first: a.first,
                    step: a.step,
                    count: a.count,
                    size: u64::from(a.kind & !LOOP_STORE),
                    rows: a.rows,
                    row_step: a.row_step,
                });
            }
            let mut judge = Judge {
                local: &mut l,
                instances: &instances,
                asked: Vec::new(),
            };
            if !loop_is_quiet(&shadow(), &runs, &mut judge) {
                return false;
            }
            store_runs(&mut shadow(), &runs);
            true
        });
    let counter = if quiet { &LOOPS_QUIET } else { &LOOPS_NOT };
    counter.fetch_add(1, Ordering::Relaxed);
    quiet
}

/// The summary's part: what `--tbaa` checked, when some module has tags.
pub fn summary() -> Option<String> {
    let _ = LOCAL.try_with(|l| {
        if let Ok(mut l) = l.try_borrow_mut() {
            LOADS.fetch_add(std::mem::take(&mut l.loads), Ordering::Relaxed);
        }
    });
    let s = state().lock().ok()?;
    if s.modules.is_empty() {
        return None;
    }
    let past = match s.per_call_past {
        0 => String::new(),
        n => format!(
            ", {n} (per-call store, call) pairs past max_per_call_ids (a hit within one such call is reported as tbaa-per-call)"
        ),
    };
    let loops = match (
        LOOPS_QUIET.load(Ordering::Relaxed),
        LOOPS_NOT.load(Ordering::Relaxed),
    ) {
        (0, 0) => String::new(),
        (q, n) => format!(", {q} loops checked before they ran ({n} run with their checks)"),
    };
    Some(format!(
        ", {} tagged loads checked in the runtime, {} stores re-typed memory of a type they may not alias (not reported){loops}{past}",
        LOADS.load(Ordering::Relaxed),
        RETYPED.load(Ordering::Relaxed)
    ))
}
