//===- sanitize_disjoint.cpp - claimed pairs that can never meet ----------===//
//
// The static filter (core/src/sanitize/claims.rs, Filter::of_checked)
// instruments a site only for a claimed pair with a write that may touch
// a common byte in one instance. This file answers "may": two accesses
// cannot meet in one instance when
//   - each runs at most once per call of their function: neither is in a
//     cycle of the control flow, and the function calls nothing that
//     returns twice (setjmp: a block can run again without a cycle);
//     an instance is part of a call, so each runs at most once in it;
//   - basic-aa, alone, with no metadata, answers NoAlias for their
//     locations. It uses no claim: the noalias parameters' attributes
//     were removed at the start of the pipeline (sanitize_parameters.cpp),
//     and scope lists and TBAA are not given to it. Its NoAlias for two
//     instructions that each run once is about that one run of each.
// Two objects that basic-aa tells apart may still share an address one
// after the other (a block freed and allocated again, two allocas the code
// generator puts in one stack slot); the runtime would report such a pair
// as an overlap, which it is not: leaving it out is right.
//
// Each function gets at most QueryBudget questions; then every pair may
// meet (instrumented, as without the filter).
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"

#include <memory>
#include <optional>

using namespace llvm;

namespace {

constexpr unsigned QueryBudget = 1u << 16;

/// What the questions about one function need.
struct FunctionFacts {
  CycleInfo &Cycles;
  BasicAAResult Basic;
  AAResults AA;
  bool ReturnsTwice;
  unsigned Budget = QueryBudget;

  FunctionFacts(Function &F, FunctionAnalysisManager &FAM)
      : Cycles(FAM.getResult<CycleAnalysis>(F)),
        Basic(F.getDataLayout(), F, FAM.getResult<TargetLibraryAnalysis>(F),
              FAM.getResult<AssumptionAnalysis>(F),
              &FAM.getResult<DominatorTreeAnalysis>(F)),
        AA(FAM.getResult<TargetLibraryAnalysis>(F)),
        ReturnsTwice(F.callsFunctionThatReturnsTwice()) {
    AA.addAAResult(Basic);
  }
};

/// The bytes a site's part of I accesses, without its metadata; none for
/// the parts that are not one location (a lane, a callee's accesses).
std::optional<MemoryLocation> locationOf(Instruction *I, uint32_t Part) {
  std::optional<MemoryLocation> L;
  switch (static_cast<aliaskit::SitePart>(Part)) {
  case aliaskit::SitePart::Whole:
    L = MemoryLocation::getOrNone(I);
    break;
  case aliaskit::SitePart::Destination:
    if (auto *M = dyn_cast<AnyMemIntrinsic>(I))
      L = MemoryLocation::getForDest(M);
    break;
  case aliaskit::SitePart::Source:
    if (auto *M = dyn_cast<AnyMemTransferInst>(I))
      L = MemoryLocation::getForSource(M);
    break;
  default:
    break;
  }
  if (L)
    L->AATags = AAMDNodes();
  return L;
}

} // namespace

struct aliaskit::DisjointOracle {
  FunctionAnalysisManager &FAM;
  DenseMap<const Function *, std::unique_ptr<FunctionFacts>> Facts;

  FunctionFacts &of(Function &F) {
    auto &E = Facts[&F];
    if (!E)
      E = std::make_unique<FunctionFacts>(F, FAM);
    return *E;
  }
};

aliaskit::DisjointOracle *
aliaskit::makeDisjointOracle(FunctionAnalysisManager &FAM) {
  return new DisjointOracle{FAM, DenseMap<const Function *, std::unique_ptr<FunctionFacts>>()};
}

void aliaskit::freeDisjointOracle(DisjointOracle *O) { delete O; }

bool aliaskit_sanitize_disjoint(void *Oracle, LLVMValueRef A, uint32_t PartA,
                                LLVMValueRef B, uint32_t PartB) {
  auto *O = static_cast<aliaskit::DisjointOracle *>(Oracle);
  auto *IA = dyn_cast_or_null<Instruction>(unwrap(A));
  auto *IB = dyn_cast_or_null<Instruction>(unwrap(B));
  if (!O || !IA || !IB || IA->getFunction() != IB->getFunction())
    return false;
  FunctionFacts &F = O->of(*IA->getFunction());
  if (F.ReturnsTwice || F.Budget == 0)
    return false;
  --F.Budget;
  if (F.Cycles.getCycle(IA->getParent()) || F.Cycles.getCycle(IB->getParent()))
    return false;
  std::optional<MemoryLocation> LA = locationOf(IA, PartA);
  std::optional<MemoryLocation> LB = locationOf(IB, PartB);
  return LA && LB && F.AA.alias(*LA, *LB) == AliasResult::NoAlias;
}
