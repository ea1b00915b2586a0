//===- inspect.cpp - the aliaskit-explain and aliaskit-dot passes ---------===//
//
// Two module passes that change nothing and print to stdout (run them with
// -disable-output); their work is in Rust (src/plugin/explain.rs and
// src/plugin/dot.rs). `aliaskit explain` and `aliaskit dot` run them.
//
//   aliaskit-explain<may;summary;json;llvm;function=NAME>
//       every pair aa-eval -evaluate-aa-metadata asks about, and each call
//       against each load, store and call (getModRefInfo), with the answer
//       of rust-scoped-noalias + rust-tbaa alone and why (NoAlias and
//       NoModRef only, unless `may`), then the masks of immutable
//       locations and errno; `summary`: one table per function; `json`:
//       JSON Lines; `llvm` (a check, with `json;may`): the same questions
//       answered by LLVM's AAResults of the AA pipeline
//       (llvm_answers.cpp); `calls-only`: without the load/store pairs.
//   aliaskit-dot<scopes;function=NAME>
//       the TBAA type DAG (or, with `scopes`, the scope domains) in DOT.
//
//===----------------------------------------------------------------------===//

#include "pass_names.h"
#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

#include <string>

using namespace llvm;

namespace {

struct InspectOptions {
  uint32_t Flags = 0;
  std::string Function;
  bool HasFunction = false;
};

using Entry = void (*)(LLVMModuleRef, uint32_t, const char *, void *,
                       void *);

template <Entry Run> class InspectPass : public PassInfoMixin<InspectPass<Run>> {
  InspectOptions Opts;

public:
  explicit InspectPass(InspectOptions Opts) : Opts(std::move(Opts)) {
    aliaskit::wantInputNumbers(InspectPass::name());
  }
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    aliaskit::Printer P(M);
    // `llvm`: the functions' AAResults answer (llvm_answers.cpp).
    void *Answers = nullptr;
    if (Opts.Flags & aliaskit::InspectLlvm)
      Answers =
          &MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    Run(wrap(&M), Opts.Flags, Opts.HasFunction ? Opts.Function.c_str() : nullptr,
        &P, Answers);
    return PreservedAnalyses::all();
  }
};

/// Parses the parameters of `Pass`; `Allowed` maps names to flags.
bool parseInspect(StringRef Name, StringRef Pass,
                  ArrayRef<std::pair<StringRef, uint32_t>> Allowed,
                  StringRef Expected, InspectOptions &Opts) {
  SmallVector<StringRef, 4> Params;
  if (!aliaskit::matchPassName(Name, Pass, Params))
    return false;
  for (StringRef P : Params) {
    StringRef Value = P;
    if (Value.consume_front("function=")) {
      if (Value.empty())
        aliaskit::invalidPassParameter(Pass, P, "function= takes a name");
      Opts.Function = Value.str();
      Opts.HasFunction = true;
      continue;
    }
    bool Known = false;
    for (const auto &[Word, Flag] : Allowed)
      if (P == Word) {
        Opts.Flags |= Flag;
        Known = true;
      }
    if (!Known)
      aliaskit::invalidPassParameter(Pass, P, Expected);
  }
  return true;
}

} // namespace

void aliaskit::registerInspectPasses(PassBuilder &PB) {
  registerModulePassNames(PB, [](StringRef Name, ModulePassManager &MPM) {
    InspectOptions Opts;
    if (parseInspect(Name, "aliaskit-explain",
                     {{"may", aliaskit::InspectMay},
                      {"summary", aliaskit::InspectSummary},
                      {"json", aliaskit::InspectJson},
                      {"llvm", aliaskit::InspectLlvm},
                      {"calls-only", aliaskit::InspectCallsOnly}},
                     // `llvm` and `calls-only` are for the check.
                     "expected may, summary, json or function=NAME", Opts)) {
      MPM.addPass(InspectPass<aliaskit_explain_module>(std::move(Opts)));
      return true;
    }
    if (parseInspect(Name, "aliaskit-dot",
                     {{"scopes", aliaskit::InspectScopes}},
                     "expected scopes or function=NAME", Opts)) {
      MPM.addPass(InspectPass<aliaskit_dot_module>(std::move(Opts)));
      return true;
    }
    return false;
  });
}
