//===- pass_names.h - the plugin's pass names in opt's -passes text -------===//
//
// registerModulePassNames: how each C++ file of the plugin registers the
// names of its module passes. (matchPassName and parseFlagPass, in shim.h,
// read a name's parameters.)
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_PASS_NAMES_H
#define ALIASKIT_PASS_NAMES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"

namespace aliaskit {

/// Registers `Parse` for module pass names in opt's -passes text:
/// `Parse(Name, MPM)` adds the pass that `Name` names (with its
/// parameters, `pass<a;b>`) to `MPM` and says whether it knew the name.
/// No pass of the plugin has a nested pipeline: the elements inside a
/// name's parentheses are not looked at.
template <typename ParseFn>
void registerModulePassNames(llvm::PassBuilder &PB, ParseFn Parse) {
  PB.registerPipelineParsingCallback(
      [Parse](llvm::StringRef Name, llvm::ModulePassManager &MPM,
              llvm::ArrayRef<llvm::PassBuilder::PipelineElement>) {
        return Parse(Name, MPM);
      });
}

} // namespace aliaskit

#endif
