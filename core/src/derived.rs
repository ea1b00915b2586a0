//! Where a node that is not in the input came from.
//!
//! Reports number nodes as the input does ([`crate::names::Slot`]); a pass
//! makes nodes of its own, and a tag or a scope list that decided an
//! answer may be one of them. Given what the input's accesses of the same
//! function carried (their `!tbaa` tags, their scope lists, the
//! `!tbaa.struct` of their memory copies), this says what such a node can
//! have been made from, by LLVM's own rules:
//!
//! * a field of a copy's `!tbaa.struct` (InstCombine and SROA turn a copy
//!   into loads and stores tagged with its fields' tags:
//!   `AAMDNodes::adjustForAccess`);
//! * the most generic tag of two input tags (`getMostGenericTBAA`, when
//!   two accesses are merged), asked of [`TbaaOracle::most_generic_tag`];
//! * the merge of two input scope lists (`getMostGenericAliasScope` for
//!   `!alias.scope`, `MDNode::intersect` for `!noalias`), asked of
//!   [`crate::scoped`]; or else a list made of input scopes only.
//!
//! Only pairs within one function are tried, at most [`MAX_PAIRED`] nodes
//! of each kind (the rest is "not known").

use crate::graph::{MetadataGraph, NodeId, Operand};
use crate::names::{describe_list, inliner_scope, Numbering};
use crate::scoped::{intersect_lists, most_generic_scope_list, scope_name, scopes_with_domains};
use crate::tbaa::query::{GenericTag, TbaaOracle};

/// Pairs are tried among at most this many input nodes of a kind.
pub const MAX_PAIRED: usize = 64;

/// A memory copy of the input with a `!tbaa.struct`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputCopy {
    /// The copy's `!tbaa.struct`.
    pub tbaa_struct: NodeId,
    /// Where it was: `llvm.memcpy.p0.p0.i64 at a.c:3:5`.
    pub place: String,
}

/// What the input's accesses of one function carried, each node once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputFunction {
    pub tags: Vec<NodeId>,
    pub lists: Vec<NodeId>,
    pub copies: Vec<InputCopy>,
}

/// What a node not on the input's accesses was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Field `field` (from 0) of the `!tbaa.struct` of input copy `copy`.
    CopyField {
        copy: usize,
        field: usize,
        offset: u64,
        size: u64,
    },
    /// The most generic tag of input tags `a` and `b`.
    MostGenericTag { a: NodeId, b: NodeId },
    /// The `!alias.scope` merge of input lists `a` and `b`.
    ScopeMerge { a: NodeId, b: NodeId },
    /// The `!noalias` merge (intersection) of input lists `a` and `b`.
    ScopeIntersection { a: NodeId, b: NodeId },
    /// A list made of input scopes only, but no merge of two input lists.
    InputScopes,
    /// A list whose scopes the inliner made for the `noalias` parameters
    /// of `callees` (names of their domains, in order, without repeats),
    /// with some of the input's scopes when `with_input`.
    Inlined {
        callees: Vec<String>,
        with_input: bool,
    },
}

/// Where tag `tag` came from, when the input's tags and copies of its
/// function tell.
pub fn tag_origin(
    g: &MetadataGraph,
    oracle: &mut TbaaOracle,
    tag: NodeId,
    input: &InputFunction,
) -> Option<Origin> {
    for (copy, c) in input.copies.iter().enumerate() {
        let Ok(ops) = g.operands(c.tbaa_struct) else {
            continue;
        };
        for (field, triple) in ops.chunks_exact(3).enumerate() {
            if triple[2] != Operand::Node(tag) {
                continue;
            }
            let int = |o: Operand| o.as_int().and_then(|v| v.value);
            if let (Some(offset), Some(size)) = (int(triple[0]), int(triple[1])) {
                return Some(Origin::CopyField {
                    copy,
                    field,
                    offset,
                    size,
                });
            }
        }
    }
    let tags = &input.tags[..input.tags.len().min(MAX_PAIRED)];
    for (i, &a) in tags.iter().enumerate() {
        for &b in &tags[i + 1..] {
            let Ok(merged) = oracle.most_generic_tag(g, Some(a), Some(b)) else {
                continue;
            };
            if is_generic_tag(g, tag, merged) {
                return Some(Origin::MostGenericTag { a, b });
            }
        }
    }
    None
}

/// Whether `tag` is what the merge `merged` makes.
fn is_generic_tag(g: &MetadataGraph, tag: NodeId, merged: GenericTag) -> bool {
    match merged {
        GenericTag::None => false,
        GenericTag::Existing(t) => t == tag,
        GenericTag::AccessTo { ty, new_format } => {
            let Ok(ops) = g.operands(tag) else {
                return false;
            };
            let offset_zero = ops
                .get(2)
                .and_then(|o| o.as_int())
                .is_some_and(|v| v.value == Some(0));
            ops.len() == if new_format { 4 } else { 3 }
                && ops[0] == Operand::Node(ty)
                && ops[1] == Operand::Node(ty)
                && offset_zero
        }
    }
}

/// Where scope list `list` came from, when the input's lists of its
/// function tell; `in_input` says whether a scope is in the input.
pub fn list_origin(
    g: &MetadataGraph,
    list: NodeId,
    input: &InputFunction,
    in_input: impl Fn(NodeId) -> bool,
) -> Option<Origin> {
    let ops = g.operands(list).ok()?;
    let lists = &input.lists[..input.lists.len().min(MAX_PAIRED)];
    for (i, &a) in lists.iter().enumerate() {
        for &b in &lists[i + 1..] {
            for (x, y) in [(a, b), (b, a)] {
                if most_generic_scope_list(g, x, y).is_ok_and(|m| m.as_deref() == Some(ops)) {
                    return Some(Origin::ScopeMerge { a: x, b: y });
                }
                if intersect_lists(g, x, y).is_ok_and(|m| m.as_deref() == Some(ops)) {
                    return Some(Origin::ScopeIntersection { a: x, b: y });
                }
            }
        }
    }
    let scopes = scopes_with_domains(g, list).ok()?;
    if scopes.is_empty() {
        return None;
    }
    if scopes.iter().all(|&(s, _)| in_input(s)) {
        return Some(Origin::InputScopes);
    }
    // Scopes the inliner made ("callee: %p" in domain "callee"), and
    // perhaps some of the input's.
    let mut callees: Vec<String> = Vec::new();
    for &(s, d) in &scopes {
        if in_input(s) {
            continue;
        }
        let (callee, _) = inliner_scope(scope_name(g, s), d.and_then(|d| scope_name(g, d)))?;
        if !callees.iter().any(|c| c == callee) {
            callees.push(callee.to_owned());
        }
    }
    let with_input = scopes.iter().any(|&(s, _)| in_input(s));
    Some(Origin::Inlined {
        callees,
        with_input,
    })
}

/// The note a report adds to a node that is not on the input's accesses:
/// `not in the input` (or `on no access of the input` for a node the
/// input has, but on no access), then what it was made from, when
/// known.
pub fn describe(
    g: &MetadataGraph,
    names: &dyn Numbering,
    in_input: bool,
    origin: Option<&Origin>,
    input: &InputFunction,
) -> String {
    let what = if in_input {
        "on no access of the input"
    } else {
        "not in the input"
    };
    let number = |n: NodeId| {
        names
            .number(n)
            .map_or_else(|| g.display(n, 2).to_string(), |s| s.to_string())
    };
    // Two of the input's lists, each by number and content.
    let lists = |a: NodeId, b: NodeId| {
        let list = |l: NodeId| format!("{} {}", number(l), describe_list(g, names, l));
        format!("{} and {}", list(a), list(b))
    };
    let from = match origin {
        None => return format!("{what}; what it was made from is not known"),
        Some(Origin::CopyField {
            copy,
            field,
            offset,
            size,
        }) => {
            let c = &input.copies[*copy];
            format!(
                "made from field {field} (offset {offset}, size {size}) of the !tbaa.struct {} of the copy {}",
                number(c.tbaa_struct),
                c.place
            )
        }
        Some(Origin::MostGenericTag { a, b }) => format!(
            "the most generic tag of the input's tags {} and {}",
            number(*a),
            number(*b)
        ),
        Some(Origin::ScopeMerge { a, b }) => {
            format!(
                "the merge of the input's !alias.scope lists {}",
                lists(*a, *b)
            )
        }
        Some(Origin::ScopeIntersection { a, b }) => {
            format!(
                "the intersection of the input's !noalias lists {}",
                lists(*a, *b)
            )
        }
        Some(Origin::InputScopes) => {
            "made of the input's scopes, but not the merge of two of this function's lists"
                .to_owned()
        }
        Some(Origin::Inlined {
            callees,
            with_input,
        }) => format!(
            "made by the inliner for the noalias parameters of {}{}",
            callees.join(", "),
            if *with_input {
                ", with some of the input's scopes"
            } else {
                ""
            }
        ),
    };
    format!("{what}: {from}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::{Slot, Unnumbered};
    use crate::tbaa::build::TypeDag;

    #[test]
    fn a_field_of_a_copy() {
        let mut d = TypeDag::new();
        let [int_tag, float_tag, char_tag] = d.c_scalar_tags();
        let s = d.tbaa_struct(&[(0, 4, int_tag), (4, 4, float_tag)]);
        let input = InputFunction {
            copies: vec![InputCopy {
                tbaa_struct: s,
                place: "llvm.memcpy.p0.p0.i64 at a.c:3:5".to_owned(),
            }],
            ..Default::default()
        };
        let mut oracle = TbaaOracle::new();
        let origin = tag_origin(&d.g, &mut oracle, float_tag, &input);
        assert_eq!(
            origin,
            Some(Origin::CopyField {
                copy: 0,
                field: 1,
                offset: 4,
                size: 4
            })
        );
        assert_eq!(
            describe(&d.g, &Unnumbered, true, origin.as_ref(), &input),
            format!(
                "on no access of the input: made from field 1 (offset 4, size 4) of the !tbaa.struct {} of the copy llvm.memcpy.p0.p0.i64 at a.c:3:5",
                d.g.display(s, 2)
            )
        );
        // A tag in no field and no merge: not known.
        assert_eq!(tag_origin(&d.g, &mut oracle, char_tag, &input), None);
    }

    #[test]
    fn the_most_generic_tag_of_two_input_tags() {
        let mut d = TypeDag::new();
        // What getMostGenericTBAA makes of int and float: char, whole.
        let [int_tag, float_tag, char_tag] = d.c_scalar_tags();
        let input = InputFunction {
            tags: vec![int_tag, float_tag],
            ..Default::default()
        };
        let mut oracle = TbaaOracle::new();
        assert_eq!(
            tag_origin(&d.g, &mut oracle, char_tag, &input),
            Some(Origin::MostGenericTag {
                a: int_tag,
                b: float_tag
            })
        );
        // With an offset it is not that merge.
        let char_ = d.c_scalars().char_;
        let odd = d.old_tag(char_, char_, 4);
        assert_eq!(tag_origin(&d.g, &mut oracle, odd, &input), None);
    }

    struct Numbers(Vec<NodeId>);
    impl Numbering for Numbers {
        fn number(&self, n: NodeId) -> Option<Slot> {
            let k = self.0.iter().position(|&m| m == n)? as u32;
            Some(Slot::Input(k))
        }
        fn place(&self, _: NodeId) -> Option<u32> {
            None
        }
    }

    #[test]
    fn merged_scope_lists() {
        let mut g = MetadataGraph::new();
        let d = g.add_self_referential(vec![]);
        let scope = |g: &mut MetadataGraph| g.add_self_referential(vec![Operand::Node(d)]);
        let (s1, s2, s3) = (scope(&mut g), scope(&mut g), scope(&mut g));
        let a = g.add_tuple(vec![Operand::Node(s1), Operand::Node(s2)]);
        let b = g.add_tuple(vec![Operand::Node(s2), Operand::Node(s3)]);
        let input = InputFunction {
            lists: vec![a, b],
            ..Default::default()
        };
        let inputs = [d, s1, s2, s3, a, b];
        let in_input = |n: NodeId| inputs.contains(&n);
        // !noalias of two merged accesses: the intersection.
        let both = g.add_tuple(vec![Operand::Node(s2)]);
        assert_eq!(
            list_origin(&g, both, &input, in_input),
            Some(Origin::ScopeIntersection { a, b })
        );
        // !alias.scope: the scopes of B, then of A, of shared domains.
        let union = g.add_tuple(vec![
            Operand::Node(s2),
            Operand::Node(s3),
            Operand::Node(s1),
        ]);
        assert_eq!(
            list_origin(&g, union, &input, in_input),
            Some(Origin::ScopeMerge { a, b })
        );
        let names = Numbers(vec![d, s1, s2, s3, a, b]);
        assert_eq!(
            describe(&g, &names, false, Some(&Origin::ScopeMerge { a, b }), &input),
            "not in the input: the merge of the input's !alias.scope lists !4 {!1 in !0, !2 in !0} and !5 {!2 in !0, !3 in !0}"
        );
        // Input scopes, but no merge of two lists.
        let other = g.add_tuple(vec![Operand::Node(s3), Operand::Node(s1)]);
        assert_eq!(
            list_origin(&g, other, &input, in_input),
            Some(Origin::InputScopes)
        );
        // A scope a pass made: nothing known.
        let s4 = scope(&mut g);
        let fresh = g.add_tuple(vec![Operand::Node(s4)]);
        assert_eq!(list_origin(&g, fresh, &input, in_input), None);
        // Scopes the inliner made for ramp's parameters, with an input one.
        let ramp = g.string("ramp");
        let rd = g.add_self_referential(vec![ramp]);
        let arg = g.string("ramp: argument 0");
        let s5 = g.add_self_referential(vec![Operand::Node(rd), arg]);
        let inlined = g.add_tuple(vec![Operand::Node(s5), Operand::Node(s1)]);
        let origin = list_origin(&g, inlined, &input, in_input);
        assert_eq!(
            origin,
            Some(Origin::Inlined {
                callees: vec!["ramp".into()],
                with_input: true
            })
        );
        assert_eq!(
            describe(&g, &names, false, origin.as_ref(), &input),
            "not in the input: made by the inliner for the noalias parameters of ramp, with some of the input's scopes"
        );
        assert_eq!(
            describe(&g, &names, false, None, &input),
            "not in the input; what it was made from is not known"
        );
    }
}
