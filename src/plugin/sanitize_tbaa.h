//===- sanitize_tbaa.h - aliaskit-sanitize-tbaa: shared declarations -----===//
//
// What sanitize_tbaa.cpp (the pass: sites, table, hosts) and
// sanitize_tbaa_objects.cpp (where objects begin: stack and heap) share:
// the runtime's --tbaa functions as declared in a module.
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_SANITIZE_TBAA_H
#define ALIASKIT_SANITIZE_TBAA_H

#include "shim.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ModRef.h"

namespace aliaskit::tbaa {

using namespace llvm;

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
    MemoryEffects Own = MemoryEffects::inaccessibleMemOnly();
    MemoryEffects Base = Own | MemoryEffects::argMemOnly(ModRefInfo::Ref);
    AttributeList Access = aliaskit::runtimeCallAttributes(C, Base, {2});
    AttributeList AccessIn = aliaskit::runtimeCallAttributes(C, Base, {3});
    AttributeList ResetAttrs = aliaskit::runtimeCallAttributes(C, Own, {0});
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
    StoreIn = M.getOrInsertFunction(
        "__aliaskit_tbaa_store_in",
        FunctionType::get(Void, {Ptr, I32, I64, Ptr, I64}, false), AccessIn);
    LoadIn = M.getOrInsertFunction(
        "__aliaskit_tbaa_load_in",
        FunctionType::get(Void, {Ptr, I32, I64, Ptr, I64}, false), AccessIn);
    Call = M.getOrInsertFunction("__aliaskit_tbaa_call",
                                 FunctionType::get(I64, {}, false),
                                 aliaskit::runtimeCallAttributes(C, Own));
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


/// Resets the shadow of each stack object of F that a check may read
/// (all but `QuietLocals`): static allocas at the entry, dynamic ones
/// right after they are made, and each again at every llvm.lifetime.start
/// of it (sanitize_tbaa_objects.cpp).
void resetStack(Function &F, const DenseSet<const Value *> &QuietLocals,
                TbaaRuntime &RT);

/// Heap blocks: each block an allocation function returns is untyped
/// (exactly its size), each block given to free or realloc is untyped
/// before it goes (whole). Returns the calls seen
/// (sanitize_tbaa_objects.cpp).
unsigned resetHeapBlocks(Module &M, TbaaRuntime &RT);

} // namespace aliaskit::tbaa

#endif
