//! `aliaskit sanitize`: no-alias claims checked at run time.
//!
//! The pass (plugin) and the run-time library (`runtime/`) share this
//! module, so that the filter at compile time and the checker at run time
//! ask the same questions of the same data (`docs/sanitize.md` has the
//! whole design and a worked example):
//!
//! * [`table`]: what the pass writes into the program about each
//!   instrumented function (its sites, their scope lists, the scopes and
//!   their domains, the text of each instruction) and the runtime reads;
//!   [`shape`]: the part of it checking needs, which the runtime reads
//!   without the texts.
//! * [`build`]: a function's table from its metadata (what is left out,
//!   and why).
//! * [`claims`]: which pairs of sites are claimed not to alias, by the
//!   core's own rule ([`crate::scoped::ScopeLists`]) on a graph rebuilt from
//!   the table, and the static filter (a site is instrumented only if it
//!   takes part in such a pair with a write).
//! * [`inline_rule`]: the inliner's rule, from what is known of an
//!   access's underlying objects to the `noalias` parameters it is based on
//!   and those it is certainly not based on.
//! * [`runs`] and [`log`]: one frame's accesses, merged without loss, its
//!   instances, and the check that finds conflicts.
//! * [`in_place`]: what a short frame checked by the program itself
//!   compares (no log), from the same claims.
//! * [`once`]: an access a loop repeats at one address, logged once per
//!   execution of the loop, and when that finds the same conflicts.
//! * [`twins`]: copies of one source access (a vectorizer's parts, an
//!   unroller's copies) that the pass may log as one site.
//! * [`tbaa_table`], [`tbaa_types`] and [`tbaa_shadow`]: `--tbaa`, the
//!   type-based claims: a module's tags and type DAG as data, every
//!   module's tags in one graph answered by the core's TBAA query, and the
//!   shadow of the last tagged store of each byte; [`tbaa_end`]: which
//!   tag each access carries at code generation, and which point's claim a
//!   load breaks; [`tbaa_loop`]: a whole loop checked before it runs.

pub mod build;
pub mod claims;
pub mod in_place;
pub mod inline_rule;
pub mod log;
pub mod once;
pub mod runs;
pub mod shape;
pub mod table;
pub mod tbaa_end;
pub mod tbaa_loop;
pub mod tbaa_shadow;
pub mod tbaa_table;
pub mod tbaa_types;
pub mod twins;
