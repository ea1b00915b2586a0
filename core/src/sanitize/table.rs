//! The static table of an instrumented module: what the pass knows about
//! each instrumented function and the runtime needs to check and to report.
//!
//! The pass writes one table per module into a constant global (the bytes
//! of [`ModuleTable::encode`]) and passes its address to every
//! `__aliaskit_enter`. The bytes hold the table's shape (what checking
//! needs) ahead of the whole table ([`super::shape::TableParts`]): the
//! runtime decodes the shape the first time it needs it, and the whole
//! table ([`ModuleTable::decode`]) only to write a report. Both sides use
//! these types, so the format has one definition. The bytes start with
//! [`MAGIC`] and a length, so that a table from another version of
//! aliaskit is refused, not misread.
//!
//! Indices: a function's sites, lists, scopes and domains are numbered in
//! the order of their vectors; `__aliaskit_access(frame, site, ...)` and
//! `__aliaskit_scope(frame, scope)` take those numbers.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::shape::TableParts;

/// A table's text for humans (instructions, locations, names): borrowed
/// from the encoded table where it is decoded (the runtime keeps no copy of
/// what the program's table global holds), owned where the table is made.
/// (A type of its own: serde borrows a `Cow` field only when it is written
/// `Cow<str>`, not in a `Vec` or an `Option`.)
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text<'a>(pub Cow<'a, str>);

impl Text<'_> {
    /// Whether it is borrowed from where it was decoded.
    pub fn is_borrowed(&self) -> bool {
        matches!(self.0, Cow::Borrowed(_))
    }
}

impl std::ops::Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text<'_> {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<String> for Text<'_> {
    fn from(s: String) -> Self {
        Text(Cow::Owned(s))
    }
}

impl<'a> From<&'a str> for Text<'a> {
    fn from(s: &'a str) -> Self {
        Text(Cow::Borrowed(s))
    }
}

impl PartialEq<str> for Text<'_> {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Text<'_> {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Text<'_>> for &str {
    fn eq(&self, other: &Text<'_>) -> bool {
        **self == *other.0
    }
}

impl Serialize for Text<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        <&'de str>::deserialize(d).map(|s| Text(Cow::Borrowed(s)))
    }
}

/// The first bytes of every table (`AKSAN` and the format's version).
pub const MAGIC: [u8; 8] = *b"AKSAN\x00\x00\x03";

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
pub struct ModuleTable<'a> {
    /// The module's source file name (or identifier), as reports name it.
    #[serde(borrow)]
    pub module: Text<'a>,
    pub point: Point,
    #[serde(borrow)]
    pub functions: Vec<FunctionTable<'a>>,
}

/// An instrumented function.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionTable<'a> {
    /// The function's LLVM name.
    #[serde(borrow)]
    pub name: Text<'a>,
    /// `FunctionKey` of the module's key and the function's name (decision
    /// ids).
    pub key: u64,
    #[serde(borrow)]
    pub sites: Vec<Site<'a>>,
    #[serde(borrow)]
    pub lists: Vec<List<'a>>,
    #[serde(borrow)]
    pub scopes: Vec<Scope<'a>>,
    #[serde(borrow)]
    pub domains: Vec<Domain<'a>>,
}

/// One instrumented access: an instruction, or one part of it (the
/// destination or the source of a copy, one lane of a masked access).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Site<'a> {
    /// The instruction as `opt -S` prints it.
    #[serde(borrow)]
    pub instruction: Text<'a>,
    /// `file:line:col` from `!dbg`, then the locations it was inlined at
    /// (innermost first); empty without `!dbg`.
    #[serde(borrow)]
    pub location: Vec<Text<'a>>,
    /// Which part of the instruction, when it has several ("destination",
    /// "source", "lane 2"); empty otherwise.
    #[serde(borrow)]
    pub part: Text<'a>,
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
pub struct List<'a> {
    /// The content hash of the list node as it is in the module (every
    /// scope, checked or not): what decision ids are made of.
    pub content: u64,
    /// Its checked scopes, in the list's order (indices into
    /// [`FunctionTable::scopes`]).
    pub scopes: Vec<u32>,
    /// The list for humans (`{"f: %a" in "f", ...}`).
    #[serde(borrow)]
    pub text: Text<'a>,
}

/// A scope whose claims are checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scope<'a> {
    /// Its domain (an index into [`FunctionTable::domains`]).
    pub domain: u32,
    /// Its short name for humans: its name string quoted, or its number
    /// (`!7`) ([`crate::names`]).
    #[serde(borrow)]
    pub name: Text<'a>,
    /// What the short name does not say: who made the scope (the
    /// inliner), or an anonymous scope's place in its domain
    /// ([`crate::names::scope_note`]).
    #[serde(borrow)]
    pub note: Option<Text<'a>>,
    /// The location of its `llvm.experimental.noalias.scope.decl` in the
    /// function (`file:line:col`, or the instruction when there is no
    /// `!dbg`), if it has one: then each execution of it starts an
    /// instance. Without one, its instance is the call.
    #[serde(borrow)]
    pub decl: Option<Text<'a>>,
    /// When the scope stands for a `noalias` parameter (the inliner's or
    /// the start point's naming: domain `F`, scope `F: %p`), the function
    /// `F` whose parameter it is.
    #[serde(borrow)]
    pub parameter_of: Option<Text<'a>>,
}

/// A scope domain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Domain<'a> {
    #[serde(borrow)]
    pub name: Text<'a>,
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
pub fn decode_framed<'a, T: Deserialize<'a>>(
    magic: &[u8; 8],
    bytes: &'a [u8],
) -> Result<T, TableError> {
    let header: &[u8; 16] = bytes
        .get(..16)
        .and_then(|h| h.try_into().ok())
        .ok_or(TableError::Length)?;
    let len = framed_len(magic, header)?;
    let body = bytes.get(16..len).ok_or(TableError::Length)?;
    postcard::from_bytes(body).map_err(|e| TableError::Decode(e.to_string()))
}

impl<'a> ModuleTable<'a> {
    /// [`MAGIC`], the length of what follows (8 bytes, little-endian), the
    /// table's shape and the table ([`TableParts`]).
    pub fn encode(&self) -> Vec<u8> {
        TableParts::encode(self)
    }

    /// The length of the encoded table whose first 16 bytes are `header`.
    pub fn encoded_len(header: &[u8; 16]) -> Result<usize, TableError> {
        framed_len(&MAGIC, header)
    }

    /// The table at the start of `bytes`, its texts borrowed from them.
    pub fn decode(bytes: &'a [u8]) -> Result<ModuleTable<'a>, TableError> {
        TableParts::decode(bytes)?.table()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> ModuleTable<'static> {
        ModuleTable {
            module: "x.c".into(),
            point: Point::End,
            functions: vec![FunctionTable {
                name: "f".into(),
                key: 7,
                sites: vec![Site {
                    instruction: "store i32 0, ptr %p, align 4, !alias.scope !3".into(),
                    location: vec!["x.c:3:5".into()],
                    part: "".into(),
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

    /// The runtime keeps no copy of the texts of a table it decodes.
    #[test]
    fn decoded_texts_are_borrowed() {
        let bytes = sample().encode();
        let t = ModuleTable::decode(&bytes).unwrap();
        let f = &t.functions[0];
        let borrowed = |t: &Text| t.is_borrowed();
        assert!(borrowed(&t.module) && borrowed(&f.name));
        assert!(borrowed(&f.sites[0].instruction) && borrowed(&f.sites[0].location[0]));
        assert!(borrowed(&f.lists[0].text) && borrowed(&f.domains[0].name));
        assert!(f.scopes.iter().all(|s| borrowed(&s.name)));
        assert!(f
            .scopes
            .iter()
            .flat_map(|s| [&s.note, &s.decl, &s.parameter_of])
            .flatten()
            .all(borrowed));
        assert_eq!(t, sample());
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
