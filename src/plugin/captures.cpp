//===- captures.cpp - the check-captures pass -----------------------------===//
//
// `check-captures` is a module pass that checks the `captures(...)` /
// `nocapture` claims on pointer parameters and call-site arguments against
// the function bodies. The checking and the reporting are in Rust
// (src/plugin/captures.rs, on the rules of core/src/captures); this file
// registers the pass and parses its parameters.
//
//   check-captures            report; any definite capture makes opt exit
//                             non-zero
//   check-captures<warn>      report, exit 0
//   check-captures<json>      one JSON object per finding
//   check-captures<why-not>   also a note for each claimed parameter nothing
//                             is reported for (combinable: <warn;json;why-not>)
//
//===----------------------------------------------------------------------===//

#include "pass_names.h"
#include "shim.h"

#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/ErrorHandling.h"

using namespace llvm;

namespace {

class CheckCapturesPass : public PassInfoMixin<CheckCapturesPass> {
  uint32_t Flags;

public:
  explicit CheckCapturesPass(uint32_t Flags) : Flags(Flags) {
    aliaskit::wantInputNumbers(name());
  }
  static bool isRequired() { return true; }
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    aliaskit::Printer P(M);
    unsigned Errors = aliaskit_check_captures(wrap(&M), Flags, &P);
    if (Errors && !(Flags & aliaskit::CheckWarn))
      report_fatal_error(Twine("check-captures: ") + Twine(Errors) +
                             " definite capture" + (Errors == 1 ? "" : "s") +
                             " beyond what captures(...) allows",
                         /*gen_crash_diag=*/false);
    return PreservedAnalyses::all();
  }
};

/// The parameters of check-captures and the flag each sets.
const aliaskit::FlagWord CapturesWords[] = {
    {"warn", aliaskit::CheckWarn},
    {"json", aliaskit::CheckJson},
    {"why-not", aliaskit::CheckWhyNot}};

} // namespace

void aliaskit::registerCapturesPass(PassBuilder &PB) {
  registerModulePassNames(PB, [](StringRef Name, ModulePassManager &MPM) {
    uint32_t Flags;
    if (!parseFlagPass(Name, "check-captures", CapturesWords,
                       "expected warn, json or why-not", Flags))
      return false;
    MPM.addPass(CheckCapturesPass(Flags));
    return true;
  });
}
