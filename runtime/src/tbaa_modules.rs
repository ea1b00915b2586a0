//! `--tbaa`'s modules at run time: each instrumented module's constructor
//! registers its table (its tags join the one [`TypeUniverse`], its sites
//! get global store ids), its end table (what reached code generation of
//! each site: [`SiteClaims`]) and its answer cells (the program's inline
//! fast path), then where its load checks were inlined ([`hosts`]).
//!
//! [`TypeUniverse`]: aliaskit_core::sanitize::tbaa_types::TypeUniverse

use std::ffi::{c_char, CStr};
use std::sync::atomic::{AtomicU32, Ordering};

use aliaskit_core::sanitize::table::Access;
use aliaskit_core::sanitize::tbaa_end::{EndView, SiteClaims, TbaaEnd};
use aliaskit_core::sanitize::tbaa_shadow::StoreId;
use aliaskit_core::sanitize::tbaa_table::TbaaTable;

use crate::tbaa::{state, SiteRef, CELLS_PER_SITE, IMMUTABLE};

/// One function a load check was inlined into, as the end of the pipeline
/// writes it (`sanitize_tbaa.cpp`, `tellHosts`).
#[repr(C)]
pub struct Host {
    pub site: u32,
    pub key: u64,
    pub name: *const c_char,
}

/// Registers the table at `table` (a module's constructor) with its end
/// table at `end` (null: the start's claims only): returns the base of its
/// sites' store ids, 0 if it cannot be read (said once; its calls are then
/// ignored). An end table that cannot be read is said once and left out.
///
/// # Safety
/// `table` is null or a TBAA table global the pass made; `end` null or the
/// end table global it made; `ok` null or [`CELLS_PER_SITE`] cells per
/// site of the table.
pub unsafe fn register(table: *const u8, end: *const u8, ok: *const AtomicU32) -> u32 {
    if table.is_null() {
        return 0;
    }
    // The fast path reads the shadow's first level from the start.
    crate::tbaa_pages::table();
    let header: [u8; 16] = std::ptr::read_unaligned(table.cast());
    let raw = TbaaTable::encoded_len(&header).map(|len| std::slice::from_raw_parts(table, len));
    let decoded = raw.clone().and_then(TbaaTable::decode);
    let (raw, t) = match raw.and_then(|raw| decoded.map(|t| (raw, t))) {
        Ok(rt) => rt,
        Err(e) => {
            crate::report::warn(&format!(
                "an instrumented module's !tbaa is not checked: {e}"
            ));
            return 0;
        }
    };
    let end = read_end(end, t.sites.len());
    let Ok(mut s) = state().lock() else { return 0 };
    let tags = s.universe.add(&t);
    let end_tags = end.as_ref().map_or(vec![], |e| s.universe.add(&e.types));
    let mut views: Vec<Option<EndView>> = vec![None; t.sites.len()];
    for &(site, view) in end.iter().flat_map(|e| &e.views) {
        views[site as usize] = Some(view);
    }
    let start_claims = end.as_ref().is_none_or(|e| e.start_claims);
    let module = s.modules.len() as u32;
    let base = s.sites.len() as u32 + 1;
    for (i, site) in t.sites.iter().enumerate() {
        let of = s.sites.len() as StoreId + 1;
        let tag = tags[site.tag as usize];
        let claims = SiteClaims::of(tag, start_claims, views[i], &end_tags);
        let immutable = site.access == Access::Read && s.universe.is_immutable(tag);
        if immutable {
            IMMUTABLE.store(true, Ordering::Relaxed);
        }
        let per_call = site.access == Access::Write && s.universe.per_call_root(tag).is_some();
        let r = SiteRef {
            module,
            site: i as u32,
            tag,
            claims,
            instance: 0,
            host: 0,
            of,
            immutable,
            per_call,
            ok: if ok.is_null() {
                ok
            } else {
                ok.add(CELLS_PER_SITE * i)
            },
        };
        s.give_id(r);
    }
    s.modules.push(crate::tbaa::Module::new(raw, t));
    base
}

/// The end table at `end` for a table of `sites` sites; `None` when there
/// is none or it cannot be read (said once).
///
/// # Safety
/// As [`register`].
unsafe fn read_end(end: *const u8, sites: usize) -> Option<TbaaEnd> {
    if end.is_null() {
        return None;
    }
    let header: [u8; 16] = std::ptr::read_unaligned(end.cast());
    let decoded = TbaaEnd::encoded_len(&header)
        .and_then(|len| TbaaEnd::decode(std::slice::from_raw_parts(end, len), sites));
    decoded
        .map_err(|e| {
            crate::report::warn(&format!(
                "an instrumented module's claims at code generation are not checked: {e}"
            ))
        })
        .ok()
}

/// Records where the checks of the module whose ids start at `base` were
/// inlined (its constructor, after [`register`]).
///
/// # Safety
/// `hosts` holds `count` [`Host`]s whose names are C strings.
pub unsafe fn hosts(base: u32, hosts: *const Host, count: u32) {
    if base == 0 || hosts.is_null() {
        return;
    }
    let hosts = std::slice::from_raw_parts(hosts, count as usize);
    let Ok(mut s) = state().lock() else { return };
    for h in hosts {
        if h.name.is_null() {
            continue;
        }
        let name = CStr::from_ptr(h.name).to_string_lossy().into_owned();
        let list = s.hosts.entry(base.saturating_add(h.site)).or_default();
        if !list.iter().any(|(k, _)| *k == h.key) {
            list.push((h.key, name));
        }
    }
}
