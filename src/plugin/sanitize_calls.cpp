//===- sanitize_calls.cpp - calls that stand for their callees' accesses --===//
//
// A call with scope lists stands for every access its callee makes (the
// inliner gives each inlined access the call's lists): a call to a function
// defined in the module is two sites of its caller's frame, "callee reads"
// and "callee writes" (src/reader/sanitize_view.rs). What the callee
// touches is told to the runtime by a *clone* of it, so that nothing is
// paid outside such calls:
//
//   - around the call, __aliaskit_delegate_begin(frame, read site, write
//     site, sp) and __aliaskit_delegate_end(frame) (after it, on both edges
//     of an invoke); `sp` is llvm.stacksave right before the call: below
//     it is the callee's own stack, which the caller's accesses can never
//     touch, and which the runtime leaves out (two calls' locals share
//     addresses);
//   - the call goes to the clone H' of its callee H: every load, store,
//     atomic and memory intrinsic's destination and source in H' is
//     preceded by __aliaskit_delegated(address, size, write), and every
//     direct call in H' to a function defined in the module goes to that
//     function's clone (made the same way, once: recursion is followed).
//     Calls to declarations and indirect calls are not followed (counted),
//     nor are masked and scalable accesses (counted). The clones are
//     internal and noinline: their stack stays below the caller's `sp`.
//
// The runtime (runtime/src/frames.rs) logs each delegated access into every
// delegation active on the thread, as the read or the write site of its
// call, and checks it as any access of that frame.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace {

/// The runtime's functions for delegated calls, declared in M.
struct DelegationRuntime {
  FunctionCallee Begin, End, Delegated;

  explicit DelegationRuntime(Module &M) {
    LLVMContext &C = M.getContext();
    Type *Ptr = PointerType::getUnqual(C);
    Type *I32 = Type::getInt32Ty(C);
    Type *I64 = Type::getInt64Ty(C);
    Type *Void = Type::getVoidTy(C);
    AttrBuilder Quiet(C);
    Quiet.addAttribute(Attribute::NoUnwind);
    Quiet.addAttribute(Attribute::WillReturn);
    Quiet.addMemoryAttr(MemoryEffects::inaccessibleMemOnly());
    AttributeList Attrs =
        AttributeList::get(C, AttributeList::FunctionIndex, Quiet);
    // Addresses are compared, never dereferenced or kept as pointers.
    AttrBuilder AddressB(C);
    AddressB.addAttribute(Attribute::ReadNone);
    AddressB.addCapturesAttr(CaptureInfo(CaptureComponents::Address));
    Begin = M.getOrInsertFunction(
        "__aliaskit_delegate_begin",
        FunctionType::get(Void, {Ptr, I32, I32, Ptr}, false),
        Attrs.addParamAttributes(C, 3, AddressB));
    End = M.getOrInsertFunction("__aliaskit_delegate_end",
                                FunctionType::get(Void, {Ptr}, false), Attrs);
    Delegated = M.getOrInsertFunction(
        "__aliaskit_delegated",
        FunctionType::get(Void, {Ptr, I64, I32}, false),
        Attrs.addParamAttributes(C, 0, AddressB));
  }
};

using aliaskit::quiet;

/// Whether a clone of F runs as F does wherever F is called: a definition
/// the linker cannot replace (as the reader's `clonable`), with nothing a
/// clone cannot copy (block addresses, a coroutine before its split).
bool clonable(const Function &F) {
  if (F.isDeclaration() || F.isInterposable() ||
      F.hasAvailableExternallyLinkage() || F.isIntrinsic() ||
      F.getName().starts_with("__aliaskit_") ||
      F.hasFnAttribute(Attribute::Naked) ||
      F.hasFnAttribute(Attribute::PresplitCoroutine))
    return false;
  for (const BasicBlock &BB : F)
    if (BB.hasAddressTaken())
      return false;
  for (const Instruction &I : instructions(F))
    if (isa<CallBrInst>(I) || isa<IndirectBrInst>(I))
      return false;
  return true;
}

/// The function a delegated call calls, if it can be redirected to a clone.
Function *delegatedCallee(const CallBase &Call) {
  Function *H = Call.getCalledFunction();
  if (!H || H->getFunctionType() != Call.getFunctionType())
    return nullptr;
  if (H->hasFnAttribute(aliaskit::DelegatedClone) || clonable(*H))
    return H;
  return nullptr;
}

/// The clones of one instrumentation, made on demand.
class Cloner {
  DelegationRuntime RT;
  DenseMap<Function *, Function *> Clones;
  SmallVector<Function *, 8> Work;

public:
  aliaskit::DelegationStats Stats{};

  explicit Cloner(Module &M) : RT(M) {}

  /// H's clone (H itself if it is one), made now if it is new.
  Function *cloneOf(Function *H) {
    if (H->hasFnAttribute(aliaskit::DelegatedClone))
      return H;
    auto It = Clones.find(H);
    if (It != Clones.end())
      return It->second;
    ValueToValueMapTy VMap;
    Function *C = CloneFunction(H, VMap);
    C->setName(H->getName() + ".aliaskit.callee");
    C->setLinkage(GlobalValue::InternalLinkage);
    C->setVisibility(GlobalValue::DefaultVisibility);
    C->setDLLStorageClass(GlobalValue::DefaultStorageClass);
    C->setComdat(nullptr);
    C->removeFnAttr(Attribute::AlwaysInline);
    C->addFnAttr(Attribute::NoInline);
    C->addFnAttr(aliaskit::DelegatedClone);
    Clones[H] = C;
    Work.push_back(C);
    ++Stats.Clones;
    return C;
  }

  /// Instruments the clones made so far, and those they need.
  void run() {
    while (!Work.empty())
      instrumentClone(*Work.pop_back_val());
  }

private:
  void delegated(Instruction *Before, Value *Ptr, Value *Size, bool Write) {
    IRBuilder<> B(Before);
    quiet(B.CreateCall(RT.Delegated,
                       {Ptr, B.CreateZExtOrTrunc(Size, B.getInt64Ty()),
                        B.getInt32(Write)}));
  }

  void instrumentClone(Function &F) {
    const DataLayout &DL = F.getDataLayout();
    SmallVector<Instruction *, 32> Insts;
    for (Instruction &I : instructions(F))
      Insts.push_back(&I);
    auto sizeOf = [&](Type *T) -> Value * {
      TypeSize TS = DL.getTypeStoreSize(T);
      if (TS.isScalable())
        return nullptr;
      return ConstantInt::get(Type::getInt64Ty(F.getContext()),
                              TS.getFixedValue());
    };
    auto whole = [&](Instruction *I, Value *Ptr, Type *T, bool Write) {
      if (Value *Size = sizeOf(T))
        delegated(I, Ptr, Size, Write);
      else
        ++Stats.NotSeen;
    };
    for (Instruction *I : Insts) {
      if (auto *L = dyn_cast<LoadInst>(I)) {
        whole(I, L->getPointerOperand(), L->getType(), false);
      } else if (auto *S = dyn_cast<StoreInst>(I)) {
        whole(I, S->getPointerOperand(), S->getValueOperand()->getType(), true);
      } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I)) {
        whole(I, X->getPointerOperand(), X->getCompareOperand()->getType(),
              true);
      } else if (auto *R = dyn_cast<AtomicRMWInst>(I)) {
        whole(I, R->getPointerOperand(), R->getValOperand()->getType(), true);
      } else if (auto *MI = dyn_cast<AnyMemIntrinsic>(I)) {
        delegated(I, MI->getRawDest(), MI->getLength(), true);
        if (auto *MT = dyn_cast<AnyMemTransferInst>(I))
          delegated(I, MT->getRawSource(), MT->getLength(), false);
      } else if (isa<VAArgInst>(I)) {
        ++Stats.NotSeen;
      } else if (auto *Call = dyn_cast<CallBase>(I)) {
        call(*Call);
      }
    }
  }

  /// A call inside a clone: to a defined function, redirected to its
  /// clone; otherwise counted when it may touch memory the program sees.
  void call(CallBase &Call) {
    if (aliaskit::isRuntimeCall(Call))
      return;
    Function *G = Call.getCalledFunction();
    if (G && G->isIntrinsic()) {
      if (Call.isLifetimeStartOrEnd() || isa<DbgInfoIntrinsic>(Call) ||
          Call.doesNotAccessMemory() ||
          Call.getMemoryEffects().onlyAccessesInaccessibleMem())
        return;
      ++Stats.NotSeen; // masked accesses, other intrinsics
      return;
    }
    if (Call.doesNotAccessMemory() ||
        Call.getMemoryEffects().onlyAccessesInaccessibleMem())
      return;
    if (G && G->getFunctionType() == Call.getFunctionType() &&
        (G->hasFnAttribute(aliaskit::DelegatedClone) || clonable(*G))) {
      Call.setCalledFunction(cloneOf(G));
      return;
    }
    ++Stats.NotFollowed;
  }
};

} // namespace

bool aliaskit::delegateCall(CallBase &Call, Value *Frame, uint32_t Read,
                            uint32_t Write) {
  Function *Caller = Call.getFunction();
  if (!delegatedCallee(Call) || Caller->callsFunctionThatReturnsTwice())
    return false;
  // begin and end must run right around the call, on every way out.
  if (auto *CI = dyn_cast<CallInst>(&Call)) {
    if (CI->isMustTailCall())
      return false;
  } else if (auto *II = dyn_cast<InvokeInst>(&Call)) {
    if (!II->getUnwindDest()->isLandingPad())
      return false;
  } else {
    return false;
  }
  if (Call.getOperandBundle(LLVMContext::OB_funclet))
    return false;
  DelegationRuntime RT(*Call.getModule());
  IRBuilder<> B(&Call);
  Value *SP = B.CreateStackSave();
  quiet(B.CreateCall(RT.Begin, {Frame, B.getInt32(Read), B.getInt32(Write), SP}));
  auto endAt = [&](BasicBlock::iterator At) {
    IRBuilder<> E(At->getParent(), At);
    quiet(E.CreateCall(RT.End, {Frame}));
  };
  if (auto *II = dyn_cast<InvokeInst>(&Call)) {
    // The end runs in the destinations, also when other edges lead there:
    // ending a frame's delegation when it has none does nothing.
    endAt(II->getNormalDest()->getFirstInsertionPt());
    endAt(II->getUnwindDest()->getFirstInsertionPt());
  } else {
    endAt(std::next(Call.getIterator()));
  }
  return true;
}

aliaskit::DelegationStats
aliaskit::cloneDelegatedCallees(Module &M, ArrayRef<CallBase *> Calls) {
  Cloner C(M);
  for (CallBase *Call : Calls)
    if (Function *H = delegatedCallee(*Call))
      Call->setCalledFunction(C.cloneOf(H));
  C.run();
  C.Stats.Calls = Calls.size();
  return C.Stats;
}
