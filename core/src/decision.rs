//! Decision identity: which definite alias answer is which, in every run.
//!
//! A *decision* is one definite answer of `rust-tbaa` or
//! `rust-scoped-noalias` (NoAlias, NoModRef, an immutable-memory mask, an
//! errno answer) for one function and one pair of metadata nodes. Bisecting
//! a miscompile over decisions (`aliaskit bisect`) turns some of them
//! conservative, so every decision needs a name that is the same in every
//! process, on every ThinLTO thread and in every run of the same build:
//!
//! ```text
//! id = xxh3(analysis, question, module key, function name,
//!           content(node A), content(node B))
//! module key = xxh3(module file name, symbols)
//! ```
//!
//! * The *module key* ([`ModuleKey`]) must not depend on where the module
//!   lies or is built, and must tell apart the modules of one link. The
//!   module file name is the last component of the module's
//!   `source_filename` (else of its identifier, the path given to `opt` or
//!   the linker), without any directory: `clang -c /abs/dir/x.c`,
//!   `clang -c x.c` and `opt dir/x.ll` all give `x.c` or `x.ll`. Two
//!   modules of one link with the same file name (`a/util.c`, `b/util.c`)
//!   are told apart by *symbols*: the names of the module's definitions
//!   the rest of a link can see and the optimisation pipeline never
//!   removes (functions and variables with external, weak or common
//!   linkage; the plugin picks them, `moduleKey` in `bisect.cpp`). No two
//!   modules of one link define the same such symbol, so two modules that
//!   each define one never share a key. A module that defines none (only
//!   `static`, `linkonce` or imported code) is keyed by its whole path
//!   instead, and so its ids depend on the directory; that is the one case.
//! * The *content* of a node is its structure, read breadth-first from it:
//!   every node it reaches, with strings, integers and the order of
//!   operands; references between reached nodes are by their position in
//!   that order, so cycles and shared nodes are written down exactly and
//!   no pointer or import order goes in ([`content_hash`]).
//! * Where the answer does not depend on the order of the two nodes (two
//!   TBAA tags), the pair is sorted: (A, B) and (B, A) are one decision.
//!   A scoped decision is `mayAliasInScopes(!alias.scope, !noalias)`,
//!   whose operands have different roles, and keeps its order.
//! * Two distinct nodes with the same content (two inlined copies of one
//!   callee whose scopes have the same names) give the same id: they are
//!   kept or dropped together. That is coarser, never nondeterministic.
//!
//! Which decisions keep their definite answer is a [`Selection`]: the
//! `ALIASKIT_BISECT` syntax, a list of terms that select ids by their low
//! bits (Go's hash-based bisection) or by value.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use xxhash_rust::xxh3::Xxh3;

use crate::graph::{IntValue, MetadataGraph, NodeId, Operand};

mod records;
mod selection;
pub use records::RecordedFunctions;
pub use selection::{Selection, Suffix, Term};

/// The analysis that made a decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Analysis {
    #[serde(rename = "tbaa")]
    Tbaa,
    #[serde(rename = "scoped-noalias")]
    ScopedNoAlias,
}

impl Analysis {
    /// The name used in reports and JSON (`tbaa`, `scoped-noalias`).
    pub fn name(self) -> &'static str {
        match self {
            Analysis::Tbaa => "tbaa",
            Analysis::ScopedNoAlias => "scoped-noalias",
        }
    }
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What was asked, and so which definite answer a decision stands for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// Two `!tbaa` tags (loads, stores, calls): NoAlias / NoModRef.
    TagPair,
    /// One `!tbaa` tag marks immutable memory: NoModRef mask, a call that
    /// touches no memory.
    Immutable,
    /// A tag against the module's `!llvm.errno.tbaa`: NoAlias with errno.
    Errno,
    /// `mayAliasInScopes(!alias.scope, !noalias)`: NoAlias / NoModRef.
    ScopeLists,
}

impl Question {
    pub fn analysis(self) -> Analysis {
        match self {
            Question::ScopeLists => Analysis::ScopedNoAlias,
            _ => Analysis::Tbaa,
        }
    }

    /// The definite answer a kept decision gives, for reports.
    pub fn answer(self) -> &'static str {
        match self {
            Question::TagPair | Question::ScopeLists => "NoAlias",
            Question::Immutable => "NoModRef (immutable memory)",
            Question::Errno => "NoAlias with errno",
        }
    }

    fn code(self) -> u8 {
        match self {
            Question::TagPair => 1,
            Question::Immutable => 2,
            Question::Errno => 3,
            Question::ScopeLists => 4,
        }
    }
}

/// The identity of a decision (64 bits, written as 16 hex digits).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DecisionId(pub u64);

/// Display, FromStr and serde for a 64-bit key written as 16 hex digits
/// (`0x` and fewer digits accepted on input).
macro_rules! hex64 {
    ($t:ident, $what:literal) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{:016x}", self.0)
            }
        }

        impl FromStr for $t {
            type Err = String;
            fn from_str(s: &str) -> Result<$t, String> {
                let hex = s.strip_prefix("0x").unwrap_or(s);
                let bad = || format!(concat!("'{}' is not ", $what, " (1 to 16 hex digits)"), s);
                if hex.is_empty() || hex.len() > 16 {
                    return Err(bad());
                }
                u64::from_str_radix(hex, 16).map($t).map_err(|_| bad())
            }
        }

        impl Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(&self.to_string())
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    };
}

hex64!(DecisionId, "a decision id");
hex64!(ModuleKey, "a module key");

/// The module a decision belongs to, independent of its directory (see
/// the module documentation).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ModuleKey(pub u64);

impl ModuleKey {
    /// The key of the module at `path` (its `source_filename`, else its
    /// identifier) that defines the linker-visible symbols `symbols` (in
    /// any order).
    pub fn new<'a>(path: &str, symbols: impl IntoIterator<Item = &'a str>) -> ModuleKey {
        let mut symbols: Vec<&str> = symbols.into_iter().collect();
        symbols.sort_unstable();
        symbols.dedup();
        let mut h = Xxh3::new();
        if symbols.is_empty() {
            // Nothing tells this module apart from another one with its
            // file name but its path.
            h.update(b"path");
            write_bytes(&mut h, path.as_bytes());
        } else {
            h.update(b"file");
            write_bytes(&mut h, file_name(path).as_bytes());
            h.update(&(symbols.len() as u64).to_le_bytes());
            for name in symbols {
                write_bytes(&mut h, name.as_bytes());
            }
        }
        ModuleKey(h.digest())
    }
}

/// The last component of a path, `/` or `\\` separated (clang-cl and
/// Windows paths in `source_filename`): `x.c` of `/abs/dir/x.c`.
pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).next().unwrap_or(path)
}

/// The function a decision belongs to: a hash of its module's key and
/// the function's name, computed once per function.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct FunctionKey(pub u64);

impl FunctionKey {
    pub fn new(module: ModuleKey, function: &str) -> FunctionKey {
        let mut h = Xxh3::new();
        h.update(&module.0.to_le_bytes());
        write_bytes(&mut h, function.as_bytes());
        FunctionKey(h.digest())
    }

    /// The id of a decision on `question` in this function, about nodes
    /// with contents `a` and `b` ([`content_hash`]; for a question about
    /// one node, `b` is 0).
    pub fn decision(self, question: Question, a: u64, b: u64) -> DecisionId {
        let (a, b) = match question {
            // Symmetric questions: one decision for both orders.
            Question::TagPair if a > b => (b, a),
            _ => (a, b),
        };
        let mut h = Xxh3::new();
        h.update(&self.0.to_le_bytes());
        h.update(&[question.code()]);
        h.update(&a.to_le_bytes());
        h.update(&b.to_le_bytes());
        DecisionId(h.digest())
    }
}

fn write_bytes(h: &mut Xxh3, bytes: &[u8]) {
    h.update(&(bytes.len() as u64).to_le_bytes());
    h.update(bytes);
}

/// The content of the node `root`: a hash of everything reachable from it,
/// independent of node ids, import order and pointers.
///
/// Nodes are numbered in breadth-first order from `root`, operands in
/// their order; each node is written as its operand count and operands,
/// a node operand as the number of the node it names. Breadth-first
/// numbering of a rooted graph with ordered edges is canonical: two roots
/// get the same sequence exactly when their graphs are isomorphic with
/// labels and order. Cost: linear in the reachable nodes and operands.
pub fn content_hash(g: &MetadataGraph, root: NodeId) -> u64 {
    let mut number: rustc_hash::FxHashMap<NodeId, u32> = rustc_hash::FxHashMap::default();
    let mut order = vec![root];
    number.insert(root, 0);
    let mut h = Xxh3::new();
    let mut next = 0;
    while next < order.len() {
        let node = order[next];
        next += 1;
        let Ok(ops) = g.operands(node) else {
            // A node whose operands were never defined.
            h.update(&u32::MAX.to_le_bytes());
            continue;
        };
        h.update(&(ops.len() as u32).to_le_bytes());
        for op in ops {
            match *op {
                Operand::Null => h.update(&[0]),
                Operand::Node(n) => {
                    let k = *number.entry(n).or_insert_with(|| {
                        order.push(n);
                        (order.len() - 1) as u32
                    });
                    h.update(&[1]);
                    h.update(&k.to_le_bytes());
                }
                Operand::String(s) => {
                    h.update(&[2]);
                    write_bytes(&mut h, g.str(s).as_bytes());
                }
                Operand::Int(IntValue {
                    bits,
                    value,
                    low_bit,
                }) => {
                    h.update(&[3]);
                    h.update(&bits.to_le_bytes());
                    match value {
                        Some(v) => {
                            h.update(&[1]);
                            h.update(&v.to_le_bytes());
                        }
                        None => h.update(&[0, low_bit as u8]),
                    }
                }
                Operand::Other => h.update(&[4]),
            }
        }
    }
    h.digest()
}

/// The contents of a set of nodes (the module's `!llvm.errno.tbaa` tags),
/// in their order.
pub fn contents_hash(contents: &[u64]) -> u64 {
    let mut h = Xxh3::new();
    for c in contents {
        h.update(&c.to_le_bytes());
    }
    h.digest()
}

/// Memoized [`content_hash`] per node of one graph.
#[derive(Clone, Debug, Default)]
pub struct Contents {
    memo: rustc_hash::FxHashMap<NodeId, u64>,
}

impl Contents {
    pub fn of(&mut self, g: &MetadataGraph, node: NodeId) -> u64 {
        *self
            .memo
            .entry(node)
            .or_insert_with(|| content_hash(g, node))
    }
}

/// One line of `ALIASKIT_BISECT_LOG`: a decision as the plugin made it.
///
/// A *full* record has its [`Detail`]: the two sides of the first query
/// that made the decision and why the analysis answered so. A *brief*
/// record (a decision outside the functions `ALIASKIT_BISECT_RECORDS`
/// names) has none: its line lacks `first`, `second` and `why`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "LogLine")]
pub struct LogRecord {
    pub id: DecisionId,
    pub analysis: Analysis,
    pub question: Question,
    /// The definite answer (what a kept decision gives).
    pub answer: String,
    /// Whether the selection kept the definite answer in this run.
    pub kept: bool,
    pub module: String,
    /// The module's key (what `+mBITS` and `+mxHEX:BITS` terms match);
    /// None in logs written before it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub module_key: Option<ModuleKey>,
    pub function: String,
    /// None in a brief record.
    #[serde(flatten)]
    pub detail: Option<Detail>,
    /// More than one pair of nodes in this process has this id (equal
    /// contents): they are kept or dropped together.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared: bool,
}

/// What a full [`LogRecord`] says beyond the decision itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Detail {
    /// The first query that made this decision, its two sides.
    pub first: Side,
    pub second: Side,
    /// Why the analysis answered so.
    pub why: String,
}

/// A decision line as written: a full record has all of `first`, `second`
/// and `why`, a brief one none.
#[derive(Deserialize)]
struct LogLine {
    id: DecisionId,
    analysis: Analysis,
    question: Question,
    answer: String,
    kept: bool,
    module: String,
    #[serde(default)]
    module_key: Option<ModuleKey>,
    function: String,
    first: Option<Side>,
    second: Option<Side>,
    why: Option<String>,
    #[serde(default)]
    shared: bool,
}

impl TryFrom<LogLine> for LogRecord {
    type Error = String;

    fn try_from(l: LogLine) -> Result<LogRecord, String> {
        let detail = match (l.first, l.second, l.why) {
            (Some(first), Some(second), Some(why)) => Some(Detail { first, second, why }),
            (None, None, None) => None,
            _ => {
                return Err(format!(
                    "decision {} has some but not all of `first`, `second` and `why`",
                    l.id
                ))
            }
        };
        Ok(LogRecord {
            id: l.id,
            analysis: l.analysis,
            question: l.question,
            answer: l.answer,
            kept: l.kept,
            module: l.module,
            module_key: l.module_key,
            function: l.function,
            detail,
            shared: l.shared,
        })
    }
}

impl LogRecord {
    /// Whether this is a brief record: no sides, no why.
    pub fn is_brief(&self) -> bool {
        self.detail.is_none()
    }

    /// Whether two decisions were first asked about the same two
    /// instructions of one function (in either order): one claim can stand
    /// behind several decisions (a scope list decided one way, then the
    /// other; the TBAA tags of the pair), each asked only once the one
    /// before it answers MayAlias. A brief record names no instructions.
    pub fn same_accesses(&self, other: &LogRecord) -> bool {
        let pair = |r: &LogRecord| {
            let d = r.detail.as_ref()?;
            let (a, b) = (&d.first.instruction, &d.second.instruction);
            if a.is_empty() || b.is_empty() {
                None
            } else if a <= b {
                Some((a.clone(), b.clone()))
            } else {
                Some((b.clone(), a.clone()))
            }
        };
        self.module == other.module
            && self.function == other.function
            && pair(self).is_some_and(|p| pair(other) == Some(p))
    }
}

/// A line of `ALIASKIT_BISECT_LOG` that is not a decision: what the plugin
/// saw, so that the driver can tell a run that rebuilt nothing (a cache
/// replayed it) from one whose build made no decisions. Written as JSON
/// with an `"event"` field first; a decision line ([`LogRecord`]) has none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "kebab-case")]
pub enum Event {
    /// The plugin was loaded into a process with either variable set (once
    /// per process).
    Load {
        pid: u32,
        /// The process's arguments, the program first.
        arguments: Vec<String>,
        /// The file name of the parent process's program (`ccache` when the
        /// compiler runs under it), or empty.
        #[serde(default)]
        parent: String,
    },
    /// A module went through a pass pipeline in this process (once per
    /// process and module name), with how many instructions carry each
    /// kind of alias metadata.
    Module {
        module: String,
        /// Instructions with `!tbaa` or `!tbaa.struct`.
        tbaa: u64,
        /// Instructions with `!alias.scope` or `!noalias`.
        scoped: u64,
    },
    /// An analysis was built for a function of a module: it is in that
    /// pipeline's AA pipeline and enabled (once per process, module and
    /// analysis).
    Analysis { module: String, analysis: Analysis },
}

/// Whether a line of `ALIASKIT_BISECT_LOG` is an [`Event`] (its first
/// field is `"event"`), not a decision ([`LogRecord`]).
pub fn is_event_line(line: &str) -> bool {
    line.trim_start()
        .strip_prefix('{')
        .is_some_and(|rest| rest.trim_start().starts_with("\"event\""))
}

/// One side of a decision: the instruction that asked, its source
/// location (`!dbg`, [`crate::names::describe_location`]; empty without),
/// and its metadata.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Side {
    pub instruction: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub location: String,
    pub metadata: String,
    /// How the instruction stands to the input (the module as it entered
    /// the pipeline) when it is not one of the input's as it was; absent
    /// for an input instruction, or when the plugin could not tell.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

/// How a decided instruction stands to the input, when it is not one of
/// the input's instructions as they were.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OriginKind {
    /// A pass made it: it is not one of the input's instructions.
    Made,
    /// One of the input's instructions, which a pass changed in place (its
    /// opcode, type or operand count differ from the input's).
    Changed,
}

/// Where a decided instruction came from ([`Side::origin`]): it was
/// decided in the form [`Side::instruction`] shows, and, for one a pass
/// made, the input's instruction at the same source location with the
/// same opcode (a load or store: the same type; failing that, a memory
/// intrinsic there) when exactly one is known.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    pub how: OriginKind,
    /// That input instruction as the input has it: for a `.ll` input, its
    /// line of the user's file; empty when not known.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub input: String,
    /// Where `input` is (`file.ll:12`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub input_location: String,
    /// What is known of it otherwise (`the input has 2 loads of i32 at
    /// this location`); empty when nothing is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}

impl Origin {
    /// The lines reports print under the instruction.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![match self.how {
            OriginKind::Made => "(made by the pipeline; decided in this form)".to_owned(),
            OriginKind::Changed => {
                "(an input instruction a pass changed; decided in this form)".to_owned()
            }
        }];
        if !self.input.is_empty() {
            out.push(match self.input_location.as_str() {
                "" => format!("from the input's: {}", self.input),
                at => format!("from the input's {at}: {}", self.input),
            });
        } else if !self.note.is_empty() {
            out.push(self.note.clone());
        }
        out
    }
}

impl Side {
    /// The instruction as reports show it: its location, then its text.
    pub fn located(&self) -> String {
        crate::names::with_location(
            Some(self.location.as_str()).filter(|l| !l.is_empty()),
            &self.instruction,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(g: &mut MetadataGraph, name: &str, offset: u64) -> NodeId {
        let root_name = g.string("Simple C/C++ TBAA");
        let root = g.get_tuple(vec![root_name]);
        let n = g.string(name);
        let ty = g.get_tuple(vec![n, Operand::Node(root), Operand::int64(0)]);
        g.get_tuple(vec![
            Operand::Node(ty),
            Operand::Node(ty),
            Operand::int64(offset),
        ])
    }

    #[test]
    fn content_is_independent_of_ids_and_import_order() {
        let mut g1 = MetadataGraph::new();
        let a1 = tag(&mut g1, "int", 0);
        let b1 = tag(&mut g1, "float", 0);
        let mut g2 = MetadataGraph::new();
        let _padding = g2.add_tuple(vec![]);
        let b2 = tag(&mut g2, "float", 0);
        let a2 = tag(&mut g2, "int", 0);
        assert_ne!(a1, a2);
        assert_eq!(content_hash(&g1, a1), content_hash(&g2, a2));
        assert_eq!(content_hash(&g1, b1), content_hash(&g2, b2));
        assert_ne!(content_hash(&g1, a1), content_hash(&g1, b1));
        let c1 = tag(&mut g1, "int", 4);
        assert_ne!(content_hash(&g1, a1), content_hash(&g1, c1));
    }

    #[test]
    fn cycles_and_sharing_are_written_exactly() {
        // !d = !{!d, !"D"}, and a node sharing one child twice vs two
        // equal children.
        let mut g = MetadataGraph::new();
        let name = g.string("D");
        let d = g.add_self_referential(vec![name]);
        let e = g.reserve();
        let inner = g.add_tuple(vec![name]);
        g.define_tuple(e, vec![Operand::Node(inner), name]);
        assert_ne!(content_hash(&g, d), content_hash(&g, e));
        let leaf = g.add_tuple(vec![name]);
        let leaf2 = g.add_tuple(vec![name]);
        let shared = g.add_tuple(vec![Operand::Node(leaf), Operand::Node(leaf)]);
        let split = g.add_tuple(vec![Operand::Node(leaf), Operand::Node(leaf2)]);
        assert_ne!(content_hash(&g, shared), content_hash(&g, split));
        // Two distinct but equal nodes have one content.
        assert_eq!(content_hash(&g, leaf), content_hash(&g, leaf2));
        let undefined = g.reserve();
        let empty = g.add_tuple(vec![]);
        assert_ne!(content_hash(&g, undefined), content_hash(&g, empty));
    }

    #[test]
    fn ids_depend_on_function_question_and_order_where_it_matters() {
        let m = ModuleKey::new("m.c", ["main"]);
        let f = FunctionKey::new(m, "f");
        let g = FunctionKey::new(m, "g");
        let other_module = FunctionKey::new(ModuleKey::new("n.c", ["main"]), "f");
        assert_ne!(f, g);
        assert_ne!(f, other_module);
        let pair = f.decision(Question::TagPair, 1, 2);
        assert_eq!(pair, f.decision(Question::TagPair, 2, 1));
        assert_ne!(pair, g.decision(Question::TagPair, 1, 2));
        let scoped = f.decision(Question::ScopeLists, 1, 2);
        assert_ne!(scoped, f.decision(Question::ScopeLists, 2, 1));
        assert_ne!(scoped, pair);
        assert_ne!(
            f.decision(Question::Immutable, 1, 0),
            f.decision(Question::Errno, 1, 0)
        );
    }

    #[test]
    fn module_keys_do_not_depend_on_the_directory() {
        let key = |path, symbols: &[&'static str]| ModuleKey::new(path, symbols.iter().copied());
        let util = key("util.c", &["util_hash", "util_table"]);
        // Where it lies, how it was named, in which order the symbols come.
        assert_eq!(
            util,
            key("/home/u/src/util.c", &["util_hash", "util_table"])
        );
        assert_eq!(util, key("../src/util.c", &["util_table", "util_hash"]));
        assert_eq!(util, key("C:\\src\\util.c", &["util_hash", "util_table"]));
        // Another module with the same file name defines other symbols.
        assert_ne!(util, key("lib/util.c", &["lib_util_init"]));
        assert_ne!(util, key("util.c", &["util_hash"]));
        // Names cannot run into each other.
        assert_ne!(key("ab", &["c"]), key("a", &["bc"]));
        assert_ne!(key("x.c", &["ab", "c"]), key("x.c", &["a", "bc"]));
        // Without symbols, the whole path.
        assert_ne!(key("a/util.c", &[]), key("b/util.c", &[]));
        assert_eq!(key("a/util.c", &[]), key("a/util.c", &[]));
        assert_eq!(file_name("/abs/dir/x.c"), "x.c");
        assert_eq!(file_name("x.ll"), "x.ll");
        assert_eq!(file_name("dir\\x.f90"), "x.f90");
    }

    #[test]
    fn ids_print_and_parse() {
        let id = DecisionId(0x00ab_cdef_0123_4567);
        assert_eq!(id.to_string(), "00abcdef01234567");
        assert_eq!("00abcdef01234567".parse::<DecisionId>(), Ok(id));
        assert_eq!("0xabcdef01234567".parse::<DecisionId>(), Ok(id));
        assert!("xyz".parse::<DecisionId>().is_err());
        assert!("12345678901234567".parse::<DecisionId>().is_err());
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, "\"00abcdef01234567\"");
        assert_eq!(serde_json::from_str::<DecisionId>(&json).unwrap(), id);
    }

    #[test]
    fn log_records_round_trip_through_json() {
        let r = LogRecord {
            id: DecisionId(42),
            analysis: Analysis::ScopedNoAlias,
            question: Question::ScopeLists,
            answer: "NoAlias".into(),
            kept: true,
            module: "m.ll".into(),
            module_key: Some(ModuleKey(0xabc)),
            function: "f".into(),
            detail: Some(Detail {
                first: Side {
                    instruction: "store i32 0, ptr %p".into(),
                    location: String::new(),
                    metadata: "!alias.scope {\"s\" in \"D\"}".into(),
                    origin: None,
                },
                second: Side {
                    instruction: "%v = load i32, ptr %q".into(),
                    origin: Some(Origin {
                        how: OriginKind::Made,
                        input: "%x = load i32, ptr %p".into(),
                        input_location: "m.ll:4".into(),
                        note: String::new(),
                    }),
                    ..Side::default()
                },
                why: "because".into(),
            }),
            shared: false,
        };
        let line = serde_json::to_string(&r).unwrap();
        assert!(line.contains("\"analysis\":\"scoped-noalias\""));
        assert!(line.contains("\"question\":\"scope-lists\""));
        assert!(line.contains("\"origin\":{\"how\":\"made\",\"input\":"));
        assert!(!line.contains("shared") && !line.contains("note"));
        // An input instruction has no origin at all.
        assert_eq!(line.matches("origin").count(), 1);
        assert_eq!(serde_json::from_str::<LogRecord>(&line).unwrap(), r);
        // The fields in the order the log has always had them.
        let at = |k: &str| line.find(&format!("\"{k}\":")).unwrap();
        assert!(at("function") < at("first") && at("second") < at("why"));
        assert!(!r.is_brief());
    }

    #[test]
    fn brief_records_round_trip_and_say_so() {
        let r = LogRecord {
            id: DecisionId(7),
            analysis: Analysis::Tbaa,
            question: Question::TagPair,
            answer: "NoAlias".into(),
            kept: false,
            module: "m.c".into(),
            module_key: None,
            function: "g".into(),
            detail: None,
            shared: true,
        };
        let line = serde_json::to_string(&r).unwrap();
        assert_eq!(
            line,
            "{\"id\":\"0000000000000007\",\"analysis\":\"tbaa\",\"question\":\"tag-pair\",\"answer\":\"NoAlias\",\"kept\":false,\"module\":\"m.c\",\"function\":\"g\",\"shared\":true}"
        );
        let back = serde_json::from_str::<LogRecord>(&line).unwrap();
        assert!(back.is_brief());
        assert_eq!(back, r);
        // A brief record names no accesses, not even its own.
        assert!(!back.same_accesses(&back));
        // A line with only part of the detail is an error, not a brief
        // record.
        let partial = line.replace("\"shared\"", "\"why\":\"because\",\"shared\"");
        let e = serde_json::from_str::<LogRecord>(&partial).unwrap_err();
        assert!(e.to_string().contains("some but not all"), "{e}");
    }

    #[test]
    fn origins_say_how_and_from_what() {
        let mut o = Origin {
            how: OriginKind::Made,
            input: "call void @llvm.memcpy(ptr %a, ptr %b, i64 4, i1 false)".into(),
            input_location: "m.ll:7".into(),
            note: "unused while input is known".into(),
        };
        assert_eq!(
            o.lines(),
            [
                "(made by the pipeline; decided in this form)",
                "from the input's m.ll:7: call void @llvm.memcpy(ptr %a, ptr %b, i64 4, i1 false)"
            ]
        );
        o.input.clear();
        assert_eq!(o.lines()[1], "unused while input is known");
        o.note.clear();
        o.how = OriginKind::Changed;
        assert_eq!(
            o.lines(),
            ["(an input instruction a pass changed; decided in this form)"]
        );
    }

    #[test]
    fn decisions_about_the_same_accesses_in_either_order() {
        let record = |analysis, first: &str, second: &str| LogRecord {
            id: DecisionId(1),
            analysis,
            question: Question::ScopeLists,
            answer: "NoAlias".into(),
            kept: true,
            module: "m.ll".into(),
            module_key: None,
            function: "f".into(),
            detail: Some(Detail {
                first: Side {
                    instruction: first.into(),
                    ..Side::default()
                },
                second: Side {
                    instruction: second.into(),
                    ..Side::default()
                },
                why: String::new(),
            }),
            shared: false,
        };
        let (st, ld) = ("store i32 5, ptr %a", "%v = load i32, ptr %b");
        let one_way = record(Analysis::ScopedNoAlias, st, ld);
        // The other way round, and the pair's tags.
        assert!(one_way.same_accesses(&record(Analysis::ScopedNoAlias, ld, st)));
        assert!(one_way.same_accesses(&record(Analysis::Tbaa, st, ld)));
        assert!(!one_way.same_accesses(&record(Analysis::Tbaa, st, "%w = load i32, ptr %c")));
        let mut elsewhere = record(Analysis::ScopedNoAlias, st, ld);
        elsewhere.function = "g".into();
        assert!(!one_way.same_accesses(&elsewhere));
        // A side without an instruction names no pair.
        let lone = record(Analysis::Tbaa, "", "");
        assert!(!lone.same_accesses(&lone));
    }
}
