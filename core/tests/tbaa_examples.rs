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

struct Old {
    d: TypeDag,
    char_: NodeId,
    int: NodeId,
    float: NodeId,
    s: NodeId,
    t: NodeId,
    other_root_int: NodeId,
}

/// Old format: root ⊃ char ⊃ {int, float}; S = {int@0, int@4};
/// T = {int@0, S@4, int@12}; and an `int` under a second root.
fn old_format() -> Old {
    let mut d = TypeDag::new();
    let root = d.root("root");
    let char_ = d.old_scalar("char", root);
    let int = d.old_scalar("int", char_);
    let float = d.old_scalar("float", char_);
    let s = d.old_struct("S", &[(int, 0), (int, 4)]);
    let t = d.old_struct("T", &[(int, 0), (s, 4), (int, 12)]);
    let other = d.root("other root");
    let other_root_int = d.old_scalar("int", other);
    Old {
        d,
        char_,
        int,
        float,
        s,
        t,
        other_root_int,
    }
}

#[test]
fn old_format_alias_table() {
    let Old {
        mut d,
        char_,
        int,
        float,
        s,
        t,
        other_root_int,
    } = old_format();
    let int_tag = d.old_tag(int, int, 0);
    let float_tag = d.old_tag(float, float, 0);
    let char_tag = d.old_tag(char_, char_, 0);
    let s_a = d.old_tag(s, int, 0);
    let s_b = d.old_tag(s, int, 4);
    let t_s_a = d.old_tag(t, int, 4);
    let t_s_b = d.old_tag(t, int, 8);
    let t_i = d.old_tag(t, int, 12);
    let other = d.old_tag(other_root_int, other_root_int, 0);
    let rows: &[(NodeId, Option<NodeId>, bool)] = &[
        (int_tag, Some(float_tag), false),
        (char_tag, Some(int_tag), true),
        (s_b, Some(int_tag), true),
        (s_b, Some(float_tag), false),
        (t_s_b, Some(s_b), true),
        (t_s_a, Some(s_b), false),
        (t_i, Some(s_b), false),
        (other, Some(int_tag), true),
        (int_tag, None, true),
        (s_a, Some(s_b), false),
    ];
    let mut o = TbaaOracle::new();
    for &(a, b, expected) in rows {
        for (x, y) in [(Some(a), b), (b, Some(a))] {
            assert_eq!(
                o.aliases(&d.g, x, y),
                Ok(expected),
                "{x:?} vs {y:?} (expected may-alias {expected})"
            );
        }
    }
}

#[test]
fn old_format_reasons() {
    let Old {
        mut d, int, s, t, ..
    } = old_format();
    let s_b = d.old_tag(s, int, 4);
    let t_s_b = d.old_tag(t, int, 8);
    let mut o = TbaaOracle::new();
    let m = o.match_access_tags(&d.g, Some(t_s_b), Some(s_b)).unwrap();
    // T@8 → field S@4, rebased offset 4 == 4.
    assert_eq!(
        m.reason,
        Reason::PathMeets {
            base: t_s_b,
            sub: s_b,
            ty: s,
            offset: 4
        }
    );
    assert!(m.reason.describe(&d.g).contains("offset 4"));
}

#[test]
fn new_format_alias_table() {
    let mut d = TypeDag::new();
    let root = d.root("root");
    let char_ = d.new_scalar(root, 1, "char");
    let int = d.new_scalar(char_, 4, "int");
    let s = d.new_struct(char_, 8, "S", &[(int, 0, 4), (int, 4, 4)]);
    let s_a = d.new_tag(s, int, 0, 4);
    let s_b = d.new_tag(s, int, 4, 4);
    let whole = d.new_tag(s, s, 0, 8);
    let mut o = TbaaOracle::new();
    assert_eq!(o.aliases(&d.g, Some(s_a), Some(s_b)), Ok(false));
    assert_eq!(o.aliases(&d.g, Some(whole), Some(s_b)), Ok(true));
    assert_eq!(o.aliases(&d.g, Some(s_b), Some(whole)), Ok(true));
}

#[test]
fn most_generic_tag_table_old_format() {
    let Old {
        mut d,
        char_,
        int,
        float,
        s,
        other_root_int,
        ..
    } = old_format();
    let _ = char_;
    let s_b = d.old_tag(s, int, 4);
    let s_a = d.old_tag(s, int, 0);
    let s_b_const = d.old_tag_flag(s, int, 4, 1);
    let int_tag = d.old_tag(int, int, 0);
    let int_const = d.old_tag_flag(int, int, 0, 1);
    let float_tag = d.old_tag(float, float, 0);
    let other = d.old_tag(other_root_int, other_root_int, 0);
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
    for (a, b, expected) in rows {
        let got = o.most_generic_tag(&d.g, Some(a), Some(b)).unwrap();
        assert_eq!(
            generic_text(&d.g, got),
            expected,
            "getMostGenericTBAA({}, {})",
            tag_text(&d.g, a),
            tag_text(&d.g, b)
        );
    }
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
    let mut d = TypeDag::new();
    let root = d.root("root");
    let char_ = d.new_scalar(root, 1, "char");
    let int = d.new_scalar(char_, 4, "int");
    let s = d.new_struct(char_, 8, "S", &[(int, 0, 4), (int, 4, 4)]);
    let whole = d.new_tag(s, s, 0, 8);
    let s_a = d.new_tag(s, int, 0, 4);
    let s_b = d.new_tag(s, int, 4, 4);
    let int_tag = d.new_tag(int, int, 0, 4);
    let rows = [
        (whole, s_b, "{S,int,4,4}"),
        (s_b, whole, "{S,S,0,8}"),
        (s_a, s_b, "{int,int,0,-1}"),
        (int_tag, s_b, "{int,int,0,-1}"),
        (s_b, int_tag, "{int,int,0,4}"),
    ];
    let mut o = TbaaOracle::new();
    for (a, b, expected) in rows {
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
        let mut tag = |base: NodeId, access: NodeId, off: u64, size: u64| {
            if new_format {
                d.new_tag(base, access, off, size)
            } else {
                d.old_tag(base, access, off)
            }
        };
        let int_s = tag(int, int, 0, 4);
        let a_f32 = tag(a, int, 4, 4);
        let a_f16 = tag(a, short, 0, 2);
        let b_a_f32 = tag(b, int, 8, 4);
        let b_a_f16 = tag(b, short, 4, 2);
        let b_f32 = tag(b, int, 20, 4);
        let b_a_f32_2 = tag(b, int, 16, 4);
        let s_f32 = tag(s, int, 4, 4);
        let s_f16 = tag(s, short, 0, 2);
        let s2_f32 = tag(s2, int, 4, 4);
        let s2_f16 = tag(s2, short, 0, 2);
        let c_b_a_f32 = tag(c, int, 12, 4);
        let d_b_a_f32 = tag(dd, int, 12, 4);
        let rows = [
            ("g", int_s, a_f32, true),
            ("g2", int_s, a_f16, false),
            ("g3", a_f32, b_a_f32, true),
            ("g4", a_f32, b_a_f16, false),
            ("g5", a_f32, b_f32, false),
            ("g6", a_f32, b_a_f32_2, false),
            ("g7", a_f32, s_f32, false),
            ("g8", a_f32, s_f16, false),
            ("g9", s_f32, s2_f32, false),
            ("g10", s_f32, s2_f16, false),
            ("g11", c_b_a_f32, d_b_a_f32, false),
            ("g12", b_a_f32, b_a_f32, true),
        ];
        let mut o = TbaaOracle::new();
        for (name, x, y, expected) in rows {
            assert_eq!(
                o.aliases(&d.g, Some(x), Some(y)),
                Ok(expected),
                "{name} (new format: {new_format})"
            );
            assert_eq!(
                o.aliases(&d.g, Some(y), Some(x)),
                Ok(expected),
                "{name} reversed"
            );
        }
    }
}
