//===- sanitize_hosts.cpp - where a start-point frame's code ran ----------===//
//
// A start-point frame's claims are decided (and given a decision id, which
// reports print for `aliaskit bisect`) in every function its code ran in on
// the way: the function of its table, then each function it was inlined
// into, recorded when that function's simplification ended (CGSCC
// OptimizerLate) and at the end. The list rides on the frame's
// __aliaskit_enter as `!aliaskit.hosts` metadata, which inlining copies; at
// the end it becomes a constant array the runtime reads: { decision key,
// name } per function (runtime/src/frames.rs, `Host`).
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <string>

using namespace llvm;

namespace {

/// A function's name as a C string in module M (one global a name).
Constant *functionName(Module &M, StringRef Name) {
  std::string Global = ("__aliaskit_name." + Name).str();
  if (GlobalVariable *G = M.getNamedGlobal(Global))
    return G;
  Constant *Text = ConstantDataArray::getString(M.getContext(), Name);
  auto *G = new GlobalVariable(M, Text->getType(), /*isConstant=*/true,
                               GlobalValue::PrivateLinkage, Text, Global);
  G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return G;
}

const char *const HostsMD = "aliaskit.hosts";

/// The functions the code of a start-point frame (its __aliaskit_enter
/// call, `Enter`) ran in before F: the table's function, then those
/// recorded when their simplification ended.
SmallVector<StringRef, 4> hostsOf(CallInst &Enter) {
  SmallVector<StringRef, 4> Names;
  if (MDNode *H = Enter.getMetadata(HostsMD))
    for (const MDOperand &Op : H->operands())
      if (auto *S = dyn_cast_or_null<MDString>(Op.get()))
        Names.push_back(S->getString());
  return Names;
}

/// The __aliaskit_enter calls of F.
SmallVector<CallInst *, 4> entersOf(Function &F) {
  SmallVector<CallInst *, 4> Calls;
  for (Instruction &I : instructions(F))
    if (CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_enter", 7))
      Calls.push_back(C);
  return Calls;
}

} // namespace

Constant *aliaskit::hostsGlobal(Module &M, ArrayRef<StringRef> Names) {
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C);
  auto *Entry = StructType::get(C, {I64, PointerType::getUnqual(C)});
  std::string Module = aliaskit::moduleName(M);
  uint64_t ModuleKey = aliaskit::moduleKey(M);
  SmallVector<Constant *, 4> Entries;
  std::string Global = "__aliaskit_hosts";
  for (StringRef N : Names) {
    uint64_t Key = aliaskit_bisect_function(ModuleKey, Module.data(),
                                            Module.size(), N.data(), N.size());
    Entries.push_back(ConstantStruct::get(
        Entry, {ConstantInt::get(I64, Key), functionName(M, N)}));
    Global += "." + N.str();
  }
  if (GlobalVariable *G = M.getNamedGlobal(Global))
    return G;
  auto *Ty = ArrayType::get(Entry, Entries.size());
  auto *G = new GlobalVariable(M, Ty, /*isConstant=*/true,
                               GlobalValue::PrivateLinkage,
                               ConstantArray::get(Ty, Entries), Global);
  G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  return G;
}

void aliaskit::markHost(CallInst &Enter, StringRef Function) {
  LLVMContext &C = Enter.getContext();
  Enter.setMetadata(HostsMD, MDNode::get(C, MDString::get(C, Function)));
}

void aliaskit::recordHost(Function &F) {
  LLVMContext &C = F.getContext();
  for (CallInst *Enter : entersOf(F)) {
    SmallVector<StringRef, 4> Names = hostsOf(*Enter);
    if (!Names.empty() && Names.back() == F.getName())
      continue;
    if (Names.empty())
      continue; // not a start-point frame
    SmallVector<Metadata *, 4> Ops;
    for (StringRef N : Names)
      Ops.push_back(MDString::get(C, N));
    Ops.push_back(MDString::get(C, F.getName()));
    Enter->setMetadata(HostsMD, MDNode::get(C, Ops));
  }
}

void aliaskit::tellHosts(Module &M) {
  for (Function &F : M) {
    recordHost(F);
    for (CallInst *Enter : entersOf(F)) {
      SmallVector<StringRef, 4> Names = hostsOf(*Enter);
      if (Names.size() < 2)
        continue;
      Enter->setArgOperand(5, aliaskit::hostsGlobal(M, Names));
      Enter->setArgOperand(
          6, ConstantInt::get(Type::getInt32Ty(M.getContext()), Names.size()));
    }
  }
}
