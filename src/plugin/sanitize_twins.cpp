//===- sanitize_twins.cpp - the parts of one access, one run ---------------===//
//
// The loop vectorizer's interleaving splits a wide access into parts, and
// the unroller copies a loop's body: a load of 32 bytes a step becomes two
// loads of 16 at `p + 32k` and `p + 32k + 16`. Summarized over the loop
// (sanitize_loops.cpp), each part is a run with holes, and a grid of such
// rows is logged row by row (FrameLog::access_grid keeps a row that is not
// one block as it is), while the parts together are one contiguous run.
//
// So, in each block, the __aliaskit_access_run calls of one frame whose
// sites are twins (core/src/sanitize/twins.rs: the same lists, access and
// location; or one site, copied), with one stride and one count, whose
// blocks lie one right after the other (the first addresses `size` apart,
// by ScalarEvolution), become one run of the summed size from the lowest
// part's address, as the lowest part's site. The runtime logs the same
// bytes in the same instance; a conflict with a part is one with its twin
// (the same claims), and two parts overlapping is one site overlapping
// itself (the claim of twins). The calls fused lie between the same two
// calls of anything else (an instance begins only at such a call), so the
// fused run is logged where they were.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

#include <tuple>

using namespace llvm;

namespace {

/// One run of a group: its call, its first address's offset from the
/// group's first call's, and its block size.
struct Part {
  CallInst *Call;
  int64_t Offset;
  uint64_t Size;
};

/// Replaces the parts `Chain` (sorted by offset, each block right after
/// the last) by one run, before the last of them in the block.
void fuse(ArrayRef<Part> Chain) {
  CallInst *Last = Chain.front().Call;
  uint64_t Size = 0;
  for (const Part &P : Chain) {
    if (Last->comesBefore(P.Call))
      Last = P.Call;
    Size += P.Size;
  }
  CallInst *Low = Chain.front().Call;
  IRBuilder<> B(Last);
  CallInst *Run = B.CreateCall(
      Low->getFunctionType(), Low->getCalledOperand(),
      {Low->getArgOperand(0), Low->getArgOperand(1), Low->getArgOperand(2),
       Low->getArgOperand(3), Low->getArgOperand(4), B.getInt64(Size)});
  Run->setDebugLoc(Low->getDebugLoc());
  Run->setAttributes(Low->getAttributes());
  aliaskit::quiet(Run);
  for (const Part &P : Chain)
    P.Call->eraseFromParent();
}

/// Fuses the chains of one group of runs (one frame, twin, stride and
/// count): the runs whose first addresses are a constant apart (one base)
/// are sorted by address, and each chain of blocks that meet is fused.
/// Returns whether any was.
bool fuseGroup(ArrayRef<CallInst *> Calls, ScalarEvolution &SE) {
  // Per base: its first address and its parts.
  SmallVector<std::pair<const SCEV *, SmallVector<Part, 4>>, 4> Bases;
  for (CallInst *C : Calls) {
    auto *Size = dyn_cast<ConstantInt>(C->getArgOperand(5));
    if (!Size || Size->isZero() || Size->getValue().getActiveBits() > 32)
      continue;
    const SCEV *First = SE.getSCEV(C->getArgOperand(2));
    bool Placed = false;
    for (auto &[Base, Parts] : Bases) {
      if (First->getType() != Base->getType())
        continue;
      auto *Off = dyn_cast<SCEVConstant>(SE.getMinusSCEV(First, Base));
      if (Off && Off->getAPInt().getSignificantBits() <= 48) {
        Parts.push_back({C, Off->getAPInt().getSExtValue(), Size->getZExtValue()});
        Placed = true;
        break;
      }
    }
    if (!Placed)
      Bases.push_back({First, {{C, 0, Size->getZExtValue()}}});
  }
  bool Changed = false;
  for (auto &[Base, Parts] : Bases) {
    llvm::sort(Parts, [](const Part &A, const Part &B) {
      return A.Offset < B.Offset ||
             (A.Offset == B.Offset && A.Call->comesBefore(B.Call));
    });
    for (size_t I = 0; I < Parts.size();) {
      size_t J = I + 1;
      while (J < Parts.size() &&
             Parts[J].Offset == Parts[J - 1].Offset + int64_t(Parts[J - 1].Size))
        ++J;
      if (J - I >= 2) {
        fuse(ArrayRef(Parts).slice(I, J - I));
        Changed = true;
      }
      I = J;
    }
  }
  return Changed;
}

/// Fuses the runs of one stretch of a block with no other call in it.
bool fuseStretch(ArrayRef<CallInst *> Runs, ScalarEvolution &SE,
                 const Value *Frame,
                 function_ref<uint32_t(uint32_t)> TwinOf) {
  using Key = std::tuple<Value *, uint32_t, const SCEV *, const SCEV *>;
  MapVector<Key, SmallVector<CallInst *, 4>> Groups;
  for (CallInst *C : Runs) {
    auto *Site = dyn_cast<ConstantInt>(C->getArgOperand(1));
    if (!Site || (Frame && C->getArgOperand(0) != Frame))
      continue;
    Key K{C->getArgOperand(0), TwinOf(uint32_t(Site->getZExtValue())),
          SE.getSCEV(C->getArgOperand(3)), SE.getSCEV(C->getArgOperand(4))};
    Groups[K].push_back(C);
  }
  bool Changed = false;
  for (auto &[K, Calls] : Groups)
    if (Calls.size() >= 2)
      Changed |= fuseGroup(Calls, SE);
  return Changed;
}

} // namespace

bool aliaskit::fuseTwinRuns(Function &F, ScalarEvolution &SE,
                            const Value *Frame,
                            function_ref<uint32_t(uint32_t)> TwinOf) {
  bool Changed = false;
  SmallVector<CallInst *, 16> Stretch;
  for (BasicBlock &BB : F) {
    for (Instruction &I : BB) {
      if (CallInst *Run =
              aliaskit::runtimeCall(&I, "__aliaskit_access_run", 6)) {
        Stretch.push_back(Run);
        continue;
      }
      // Any other call may begin an instance (or be the runtime's).
      auto *C = dyn_cast<CallBase>(&I);
      if (!C || (isa<IntrinsicInst>(C) && !isa<NoAliasScopeDeclInst>(C)))
        continue;
      Changed |= fuseStretch(Stretch, SE, Frame, TwinOf);
      Stretch.clear();
    }
    Changed |= fuseStretch(Stretch, SE, Frame, TwinOf);
    Stretch.clear();
  }
  return Changed;
}
