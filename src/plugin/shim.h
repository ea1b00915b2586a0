//===- shim.h - declarations shared by the C++ side of aliaskit -----------===//
//
// The extern "C" functions implemented in Rust (src/plugin/ffi.rs) and small
// helpers used by the C++ files of the plugin. Only C types cross.
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_SHIM_H
#define ALIASKIT_SHIM_H

#include "llvm-c/Core.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Metadata.h"

#include <cstddef>
#include <cstdint>

namespace llvm {
class CallBase;
class Function;
class Instruction;
class MemoryLocation;
class PassBuilder;
class Value;
} // namespace llvm

// ---------------------------------------------------------------------------
// The Rust side (src/plugin/ffi.rs). Answers: 1 = may alias, 0 = no alias.
// ---------------------------------------------------------------------------
extern "C" {
void *aliaskit_tbaa_session_new(void);
void aliaskit_tbaa_session_free(void *Session);
uint8_t aliaskit_tbaa_may_alias(void *Session, LLVMMetadataRef TagA,
                                LLVMMetadataRef TagB);
uint8_t aliaskit_tbaa_may_alias_errno(void *Session, LLVMMetadataRef Tag,
                                      const LLVMMetadataRef *ErrnoTags,
                                      size_t NumErrnoTags);
uint8_t aliaskit_tbaa_is_immutable(void *Session, LLVMMetadataRef Tag);
uint8_t aliaskit_tbaa_enabled_by_environment(void);

void *aliaskit_scoped_session_new(void);
void aliaskit_scoped_session_free(void *Session);
/// mayAliasInScopes(ScopesX, NoAliasY) && mayAliasInScopes(ScopesY,
/// NoAliasX): 1 may alias, 0 no alias. Null lists exclude nothing.
uint8_t aliaskit_scoped_may_alias_both_ways(void *Session,
                                            LLVMMetadataRef ScopesX,
                                            LLVMMetadataRef NoAliasX,
                                            LLVMMetadataRef ScopesY,
                                            LLVMMetadataRef NoAliasY);
/// The same, computed afresh: 1, 0, or 2 for malformed lists.
uint8_t aliaskit_scoped_decide(void *Session, LLVMMetadataRef Scopes,
                               LLVMMetadataRef NoAlias);
/// Kind 0: getMostGenericAliasScope, 1: MDNode::intersect. Returns 1, or 2
/// for malformed lists; the merged list (or null) goes to *Merged.
uint8_t aliaskit_scoped_merge(void *Session, LLVMContextRef Ctx, uint8_t Kind,
                              LLVMMetadataRef A, LLVMMetadataRef B,
                              LLVMMetadataRef *Merged);
uint8_t aliaskit_scoped_enabled_by_environment(void);
/// 1 may alias, 0 no alias, 2 malformed (do not ask LLVM's TBAA); stores
/// getMostGenericTBAA(TagA, TagB) (or null) in *Generic.
uint8_t aliaskit_tbaa_match(void *Session, LLVMContextRef Ctx,
                            LLVMMetadataRef TagA, LLVMMetadataRef TagB,
                            LLVMMetadataRef *Generic);

// Bisection (src/plugin/bisect.rs). Called only when
// aliaskit_bisect_enabled() returned 1 (ALIASKIT_BISECT or
// ALIASKIT_BISECT_LOG set). `Key` comes from aliaskit_bisect_function;
// `Query` is a const aliaskit::BisectQuery *, for the log.
uint8_t aliaskit_bisect_enabled(void);
uint64_t aliaskit_bisect_function(const char *Module, size_t ModuleLen,
                                  const char *Function, size_t FunctionLen);
uint8_t aliaskit_tbaa_may_alias_in(void *Session, uint64_t Key,
                                   LLVMMetadataRef TagA, LLVMMetadataRef TagB,
                                   const void *Query);
uint8_t aliaskit_tbaa_is_immutable_in(void *Session, uint64_t Key,
                                      LLVMMetadataRef Tag, const void *Query);
uint8_t aliaskit_tbaa_may_alias_errno_in(void *Session, uint64_t Key,
                                         LLVMMetadataRef Tag,
                                         const LLVMMetadataRef *ErrnoTags,
                                         size_t NumErrnoTags,
                                         const void *Query);
uint8_t aliaskit_scoped_may_alias_in_scopes_in(void *Session, uint64_t Key,
                                               LLVMMetadataRef Scopes,
                                               LLVMMetadataRef NoAlias,
                                               const void *Query);

// Printing for the Rust side (verify.cpp): nodes and values as `opt -S`
// shows them, through a printer made for one module.
void *aliaskit_printer_new(LLVMModuleRef M);
void aliaskit_printer_free(void *Printer);
char *aliaskit_printer_metadata(void *Printer, LLVMMetadataRef MD);
char *aliaskit_printer_value(void *Printer, LLVMValueRef V);
void aliaskit_string_free(char *S);
}


namespace aliaskit {

inline LLVMMetadataRef md(const llvm::MDNode *N) {
  return llvm::wrap(static_cast<llvm::Metadata *>(const_cast<llvm::MDNode *>(N)));
}

inline llvm::MDNode *node(LLVMMetadataRef M) {
  return llvm::cast_or_null<llvm::MDNode>(llvm::unwrap(M));
}

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

/// The key of F for decision ids: its module's source file name (or
/// identifier) and its name.
uint64_t bisectKey(const llvm::Function &F);

/// Checks the parameters of pass `Pass` in pipeline element `Name`
/// (`Pass` or `Pass<p1;p2...>`): false if `Name` is another pass;
/// otherwise the parameters go to `Params`. A malformed element stops
/// the parse with LLVM's "invalid ... pass parameter" error.
bool matchPassName(llvm::StringRef Name, llvm::StringRef Pass,
                   llvm::SmallVectorImpl<llvm::StringRef> &Params);

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

} // namespace aliaskit

#endif
