//===- shim.h - declarations shared by the C++ side of aliaskit -----------===//
//
// The extern "C" functions implemented in Rust (src/plugin/ffi.rs) and small
// helpers used by the C++ files of the plugin. Only C types cross.
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_SHIM_H
#define ALIASKIT_SHIM_H

#include "llvm-c/Core.h"
#include "llvm/IR/Metadata.h"

#include <cstddef>
#include <cstdint>

namespace llvm {
class PassBuilder;
}

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
/// mayAliasInScopes(Scopes, NoAlias): 1 may alias, 0 no alias.
uint8_t aliaskit_scoped_may_alias_in_scopes(void *Session,
                                            LLVMMetadataRef Scopes,
                                            LLVMMetadataRef NoAlias);
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

/// Registers the tbaa-diff and scoped-diff module passes (diff.cpp).
void registerDiffPasses(llvm::PassBuilder &PB);

/// Registers verify-alias-md and ALIASKIT_VERIFY_EACH (verify.cpp).
void registerVerifier(llvm::PassBuilder &PB);

} // namespace aliaskit

#endif
