//! The inliner's rule: which `noalias` parameters an access is based on,
//! and which it is certainly not based on.
//!
//! When LLVM inlines a call to a function with `noalias` parameters
//! (`AddAliasScopeMetadata` in `InlineFunction.cpp`), it makes a scope per
//! used `noalias` parameter and gives each memory access of the inlined
//! body two lists: `!alias.scope` with the scopes of the parameters it is
//! based on, `!noalias` with those it is certainly not based on. The
//! sanitizer makes the same lists for a function's own body, before any
//! optimization, so that a `noalias` parameter's claim becomes a scoped
//! claim with one instance per call, checked like every other.
//!
//! LLVM classifies what the access's pointers are based on
//! (`getUnderlyingObjects`, `isEscapeSource`, `isIdentifiedObject`) and
//! whether a parameter was captured before the access
//! (`PointerMayBeCapturedBefore`); the plugin hands those facts here, and
//! this module decides, as the inliner does:
//!
//! * an object that is neither a parameter, nor an escape source (a load,
//!   a call's result), nor an identified object (an alloca, a global, a
//!   `noalias` call's result), nor a non-pointer constant, makes the access
//!   *unclassified*: nothing is known, no list;
//! * `!noalias` gets every `noalias` parameter that is not among the
//!   objects, provided that, when some object is an escape source or the
//!   access is a call that may touch more than its arguments' memory, the
//!   parameter was not captured before the access;
//! * `!alias.scope` gets the `noalias` parameters among the objects, but
//!   only when every object is a `noalias` parameter (or a non-pointer
//!   constant) and, for a call, the call touches only its arguments'
//!   memory.
//!
//! One departure from the inliner: an access whose objects are all the
//! function's own stack objects ([`Object::Local`]) gets no list at all
//! ([`Lists::LocalOnly`]). The inliner would exclude every parameter from
//! it, and rightly: a pointer based on a parameter was made before the
//! call, so it cannot point into an alloca of the call. Such a pair can
//! never be violated, and checking it would keep SROA from promoting the
//! stack object, which the checker's calls would take the address of.

/// An underlying object of an access's pointer, as LLVM classifies it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Object {
    /// A constant that cannot be derived from a pointer (an integer, a
    /// floating-point value, null, undef): skipped.
    NonPointerConstant,
    /// Parameter `index` of the function.
    Parameter(u32),
    /// A value that can alias a `noalias` parameter only if the parameter
    /// was captured first (`isEscapeSource`: a load, a call's result, an
    /// `inttoptr`).
    EscapeSource,
    /// An identified object other than a parameter or an alloca of the
    /// function (`isIdentifiedObject`): a global, the result of a
    /// `noalias` call.
    Identified,
    /// An alloca of the function (identified, too).
    Local,
    /// Anything else.
    Unknown,
}

/// What is known of one memory access.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccessFacts {
    /// The underlying objects of all its pointer operands (for a call, of
    /// its pointer arguments).
    pub objects: Vec<Object>,
    /// `Some` for a call; `Some(true)` when it only accesses its pointer
    /// arguments' memory.
    pub call_arg_mem_only: Option<bool>,
}

/// The `noalias` parameters (by index) in the two lists of an access.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParameterLists {
    /// The parameters it is based on (its `!alias.scope`).
    pub scopes: Vec<u32>,
    /// The parameters it is certainly not based on (its `!noalias`).
    pub noalias: Vec<u32>,
}

impl ParameterLists {
    /// Whether the access is in neither list: no claim is made about it.
    pub fn is_empty(&self) -> bool {
        self.scopes.is_empty() && self.noalias.is_empty()
    }
}

/// What the rule gives an access.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lists {
    /// Its lists (perhaps both empty: nothing is claimed about it).
    Of(ParameterLists),
    /// Only the function's own stack objects: no list (see the module
    /// notes).
    LocalOnly,
    /// An unknown object: nothing is known.
    Unclassified,
}

/// The lists of an access. `noalias_params` are the function's used
/// `noalias` pointer parameters in order; `captured_before(p)` says
/// whether parameter `p` may have been captured before the access (asked
/// only when the rule needs it).
pub fn lists_of(
    facts: &AccessFacts,
    noalias_params: &[u32],
    captured_before: impl FnMut(u32) -> bool,
) -> Lists {
    let local = |o: &Object| matches!(o, Object::Local | Object::NonPointerConstant);
    if facts.call_arg_mem_only.is_none()
        && facts.objects.contains(&Object::Local)
        && facts.objects.iter().all(local)
    {
        return Lists::LocalOnly;
    }
    match inliners_lists(facts, noalias_params, captured_before) {
        Some(l) => Lists::Of(l),
        None => Lists::Unclassified,
    }
}

/// The inliner's lists of an access, or `None` when it is unclassified
/// (an unknown object).
pub fn inliners_lists(
    facts: &AccessFacts,
    noalias_params: &[u32],
    mut captured_before: impl FnMut(u32) -> bool,
) -> Option<ParameterLists> {
    let is_noalias = |p: u32| noalias_params.contains(&p);
    let (mut needs_no_capture, mut aliasing, mut unknown) = (false, false, false);
    for &o in &facts.objects {
        match o {
            Object::NonPointerConstant => continue,
            Object::Parameter(p) => aliasing |= !is_noalias(p),
            _ => aliasing = true,
        }
        match o {
            Object::EscapeSource => needs_no_capture = true,
            Object::Unknown => unknown = true,
            _ => {}
        }
    }
    if unknown {
        return None;
    }
    let is_call = facts.call_arg_mem_only.is_some();
    if is_call && facts.call_arg_mem_only != Some(true) {
        needs_no_capture = true;
    }
    let among = |p: u32| facts.objects.contains(&Object::Parameter(p));
    let noalias = noalias_params
        .iter()
        .copied()
        .filter(|&p| !among(p) && (!needs_no_capture || !captured_before(p)))
        .collect();
    let can_add_scopes = !aliasing && (!is_call || facts.call_arg_mem_only == Some(true));
    let scopes = if can_add_scopes {
        noalias_params
            .iter()
            .copied()
            .filter(|&p| among(p))
            .collect()
    } else {
        Vec::new()
    };
    Some(ParameterLists { scopes, noalias })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access(objects: &[Object]) -> AccessFacts {
        AccessFacts {
            objects: objects.to_vec(),
            call_arg_mem_only: None,
        }
    }

    const NONE_CAPTURED: fn(u32) -> bool = |_| false;

    #[test]
    fn an_access_through_one_parameter() {
        // scale(out, in): the store to out[i] is based on %out (0) and not
        // on %in (1).
        let l = inliners_lists(&access(&[Object::Parameter(0)]), &[0, 1], NONE_CAPTURED).unwrap();
        assert_eq!(l.scopes, vec![0]);
        assert_eq!(l.noalias, vec![1]);
    }

    #[test]
    fn a_select_of_two_parameters_is_in_both_scopes() {
        let a = access(&[Object::Parameter(0), Object::Parameter(1)]);
        let l = inliners_lists(&a, &[0, 1], NONE_CAPTURED).unwrap();
        assert_eq!(l.scopes, vec![0, 1]);
        assert!(l.noalias.is_empty());
    }

    #[test]
    fn other_objects_give_no_scope_but_may_exclude() {
        // A global: not based on either; identified, so no capture check.
        let l = inliners_lists(&access(&[Object::Identified]), &[0, 1], |_| true).unwrap();
        assert!(l.scopes.is_empty());
        assert_eq!(l.noalias, vec![0, 1]);
        // A plain (not noalias) parameter 2 and noalias 0.
        let a = access(&[Object::Parameter(0), Object::Parameter(2)]);
        let l = inliners_lists(&a, &[0, 1], NONE_CAPTURED).unwrap();
        assert!(l.scopes.is_empty(), "based on a pointer that may alias");
        assert_eq!(l.noalias, vec![1]);
    }

    #[test]
    fn a_loaded_pointer_excludes_only_what_was_not_captured() {
        let l = inliners_lists(&access(&[Object::EscapeSource]), &[0, 1], |p| p == 0).unwrap();
        assert!(l.scopes.is_empty());
        assert_eq!(l.noalias, vec![1]);
    }

    #[test]
    fn stack_objects_alone_get_no_list() {
        let a = access(&[Object::Local]);
        assert_eq!(lists_of(&a, &[0, 1], NONE_CAPTURED), Lists::LocalOnly);
        // The inliner would exclude both parameters.
        assert_eq!(
            inliners_lists(&a, &[0, 1], NONE_CAPTURED).unwrap().noalias,
            vec![0, 1]
        );
        // With another object, the inliner's rule.
        let b = access(&[Object::Local, Object::Parameter(0)]);
        assert!(matches!(lists_of(&b, &[0, 1], NONE_CAPTURED), Lists::Of(_)));
        assert_eq!(
            lists_of(&access(&[Object::Unknown]), &[0], NONE_CAPTURED),
            Lists::Unclassified
        );
    }

    #[test]
    fn unknown_objects_are_unclassified() {
        let a = access(&[Object::Parameter(0), Object::Unknown]);
        assert_eq!(inliners_lists(&a, &[0], NONE_CAPTURED), None);
    }

    #[test]
    fn calls_follow_their_memory_effects() {
        // A call touching only its argument %out's memory is in its scope.
        let argmem = AccessFacts {
            objects: vec![Object::Parameter(0)],
            call_arg_mem_only: Some(true),
        };
        let l = inliners_lists(&argmem, &[0, 1], |_| true).unwrap();
        assert_eq!((l.scopes, l.noalias), (vec![0], vec![1]));
        // Any other call: no scope, and only uncaptured parameters excluded.
        let any = AccessFacts {
            objects: vec![Object::Parameter(0)],
            call_arg_mem_only: Some(false),
        };
        let l = inliners_lists(&any, &[0, 1], |p| p == 1).unwrap();
        assert!(l.is_empty());
        let l = inliners_lists(&any, &[0, 1], NONE_CAPTURED).unwrap();
        assert_eq!(l.noalias, vec![1]);
        // Constants are skipped.
        let c = access(&[Object::NonPointerConstant, Object::Parameter(1)]);
        assert_eq!(
            inliners_lists(&c, &[0, 1], NONE_CAPTURED).unwrap().scopes,
            vec![1]
        );
    }
}
