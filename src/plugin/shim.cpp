//===- shim.cpp - C++ side of the aliaskit pass plugin --------------------===//
//
// LLVM's alias-analysis interface is a set of C++ templates: an AA result is
// a class deriving from AAResultBase whose methods hide the base's defaults,
// and AAManager/PassBuilder register it through template functions. Rust
// cannot instantiate those, so this file does, and nothing else: every
// method forwards the raw metadata pointers it is given (as the LLVM-C types
// LLVMMetadataRef / LLVMContextRef) to an extern "C" function implemented in
// Rust, and maps the small integer answer back to LLVM's enums.
//
// No C++ type crosses the boundary and no decision about what metadata means
// is taken here; those live in the Rust core.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"

#include <cstdint>
#include <memory>

using namespace llvm;
using aliaskit::md;
using aliaskit::TBAASession;

namespace {

// The equivalent of built-in TBAA's hidden -enable-tbaa (which lives inside
// LLVM and does not reach plugin analyses).
cl::opt<bool> EnableRustTBAA(
    "aliaskit-enable-tbaa", cl::init(true), cl::Hidden,
    cl::desc("Use the rust-tbaa alias analysis when it is in the AA "
             "pipeline (like -enable-tbaa for the built-in tbaa); the "
             "environment variable ALIASKIT_ENABLE_TBAA=0 does the same"));

class RustTBAAResult : public AAResultBase {
  std::shared_ptr<TBAASession> Session;
  bool Enabled;

  bool mayAlias(const MDNode *A, const MDNode *B) const {
    // An untagged access may alias anything (the core's first rule, also
    // here so that untagged accesses cost no call across the boundary).
    if (!A || !B)
      return true;
    return aliaskit_tbaa_may_alias(Session->Handle, md(A), md(B)) != 0;
  }
  bool isImmutable(const MDNode *Tag) const {
    return aliaskit_tbaa_is_immutable(Session->Handle, md(Tag)) != 0;
  }

public:
  RustTBAAResult(std::shared_ptr<TBAASession> Session, bool Enabled)
      : Session(std::move(Session)), Enabled(Enabled) {}

  bool invalidate(Function &, const PreservedAnalyses &,
                  FunctionAnalysisManager::Invalidator &) {
    return false;
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &, const Instruction *) {
    if (!Enabled)
      return AliasResult::MayAlias;
    return mayAlias(LocA.AATags.TBAA, LocB.AATags.TBAA) ? AliasResult::MayAlias
                                                        : AliasResult::NoAlias;
  }

  AliasResult aliasErrno(const MemoryLocation &Loc, const Module *M) {
    if (!Enabled || !Loc.AATags.TBAA || !M)
      return AliasResult::MayAlias;
    const NamedMDNode *Errno = M->getNamedMetadata("llvm.errno.tbaa");
    if (!Errno)
      return AliasResult::MayAlias;
    SmallVector<LLVMMetadataRef, 2> Tags;
    for (const MDNode *Op : Errno->operands())
      Tags.push_back(md(Op));
    return aliaskit_tbaa_may_alias_errno(Session->Handle,
                                         md(Loc.AATags.TBAA), Tags.data(),
                                         Tags.size())
               ? AliasResult::MayAlias
               : AliasResult::NoAlias;
  }

  ModRefInfo getModRefInfoMask(const MemoryLocation &Loc, AAQueryInfo &,
                               bool) {
    if (!Enabled || !Loc.AATags.TBAA)
      return ModRefInfo::ModRef;
    return isImmutable(Loc.AATags.TBAA) ? ModRefInfo::NoModRef
                                        : ModRefInfo::ModRef;
  }

  MemoryEffects getMemoryEffects(const CallBase *Call, AAQueryInfo &) {
    if (!Enabled)
      return MemoryEffects::unknown();
    if (const MDNode *Tag = Call->getMetadata(LLVMContext::MD_tbaa))
      if (isImmutable(Tag))
        return MemoryEffects::none();
    return MemoryEffects::unknown();
  }

  MemoryEffects getMemoryEffects(const Function *) {
    return MemoryEffects::unknown();
  }

  ModRefInfo getModRefInfo(const CallBase *Call, const MemoryLocation &Loc,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    const MDNode *L = Loc.AATags.TBAA;
    const MDNode *C = Call->getMetadata(LLVMContext::MD_tbaa);
    if (L && C && !mayAlias(L, C))
      return ModRefInfo::NoModRef;
    return ModRefInfo::ModRef;
  }

  ModRefInfo getModRefInfo(const CallBase *Call1, const CallBase *Call2,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    const MDNode *A = Call1->getMetadata(LLVMContext::MD_tbaa);
    const MDNode *B = Call2->getMetadata(LLVMContext::MD_tbaa);
    if (A && B && !mayAlias(A, B))
      return ModRefInfo::NoModRef;
    return ModRefInfo::ModRef;
  }
};

class RustTBAA : public AnalysisInfoMixin<RustTBAA> {
  friend AnalysisInfoMixin<RustTBAA>;
  static AnalysisKey Key;
  std::shared_ptr<TBAASession> Session = std::make_shared<TBAASession>();

public:
  using Result = RustTBAAResult;

  Result run(Function &F, FunctionAnalysisManager &) {
    // Like built-in TBAA: off under -aliaskit-enable-tbaa=false, and for
    // functions the type sanitizer instruments.
    bool Enabled = EnableRustTBAA && aliaskit_tbaa_enabled_by_environment() &&
                   !F.hasFnAttribute(Attribute::SanitizeType);
    return Result(Session, Enabled);
  }
};

AnalysisKey RustTBAA::Key;

cl::opt<bool> EnableRustScopedNoAlias(
    "aliaskit-enable-scoped-noalias", cl::init(true), cl::Hidden,
    cl::desc("Use the rust-scoped-noalias alias analysis when it is in the "
             "AA pipeline (like -enable-scoped-noalias for the built-in "
             "scoped-noalias-aa); ALIASKIT_ENABLE_SCOPED_NOALIAS=0 does the "
             "same"));

/// `!alias.scope` / `!noalias`: every method asks the Rust session
/// mayAliasInScopes(Scopes, NoAlias) in both directions, as LLVM 22's
/// ScopedNoAliasAAResult does.
class RustScopedNoAliasResult : public AAResultBase {
  std::shared_ptr<aliaskit::ScopedSession> Session;
  bool Enabled;

  bool mayAlias(const MDNode *Scopes, const MDNode *NoAlias) const {
    // Without both lists there is nothing to exclude (the core's first
    // rule, also here so that such queries cost no call across the
    // boundary).
    if (!Scopes || !NoAlias)
      return true;
    return aliaskit_scoped_may_alias_in_scopes(Session->Handle,
                                               md(Scopes), md(NoAlias)) != 0;
  }

public:
  RustScopedNoAliasResult(std::shared_ptr<aliaskit::ScopedSession> Session,
                          bool Enabled)
      : Session(std::move(Session)), Enabled(Enabled) {}

  bool invalidate(Function &, const PreservedAnalyses &,
                  FunctionAnalysisManager::Invalidator &) {
    return false;
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &, const Instruction *) {
    if (!Enabled)
      return AliasResult::MayAlias;
    if (!mayAlias(LocA.AATags.Scope, LocB.AATags.NoAlias) ||
        !mayAlias(LocB.AATags.Scope, LocA.AATags.NoAlias))
      return AliasResult::NoAlias;
    return AliasResult::MayAlias;
  }

  ModRefInfo getModRefInfo(const CallBase *Call, const MemoryLocation &Loc,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    if (!mayAlias(Loc.AATags.Scope,
                  Call->getMetadata(LLVMContext::MD_noalias)) ||
        !mayAlias(Call->getMetadata(LLVMContext::MD_alias_scope),
                  Loc.AATags.NoAlias))
      return ModRefInfo::NoModRef;
    return ModRefInfo::ModRef;
  }

  ModRefInfo getModRefInfo(const CallBase *Call1, const CallBase *Call2,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    if (!mayAlias(Call1->getMetadata(LLVMContext::MD_alias_scope),
                  Call2->getMetadata(LLVMContext::MD_noalias)) ||
        !mayAlias(Call2->getMetadata(LLVMContext::MD_alias_scope),
                  Call1->getMetadata(LLVMContext::MD_noalias)))
      return ModRefInfo::NoModRef;
    return ModRefInfo::ModRef;
  }
};

class RustScopedNoAlias : public AnalysisInfoMixin<RustScopedNoAlias> {
  friend AnalysisInfoMixin<RustScopedNoAlias>;
  static AnalysisKey Key;
  std::shared_ptr<aliaskit::ScopedSession> Session =
      std::make_shared<aliaskit::ScopedSession>();

public:
  using Result = RustScopedNoAliasResult;

  Result run(Function &, FunctionAnalysisManager &) {
    bool Enabled =
        EnableRustScopedNoAlias && aliaskit_scoped_enabled_by_environment();
    return Result(Session, Enabled);
  }
};

AnalysisKey RustScopedNoAlias::Key;

} // namespace

extern "C" void aliaskit_register_pass_builder_callbacks(void *Builder) {
  PassBuilder &PB = *static_cast<PassBuilder *>(Builder);
  aliaskit::registerDiffPasses(PB);
  aliaskit::registerVerifier(PB);
  PB.registerAnalysisRegistrationCallback(
      [](FunctionAnalysisManager &FAM) {
        FAM.registerPass([] { return RustTBAA(); });
        FAM.registerPass([] { return RustScopedNoAlias(); });
      });
  PB.registerParseAACallback([](StringRef Name, AAManager &AA) {
    if (Name == "rust-tbaa") {
      AA.registerFunctionAnalysis<RustTBAA>();
      return true;
    }
    if (Name == "rust-scoped-noalias") {
      AA.registerFunctionAnalysis<RustScopedNoAlias>();
      return true;
    }
    return false;
  });
}
