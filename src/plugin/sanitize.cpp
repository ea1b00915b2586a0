//===- sanitize.cpp - the aliaskit-sanitize passes: instrumentation -------===//
//
// aliaskit-sanitize instruments a module so that the program checks, while
// it runs, the no-alias claims of its scoped metadata (docs/sanitize.md).
// `noalias` parameters become such claims first (sanitize_parameters.cpp).
// What to check is decided in Rust (src/plugin/sanitize.rs, on
// core/src/sanitize); this file runs the stages and makes the edits:
//
//   <start>       records the noalias parameters (their attributes go) and
//                 instruments the scoped claims the front end made, before
//                 any optimization;
//   <parameters>  turns the recorded parameters into scopes (under clang:
//                 per function, at the end of its simplification);
//   <end>         turns what is left into scopes and instruments the scoped
//                 claims that reach code generation.
//
// Instrumenting is: the plan (aliaskit_sanitize_plan: per function, which
// instructions are sites, which decls declare which table scopes, and the
// table), then the runtime's calls (runtime/src/lib.rs): __aliaskit_enter
// at the entry, __aliaskit_exit before every ret and resume,
// __aliaskit_scope after each decl, __aliaskit_access before each site;
// the table as a global registered by a constructor; __aliaskit_fini as a
// destructor. A call with lists to a function defined in the module is two
// sites (its callee's reads and writes): it is surrounded by
// __aliaskit_delegate_begin/end and sent to a clone of its callee that
// tells each access (sanitize_calls.cpp).
//
// Under clang (and for `aliaskit sanitize`), ALIASKIT_SANITIZE=1 (or start
// / end: which points instrument) adds the stages to the pipeline and
// turns LLVM's own scoped-noalias-aa off (-enable-scoped-noalias=false),
// so that the claims stay in the IR but nothing exploits them on the way.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"
#include "shim.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstdlib>
#include <string>

using namespace llvm;

AttributeList aliaskit::runtimeCallAttributes(LLVMContext &C,
                                              MemoryEffects Effects,
                                              ArrayRef<unsigned> Addresses) {
  AttrBuilder Quiet(C);
  Quiet.addAttribute(Attribute::NoUnwind);
  Quiet.addAttribute(Attribute::WillReturn);
  Quiet.addMemoryAttr(Effects);
  AttributeList Attrs =
      AttributeList::get(C, AttributeList::FunctionIndex, Quiet);
  // An address is compared, never dereferenced or kept as a pointer.
  AttrBuilder Address(C);
  Address.addAttribute(Attribute::ReadNone);
  Address.addCapturesAttr(CaptureInfo(CaptureComponents::Address));
  for (unsigned ArgNo : Addresses)
    Attrs = Attrs.addParamAttributes(C, ArgNo, Address);
  return Attrs;
}

aliaskit::RuntimeTypes::RuntimeTypes(Module &M)
    : Ptr(PointerType::getUnqual(M.getContext())),
      I32(Type::getInt32Ty(M.getContext())),
      I64(Type::getInt64Ty(M.getContext())),
      Void(Type::getVoidTy(M.getContext())),
      Own(MemoryEffects::inaccessibleMemOnly()) {}

FunctionCallee aliaskit::RuntimeTypes::declareFini(Module &M) const {
  return M.getOrInsertFunction("__aliaskit_fini",
                               FunctionType::get(Void, {}, false));
}

bool aliaskit::gatherRows() {
  const char *Value = std::getenv("ALIASKIT_SANITIZE_GATHER");
  return !Value || StringRef(Value) != "0";
}

bool aliaskit::exitsIn(const Loop &L, const Value *Frame) {
  for (const User *U : Frame->users())
    if (auto *C = dyn_cast<CallInst>(U))
      if (Function *Callee = C->getCalledFunction())
        if (Callee->getName() == "__aliaskit_exit" && L.contains(C))
          return true;
  return false;
}

bool aliaskit::isRuntimeCall(const CallBase &CB) {
  const Function *F = CB.getCalledFunction();
  return F && F->getName().starts_with("__aliaskit_");
}

CallInst *aliaskit::runtimeCall(Value *V, StringRef Name, unsigned Args) {
  auto *C = dyn_cast<CallInst>(V);
  Function *Callee = C ? C->getCalledFunction() : nullptr;
  return Callee && Callee->getName() == Name && C->arg_size() == Args ? C
                                                                       : nullptr;
}

CallInst *aliaskit::accessCall(Value *V) {
  CallInst *C = runtimeCall(V, "__aliaskit_access", 4);
  if (!C)
    C = runtimeCall(V, "__aliaskit_access_final", 4);
  if (!C)
    C = runtimeCall(V, "__aliaskit_access_run", 6);
  if (!C)
    C = runtimeCall(V, "__aliaskit_access_run_final", 6);
  if (!C)
    C = runtimeCall(V, "__aliaskit_access_grid", 8);
  return C;
}

SmallVector<Instruction *, 4> aliaskit::frameEnds(Function &F) {
  SmallVector<Instruction *, 4> Ends;
  for (BasicBlock &BB : F) {
    Instruction *T = BB.getTerminator();
    if (!T || !(isa<ReturnInst>(T) || isa<ResumeInst>(T)))
      continue;
    if (CallInst *Tail = BB.getTerminatingMustTailCall())
      T = Tail;
    Ends.push_back(T);
  }
  return Ends;
}

GlobalVariable *aliaskit::tableGlobal(Module &M, ArrayRef<uint8_t> Bytes,
                                      StringRef Name) {
  Constant *Data = ConstantDataArray::get(M.getContext(), Bytes);
  auto *G = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                               GlobalValue::PrivateLinkage, Data, Name);
  G->setAlignment(Align(8));
  return G;
}

void aliaskit::keepEffectsTrue(Module &M) {
  const MemoryEffects Added =
      MemoryEffects(IRMemLocation::Other, ModRefInfo::ModRef) |
      MemoryEffects::inaccessibleMemOnly();
  auto Widen = [&](MemoryEffects ME) {
    return (ME & Added) == Added ? std::nullopt
                                 : std::optional<MemoryEffects>(ME | Added);
  };
  auto Ours = [](const Instruction &I) {
    if (const auto *CB = dyn_cast<CallBase>(&I); CB && isRuntimeCall(*CB))
      return true;
    return I.hasMetadata(LLVMContext::MD_nosanitize) &&
           I.mayReadOrWriteMemory();
  };
  // The functions with something of ours, then their direct callers (an
  // indirect call's effects are unknown already).
  SmallVector<Function *, 64> Work;
  SmallPtrSet<Function *, 32> Seen;
  for (Function &F : M)
    if (any_of(instructions(F), Ours) && Seen.insert(&F).second)
      Work.push_back(&F);
  while (!Work.empty()) {
    Function *F = Work.pop_back_val();
    if (auto ME = Widen(F->getMemoryEffects()))
      F->setMemoryEffects(*ME);
    for (User *U : F->users()) {
      auto *CB = dyn_cast<CallBase>(U);
      if (!CB || CB->getCalledOperand() != F)
        continue;
      if (CB->hasFnAttr(Attribute::Memory))
        if (auto ME = Widen(CB->getAttributes().getMemoryEffects()))
          CB->addFnAttr(
              Attribute::getWithMemoryEffects(CB->getContext(), *ME));
      if (Function *Caller = CB->getFunction(); Seen.insert(Caller).second)
        Work.push_back(Caller);
    }
  }
}

void aliaskit::markQuiet(Instruction *I) {
  I->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(I->getContext(), {}));
}
using aliaskit::SanitizePoint;
using aliaskit::StackAddressesPass;

namespace {

/// Testing only: `aliaskit-test-forget-loop-decls` removes every
/// llvm.experimental.noalias.scope.decl inside a loop, as a pass that
/// forgot to give each iteration its own scopes would leave the IR: the
/// scopes then hold, wrongly, across iterations, and the end point must
/// catch the claims this makes wrong (the start point, which saw the
/// decls, must not).
class ForgetLoopDeclsPass : public PassInfoMixin<ForgetLoopDeclsPass> {
public:
  static bool isRequired() { return true; }
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    SmallVector<Instruction *, 8> Dead;
    for (BasicBlock &BB : F)
      if (LI.getLoopFor(&BB))
        for (Instruction &I : BB)
          if (isa<NoAliasScopeDeclInst>(I))
            Dead.push_back(&I);
    for (Instruction *I : Dead)
      I->eraseFromParent();
    return Dead.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
  }
};

/// The runtime's functions, declared in M.
struct Runtime : aliaskit::RuntimeTypes {
  FunctionCallee Enter, Exit, Scope, Access, AccessRun, AccessGrid,
      DelegatedRun, Register, Fini;

  explicit Runtime(Module &M) : RuntimeTypes(M) {
    LLVMContext &C = M.getContext();
    AttributeList Attrs = aliaskit::runtimeCallAttributes(C, Own);
    // __aliaskit_enter also reads the table its first argument points to.
    AttributeList EnterAttrs = aliaskit::runtimeCallAttributes(
        C, Own | MemoryEffects::argMemOnly(ModRefInfo::Ref));
    AttributeList AccessAttrs = aliaskit::runtimeCallAttributes(C, Own, {2});
    Enter = M.getOrInsertFunction(
        "__aliaskit_enter",
        FunctionType::get(Ptr, {Ptr, I32, I32, I32, Ptr, Ptr, I32}, false),
        EnterAttrs);
    Exit = M.getOrInsertFunction("__aliaskit_exit",
                                 FunctionType::get(Void, {Ptr}, false), Attrs);
    Scope = M.getOrInsertFunction(
        "__aliaskit_scope", FunctionType::get(Void, {Ptr, I32}, false), Attrs);
    Access = M.getOrInsertFunction(
        "__aliaskit_access", FunctionType::get(Void, {Ptr, I32, Ptr, I64}, false),
        AccessAttrs);
    AccessRun = M.getOrInsertFunction(
        "__aliaskit_access_run",
        FunctionType::get(Void, {Ptr, I32, Ptr, I64, I64, I64}, false),
        AccessAttrs);
    // A loop's delegated accesses in a clone (sanitize_calls.cpp), as one
    // run: (write, first, stride, count, size).
    DelegatedRun = M.getOrInsertFunction(
        "__aliaskit_delegated_run",
        FunctionType::get(Void, {I32, Ptr, I64, I64, I64}, false),
        aliaskit::runtimeCallAttributes(C, Own, {1}));
    AccessGrid = M.getOrInsertFunction(
        "__aliaskit_access_grid",
        FunctionType::get(Void, {Ptr, I32, Ptr, I64, I64, I64, I64, I64}, false),
        AccessAttrs);
    // __aliaskit_register(table, texts, texts' length).
    Register = M.getOrInsertFunction(
        "__aliaskit_register",
        FunctionType::get(Void, {Ptr, Ptr, Type::getInt64Ty(C)}, false));
    Fini = declareFini(M);
  }
};

using aliaskit::quiet;

/// The analyses a function's loops are summarized with.
struct LoopFacts {
  LoopInfo &LI;
  ScalarEvolution &SE;
  DominatorTree &DT;
};

/// Emits the checks of one site: one for all of a loop's executions of it
/// when sanitize_loops.cpp can, else one before the instruction.
void instrumentSite(const aliaskit::SitePlan &S, Value *Frame, Runtime &RT,
                    const DataLayout &DL, LoopFacts *Loops) {
  auto *I = cast<Instruction>(unwrap(S.Inst));
  IRBuilder<> B(I);
  Value *Site = B.getInt32(S.Site);
  auto access = [&](Value *Ptr, Value *Size) {
    auto *Known = dyn_cast<ConstantInt>(Size);
    if (Loops && Known && Known->getValue().getActiveBits() <= 63 &&
        aliaskit::summarizeInLoop(*I, Ptr, Known->getZExtValue(), {Frame, Site},
                                  RT.AccessRun, Loops->LI, Loops->SE,
                                  Loops->DT))
      return;
    quiet(B.CreateCall(RT.Access, {Frame, Site, Ptr, B.CreateZExtOrTrunc(Size, RT.I64)}));
  };
  auto sizeOf = [&](Type *T) -> Value * {
    TypeSize TS = DL.getTypeStoreSize(T);
    return TS.isScalable() ? nullptr : B.getInt64(TS.getFixedValue());
  };
  auto *II = dyn_cast<IntrinsicInst>(I);
  switch (S.Part) {
  case aliaskit::SitePart::Whole: {
    // getLoadStoreType asserts on anything but a load or a store.
    Value *Ptr = nullptr;
    Type *T = nullptr;
    if (isa<LoadInst>(I) || isa<StoreInst>(I))
      Ptr = getLoadStorePointerOperand(I), T = getLoadStoreType(I);
    else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I))
      Ptr = X->getPointerOperand(), T = X->getCompareOperand()->getType();
    else if (auto *R = dyn_cast<AtomicRMWInst>(I))
      Ptr = R->getPointerOperand(), T = R->getValOperand()->getType();
    if (Ptr && T)
      if (Value *Size = sizeOf(T))
        access(Ptr, Size);
    return;
  }
  case aliaskit::SitePart::Destination:
    if (auto *MI = dyn_cast_or_null<AnyMemIntrinsic>(II))
      access(MI->getRawDest(), MI->getLength());
    return;
  case aliaskit::SitePart::Source:
    if (auto *MT = dyn_cast_or_null<AnyMemTransferInst>(II))
      access(MT->getRawSource(), MT->getLength());
    return;
  case aliaskit::SitePart::Lane: {
    if (!II)
      return;
    Loops = nullptr; // lanes are checked one execution at a time
    Intrinsic::ID ID = II->getIntrinsicID();
    bool Store = ID == Intrinsic::masked_store || ID == Intrinsic::masked_scatter;
    Type *VT = Store ? II->getArgOperand(0)->getType() : II->getType();
    auto *FV = dyn_cast<FixedVectorType>(VT);
    if (!FV || S.Lane >= FV->getNumElements())
      return;
    Value *Mask = II->getArgOperand(Store ? 2 : 1);
    Value *Addr = II->getArgOperand(Store ? 1 : 0);
    Value *Lane = B.getInt64(S.Lane);
    Value *Ptr = Addr->getType()->isVectorTy()
                     ? B.CreateExtractElement(Addr, Lane)
                     : B.CreateGEP(FV->getElementType(), Addr, Lane);
    Value *Size = sizeOf(FV->getElementType());
    if (!Size)
      return;
    Value *On = B.CreateExtractElement(Mask, Lane);
    access(Ptr, B.CreateSelect(On, Size, B.getInt64(0)));
    return;
  }
  case aliaskit::SitePart::CalleeReads:
  case aliaskit::SitePart::CalleeWrites:
    return; // instrumentFunction: both parts at once (sanitize_calls.cpp)
  }
}

/// Whether `Frame` is a start-point frame's `__aliaskit_enter`.
bool isStartFrame(Value *Frame) {
  CallInst *Enter = aliaskit::runtimeCall(Frame, "__aliaskit_enter", 7);
  if (!Enter)
    return false;
  auto *Table = dyn_cast<GlobalVariable>(
      Enter->getArgOperand(0)->stripPointerCasts());
  return Table && Table->getName() == "__aliaskit_table.start";
}

/// Gives each call of runtime function `Name` (with `Args` arguments) in
/// F to `Summarize(Call, Loop, Runtime, Facts)`, which returns whether it
/// replaced the call by a summary; F's analyses are invalidated if any did.
/// A call of a frame (its first argument, unless `OfFrame` is false) only
/// in a loop the frame was entered before and is not left in.
template <typename SummarizeFn>
void summarizeCalls(Function &F, FunctionAnalysisManager &FAM, StringRef Name,
                    unsigned Args, SummarizeFn Summarize, bool OfFrame = true) {
  SmallVector<CallInst *, 16> Calls;
  for (Instruction &I : instructions(F))
    if (CallInst *C = aliaskit::runtimeCall(&I, Name, Args))
      Calls.push_back(C);
  if (Calls.empty())
    return;
  Runtime RT(*F.getParent());
  LoopFacts Facts{FAM.getResult<LoopAnalysis>(F),
                  FAM.getResult<ScalarEvolutionAnalysis>(F),
                  FAM.getResult<DominatorTreeAnalysis>(F)};
  bool Changed = false;
  for (CallInst *C : Calls) {
    // Only a loop the call's frame was entered before and is not left in:
    // the summary goes to the frame that made the accesses.
    Loop *L = Facts.LI.getLoopFor(C->getParent());
    auto *Frame = dyn_cast<Instruction>(C->getArgOperand(0));
    if (!L || (OfFrame && (!Frame || L->contains(Frame) || aliaskit::exitsIn(*L, Frame))))
      continue;
    Changed |= Summarize(*C, RT, Facts);
  }
  if (Changed)
    FAM.invalidate(F, PreservedAnalyses::none());
}

/// At the end, each start-point check still in a loop gets another try at
/// being one run at the loop's exit (sanitize_loops.cpp): at the start,
/// ScalarEvolution saw its address before induction variables were
/// simplified (an `int` index sign-extended), or the loop before it was
/// rotated.
void summarizeStartChecks(Function &F, FunctionAnalysisManager &FAM) {
  summarizeCalls(F, FAM, "__aliaskit_access", 4,
                 [](CallInst &C, Runtime &RT, LoopFacts &Facts) {
                   auto *Size = dyn_cast<ConstantInt>(C.getArgOperand(3));
                   if (!isStartFrame(C.getArgOperand(0)) || !Size ||
                       Size->getValue().getActiveBits() > 63 ||
                       !aliaskit::summarizeInLoop(
                           C, C.getArgOperand(2), Size->getZExtValue(),
                           {C.getArgOperand(0), C.getArgOperand(1)},
                           RT.AccessRun, Facts.LI, Facts.SE, Facts.DT))
                     return false;
                   C.eraseFromParent();
                   return true;
                 });
  // A loop's copies of one check (an inner loop fully unrolled) are one
  // run where their blocks meet.
  if (aliaskit::fuseTwinRuns(F, FAM.getResult<ScalarEvolutionAnalysis>(F),
                             nullptr, [](uint32_t Site) { return Site; }))
    FAM.invalidate(F, PreservedAnalyses::none());
}

/// At the end, each access a clone tells its delegations of in a loop
/// (sanitize_calls.cpp) gets a try at being one run at the loop's exit,
/// `__aliaskit_delegated_run`, as a frame's access at being an access run.
/// A clone has no frame: its accesses go to the delegations active on the
/// thread, which a loop of a clone cannot change (begin and end are only
/// around a frame's own calls, and pair up within one iteration), and the
/// loop must run whole, as for a frame's runs.
void summarizeDelegated(Function &F, FunctionAnalysisManager &FAM) {
  if (!F.hasFnAttribute(aliaskit::DelegatedClone))
    return;
  summarizeCalls(
      F, FAM, "__aliaskit_delegated", 3,
      [](CallInst &C, Runtime &RT, LoopFacts &Facts) {
        auto *Size = dyn_cast<ConstantInt>(C.getArgOperand(1));
        if (!Size || Size->getValue().getActiveBits() > 63 ||
            !aliaskit::summarizeInLoop(C, C.getArgOperand(0), Size->getZExtValue(),
                                       {C.getArgOperand(2)}, RT.DelegatedRun,
                                       Facts.LI, Facts.SE, Facts.DT))
          return false;
        C.eraseFromParent();
        return true;
      },
      /*OfFrame=*/false);
}

/// At the very end (`Gather`), each run still in a loop (a loop nest's
/// inner loop, summarized) gets a try at being one grid at the enclosing
/// loop's exit (sanitize_loops.cpp).
void summarizeRuns(Function &F, FunctionAnalysisManager &FAM,
                   bool Gather = false) {
  summarizeCalls(F, FAM, "__aliaskit_access_run", 6,
                 [Gather](CallInst &C, Runtime &RT, LoopFacts &Facts) {
                   return aliaskit::summarizeRunInLoop(C, RT.AccessGrid,
                                                       Facts.LI, Facts.SE,
                                                       Facts.DT, Gather);
                 });
}

/// Before the loop vectorizer (VectorizerStart), the same try: by then the
/// loops are rotated and their induction variables simplified, and a loop
/// whose checks all became runs at its exit has no call left in it, so it
/// can be vectorized as the uninstrumented build's is.
class StartChecksPass : public PassInfoMixin<StartChecksPass> {
public:
  static bool isRequired() { return true; }
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    // A read that repeats one before it goes first (sanitize_repeats.cpp):
    // its loop may then have no call left.
    aliaskit::inplace::Tables T;
    aliaskit::inplace::dropRepeatedReads(F, FAM, T);
    // Nothing is kept even when no call changed: a try may have made a
    // loop's preheader, or moved a condition before the loop.
    summarizeStartChecks(F, FAM);
    summarizeRuns(F, FAM);
    return PreservedAnalyses::none();
  }
};

/// Instruments one function of the plan; the calls that stand for their
/// callees' accesses (surrounded now, redirected to clones once every
/// function is instrumented) go to `Delegated`.
void instrumentFunction(const aliaskit::FunctionPlan &P, GlobalVariable *Table,
                        Runtime &RT, FunctionAnalysisManager &FAM,
                        SmallVectorImpl<CallBase *> &Delegated,
                        unsigned &NotRedirected) {
  auto *F = cast<Function>(unwrap(P.Function));
  const DataLayout &DL = F->getDataLayout();
  LoopFacts Loops{FAM.getResult<LoopAnalysis>(*F),
                  FAM.getResult<ScalarEvolutionAnalysis>(*F),
                  FAM.getResult<DominatorTreeAnalysis>(*F)};
  IRBuilder<> B(&*F->getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  Value *FrameAddress = B.CreateIntrinsic(Intrinsic::frameaddress,
                                          {RT.Ptr}, {B.getInt32(0)});
  StringRef Own[] = {F->getName()};
  CallInst *Frame = quiet(B.CreateCall(
      RT.Enter, {Table, B.getInt32(P.Index), B.getInt32(P.Sites),
                 B.getInt32(P.Scopes), FrameAddress,
                 aliaskit::hostsGlobal(*F->getParent(), Own), B.getInt32(1)}));
  // Where a start-point frame's code runs is followed through inlining.
  if (Table->getName() == "__aliaskit_table.start")
    aliaskit::markHost(*Frame, F->getName());
  for (size_t I = 0; I < P.NumDecls; ++I) {
    auto *D = cast<Instruction>(unwrap(P.Decls[I].Decl));
    IRBuilder<> After(D->getNextNode());
    quiet(After.CreateCall(RT.Scope, {Frame, After.getInt32(P.Decls[I].Scope)}));
  }
  // A call's "callee reads" and "callee writes" sites (~0u: not kept).
  MapVector<CallBase *, std::pair<uint32_t, uint32_t>> Calls;
  for (size_t I = 0; I < P.NumSitePlans; ++I) {
    const aliaskit::SitePlan &S = P.SitePlans[I];
    if (S.Part == aliaskit::SitePart::CalleeReads ||
        S.Part == aliaskit::SitePart::CalleeWrites) {
      if (auto *Call = dyn_cast<CallBase>(unwrap(S.Inst))) {
        auto &Sites = Calls.insert({Call, {~0u, ~0u}}).first->second;
        (S.Part == aliaskit::SitePart::CalleeReads ? Sites.first
                                                   : Sites.second) = S.Site;
      }
      continue;
    }
    instrumentSite(S, Frame, RT, DL, &Loops);
  }
  // The parts of one access (interleaved, unrolled) are one run.
  SmallVector<uint32_t, 64> Twin(P.Sites);
  for (uint32_t I = 0; I < P.Sites; ++I)
    Twin[I] = I;
  for (size_t I = 0; I < P.NumSitePlans; ++I)
    if (P.SitePlans[I].Site < P.Sites && P.SitePlans[I].Twin < P.Sites)
      Twin[P.SitePlans[I].Site] = P.SitePlans[I].Twin;
  aliaskit::fuseTwinRuns(*F, Loops.SE, Frame, [&](uint32_t Site) {
    return Site < Twin.size() ? Twin[Site] : Site;
  });
  for (auto &[Call, Sites] : Calls)
    if (aliaskit::delegateCall(*Call, Frame, Sites.first, Sites.second))
      Delegated.push_back(Call);
    else
      ++NotRedirected;
  for (Instruction *T : aliaskit::frameEnds(*F))
    quiet(IRBuilder<>(T).CreateCall(RT.Exit, {Frame}));
  // The start point's checks are there before the CGSCC walk. Counted as
  // the calls they are, they keep a short function from being inlined
  // where the plain build inlines it (a sort's comparison closure, a
  // hasher's write, a vector's grow path); so in a function without a
  // loop, the inliner counts them as nothing (InlineCost's
  // "call-inline-cost"). Not in one with a loop: inlined into a caller's
  // long-lived frame, a loop's claims cost more than in a frame of its
  // own (c_blas' stencil, inlined into `main`: 1.28x -> 1.71x plain).
  if (Table->getName() == "__aliaskit_table.start" && Loops.LI.empty())
    for (Instruction &I : instructions(*F))
      if (auto *C = dyn_cast<CallInst>(&I); C && aliaskit::isRuntimeCall(*C))
        C->addFnAttr(Attribute::get(C->getContext(), "call-inline-cost", "0"));
}

/// The constructor that registers the table, and the destructor that
/// prints the summary (priority 101: after the program's own).
void registerTable(Module &M, GlobalVariable *Table, GlobalVariable *Texts,
                   Runtime &RT, SanitizePoint Point) {
  LLVMContext &C = M.getContext();
  auto *Ctor = Function::Create(
      FunctionType::get(Type::getVoidTy(C), false),
      GlobalValue::InternalLinkage,
      Point == SanitizePoint::Start ? "__aliaskit_ctor.start"
                                    : "__aliaskit_ctor.end",
      M);
  IRBuilder<> B(BasicBlock::Create(C, "", Ctor));
  uint64_t TextsLen =
      M.getDataLayout().getTypeAllocSize(Texts->getValueType()).getFixedValue();
  quiet(B.CreateCall(RT.Register, {Table, Texts, B.getInt64(TextsLen)}));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  if (auto *Fini = dyn_cast<Function>(RT.Fini.getCallee()))
    appendToGlobalDtors(M, Fini, 101);
}

/// Instruments the scoped claims of M at `Point` (the plan's sites, decls
/// and functions; the table global and its registration).
void instrument(Module &M, SanitizePoint Point, bool Stats,
                FunctionAnalysisManager &FAM) {
  aliaskit::Printer P(M);
  std::string Name = aliaskit::moduleName(M);
  aliaskit::DisjointOracle *Oracle = aliaskit::makeDisjointOracle(FAM);
  void *Plan = aliaskit_sanitize_plan(wrap(&M), static_cast<uint8_t>(Point),
                                      &P, Name.data(), Name.size(),
                                      aliaskit::moduleKey(M), Stats, Oracle);
  aliaskit::freeDisjointOracle(Oracle);
  if (!Plan)
    return;
  const uint8_t *Bytes = nullptr, *TextBytes = nullptr;
  size_t Len = 0, TextLen = 0;
  aliaskit_sanitize_plan_table(Plan, &Bytes, &Len);
  aliaskit_sanitize_plan_texts(Plan, &TextBytes, &TextLen);
  size_t N = aliaskit_sanitize_plan_functions(Plan);
  if (N > 0) {
    Runtime RT(M);
    bool Start = Point == SanitizePoint::Start;
    GlobalVariable *Table = aliaskit::tableGlobal(
        M, ArrayRef(Bytes, Len),
        Start ? "__aliaskit_table.start" : "__aliaskit_table.end");
    // The whole table, read only for a report, after the read-only data a
    // run reads (.rodata1 follows .rodata), so that the pages the kernel
    // maps around those it reads are not the texts'.
    GlobalVariable *Texts = aliaskit::tableGlobal(
        M, ArrayRef(TextBytes, TextLen),
        Start ? "__aliaskit_texts.start" : "__aliaskit_texts.end");
    Texts->setAlignment(Align(1));
    if (Triple(M.getTargetTriple()).isOSBinFormatELF())
      Texts->setSection(".rodata1");
    SmallVector<CallBase *, 8> Delegated;
    unsigned NotRedirected = 0;
    for (size_t I = 0; I < N; ++I) {
      aliaskit::FunctionPlan FP;
      if (aliaskit_sanitize_plan_function(Plan, I, &FP))
        instrumentFunction(FP, Table, RT, FAM, Delegated, NotRedirected);
    }
    aliaskit::DelegationStats DS =
        aliaskit::cloneDelegatedCallees(M, Delegated);
    if (Stats)
      errs() << "aliaskit-sanitize<"
             << (Point == SanitizePoint::Start ? "start" : "end")
             << ">: " << DS.Calls << " calls checked for their callees' "
             << "accesses (" << DS.Clones << " clones), " << NotRedirected
             << " not (musttail, funclet, setjmp); " << DS.NotFollowed
             << " calls in clones not followed (external or indirect); "
             << DS.NotSeen << " accesses in clones not seen\n";
    registerTable(M, Table, Texts, RT, Point);
  }
  aliaskit_sanitize_plan_free(Plan);
}

/// Where a pass of aliaskit-sanitize runs.
enum class Stage { Start, Parameters, End };

/// The module pass of each stage: Start converts the noalias parameters
/// (on the body as the front end left it) and instruments the scoped claims
/// the module then has; Parameters completes the conversion (for pipelines
/// written by hand: under clang the function pass below does it, at the end
/// of each function's simplification); End converts and completes what is
/// left and instruments the scoped claims that reach code generation.
class SanitizePass : public PassInfoMixin<SanitizePass> {
  Stage At;
  bool Stats;
  /// False: Start converts without instrumenting (ALIASKIT_SANITIZE=end).
  bool Instrument;
  /// Start: a CGSCC walk follows, whose ParametersPass completes the
  /// conversion (deferAlwaysInline).
  bool WalkFollows;

public:
  SanitizePass(Stage At, bool Stats, bool Instrument = true,
               bool WalkFollows = false)
      : At(At), Stats(Stats), Instrument(Instrument),
        WalkFollows(WalkFollows) {
    aliaskit::wantInputNumbers();
  }
  static bool isRequired() { return true; }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    auto &FAM =
        MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    if (At == Stage::Start)
      aliaskit::markFrontEndAccesses(M);
    for (Function &F : M) {
      if (F.isDeclaration() || !aliaskit::hasNoAliasParameters(F))
        continue;
      FAM.invalidate(F, PreservedAnalyses::none());
      if (At != Stage::Parameters)
        aliaskit::convertNoAliasParameters(F, FAM.getResult<AAManager>(F),
                                           /*Promote=*/At == Stage::Start);
      // Deferred only while a conversion is recorded (none: no used
      // parameter), which the CGSCC walk's ParametersPass then completes.
      if (At == Stage::Start && WalkFollows && aliaskit::hasNoAliasParameters(F))
        aliaskit::deferAlwaysInline(F);
      else
        aliaskit::restoreAlwaysInline(F);
      if (At != Stage::Start) {
        FAM.invalidate(F, PreservedAnalyses::none());
        aliaskit::completeNoAliasParameters(F, FAM.getResult<AAManager>(F),
                                            /*Last=*/At == Stage::End);
      }
      FAM.invalidate(F, PreservedAnalyses::none());
    }
    if (At == Stage::Start && Instrument)
      instrument(M, SanitizePoint::Start, Stats, FAM);
    if (At != Stage::End) {
      aliaskit::keepEffectsTrue(M);
      return PreservedAnalyses::none();
    }
    if (Stats) {
      aliaskit::ParameterStats &PS = aliaskit::parameterStats();
      errs() << "aliaskit-sanitize: " << PS.Parameters
             << " noalias parameters of " << PS.Functions
             << " functions made scopes; " << PS.Unclassified << " of their "
             << PS.Accesses << " memory accesses not classified\n";
    }
    aliaskit::forgetFrontEndAccesses(M);
    aliaskit::tellHosts(M);
    for (Function &F : M)
      if (!F.isDeclaration())
        summarizeStartChecks(F, FAM);
    instrument(M, SanitizePoint::End, Stats, FAM);
    for (Function &F : M)
      if (!F.isDeclaration()) {
        summarizeDelegated(F, FAM);
        summarizeRuns(F, FAM, aliaskit::gatherRows());
      }
    aliaskit::keepEffectsTrue(M);
    return PreservedAnalyses::none();
  }
};

/// Under clang, at the end of each function's simplification in the CGSCC
/// walk (ScalarOptimizerLate; CGSCCOptimizerLate would be before it, on a
/// body whose callees are inlined but whose pointers are still in the
/// allocas SROA removes), where the inliner will read its body: the function
/// becomes a host of the start-point frames inlined into it, and its
/// conversion is completed.
class ParametersPass : public PassInfoMixin<ParametersPass> {
public:
  static bool isRequired() { return true; }
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    aliaskit::recordHost(F);
    if (!aliaskit::hasNoAliasParameters(F))
      return PreservedAnalyses::all();
    aliaskit::completeNoAliasParameters(F, FAM.getResult<AAManager>(F),
                                        /*Last=*/false);
    aliaskit::restoreAlwaysInline(F);
    return PreservedAnalyses::none();
  }
};

/// Parses `aliaskit-sanitize[<start|parameters|end[;stats]>]`: false if
/// `Name` is another pass.
bool parseSanitizeName(StringRef Name, Stage &At, bool &Stats) {
  At = Stage::End;
  Stats = false;
  return aliaskit::parseWordPass(
      Name, "aliaskit-sanitize",
      {{"start", [&] { At = Stage::Start; }},
       {"parameters", [&] { At = Stage::Parameters; }},
       {"end", [&] { At = Stage::End; }},
       {"stats", [&] { Stats = true; }}},
      "expected start, parameters, end or stats");
}

/// LLVM's scoped-noalias-aa answers "may alias" from now on
/// (-enable-scoped-noalias=false), unless the command line said otherwise.
void keepScopedClaimsUnused() {
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find("enable-scoped-noalias");
  if (It != Options.end() && It->second->getNumOccurrences() == 0)
    It->second->addOccurrence(0, It->first, "false");
}

} // namespace

void aliaskit::registerSanitizer(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "aliaskit-sanitize-in-place" ||
            Name == "aliaskit-sanitize-in-place<stats>") {
          MPM.addPass(aliaskit::InPlacePass(Name.ends_with("<stats>")));
          return true;
        }
        if (Name == "aliaskit-sanitize-final" ||
            Name == "aliaskit-sanitize-final<stats>" ||
            Name == "aliaskit-sanitize-final<no-guards>") {
          MPM.addPass(aliaskit::FinalPass(Name.ends_with("<stats>"),
                                          !Name.ends_with("<no-guards>")));
          return true;
        }
        if (Name == "aliaskit-sanitize-ends" ||
            Name == "aliaskit-sanitize-ends<stats>") {
          MPM.addPass(aliaskit::EndsPass(Name.ends_with("<stats>")));
          return true;
        }
        if (Name == "aliaskit-sanitize-once" ||
            Name == "aliaskit-sanitize-once<stats>") {
          MPM.addPass(aliaskit::OncePass(Name.ends_with("<stats>")));
          return true;
        }
        Stage At;
        bool Stats;
        if (!parseSanitizeName(Name, At, Stats))
          return false;
        MPM.addPass(SanitizePass(At, Stats));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name == "aliaskit-sanitize-stack") {
          FPM.addPass(StackAddressesPass());
          return true;
        }
        if (Name != "aliaskit-test-forget-loop-decls")
          return false;
        FPM.addPass(ForgetLoopDeclsPass());
        return true;
      });
  aliaskit::registerTbaaSanitizePass(PB);
  const char *Env = std::getenv("ALIASKIT_SANITIZE");
  // `tbaa` among its words asks for --tbaa (sanitize_tbaa.cpp), before the
  // scoped checker's start when both are asked (the front end's IR as is).
  std::string Scoped = aliaskit::scopedSanitizeValue(Env);
  if (Scoped.empty() || Scoped == "0") {
    aliaskit::addTbaaSanitizeStage(PB, Env);
    return aliaskit::addTbaaFastPathStage(PB, Env);
  }
  StringRef Which(Scoped);
  bool Start = Which != "end", End = Which != "start";
  bool Stats = std::getenv("ALIASKIT_SANITIZE_STATS") != nullptr;
  keepScopedClaimsUnused();
  aliaskit::addTbaaSanitizeStage(PB, Env);
  // The parameters are recorded at the start either way (their attributes
  // must not be used on the way), and converted where the inliner reads a
  // function's body; both points instrument what is scoped then.
  PB.registerPipelineStartEPCallback(
      [Stats, Start](ModulePassManager &MPM, OptimizationLevel Level) {
        MPM.addPass(SanitizePass(Stage::Start, Stats, Start,
                                 /*WalkFollows=*/Level != OptimizationLevel::O0));
      });
  if (Start)
    PB.registerVectorizerStartEPCallback(
        [](FunctionPassManager &FPM, OptimizationLevel) {
          FPM.addPass(StartChecksPass());
        });
  PB.registerPeepholeEPCallback([](FunctionPassManager &FPM,
                                   OptimizationLevel) {
    FPM.addPass(StackAddressesPass());
  });
  PB.registerScalarOptimizerLateEPCallback(
      [](FunctionPassManager &FPM, OptimizationLevel) {
        FPM.addPass(ParametersPass());
      });
  PB.registerOptimizerLastEPCallback(
      [Stats, End](ModulePassManager &MPM, OptimizationLevel,
                   ThinOrFullLTOPhase Phase) {
        MPM.addPass(SanitizePass(End ? Stage::End : Stage::Parameters, Stats));
        // ALIASKIT_SANITIZE_IN_PLACE=0 keeps every frame in the runtime,
        // ALIASKIT_SANITIZE_ONCE=0 every access a loop repeats, and
        // ALIASKIT_SANITIZE_ENDS=0 every instance open till its frame
        // ends or the scope begins again, ALIASKIT_SANITIZE_FINAL=0 every
        // entry till its instance ends (ALIASKIT_SANITIZE_FINAL_GUARDS=0:
        // every final access logged); so does
        // a module before an LTO link (the link inlines and tells
        // start-point frames their hosts: they must still be calls then).
        bool PreLink = Phase == ThinOrFullLTOPhase::ThinLTOPreLink ||
                       Phase == ThinOrFullLTOPhase::FullLTOPreLink;
        auto On = [&](const char *Variable) {
          const char *Value = std::getenv(Variable);
          return !PreLink && (!Value || StringRef(Value) != "0");
        };
        if (On("ALIASKIT_SANITIZE_ONCE"))
          MPM.addPass(aliaskit::OncePass(Stats));
        if (On("ALIASKIT_SANITIZE_IN_PLACE"))
          MPM.addPass(aliaskit::InPlacePass(Stats));
        if (On("ALIASKIT_SANITIZE_ENDS"))
          MPM.addPass(aliaskit::EndsPass(Stats));
        if (On("ALIASKIT_SANITIZE_FINAL"))
          MPM.addPass(aliaskit::FinalPass(
              Stats, On("ALIASKIT_SANITIZE_FINAL_GUARDS")));
      });
  aliaskit::addTbaaFastPathStage(PB, Env);
}
