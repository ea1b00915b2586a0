//! How reports name what has no name of its own: anonymous scopes and
//! domains, and the source location of an instruction.
//!
//! Every report (bisect, explain, dot, verify, captures, the sanitizer's)
//! names scopes, domains and locations through these functions, so that
//! one thing is written one way everywhere.
//!
//! * A scope or domain with a name string is that string, quoted. When the
//!   inliner made it (LLVM 22's `AddAliasScopeMetadata` in
//!   `InlineFunction.cpp`: a domain named after the callee `f`, a scope
//!   `f: %p` per `noalias` argument, or `f: argument N` for the N-th
//!   unnamed one, counted among the `noalias` arguments from 0), the scope
//!   says so: `"f: %p" (made by the inliner for argument %p of f)`.
//! * An anonymous one is its number in the input (`!7`, from a
//!   [`Numbering`]; `!new.7` for a node a pass made, [`Slot`]) and, for a scope, its place among the scopes of its
//!   domain in the order of those numbers: `!7 (2nd scope of domain !5)`.
//!   Two anonymous domains are thus always told apart. In a list, a scope
//!   is short (`"f: %p" in "f"`, `!7 in !5`), and a sentence about lists
//!   ends with what the short forms do not say ([`list_notes`]), once per
//!   scope.
//! * A location is `file:line:col`, then the locations it was inlined at:
//!   `a.c:3:5 (inlined at b.c:10:2, then at c.c:1:1)`; an instruction with
//!   one is written `a.c:3:5: store i32 ...`, one without as before.

use crate::graph::{MetadataGraph, NodeId};
use crate::scoped::{scope_domain, scope_name, scopes_with_domains};

/// A node's number as reports write it: its number in the input (the
/// module as it entered the pipeline: for a `.ll` file, the number the
/// file gives it), or, for a node that is not in the input (a pass made
/// it), its number in the module now, written `!new.N` so that it can be
/// taken neither for one of the user's nodes nor for a number of the
/// input.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Slot {
    /// `!N`: the input's node N.
    Input(u32),
    /// `!new.N`: not in the input.
    New(u32),
}

impl Slot {
    /// Whether the node is in the input.
    pub fn in_input(self) -> bool {
        matches!(self, Slot::Input(_))
    }
}

impl std::fmt::Display for Slot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Slot::Input(n) => write!(f, "!{n}"),
            Slot::New(n) => write!(f, "!new.{n}"),
        }
    }
}

/// What the module knows of a node that its content does not say: the
/// number it has ([`Slot`]), and for a scope, its place among the scopes
/// of its domain. The plugin's printer is the one numbering of a module;
/// reports without a module use [`Unnumbered`].
pub trait Numbering {
    /// The number of `node`, if it has one.
    fn number(&self, node: NodeId) -> Option<Slot>;
    /// The place (from 1) of `scope` among the scopes of its domain, in
    /// the order of their numbers.
    fn place(&self, scope: NodeId) -> Option<u32>;
    /// The loop around the `noalias.scope.decl` of `scope`, described
    /// (`the loop at a.c:3:5`), when the decl is in one: each iteration
    /// then begins a new instance of the scope.
    fn decl_loop(&self, _scope: NodeId) -> Option<String> {
        None
    }
}

/// No numbers at all (unit tests, and reports made without a module).
pub struct Unnumbered;

impl Numbering for Unnumbered {
    fn number(&self, _: NodeId) -> Option<Slot> {
        None
    }
    fn place(&self, _: NodeId) -> Option<u32> {
        None
    }
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `21st`.
pub fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The argument an inliner-made scope stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InlinedArgument<'a> {
    /// `f: %p`: the argument's name, without `%`.
    Named(&'a str),
    /// `f: argument N`: the N-th (from 0) unnamed `noalias` argument.
    Unnamed(u32),
}

impl InlinedArgument<'_> {
    /// `argument %p`, or `the 2nd noalias argument`.
    pub fn describe(&self) -> String {
        match self {
            InlinedArgument::Named(p) => format!("argument %{p}"),
            InlinedArgument::Unnamed(k) => format!("the {} noalias argument", ordinal(k + 1)),
        }
    }
}

/// The callee and argument of a scope named the way LLVM's inliner names
/// the scopes it makes: domain `f`, scope `f: %p` or `f: argument N`.
pub fn inliner_scope<'a>(
    scope: Option<&'a str>,
    domain: Option<&'a str>,
) -> Option<(&'a str, InlinedArgument<'a>)> {
    let (scope, domain) = (scope?, domain?);
    let rest = scope.strip_prefix(domain)?.strip_prefix(": ")?;
    if let Some(name) = rest.strip_prefix('%') {
        return Some((domain, InlinedArgument::Named(name)));
    }
    let n = rest.strip_prefix("argument ")?.parse().ok()?;
    Some((domain, InlinedArgument::Unnamed(n)))
}

/// A domain: `"name"`, or `!5` (or `an anonymous domain` unnumbered).
pub fn describe_domain(g: &MetadataGraph, names: &dyn Numbering, domain: NodeId) -> String {
    label(g, names, domain, "an anonymous domain")
}

/// A scope's or domain's name quoted, else its number, else `unnumbered`.
fn label(g: &MetadataGraph, names: &dyn Numbering, node: NodeId, unnumbered: &str) -> String {
    match scope_name(g, node) {
        Some(name) => format!("{name:?}"),
        None => names
            .number(node)
            .map_or_else(|| unnumbered.to_owned(), |n| n.to_string()),
    }
}

/// A scope: `"name"`, `"f: %p" (made by the inliner for argument %p of
/// f)`, or `!7 (2nd scope of domain !5)`.
pub fn describe_scope(g: &MetadataGraph, names: &dyn Numbering, scope: NodeId) -> String {
    let note = scope_note(g, names, scope);
    let id = scope_label(g, names, scope);
    match note {
        Some(note) => format!("{id} ({note})"),
        None => id,
    }
}

/// What a scope's name does not say: who made it (the inliner), or for
/// an anonymous one, its place in its domain (`the 2nd scope of domain
/// !5`). None for a scope whose name says it all.
pub fn scope_note(g: &MetadataGraph, names: &dyn Numbering, scope: NodeId) -> Option<String> {
    let domain = scope_domain(g, scope).ok().flatten();
    scope_note_of(g, names, scope, domain)
}

fn scope_note_of(
    g: &MetadataGraph,
    names: &dyn Numbering,
    scope: NodeId,
    domain: Option<NodeId>,
) -> Option<String> {
    if let Some(name) = scope_name(g, scope) {
        let domain_name = domain.and_then(|d| scope_name(g, d));
        let (f, argument) = inliner_scope(Some(name), domain_name)?;
        return Some(format!(
            "made by the inliner for {} of {f}",
            argument.describe()
        ));
    }
    Some(match domain {
        None => "a scope without a domain".to_owned(),
        Some(d) => {
            let place = names
                .place(scope)
                .map_or_else(|| "a".to_owned(), |p| format!("the {}", ordinal(p)));
            format!("{place} scope of domain {}", describe_domain(g, names, d))
        }
    })
}

/// A scope's short label: its name quoted, or its number (`!7`).
pub fn scope_label(g: &MetadataGraph, names: &dyn Numbering, scope: NodeId) -> String {
    label(g, names, scope, "an anonymous scope")
}

/// A scope list, short: each scope by its label and domain, `{"f: %a" in
/// "f", !7 in !5}`. What the labels do not say is in [`list_notes`].
pub fn describe_list(g: &MetadataGraph, names: &dyn Numbering, list: NodeId) -> String {
    match scopes_with_domains(g, list) {
        Ok(scopes) => {
            let items: Vec<String> = scopes
                .iter()
                .map(|&(s, d)| {
                    let scope = scope_label(g, names, s);
                    match d {
                        Some(d) => format!("{scope} in {}", describe_domain(g, names, d)),
                        None => format!("{scope} (no domain)"),
                    }
                })
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Err(_) => match names.number(list) {
            Some(n) => format!("{n} (malformed)"),
            None => g.display(list, 3).to_string(),
        },
    }
}

/// What the short labels of these lists' scopes do not say, each scope
/// once: `!7: the 2nd scope of domain !5; "f: %p": made by the inliner for
/// argument %p of f`. None when there is nothing to add.
pub fn list_notes(
    g: &MetadataGraph,
    names: &dyn Numbering,
    lists: &[Option<NodeId>],
) -> Option<String> {
    let mut seen = Vec::new();
    let mut notes = Vec::new();
    for &list in lists.iter().flatten() {
        for (s, d) in scopes_with_domains(g, list).unwrap_or_default() {
            if seen.contains(&s) {
                continue;
            }
            seen.push(s);
            if let Some(note) = scope_note_of(g, names, s, d) {
                notes.push(format!("{}: {note}", scope_label(g, names, s)));
            }
        }
    }
    (!notes.is_empty()).then(|| notes.join("; "))
}

/// A source location and the locations it was inlined at, innermost
/// first: `a.c:3:5 (inlined at b.c:10:2, then at c.c:1:1)`; None without
/// any.
pub fn describe_location<S: AsRef<str>>(chain: &[S]) -> Option<String> {
    let (at, inlined) = chain.split_first()?;
    let at = at.as_ref();
    if inlined.is_empty() {
        return Some(at.to_owned());
    }
    let inlined: Vec<&str> = inlined.iter().map(AsRef::as_ref).collect();
    Some(format!("{at} (inlined at {})", inlined.join(", then at ")))
}

/// An instruction as reports show it: its location chain, if it has one,
/// then its text.
pub fn located<S: AsRef<str>>(chain: &[S], instruction: &str) -> String {
    with_location(describe_location(chain).as_deref(), instruction)
}

/// [`located`] from a location already described.
pub fn with_location(at: Option<&str>, instruction: &str) -> String {
    match at {
        Some(at) => format!("{at}: {instruction}"),
        None => instruction.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::Operand;
    use rustc_hash::FxHashMap;

    struct Numbers(FxHashMap<NodeId, u32>, FxHashMap<NodeId, u32>);
    impl Numbering for Numbers {
        fn number(&self, n: NodeId) -> Option<Slot> {
            self.0.get(&n).map(|&n| Slot::Input(n))
        }
        fn place(&self, n: NodeId) -> Option<u32> {
            self.1.get(&n).copied()
        }
    }

    fn anonymous_domain(g: &mut MetadataGraph) -> NodeId {
        g.add_self_referential(vec![])
    }

    fn anonymous_scope(g: &mut MetadataGraph, d: NodeId) -> NodeId {
        g.add_self_referential(vec![Operand::Node(d)])
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }

    #[test]
    fn two_anonymous_domains_are_told_apart() {
        let mut g = MetadataGraph::new();
        let d1 = anonymous_domain(&mut g);
        let d2 = anonymous_domain(&mut g);
        let a = anonymous_scope(&mut g, d1);
        let b = anonymous_scope(&mut g, d1);
        let c = anonymous_scope(&mut g, d2);
        let l = g.add_tuple(vec![Operand::Node(b), Operand::Node(c)]);
        let mut numbers = Numbers(FxHashMap::default(), FxHashMap::default());
        for (n, k) in [(d1, 2), (d2, 5), (a, 3), (b, 4), (c, 6), (l, 1)] {
            numbers.0.insert(n, k);
        }
        for (n, p) in [(a, 1), (b, 2), (c, 1)] {
            numbers.1.insert(n, p);
        }
        assert_eq!(describe_list(&g, &numbers, l), "{!4 in !2, !6 in !5}");
        assert_eq!(
            list_notes(&g, &numbers, &[Some(l), None, Some(l)]).unwrap(),
            "!4: the 2nd scope of domain !2; !6: the 1st scope of domain !5"
        );
        assert_eq!(
            describe_scope(&g, &numbers, b),
            "!4 (the 2nd scope of domain !2)"
        );
        assert_eq!(describe_domain(&g, &numbers, d2), "!5");
        // Unnumbered: still no `<self>`.
        let text = describe_list(&g, &Unnumbered, l);
        assert!(!text.contains("self"), "{text}");
        assert_eq!(
            describe_scope(&g, &Unnumbered, a),
            "an anonymous scope (a scope of domain an anonymous domain)"
        );
    }

    /// A node a pass made is written `!new.N`: never an input number.
    #[test]
    fn nodes_not_in_the_input_are_told_apart() {
        struct Mixed(NodeId);
        impl Numbering for Mixed {
            fn number(&self, n: NodeId) -> Option<Slot> {
                Some(if n == self.0 {
                    Slot::New(3)
                } else {
                    Slot::Input(3)
                })
            }
            fn place(&self, _: NodeId) -> Option<u32> {
                Some(1)
            }
        }
        let mut g = MetadataGraph::new();
        let d = anonymous_domain(&mut g);
        let s = anonymous_scope(&mut g, d);
        let l = g.add_tuple(vec![Operand::Node(s)]);
        assert_eq!(describe_list(&g, &Mixed(s), l), "{!new.3 in !3}");
        assert_eq!(
            describe_scope(&g, &Mixed(d), s),
            "!3 (the 1st scope of domain !new.3)"
        );
        assert!(Slot::Input(0).in_input() && !Slot::New(0).in_input());
    }

    #[test]
    fn inliner_scopes_say_so() {
        let mut g = MetadataGraph::new();
        let f = g.string("f");
        let d = g.add_self_referential(vec![f]);
        let p = g.string("f: %p");
        let named = g.add_self_referential(vec![Operand::Node(d), p]);
        let a1 = g.string("f: argument 1");
        let unnamed = g.add_self_referential(vec![Operand::Node(d), a1]);
        let q = g.string("g: %q");
        let other = g.add_self_referential(vec![Operand::Node(d), q]);
        assert_eq!(
            describe_scope(&g, &Unnumbered, named),
            r#""f: %p" (made by the inliner for argument %p of f)"#
        );
        assert_eq!(
            describe_scope(&g, &Unnumbered, unnamed),
            r#""f: argument 1" (made by the inliner for the 2nd noalias argument of f)"#
        );
        // A name in the inliner's form but not of its domain's function.
        assert_eq!(describe_scope(&g, &Unnumbered, other), r#""g: %q""#);
        let l = g.add_tuple(vec![Operand::Node(named), Operand::Node(other)]);
        assert_eq!(
            describe_list(&g, &Unnumbered, l),
            r#"{"f: %p" in "f", "g: %q" in "f"}"#
        );
        assert_eq!(
            list_notes(&g, &Unnumbered, &[Some(l)]).unwrap(),
            r#""f: %p": made by the inliner for argument %p of f"#
        );
    }

    #[test]
    fn locations() {
        assert_eq!(located::<String>(&[], "ret void"), "ret void");
        let one = ["a.c:3:5".to_owned()];
        assert_eq!(located(&one, "ret void"), "a.c:3:5: ret void");
        let chain = [
            "a.c:3:5".to_owned(),
            "b.c:10:2".to_owned(),
            "c.c:1:1".to_owned(),
        ];
        assert_eq!(
            describe_location(&chain).unwrap(),
            "a.c:3:5 (inlined at b.c:10:2, then at c.c:1:1)"
        );
    }
}
