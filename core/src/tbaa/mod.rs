//! Type-based alias analysis (TBAA): the meaning of `!tbaa` metadata.
//!
//! A front end describes its type system to LLVM as a DAG of *type nodes*
//! rooted at one node per type system, and tags every load and store with an
//! *access tag*: "this access reads a value of type `access` at byte `offset`
//! inside an object of type `base`". Two accesses may alias only if one could
//! be to a subobject of the other; accesses whose types share no ancestor
//! belong to unrelated type systems and may alias.
//!
//! The modules here follow LLVM 22.1.8's `TypeBasedAliasAnalysis.cpp`:
//! * [`nodes`]: what each operand of a type node or access tag means, in all
//!   three encodings (old scalar, old struct-path, new size-aware);
//! * [`summary`]: what each tag brings to every question, read once;
//! * [`query`]: the alias query and the most generic tag of a pair;
//! * [`build`]: a small builder for type DAGs, used by tests and generators.
//!
//! Identity is node identity: two uniqued nodes with the same operands are
//! one node, and the algorithms compare [`crate::NodeId`]s exactly where LLVM
//! compares `MDNode*` pointers.

pub mod build;
pub mod nodes;
pub mod query;
pub mod summary;

pub use nodes::{AccessTag, TypeNode};
pub use query::{
    access_tag_for, first_errno_alias, has_field, AccessPath, GenericTag, PathOutcome, Reason,
    TagMatch, TbaaOracle,
};
pub use summary::TagRef;
