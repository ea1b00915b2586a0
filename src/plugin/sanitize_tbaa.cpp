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
//     allocation function returns, and each before free and realloc
//     (sanitize_tbaa_objects.cpp);
//   - the table (the sites, their tags and the type DAG) as a constant
//     global, and a constructor that registers it and receives the base of
//     the module's site ids in a global of its own, which every call reads.
//
// Each load, store or atomic it instruments whole keeps its sites in
// metadata (SiteMD), so that the end of the pipeline (`end`,
// sanitize_tbaa_end.cpp) finds which tag it carries at code generation; the
// end also tells the runtime which functions each load check was inlined
// into, so that reports give the decision ids of the functions the pair
// was asked about in.
//
// LLVM's TBAA is turned off on the way (-enable-tbaa=false), so that the
// optimized program still does what the front end's accesses say.
//
//===----------------------------------------------------------------------===//

#include "sanitize_tbaa.h"
#include "shim.h"

#include "llvm/ADT/MapVector.h"
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

using aliaskit::quiet;
using aliaskit::tbaa::HomeMD;
using aliaskit::tbaa::TbaaRuntime;

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
  case aliaskit::TbaaPart::Source: {
    // Both parts of a memory intrinsic are its length long.
    auto *MI = dyn_cast<AnyMemIntrinsic>(&I);
    if (!MI)
      return false;
    if (Part == aliaskit::TbaaPart::Destination)
      Ptr = MI->getRawDest();
    else if (auto *MT = dyn_cast<AnyMemTransferInst>(MI))
      Ptr = MT->getRawSource();
    else
      return false;
    Size = B.CreateZExtOrTrunc(MI->getLength(), B.getInt64Ty());
    return true;
  }
  }
  return false;
}

/// The constructor that registers the table (and receives the base of the
/// module's site ids), and the destructor that prints the summary
/// (priority 101: after the program's own).
void registerTable(Module &M, GlobalVariable *Table, GlobalVariable *Ok,
                   GlobalVariable *Base, TbaaRuntime &RT) {
  LLVMContext &C = M.getContext();
  auto *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                GlobalValue::InternalLinkage,
                                "__aliaskit_tbaa_ctor", M);
  IRBuilder<> B(BasicBlock::Create(C, "", Ctor));
  quiet(B.CreateCall(
      RT.Register,
      {Table, ConstantPointerNull::get(PointerType::getUnqual(C)), Ok, Base}));
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  if (auto *Fini = dyn_cast<Function>(RT.Fini.getCallee()))
    appendToGlobalDtors(M, Fini, 101);
}

/// Instruments M's !tbaa claims (see the file's header); `FastPath`: with
/// the inline fast path (sanitize_tbaa_fast.cpp) before the calls that
/// may have it.
void instrument(Module &M, bool Stats, bool FastPath) {
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
  GlobalVariable *Table =
      aliaskit::tableGlobal(M, ArrayRef(Bytes, Len), "__aliaskit_tbaa_table");
  auto *Base = new GlobalVariable(M, RT.I32, /*isConstant=*/false,
                                  GlobalValue::InternalLinkage,
                                  ConstantInt::get(RT.I32, 0),
                                  "__aliaskit_tbaa_base");
  // Answer cells for the inline fast path (sanitize_tbaa_fast.cpp): the
  // answer, and a per-call load's answers across calls, per site.
  uint32_t NumTableSites = 0;
  for (size_t I = 0; I < NumSites; ++I)
    if (Sites[I].Action != aliaskit::TbaaAction::Reset)
      NumTableSites = std::max(NumTableSites, Sites[I].Site + 1);
  auto *OkTy =
      ArrayType::get(RT.I32, aliaskit::tbaa::CellsPerSite * NumTableSites);
  auto *Ok = new GlobalVariable(M, OkTy, /*isConstant=*/false,
                                GlobalValue::InternalLinkage,
                                ConstantAggregateZero::get(OkTy),
                                "__aliaskit_tbaa_ok");
  unsigned Fast = 0;
  DenseMap<Function *, Value *> Instances;
  MapVector<Instruction *, SmallVector<uint32_t, 2>> Whole;
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
    if (S.Part == aliaskit::TbaaPart::Whole &&
        S.Action != aliaskit::TbaaAction::Reset)
      Whole[Inst].push_back(S.Site);
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
      if (FastPath && !S.Immutable && S.Part == aliaskit::TbaaPart::Whole)
        Fast += aliaskit::tbaa::wantFastPath(*Call);
      break;
    }
    case aliaskit::TbaaAction::Set:
      if (Instance) {
        CallInst *Call = quiet(B.CreateCall(
            RT.StoreIn, {Base, B.getInt32(S.Site), Instance, Ptr, Size}));
        Call->setMetadata(HomeMD, MDNode::get(C, MDString::get(
                                                     C, Inst->getFunction()->getName())));
        if (FastPath && S.Part == aliaskit::TbaaPart::Whole)
          Fast += aliaskit::tbaa::wantFastPath(*Call);
      } else {
        CallInst *Call = quiet(
            B.CreateCall(RT.Store, {Base, B.getInt32(S.Site), Ptr, Size}));
        if (FastPath && S.Part == aliaskit::TbaaPart::Whole)
          Fast += aliaskit::tbaa::wantFastPath(*Call);
      }
      break;
    case aliaskit::TbaaAction::Reset:
      quiet(B.CreateCall(RT.Reset, {Ptr, Size}));
      break;
    }
  }
  for (auto &[Inst, Ids] : Whole)
    aliaskit::tbaa::markSites(*Inst, Ids);
  DenseSet<const Value *> QuietLocals;
  for (size_t I = 0; I < NumLocals; ++I)
    QuietLocals.insert(unwrap(Locals[I]));
  for (Function &F : M)
    if (!F.isDeclaration())
      aliaskit::tbaa::resetStack(F, QuietLocals, RT);
  unsigned Heap = aliaskit::tbaa::resetHeapBlocks(M, RT);
  if (FastPath)
    for (Function &F : M)
      for (Instruction &I : instructions(F))
        if (CallInst *R = aliaskit::runtimeCall(&I, "__aliaskit_tbaa_reset", 2))
          aliaskit::tbaa::wantFastPath(*R);
  if (Stats)
    errs() << "aliaskit-sanitize-tbaa: " << Heap
           << " heap blocks reset (allocated, freed, reallocated), " << Fast
           << " checks to put behind the inline fast path\n";
  registerTable(M, Table, Ok, Base, RT);
  aliaskit_sanitize_tbaa_plan_free(Plan);
}

/// What aliaskit-sanitize-tbaa does: instrument (the start), or at the end
/// of the pipeline tell the runtime where inlining took the checks and,
/// unless only the start's claims are asked for, what reached code
/// generation of each site (with or without the start's claims).
enum class TbaaStage { Start, Hosts, End, EndOnly, FastPath };

class SanitizeTbaaPass : public PassInfoMixin<SanitizeTbaaPass> {
  TbaaStage Stage;
  bool Stats, FastPath;

public:
  explicit SanitizeTbaaPass(TbaaStage Stage, bool Stats, bool FastPath = true)
      : Stage(Stage), Stats(Stats), FastPath(FastPath) {
    aliaskit::wantInputNumbers();
  }
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (Stage == TbaaStage::Start) {
      instrument(M, Stats, FastPath);
      return PreservedAnalyses::none();
    }
    if (Stage == TbaaStage::FastPath) {
      auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
      unsigned Loops = aliaskit::tbaa::versionLoops(M, FAM);
      aliaskit::tbaa::FastPaths N = aliaskit::tbaa::expandFastPaths(M);
      if (Stats)
        errs() << "aliaskit-sanitize-tbaa: " << Loops
               << " loops to check before they run, " << N.Checks
               << " checks behind the inline fast path (" << N.Outlined
               << " of them outlined), " << N.Resets << " resets inline\n";
      return N.Checks || N.Resets || Loops ? PreservedAnalyses::none()
                                           : PreservedAnalyses::all();
    }
    aliaskit::tbaa::tellHosts(M);
    if (Stage != TbaaStage::Hosts)
      aliaskit::tbaa::tellEnd(M, Stage == TbaaStage::End, Stats);
    return PreservedAnalyses::none();
  }
};

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

void aliaskit::registerTbaaSanitizePass(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        bool Stats = false, FastPath = true;
        TbaaStage Stage = TbaaStage::Start;
        if (!aliaskit::parseWordPass(
                Name, "aliaskit-sanitize-tbaa",
                {{"stats", [&] { Stats = true; }},
                 {"no-fast-path", [&] { FastPath = false; }},
                 {"end", [&] { Stage = TbaaStage::End; }},
                 {"end-only", [&] { Stage = TbaaStage::EndOnly; }},
                 {"hosts", [&] { Stage = TbaaStage::Hosts; }},
                 {"fast-path", [&] { Stage = TbaaStage::FastPath; }}},
                "expected stats, no-fast-path, end, end-only, hosts or "
                "fast-path"))
          return false;
        MPM.addPass(SanitizeTbaaPass(Stage, Stats, FastPath));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "aliaskit-test-retag")
          return false;
        FPM.addPass(aliaskit::tbaa::RetagPass());
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
  std::string Points = Env ? withoutTbaa(Env, HasTbaa) : "";
  if (!HasTbaa)
    return;
  // The points, as for the scoped claims: `start`, `end`, else both.
  TbaaStage Last = Points == "start" ? TbaaStage::Hosts
                   : Points == "end" ? TbaaStage::EndOnly
                                     : TbaaStage::End;
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find("enable-tbaa");
  if (It != Options.end() && It->second->getNumOccurrences() == 0)
    It->second->addOccurrence(0, It->first, "false");
  bool Stats = std::getenv("ALIASKIT_SANITIZE_STATS") != nullptr;
  PB.registerPipelineStartEPCallback(
      [Stats](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SanitizeTbaaPass(TbaaStage::Start, Stats));
      });
  PB.registerOptimizerLastEPCallback(
      [Last, Stats](ModulePassManager &MPM, OptimizationLevel,
                    ThinOrFullLTOPhase Phase) {
        // Before an LTO link the pipeline goes on: its end is the link's.
        bool PreLink = Phase == ThinOrFullLTOPhase::ThinLTOPreLink ||
                       Phase == ThinOrFullLTOPhase::FullLTOPreLink;
        MPM.addPass(SanitizeTbaaPass(PreLink ? TbaaStage::Hosts : Last, Stats));
      });
}

void aliaskit::addTbaaFastPathStage(PassBuilder &PB, const char *Env) {
  bool HasTbaa = false;
  if (Env)
    withoutTbaa(Env, HasTbaa);
  if (!HasTbaa)
    return;
  bool Stats = std::getenv("ALIASKIT_SANITIZE_STATS") != nullptr;
  PB.registerOptimizerLastEPCallback(
      [Stats](ModulePassManager &MPM, OptimizationLevel,
              ThinOrFullLTOPhase Phase) {
        // Before an LTO link the pipeline goes on: the link expands them.
        if (Phase == ThinOrFullLTOPhase::ThinLTOPreLink ||
            Phase == ThinOrFullLTOPhase::FullLTOPreLink)
          return;
        MPM.addPass(SanitizeTbaaPass(TbaaStage::FastPath, Stats));
      });
  // A full LTO link runs no OptimizerLast callback: its own last one. (The
  // merged module's first module keeps the names of its base and answer
  // cells, so its checks get the fast path; the others' call the runtime.)
  PB.registerFullLinkTimeOptimizationLastEPCallback(
      [Stats](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(SanitizeTbaaPass(TbaaStage::FastPath, Stats));
      });
}
