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
uint8_t aliaskit_tbaa_may_alias(void *Session, LLVMContextRef Ctx,
                                LLVMMetadataRef TagA, LLVMMetadataRef TagB);
uint8_t aliaskit_tbaa_may_alias_errno(void *Session, LLVMContextRef Ctx,
                                      LLVMMetadataRef Tag,
                                      const LLVMMetadataRef *ErrnoTags,
                                      size_t NumErrnoTags);
uint8_t aliaskit_tbaa_is_immutable(void *Session, LLVMContextRef Ctx,
                                   LLVMMetadataRef Tag);
uint8_t aliaskit_tbaa_enabled_by_environment(void);
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

/// Owns one Rust TBAA session: the imported type DAG and the memoized
/// answers. The AA keeps one per FunctionAnalysisManager (its analysis
/// object lives there), so one pipeline on one thread uses it at a time.
struct TBAASession {
  void *Handle;
  TBAASession() : Handle(aliaskit_tbaa_session_new()) {}
  ~TBAASession() { aliaskit_tbaa_session_free(Handle); }
  TBAASession(const TBAASession &) = delete;
  TBAASession &operator=(const TBAASession &) = delete;
};

/// Registers the tbaa-diff module pass (tbaa_diff.cpp).
void registerTBAADiff(llvm::PassBuilder &PB);

} // namespace aliaskit

#endif
