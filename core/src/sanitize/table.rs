//! The static table of an instrumented module: what the pass knows about
//! each instrumented function and the runtime needs to check and to report.
//!
//! The pass writes one table per module into a constant global (the bytes
//! of [`ModuleTable::encode`]) and passes its address to every
//! `__aliaskit_enter`; the runtime decodes it the first time it needs it
//! ([`ModuleTable::decode`]). Both sides use these types, so the format has
//! one definition. The bytes start with [`MAGIC`] and a length, so that a
//! table from another version of aliaskit is refused, not misread.
//!
//! Indices: a function's sites, lists, scopes and domains are numbered in
//! the order of their vectors; `__aliaskit_access(frame, site, ...)` and
//! `__aliaskit_scope(frame, scope)` take those numbers.

use serde::{Deserialize, Serialize};

/// The first bytes of every table (`AKSAN` and the format's version).
pub const MAGIC: [u8; 8] = *b"AKSAN\x00\x00\x02";

/// Which claims a table's functions check.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Point {
    /// Instrumented before any optimization: the front end's claims.
    Start,
    /// Instrumented at the end of the pipeline: the claims that reach code
    /// generation.
    End,
}

impl Point {
    pub fn name(self) -> &'static str {
        match self {
            Point::Start => "start",
            Point::End => "end",
        }
    }

    /// The point for humans, as reports say it.
    pub fn describe(self) -> &'static str {
        match self {
            Point::Start => "the front end's claims, instrumented before optimization",
            Point::End => {
                "the claims that reached code generation, instrumented after optimization"
            }
        }
    }
}

/// What a site does to memory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Access {
    Read,
    Write,
}

/// An instrumented module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleTable {
    /// The module's source file name (or identifier), as reports name it.
    pub module: String,
    pub point: Point,
    pub functions: Vec<FunctionTable>,
}

/// An instrumented function.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionTable {
    /// The function's LLVM name.
    pub name: String,
    /// `FunctionKey` of the module's key and the function's name (decision
    /// ids).
    pub key: u64,
    pub sites: Vec<Site>,
    pub lists: Vec<List>,
    pub scopes: Vec<Scope>,
    pub domains: Vec<Domain>,
}

/// One instrumented access: an instruction, or one part of it (the
/// destination or the source of a copy, one lane of a masked access).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site {
    /// The instruction as `opt -S` prints it.
    pub instruction: String,
    /// `file:line:col` from `!dbg`, then the locations it was inlined at
    /// (innermost first); empty without `!dbg`.
    pub location: Vec<String>,
    /// Which part of the instruction, when it has several ("destination",
    /// "source", "lane 2"); empty otherwise.
    pub part: String,
    pub access: Access,
    /// Its `!alias.scope` list (an index into [`FunctionTable::lists`]).
    pub scopes: Option<u32>,
    /// Its `!noalias` list.
    pub noalias: Option<u32>,
    /// Parts of one instruction share this number (its index among the
    /// function's instructions); two parts of one instruction are never a
    /// pair.
    pub instruction_index: u32,
}

/// A scope list as the site carries it, with only the scopes that are
/// checked (see [`Scope`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct List {
    /// The content hash of the list node as it is in the module (every
    /// scope, checked or not): what decision ids are made of.
    pub content: u64,
    /// Its checked scopes, in the list's order (indices into
    /// [`FunctionTable::scopes`]).
    pub scopes: Vec<u32>,
    /// The list for humans (`{"f: %a" in "f", ...}`).
    pub text: String,
}

/// A scope whose claims are checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scope {
    /// Its domain (an index into [`FunctionTable::domains`]).
    pub domain: u32,
    /// Its short name for humans: its name string quoted, or its number
    /// (`!7`) ([`crate::names`]).
    pub name: String,
    /// What the short name does not say: who made the scope (the
    /// inliner), or an anonymous scope's place in its domain
    /// ([`crate::names::scope_note`]).
    pub note: Option<String>,
    /// The location of its `llvm.experimental.noalias.scope.decl` in the
    /// function (`file:line:col`, or the instruction when there is no
    /// `!dbg`), if it has one: then each execution of it starts an
    /// instance. Without one, its instance is the call.
    pub decl: Option<String>,
    /// When the scope stands for a `noalias` parameter (the inliner's or
    /// the start point's naming: domain `F`, scope `F: %p`), the function
    /// `F` whose parameter it is.
    pub parameter_of: Option<String>,
}

/// A scope domain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Domain {
    pub name: String,
}

/// Why a table cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// The bytes do not start with [`MAGIC`]: another aliaskit, or not a table.
    Magic,
    /// The length field does not fit the bytes.
    Length,
    Decode(String),
}

impl std::fmt::Display for TableError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableError::Magic => f.write_str(
                "the module's table is not one this runtime reads (built by another version of aliaskit?)",
            ),
            TableError::Length => f.write_str("the module's table is cut short"),
            TableError::Decode(e) => write!(f, "the module's table cannot be read: {e}"),
        }
    }
}

/// A table's bytes: `magic`, the length of what follows (8 bytes,
/// little-endian), and `value` (the scoped table and the TBAA table
/// alike).
pub fn encode_framed<T: Serialize>(magic: &[u8; 8], value: &T) -> Vec<u8> {
    let body = postcard::to_allocvec(value).expect("tables serialize");
    let mut out = Vec::with_capacity(16 + body.len());
    out.extend_from_slice(magic);
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// The length of the table framed with `magic` whose first 16 bytes are
/// `header`.
pub fn framed_len(magic: &[u8; 8], header: &[u8; 16]) -> Result<usize, TableError> {
    if header[..8] != magic[..] {
        return Err(TableError::Magic);
    }
    let len = u64::from_le_bytes(header[8..16].try_into().expect("8 bytes"));
    usize::try_from(len)
        .ok()
        .and_then(|l| l.checked_add(16))
        .ok_or(TableError::Length)
}

/// The table framed with `magic` at the start of `bytes`.
pub fn decode_framed<T: serde::de::DeserializeOwned>(
    magic: &[u8; 8],
    bytes: &[u8],
) -> Result<T, TableError> {
    let header: &[u8; 16] = bytes
        .get(..16)
        .and_then(|h| h.try_into().ok())
        .ok_or(TableError::Length)?;
    let len = framed_len(magic, header)?;
    let body = bytes.get(16..len).ok_or(TableError::Length)?;
    postcard::from_bytes(body).map_err(|e| TableError::Decode(e.to_string()))
}

impl ModuleTable {
    /// [`MAGIC`], the length of what follows (8 bytes, little-endian), and
    /// the table.
    pub fn encode(&self) -> Vec<u8> {
        encode_framed(&MAGIC, self)
    }

    /// The length of the encoded table whose first 16 bytes are `header`.
    pub fn encoded_len(header: &[u8; 16]) -> Result<usize, TableError> {
        framed_len(&MAGIC, header)
    }

    pub fn decode(bytes: &[u8]) -> Result<ModuleTable, TableError> {
        decode_framed(&MAGIC, bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> ModuleTable {
        ModuleTable {
            module: "x.c".into(),
            point: Point::End,
            functions: vec![FunctionTable {
                name: "f".into(),
                key: 7,
                sites: vec![Site {
                    instruction: "store i32 0, ptr %p, align 4, !alias.scope !3".into(),
                    location: vec!["x.c:3:5".into()],
                    part: String::new(),
                    access: Access::Write,
                    scopes: Some(0),
                    noalias: None,
                    instruction_index: 4,
                }],
                lists: vec![List {
                    content: 99,
                    scopes: vec![0],
                    text: "{\"f: %p\" in \"f\"}".into(),
                }],
                scopes: vec![Scope {
                    domain: 0,
                    name: "\"f: %p\"".into(),
                    note: None,
                    decl: Some("x.c:1:1".into()),
                    parameter_of: Some("f".into()),
                }],
                domains: vec![Domain {
                    name: "\"f\"".into(),
                }],
            }],
        }
    }

    #[test]
    fn tables_round_trip() {
        let t = sample();
        let bytes = t.encode();
        assert_eq!(&bytes[..8], &MAGIC);
        assert_eq!(ModuleTable::decode(&bytes), Ok(t));
    }

    #[test]
    fn foreign_or_cut_tables_are_refused() {
        let mut bytes = sample().encode();
        assert_eq!(ModuleTable::decode(&bytes[..20]), Err(TableError::Length));
        bytes[5] = b'X';
        assert_eq!(ModuleTable::decode(&bytes), Err(TableError::Magic));
        assert_eq!(ModuleTable::decode(&[]), Err(TableError::Length));
    }
}
