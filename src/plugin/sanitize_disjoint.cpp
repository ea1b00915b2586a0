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
// It also answers "may" for the claim's scopes (aliaskit_sanitize_apart):
// two accesses are in one instance of a scope only when no begin of it
// runs between them in one call (core/src/sanitize/log.rs: the runtime's
// rule, epochs). So a pair cannot meet in one instance of scope s when
// every way through the function's control flow from one to the other,
// in either order, runs a decl of s (a block with a decl is passed only
// up to it), or when neither reaches the other at all (exclusive
// branches: they never both run in one call). The runtime's events keep
// the order the instructions have here: its calls have effects the
// optimizer does not reorder, and a run at a loop's exit stands for
// accesses in an instance no begin ended (sanitize_loops.cpp). Example:
// a function with restrict arguments inlined into a loop, whose reads
// LICM hoisted before the loop: its decls at the top of each iteration
// separate the hoisted reads from every iteration's writes, and neither
// side is instrumented (nor are the decls, when no kept pair needs them).
//
// Each function gets at most QueryBudget questions (both kinds); then
// every pair may meet (instrumented, as without the filter).
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/BasicAliasAnalysis.h"
#include "llvm/Analysis/CycleAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

using namespace llvm;

namespace {

constexpr unsigned QueryBudget = 1u << 16;

/// The ways through a function's control flow that run none of a set of
/// instructions (the barriers: the decls of a scope).
class ClearWays {
  /// The barriers of each block that has some.
  DenseMap<const BasicBlock *, SmallVector<const Instruction *, 2>> In;
  /// Memo: for a block, the blocks whose start is reached from its end
  /// without passing a barrier (by block number).
  DenseMap<const BasicBlock *, BitVector> FromEnd;
  unsigned Blocks;

  const BitVector &fromEnd(const BasicBlock *BB) {
    auto It = FromEnd.find(BB);
    if (It != FromEnd.end())
      return It->second;
    BitVector Seen(Blocks);
    SmallVector<const BasicBlock *, 16> Work(succ_begin(BB), succ_end(BB));
    while (!Work.empty()) {
      const BasicBlock *Next = Work.pop_back_val();
      if (Seen.test(Next->getNumber()))
        continue;
      Seen.set(Next->getNumber());
      if (!In.count(Next)) // passed whole only without a barrier
        Work.append(succ_begin(Next), succ_end(Next));
    }
    return FromEnd.try_emplace(BB, std::move(Seen)).first->second;
  }

  /// Whether a barrier of I's block is strictly after I (After) or
  /// strictly before it.
  bool barrierBeside(const Instruction *I, bool After) const {
    auto It = In.find(I->getParent());
    if (It == In.end())
      return false;
    for (const Instruction *X : It->second)
      if (X != I && (After ? I->comesBefore(X) : X->comesBefore(I)))
        return true;
    return false;
  }

public:
  ClearWays(const Function &F, ArrayRef<const Instruction *> Barriers)
      : Blocks(F.getMaxBlockNumber()) {
    for (const Instruction *X : Barriers)
      In[X->getParent()].push_back(X);
  }

  /// Whether some way runs From, then To, with no barrier in between.
  bool from(const Instruction *From, const Instruction *To) {
    if (From->getParent() == To->getParent() && From->comesBefore(To)) {
      bool Between = false;
      if (auto It = In.find(From->getParent()); It != In.end())
        for (const Instruction *X : It->second)
          Between |= From->comesBefore(X) && X->comesBefore(To);
      if (!Between)
        return true;
    }
    return !barrierBeside(From, /*After=*/true) &&
           fromEnd(From->getParent()).test(To->getParent()->getNumber()) &&
           !barrierBeside(To, /*After=*/false);
  }
};

/// What the questions about one function need.
struct FunctionFacts {
  CycleInfo &Cycles;
  BasicAAResult Basic;
  AAResults AA;
  bool ReturnsTwice;
  unsigned Budget = QueryBudget;
  /// The clear ways of each set of barriers asked about (sorted).
  std::map<std::vector<const Instruction *>, std::unique_ptr<ClearWays>> Ways;

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

bool aliaskit_sanitize_apart(void *Oracle, LLVMValueRef A, LLVMValueRef B,
                             const LLVMValueRef *Decls, size_t NumDecls) {
  auto *O = static_cast<aliaskit::DisjointOracle *>(Oracle);
  auto *IA = dyn_cast_or_null<Instruction>(unwrap(A));
  auto *IB = dyn_cast_or_null<Instruction>(unwrap(B));
  if (!O || !IA || !IB || IA == IB || IA->getFunction() != IB->getFunction())
    return false;
  Function &Fn = *IA->getFunction();
  std::vector<const Instruction *> Barriers;
  for (size_t I = 0; I < NumDecls; ++I) {
    auto *D = dyn_cast_or_null<Instruction>(unwrap(Decls[I]));
    if (!D || D->getFunction() != &Fn)
      return false;
    Barriers.push_back(D);
  }
  FunctionFacts &F = O->of(Fn);
  if (F.ReturnsTwice || F.Budget == 0)
    return false;
  --F.Budget;
  llvm::sort(Barriers);
  Barriers.erase(std::unique(Barriers.begin(), Barriers.end()), Barriers.end());
  auto &W = F.Ways[Barriers];
  if (!W)
    W = std::make_unique<ClearWays>(Fn, Barriers);
  return !W->from(IA, IB) && !W->from(IB, IA);
}
