//! The instrumented modules' tables, and what each thread asks of them.
//!
//! Every instrumented module has one table global per point (the bytes of
//! `aliaskit_core::sanitize::table`, `sanitize.cpp`), registered by a
//! constructor ([`register`]); its shape (what checking needs) is decoded
//! the first time one of its frames has something to check ([`module`]),
//! the whole table with its texts only when a report is written
//! ([`Module::table`]); and, when some of its accesses
//! could not be classified, a counter of them ([`register_counter`]). A thread keeps, per function, its
//! own [`FunctionOracle`]: the core's claims of the function's lists, the
//! scopes relevant to each site, and the pairs it already reported, so
//! that checking a frame takes no lock.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use aliaskit_core::sanitize::claims::{Filter, FunctionClaims, NO_GROUP};
use aliaskit_core::sanitize::log::{ClaimRule, Claims, Relevance, ScopeId, SiteId};
use aliaskit_core::sanitize::shape::{whole_table, ModuleShape, TableParts};
use aliaskit_core::sanitize::table::{FunctionTable, ModuleTable, Point};
use rustc_hash::{FxHashMap, FxHashSet};

/// A table global, its shape decoded.
pub struct Module {
    pub shape: ModuleShape,
    /// The whole table's bytes, in the table global or in the global of
    /// its own that the module registered with it (`encode_apart`), which
    /// live as long as the program (as the hosts arrays the frames keep
    /// do); unknown until registered.
    bytes: OnceLock<&'static [u8]>,
    /// The whole table, its texts borrowed from `bytes`: decoded when a
    /// report first needs it (None: it cannot be read, said once).
    table: OnceLock<Option<ModuleTable<'static>>>,
}

impl Module {
    pub fn point(&self) -> Point {
        self.shape.point
    }

    /// The whole table, decoded now if it was not.
    pub fn table(&self) -> Option<&ModuleTable<'static>> {
        self.table
            .get_or_init(|| {
                whole_table(self.bytes.get().copied().unwrap_or_default())
                    .map_err(|e| {
                        crate::report::warn(&format!("a module's reports cannot be written: {e}"))
                    })
                    .ok()
            })
            .as_ref()
    }
}

/// The registered table globals and counters (their addresses), the
/// whole tables registered apart from their table globals, and the decoded
/// tables.
struct Registry {
    globals: Vec<usize>,
    counters: Vec<usize>,
    texts: FxHashMap<usize, &'static [u8]>,
    decoded: FxHashMap<usize, Option<Arc<Module>>>,
}

fn registry() -> &'static Mutex<Registry> {
    static R: OnceLock<Mutex<Registry>> = OnceLock::new();
    R.get_or_init(|| {
        Mutex::new(Registry {
            globals: Vec::new(),
            counters: Vec::new(),
            texts: FxHashMap::default(),
            decoded: FxHashMap::default(),
        })
    })
}

/// Remembers a table global and, when the pass put it apart, its whole
/// table (from its module's constructor; a table decoded before, by code
/// of another module's constructor, gets its texts now).
pub fn register(global: usize, texts: &'static [u8]) {
    remember(global, |r| &mut r.globals);
    if global == 0 || texts.is_empty() {
        return;
    }
    if let Ok(mut r) = registry().lock() {
        r.texts.insert(global, texts);
        if let Some(Some(m)) = r.decoded.get(&global) {
            let _ = m.bytes.set(texts);
        }
    }
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
    let m = unsafe { decode(global, r.texts.get(&global).copied()) }
        .map_err(|e| crate::report::warn(&format!("an instrumented module is not checked: {e}")))
        .ok()
        .map(Arc::new);
    r.decoded.insert(global, m.clone());
    m
}

/// The table global at `global`, its whole table in it or `apart` (as
/// its module registered it).
///
/// # Safety
/// `global` is a table global the pass made, in a module that stays
/// loaded: the table's texts are borrowed from it for the rest of the run.
unsafe fn decode(global: usize, apart: Option<&'static [u8]>) -> Result<Module, String> {
    let bytes = global as *const u8;
    let header: [u8; 16] = std::ptr::read_unaligned(bytes.cast());
    let len = ModuleTable::encoded_len(&header).map_err(|e| e.to_string())?;
    let body: &'static [u8] = std::slice::from_raw_parts(bytes, len);
    let parts = TableParts::decode(body).map_err(|e| e.to_string())?;
    let m = Module {
        shape: parts.shape,
        bytes: OnceLock::new(),
        table: OnceLock::new(),
    };
    if !parts.table.is_empty() {
        let _ = m.bytes.set(parts.table);
    } else if let Some(texts) = apart {
        let _ = m.bytes.set(texts);
    }
    Ok(m)
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
        let f = module.shape.functions.get(function as usize)?;
        let mut claims = FunctionClaims::new(f);
        let filter = Filter::of_claims(&mut claims, &mut |_, _, _| false);
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

    /// The function's whole table (for a report), decoded now if it was
    /// not; None if it cannot be read.
    pub fn table(&self) -> Option<&FunctionTable<'static>> {
        self.module.table()?.functions.get(self.function as usize)
    }

    /// How many sites and scopes the function has.
    pub fn sizes(&self) -> (u32, u32) {
        let f = &self.module.shape.functions[self.function as usize];
        (f.sites.len() as u32, f.scopes.len() as u32)
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

#[cfg(test)]
mod tests {
    use super::*;
    use aliaskit_core::sanitize::table::{Access, Domain, List, Scope, Site};

    /// A table global's bytes, alive for the rest of the test process (as
    /// a program's are).
    fn global() -> &'static [u8] {
        leak(table().encode())
    }

    fn leak(bytes: Vec<u8>) -> &'static [u8] {
        Box::leak(bytes.into_boxed_slice())
    }

    fn table() -> ModuleTable<'static> {
        let site = |access, scopes, noalias, i| Site {
            instruction: format!("instruction {i}").into(),
            location: vec!["t.c:1:1".into()],
            part: "".into(),
            access,
            scopes: Some(scopes),
            noalias: Some(noalias),
            instruction_index: i,
        };
        let scope = |name: &str| Scope {
            domain: 0,
            name: name.to_owned().into(),
            note: None,
            decl: None,
            parameter_of: None,
        };
        let list = |s: u32| List {
            content: u64::from(s),
            scopes: vec![s],
            text: "{...}".into(),
        };
        ModuleTable {
            module: "t.c".into(),
            point: Point::End,
            functions: vec![FunctionTable {
                name: "g".into(),
                key: 42,
                sites: vec![site(Access::Write, 0, 1, 0), site(Access::Read, 1, 0, 1)],
                lists: vec![list(0), list(1)],
                scopes: vec![scope("p"), scope("q")],
                domains: vec![Domain { name: "d".into() }],
            }],
        }
    }

    /// A table the pass put apart (`encode_apart`): the table global holds
    /// the shape, and its module registers the whole table with it, before
    /// or after a frame first reads the table.
    #[test]
    fn a_whole_table_apart_is_read_from_its_own_global() {
        let (head, texts) = TableParts::encode_apart(&table());
        assert!(head.len() < texts.len());
        let (head, texts) = (leak(head), leak(texts));
        // SAFETY: as above.
        let m = Arc::new(unsafe { decode(head.as_ptr() as usize, Some(texts)) }.unwrap());
        let oracle = FunctionOracle::new(Arc::clone(&m), 0).unwrap();
        assert_eq!(oracle.table().map(|f| f.name.to_string()), Some("g".into()));

        let (head, texts) = TableParts::encode_apart(&table());
        let (head, texts) = (leak(head), leak(texts));
        let early = module(head.as_ptr() as usize).unwrap();
        assert!(FunctionOracle::new(Arc::clone(&early), 0)
            .unwrap()
            .claim(0, 1)
            .is_some());
        register(head.as_ptr() as usize, texts);
        assert_eq!(early.table().map(|t| t.functions.len()), Some(1));
    }

    /// A frame's oracle needs only the table's shape: the whole table,
    /// with its texts, is decoded when a report first asks for it.
    #[test]
    fn the_whole_table_is_read_for_a_report_only() {
        let bytes = global();
        // SAFETY: the address of a table's bytes that live as long as the
        // process.
        let m = Arc::new(unsafe { decode(bytes.as_ptr() as usize, None) }.unwrap());
        let oracle = FunctionOracle::new(Arc::clone(&m), 0).unwrap();
        assert_eq!(oracle.sizes(), (2, 2));
        assert!(m.table.get().is_none());
        assert_eq!(oracle.table().map(|f| f.name.to_string()), Some("g".into()));
        assert!(m.table.get().is_some());
        assert!(FunctionOracle::new(m, 1).is_none());
    }

    /// A table whose second part is spoiled: its frames are still checked
    /// (the shape is whole), its reports cannot be written (said once).
    #[test]
    fn a_spoiled_whole_table_leaves_the_checks() {
        let mut bytes = global().to_vec();
        let whole = TableParts::decode(&bytes).unwrap().table.len();
        let at = bytes.len() - whole;
        bytes[at..].fill(0xff);
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        // SAFETY: as above.
        let m = Arc::new(unsafe { decode(bytes.as_ptr() as usize, None) }.unwrap());
        let mut oracle = FunctionOracle::new(Arc::clone(&m), 0).unwrap();
        assert!(oracle.claim(0, 1).is_some());
        assert!(oracle.table().is_none());
    }
}
