//! The worked examples of LLVM 22.1.8's TBAA, as tables: alias answers for
//! old- and new-format tags, and `getMostGenericTBAA` results (each row was
//! observed with LLVM 22.1.8's opt).

use aliaskit_core::tbaa::build::TypeDag;
use aliaskit_core::tbaa::{GenericTag, Reason, TbaaOracle};
use aliaskit_core::{MetadataGraph, NodeId, Operand};

/// Renders a tag as `{base,access,off[,size][,flag]}` with type names.
fn tag_text(g: &MetadataGraph, tag: NodeId) -> String {
    let ops = g.operands(tag).unwrap();
    let parts: Vec<String> = ops
        .iter()
        .map(|op| match *op {
            Operand::Node(n) => type_name(g, n),
            Operand::Int(v) => (v.value.unwrap() as i64).to_string(),
            _ => "?".into(),
        })
        .collect();
    format!("{{{}}}", parts.join(","))
}

fn type_name(g: &MetadataGraph, ty: NodeId) -> String {
    let ops = g.operands(ty).unwrap();
    let name = ops
        .iter()
        .find_map(|op| match *op {
            Operand::String(s) => Some(g.str(s).to_owned()),
            _ => None,
        })
        .unwrap_or_else(|| "?".into());
    name
}

fn generic_text(g: &MetadataGraph, t: GenericTag) -> String {
    match t {
        GenericTag::None => "none".into(),
        GenericTag::Existing(n) => tag_text(g, n),
        GenericTag::AccessTo { ty, new_format } => {
            let n = type_name(g, ty);
            if new_format {
                format!("{{{n},{n},0,-1}}")
            } else {
                format!("{{{n},{n},0}}")
            }
        }
    }
}

/// Asserts `getMostGenericTBAA` of each row's two tags: `expected`, as
/// [`generic_text`] writes it.
fn assert_most_generic(o: &mut TbaaOracle, d: &TypeDag, rows: &[(NodeId, NodeId, &str)]) {
    for &(a, b, expected) in rows {
        let got = o.most_generic_tag(&d.g, Some(a), Some(b)).unwrap();
        assert_eq!(
            generic_text(&d.g, got),
            expected,
            "getMostGenericTBAA({}, {})",
            tag_text(&d.g, a),
            tag_text(&d.g, b)
        );
    }
}

/// Asserts that `x` and `y` may alias (`expected`) asked either way round.
fn assert_aliases_both_ways(
    o: &mut TbaaOracle,
    g: &MetadataGraph,
    (x, y): (Option<NodeId>, Option<NodeId>),
    expected: bool,
    what: &str,
) {
    for (a, b) in [(x, y), (y, x)] {
        assert_eq!(
            o.aliases(g, a, b),
            Ok(expected),
            "{what}: {a:?} vs {b:?} (expected may-alias {expected})"
        );
    }
}

/// Old format: root ⊃ char ⊃ {int, float}; S = {int@0, int@4};
/// T = {int@0, S@4, int@12}; and an `int` under a second root. With a tag
/// for each scalar (`other`: the second root's int) and S's two fields.
struct Old {
    d: TypeDag,
    int: NodeId,
    s: NodeId,
    t: NodeId,
    char_tag: NodeId,
    int_tag: NodeId,
    float_tag: NodeId,
    other: NodeId,
    s_a: NodeId,
    s_b: NodeId,
}

fn old_format() -> Old {
    let mut d = TypeDag::new();
    let root = d.root("root");
    let char_ = d.old_scalar("char", root);
    let int = d.old_scalar("int", char_);
    let float = d.old_scalar("float", char_);
    let s = d.old_struct("S", &[(int, 0), (int, 4)]);
    let t = d.old_struct("T", &[(int, 0), (s, 4), (int, 12)]);
    let other_root = d.root("other root");
    let other_root_int = d.old_scalar("int", other_root);
    Old {
        int,
        s,
        t,
        char_tag: d.old_tag(char_, char_, 0),
        int_tag: d.old_tag(int, int, 0),
        float_tag: d.old_tag(float, float, 0),
        other: d.old_tag(other_root_int, other_root_int, 0),
        s_a: d.old_tag(s, int, 0),
        s_b: d.old_tag(s, int, 4),
        d,
    }
}

#[test]
fn old_format_alias_table() {
    let mut old = old_format();
    let (int, t) = (old.int, old.t);
    let t_s_a = old.d.old_tag(t, int, 4);
    let t_s_b = old.d.old_tag(t, int, 8);
    let t_i = old.d.old_tag(t, int, 12);
    let rows: &[(NodeId, Option<NodeId>, bool)] = &[
        (old.int_tag, Some(old.float_tag), false),
        (old.char_tag, Some(old.int_tag), true),
        (old.s_b, Some(old.int_tag), true),
        (old.s_b, Some(old.float_tag), false),
        (t_s_b, Some(old.s_b), true),
        (t_s_a, Some(old.s_b), false),
        (t_i, Some(old.s_b), false),
        (old.other, Some(old.int_tag), true),
        (old.int_tag, None, true),
        (old.s_a, Some(old.s_b), false),
    ];
    let mut o = TbaaOracle::new();
    for &(a, b, expected) in rows {
        assert_aliases_both_ways(&mut o, &old.d.g, (Some(a), b), expected, "old format");
    }
}

#[test]
fn old_format_reasons() {
    let mut old = old_format();
    let s_b = old.s_b;
    let t_s_b = old.d.old_tag(old.t, old.int, 8);
    let mut o = TbaaOracle::new();
    let m = o
        .match_access_tags(&old.d.g, Some(t_s_b), Some(s_b))
        .unwrap();
    // T@8 → field S@4, rebased offset 4 == 4.
    assert_eq!(
        m.reason,
        Reason::PathMeets {
            base: t_s_b,
            sub: s_b,
            ty: old.s,
            offset: 4
        }
    );
    assert!(m.reason.describe(&old.d.g).contains("offset 4"));
}

/// New format: root ⊃ char ⊃ int; S = {int@0 (4 bytes), int@4 (4 bytes)}.
/// The DAG, int, and the tags of the whole S and of its two fields.
fn new_format() -> (TypeDag, NodeId, [NodeId; 3]) {
    let mut d = TypeDag::new();
    let root = d.root("root");
    let char_ = d.new_scalar(root, 1, "char");
    let int = d.new_scalar(char_, 4, "int");
    let s = d.new_struct(char_, 8, "S", &[(int, 0, 4), (int, 4, 4)]);
    let tags = [
        d.new_tag(s, s, 0, 8),
        d.new_tag(s, int, 0, 4),
        d.new_tag(s, int, 4, 4),
    ];
    (d, int, tags)
}

#[test]
fn new_format_alias_table() {
    let (d, _, [whole, s_a, s_b]) = new_format();
    let mut o = TbaaOracle::new();
    assert_eq!(o.aliases(&d.g, Some(s_a), Some(s_b)), Ok(false));
    assert_eq!(o.aliases(&d.g, Some(whole), Some(s_b)), Ok(true));
    assert_eq!(o.aliases(&d.g, Some(s_b), Some(whole)), Ok(true));
}

#[test]
fn most_generic_tag_table_old_format() {
    let mut old = old_format();
    let (int, s) = (old.int, old.s);
    let (s_a, s_b, int_tag, float_tag, other) =
        (old.s_a, old.s_b, old.int_tag, old.float_tag, old.other);
    let s_b_const = old.d.old_tag_flag(s, int, 4, 1);
    let int_const = old.d.old_tag_flag(int, int, 0, 1);
    let d = old.d;
    let rows = [
        (s_b, s_a, "{int,int,0}"),
        (s_b, int_tag, "{int,int,0}"),
        (int_tag, s_b, "{int,int,0}"),
        (int_tag, int_const, "{int,int,0}"),
        (int_const, int_tag, "{int,int,0}"),
        // LLVM 22.1.8 keeps the subobject tag verbatim, immutable flag and all.
        (s_b, s_b_const, "{S,int,4,1}"),
        (s_b_const, s_b, "{S,int,4}"),
        (int_tag, float_tag, "{char,char,0}"),
        (other, int_tag, "none"),
    ];
    let mut o = TbaaOracle::new();
    assert_most_generic(&mut o, &d, &rows);
    assert_eq!(
        o.most_generic_tag(&d.g, Some(s_b), None),
        Ok(GenericTag::None)
    );
    assert_eq!(
        o.most_generic_tag(&d.g, Some(s_b), Some(s_b)),
        Ok(GenericTag::Existing(s_b))
    );
}

#[test]
fn most_generic_tag_table_new_format() {
    let (mut d, int, [whole, s_a, s_b]) = new_format();
    let int_tag = d.new_tag(int, int, 0, 4);
    let rows = [
        (whole, s_b, "{S,int,4,4}"),
        (s_b, whole, "{S,S,0,8}"),
        (s_a, s_b, "{int,int,0,-1}"),
        (int_tag, s_b, "{int,int,0,-1}"),
        (s_b, int_tag, "{int,int,0,4}"),
    ];
    assert_most_generic(&mut TbaaOracle::new(), &d, &rows);
}

/// The matrix of LLVM's struct-path tests (g..g12 of tbaa-path.ll and
/// tbaa-path-new.ll), in both encodings.
#[test]
fn struct_path_matrix_both_formats() {
    for new_format in [false, true] {
        let mut d = TypeDag::new();
        let root = d.root("Simple C++ TBAA");
        let (char_, short, int);
        let (a, b, s, s2, c, dd);
        if new_format {
            char_ = d.new_scalar(root, 1, "omnipotent char");
            short = d.new_scalar(char_, 2, "short");
            int = d.new_scalar(char_, 4, "int");
            a = d.new_struct(
                char_,
                16,
                "StructA",
                &[(short, 0, 2), (int, 4, 4), (short, 8, 2), (int, 12, 4)],
            );
            b = d.new_struct(
                char_,
                24,
                "StructB",
                &[(short, 0, 2), (a, 4, 16), (int, 20, 4)],
            );
            s = d.new_struct(char_, 8, "StructS", &[(short, 0, 2), (int, 4, 4)]);
            s2 = d.new_struct(char_, 8, "StructS2", &[(short, 0, 2), (int, 4, 4)]);
            c = d.new_struct(
                char_,
                32,
                "StructC",
                &[(short, 0, 2), (b, 4, 24), (int, 28, 4)],
            );
            dd = d.new_struct(
                char_,
                36,
                "StructD",
                &[(short, 0, 2), (b, 4, 24), (int, 28, 4), (char_, 32, 1)],
            );
        } else {
            char_ = d.old_scalar("omnipotent char", root);
            short = d.old_scalar("short", char_);
            int = d.old_scalar("int", char_);
            a = d.old_struct("StructA", &[(short, 0), (int, 4), (short, 8), (int, 12)]);
            b = d.old_struct("StructB", &[(short, 0), (a, 4), (int, 20)]);
            s = d.old_struct("StructS", &[(short, 0), (int, 4)]);
            s2 = d.old_struct("StructS2", &[(short, 0), (int, 4)]);
            c = d.old_struct("StructC", &[(short, 0), (b, 4), (int, 28)]);
            dd = d.old_struct("StructD", &[(short, 0), (b, 4), (int, 28), (char_, 32)]);
        }
        let mut tag = |(base, access, off, size): (NodeId, NodeId, u64, u64)| {
            if new_format {
                d.new_tag(base, access, off, size)
            } else {
                d.old_tag(base, access, off)
            }
        };
        // Each side: (base, access type, offset, size).
        let rows = [
            ("g", (int, int, 0, 4), (a, int, 4, 4), true),
            ("g2", (int, int, 0, 4), (a, short, 0, 2), false),
            ("g3", (a, int, 4, 4), (b, int, 8, 4), true),
            ("g4", (a, int, 4, 4), (b, short, 4, 2), false),
            ("g5", (a, int, 4, 4), (b, int, 20, 4), false),
            ("g6", (a, int, 4, 4), (b, int, 16, 4), false),
            ("g7", (a, int, 4, 4), (s, int, 4, 4), false),
            ("g8", (a, int, 4, 4), (s, short, 0, 2), false),
            ("g9", (s, int, 4, 4), (s2, int, 4, 4), false),
            ("g10", (s, int, 4, 4), (s2, short, 0, 2), false),
            ("g11", (c, int, 12, 4), (dd, int, 12, 4), false),
            ("g12", (b, int, 8, 4), (b, int, 8, 4), true),
        ]
        .map(|(name, x, y, expected)| (name, tag(x), tag(y), expected));
        let mut o = TbaaOracle::new();
        for (name, x, y, expected) in rows {
            let what = format!("{name} (new format: {new_format})");
            assert_aliases_both_ways(&mut o, &d.g, (Some(x), Some(y)), expected, &what);
        }
    }
}
