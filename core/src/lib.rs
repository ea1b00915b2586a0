//! The core of aliaskit: a faithful model of LLVM alias metadata and the
//! algorithms that answer questions about it.
//!
//! Nothing here knows about LLVM's types or uses `unsafe`. Metadata arrives
//! as a [`graph::MetadataGraph`]: an arena of nodes, each a list of operands
//! (other nodes, strings, integer constants, nulls, and "anything else").
//! That is exactly the part of an `MDNode` that the alias analyses look at,
//! so every rule can be written, and tested, against graphs built by hand.
//!
//! The layers above this one (the reader, which imports real `MDNode`s once
//! each, and the plugin, which talks to LLVM) only translate; every decision
//! about what metadata means is taken here, once, and shared by the alias
//! analysis, the verifier and the diff pass.
//!
//! Malformed metadata is a normal input: every function that reads operands
//! returns a [`graph::Malformed`] error instead of panicking, and the query
//! functions document which conservative answer that error stands for.

#![forbid(unsafe_code)]

pub mod bisect;
pub mod captures;
pub mod decision;
pub mod derived;
pub mod explain;
pub mod graph;
pub mod memo;
pub mod names;
pub mod picture;
pub mod sanitize;
pub mod scoped;
pub mod severity;
mod span;
pub mod tbaa;
pub mod trace;
pub mod verify;

pub use graph::{IntValue, Malformed, MetadataGraph, NodeId, Operand, Problem, StrId};
pub use severity::Severity;
