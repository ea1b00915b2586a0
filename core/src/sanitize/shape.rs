//! What checking needs of a module's table, without its texts.
//!
//! A table global holds two parts ([`TableParts`]): first the *shape* of
//! each function (each site's access and lists, each list's checked
//! scopes, each scope's domain and whether it has a decl: what the claims
//! and the static filter read), then the whole [`ModuleTable`] as bytes of
//! its own. The runtime decodes the shape when a frame of the module first
//! has something to check, and the whole table only when it writes a
//! report: the texts (instructions, locations, names), most of a table's
//! bytes, are then neither read into the program's memory nor copied
//! into its heap in a run that reports nothing.
//!
//! One projection makes a shape from a table ([`FunctionShape::of`]); the
//! pass, the tests and the runtime all ask the claims of that.
//!
//! Worked example: a function with sites `store %p !alias.scope !1` and
//! `load %q !noalias !1`, list `!1 = {scope A}` in domain D, has the shape
//! `sites: [(Write, scopes 0, noalias -), (Read, scopes -, noalias 0)]`,
//! `lists: [[0]]`, `scopes: [(domain 0, no decl)]`, `domains: 1`.

use serde::{Deserialize, Serialize};

use super::table::{
    decode_framed, encode_framed, Access, FunctionTable, ModuleTable, Point, TableError, MAGIC,
};

/// A site as the claims see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteShape {
    pub access: Access,
    /// Its `!alias.scope` list (an index into the function's lists).
    pub scopes: Option<u32>,
    /// Its `!noalias` list.
    pub noalias: Option<u32>,
    /// Parts of one instruction share this number.
    pub instruction_index: u32,
}

/// A checked scope as the claims see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScopeShape {
    /// Its domain (an index into the function's domains).
    pub domain: u32,
    /// Whether it has an `llvm.experimental.noalias.scope.decl` (each
    /// execution starts an instance) or not (the call is its instance).
    pub has_decl: bool,
}

/// A function's table as the claims see it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionShape {
    pub sites: Vec<SiteShape>,
    /// Where each list's scopes start in `list_scopes` (one more entry
    /// than there are lists: the last is the end).
    list_starts: Vec<u32>,
    list_scopes: Vec<u32>,
    pub scopes: Vec<ScopeShape>,
    /// How many domains the function's scopes are in.
    pub domains: u32,
}

impl FunctionShape {
    /// The shape of a function's table.
    pub fn of(f: &FunctionTable) -> FunctionShape {
        let mut list_starts = Vec::with_capacity(f.lists.len() + 1);
        let mut list_scopes = Vec::new();
        for l in &f.lists {
            list_starts.push(list_scopes.len() as u32);
            list_scopes.extend_from_slice(&l.scopes);
        }
        list_starts.push(list_scopes.len() as u32);
        FunctionShape {
            sites: f
                .sites
                .iter()
                .map(|s| SiteShape {
                    access: s.access,
                    scopes: s.scopes,
                    noalias: s.noalias,
                    instruction_index: s.instruction_index,
                })
                .collect(),
            list_starts,
            list_scopes,
            scopes: f
                .scopes
                .iter()
                .map(|s| ScopeShape {
                    domain: s.domain,
                    has_decl: s.decl.is_some(),
                })
                .collect(),
            domains: f.domains.len() as u32,
        }
    }

    /// How many lists the function has.
    pub fn lists(&self) -> usize {
        self.list_starts.len().saturating_sub(1)
    }

    /// The checked scopes of list `i`, in the list's order; none for a
    /// list out of range or a shape that is not the pass's (never a panic).
    pub fn list(&self, i: usize) -> &[u32] {
        let (Some(&a), Some(&b)) = (self.list_starts.get(i), self.list_starts.get(i + 1)) else {
            return &[];
        };
        self.list_scopes.get(a as usize..b as usize).unwrap_or(&[])
    }
}

/// A module's table as the claims see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModuleShape {
    /// First, so that it is the table global's byte 16 (after the magic
    /// and the length): bench/sanitize_profile.c reads it there.
    pub point: Point,
    pub functions: Vec<FunctionShape>,
}

impl ModuleShape {
    /// The shape of a module's table.
    pub fn of(t: &ModuleTable) -> ModuleShape {
        ModuleShape {
            point: t.point,
            functions: t.functions.iter().map(FunctionShape::of).collect(),
        }
    }
}

/// The two parts of an encoded table: its shape, decoded, and the whole
/// table's bytes, not yet read.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableParts<'a> {
    pub shape: ModuleShape,
    #[serde(borrow)]
    pub table: &'a [u8],
}

impl<'a> TableParts<'a> {
    /// The bytes of a table global: [`MAGIC`], the length of what follows
    /// (8 bytes, little-endian), the shape, then the whole table.
    pub fn encode(t: &ModuleTable) -> Vec<u8> {
        let table = postcard::to_allocvec(t).expect("tables serialize");
        encode_framed(
            &MAGIC,
            &TableParts {
                shape: ModuleShape::of(t),
                table: &table,
            },
        )
    }

    /// A table as the pass emits it, in two globals: the table global
    /// (as [`TableParts::encode`] makes it, its whole table empty) and the
    /// whole table's bytes ([`whole_table`]), apart. The texts, read only
    /// for a report, are most of a table (50 of `c_blas`' 56 KB); out of
    /// the read-only data a run reads, they are out of its memory too (the
    /// kernel maps 64 KiB of a file's cached pages around each page a
    /// program touches).
    pub fn encode_apart(t: &ModuleTable) -> (Vec<u8>, Vec<u8>) {
        let table = postcard::to_allocvec(t).expect("tables serialize");
        let global = encode_framed(
            &MAGIC,
            &TableParts {
                shape: ModuleShape::of(t),
                table: &[],
            },
        );
        (global, table)
    }

    /// The parts of the table at the start of `bytes`: the shape is read,
    /// the whole table's bytes are only borrowed (empty when the pass put
    /// them apart: [`TableParts::encode_apart`]).
    pub fn decode(bytes: &'a [u8]) -> Result<TableParts<'a>, TableError> {
        decode_framed(&MAGIC, bytes)
    }

    /// The whole table, its texts borrowed from the bytes.
    pub fn table(&self) -> Result<ModuleTable<'a>, TableError> {
        whole_table(self.table)
    }
}

/// The whole table from the bytes of its part ([`TableParts::table`]),
/// its texts borrowed from them.
pub fn whole_table(bytes: &[u8]) -> Result<ModuleTable<'_>, TableError> {
    postcard::from_bytes(bytes).map_err(|e| TableError::Decode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sanitize::table::{Domain, List, Scope, Site};

    fn table() -> ModuleTable<'static> {
        let site = |access, scopes, noalias, i| Site {
            instruction: format!("inst {i}").into(),
            location: vec!["x.c:1:1".into()],
            part: "".into(),
            access,
            scopes,
            noalias,
            instruction_index: i,
        };
        let scope = |domain, decl: bool| Scope {
            domain,
            name: "s".into(),
            note: None,
            decl: decl.then(|| "x.c:2:2".into()),
            parameter_of: None,
        };
        let list = |scopes: Vec<u32>| List {
            content: scopes.len() as u64,
            scopes,
            text: "{...}".into(),
        };
        ModuleTable {
            module: "x.c".into(),
            point: Point::Start,
            functions: vec![FunctionTable {
                name: "f".into(),
                key: 1,
                sites: vec![
                    site(Access::Write, Some(0), None, 0),
                    site(Access::Read, None, Some(1), 1),
                ],
                lists: vec![list(vec![0]), list(vec![]), list(vec![1, 0])],
                scopes: vec![scope(0, true), scope(1, false)],
                domains: vec![Domain { name: "d".into() }, Domain { name: "e".into() }],
            }],
        }
    }

    #[test]
    fn a_shape_is_its_tables_lists_sites_and_scopes() {
        let t = table();
        let s = FunctionShape::of(&t.functions[0]);
        assert_eq!(s.lists(), 3);
        assert_eq!(
            (s.list(0), s.list(1), s.list(2)),
            (&[0][..], &[][..], &[1, 0][..])
        );
        assert_eq!(s.list(3), &[] as &[u32]);
        assert_eq!(s.sites[1].noalias, Some(1));
        assert_eq!(s.sites[1].access, Access::Read);
        assert_eq!(
            s.scopes
                .iter()
                .map(|c| (c.domain, c.has_decl))
                .collect::<Vec<_>>(),
            vec![(0, true), (1, false)]
        );
        assert_eq!(s.domains, 2);
    }

    #[test]
    fn parts_round_trip_and_the_table_is_read_only_when_asked() {
        let t = table();
        let bytes = TableParts::encode(&t);
        let parts = TableParts::decode(&bytes).unwrap();
        assert_eq!(parts.shape, ModuleShape::of(&t));
        assert_eq!(parts.table().unwrap(), t);
        // The whole table is the second part: spoiling it leaves the shape
        // readable, and the table refused, not misread.
        let at = bytes.len() - parts.table.len();
        let mut spoiled = bytes.clone();
        spoiled[at..].fill(0xff);
        let parts = TableParts::decode(&spoiled).unwrap();
        assert_eq!(parts.shape, ModuleShape::of(&t));
        assert!(matches!(parts.table(), Err(TableError::Decode(_))));
    }

    #[test]
    fn a_table_apart_keeps_its_shape_in_the_global_and_the_rest_beside() {
        let t = table();
        let (global, texts) = TableParts::encode_apart(&t);
        let parts = TableParts::decode(&global).unwrap();
        assert_eq!(parts.shape, ModuleShape::of(&t));
        assert!(parts.table.is_empty());
        assert_eq!(whole_table(&texts).unwrap(), t);
        // The bytes of the table in one global, but for the length of the
        // whole table (empty here: one byte).
        let one = TableParts::encode(&t);
        assert_eq!(
            global.len() - 1 + varint_len(texts.len()) + texts.len(),
            one.len()
        );
    }

    /// The bytes of postcard's varint of `n`.
    fn varint_len(mut n: usize) -> usize {
        let mut bytes = 1;
        while n >= 0x80 {
            n >>= 7;
            bytes += 1;
        }
        bytes
    }

    /// A shape that is not the pass's answers no list, never a panic.
    #[test]
    fn inverted_or_out_of_range_lists_are_empty() {
        let s = FunctionShape {
            list_starts: vec![3, 1, 9],
            list_scopes: vec![0, 1],
            ..FunctionShape::default()
        };
        assert_eq!(s.lists(), 2);
        assert_eq!(s.list(0), &[] as &[u32]);
        assert_eq!(s.list(1), &[] as &[u32]);
    }
}
