//===- sanitize_tbaa.cpp - aliaskit-sanitize-tbaa: instrumentation --------===//
//
// `aliaskit sanitize --tbaa` (ALIASKIT_SANITIZE=tbaa under clang) checks
// the module's !tbaa claims while the program runs (docs/sanitize.md,
// "TBAA"). What to instrument is decided in Rust
// (src/plugin/sanitize_tbaa.rs: the plan, on core/src/sanitize/tbaa_*);
// this file makes the edits, at the start of the pipeline, before any
// optimization:
//
//   - before each planned access, __aliaskit_tbaa_load (a tagged load, or
//     a memcpy's tagged source: checked against each byte's last tagged
//     store), __aliaskit_tbaa_store (a tagged write: re-types its bytes)
//     or __aliaskit_tbaa_reset (an untagged write: its bytes are untyped);
//   - each stack object that may be checked is reset where it begins: at
//     the function's entry (static allocas), after its alloca (dynamic
//     ones) and at each llvm.lifetime.start; each heap block an
//     allocation function returns, and each before free and realloc;
//   - the table (the sites, their tags and the type DAG) as a constant
//     global, and a constructor that registers it and receives the base of
//     the module's site ids in a global of its own, which every call reads.
//
// With `end` (at the end of the pipeline), it tells the runtime which
// functions each load check was inlined into (__aliaskit_tbaa_hosts), so
// that reports give the decision ids of the functions the pair was asked
// about in.
//
// LLVM's TBAA is turned off on the way (-enable-tbaa=false), so that the
// optimized program still does what the front end's accesses say.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <cstdlib>
#include <string>

using namespace llvm;

namespace {

/// On each __aliaskit_tbaa_load: the name of the function it was put in.
const char *const HomeMD = "aliaskit.tbaa.home";

/// The runtime's --tbaa functions, declared in M.
struct TbaaRuntime {
  FunctionCallee Register, Hosts, Store, Load, StoreIn, LoadIn, Call, Reset,
      Block, Fini;
  Type *Ptr, *I32, *I64;

  explicit TbaaRuntime(Module &M) {
    LLVMContext &C = M.getContext();
    Ptr = PointerType::getUnqual(C);
    I32 = Type::getInt32Ty(C);
    I64 = Type::getInt64Ty(C);
    Type *Void = Type::getVoidTy(C);
    // The calls read the module's base global (their first argument) and
    // the runtime's own memory; the address is compared, never used.
    AttrBuilder Quiet(C);
    Quiet.addAttribute(Attribute::NoUnwind);
    Quiet.addAttribute(Attribute::WillReturn);
    Quiet.addMemoryAttr(MemoryEffects::inaccessibleMemOnly() |
                        MemoryEffects::argMemOnly(ModRefInfo::Ref));
    AttributeList Attrs =
        AttributeList::get(C, AttributeList::FunctionIndex, Quiet);
    AttrBuilder AddressB(C);
    AddressB.addAttribute(Attribute::ReadNone);
    AddressB.addCapturesAttr(CaptureInfo(CaptureComponents::Address));
    AttributeList Access = Attrs.addParamAttributes(C, 2, AddressB);
    AttributeList ResetAttrs = AttributeList::get(
        C, AttributeList::FunctionIndex,
        AttrBuilder(C)
            .addAttribute(Attribute::NoUnwind)
            .addAttribute(Attribute::WillReturn)
            .addMemoryAttr(MemoryEffects::inaccessibleMemOnly()));
    ResetAttrs = ResetAttrs.addParamAttributes(C, 0, AddressB);
    Register = M.getOrInsertFunction(
        "__aliaskit_tbaa_register", FunctionType::get(Void, {Ptr, Ptr}, false));
    Hosts = M.getOrInsertFunction(
        "__aliaskit_tbaa_hosts", FunctionType::get(Void, {Ptr, Ptr, I32}, false));
    Store = M.getOrInsertFunction(
        "__aliaskit_tbaa_store",
        FunctionType::get(Void, {Ptr, I32, Ptr, I64}, false), Access);
    Load = M.getOrInsertFunction(
        "__aliaskit_tbaa_load",
        FunctionType::get(Void, {Ptr, I32, Ptr, I64}, false), Access);
    AttributeList AccessIn = Attrs.addParamAttributes(C, 3, AddressB);
    StoreIn = M.getOrInsertFunction(
        "__aliaskit_tbaa_store_in",
        FunctionType::get(Void, {Ptr, I32, I64, Ptr, I64}, false), AccessIn);
    LoadIn = M.getOrInsertFunction(
        "__aliaskit_tbaa_load_in",
        FunctionType::get(Void, {Ptr, I32, I64, Ptr, I64}, false), AccessIn);
    Call = M.getOrInsertFunction(
        "__aliaskit_tbaa_call", FunctionType::get(I64, {}, false),
        AttributeList::get(
            C, AttributeList::FunctionIndex,
            AttrBuilder(C)
                .addAttribute(Attribute::NoUnwind)
                .addAttribute(Attribute::WillReturn)
                .addMemoryAttr(MemoryEffects::inaccessibleMemOnly())));
    Reset = M.getOrInsertFunction("__aliaskit_tbaa_reset",
                                  FunctionType::get(Void, {Ptr, I64}, false),
                                  ResetAttrs);
    Block = M.getOrInsertFunction("__aliaskit_tbaa_reset_block",
                                  FunctionType::get(Void, {Ptr}, false),
                                  ResetAttrs);
    Fini = M.getOrInsertFunction("__aliaskit_fini",
                                 FunctionType::get(Void, {}, false));
  }
};

using aliaskit::quiet;

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

/// Heap blocks: each block an allocation function returns is untyped (its
/// bytes were another object's, perhaps freed where nothing was
/// instrumented), and each block given to free or realloc is untyped
/// before it goes (whole, malloc_usable_size). Returns the calls seen.
unsigned resetHeapBlocks(Module &M, TbaaRuntime &RT) {
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

/// The pointer and size (bytes, i64) of part `Part` of `I`; false when it
/// has none (a scalable type).
bool partOf(Instruction &I, aliaskit::TbaaPart Part, IRBuilder<> &B,
            const DataLayout &DL, Value *&Ptr, Value *&Size) {
  Type *T = nullptr;
  switch (Part) {
  case aliaskit::TbaaPart::Whole:
    if (isa<LoadInst>(I) || isa<StoreInst>(I))
      Ptr = getLoadStorePointerOperand(&I), T = getLoadStoreType(&I);
    else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
      Ptr = X->getPointerOperand(), T = X->getCompareOperand()->getType();
    else if (auto *R = dyn_cast<AtomicRMWInst>(&I))
      Ptr = R->getPointerOperand(), T = R->getValOperand()->getType();
    if (!Ptr || !T)
      return false;
    {
      TypeSize TS = DL.getTypeStoreSize(T);
      if (TS.isScalable())
        return false;
      Size = B.getInt64(TS.getFixedValue());
    }
    return true;
  case aliaskit::TbaaPart::Destination:
    if (auto *MI = dyn_cast<AnyMemIntrinsic>(&I)) {
      Ptr = MI->getRawDest();
      Size = B.CreateZExtOrTrunc(MI->getLength(), B.getInt64Ty());
      return true;
    }
    return false;
  case aliaskit::TbaaPart::Source:
    if (auto *MT = dyn_cast<AnyMemTransferInst>(&I)) {
      Ptr = MT->getRawSource();
      Size = B.CreateZExtOrTrunc(MT->getLength(), B.getInt64Ty());
      return true;
    }
    return false;
  }
  return false;
}

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

/// Resets the shadow of each stack object of F that a check may read:
/// static allocas at the entry, dynamic ones right after they are made,
/// and every object again at each llvm.lifetime.start of it.
void resetStack(Function &F, const DenseSet<const Value *> &QuietLocals,
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
  for (AllocaInst *AI : Allocas) {
    bool Static = AI->isStaticAlloca();
    IRBuilder<> B(Static ? Entry : AI->getNextNode());
    if (Value *Size = allocaSize(*AI, B, DL))
      quiet(B.CreateCall(RT.Reset, {AI, Size}));
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
}

/// The constructor that registers the table (and receives the base of the
/// module's site ids), and the destructor that prints the summary
/// (priority 101: after the program's own).
void registerTable(Module &M, GlobalVariable *Table, GlobalVariable *Base,
                   TbaaRuntime &RT) {
  LLVMContext &C = M.getContext();
  auto *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                GlobalValue::InternalLinkage,
                                "__aliaskit_tbaa_ctor", M);
  IRBuilder<> B(BasicBlock::Create(C, "", Ctor));
  quiet(B.CreateCall(RT.Register, {Table, Base}));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  if (auto *Fini = dyn_cast<Function>(RT.Fini.getCallee()))
    appendToGlobalDtors(M, Fini, 101);
}

/// Instruments M's !tbaa claims (see the file's header).
void instrument(Module &M, bool Stats) {
  aliaskit::Printer P(M);
  std::string Name = aliaskit::moduleName(M);
  void *Plan = aliaskit_sanitize_tbaa_plan(wrap(&M), &P, Name.data(),
                                           Name.size(), aliaskit::moduleKey(M),
                                           Stats);
  if (!Plan)
    return;
  const aliaskit::TbaaSitePlan *Sites = nullptr;
  size_t NumSites = 0;
  aliaskit_sanitize_tbaa_plan_sites(Plan, &Sites, &NumSites);
  const LLVMValueRef *Locals = nullptr;
  size_t NumLocals = 0;
  aliaskit_sanitize_tbaa_plan_quiet_locals(Plan, &Locals, &NumLocals);
  const uint8_t *Bytes = nullptr;
  size_t Len = 0;
  aliaskit_sanitize_tbaa_plan_table(Plan, &Bytes, &Len);
  bool Tagged = false;
  for (size_t I = 0; I < NumSites; ++I)
    Tagged |= Sites[I].Action != aliaskit::TbaaAction::Reset;
  if (!Tagged) {
    // No !tbaa (clang at -O0, rustc): nothing to check, nothing added.
    aliaskit_sanitize_tbaa_plan_free(Plan);
    return;
  }
  LLVMContext &C = M.getContext();
  TbaaRuntime RT(M);
  Constant *Data = ConstantDataArray::get(C, ArrayRef(Bytes, Len));
  auto *Table = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                   GlobalValue::PrivateLinkage, Data,
                                   "__aliaskit_tbaa_table");
  Table->setAlignment(Align(8));
  auto *Base = new GlobalVariable(M, RT.I32, /*isConstant=*/false,
                                  GlobalValue::InternalLinkage,
                                  ConstantInt::get(RT.I32, 0),
                                  "__aliaskit_tbaa_base");
  DenseMap<Function *, Value *> Instances;
  for (size_t I = 0; I < NumSites; ++I) {
    const aliaskit::TbaaSitePlan &S = Sites[I];
    auto *Inst = cast<Instruction>(unwrap(S.Inst));
    const DataLayout &DL = Inst->getDataLayout();
    IRBuilder<> B(Inst);
    Value *Ptr = nullptr, *Size = nullptr;
    if (!partOf(*Inst, S.Part, B, DL, Ptr, Size))
      continue;
    if (S.Size != 0) {
      // A field of a copy: only when the copy's length is known to hold it
      // (SROA splits only such copies).
      auto *Len = dyn_cast<ConstantInt>(Size);
      if (!Len || S.Offset + S.Size < S.Offset ||
          Len->getZExtValue() < S.Offset + S.Size)
        continue;
      if (S.Offset != 0)
        Ptr = B.CreateConstGEP1_64(B.getInt8Ty(), Ptr, S.Offset);
      Size = B.getInt64(S.Size);
    }
    // A per-call tag's call gives the call instance of its function
    // (__aliaskit_tbaa_call at the entry, once per function).
    Value *Instance = nullptr;
    if (S.PerCall) {
      Function *F = Inst->getFunction();
      Value *&I = Instances[F];
      if (!I) {
        IRBuilder<> E(&*F->getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
        I = quiet(E.CreateCall(RT.Call, {}, "aliaskit.call"));
      }
      Instance = I;
    }
    switch (S.Action) {
    case aliaskit::TbaaAction::Check: {
      // Its function, so that the end knows where inlining took it.
      CallInst *Call =
          Instance ? quiet(B.CreateCall(RT.LoadIn, {Base, B.getInt32(S.Site),
                                                    Instance, Ptr, Size}))
                   : quiet(B.CreateCall(RT.Load,
                                        {Base, B.getInt32(S.Site), Ptr, Size}));
      Call->setMetadata(HomeMD,
                        MDNode::get(C, MDString::get(C, Inst->getFunction()->getName())));
      break;
    }
    case aliaskit::TbaaAction::Set:
      if (Instance)
        quiet(B.CreateCall(RT.StoreIn,
                           {Base, B.getInt32(S.Site), Instance, Ptr, Size}));
      else
        quiet(B.CreateCall(RT.Store, {Base, B.getInt32(S.Site), Ptr, Size}));
      break;
    case aliaskit::TbaaAction::Reset:
      quiet(B.CreateCall(RT.Reset, {Ptr, Size}));
      break;
    }
  }
  DenseSet<const Value *> QuietLocals;
  for (size_t I = 0; I < NumLocals; ++I)
    QuietLocals.insert(unwrap(Locals[I]));
  for (Function &F : M)
    if (!F.isDeclaration())
      resetStack(F, QuietLocals, RT);
  unsigned Heap = resetHeapBlocks(M, RT);
  if (Stats)
    errs() << "aliaskit-sanitize-tbaa: " << Heap
           << " heap blocks reset (allocated, freed, reallocated)\n";
  registerTable(M, Table, Base, RT);
  aliaskit_sanitize_tbaa_plan_free(Plan);
}

/// At the end of the pipeline: the functions each load check now runs in
/// besides its own (where inlining took it), for the reports' decision ids
/// (a decision is made in the function the two accesses are in when a
/// pass asks). A constant array of { site, decision key, name } that the
/// module's constructor hands to __aliaskit_tbaa_hosts after registering
/// the table.
void tellHosts(Module &M) {
  Function *Ctor = M.getFunction("__aliaskit_tbaa_ctor");
  auto *Base = M.getNamedGlobal("__aliaskit_tbaa_base");
  if (!Ctor || Ctor->isDeclaration() || !Base)
    return;
  LLVMContext &C = M.getContext();
  std::string Module = aliaskit::moduleName(M);
  uint64_t ModuleKey = aliaskit::moduleKey(M);
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  auto *Entry = StructType::get(C, {I32, I64, PointerType::getUnqual(C)});
  SmallVector<Constant *, 16> Entries;
  DenseSet<std::pair<uint32_t, const Function *>> Seen;
  DenseMap<const Function *, Constant *> Names;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || (Callee->getName() != "__aliaskit_tbaa_load" &&
                      Callee->getName() != "__aliaskit_tbaa_load_in"))
        continue;
      auto *Home = Call->getMetadata(HomeMD);
      auto *Site = dyn_cast<ConstantInt>(Call->getArgOperand(1));
      auto *Name = Home && Home->getNumOperands() == 1
                       ? dyn_cast_or_null<MDString>(Home->getOperand(0))
                       : nullptr;
      if (!Site || !Name || Name->getString() == F.getName() ||
          !Seen.insert({uint32_t(Site->getZExtValue()), &F}).second)
        continue;
      Constant *&Text = Names[&F];
      if (!Text) {
        Constant *Data = ConstantDataArray::getString(C, F.getName());
        auto *G = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                     GlobalValue::PrivateLinkage, Data,
                                     "__aliaskit_tbaa_host." + F.getName());
        G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
        Text = G;
      }
      StringRef N = F.getName();
      uint64_t Key = aliaskit_bisect_function(ModuleKey, Module.data(),
                                              Module.size(), N.data(), N.size());
      Entries.push_back(ConstantStruct::get(
          Entry, {ConstantInt::get(I32, Site->getZExtValue()),
                  ConstantInt::get(I64, Key), Text}));
    }
  if (Entries.empty())
    return;
  auto *Ty = ArrayType::get(Entry, Entries.size());
  auto *G = new GlobalVariable(M, Ty, /*isConstant=*/true,
                               GlobalValue::PrivateLinkage,
                               ConstantArray::get(Ty, Entries),
                               "__aliaskit_tbaa_hosts.list");
  TbaaRuntime RT(M);
  IRBuilder<> B(Ctor->getEntryBlock().getTerminator());
  quiet(B.CreateCall(RT.Hosts, {Base, G, B.getInt32(Entries.size())}));
}

/// aliaskit-sanitize-tbaa: instruments (the start); with `end`, tells the
/// runtime where inlining took the checks.
class SanitizeTbaaPass : public PassInfoMixin<SanitizeTbaaPass> {
  bool Stats, End;

public:
  explicit SanitizeTbaaPass(bool Stats, bool End = false)
      : Stats(Stats), End(End) {
    aliaskit::wantInputNumbers();
  }
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    if (End)
      tellHosts(M);
    else
      instrument(M, Stats);
    return PreservedAnalyses::none();
  }
};

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

/// "a,b,c" without the word `tbaa`.
std::string withoutTbaa(StringRef Env, bool &HasTbaa) {
  SmallVector<StringRef, 4> Words;
  Env.split(Words, ',', -1, /*KeepEmpty=*/false);
  std::string Rest;
  HasTbaa = false;
  for (StringRef W : Words) {
    W = W.trim();
    if (W == "tbaa") {
      HasTbaa = true;
      continue;
    }
    if (!Rest.empty())
      Rest += ",";
    Rest += W.str();
  }
  return Rest;
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

void aliaskit::registerTbaaSanitizePass(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        SmallVector<StringRef, 1> Params;
        if (!aliaskit::matchPassName(Name, "aliaskit-sanitize-tbaa", Params))
          return false;
        bool Stats = false, End = false;
        for (StringRef P : Params)
          if (P == "stats")
            Stats = true;
          else if (P == "end")
            End = true;
          else
            aliaskit::invalidPassParameter("aliaskit-sanitize-tbaa", P,
                                           "expected stats or end");
        MPM.addPass(SanitizeTbaaPass(Stats, End));
        return true;
      });
}

std::string aliaskit::scopedSanitizeValue(const char *Env) {
  if (!Env || StringRef(Env) == "0")
    return "";
  bool HasTbaa;
  return withoutTbaa(Env, HasTbaa);
}

void aliaskit::addTbaaSanitizeStage(PassBuilder &PB, const char *Env) {
  bool HasTbaa = false;
  if (Env)
    withoutTbaa(Env, HasTbaa);
  if (!HasTbaa)
    return;
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find("enable-tbaa");
  if (It != Options.end() && It->second->getNumOccurrences() == 0)
    It->second->addOccurrence(0, It->first, "false");
  bool Stats = std::getenv("ALIASKIT_SANITIZE_STATS") != nullptr;
  PB.registerPipelineStartEPCallback(
      [Stats](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SanitizeTbaaPass(Stats));
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(SanitizeTbaaPass(false, /*End=*/true));
      });
}
