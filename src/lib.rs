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

pub mod plugin;
pub mod reader;

pub use aliaskit_core as core_model;
