//! aliaskit: LLVM's metadata-based alias analyses, re-implemented in Rust
//! as an LLVM 22 pass plugin, with tools to verify and explain the metadata.
//!
//! Three layers, arrows pointing one way:
//! * `aliaskit_core` (the `core/` crate): pure Rust, no LLVM types, no
//!   `unsafe`: metadata graphs and every algorithm about them;
//! * [`reader`]: real LLVM metadata into core graphs, once per node;
//! * [`plugin`]: the entry point LLVM loads, the boundary with the C++ shim
//!   (`src/plugin/shim.cpp`; [`plugin::ffi`] on this side, `shim.h` on that
//!   one), the module passes' reports, and diagnostics. The reader calls its
//!   own C++ accessors through the boundary's declarations
//!   ([`plugin::ffi::imports`], [`plugin::ffi::types`]), which use nothing
//!   else of the plugin.
//!
//! Each component has a part in each layer (ARCHITECTURE.md has the map):
//! * the analyses `rust-tbaa` and `rust-scoped-noalias`: core's
//!   `tbaa` and `scoped` modules, the reader's [`reader::tbaa`] and
//!   [`reader::scoped`] sessions, the `AAResultBase` classes of `shim.cpp`;
//! * the verifier `verify-alias-md`: core's `verify`, the reader's
//!   [`reader::verify_view`], [`plugin::verify`] and `verify.cpp`;
//! * `check-captures`: core's `captures`, [`reader::captures_view`],
//!   [`plugin::captures`] and `captures.cpp`;
//! * the diff passes `tbaa-diff` and `scoped-diff`: the same sessions,
//!   compared with LLVM's analyses in `diff.cpp`;
//! * `aliaskit explain` and `aliaskit dot`: core's `explain` and `picture`,
//!   [`plugin::explain`], [`plugin::dot`] and `inspect.cpp`;
//! * bisection: core's `decision` and `bisect`, [`reader::decisions`],
//!   [`plugin::bisect`] and `bisect.cpp`;
//! * the `aliaskit` command (crate `aliaskit-cli`), which runs `opt` with the
//!   plugin and drives bisection.

pub mod plugin;
pub mod reader;

pub use aliaskit_core as core_model;
