//! aliaskit: LLVM's metadata-based alias analyses, re-implemented in Rust
//! as an LLVM 22 pass plugin, with tools to verify and explain the metadata.
//!
//! Three layers, arrows pointing one way:
//! * `aliaskit_core` (the `core/` crate): pure Rust, no LLVM types, no
//!   `unsafe`: metadata graphs and every algorithm about them;
//! * [`reader`]: real LLVM metadata into core graphs, once per node;
//! * [`plugin`]: the entry point LLVM loads, the `extern "C"` functions the
//!   C++ shim (`src/plugin/shim.cpp`) calls, and diagnostics.

pub mod plugin;
pub mod reader;

pub use aliaskit_core as core_model;
