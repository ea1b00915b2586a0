//===- shim.cpp - C++ side of the aliaskit pass plugin --------------------===//
//
// LLVM's alias-analysis interface is a set of C++ templates: an AA result is
// a class deriving from AAResultBase whose methods hide the base's defaults,
// and AAManager/PassBuilder register it through template functions. Rust
// cannot instantiate those, so this file does, and nothing else: every
// method forwards the raw metadata pointers it is given (as the LLVM-C types
// LLVMMetadataRef / LLVMContextRef) to an extern "C" function implemented in
// Rust, and maps the answer (shim.h's aliaskit::Answer) back to LLVM's
// enums; an alias query's answer comes back as the bits of LLVM's own
// AliasResult (aliaskit::AliasBits), returned as it comes.
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
#include "llvm/Support/ErrorHandling.h"

#include <cstdint>
#include <memory>

using namespace llvm;
using aliaskit::md;
using aliaskit::TBAASession;

namespace {

/// A query's answer from Rust as LLVM's AliasResult: the same bits, so
/// that an `alias` method whose last step is the call into Rust returns
/// what the call returned (a tail call: nothing saved, nothing converted).
/// The bits are checked against LLVM's when the plugin is registered
/// (`aliasBitsAreLLVMs`: AliasResult has bit-fields, which a constant
/// expression cannot cast).
AliasResult aliasResult(aliaskit::AliasBits Bits) {
  return __builtin_bit_cast(AliasResult, Bits);
}
static_assert(sizeof(AliasResult) == sizeof(aliaskit::AliasBits),
              "AliasBits must be AliasResult's size");

/// Whether AliasBits' values are the bits of LLVM's AliasResult for the
/// same answers.
bool aliasBitsAreLLVMs() {
  using aliaskit::AliasBits;
  return aliasResult(AliasBits::NoAlias) == AliasResult::NoAlias &&
         __builtin_bit_cast(AliasBits, AliasResult(AliasResult::NoAlias)) ==
             AliasBits::NoAlias &&
         aliasResult(AliasBits::MayAlias) == AliasResult::MayAlias &&
         __builtin_bit_cast(AliasBits, AliasResult(AliasResult::MayAlias)) ==
             AliasBits::MayAlias;
}

// The equivalent of built-in TBAA's hidden -enable-tbaa (which lives inside
// LLVM and does not reach plugin analyses).
cl::opt<bool> EnableRustTBAA(
    "aliaskit-enable-tbaa", cl::init(true), cl::Hidden,
    cl::desc("Use the rust-tbaa alias analysis when it is in the AA "
             "pipeline (like -enable-tbaa for the built-in tbaa); the "
             "environment variable ALIASKIT_ENABLE_TBAA=0 does the same"));

/// Which function a bisecting result answers for (ALIASKIT_BISECT /
/// ALIASKIT_BISECT_LOG set): its definite answers go through the *_in
/// entry points, which apply the selection and log.
struct BisectContext {
  const Function *F = nullptr;
  uint64_t Key = 0;

  /// For F's result of analysis `Analysis` (0 rust-tbaa, 1
  /// rust-scoped-noalias), which the log is told was built.
  static BisectContext of(const Function &F, uint8_t Analysis) {
    BisectContext C;
    C.F = &F;
    C.Key = aliaskit::bisectKey(F);
    aliaskit::bisectAnalysisBuilt(F, Analysis);
    return C;
  }
  aliaskit::BisectQuery query() const {
    aliaskit::BisectQuery Q;
    Q.F = F;
    return Q;
  }
};

/// What both AA results hold: the session they share with their
/// analysis, its handle, whether the analysis is on, and the bisection's
/// context. `Session` is TBAASession or ScopedSession.
template <typename Session> class RustResultBase : public AAResultBase {
protected:
  std::shared_ptr<Session> Owner;
  /// Owner->Handle, read once (the shared pointer keeps it alive).
  void *Handle;
  bool Enabled;
  BisectContext Bisect;

public:
  using SessionType = Session;

  RustResultBase(std::shared_ptr<Session> Owner, bool Enabled,
                 BisectContext Bisect)
      : Owner(std::move(Owner)), Handle(this->Owner->Handle),
        // No session (making it failed): nothing is asked of Rust, whose
        // query entry points take a session that is not null.
        Enabled(Enabled && Handle), Bisect(Bisect) {}

  bool invalidate(Function &, const PreservedAnalyses &,
                  FunctionAnalysisManager::Invalidator &) {
    return false;
  }
};

/// `!tbaa`. Each method is LLVM 22's TypeBasedAAResult's, with the
/// decision taken in Rust. `Bisecting` (chosen when the AA pipeline is
/// parsed, from the environment): definite answers go through the
/// `bisect*` methods, which apply ALIASKIT_BISECT and log; without it
/// those paths are not compiled into the result at all.
template <bool Bisecting>
class RustTBAAResult : public RustResultBase<TBAASession> {
  bool mayAlias(const MDNode *A, const MDNode *B) const {
    return aliaskit::mayAlias(
        aliaskit_tbaa_may_alias(Handle, md(A), md(B)));
  }
  bool isImmutable(const MDNode *Tag) const {
    return aliaskit_tbaa_is_immutable(Handle, md(Tag));
  }

  /// ModRef unless the two sides' tags (an untagged side: may alias) do
  /// not alias.
  template <typename X, typename Y>
  ModRefInfo modRef(const X &SideA, const MDNode *A, const Y &SideB,
                    const MDNode *B) const {
    if (!Enabled || !A || !B)
      return ModRefInfo::ModRef;
    bool May = Bisecting ? bisectMayAlias(SideA, A, SideB, B) : mayAlias(A, B);
    return May ? ModRefInfo::ModRef : ModRefInfo::NoModRef;
  }

  /// mayAlias for the two sides of a bisection query.
  LLVM_ATTRIBUTE_NOINLINE bool
  bisectMayAlias(const aliaskit::BisectQuery &Q) const {
    return aliaskit::mayAlias(aliaskit_tbaa_may_alias_in(
        Handle, Bisect.Key, md(Q.MD[0]), md(Q.MD[1]), &Q));
  }
  LLVM_ATTRIBUTE_NOINLINE bool
  bisectIsImmutable(const aliaskit::BisectQuery &Q) const {
    return aliaskit_tbaa_is_immutable_in(Handle, Bisect.Key,
                                         md(Q.MD[0]), &Q);
  }
  template <typename X, typename Y>
  LLVM_ATTRIBUTE_NOINLINE bool bisectMayAlias(const X &SideA, const MDNode *A,
                                              const Y &SideB,
                                              const MDNode *B) const {
    aliaskit::BisectQuery Q = Bisect.query();
    Q.side(0, SideA, A, LLVMContext::MD_tbaa);
    Q.side(1, SideB, B, LLVMContext::MD_tbaa);
    return bisectMayAlias(Q);
  }
  template <typename X>
  LLVM_ATTRIBUTE_NOINLINE bool bisectIsImmutable(const X &Side,
                                                 const MDNode *Tag) const {
    aliaskit::BisectQuery Q = Bisect.query();
    Q.side(0, Side, Tag, LLVMContext::MD_tbaa);
    return bisectIsImmutable(Q);
  }

public:
  using RustResultBase::RustResultBase;
  static constexpr bool IsBisecting = Bisecting;
  /// The analysis's number in the bisection log.
  static constexpr uint8_t Analysis = 0;

  /// Like built-in TBAA: off under -aliaskit-enable-tbaa=false, and for
  /// functions the type sanitizer instruments.
  static bool enabledFor(const Function &F) {
    return EnableRustTBAA && aliaskit_tbaa_enabled_by_environment() &&
           !F.hasFnAttribute(Attribute::SanitizeType);
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &, const Instruction *) {
    // An untagged access may alias anything (the core's first rule, also
    // here so that untagged accesses cost no call across the boundary).
    const MDNode *A = LocA.AATags.TBAA, *B = LocB.AATags.TBAA;
    if (!Enabled || !A || !B)
      return AliasResult::MayAlias;
    if (Bisecting)
      return bisectMayAlias(LocA, A, LocB, B) ? AliasResult::MayAlias
                                              : AliasResult::NoAlias;
    return aliasResult(aliaskit_tbaa_may_alias(Handle, md(A), md(B)));
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
    aliaskit::Answer May;
    if (Bisecting) {
      aliaskit::BisectQuery Q = Bisect.query();
      Q.side(0, Loc, Loc.AATags.TBAA, LLVMContext::MD_tbaa);
      May = aliaskit_tbaa_may_alias_errno_in(Handle, Bisect.Key,
                                             md(Loc.AATags.TBAA), Tags.data(),
                                             Tags.size(), &Q);
    } else {
      May = aliaskit_tbaa_may_alias_errno(Handle, md(Loc.AATags.TBAA),
                                          Tags.data(), Tags.size());
    }
    return aliaskit::mayAlias(May) ? AliasResult::MayAlias
                                   : AliasResult::NoAlias;
  }

  ModRefInfo getModRefInfoMask(const MemoryLocation &Loc, AAQueryInfo &,
                               bool) {
    const MDNode *Tag = Loc.AATags.TBAA;
    if (!Enabled || !Tag)
      return ModRefInfo::ModRef;
    bool Immutable = Bisecting ? bisectIsImmutable(Loc, Tag)
                                              : isImmutable(Tag);
    return Immutable ? ModRefInfo::NoModRef : ModRefInfo::ModRef;
  }

  MemoryEffects getMemoryEffects(const CallBase *Call, AAQueryInfo &) {
    if (!Enabled)
      return MemoryEffects::unknown();
    if (const MDNode *Tag = Call->getMetadata(LLVMContext::MD_tbaa))
      if (Bisecting ? bisectIsImmutable(Call, Tag)
                                   : isImmutable(Tag))
        return MemoryEffects::none();
    return MemoryEffects::unknown();
  }

  MemoryEffects getMemoryEffects(const Function *) {
    return MemoryEffects::unknown();
  }

  ModRefInfo getModRefInfo(const CallBase *Call, const MemoryLocation &Loc,
                           AAQueryInfo &) {
    return modRef(Loc, Loc.AATags.TBAA, Call,
                  Call->getMetadata(LLVMContext::MD_tbaa));
  }

  ModRefInfo getModRefInfo(const CallBase *Call1, const CallBase *Call2,
                           AAQueryInfo &) {
    return modRef(Call1, Call1->getMetadata(LLVMContext::MD_tbaa), Call2,
                  Call2->getMetadata(LLVMContext::MD_tbaa));
  }
};

cl::opt<bool> EnableRustScopedNoAlias(
    "aliaskit-enable-scoped-noalias", cl::init(true), cl::Hidden,
    cl::desc("Use the rust-scoped-noalias alias analysis when it is in the "
             "AA pipeline (like -enable-scoped-noalias for the built-in "
             "scoped-noalias-aa); ALIASKIT_ENABLE_SCOPED_NOALIAS=0 does the "
             "same"));

/// `!alias.scope` / `!noalias`: every method asks the Rust session
/// mayAliasInScopes(Scopes, NoAlias) in both directions, as LLVM 22's
/// ScopedNoAliasAAResult does. `Bisecting`: as for RustTBAAResult, the
/// questions go through `bisectMayAlias`.
template <bool Bisecting>
class RustScopedNoAliasResult : public RustResultBase<aliaskit::ScopedSession> {
  static const MDNode *scopes(const MemoryLocation &L) { return L.AATags.Scope; }
  static const MDNode *scopes(const CallBase *C) {
    return C->getMetadata(LLVMContext::MD_alias_scope);
  }
  static const MDNode *noalias(const MemoryLocation &L) {
    return L.AATags.NoAlias;
  }
  static const MDNode *noalias(const CallBase *C) {
    return C->getMetadata(LLVMContext::MD_noalias);
  }

  /// mayAliasInScopes(X's scopes, Y's noalias) under the selection.
  template <typename X, typename Y>
  LLVM_ATTRIBUTE_NOINLINE bool bisectMayAlias(const X &SideX,
                                              const Y &SideY) const {
    const MDNode *S = scopes(SideX), *N = noalias(SideY);
    if (!S || !N)
      return true;
    aliaskit::BisectQuery Q = Bisect.query();
    Q.side(0, SideX, S, LLVMContext::MD_alias_scope);
    Q.side(1, SideY, N, LLVMContext::MD_noalias);
    return aliaskit::mayAlias(aliaskit_scoped_may_alias_in_scopes_in(
        Handle, Bisect.Key, md(S), md(N), &Q));
  }
  /// Whether X and Y may alias: neither direction excludes it.
  template <typename X, typename Y>
  aliaskit::AliasBits bothWays(const X &SideX, const Y &SideY) const {
    using aliaskit::AliasBits;
    if (Bisecting)
      return bisectMayAlias(SideX, SideY) && bisectMayAlias(SideY, SideX)
                 ? AliasBits::MayAlias
                 : AliasBits::NoAlias;
    // An access without lists excludes nothing (the core's first rule,
    // also here so that such queries cost no call across the boundary);
    // one call asks both directions. X without lists answers before Y's
    // are looked up (a call's are found in its metadata attachments:
    // callers put the location first). Which Y are asked about must not
    // depend on which lists X has: the session guesses Y by its place in
    // the run of questions about one X, the same run for every X.
    const MDNode *SX = scopes(SideX), *NX = noalias(SideX);
    if (!SX && !NX)
      return AliasBits::MayAlias;
    const MDNode *SY = scopes(SideY), *NY = noalias(SideY);
    if (!SY && !NY)
      return AliasBits::MayAlias;
    return aliaskit_scoped_may_alias_both_ways(Handle, md(SX), md(NX),
                                               md(SY), md(NY));
  }
  template <typename X, typename Y>
  bool mayAliasBothWays(const X &SideX, const Y &SideY) const {
    return aliaskit::mayAlias(bothWays(SideX, SideY));
  }

public:
  using RustResultBase::RustResultBase;
  static constexpr bool IsBisecting = Bisecting;
  static constexpr uint8_t Analysis = 1;

  static bool enabledFor(const Function &) {
    return EnableRustScopedNoAlias && aliaskit_scoped_enabled_by_environment();
  }

  AliasResult alias(const MemoryLocation &LocA, const MemoryLocation &LocB,
                    AAQueryInfo &, const Instruction *) {
    if (!Enabled)
      return AliasResult::MayAlias;
    return aliasResult(bothWays(LocA, LocB));
  }

  ModRefInfo getModRefInfo(const CallBase *Call, const MemoryLocation &Loc,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    return mayAliasBothWays(Loc, Call) ? ModRefInfo::ModRef
                                       : ModRefInfo::NoModRef;
  }

  ModRefInfo getModRefInfo(const CallBase *Call1, const CallBase *Call2,
                           AAQueryInfo &) {
    if (!Enabled)
      return ModRefInfo::ModRef;
    return mayAliasBothWays(Call1, Call2) ? ModRefInfo::ModRef
                                          : ModRefInfo::NoModRef;
  }
};

/// The analysis whose result is `R` (RustTBAAResult or
/// RustScopedNoAliasResult, bisecting or not): one session per analysis
/// manager, shared by the results it makes.
template <typename R> class RustAnalysis : public AnalysisInfoMixin<RustAnalysis<R>> {
  friend AnalysisInfoMixin<RustAnalysis<R>>;
  static AnalysisKey Key;
  std::shared_ptr<typename R::SessionType> Session =
      std::make_shared<typename R::SessionType>();

public:
  using Result = R;

  Result run(Function &F, FunctionAnalysisManager &) {
    bool Enabled = R::enabledFor(F);
    return Result(Session, Enabled,
                  Enabled && R::IsBisecting ? BisectContext::of(F, R::Analysis)
                                            : BisectContext());
  }
};

template <typename R> AnalysisKey RustAnalysis<R>::Key;

/// Both instantiations of an analysis (`Result<false>`, `Result<true>`),
/// registered with the function analysis manager.
template <template <bool> class Result>
void registerAnalysis(FunctionAnalysisManager &FAM) {
  FAM.registerPass([] { return RustAnalysis<Result<false>>(); });
  FAM.registerPass([] { return RustAnalysis<Result<true>>(); });
}

/// The analysis in an AA pipeline: the bisecting instantiation when
/// ALIASKIT_BISECT or ALIASKIT_BISECT_LOG is set.
template <template <bool> class Result> void addToPipeline(AAManager &AA) {
  if (aliaskit_bisect_enabled())
    AA.registerFunctionAnalysis<RustAnalysis<Result<true>>>();
  else
    AA.registerFunctionAnalysis<RustAnalysis<Result<false>>>();
}

} // namespace

void aliaskit_register_pass_builder_callbacks(void *Builder) {
  PassBuilder &PB = *static_cast<PassBuilder *>(Builder);
  if (!aliasBitsAreLLVMs())
    report_fatal_error("aliaskit: this LLVM's AliasResult does not have the "
                       "bits the plugin returns for NoAlias and MayAlias "
                       "(AliasBits in shim.h)");
  // First: the input's numbers are recorded before any pass of ours runs
  // (verify-each's first callback verifies the input).
  aliaskit::registerInputRecording(PB);
  aliaskit::registerDiffPasses(PB);
  aliaskit::registerVerifier(PB);
  aliaskit::registerCapturesPass(PB);
  aliaskit::registerInspectPasses(PB);
  aliaskit::registerSanitizer(PB);
  aliaskit::registerBisectInstrumentation(PB);
  PB.registerAnalysisRegistrationCallback(
      [](FunctionAnalysisManager &FAM) {
        registerAnalysis<RustTBAAResult>(FAM);
        registerAnalysis<RustScopedNoAliasResult>(FAM);
      });
  PB.registerParseAACallback([](StringRef Name, AAManager &AA) {
    if (Name == "rust-tbaa")
      addToPipeline<RustTBAAResult>(AA);
    else if (Name == "rust-scoped-noalias")
      addToPipeline<RustScopedNoAliasResult>(AA);
    else
      return false;
    return true;
  });
}
