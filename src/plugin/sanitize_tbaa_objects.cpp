//===- sanitize_tbaa_objects.cpp - --tbaa: where objects begin -----------===//
//
// A new object's bytes are untyped: whatever tagged store last wrote them
// belonged to another object (docs/sanitize.md, "TBAA"). Stack objects
// are reset at their function's entry, after a dynamic alloca, and at
// each llvm.lifetime.start; heap blocks after each allocation function and
// before free and realloc. Locals that nothing but their own loads and
// stores see (aliaskit_tbaa_local_object) may be left out by the plan.
//
// A frame's objects are reset again where it ends (each return, each
// resume): their bytes become stack the IR does not own, which the program
// writes outside the IR (outgoing arguments, a variadic callee's register
// save area) and reads through `va_arg`. A dead frame's tagged store must
// not be taken for their type. A function with dynamic allocas resets what
// it frees at each llvm.stackrestore and where it ends.
//
//===----------------------------------------------------------------------===//

#include "sanitize_tbaa.h"
#include "shim.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;
using aliaskit::quiet;
using aliaskit::tbaa::TbaaRuntime;

namespace {

/// The bytes a call to an allocation function returns (i64), at `B`, or
/// null when `Callee` is not one: malloc, calloc, realloc, aligned_alloc,
/// memalign, and C++'s operator new and new[] in all their forms.
Value *allocatedSize(const CallBase &C, StringRef Callee, IRBuilder<> &B) {
  auto arg = [&](unsigned I) -> Value * {
    if (C.arg_size() <= I || !C.getArgOperand(I)->getType()->isIntegerTy())
      return nullptr;
    return B.CreateZExtOrTrunc(C.getArgOperand(I), B.getInt64Ty());
  };
  if (!C.getType()->isPointerTy())
    return nullptr;
  if (Callee == "malloc" && C.arg_size() == 1)
    return arg(0);
  if (Callee == "calloc" && C.arg_size() == 2) {
    Value *N = arg(0), *M = arg(1);
    return N && M ? B.CreateMul(N, M) : nullptr;
  }
  if ((Callee == "realloc" || Callee == "aligned_alloc" ||
       Callee == "memalign") &&
      C.arg_size() == 2)
    return arg(1);
  if (Callee.starts_with("_Znwm") || Callee.starts_with("_Znam"))
    return arg(0);
  return nullptr;
}

} // namespace

/// Heap blocks: each block an allocation function returns is untyped (its
/// bytes were another object's, perhaps freed where nothing was
/// instrumented), and each block given to free or realloc is untyped
/// before it goes (whole, malloc_usable_size). Returns the calls seen.
unsigned aliaskit::tbaa::resetHeapBlocks(Module &M, TbaaRuntime &RT) {
  SmallVector<CallBase *, 16> Calls;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto *C = dyn_cast<CallBase>(&I))
        if (Function *Callee = C->getCalledFunction())
          if (Callee->isDeclaration())
            Calls.push_back(C);
  unsigned Seen = 0;
  for (CallBase *C : Calls) {
    StringRef Name = C->getCalledFunction()->getName();
    if ((Name == "free" && C->arg_size() == 1) ||
        (Name == "realloc" && C->arg_size() == 2)) {
      if (C->getArgOperand(0)->getType()->isPointerTy()) {
        IRBuilder<> B(C);
        quiet(B.CreateCall(RT.Block, {C->getArgOperand(0)}));
        ++Seen;
      }
    }
    // After the call (an invoke: at its normal destination, when only it
    // leads there).
    Instruction *After = nullptr;
    if (auto *II = dyn_cast<InvokeInst>(C)) {
      BasicBlock *Normal = II->getNormalDest();
      if (Normal->getSinglePredecessor())
        After = &*Normal->getFirstInsertionPt();
    } else {
      After = C->getNextNode();
    }
    if (!After)
      continue;
    IRBuilder<> B(After);
    if (Value *Size = allocatedSize(*C, Name, B)) {
      quiet(B.CreateCall(RT.Reset, {C, Size}));
      ++Seen;
    }
  }
  return Seen;
}


namespace {

/// The bytes of alloca `AI` (i64), at `B`; null when not known.
Value *allocaSize(AllocaInst &AI, IRBuilder<> &B, const DataLayout &DL) {
  if (std::optional<TypeSize> S = AI.getAllocationSize(DL))
    if (!S->isScalable())
      return B.getInt64(S->getFixedValue());
  TypeSize Elem = DL.getTypeAllocSize(AI.getAllocatedType());
  if (Elem.isScalable())
    return nullptr;
  return B.CreateMul(B.CreateZExtOrTrunc(AI.getArraySize(), B.getInt64Ty()),
                     B.getInt64(Elem.getFixedValue()));
}

/// The bytes between the stack pointer now and `Top` are freed stack: resets
/// them at `B` (a dynamic alloca's bytes, at a stackrestore or a frame end).
void resetFreedStack(Value *Top, IRBuilder<> &B, TbaaRuntime &RT) {
  Value *Now = B.CreateStackSave();
  Value *Size = B.CreateSub(B.CreatePtrToInt(Top, B.getInt64Ty()),
                            B.CreatePtrToInt(Now, B.getInt64Ty()));
  quiet(B.CreateCall(RT.Reset, {Now, Size}));
}

/// A function with dynamic allocas frees them at each llvm.stackrestore and
/// where its frame ends: resets what lies between the stack pointer there
/// and the one it returns to (at the entry, below the static frame).
void resetDynamicStack(Function &F, ArrayRef<Instruction *> Ends,
                       TbaaRuntime &RT) {
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I))
      if (II->getIntrinsicID() == Intrinsic::stackrestore) {
        IRBuilder<> B(II);
        resetFreedStack(II->getArgOperand(0), B, RT);
      }
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  Value *Top = Entry.CreateStackSave();
  for (Instruction *End : Ends) {
    IRBuilder<> B(End);
    resetFreedStack(Top, B, RT);
  }
}

} // namespace

/// Resets the shadow of each stack object of F that a check may read:
/// static allocas at the entry and again where the frame ends, dynamic ones
/// right after they are made, and every object again at each
/// llvm.lifetime.start of it.
void aliaskit::tbaa::resetStack(Function &F,
                                const DenseSet<const Value *> &QuietLocals,
                                TbaaRuntime &RT) {
  const DataLayout &DL = F.getDataLayout();
  SmallVector<AllocaInst *, 16> Allocas;
  SmallVector<IntrinsicInst *, 16> Starts;
  for (Instruction &I : instructions(F)) {
    if (auto *AI = dyn_cast<AllocaInst>(&I)) {
      if (!QuietLocals.contains(AI))
        Allocas.push_back(AI);
    } else if (auto *II = dyn_cast<IntrinsicInst>(&I)) {
      if (II->getIntrinsicID() == Intrinsic::lifetime_start)
        Starts.push_back(II);
    }
  }
  if (Allocas.empty())
    return;
  Instruction *Entry = &*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca();
  SmallVector<Instruction *, 4> Ends = aliaskit::frameEnds(F);
  bool Dynamic = false;
  for (AllocaInst *AI : Allocas) {
    bool Static = AI->isStaticAlloca();
    IRBuilder<> B(Static ? Entry : AI->getNextNode());
    if (Value *Size = allocaSize(*AI, B, DL))
      quiet(B.CreateCall(RT.Reset, {AI, Size}));
    Dynamic |= !Static;
    if (!Static)
      continue; // a dynamic alloca need not dominate the frame's ends
    for (Instruction *End : Ends) {
      IRBuilder<> E(End);
      if (Value *Size = allocaSize(*AI, E, DL))
        quiet(E.CreateCall(RT.Reset, {AI, Size}));
    }
  }
  for (IntrinsicInst *II : Starts) {
    auto *AI = dyn_cast<AllocaInst>(
        getUnderlyingObject(II->getArgOperand(II->arg_size() - 1)));
    if (!AI || QuietLocals.contains(AI))
      continue;
    IRBuilder<> B(II->getNextNode());
    if (Value *Size = allocaSize(*AI, B, DL))
      quiet(B.CreateCall(RT.Reset, {AI, Size}));
  }
  if (Dynamic)
    resetDynamicStack(F, Ends, RT);
}


namespace {

/// Whether every use of `V` (an alloca, or a GEP of it) is a GEP with the
/// same property, a load from it, a store to it, or a lifetime marker.
bool onlyLoadedAndStored(const Value *V, unsigned &Budget) {
  for (const Use &U : V->uses()) {
    if (Budget-- == 0)
      return false;
    const User *Usr = U.getUser();
    if (auto *G = dyn_cast<GetElementPtrInst>(Usr)) {
      if (!onlyLoadedAndStored(G, Budget))
        return false;
    } else if (isa<LoadInst>(Usr)) {
      continue;
    } else if (auto *S = dyn_cast<StoreInst>(Usr)) {
      if (S->getValueOperand() == V)
        return false;
    } else if (auto *II = dyn_cast<IntrinsicInst>(Usr)) {
      if (!II->isLifetimeStartOrEnd())
        return false;
    } else {
      return false;
    }
  }
  return true;
}

} // namespace

extern "C" LLVMValueRef aliaskit_tbaa_local_object(LLVMValueRef Inst) {
  auto *I = dyn_cast_or_null<Instruction>(unwrap(Inst));
  if (!I || !(isa<LoadInst>(I) || isa<StoreInst>(I)))
    return nullptr;
  auto *AI =
      dyn_cast<AllocaInst>(getUnderlyingObject(getLoadStorePointerOperand(I)));
  unsigned Budget = 4096;
  if (!AI || !onlyLoadedAndStored(AI, Budget))
    return nullptr;
  return wrap(AI);
}

