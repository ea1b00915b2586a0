//===- verify.cpp - the verify-alias-md pass and its instrumentation ------===//
//
// `verify-alias-md` is a module pass that checks every `!tbaa`,
// `!tbaa.struct`, `!alias.scope`, `!noalias`, `!llvm.errno.tbaa` and
// `llvm.experimental.noalias.scope.decl` of a module. The checks and the
// reporting are in Rust (src/plugin/verify.rs, on the rules of
// core/src/verify); this file registers the pass, parses its parameters,
// edits named metadata for `<strip>`, and implements
// ALIASKIT_VERIFY_EACH=1: verification after every pass of any pipeline,
// naming the first pass after which a new finding appears.
//
//   verify-alias-md          report; any error makes opt exit non-zero
//   verify-alias-md<warn>    report, exit 0
//   verify-alias-md<strip>   remove exactly the attachments found invalid,
//                            report what was removed, go on with valid IR
//   verify-alias-md<json>    one JSON object per finding (combinable:
//                            <warn;json>, <strip;json>)
//
// Under clang (-fpass-plugin=), ALIASKIT_VERIFY=<params> adds the pass at
// the start and the end of the optimisation pipeline.
//
//===----------------------------------------------------------------------===//

#include "pass_names.h"
#include "shim.h"

#include "llvm/ADT/Any.h"
#include "llvm/Analysis/LazyCallGraph.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

using namespace llvm;
using aliaskit::CheckJson;
using aliaskit::CheckStrip;
using aliaskit::CheckWarn;

void aliaskit_remove_named_metadata_operand(LLVMModuleRef M, const char *Name,
                                            unsigned Index) {
  NamedMDNode *N = unwrap(M)->getNamedMetadata(Name);
  if (!N || Index >= N->getNumOperands())
    return;
  SmallVector<MDNode *, 4> Keep;
  for (unsigned I = 0, E = N->getNumOperands(); I != E; ++I)
    if (I != Index)
      Keep.push_back(N->getOperand(I));
  N->clearOperands();
  for (MDNode *Op : Keep)
    N->addOperand(Op);
  if (N->getNumOperands() == 0)
    N->eraseFromParent();
}

namespace {

unsigned runVerify(Module &M, uint32_t Flags, void *Baseline,
                   const char *AfterPass) {
  aliaskit::Printer P(M);
  return aliaskit_verify_module(wrap(&M), Flags, &P, Baseline, AfterPass);
}

class VerifyAliasMDPass : public PassInfoMixin<VerifyAliasMDPass> {
  uint32_t Flags;

public:
  explicit VerifyAliasMDPass(uint32_t Flags) : Flags(Flags) {
    aliaskit::wantInputNumbers(name());
  }
  static bool isRequired() { return true; }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    unsigned Errors = runVerify(M, Flags, nullptr, nullptr);
    if (Errors && !(Flags & (CheckWarn | CheckStrip)))
      report_fatal_error(Twine("verify-alias-md: ") + Twine(Errors) +
                             " error" + (Errors == 1 ? "" : "s") +
                             " in alias metadata",
                         /*gen_crash_diag=*/false);
    return (Flags & CheckStrip) && Errors ? PreservedAnalyses::none()
                                          : PreservedAnalyses::all();
  }
};

/// The parameters of verify-alias-md and the flag each sets.
const aliaskit::FlagWord VerifyWords[] = {
    {"warn", CheckWarn}, {"strip", CheckStrip}, {"json", CheckJson}};

/// Parses `verify-alias-md<...>`: false if `Name` is another pass.
bool parseVerifyName(StringRef Name, uint32_t &Flags) {
  return aliaskit::parseFlagPass(Name, "verify-alias-md", VerifyWords,
                                 "expected warn, strip or json", Flags);
}

/// Testing only: `aliaskit-test-break-tbaa` gives the first load that
/// carries a struct-path `!tbaa` tag a copy of that tag with offset 1, which
/// LLVM's verifier rejects, so that ALIASKIT_VERIFY_EACH has a pass to name.
class BreakTBAAPass : public PassInfoMixin<BreakTBAAPass> {
public:
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    for (Function &F : M)
      for (BasicBlock &BB : F)
        for (Instruction &I : BB)
          if (isa<LoadInst>(I))
            if (MDNode *Tag = I.getMetadata(LLVMContext::MD_tbaa))
              if (Tag->getNumOperands() >= 3) {
                SmallVector<Metadata *, 4> Ops(Tag->operands());
                Ops[2] = ConstantAsMetadata::get(
                    ConstantInt::get(Type::getInt64Ty(M.getContext()), 1));
                I.setMetadata(LLVMContext::MD_tbaa,
                              MDNode::get(M.getContext(), Ops));
                return PreservedAnalyses::none();
              }
    return PreservedAnalyses::all();
  }
};

/// The module an instrumented IR unit belongs to.
const Module *moduleOf(Any IR) {
  if (const auto *const *M = llvm::any_cast<const Module *>(&IR))
    return *M;
  if (const auto *const *F = llvm::any_cast<const Function *>(&IR))
    return (*F)->getParent();
  if (const auto *const *C = llvm::any_cast<const LazyCallGraph::SCC *>(&IR))
    for (const LazyCallGraph::Node &N : **C)
      return N.getFunction().getParent();
  if (const auto *const *L = llvm::any_cast<const Loop *>(&IR))
    return (*L)->getHeader()->getModule();
  return nullptr;
}

/// ALIASKIT_VERIFY_EACH: the findings seen so far (the input's first).
struct EachState {
  void *Baseline = aliaskit_verify_baseline_new();
  bool Started = false;
  ~EachState() { aliaskit_verify_baseline_free(Baseline); }
};

void registerVerifyEach(PassBuilder &PB) {
  PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks();
  if (!PIC || !aliaskit_verify_each_enabled())
    return;
  aliaskit::wantInputNumbers();
  auto State = std::make_shared<EachState>();
  PIC->registerBeforeNonSkippedPassCallback([State](StringRef, Any IR) {
    if (State->Started)
      return;
    if (const Module *M = moduleOf(IR)) {
      State->Started = true;
      // The input's own findings are the baseline, printed as such.
      runVerify(*const_cast<Module *>(M), CheckWarn, State->Baseline,
                "<input>");
    }
  });
  PIC->addClassToPassName(BreakTBAAPass::name(), "aliaskit-test-break-tbaa");
  PIC->addClassToPassName(VerifyAliasMDPass::name(), "verify-alias-md");
  PIC->registerAfterPassCallback(
      [State, PIC](StringRef Pass, Any IR, const PreservedAnalyses &) {
        const Module *M = moduleOf(IR);
        if (!M)
          return;
        // Name the pass as pipelines spell it when LLVM knows that name.
        StringRef Name = PIC->getPassNameForClassName(Pass);
        std::string Shown = Name.empty() ? Pass.str() : Name.str();
        runVerify(*const_cast<Module *>(M), CheckWarn, State->Baseline,
                  Shown.c_str());
      });
}

} // namespace

void aliaskit::registerVerifier(PassBuilder &PB) {
  registerModulePassNames(PB, [](StringRef Name, ModulePassManager &MPM) {
    if (Name == "aliaskit-test-break-tbaa") {
      MPM.addPass(BreakTBAAPass());
      return true;
    }
    uint32_t Flags;
    if (!parseVerifyName(Name, Flags))
      return false;
    MPM.addPass(VerifyAliasMDPass(Flags));
    return true;
  });
  registerVerifyEach(PB);

  // ALIASKIT_VERIFY=<params> (e.g. 1, warn, json, warn;json) adds
  // verify-alias-md<params> at the start and the end of the default
  // pipelines: the way to use it under `clang -fpass-plugin=`.
  if (const char *Env = std::getenv("ALIASKIT_VERIFY")) {
    StringRef Params(Env);
    uint32_t Flags = 0;
    SmallVector<StringRef, 3> Words;
    if (Params != "1")
      Params.split(Words, ';', -1, false);
    StringRef Bad;
    if (!aliaskit::parseFlagWords(Words, VerifyWords, Flags, Bad)) {
      errs() << "warning: verify-alias-md: ignoring ALIASKIT_VERIFY=" << Env
             << " (expected 1, warn, strip, json, or ';'-separated)\n";
      return;
    }
    PB.registerPipelineStartEPCallback(
        [Flags](ModulePassManager &MPM, OptimizationLevel) {
          MPM.addPass(VerifyAliasMDPass(Flags));
        });
    PB.registerOptimizerLastEPCallback(
        [Flags](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
          MPM.addPass(VerifyAliasMDPass(Flags));
        });
  }
}
