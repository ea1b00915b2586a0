//===- sanitize_stack.cpp - stand-ins for stack objects SROA promotes ------===//
//
// After inlining, a start-point check of an access through a parameter
// may take the address of a caller's stack object, which SROA would
// otherwise promote (in Rust, every `&mut self` of a local). Run after the
// first simplifications of each function (PeepholeEP), this pass gives
// such checks a stand-in: for an alloca whose every use is a load, a store
// to it, a lifetime marker, a memory intrinsic or a check (through
// constant offsets), the checks take their offsets into a *twin*, an
// alloca of the same size that nothing else uses, and the next SROA
// promotes the original. The runtime compares addresses only: the twin's
// bytes are the original's for every check of the frame, and no other
// access can touch them.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace {

/// Whether every use of the alloca (through constant-offset GEPs) is one
/// SROA can rewrite, or a check: the checks with their offsets go to
/// `Checks`.
bool onlyPromotableUses(
    AllocaInst *AI, const DataLayout &DL,
    SmallVectorImpl<std::pair<CallInst *, uint64_t>> &Checks) {
  SmallVector<std::pair<Value *, uint64_t>, 8> Work{{AI, 0}};
  unsigned Seen = 0;
  while (!Work.empty()) {
    if (++Seen > 4096)
      return false;
    auto [V, Offset] = Work.pop_back_val();
    for (Use &U : V->uses()) {
      auto *User = dyn_cast<Instruction>(U.getUser());
      if (!User)
        return false;
      if (auto *G = dyn_cast<GetElementPtrInst>(User)) {
        APInt Off(DL.getIndexTypeSizeInBits(G->getType()), 0);
        if (!G->accumulateConstantOffset(DL, Off) || Off.isNegative() ||
            Off.getZExtValue() >= (uint64_t(1) << 32))
          return false;
        Work.push_back({G, Offset + Off.getZExtValue()});
      } else if (auto *L = dyn_cast<LoadInst>(User)) {
        if (L->isVolatile())
          return false;
      } else if (auto *S = dyn_cast<StoreInst>(User)) {
        if (S->isVolatile() || S->getValueOperand() == V)
          return false;
      } else if (auto *C = dyn_cast<CallInst>(User)) {
        Function *Callee = C->getCalledFunction();
        if (Callee && Callee->getName() == "__aliaskit_access" &&
            U.getOperandNo() == 2)
          Checks.push_back({C, Offset});
        else if (!(C->isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(C) ||
                   (isa<MemIntrinsic>(C) && !cast<MemIntrinsic>(C)->isVolatile())))
          return false;
      } else {
        return false;
      }
    }
  }
  return true;
}

} // namespace

PreservedAnalyses aliaskit::StackAddressesPass::run(Function &F,
                                                    FunctionAnalysisManager &) {
  const DataLayout &DL = F.getDataLayout();
  SmallVector<AllocaInst *, 8> Allocas;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (!AI->getName().ends_with(".aliaskit"))
        Allocas.push_back(AI);
  bool Changed = false;
  for (AllocaInst *AI : Allocas) {
    SmallVector<std::pair<CallInst *, uint64_t>, 8> Checks;
    if (!onlyPromotableUses(AI, DL, Checks) || Checks.empty())
      continue;
    auto *Twin = new AllocaInst(AI->getAllocatedType(), AI->getAddressSpace(),
                                AI->getArraySize(), AI->getAlign(),
                                AI->getName() + ".aliaskit",
                                AI->getIterator());
    for (auto [Call, Offset] : Checks) {
      IRBuilder<> B(Call);
      Call->setArgOperand(2, B.CreateConstInBoundsGEP1_64(
                                 B.getInt8Ty(), Twin, Offset));
    }
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
