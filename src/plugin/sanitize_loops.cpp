//===- sanitize_loops.cpp - one check for all of a loop's accesses --------===//
//
// An access in a loop is checked once per iteration by default: a call of
// __aliaskit_access each time. When the access runs exactly once in every
// iteration of its innermost loop, at an address that moves by a step the
// loop does not change (a constant, a value computed before the loop, or
// 0: the same address each time), and the loop's iteration count is known
// when it ends, all of its accesses are one strided run: `count` blocks of
// `size` bytes, `step` apart, from the first address. Then one call of __aliaskit_access_run at
// the loop's exit gives the runtime the whole run, which it logs as the
// same accesses one at a time would be (core/src/sanitize/log.rs,
// FrameLog::access_run, property-tested against them).
//
// What must hold, so that the run is exactly the accesses that happened:
//   - the loop has a preheader (made, if it has none: a vectorized loop
//     entered from its run-time checks), one latch, one exiting block and
//     one exit block (made a block of its own on the way out, if other
//     blocks lead to it): the exit is reached only after the last
//     iteration;
//   - the access's block dominates the exiting block (it runs in every
//     iteration: the backedge-taken count + 1), or comes after it and
//     dominates the latch (a loop tested at the top: it runs in every
//     iteration but the last);
//   - every instruction of the loop passes control on (no call that may
//     throw, exit or not return), so no iteration stops part way;
//   - the loop holds no noalias.scope.decl (and no __aliaskit_scope of a
//     start-point frame): the instances do not change within it, so the
//     run belongs to one instance, and logging it at the exit, after the
//     loop, puts it in the instance it ran in;
//   - the backedge-taken count is ScalarEvolution's exact one, and the
//     address is an affine recurrence of the loop (its start and step
//     computable before the loop) or invariant in it.
// Anything else is checked access by access.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

namespace {

/// Whether the loop's iterations all run to the latch and none starts an
/// instance (see the file comment).
bool loopRunsWhole(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (isa<NoAliasScopeDeclInst>(I))
        return false;
      if (auto *C = dyn_cast<CallBase>(&I))
        if (Function *F = C->getCalledFunction())
          if (F->getName() == "__aliaskit_scope")
            return false;
      if (!isGuaranteedToTransferExecutionToSuccessor(&I))
        return false;
    }
  return true;
}

} // namespace

bool aliaskit::summarizeInLoop(Instruction &I, Value *Ptr, uint64_t Size,
                               Value *Frame, Value *Site,
                               FunctionCallee AccessRun, LoopInfo &LI,
                               ScalarEvolution &SE, DominatorTree &DT) {
  Loop *L = LI.getLoopFor(I.getParent());
  if (!L || Size == 0)
    return false;
  BasicBlock *Latch = L->getLoopLatch();
  BasicBlock *Exiting = L->getExitingBlock();
  BasicBlock *Exit = L->getExitBlock();
  if (!Latch || !Exiting || !Exit)
    return false;
  // The last iteration leaves at Exiting: an access before it runs in all
  // of them (the backedge-taken count + 1); one after it (a loop tested at
  // the top) in all but the last.
  BasicBlock *At = I.getParent();
  bool EveryIteration = DT.dominates(At, Exiting);
  bool AllButLast = !EveryIteration && DT.dominates(At, Latch) &&
                    DT.dominates(Exiting, At) && At != Exiting;
  if (!EveryIteration && !AllButLast)
    return false;
  // The first address and the step: an affine recurrence of L, or an
  // address L does not change (step 0).
  const SCEV *Address = SE.getSCEV(Ptr);
  const SCEV *Start = nullptr, *Step = nullptr;
  // Invariance first: a recurrence of an enclosing loop (`b(l, j)` in the
  // `i` loop of a matrix product) is invariant in L.
  if (SE.isLoopInvariant(Address, L)) {
    Start = Address, Step = SE.getZero(Type::getInt64Ty(I.getContext()));
  } else if (auto *AR = dyn_cast<SCEVAddRecExpr>(Address)) {
    if (AR->getLoop() != L || !AR->isAffine())
      return false;
    Start = AR->getStart(), Step = AR->getStepRecurrence(SE);
  } else {
    return false;
  }
  const SCEV *Taken = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(Taken) || !Step->getType()->isIntegerTy() ||
      SE.getTypeSizeInBits(Step->getType()) > 64 || !loopRunsWhole(*L))
    return false;
  BasicBlock *Preheader = L->getLoopPreheader();
  if (!Preheader)
    Preheader = InsertPreheaderForLoop(L, &DT, &LI, nullptr, false);
  if (!Preheader)
    return false;
  Instruction *Before = Preheader->getTerminator();
  SCEVExpander Expander(SE, "aliaskit.run");
  if (!Expander.isSafeToExpandAt(Start, Before) ||
      !Expander.isSafeToExpandAt(Step, Before) ||
      !Expander.isSafeToExpandAt(Taken, Before))
    return false;
  // A block of its own on the way out, reached only from the loop.
  if (!Exit->getSinglePredecessor())
    Exit = SplitEdge(Exiting, Exit, &DT, &LI);
  Type *I64 = Type::getInt64Ty(I.getContext());
  Value *First = Expander.expandCodeFor(Start, Ptr->getType(), Before);
  Value *Stride = Expander.expandCodeFor(Step, Step->getType(), Before);
  Value *Count = Expander.expandCodeFor(Taken, Taken->getType(), Before);
  IRBuilder<> B(&*Exit->getFirstInsertionPt());
  Stride = B.CreateSExtOrTrunc(Stride, I64);
  Count = B.CreateZExtOrTrunc(Count, I64);
  if (EveryIteration)
    Count = B.CreateAdd(Count, B.getInt64(1));
  CallInst *Call = B.CreateCall(
      AccessRun, {Frame, Site, First, Stride, Count, B.getInt64(Size)});
  Call->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(I.getContext(), {}));
  return true;
}
