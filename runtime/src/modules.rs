//! The instrumented modules' tables, and what each thread asks of them.
//!
//! Every instrumented module has one table global per point (the bytes of
//! `aliaskit_core::sanitize::table`, `sanitize.cpp`), registered by a
//! constructor ([`register`]) and decoded the first time one of its frames
//! has something to check ([`module`]); and, when some of its accesses
//! could not be classified, a counter of them ([`register_counter`]). A thread keeps, per function, its
//! own [`FunctionOracle`]: the core's claims of the function's lists, the
//! scopes relevant to each site, and the pairs it already reported, so
//! that checking a frame takes no lock.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use aliaskit_core::sanitize::claims::{Filter, FunctionClaims, NO_GROUP};
use aliaskit_core::sanitize::log::{ClaimRule, Claims, Relevance, ScopeId, SiteId};
use aliaskit_core::sanitize::table::{FunctionTable, ModuleTable, Point};
use rustc_hash::{FxHashMap, FxHashSet};

/// A decoded table.
pub struct Module {
    /// Its texts borrowed from the table global, which lives as long as
    /// the program (as the hosts arrays the frames keep do).
    pub table: ModuleTable<'static>,
}

impl Module {
    pub fn point(&self) -> Point {
        self.table.point
    }
}

/// The registered table globals and counters (their addresses), and the
/// decoded tables.
struct Registry {
    globals: Vec<usize>,
    counters: Vec<usize>,
    decoded: FxHashMap<usize, Option<Arc<Module>>>,
}

fn registry() -> &'static Mutex<Registry> {
    static R: OnceLock<Mutex<Registry>> = OnceLock::new();
    R.get_or_init(|| {
        Mutex::new(Registry {
            globals: Vec::new(),
            counters: Vec::new(),
            decoded: FxHashMap::default(),
        })
    })
}

/// Remembers a table global (from its module's constructor).
pub fn register(global: usize) {
    remember(global, |r| &mut r.globals)
}

/// Remembers a module's counter of unclassified accesses.
pub fn register_counter(counter: usize) {
    remember(counter, |r| &mut r.counters)
}

/// Adds a non-null address to the registry's list `list`, once.
fn remember(address: usize, list: impl FnOnce(&mut Registry) -> &mut Vec<usize>) {
    if address == 0 {
        return;
    }
    if let Ok(mut r) = registry().lock() {
        let list = list(&mut r);
        if !list.contains(&address) {
            list.push(address);
        }
    }
}

/// The sum of the registered counters of unclassified accesses.
pub fn unclassified() -> u64 {
    let Ok(r) = registry().lock() else { return 0 };
    r.counters
        .iter()
        // SAFETY: a registered counter is a live 8-byte-aligned i64 global
        // that the program increments with relaxed atomics.
        .map(|&g| unsafe { (*(g as *const AtomicU64)).load(Ordering::Relaxed) })
        .sum()
}

/// The decoded table of the table global at `global`; None when it cannot
/// be read (said once on stderr).
pub fn module(global: usize) -> Option<Arc<Module>> {
    assert!(
        !crate::report::options().test_internal_error,
        "test_internal_error=1: a panic as a table is read"
    );
    let mut r = registry().lock().ok()?;
    if let Some(m) = r.decoded.get(&global) {
        return m.clone();
    }
    // SAFETY: `global` is the address of a table global the pass made: the
    // table's 16-byte header and body.
    let m = unsafe { decode(global) }
        .map_err(|e| crate::report::warn(&format!("an instrumented module is not checked: {e}")))
        .ok()
        .map(Arc::new);
    r.decoded.insert(global, m.clone());
    m
}

/// # Safety
/// `global` is a table global the pass made, in a module that stays
/// loaded: the table's texts are borrowed from it for the rest of the run.
unsafe fn decode(global: usize) -> Result<Module, String> {
    let bytes = global as *const u8;
    let header: [u8; 16] = std::ptr::read_unaligned(bytes.cast());
    let len = ModuleTable::encoded_len(&header).map_err(|e| e.to_string())?;
    let body: &'static [u8] = std::slice::from_raw_parts(bytes, len);
    let table = ModuleTable::decode(body).map_err(|e| e.to_string())?;
    Ok(Module { table })
}

/// What one thread knows about one function's claims.
pub struct FunctionOracle {
    pub module: Arc<Module>,
    pub function: u32,
    claims: FunctionClaims,
    /// The static filter: which scopes matter to each site, and which
    /// groups of sites are claimed against which.
    filter: Filter,
    /// Which sites each scope closes the runs of (for every frame).
    pub relevance: Arc<Relevance>,
    /// Pairs this thread reported or heard were reported.
    reported: FxHashSet<(SiteId, SiteId)>,
}

impl FunctionOracle {
    /// The oracle of function `function` of `module`; None if the table
    /// has no such function.
    pub fn new(module: Arc<Module>, function: u32) -> Option<FunctionOracle> {
        let f = module.table.functions.get(function as usize)?;
        let claims = FunctionClaims::new(f);
        let filter = Filter::of(f);
        let relevance = Arc::new(Relevance::new(&filter.relevant, f.scopes.len() as u32));
        Some(FunctionOracle {
            module,
            function,
            claims,
            filter,
            relevance,
            reported: FxHashSet::default(),
        })
    }

    pub fn table(&self) -> &FunctionTable<'static> {
        &self.module.table.functions[self.function as usize]
    }

    pub fn claims(&self) -> &FunctionClaims {
        &self.claims
    }

    /// Remembers that the pair was reported: it is not checked again.
    pub fn mark_reported(&mut self, a: SiteId, b: SiteId) {
        self.reported.insert((a.min(b), a.max(b)));
    }
}

impl ClaimRule for FunctionOracle {
    fn claim(&mut self, a: SiteId, b: SiteId) -> Option<u32> {
        if !self.reported.is_empty() && self.reported.contains(&(a.min(b), a.max(b))) {
            return None;
        }
        self.claims.claim(a, b)
    }

    fn scopes(&self, claim: u32) -> &[ScopeId] {
        &self.claims.get(claim).scopes
    }

    fn writes(&self, site: SiteId) -> bool {
        self.claims.writes(site)
    }
}

impl Claims for FunctionOracle {
    fn relevant_scopes(&self, site: SiteId) -> &[ScopeId] {
        self.filter
            .relevant
            .get(site as usize)
            .map_or(&[], |r| &r[..])
    }

    fn group(&self, site: SiteId) -> u32 {
        self.filter
            .group
            .get(site as usize)
            .copied()
            .unwrap_or(NO_GROUP)
    }

    fn partners(&self, group: u32) -> &[(u32, Vec<ScopeId>)] {
        self.filter
            .partners
            .get(group as usize)
            .map_or(&[], |p| &p[..])
    }
}
