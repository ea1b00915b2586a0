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

/// Which function a result answers for, when bisection is on
/// (ALIASKIT_BISECT / ALIASKIT_BISECT_LOG): every definite answer then
/// goes through the *_in entry points, which apply the selection and log.
struct BisectContext {
  const Function *F = nullptr;
  uint64_t Key = 0;
  bool On = false;

  static BisectContext of(const Function &F) {
    BisectContext C;
    if (aliaskit_bisect_enabled()) {
      C.F = &F;
      C.Key = aliaskit::bisectKey(F);
      C.On = true;
    }
    return C;
  }
  aliaskit::BisectQuery query() const {
    aliaskit::BisectQuery Q;
    Q.F = F;
    return Q;
  }
};

class RustTBAAResult : public AAResultBase {
  std::shared_ptr<TBAASession> Session;
  bool Enabled;
  BisectContext Bisect;

  bool mayAlias(const MDNode *A, const MDNode *B) const {
    return aliaskit_tbaa_may_alias(Session->Handle, md(A), md(B)) != 0;
  }
  bool mayAlias(const MDNode *A, const MDNode *B,
                const aliaskit::BisectQuery &Q) const {
    return aliaskit_tbaa_may_alias_in(Session->Handle, Bisect.Key, md(A),
                                      md(B), &Q) != 0;
  }
  bool isImmutable(const MDNode *Tag, const aliaskit::BisectQuery *Q) const {
    if (Q)
      return aliaskit_tbaa_is_immutable_in(Session->Handle, Bisect.Key,
                                           md(Tag), Q) != 0;
    return aliaskit_tbaa_is_immutable(Session->Handle, md(Tag)) != 0;
  }

public:
  RustTBAAResult(std::shared_ptr<TBAASession> Session, bool Enabled,
                 BisectContext Bisect)
      : Session(std::move(Session)), Enabled(Enabled), Bisect(Bisect) {}

  bool invalidate(Function &, const PreservedAnalyses &,
                  FunctionAnalysisManager::Invalidator &) {
    return false;
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &, const Instruction *) {
    // An untagged access may alias anything (the core's first rule, also
    // here so that untagged accesses cost no call across the boundary).
    const MDNode *A = LocA.AATags.TBAA, *B = LocB.AATags.TBAA;
    if (!Enabled || !A || !B)
      return AliasResult::MayAlias;
    if (Bisect.On) {
      aliaskit::BisectQuery Q = Bisect.query();
      Q.side(0, LocA, A, LLVMContext::MD_tbaa);
      Q.side(1, LocB, B, LLVMContext::MD_tbaa);
      return mayAlias(A, B, Q) ? AliasResult::MayAlias : AliasResult::NoAlias;
    }
    return mayAlias(A, B) ? AliasResult::MayAlias : AliasResult::NoAlias;
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
    uint8_t May;
    if (Bisect.On) {
      aliaskit::BisectQuery Q = Bisect.query();
      Q.side(0, Loc, Loc.AATags.TBAA, LLVMContext::MD_tbaa);
      May = aliaskit_tbaa_may_alias_errno_in(Session->Handle, Bisect.Key,
                                             md(Loc.AATags.TBAA), Tags.data(),
                                             Tags.size(), &Q);
    } else {
      May = aliaskit_tbaa_may_alias_errno(Session->Handle, md(Loc.AATags.TBAA),
                                          Tags.data(), Tags.size());
    }
    return May ? AliasResult::MayAlias : AliasResult::NoAlias;
  }

  ModRefInfo getModRefInfoMask(const MemoryLocation &Loc, AAQueryInfo &,
                               bool) {
    if (!Enabled || !Loc.AATags.TBAA)
      return ModRefInfo::ModRef;
    aliaskit::BisectQuery Q;
    if (Bisect.On) {
      Q = Bisect.query();
      Q.side(0, Loc, Loc.AATags.TBAA, LLVMContext::MD_tbaa);
    }
    return isImmutable(Loc.AATags.TBAA, Bisect.On ? &Q : nullptr)
               ? ModRefInfo::NoModRef
               : ModRefInfo::ModRef;
  }

  MemoryEffects getMemoryEffects(const CallBase *Call, AAQueryInfo &) {
    if (!Enabled)
      return MemoryEffects::unknown();
    if (const MDNode *Tag = Call->getMetadata(LLVMContext::MD_tbaa)) {
      aliaskit::BisectQuery Q;
      if (Bisect.On) {
        Q = Bisect.query();
        Q.side(0, Call, Tag, LLVMContext::MD_tbaa);
      }
      if (isImmutable(Tag, Bisect.On ? &Q : nullptr))
        return MemoryEffects::none();
    }
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
    if (!L || !C)
      return ModRefInfo::ModRef;
    bool May;
    if (Bisect.On) {
      aliaskit::BisectQuery Q = Bisect.query();
      Q.side(0, Loc, L, LLVMContext::MD_tbaa);
      Q.side(1, Call, C, LLVMContext::MD_tbaa);
      May = mayAlias(L, C, Q);
    } else {
      May = mayAlias(L, C);
    }
    return May ? ModRefInfo::ModRef : ModRefInfo::NoModRef;
  }

  ModRefInfo getModRefInfo(const CallBase *Call1, const CallBase *Call2,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    const MDNode *A = Call1->getMetadata(LLVMContext::MD_tbaa);
    const MDNode *B = Call2->getMetadata(LLVMContext::MD_tbaa);
    if (!A || !B)
      return ModRefInfo::ModRef;
    bool May;
    if (Bisect.On) {
      aliaskit::BisectQuery Q = Bisect.query();
      Q.side(0, Call1, A, LLVMContext::MD_tbaa);
      Q.side(1, Call2, B, LLVMContext::MD_tbaa);
      May = mayAlias(A, B, Q);
    } else {
      May = mayAlias(A, B);
    }
    return May ? ModRefInfo::ModRef : ModRefInfo::NoModRef;
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
    return Result(Session, Enabled,
                  Enabled ? BisectContext::of(F) : BisectContext());
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
  BisectContext Bisect;

  /// One side of a query: a location or a call, and its two lists.
  struct Side {
    const MemoryLocation *Loc;
    const CallBase *Call;
    const MDNode *Scopes, *NoAlias;
  };
  static Side of(const MemoryLocation &L) {
    return {&L, nullptr, L.AATags.Scope, L.AATags.NoAlias};
  }
  static Side of(const CallBase *C) {
    return {nullptr, C, C->getMetadata(LLVMContext::MD_alias_scope),
            C->getMetadata(LLVMContext::MD_noalias)};
  }

  /// mayAliasInScopes(X's scopes, Y's noalias).
  bool mayAlias(const Side &X, const Side &Y) const {
    // Without both lists there is nothing to exclude (the core's first
    // rule, also here so that such queries cost no call across the
    // boundary).
    if (!X.Scopes || !Y.NoAlias)
      return true;
    if (!Bisect.On)
      return aliaskit_scoped_may_alias_in_scopes(Session->Handle, md(X.Scopes),
                                                 md(Y.NoAlias)) != 0;
    aliaskit::BisectQuery Q = Bisect.query();
    for (unsigned S = 0; S < 2; ++S) {
      const Side &Z = S == 0 ? X : Y;
      const MDNode *N = S == 0 ? X.Scopes : Y.NoAlias;
      unsigned K = S == 0 ? LLVMContext::MD_alias_scope : LLVMContext::MD_noalias;
      if (Z.Call)
        Q.side(S, Z.Call, N, K);
      else
        Q.side(S, *Z.Loc, N, K);
    }
    return aliaskit_scoped_may_alias_in_scopes_in(Session->Handle, Bisect.Key,
                                                  md(X.Scopes), md(Y.NoAlias),
                                                  &Q) != 0;
  }
  bool mayAliasBothWays(const Side &X, const Side &Y) const {
    return mayAlias(X, Y) && mayAlias(Y, X);
  }

public:
  RustScopedNoAliasResult(std::shared_ptr<aliaskit::ScopedSession> Session,
                          bool Enabled, BisectContext Bisect)
      : Session(std::move(Session)), Enabled(Enabled), Bisect(Bisect) {}

  bool invalidate(Function &, const PreservedAnalyses &,
                  FunctionAnalysisManager::Invalidator &) {
    return false;
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &, const Instruction *) {
    if (!Enabled)
      return AliasResult::MayAlias;
    return mayAliasBothWays(of(LocA), of(LocB)) ? AliasResult::MayAlias
                                                : AliasResult::NoAlias;
  }

  ModRefInfo getModRefInfo(const CallBase *Call, const MemoryLocation &Loc,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    return mayAliasBothWays(of(Loc), of(Call)) ? ModRefInfo::ModRef
                                               : ModRefInfo::NoModRef;
  }

  ModRefInfo getModRefInfo(const CallBase *Call1, const CallBase *Call2,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    return mayAliasBothWays(of(Call1), of(Call2)) ? ModRefInfo::ModRef
                                                  : ModRefInfo::NoModRef;
  }
};

class RustScopedNoAlias : public AnalysisInfoMixin<RustScopedNoAlias> {
  friend AnalysisInfoMixin<RustScopedNoAlias>;
  static AnalysisKey Key;
  std::shared_ptr<aliaskit::ScopedSession> Session =
      std::make_shared<aliaskit::ScopedSession>();

public:
  using Result = RustScopedNoAliasResult;

  Result run(Function &F, FunctionAnalysisManager &) {
    bool Enabled =
        EnableRustScopedNoAlias && aliaskit_scoped_enabled_by_environment();
    return Result(Session, Enabled,
                  Enabled ? BisectContext::of(F) : BisectContext());
  }
};

AnalysisKey RustScopedNoAlias::Key;

} // namespace

extern "C" void aliaskit_register_pass_builder_callbacks(void *Builder) {
  PassBuilder &PB = *static_cast<PassBuilder *>(Builder);
  aliaskit::registerDiffPasses(PB);
  aliaskit::registerVerifier(PB);
  aliaskit::registerInspectPasses(PB);
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
