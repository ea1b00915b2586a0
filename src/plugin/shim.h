//===- shim.h - declarations shared by the C++ side of aliaskit -----------===//
//
// Every C declaration shared by the Rust and the C++ side, in both
// directions (the Rust side declares the same in src/plugin/ffi/), and the
// small helpers the C++ files of the plugin share. Only C types cross; the
// .cpp files include this header and redeclare nothing.
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_SHIM_H
#define ALIASKIT_SHIM_H

#include "llvm-c/Core.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Support/ModRef.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class AAResults;
class AsmParserContext;
class MemoryBuffer;
class CallBase;
class CallInst;
class DominatorTree;
class FunctionCallee;
class Loop;
class LoopInfo;
class ScalarEvolution;
class Function;
class Instruction;
class MemoryLocation;
class Module;
class PassBuilder;
class Value;
} // namespace llvm

// ---------------------------------------------------------------------------
// The codes and the string type that cross. The codes' enums are made by
// build.rs from src/plugin/ffi/codes.list, which makes the Rust side's
// (src/plugin/ffi/types.rs) from the same list. A code Rust hands over is
// one of these values (C++ reads anything else as the conservative one); a
// code C++ hands over arrives in Rust as a plain integer and is checked
// there. The structs are mirrored in Rust under the same name: they must
// match.
// ---------------------------------------------------------------------------
namespace aliaskit {

#include "codes.h"

/// Whether an answer may be "may alias" (anything but NoAlias).
inline bool mayAlias(Answer A) { return A != Answer::NoAlias; }

/// Whether a query's answer is "may alias".
inline bool mayAlias(AliasBits A) { return A != AliasBits::NoAlias; }

/// What aliaskit_sanitize_parameter_lists writes to *NoAlias for an access
/// to the function's own stack objects only. Must match `LOCAL_ONLY` in
/// src/plugin/ffi/sanitize_exports.rs.
constexpr uint64_t LocalOnly = ~uint64_t(0);

/// One site of an instrumented function, Rust to C++ (the plan of
/// aliaskit_sanitize_plan). Must match `SitePlan` in
/// src/plugin/sanitize.rs.
struct SitePlan {
  LLVMValueRef Inst;
  uint32_t Site;
  SitePart Part;
  uint32_t Lane;
  /// The site its accesses may be logged as (core/src/sanitize/twins.rs);
  /// `Site` itself if none.
  uint32_t Twin;
};

/// A noalias.scope.decl of an instrumented function and one table scope
/// it declares, Rust to C++. Must match `DeclPlan` in
/// src/plugin/sanitize.rs.
struct DeclPlan {
  LLVMValueRef Decl;
  uint32_t Scope;
};

/// One instrumented function of the plan, Rust to C++. Must match
/// `FunctionPlan` in src/plugin/sanitize.rs.
struct FunctionPlan {
  LLVMValueRef Function;
  uint32_t Index;
  uint32_t Sites;
  uint32_t Scopes;
  const SitePlan *SitePlans;
  size_t NumSitePlans;
  const DeclPlan *Decls;
  size_t NumDecls;
};

/// Two accesses of a frame checked in place to compare (indices into the
/// accesses given to aliaskit_sanitize_in_place_pairs), with the claim's
/// scopes at [ScopesBegin, ScopesBegin + ScopesCount) of the scopes
/// answered beside them. Must match `InPlacePair` in
/// src/plugin/sanitize_in_place.rs.
struct InPlacePair {
  uint32_t First;
  uint32_t Second;
  uint32_t ScopesBegin;
  uint32_t ScopesCount;
};

/// One call of the --tbaa plan, Rust to C++. Must match `TbaaSitePlan` in
/// src/plugin/sanitize_tbaa.rs.
struct TbaaSitePlan {
  LLVMValueRef Inst;
  uint32_t Site;
  TbaaAction Action;
  TbaaPart Part;
  /// Bytes [Offset, Offset + Size) of the part (a !tbaa.struct field);
  /// Size 0: the whole part.
  uint64_t Offset;
  uint64_t Size;
  /// Its tag is in a procedure's own tree (Flang): the call gives the call
  /// instance of its function too.
  bool PerCall;
  /// Its tag is immutable (a check then marks the bytes it reads).
  bool Immutable;
};

/// One --tbaa site at the end of the pipeline, C++ to Rust. Must match
/// `TbaaEndSite` in src/plugin/sanitize_tbaa_end.rs.
struct TbaaEndSite {
  /// An instruction that carries it (its !tbaa, for Changed).
  LLVMValueRef Inst;
  uint32_t Site;
  TbaaEndKind Kind;
};

/// A string the C++ side made for the Rust side (a node or an instruction
/// as `opt -S` prints it): `Len` bytes at `Ptr` (malloc'd, by ownedString),
/// or a null `Ptr`. The Rust side frees each once, with
/// aliaskit_string_free. Must match `OwnedString` in
/// src/plugin/ffi/types.rs.
struct OwnedString {
  char *Ptr;
  size_t Len;
};

} // namespace aliaskit

// ---------------------------------------------------------------------------
// Rust, called from C++ (defined in src/plugin/ffi/exports.rs). Hidden: only
// the plugin calls them, so they are not exported from it, and each call
// (every alias query) is a direct call, not one through the PLT.
// ---------------------------------------------------------------------------
#pragma GCC visibility push(hidden)
extern "C" {
void *aliaskit_tbaa_session_new(void);
void aliaskit_tbaa_session_free(void *Session);
/// Neither the session nor a tag may be null: an untagged access is
/// answered by the caller, and an analysis without a session is off.
aliaskit::AliasBits aliaskit_tbaa_may_alias(void *Session,
                                            LLVMMetadataRef TagA,
                                            LLVMMetadataRef TagB);
aliaskit::Answer aliaskit_tbaa_may_alias_errno(void *Session,
                                               LLVMMetadataRef Tag,
                                               const LLVMMetadataRef *ErrnoTags,
                                               size_t NumErrnoTags);
bool aliaskit_tbaa_is_immutable(void *Session, LLVMMetadataRef Tag);
bool aliaskit_tbaa_enabled_by_environment(void);

void *aliaskit_scoped_session_new(void);
void aliaskit_scoped_session_free(void *Session);
/// mayAliasInScopes(ScopesX, NoAliasY) && mayAliasInScopes(ScopesY,
/// NoAliasX). Null lists exclude nothing; the session may not be null.
aliaskit::AliasBits aliaskit_scoped_may_alias_both_ways(
    void *Session, LLVMMetadataRef ScopesX, LLVMMetadataRef NoAliasX,
    LLVMMetadataRef ScopesY, LLVMMetadataRef NoAliasY);
bool aliaskit_scoped_enabled_by_environment(void);

// tbaa-diff and scoped-diff (diff.cpp).
/// The answer, or Malformed (do not ask LLVM's TBAA); stores
/// getMostGenericTBAA(TagA, TagB) (or null) in *Generic.
aliaskit::Answer aliaskit_tbaa_match(void *Session, LLVMContextRef Ctx,
                                     LLVMMetadataRef TagA, LLVMMetadataRef TagB,
                                     LLVMMetadataRef *Generic);
/// mayAliasInScopes computed afresh, or Malformed.
aliaskit::Answer aliaskit_scoped_decide(void *Session, LLVMMetadataRef Scopes,
                                        LLVMMetadataRef NoAlias);
/// Merges A and B as `Kind` says; the merged list (or null) goes to
/// *Merged. Malformed for malformed lists (or an unknown kind).
aliaskit::MergeOutcome aliaskit_scoped_merge(void *Session, LLVMContextRef Ctx,
                                             aliaskit::MergeKind Kind,
                                             LLVMMetadataRef A,
                                             LLVMMetadataRef B,
                                             LLVMMetadataRef *Merged);

// Bisection (src/plugin/bisect.rs). Called only when
// aliaskit_bisect_enabled() returned true (ALIASKIT_BISECT or
// ALIASKIT_BISECT_LOG set). `Key` comes from aliaskit_bisect_function;
// `Query` is a const aliaskit::BisectQuery *, for the log.
bool aliaskit_bisect_enabled(void);
/// Whether some decision may get a full log record: decisions are logged
/// and ALIASKIT_BISECT_RECORDS does not name none. Only then is a module's
/// input recorded for the log (its numbers and instructions).
bool aliaskit_bisect_detailed(void);
uint64_t aliaskit_bisect_function(uint64_t ModuleKey, const char *Module,
                                  size_t ModuleLen, const char *Function,
                                  size_t FunctionLen);
/// The key of a module for decision ids (core/src/decision.rs, ModuleKey):
/// from its path and the names of the linker-visible symbols it defines.
uint64_t aliaskit_module_key(const char *Path, size_t PathLen,
                             const char *const *Names, const size_t *Lens,
                             size_t Count);
/// What the plugin saw, for the log (src/plugin/bisect.rs): this
/// process's `load` line; whether a module is new to this process, and
/// its `module` line; an analysis (0 rust-tbaa, 1 rust-scoped-noalias)
/// built for a function of a module.
void aliaskit_bisect_loaded(void);
bool aliaskit_bisect_module_first(const char *Module, size_t ModuleLen);
void aliaskit_bisect_module(const char *Module, size_t ModuleLen,
                            uint64_t Tbaa, uint64_t Scoped);
void aliaskit_bisect_analysis(const char *Module, size_t ModuleLen,
                              uint8_t Analysis);
aliaskit::Answer aliaskit_tbaa_may_alias_in(void *Session, uint64_t Key,
                                            LLVMMetadataRef TagA,
                                            LLVMMetadataRef TagB,
                                            const void *Query);
bool aliaskit_tbaa_is_immutable_in(void *Session, uint64_t Key,
                                   LLVMMetadataRef Tag, const void *Query);
aliaskit::Answer
aliaskit_tbaa_may_alias_errno_in(void *Session, uint64_t Key,
                                 LLVMMetadataRef Tag,
                                 const LLVMMetadataRef *ErrnoTags,
                                 size_t NumErrnoTags, const void *Query);
aliaskit::Answer aliaskit_scoped_may_alias_in_scopes_in(void *Session,
                                                        uint64_t Key,
                                                        LLVMMetadataRef Scopes,
                                                        LLVMMetadataRef NoAlias,
                                                        const void *Query);

// The module passes (verify.cpp, captures.cpp, inspect.cpp). `Printer` is
// the aliaskit::Printer of the module, `Flags` a set of CheckFlag
// (verify-alias-md, check-captures) or InspectFlag bits (aliaskit-explain,
// aliaskit-dot); with a bit that is none of those, the pass does nothing
// and says so.
/// src/plugin/verify.rs: verifies (and with the strip flag repairs) a
/// module, printing findings; returns the number of errors. `Baseline`, if
/// not null, is an opaque set of earlier findings: only new ones are
/// printed, and it is updated.
unsigned aliaskit_verify_module(LLVMModuleRef M, uint32_t Flags,
                                void *Printer, void *Baseline,
                                const char *AfterPass);
void *aliaskit_verify_baseline_new(void);
void aliaskit_verify_baseline_free(void *Baseline);
bool aliaskit_verify_each_enabled(void);
/// src/plugin/captures.rs: checks captures(...) claims; returns the
/// number of errors.
unsigned aliaskit_check_captures(LLVMModuleRef M, uint32_t Flags,
                                 void *Printer);

// aliaskit-sanitize (src/plugin/sanitize.rs, sanitize.cpp).
/// The inliner's rule for one access of a function with noalias
/// parameters: its underlying objects (Kinds[i], and Params[i] for a
/// parameter), what kind of call it is, the function's used noalias
/// parameters in order, and which of them may be captured before it (bit i
/// of CapturedBefore for NoAliasParams[i]). Writes the noalias parameters
/// it is based on (bit i: NoAliasParams[i]) to *Scopes and those it is
/// certainly not based on to *NoAlias; false when it is unclassified (then
/// both are 0); true with *NoAlias == aliaskit::LocalOnly when it touches
/// only the function's own stack objects (no list, nothing counted).
bool aliaskit_sanitize_parameter_lists(const uint8_t *Kinds,
                                       const uint32_t *Params, size_t NumObjects,
                                       uint8_t Call,
                                       const uint32_t *NoAliasParams,
                                       size_t NumNoAliasParams,
                                       uint64_t CapturedBefore,
                                       uint64_t *Scopes, uint64_t *NoAlias);
/// What to instrument in a module (null after an internal error, said on
/// stderr): read with the accessors below, freed with _plan_free.
/// `Oracle` (null: none) answers aliaskit_sanitize_disjoint for the static
/// filter.
void *aliaskit_sanitize_plan(LLVMModuleRef M, uint8_t Point, void *Printer,
                             const char *Module, size_t ModuleLen,
                             uint64_t ModuleKey, bool Stats, void *Oracle);
/// sanitize_disjoint.cpp: whether part `PartA` (a SitePart) of A and part
/// `PartB` of B can never touch a common byte in one instance of any scope
/// of their function (false when unsure).
bool aliaskit_sanitize_disjoint(void *Oracle, LLVMValueRef A, uint32_t PartA,
                                LLVMValueRef B, uint32_t PartB);
/// sanitize_disjoint.cpp: whether A and B, of one function, never run in
/// one call without one of the `NumDecls` instructions `Decls` running
/// between them, in either order (with none: whether neither can follow
/// the other in a call); false when unsure.
bool aliaskit_sanitize_apart(void *Oracle, LLVMValueRef A, LLVMValueRef B,
                             const LLVMValueRef *Decls, size_t NumDecls);
size_t aliaskit_sanitize_plan_functions(void *Plan);
bool aliaskit_sanitize_plan_function(void *Plan, size_t I,
                                     aliaskit::FunctionPlan *Out);
/// The module's table global and, apart, its whole table (bytes owned by
/// the plan).
void aliaskit_sanitize_plan_table(void *Plan, const uint8_t **Bytes,
                                  size_t *Len);
void aliaskit_sanitize_plan_texts(void *Plan, const uint8_t **Bytes,
                                  size_t *Len);
void aliaskit_sanitize_plan_free(void *Plan);
// Frames checked in place (src/plugin/sanitize_in_place.rs,
// sanitize_in_place.cpp).
/// A table global's bytes decoded (null: not a table, said on stderr),
/// freed with _in_place_free.
void *aliaskit_sanitize_in_place_table(const uint8_t *Bytes, size_t Len);
/// The pairs of accesses a frame of table function `Function` compares
/// (`Sites`: each access's site): how many, or -1 (an unknown function or
/// site). Up to `PairsCap` pairs and `ScopesCap` scopes are written;
/// `*ScopesLen` is how many scopes the pairs list.
ptrdiff_t aliaskit_sanitize_in_place_pairs(void *Table, uint32_t Function,
                                           const uint32_t *Sites, size_t N,
                                           aliaskit::InPlacePair *Pairs,
                                           size_t PairsCap, uint32_t *Scopes,
                                           size_t ScopesCap, size_t *ScopesLen);
/// Whether the accesses of `Site` (table function `Function`) that a loop
/// repeats at one address may be logged once per execution of the loop
/// (sanitize_once.cpp): 1 (up to `ScopesCap` scopes that must not begin in
/// the loop written; `*ScopesLen` is how many there are), 0 (no), -1 (an
/// unknown function or site).
ptrdiff_t aliaskit_sanitize_once_scopes(void *Table, uint32_t Function,
                                        uint32_t Site, uint32_t *Scopes,
                                        size_t ScopesCap, size_t *ScopesLen);
/// The scopes relevant to `Site` (table function `Function`), those whose
/// new instances end its accesses' use to the runtime's log
/// (sanitize_ends.cpp): 1 (up to `ScopesCap` written; `*ScopesLen` is how
/// many there are), -1 (an unknown function or site).
ptrdiff_t aliaskit_sanitize_relevant_scopes(void *Table, uint32_t Function,
                                            uint32_t Site, uint32_t *Scopes,
                                            size_t ScopesCap, size_t *ScopesLen);
/// Whether a read of site `Later` (table function `Function`) need not be
/// logged after a read of site `First` of the same bytes in the same frame
/// and instances (sanitize_repeats.cpp): 1 (yes), 0 (no), -1 (an unknown
/// function).
ptrdiff_t aliaskit_sanitize_repeats(void *Table, uint32_t Function,
                                    uint32_t First, uint32_t Later);
void aliaskit_sanitize_in_place_free(void *Table);
// aliaskit-sanitize-tbaa (src/plugin/sanitize_tbaa.rs, sanitize_tbaa.cpp).
/// What to instrument for --tbaa (null after an internal error, said on
/// stderr): read with the accessors below, freed with _plan_free.
void *aliaskit_sanitize_tbaa_plan(LLVMModuleRef M, void *Printer,
                                  const char *Module, size_t ModuleLen,
                                  uint64_t ModuleKey, bool Stats);
void aliaskit_sanitize_tbaa_plan_sites(void *Plan,
                                       const aliaskit::TbaaSitePlan **Sites,
                                       size_t *Count);
void aliaskit_sanitize_tbaa_plan_quiet_locals(void *Plan,
                                              const LLVMValueRef **Locals,
                                              size_t *Count);
void aliaskit_sanitize_tbaa_plan_table(void *Plan, const uint8_t **Bytes,
                                       size_t *Len);
void aliaskit_sanitize_tbaa_plan_free(void *Plan);
/// The end table of M (what reached code generation of each site), null
/// after an internal error (said on stderr); its bytes with _bytes, freed
/// with _bytes_free.
void *aliaskit_sanitize_tbaa_end(LLVMModuleRef M, const char *Module,
                                 size_t ModuleLen,
                                 const aliaskit::TbaaEndSite *Sites,
                                 size_t Count, bool StartClaims);
void aliaskit_sanitize_tbaa_bytes(void *Bytes, const uint8_t **Ptr,
                                  size_t *Len);
void aliaskit_sanitize_tbaa_bytes_free(void *Bytes);
/// sanitize_tbaa.cpp: the alloca memory access `Inst` reaches directly,
/// when nothing but loads, stores, lifetime markers and GEPs use it; null
/// otherwise.
LLVMValueRef aliaskit_tbaa_local_object(LLVMValueRef Inst);
/// src/plugin/explain.rs; `Function` is null or a C string.
/// `Answers` is the module's LLVMAnswers (llvm_answers.cpp), asked with
/// the `llvm` parameter.
void aliaskit_explain_module(LLVMModuleRef M, uint32_t Flags,
                             const char *Function, void *Printer,
                             void *Answers);
/// src/plugin/dot.rs; as aliaskit_explain_module (no `Answers`).
void aliaskit_dot_module(LLVMModuleRef M, uint32_t Flags,
                         const char *Function, void *Printer, void *Answers);
/// llvm_answers.cpp: what LLVM's AAResults of A's function answers to
/// `Question` (an LLVMQuestion) about A and B: an AliasResult (0 NoAlias,
/// 1 MayAlias, 2 PartialAlias, 3 MustAlias), a ModRefInfo (0 NoModRef,
/// 1 Ref, 2 Mod, 3 ModRef), or 255 when the question does not apply.
uint8_t aliaskit_llvm_answer(void *Answers, uint8_t Question, LLVMValueRef A,
                             LLVMValueRef B);
}
#pragma GCC visibility pop

// ---------------------------------------------------------------------------
// C++, called from Rust (src/plugin/ffi/imports.rs, which declares the same
// functions). Strings are aliaskit::OwnedString.
// ---------------------------------------------------------------------------
extern "C" {
/// shim.cpp: registers the analyses and passes with a PassBuilder (the
/// callback of llvmGetPassPluginInfo).
void aliaskit_register_pass_builder_callbacks(void *Builder);

// printer.cpp: nodes and values as `opt -S` shows them, through the
// aliaskit::Printer of one module.
aliaskit::OwnedString aliaskit_printer_metadata(void *Printer,
                                                LLVMMetadataRef MD);
aliaskit::OwnedString aliaskit_printer_value(void *Printer, LLVMValueRef V);
/// The number of a node (`!7` is 7) in the input of the printer's module;
/// Printer::NewBit | its number now for a node not in the input; -1.
int64_t aliaskit_printer_number(void *Printer, LLVMMetadataRef MD);
/// The place (from 1) of a scope among the scopes of its domain, in the
/// order of their numbers, or 0.
uint32_t aliaskit_printer_place(void *Printer, LLVMMetadataRef MD);
/// Where the loop around a noalias.scope.decl of scope MD in the printer's
/// module begins: its `!dbg` location chain, innermost first, a line each
/// (as aliaskit_debug_location), or `%header` (the loop's header block)
/// without one; empty when no decl of the scope is in a loop.
aliaskit::OwnedString aliaskit_printer_decl_loop(void *Printer,
                                                 LLVMMetadataRef MD);
/// What the input's accesses of the printer's function carried (a bisect
/// printer's; input_numbers.cpp): `Which` 0, its !tbaa tags; 1, its scope
/// lists (!alias.scope and !noalias); 2, the !tbaa.struct of its memory
/// copies. At most `Capacity` into `Out`; the count, or -1 when unknown.
int64_t aliaskit_printer_input_nodes(void *Printer, uint8_t Which,
                                     LLVMMetadataRef *Out, size_t Capacity);
/// Whether some access of the input carried MD (as !tbaa or a scope list):
/// 1 or 0, or -1 when unknown.
int8_t aliaskit_printer_input_carried(void *Printer, LLVMMetadataRef MD);
/// Where copy `I` of aliaskit_printer_input_nodes(2) was in the input
/// (`llvm.memcpy.p0.p0.i64 at a.c:3:5`), or "".
aliaskit::OwnedString aliaskit_printer_input_copy(void *Printer, size_t I);
/// How instruction `Inst` of the printer's module stands to the input
/// (input_origin.cpp), part `Part` of it: 0, `made` (a pass made it),
/// `changed` (an input instruction whose opcode, type or operand count a
/// pass changed), or "" (one of the input's, or not known); for `made`,
/// 1, the input's instruction it came from as the input has it, 2, where
/// (`file.ll:12`), 3, what is known of it otherwise; each "" when unknown.
aliaskit::OwnedString aliaskit_printer_origin(void *Printer, LLVMValueRef Inst,
                                              uint8_t Part);
/// Frees an OwnedString, the one way every string for the Rust side is
/// freed.
void aliaskit_string_free(aliaskit::OwnedString S);

/// verify.cpp, for verify-alias-md<strip>: removes operand `Index` of the
/// named metadata `Name` (and the named metadata when it is left empty).
void aliaskit_remove_named_metadata_operand(LLVMModuleRef M, const char *Name,
                                            unsigned Index);

/// printer.cpp: where an instruction is, from its !dbg: `file:line:col`,
/// then each location it was inlined at, one a line; empty without !dbg.
aliaskit::OwnedString aliaskit_debug_location(LLVMValueRef Inst);

/// bisect.cpp: the instruction of side `S` (0 or 1) of a BisectQuery, as
/// `opt -S` prints it; null without a query or for another side.
aliaskit::OwnedString aliaskit_bisect_query_text(const void *Query,
                                                 uint8_t S);
/// bisect.cpp: the instruction of side `S` of a BisectQuery, or null.
LLVMValueRef aliaskit_bisect_query_instruction(const void *Query, uint8_t S);
/// bisect.cpp: a printer of the module of a BisectQuery's function (null
/// without one), freed with aliaskit_bisect_printer_free.
void *aliaskit_bisect_printer_new(const void *Query);
void aliaskit_bisect_printer_free(void *Printer);

// src/reader/metadata.cpp: the reader's raw access to metadata operands,
// which the LLVM-C API would canonicalise.
/// Number of operands of a node.
unsigned aliaskit_md_num_operands(LLVMMetadataRef Node);
/// What operand `I` of `Node` is; the outputs that apply are filled: a node
/// in *Op, a string in *Str, *Len, an integer constant in *Bits, *Fits (it
/// fits in 64 bits zero-extended), *Value (if it fits) and *LowBit.
aliaskit::OperandKind aliaskit_md_operand(LLVMMetadataRef Node, unsigned I,
                                          LLVMMetadataRef *Op,
                                          const char **Str, size_t *Len,
                                          unsigned *Bits, uint8_t *Fits,
                                          uint64_t *Value, uint8_t *LowBit);
/// The argument of an `llvm.experimental.noalias.scope.decl` call (a node
/// is stored in *Node).
aliaskit::DeclArgumentKind aliaskit_decl_argument(LLVMValueRef Call,
                                                  LLVMMetadataRef *Node);
/// Where each of `Insts[0..Count]` (instructions of function `Fn`) stands
/// in its dominator tree, four numbers each into `Out`: block number,
/// reachable (1/0), depth-first interval in and out; 0 when a block has no
/// terminator (nothing written).
uint8_t aliaskit_dominator_places(LLVMValueRef Fn, const LLVMValueRef *Insts,
                                  unsigned Count, uint32_t *Out);
/// The operands of the named metadata `Name` as they are (null operands
/// stay null), at most `Capacity` of them into `Out`; the operand count, or
/// -1 when the module has no such named metadata.
int aliaskit_named_metadata_operands(LLVMModuleRef M, const char *Name,
                                     LLVMMetadataRef *Out, unsigned Capacity);
/// The attachments of kinds `Kinds[0..Count]` of an instruction (null where
/// absent), as they are; false (and nothing written) when the instruction
/// has no metadata besides its debug location, the common case.
uint8_t aliaskit_attachments(LLVMValueRef Inst, const unsigned *Kinds,
                             unsigned Count, LLVMMetadataRef *Out);
}

namespace aliaskit {

inline LLVMMetadataRef md(const llvm::MDNode *N) {
  return llvm::wrap(static_cast<llvm::Metadata *>(const_cast<llvm::MDNode *>(N)));
}

inline llvm::MDNode *node(LLVMMetadataRef M) {
  return llvm::cast_or_null<llvm::MDNode>(llvm::unwrap(M));
}

/// The input's instructions (input_origin.cpp).
struct InputInstructions;

/// The numbers of the nodes of a module as it entered the pipeline (its
/// input): those written in its `.ll` file, or those `opt -S` gives it
/// then (input_numbers.cpp). A node without one is not in the input.
struct InputNumbers {
  llvm::DenseMap<const llvm::MDNode *, unsigned> Numbers;
  /// Whether the numbers are the file's own.
  bool FromFile = false;
  /// A memory copy of the input with a !tbaa.struct: the node, and where
  /// the copy was (`llvm.memcpy.p0.p0.i64 at a.c:3:5`).
  struct Copy {
    const llvm::MDNode *Struct;
    std::string Where;
  };
  /// What the input's accesses in one function carried, each node once:
  /// what a node a pass made there can have been derived from.
  struct Function {
    std::vector<const llvm::MDNode *> Tags, Lists;
    std::vector<Copy> Copies;
  };
  llvm::StringMap<Function> Functions;
  /// Every tag and scope list some access of the input carried.
  llvm::DenseSet<const llvm::MDNode *> Carried;
  /// The input's instructions, recorded for bisect's reports
  /// (input_origin.cpp); null when not recorded.
  std::shared_ptr<const InputInstructions> Instructions;
};

/// input_origin.cpp: what bisect's reports need to tell which instructions
/// are the input's, and what one a pass made came from. `File`, for a
/// `.ll` input whose nodes were matched to `M`'s: the module parsed from
/// it (with the same shape as `M`), where the parser put each instruction
/// (`Parsed`), the file's text and path.
std::shared_ptr<const InputInstructions>
recordInstructions(const llvm::Module &M, const llvm::Module *File,
                   const llvm::AsmParserContext *Parsed,
                   std::unique_ptr<llvm::MemoryBuffer> Text,
                   llvm::StringRef Path);

/// input_numbers.cpp: the input numbers of `M`, or null when none were
/// recorded (no pass that reports was in the pipeline, or no pipeline).
std::shared_ptr<const InputNumbers> inputNumbers(const llvm::Module &M);
/// Asks for the input numbers to be recorded: called as a pass that
/// reports is added to a pipeline. `ReadOnlyPass`, the pass's name, for a
/// pass that only reads the module before it reports: when such a pass is
/// the first to run, the numbers are recorded when its printer first
/// needs them (so that a report with nothing to say costs nothing).
void wantInputNumbers(llvm::StringRef ReadOnlyPass = "");
/// The input numbers of `M`, recorded now if they are wanted and were not
/// yet (the first pass to run was a read-only one); null otherwise.
std::shared_ptr<const InputNumbers> inputNumbersNow(const llvm::Module &M);
/// Records the input numbers of each module before its first pass.
void registerInputRecording(llvm::PassBuilder &PB);
/// The numbers `opt -S` gives the nodes of `M`, by slot, through `MST`
/// (which is made to number the whole module, or one function's).
/// `Any`, if not null, is a node of the module to start the numbering
/// from (else one is looked for).
std::vector<std::pair<unsigned, const llvm::MDNode *>>
trackerNumbers(llvm::ModuleSlotTracker &MST, const llvm::Module &M,
               const llvm::MDNode *Any = nullptr);

/// The printer of one module that the Rust side's reports print nodes and
/// instructions with (aliaskit_printer_metadata / _value, printer.cpp): a
/// ModuleSlotTracker, so that nodes get the numbers `opt -S` gives them.
/// It is the one numbering of the module's nodes (number(), used for every
/// `!N` a report writes of its own), and knows each scope's place among
/// the scopes of its domain (place()). Rust sees it as an opaque pointer.
struct Printer {
  const llvm::Module &M;
  llvm::ModuleSlotTracker MST;
  /// The numbers of the module's input, if recorded (looked up on first
  /// use): then every node is written
  /// with its input number, and one not in the input as `!new.N` (N its
  /// number in `opt -S` now).
  std::shared_ptr<const InputNumbers> Input;
  explicit Printer(const llvm::Module &M) : M(M), MST(&M) {}
  /// Numbering only the module-level nodes and those of `F`, in `opt -S`'s
  /// order: what printing one of F's instructions alone numbers, at the
  /// cost of F, not of the module (bisect.cpp, once per logged decision).
  Printer(const llvm::Module &M, const llvm::Function &F)
      : M(M), MST(&M, /*ShouldInitializeAllMetadata=*/false), F(&F) {
    MST.incorporateFunction(F);
  }
  /// Set in the number number() gives a node that is not in the input.
  static constexpr int64_t NewBit = int64_t(1) << 32;
  /// The number of `N` in the input; NewBit | its number now when it is
  /// not in the input; -1 when the module does not number it.
  int64_t number(const llvm::MDNode *N);
  /// The place (from 1) of scope `N` among its domain's scopes by number,
  /// or 0.
  uint32_t place(const llvm::MDNode *N);
  /// `Text` as printed through MST, each `!N` in it that stands for one
  /// of `Nodes` rewritten to the node's input number (or `!new.N`),
  /// quoted strings left alone. (Asking the tracker for these nodes' slots
  /// costs them alone, where indexing would cost the module.)
  std::string renumber(llvm::StringRef Text,
                       llvm::ArrayRef<const llvm::MDNode *> Nodes);
  /// aliaskit_printer_decl_loop's answer for each scope asked so far.
  llvm::DenseMap<const llvm::MDNode *, std::string> DeclLoops;
  /// The one function printed (bisect.cpp's printers), or null.
  const llvm::Function *F = nullptr;
  /// What the input's accesses of F carried, if known.
  const InputNumbers::Function *inputFunction();
  /// Input, looked up (or recorded) on first use.
  const InputNumbers *input();

private:
  /// Built on the first number() or place().
  bool Indexed = false;
  llvm::DenseMap<const llvm::MDNode *, unsigned> Slots;
  llvm::DenseMap<const llvm::MDNode *, uint32_t> Places;
  void index(const llvm::MDNode *Any);
  bool InputLooked = false;
  /// What number() answers for `N`, whose slot in MST is `Slot`.
  int64_t inputNumber(const llvm::MDNode *N, unsigned Slot);
};

/// `S` as an OwnedString for the Rust side, which frees it with
/// aliaskit_string_free (printer.cpp).
OwnedString ownedString(const std::string &S);

/// Owns one Rust session: imported metadata and memoized answers. An AA
/// keeps one per FunctionAnalysisManager (its analysis object lives there),
/// so one pipeline on one thread uses it at a time.
template <void *(*New)(), void (*Free)(void *)> struct RustSession {
  void *Handle;
  RustSession() : Handle(New()) {}
  ~RustSession() { Free(Handle); }
  RustSession(const RustSession &) = delete;
  RustSession &operator=(const RustSession &) = delete;
};

using TBAASession =
    RustSession<aliaskit_tbaa_session_new, aliaskit_tbaa_session_free>;
using ScopedSession =
    RustSession<aliaskit_scoped_session_new, aliaskit_scoped_session_free>;

/// One query of an analysis, as the bisection log shows it (bisect.cpp):
/// the function asking and, for each side, the instruction when the
/// analysis was given one (a call), else the location's pointer and the
/// metadata that the instruction behind it carries (found on demand).
struct BisectQuery {
  const llvm::Function *F = nullptr;
  const llvm::Instruction *Inst[2] = {nullptr, nullptr};
  const llvm::Value *Ptr[2] = {nullptr, nullptr};
  const llvm::MDNode *MD[2] = {nullptr, nullptr};
  unsigned Kind[2] = {0, 0};

  void side(unsigned S, const llvm::MemoryLocation &Loc,
            const llvm::MDNode *N, unsigned K);
  void side(unsigned S, const llvm::CallBase *Call, const llvm::MDNode *N,
            unsigned K);
};

/// The key of F for decision ids: its module's key (moduleKey) and its
/// name.
uint64_t bisectKey(const llvm::Function &F);

/// Logs that analysis `Analysis` (0 rust-tbaa, 1 rust-scoped-noalias) was
/// built for F (bisect.cpp).
void bisectAnalysisBuilt(const llvm::Function &F, uint8_t Analysis);

/// With ALIASKIT_BISECT or ALIASKIT_BISECT_LOG set: logs the process's
/// `load` line, and each module that goes through one of PB's pipelines
/// (through its pass instrumentation), for `aliaskit bisect` to tell a
/// replayed build (bisect.cpp).
void registerBisectInstrumentation(llvm::PassBuilder &PB);

/// Checks the parameters of pass `Pass` in pipeline element `Name`
/// (`Pass` or `Pass<p1;p2...>`): false if `Name` is another pass;
/// otherwise the parameters go to `Params`. A malformed element stops
/// the parse with LLVM's "invalid ... pass parameter" error.
bool matchPassName(llvm::StringRef Name, llvm::StringRef Pass,
                   llvm::SmallVectorImpl<llvm::StringRef> &Params);

/// A pass parameter that sets a flag.
struct FlagWord {
  llvm::StringRef Word;
  uint32_t Flag;
};

/// Sets `Flags` to the flags of `Params`, each of which must be one of
/// `Words`: false, with the first that is not in `Bad`, otherwise.
bool parseFlagWords(llvm::ArrayRef<llvm::StringRef> Params,
                    llvm::ArrayRef<FlagWord> Words, uint32_t &Flags,
                    llvm::StringRef &Bad);

/// Parses `Pass` or `Pass<w1;w2...>` whose parameters are flag words:
/// false if `Name` is another pass; an unknown word stops the parse with
/// LLVM's "invalid ... pass parameter" error, `Expected` saying what is.
bool parseFlagPass(llvm::StringRef Name, llvm::StringRef Pass,
                   llvm::ArrayRef<FlagWord> Words, llvm::StringRef Expected,
                   uint32_t &Flags);

/// A pass parameter and what it sets.
struct PassWord {
  llvm::StringRef Word;
  llvm::function_ref<void()> Set;
};

/// Parses `Pass` or `Pass<w1;w2...>`, doing each word's `Set` in order:
/// false if `Name` is another pass; an unknown word stops the parse with
/// LLVM's "invalid ... pass parameter" error, `Expected` saying what is.
bool parseWordPass(llvm::StringRef Name, llvm::StringRef Pass,
                   llvm::ArrayRef<PassWord> Words, llvm::StringRef Expected);

/// Stops the pipeline parse: `invalid <Pass> pass parameter '<Param>'
/// (<Expected>)`, as LLVM reports its own passes' bad parameters.
[[noreturn]] void invalidPassParameter(llvm::StringRef Pass,
                                       llvm::StringRef Param,
                                       llvm::StringRef Expected);

/// Registers the tbaa-diff and scoped-diff module passes (diff.cpp).
void registerDiffPasses(llvm::PassBuilder &PB);

/// Registers aliaskit-explain and aliaskit-dot (inspect.cpp).
void registerInspectPasses(llvm::PassBuilder &PB);

/// Registers verify-alias-md and ALIASKIT_VERIFY_EACH (verify.cpp).
void registerVerifier(llvm::PassBuilder &PB);

/// What the conversion of noalias parameters into scopes did in this
/// process (sanitize_parameters.cpp), for aliaskit-sanitize<stats>.
struct ParameterStats {
  unsigned Functions = 0, Parameters = 0, Accesses = 0, Unclassified = 0;
};
ParameterStats &parameterStats();

/// Whether F has noalias pointer parameters, or converted ones whose
/// conversion is not complete.
bool hasNoAliasParameters(const llvm::Function &F);

/// Marks every memory access of M as the front end's (!aliaskit.access),
/// for completeNoAliasParameters; forgetFrontEndAccesses removes the marks.
void markFrontEndAccesses(llvm::Module &M);
void forgetFrontEndAccesses(llvm::Module &M);

/// Turns F's noalias pointer parameters into scopes as the inliner would
/// when inlining F, and removes their attributes (from F and its calls), so
/// that basic-aa no longer uses them (`Promote`: promote the entry block's
/// allocas first, for a body as the front end left it). The scopes are
/// recorded on F (!aliaskit.noalias) for completeNoAliasParameters.
void convertNoAliasParameters(llvm::Function &F, llvm::AAResults &AA,
                              bool Promote);

/// Takes `alwaysinline` off F till restoreAlwaysInline (kept as a string
/// attribute), so that F is inlined after its own simplification, where its
/// conversion is completed, not before it (sanitize_parameters.cpp).
void deferAlwaysInline(llvm::Function &F);
void restoreAlwaysInline(llvm::Function &F);

/// Gives the front end's accesses of F that have none of F's converted
/// scopes yet their lists (unclassified at the conversion: through a call's
/// result, inlined since, or through a stack object promoted since; not
/// those a pass dropped the lists of), and declares again at F's entry a
/// used scope whose decl was deleted: once F's body
/// is simplified (where the inliner reads it), and `Last`, at the end of
/// the pipeline, where those still unclassified are counted at run time
/// and the record is dropped.
void completeNoAliasParameters(llvm::Function &F, llvm::AAResults &AA,
                               bool Last);

/// sanitize.cpp: after a stage of the sanitizer: every function of M with
/// something of the sanitizer's (a runtime call, an access marked
/// `!nosanitize`), every function that calls one of those directly, and so
/// on, gets "reads and writes other and inaccessible memory" in its memory
/// effects, and so does each such call with a memory attribute of its own.
/// The sanitizer adds runtime calls (inaccessible memory) and writes
/// globals of its own (a thread's counts block, the counter of
/// unclassified accesses) to functions whose effects were given before (by
/// the front end, or inferred by FunctionAttrs earlier in the pipeline):
/// effects that leave them out would let a later pass delete or move them
/// (GVN, in a pipeline run again on `aliaskit sanitize`'s output, kept a
/// count in a register across a call that adds to it). The other functions
/// keep their effects.
void keepEffectsTrue(llvm::Module &M);

/// sanitize.cpp: marks an instruction the sanitizer added (`!nosanitize`):
/// other sanitizers leave it alone. `quiet` returns it, for chaining.
void markQuiet(llvm::Instruction *I);
template <typename T> T *quiet(T *I) {
  markQuiet(I);
  return I;
}

/// sanitize_loops.cpp: when the access of `Size` bytes at `Ptr` by I runs
/// once in every iteration of its innermost loop at a constant step, and
/// the loop's count is known at its end, emits one call of `Run` at the
/// loop's exit for all of them, `Run(Head..., first, stride, count, Size)`
/// (__aliaskit_access_run with Head = {frame, site};
/// __aliaskit_delegated_run with Head = {write}), and returns true;
/// otherwise emits nothing and returns false.
bool summarizeInLoop(llvm::Instruction &I, llvm::Value *Ptr, uint64_t Size,
                     llvm::ArrayRef<llvm::Value *> Head, llvm::FunctionCallee Run,
                     llvm::LoopInfo &LI, llvm::ScalarEvolution &SE,
                     llvm::DominatorTree &DT);

/// sanitize_loops.cpp: the accesses of I at `Ptr` over all iterations of
/// its innermost loop, computed in the loop's preheader (made if it has
/// none): the first address, the step and the count (i64), when I runs
/// in every iteration of the loop (or in all but the last), at an address
/// moving by a step the loop does not change, and the loop's count is
/// known before it (summarizeInLoop's conditions); nullopt otherwise.
struct RunBeforeLoop {
  llvm::Value *First, *Step, *Count;
  /// gridBeforeLoop's: the rows and their step (null: one row).
  llvm::Value *Rows = nullptr, *RowStep = nullptr;
};
std::optional<RunBeforeLoop> runBeforeLoop(llvm::Instruction &I, llvm::Value *Ptr,
                                           llvm::LoopInfo &LI,
                                           llvm::ScalarEvolution &SE,
                                           llvm::DominatorTree &DT);

/// sanitize_loops.cpp: runBeforeLoop's run of I in its innermost loop, one
/// row for each iteration of the loop around it, computed in that outer
/// loop's preheader: when the inner loop is entered in every iteration of
/// the outer one (or all but the last; or in all or none, behind tests the
/// outer loop does not change, found as summarizeRunInLoop's guards: then
/// no row when one fails), its step and count are the same in each, and
/// its first address moves by a step the outer loop does not change;
/// nullopt otherwise.
std::optional<RunBeforeLoop> gridBeforeLoop(llvm::Instruction &I, llvm::Value *Ptr,
                                            llvm::LoopInfo &LI,
                                            llvm::ScalarEvolution &SE,
                                            llvm::DominatorTree &DT);

/// sanitize_loops.cpp: when `Run`, an __aliaskit_access_run of a frame
/// entered before its loop (the caller's to check), runs once in every iteration of that loop (or
/// in every iteration the invariant guards before it let it: a rotated
/// loop's, a vectorized loop's behind it), its first address moving by a
/// step (also through a phi ScalarEvolution leaves unknown whose next
/// value is a recurrence) and its stride and count the same each time,
/// emits one
/// __aliaskit_access_grid at the loop's exit for all of them, erases `Run`
/// and returns true. When its block runs in some iterations only, the
/// iterations from the first without a gap are that grid, and `Run` stays
/// for the iterations after a gap (prefixGrid); true too. With `Gather`
/// (at the very end only: the phis it adds would keep the loop from being
/// vectorized and its runs from being summarized further), a run whose
/// first address or count ScalarEvolution cannot tell becomes a grid the
/// program gathers as it goes (gatheredGrid); true too. Otherwise changes
/// nothing and returns false.
bool summarizeRunInLoop(llvm::CallInst &Run, llvm::FunctionCallee AccessGrid,
                        llvm::LoopInfo &LI, llvm::ScalarEvolution &SE,
                        llvm::DominatorTree &DT, bool Gather = false);

/// sanitize_twins.cpp: in each block of F, the __aliaskit_access_run calls
/// of one frame (`Frame`, or any frame when null) whose sites have one twin
/// (`TwinOf`; the identity: one site), one stride and one count, and whose
/// blocks lie one right after the other, become one run of them all, as
/// the lowest part's site. Returns whether any did.
bool fuseTwinRuns(llvm::Function &F, llvm::ScalarEvolution &SE,
                  const llvm::Value *Frame,
                  llvm::function_ref<uint32_t(uint32_t)> TwinOf);

/// sanitize_disjoint.cpp: the answers of aliaskit_sanitize_disjoint for
/// one plan (the functions' analyses from FAM, made on first use).
struct DisjointOracle;
DisjointOracle *makeDisjointOracle(llvm::FunctionAnalysisManager &FAM);
void freeDisjointOracle(DisjointOracle *O);

/// sanitize_calls.cpp: surrounds `Call` (a call with scope lists to a
/// function defined in the module, whose "callee reads" and "callee
/// writes" are sites `Read` and `Write` of `Frame`, ~0u when not kept) with
/// __aliaskit_delegate_begin and __aliaskit_delegate_end; false (nothing
/// done) when its callee cannot be cloned or the call not surrounded.
bool delegateCall(llvm::CallBase &Call, llvm::Value *Frame, uint32_t Read,
                  uint32_t Write);

/// The attribute of a delegated call's clone (sanitize_calls.cpp), whose
/// accesses go to the delegations active on the thread.
inline constexpr const char *DelegatedClone = "aliaskit-delegated";

/// What cloneDelegatedCallees did.
struct DelegationStats {
  unsigned Calls = 0;       ///< calls redirected to a clone
  unsigned Clones = 0;      ///< clones made
  unsigned NotFollowed = 0; ///< calls in clones to declarations, indirect
  unsigned NotSeen = 0;     ///< accesses in clones not told (masked, scalable)
};

/// sanitize_calls.cpp: redirects each of `Calls` (surrounded by
/// delegateCall) to a clone of its callee that tells the runtime each
/// access it makes, cloning the functions the clones call in turn.
DelegationStats cloneDelegatedCallees(llvm::Module &M,
                                      llvm::ArrayRef<llvm::CallBase *> Calls);

/// sanitize.cpp: where F's frame ends, as the sanitizers' runtime calls
/// go there: before each ret (before its musttail call when it has one:
/// that call must stay right before the ret) and each resume.
llvm::SmallVector<llvm::Instruction *, 4> frameEnds(llvm::Function &F);

/// sanitize.cpp: a sanitizer table's bytes as a private constant global
/// named `Name`, 8-byte aligned (the runtime reads its header as words).
llvm::GlobalVariable *tableGlobal(llvm::Module &M,
                                  llvm::ArrayRef<uint8_t> Bytes,
                                  llvm::StringRef Name);

/// sanitize.cpp: whether `CB` calls one of the sanitizer's runtime
/// functions (`__aliaskit_*`).
bool isRuntimeCall(const llvm::CallBase &CB);

/// sanitize.cpp: `V` as a call of the sanitizer's runtime function `Name`
/// with `Args` arguments, or null.
llvm::CallInst *runtimeCall(llvm::Value *V, llvm::StringRef Name,
                            unsigned Args);

/// sanitize.cpp: `V` as a check's call (frame, site, then the shape of
/// the bytes): `__aliaskit_access`, `__aliaskit_access_run` (or their
/// `_final`s) or `__aliaskit_access_grid`; or null.
llvm::CallInst *accessCall(llvm::Value *V);

/// sanitize.cpp: whether runs the loop summaries cannot tell before a
/// loop are gathered as the program goes (summarizeRunInLoop's `Gather`,
/// at the end): yes unless ALIASKIT_SANITIZE_GATHER=0 (when instrumenting).
bool gatherRows();

/// sanitize.cpp: whether loop L calls __aliaskit_exit on `Frame` (a
/// frame's `__aliaskit_enter`): the frame may be left in L.
bool exitsIn(const llvm::Loop &L, const llvm::Value *Frame);

/// sanitize.cpp: the attributes of a call into the sanitizer's runtime: it
/// unwinds nothing, returns, and touches `Effects` only; each parameter
/// numbered in `Addresses` is an address the runtime compares, never
/// dereferences or keeps.
llvm::AttributeList runtimeCallAttributes(llvm::LLVMContext &C,
                                          llvm::MemoryEffects Effects,
                                          llvm::ArrayRef<unsigned> Addresses = {});

/// sanitize.cpp: what both sanitizers' declarations of their runtime
/// functions in M start from: the types of the parameters, and the
/// runtime's own memory, which every call touches.
struct RuntimeTypes {
  llvm::Type *Ptr, *I32, *I64, *Void;
  llvm::MemoryEffects Own;

  explicit RuntimeTypes(llvm::Module &M);

  /// Declares `__aliaskit_fini` (the summary, from a destructor) in M.
  llvm::FunctionCallee declareFini(llvm::Module &M) const;
};

/// Registers aliaskit-sanitize and ALIASKIT_SANITIZE (sanitize.cpp).
void registerSanitizer(llvm::PassBuilder &PB);

/// sanitize_hosts.cpp: the functions a frame's code ran in, as the runtime
/// reads them: a constant array of { decision key, name } (the table's
/// function first, the one it runs in now last).
llvm::Constant *hostsGlobal(llvm::Module &M,
                            llvm::ArrayRef<llvm::StringRef> Names);
/// sanitize_hosts.cpp: a start-point frame's `__aliaskit_enter` (`Enter`)
/// starts the list of the functions its code runs in with `Function`.
void markHost(llvm::CallInst &Enter, llvm::StringRef Function);
/// sanitize_hosts.cpp: adds F to the hosts of every start-point frame
/// whose code runs in F (when F's simplification ends, and at the end):
/// each is a function an analysis may have asked about the frame's claims
/// in, so each gives the claims a decision id.
void recordHost(llvm::Function &F);
/// sanitize_hosts.cpp: at the end, each start-point frame's
/// `__aliaskit_enter` gets its hosts (hostsGlobal).
void tellHosts(llvm::Module &M);

/// sanitize_once.cpp: at the very end, before InPlacePass, each check a
/// loop repeats at the same bytes (an access, a run or a grid) is logged
/// once per execution of the loop, where the log then finds the same
/// conflicts, and a grid of one row again and again is that row (the file
/// comment).
class OncePass : public llvm::PassInfoMixin<OncePass> {
  bool Stats;

public:
  explicit OncePass(bool Stats = false) : Stats(Stats) {}
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// sanitize_in_place.cpp: at the very end, each frame whose accesses run
/// at most once per call is checked by the program itself: its runtime
/// calls become slots compared at its exits (the file comment).
class InPlacePass : public llvm::PassInfoMixin<InPlacePass> {
  bool Stats;

public:
  explicit InPlacePass(bool Stats = false) : Stats(Stats) {}
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// sanitize_ends.cpp: at the very end, after InPlacePass, each frame
/// still in the runtime is told where the last instance of a scope can
/// take no more accesses (`__aliaskit_scope_end`), so that its log can drop
/// that instance's entries (the file comment).
class EndsPass : public llvm::PassInfoMixin<EndsPass> {
  bool Stats;

public:
  explicit EndsPass(bool Stats = false) : Stats(Stats) {}
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// sanitize_final.cpp: at the very end, after EndsPass, the checks of each
/// frame's sites that no later access can be claimed against become
/// `__aliaskit_access_final`, whose entries the log drops once checked
/// (the file comment).
class FinalPass : public llvm::PassInfoMixin<FinalPass> {
  bool Stats, Guards;

public:
  /// Guards: also the loops' guards (ALIASKIT_SANITIZE_FINAL_GUARDS=0
  /// leaves them out).
  explicit FinalPass(bool Stats = false, bool Guards = true)
      : Stats(Stats), Guards(Guards) {}
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
};

/// sanitize_stack.cpp: after the first simplifications of each function,
/// start-point checks of a stack object SROA would promote take their
/// offsets into a twin alloca nothing else uses (the file comment).
class StackAddressesPass : public llvm::PassInfoMixin<StackAddressesPass> {
public:
  static bool isRequired() { return true; }
  llvm::PreservedAnalyses run(llvm::Function &F,
                              llvm::FunctionAnalysisManager &);
};

/// sanitize_tbaa.cpp: registers the aliaskit-sanitize-tbaa pass name.
void registerTbaaSanitizePass(llvm::PassBuilder &PB);

/// sanitize_tbaa.cpp: ALIASKIT_SANITIZE's value for the scoped checker:
/// its comma-separated words without `tbaa` ("" when nothing else is
/// asked, or the variable is unset or 0).
std::string scopedSanitizeValue(const char *Env);

/// sanitize_tbaa.cpp: when ALIASKIT_SANITIZE has the word `tbaa`, adds
/// aliaskit-sanitize-tbaa at the start of the pipeline (before the scoped
/// checker's start, when both are asked: the front end's IR as it is) and
/// turns LLVM's own TBAA off (-enable-tbaa=false), so that no pass
/// exploits a tag on the way.
void addTbaaSanitizeStage(llvm::PassBuilder &PB, const char *Env);

/// sanitize_tbaa.cpp: when ALIASKIT_SANITIZE has the word `tbaa`, adds the
/// expansion of the --tbaa fast paths at the end of the pipeline; called
/// after the scoped checker's stages are added, so that it runs after the
/// scoped end (which summarizes loops whose bodies are still simple).
void addTbaaFastPathStage(llvm::PassBuilder &PB, const char *Env);

/// The name of a module in reports and logs: its source file name, else
/// its identifier (bisect.cpp).
std::string moduleName(const llvm::Module &M);

/// The key of a module for decision ids (bisect.cpp): its file name
/// without directories and the linker-visible symbols it defines, so that
/// ids do not depend on where it is built (core/src/decision.rs).
uint64_t moduleKey(const llvm::Module &M);

/// Registers check-captures (captures.cpp).
void registerCapturesPass(llvm::PassBuilder &PB);

} // namespace aliaskit

#endif
