//===- sanitize.cpp - the aliaskit-sanitize pass: its edits of the IR -----===//
//
// `aliaskit-sanitize<start>` and `aliaskit-sanitize<end>` instrument a
// module so that the program checks, while it runs, the no-alias claims
// its metadata makes (docs/sanitize.md). What to check is decided in Rust
// (src/plugin/sanitize.rs, on core/src/sanitize); this file gathers the
// facts only LLVM's C++ API gives and makes the edits:
//
//   1. `noalias` parameters become scopes, as the inliner makes them for
//      an inlined call (a domain named after the function, a scope per
//      used parameter, a noalias.scope.decl at the entry, each access's
//      lists from the core's copy of the inliner's rule, asked through
//      aliaskit_sanitize_parameter_lists). At the start point the
//      parameters' allocas are promoted first (clang stores parameters to
//      allocas; the rule looks through SSA values only) and the `noalias`
//      attributes are then removed, so that basic-aa cannot use the claim
//      before the end point has checked it.
//   2. The plan (aliaskit_sanitize_plan): per function, which instructions
//      are sites, which decls declare which table scopes, and the table.
//   3. The calls of the runtime (runtime/src/lib.rs): __aliaskit_enter at
//      the entry, __aliaskit_exit before every ret and resume,
//      __aliaskit_scope after each decl, __aliaskit_access before each
//      site; the table as a global registered by a constructor, and
//      __aliaskit_fini as a destructor.
//
// Under clang, ALIASKIT_SANITIZE=1 (or start / end) adds the passes at the
// start and the end of the optimization pipeline and turns LLVM's own
// scoped-noalias-aa off (-enable-scoped-noalias=false), so that the claims
// stay in the IR but nothing exploits them on the way.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <cstdlib>
#include <string>

using namespace llvm;
using aliaskit::SanitizePoint;

namespace {

const char *const RuntimePrefix = "__aliaskit_";

bool isRuntimeCall(const Instruction &I) {
  if (auto *CB = dyn_cast<CallBase>(&I))
    if (Function *F = CB->getCalledFunction())
      return F->getName().starts_with(RuntimePrefix);
  return false;
}

/// The pointers an access reaches memory through, as the inliner collects
/// them (AddAliasScopeMetadata); `IsCall` and `ArgMemOnly` for calls.
/// False for an instruction that the inliner leaves alone.
bool pointerOperands(const Instruction &I, AAResults &AA,
                     SmallVectorImpl<const Value *> &Ptrs, bool &IsCall,
                     bool &ArgMemOnly) {
  IsCall = ArgMemOnly = false;
  if (auto *L = dyn_cast<LoadInst>(&I))
    Ptrs.push_back(L->getPointerOperand());
  else if (auto *S = dyn_cast<StoreInst>(&I))
    Ptrs.push_back(S->getPointerOperand());
  else if (auto *V = dyn_cast<VAArgInst>(&I))
    Ptrs.push_back(V->getPointerOperand());
  else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptrs.push_back(X->getPointerOperand());
  else if (auto *R = dyn_cast<AtomicRMWInst>(&I))
    Ptrs.push_back(R->getPointerOperand());
  else if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (Call->doesNotAccessMemory() || isRuntimeCall(I))
      return false;
    IsCall = true;
    MemoryEffects ME = AA.getMemoryEffects(Call);
    if (ME.onlyAccessesInaccessibleMem())
      return false;
    ArgMemOnly = ME.onlyAccessesArgPointees();
    for (const Value *Arg : Call->args())
      if (Arg->getType()->isPointerTy())
        Ptrs.push_back(Arg);
  } else
    return false;
  return !Ptrs.empty() || IsCall;
}

/// LLVM's classification of an underlying object, for the core's rule.
aliaskit::ObjectKind objectKind(const Value *V, uint32_t &Param) {
  using aliaskit::ObjectKind;
  if (isa<ConstantInt>(V) || isa<ConstantFP>(V) ||
      isa<ConstantPointerNull>(V) || isa<ConstantDataVector>(V) ||
      isa<UndefValue>(V))
    return ObjectKind::NonPointerConstant;
  if (auto *A = dyn_cast<Argument>(V)) {
    Param = A->getArgNo();
    return ObjectKind::Parameter;
  }
  if (isEscapeSource(V))
    return ObjectKind::EscapeSource;
  if (isIdentifiedObject(V) || isa<Constant>(V))
    return ObjectKind::Identified;
  return ObjectKind::Unknown;
}

/// What the conversion of noalias parameters did to a module.
struct ConversionStats {
  unsigned Functions = 0, Parameters = 0, Accesses = 0, Unclassified = 0;
};

/// Promotes the allocas of F's entry block that can be promoted (clang's
/// copies of the parameters), so that the rule sees the parameters.
void promoteAllocas(Function &F) {
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isAllocaPromotable(AI))
        Allocas.push_back(AI);
  if (Allocas.empty())
    return;
  DominatorTree DT(F);
  AssumptionCache AC(F);
  PromoteMemToReg(Allocas, DT, &AC);
}

/// The inliner's name for the scope of noalias parameter A, the I-th.
std::string scopeName(const Function &F, const Argument &A, unsigned I) {
  std::string Name = F.getName().str();
  if (A.hasName())
    return Name + ": %" + A.getName().str();
  return Name + ": argument " + std::to_string(I);
}

/// Turns F's used noalias pointer parameters into scopes (see the file
/// comment); the unclassified memory accesses go to `Unclassified`.
void convertParameters(Function &F, AAResults &AA, bool Strip,
                       SmallVectorImpl<Instruction *> &Unclassified,
                       ConversionStats &Stats) {
  SmallVector<Argument *, 4> Params;
  for (Argument &A : F.args())
    if (A.hasNoAliasAttr() && A.getType()->isPointerTy() && !A.use_empty())
      Params.push_back(&A);
  if (Params.empty() || Params.size() > 64)
    return;
  Stats.Functions++;
  Stats.Parameters += Params.size();
  DominatorTree DT(F);
  LLVMContext &Ctx = F.getContext();
  MDBuilder MDB(Ctx);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain(F.getName());
  SmallVector<MDNode *, 4> Scopes;
  SmallVector<uint32_t, 4> ParamNumbers;
  for (unsigned I = 0; I < Params.size(); ++I) {
    Scopes.push_back(MDB.createAnonymousAliasScope(
        Domain, scopeName(F, *Params[I], I)));
    ParamNumbers.push_back(Params[I]->getArgNo());
  }
  SmallVector<Instruction *, 64> Work;
  for (Instruction &I : instructions(F))
    Work.push_back(&I);
  for (Instruction *I : Work) {
    SmallVector<const Value *, 2> Ptrs;
    bool IsCall, ArgMemOnly;
    if (!pointerOperands(*I, AA, Ptrs, IsCall, ArgMemOnly))
      continue;
    SmallPtrSet<const Value *, 4> Objects;
    for (const Value *P : Ptrs) {
      SmallVector<const Value *, 4> Under;
      getUnderlyingObjects(P, Under, /*LI=*/nullptr);
      Objects.insert(Under.begin(), Under.end());
    }
    SmallVector<uint8_t, 4> Kinds;
    SmallVector<uint32_t, 4> Numbers;
    for (const Value *O : Objects) {
      uint32_t N = 0;
      Kinds.push_back(static_cast<uint8_t>(objectKind(O, N)));
      Numbers.push_back(N);
    }
    uint64_t Captured = 0;
    for (unsigned P = 0; P < Params.size(); ++P)
      if (PointerMayBeCapturedBefore(Params[P], /*ReturnCaptures=*/false, I,
                                     &DT))
        Captured |= uint64_t(1) << P;
    aliaskit::CallKind Call = !IsCall       ? aliaskit::CallKind::NotCall
                              : ArgMemOnly ? aliaskit::CallKind::ArgMemOnly
                                           : aliaskit::CallKind::OtherCall;
    uint64_t InScopes = 0, NotIn = 0;
    bool Known = aliaskit_sanitize_parameter_lists(
        Kinds.data(), Numbers.data(), Kinds.size(), static_cast<uint8_t>(Call),
        ParamNumbers.data(), ParamNumbers.size(), Captured, &InScopes, &NotIn);
    bool Access = !IsCall || isa<AnyMemIntrinsic>(I);
    if (Access)
      Stats.Accesses++;
    if (!Known || (!InScopes && !NotIn)) {
      if (Access) {
        Stats.Unclassified++;
        Unclassified.push_back(I);
      }
      continue;
    }
    auto attach = [&](unsigned Kind, uint64_t Mask) {
      SmallVector<Metadata *, 4> List;
      for (unsigned P = 0; P < Scopes.size(); ++P)
        if (Mask >> P & 1)
          List.push_back(Scopes[P]);
      if (!List.empty())
        I->setMetadata(Kind, MDNode::concatenate(I->getMetadata(Kind),
                                                 MDNode::get(Ctx, List)));
    };
    attach(LLVMContext::MD_noalias, NotIn);
    attach(LLVMContext::MD_alias_scope, InScopes);
  }
  IRBuilder<> B(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  for (MDNode *S : Scopes)
    B.CreateNoAliasScopeDeclaration(MDNode::get(Ctx, S));
  if (!Strip)
    return;
  for (Argument *A : Params) {
    F.removeParamAttr(A->getArgNo(), Attribute::NoAlias);
    for (User *U : F.users())
      if (auto *CB = dyn_cast<CallBase>(U))
        if (CB->getCalledFunction() == &F)
          CB->removeParamAttr(A->getArgNo(), Attribute::NoAlias);
  }
}

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
struct Runtime {
  FunctionCallee Enter, Exit, Scope, Access, Register, Fini;
  Type *Ptr, *I32, *I64;

  explicit Runtime(Module &M) {
    LLVMContext &C = M.getContext();
    Ptr = PointerType::getUnqual(C);
    I32 = Type::getInt32Ty(C);
    I64 = Type::getInt64Ty(C);
    Type *Void = Type::getVoidTy(C);
    AttrBuilder Quiet(C);
    Quiet.addAttribute(Attribute::NoUnwind);
    Quiet.addAttribute(Attribute::WillReturn);
    Quiet.addMemoryAttr(MemoryEffects::inaccessibleMemOnly());
    AttributeList Attrs = AttributeList::get(C, AttributeList::FunctionIndex,
                                             Quiet);
    // __aliaskit_enter also reads the table its first argument points to.
    AttrBuilder EnterB(C);
    EnterB.addAttribute(Attribute::NoUnwind);
    EnterB.addAttribute(Attribute::WillReturn);
    EnterB.addMemoryAttr(MemoryEffects::inaccessibleMemOnly() |
                         MemoryEffects::argMemOnly(ModRefInfo::Ref));
    AttributeList EnterAttrs =
        AttributeList::get(C, AttributeList::FunctionIndex, EnterB);
    // The address of an access is compared, never dereferenced or kept as
    // a pointer.
    AttrBuilder AddressB(C);
    AddressB.addAttribute(Attribute::ReadNone);
    AddressB.addCapturesAttr(CaptureInfo(CaptureComponents::Address));
    AttributeList AccessAttrs = Attrs.addParamAttributes(C, 2, AddressB);
    Enter = M.getOrInsertFunction("__aliaskit_enter",
                                  FunctionType::get(Ptr, {Ptr, I32, I32, I32, Ptr},
                                                    false),
                                  EnterAttrs);
    Exit = M.getOrInsertFunction("__aliaskit_exit",
                                 FunctionType::get(Void, {Ptr}, false), Attrs);
    Scope = M.getOrInsertFunction(
        "__aliaskit_scope", FunctionType::get(Void, {Ptr, I32}, false), Attrs);
    Access = M.getOrInsertFunction(
        "__aliaskit_access", FunctionType::get(Void, {Ptr, I32, Ptr, I64}, false),
        AccessAttrs);
    Register = M.getOrInsertFunction("__aliaskit_register",
                                     FunctionType::get(Void, {Ptr}, false));
    Fini = M.getOrInsertFunction("__aliaskit_fini",
                                 FunctionType::get(Void, {}, false));
  }
};

/// Marks a call of ours: other sanitizers leave it alone.
CallInst *quiet(CallInst *C) {
  C->setMetadata(LLVMContext::MD_nosanitize,
                 MDNode::get(C->getContext(), {}));
  return C;
}

/// Emits the checks of one site before its instruction.
void instrumentSite(const aliaskit::SitePlan &S, Value *Frame, Runtime &RT,
                    const DataLayout &DL) {
  auto *I = cast<Instruction>(unwrap(S.Inst));
  IRBuilder<> B(I);
  Value *Site = B.getInt32(S.Site);
  auto access = [&](Value *Ptr, Value *Size) {
    quiet(B.CreateCall(RT.Access, {Frame, Site, Ptr, B.CreateZExtOrTrunc(Size, RT.I64)}));
  };
  auto sizeOf = [&](Type *T) -> Value * {
    TypeSize TS = DL.getTypeStoreSize(T);
    return TS.isScalable() ? nullptr : B.getInt64(TS.getFixedValue());
  };
  auto *II = dyn_cast<IntrinsicInst>(I);
  switch (S.Part) {
  case aliaskit::SitePart::Whole: {
    Value *Ptr = getLoadStorePointerOperand(I);
    Type *T = getLoadStoreType(I);
    if (auto *X = dyn_cast<AtomicCmpXchgInst>(I))
      Ptr = X->getPointerOperand(), T = X->getCompareOperand()->getType();
    if (auto *R = dyn_cast<AtomicRMWInst>(I))
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
  }
}

/// Instruments one function of the plan.
void instrumentFunction(const aliaskit::FunctionPlan &P, GlobalVariable *Table,
                        Runtime &RT) {
  auto *F = cast<Function>(unwrap(P.Function));
  const DataLayout &DL = F->getDataLayout();
  IRBuilder<> B(&*F->getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  Value *FrameAddress = B.CreateIntrinsic(Intrinsic::frameaddress,
                                          {RT.Ptr}, {B.getInt32(0)});
  Value *Frame = quiet(B.CreateCall(
      RT.Enter, {Table, B.getInt32(P.Index), B.getInt32(P.Sites),
                 B.getInt32(P.Scopes), FrameAddress}));
  for (size_t I = 0; I < P.NumDecls; ++I) {
    auto *D = cast<Instruction>(unwrap(P.Decls[I].Decl));
    IRBuilder<> After(D->getNextNode());
    quiet(After.CreateCall(RT.Scope, {Frame, After.getInt32(P.Decls[I].Scope)}));
  }
  for (size_t I = 0; I < P.NumSitePlans; ++I)
    instrumentSite(P.SitePlans[I], Frame, RT, DL);
  SmallVector<Instruction *, 4> Exits;
  for (BasicBlock &BB : *F) {
    Instruction *T = BB.getTerminator();
    if (!T || !(isa<ReturnInst>(T) || isa<ResumeInst>(T)))
      continue;
    // A musttail call must stay right before its ret.
    if (CallInst *Tail = BB.getTerminatingMustTailCall())
      T = Tail;
    Exits.push_back(T);
  }
  for (Instruction *T : Exits)
    quiet(IRBuilder<>(T).CreateCall(RT.Exit, {Frame}));
}

/// The table as a global `{ i64 unclassified, [N x i8] table }`: the
/// counter the unclassified accesses of the start point increment, and
/// the bytes __aliaskit_enter reads.
GlobalVariable *tableGlobal(Module &M, ArrayRef<uint8_t> Bytes,
                            SanitizePoint Point) {
  LLVMContext &C = M.getContext();
  Constant *Data = ConstantDataArray::get(C, Bytes);
  auto *Ty = StructType::get(C, {Type::getInt64Ty(C), Data->getType()});
  auto *Init = ConstantStruct::get(
      Ty, {ConstantInt::get(Type::getInt64Ty(C), 0), Data});
  auto *G = new GlobalVariable(
      M, Ty, /*isConstant=*/false, GlobalValue::PrivateLinkage, Init,
      Point == SanitizePoint::Start ? "__aliaskit_table.start"
                                    : "__aliaskit_table.end");
  G->setAlignment(Align(8));
  return G;
}

/// The constructor that registers the table, and the destructor that
/// prints the summary (priority 101: after the program's own).
void registerTable(Module &M, GlobalVariable *Table, Runtime &RT,
                   SanitizePoint Point) {
  LLVMContext &C = M.getContext();
  auto *Ctor = Function::Create(
      FunctionType::get(Type::getVoidTy(C), false),
      GlobalValue::InternalLinkage,
      Point == SanitizePoint::Start ? "__aliaskit_ctor.start"
                                    : "__aliaskit_ctor.end",
      M);
  IRBuilder<> B(BasicBlock::Create(C, "", Ctor));
  quiet(B.CreateCall(RT.Register, {Table}));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  if (auto *Fini = dyn_cast<Function>(RT.Fini.getCallee()))
    appendToGlobalDtors(M, Fini, 101);
}

/// Counts each unclassified access in the table's counter.
void countUnclassified(ArrayRef<Instruction *> Accesses, GlobalVariable *Table) {
  for (Instruction *I : Accesses) {
    IRBuilder<> B(I);
    auto *Add = B.CreateAtomicRMW(AtomicRMWInst::Add, Table, B.getInt64(1),
                                  MaybeAlign(8), AtomicOrdering::Monotonic);
    Add->setMetadata(LLVMContext::MD_nosanitize, MDNode::get(I->getContext(), {}));
  }
}

class SanitizePass : public PassInfoMixin<SanitizePass> {
  SanitizePoint Point;
  bool Stats;

public:
  SanitizePass(SanitizePoint Point, bool Stats) : Point(Point), Stats(Stats) {}
  static bool isRequired() { return true; }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    bool Start = Point == SanitizePoint::Start;
    ConversionStats CS;
    SmallVector<Instruction *, 32> Unclassified;
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      bool Has = llvm::any_of(F.args(), [](Argument &A) {
        return A.hasNoAliasAttr() && A.getType()->isPointerTy();
      });
      if (!Has)
        continue;
      if (Start && !F.hasOptNone())
        promoteAllocas(F);
      FAM.invalidate(F, PreservedAnalyses::none());
      convertParameters(F, FAM.getResult<AAManager>(F), /*Strip=*/Start,
                        Unclassified, CS);
      FAM.invalidate(F, PreservedAnalyses::none());
    }
    aliaskit::Printer P(M);
    std::string Name = aliaskit::moduleName(M);
    void *Plan = aliaskit_sanitize_plan(wrap(&M), static_cast<uint8_t>(Point),
                                        &P, Name.data(), Name.size(), Stats);
    if (Stats)
      errs() << "aliaskit-sanitize<" << (Start ? "start" : "end") << ">: "
             << CS.Parameters << " noalias parameters of " << CS.Functions
             << " functions made scopes; " << CS.Unclassified << " of their "
             << CS.Accesses << " memory accesses not classified\n";
    if (!Plan)
      return PreservedAnalyses::none();
    const uint8_t *Bytes = nullptr;
    size_t Len = 0;
    aliaskit_sanitize_plan_table(Plan, &Bytes, &Len);
    size_t N = aliaskit_sanitize_plan_functions(Plan);
    if (N == 0 && Unclassified.empty()) {
      aliaskit_sanitize_plan_free(Plan);
      return PreservedAnalyses::none();
    }
    Runtime RT(M);
    GlobalVariable *Table = tableGlobal(M, ArrayRef(Bytes, Len), Point);
    for (size_t I = 0; I < N; ++I) {
      aliaskit::FunctionPlan FP;
      if (aliaskit_sanitize_plan_function(Plan, I, &FP))
        instrumentFunction(FP, Table, RT);
    }
    aliaskit_sanitize_plan_free(Plan);
    countUnclassified(Unclassified, Table);
    registerTable(M, Table, RT, Point);
    return PreservedAnalyses::none();
  }
};

/// Parses `aliaskit-sanitize[<start|end[;stats]>]`: false if `Name` is
/// another pass.
bool parseSanitizeName(StringRef Name, SanitizePoint &Point, bool &Stats) {
  SmallVector<StringRef, 2> Params;
  if (!aliaskit::matchPassName(Name, "aliaskit-sanitize", Params))
    return false;
  Point = SanitizePoint::End;
  Stats = false;
  for (StringRef P : Params) {
    if (P == "start")
      Point = SanitizePoint::Start;
    else if (P == "end")
      Point = SanitizePoint::End;
    else if (P == "stats")
      Stats = true;
    else
      aliaskit::invalidPassParameter("aliaskit-sanitize", P,
                                     "expected start, end or stats");
  }
  return true;
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
        SanitizePoint Point;
        bool Stats;
        if (!parseSanitizeName(Name, Point, Stats))
          return false;
        MPM.addPass(SanitizePass(Point, Stats));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "aliaskit-test-forget-loop-decls")
          return false;
        FPM.addPass(ForgetLoopDeclsPass());
        return true;
      });
  const char *Env = std::getenv("ALIASKIT_SANITIZE");
  if (!Env || !*Env || StringRef(Env) == "0")
    return;
  StringRef Which(Env);
  bool Start = Which != "end", End = Which != "start";
  bool Stats = std::getenv("ALIASKIT_SANITIZE_STATS") != nullptr;
  keepScopedClaimsUnused();
  if (Start)
    PB.registerPipelineStartEPCallback(
        [Stats](ModulePassManager &MPM, OptimizationLevel) {
          MPM.addPass(SanitizePass(SanitizePoint::Start, Stats));
        });
  if (End)
    PB.registerOptimizerLastEPCallback(
        [Stats](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
          MPM.addPass(SanitizePass(SanitizePoint::End, Stats));
        });
}
