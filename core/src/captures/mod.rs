//! Checking `captures(...)` claims against LangRef's pointer-capture rules.
//!
//! A pointer parameter marked `captures(C)` (before LLVM 21: `nocapture`,
//! which the IR parser turns into `captures(none)`) promises that a call of
//! the function captures at most the components C of that copy of the
//! pointer. LangRef ("Pointer Capture") says a call captures a pointer when
//!
//! 1. it stores bits of the pointer where the caller can read them after
//!    the call (a global, memory reachable from the arguments or from an
//!    escaped object, the return value unless `ret:` allows it);
//! 2. it stores them where another thread can read them through
//!    synchronization (a store followed by a release or stronger ordering);
//! 3. its behaviour depends on the bits (comparisons other than a null test
//!    of the pointer itself, `ptrtoint`; `ptrtoaddr` depends on the address
//!    only);
//! 4. it uses the pointer as the address of a volatile access.
//!
//! The components are LLVM's (`CaptureComponents`): `address_is_null` ⊂
//! `address`, `read_provenance` ⊂ `provenance`; `captures(address,
//! provenance)` is no promise at all. A `ret:` part limits what may escape
//! through the return value alone. `!captures` metadata on a store limits
//! what that store captures of the stored value.
//!
//! [`check_function`] follows each parameter through the uses that pass
//! it on (GEPs, casts, phis, selects, copies loaded back from a private
//! slot or from a global before it is overwritten, and the results of calls
//! whose `ret:` components let it through) and classifies every other use
//! by the rules above. A use that certainly captures more than declared is
//! an error; one that may (an unknown callee, a store into memory whose
//! escape is not known, a call between a store and the store that
//! overwrites it, anything reached only through what a call *may* return)
//! is a warning, with the reason and the chain of uses from the parameter.
//!
//! A null test reveals only whether the pointer is null when the compared
//! value has the pointer's own bits: the parameter itself, a phi or select
//! of it, a cast, a copy loaded back. A GEP of it has other bits (comparing
//! `p + 4` with null tells something about `p`'s address), so LLVM counts
//! that as capturing the address, and so does this check.
//!
//! The view of a function ([`FunctionView`]) is small: what each
//! instruction is, as far as capture goes, and its operands. The reader
//! builds it from IR, once per module.
//!
//! # Across calls
//!
//! A pointer handed to a callee defined in the module (with an exact
//! definition: the body that runs) is judged by what the callee's body
//! does with that parameter, not by the callee's declared attribute. Every
//! pointer parameter of every defined function gets a [`ParamSummary`]:
//! the walk of its uses with nothing allowed, i.e. every component it
//! captures, by which condition, definitely or possibly, with the chain of
//! uses, and how it comes back through the return value. Summaries are
//! computed bottom-up over the strongly connected components of the call
//! graph ([`summarize`]); a recursive component starts from "captures
//! nothing" and is walked again until its summaries stop changing, at most
//! [`ROUNDS`] times, after which its parameters get a possible capture of
//! everything (a warning). At a call, each finding of the callee's summary
//! becomes a finding of the caller, definite when both the caller's value
//! and the callee's finding are, with the callee's chain nested in it
//! ([`Violation::inner`]); what the callee returns of the parameter is
//! followed on from the call's result.
//!
//! A claim is then checked without walking again: the findings of the
//! summary that the claim does not allow ([`Summaries::against`]), for a
//! parameter's declared `captures(...)` and for a call site's alike.
//!
//! ```text
//! @stash(ptr %x):  store ptr %x, ptr @g         summary: stored-visible, definite
//! @caller(ptr captures(none) %p):
//!     call void @stash(ptr %p)                   error: @caller %p -> call @stash(ptr %p)
//!                                                       -> @stash: store ptr %x, ptr @g
//! ```

mod components;
mod findings;
mod summary;
mod view;
mod walk;

pub use components::{CaptureInfo, Components};
pub use findings::{Condition, Harmless, Inner, Seen, Severity, Violation};
pub use summary::{summarize, ParamSummary, Returned, Summaries, ROUNDS};
pub use view::{CallInfo, FunctionView, Inst, InstKind, Param, Value};
pub use walk::check_function;
