//===- sanitize_tbaa.h - aliaskit-sanitize-tbaa: shared declarations -----===//
//
// What sanitize_tbaa.cpp (the pass: sites, table), sanitize_tbaa_end.cpp
// (the end of the pipeline: hosts, end table) and sanitize_tbaa_objects.cpp
// (where objects begin: stack and heap) share: the runtime's --tbaa
// functions as declared in a module, and the metadata between the points.
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
#include "llvm/IR/PassManager.h"
#include "llvm/Support/ModRef.h"

#include <optional>

namespace aliaskit::tbaa {

using namespace llvm;

/// On each __aliaskit_tbaa_load, _load_in and _store_in: the name of the
/// function it was put in.
inline const char *const HomeMD = "aliaskit.tbaa.home";

/// On each load, store or atomic the start instrumented whole: !{its start
/// tag, i32 site, ...}. The end reads it, then drops it.
inline const char *const SiteMD = "aliaskit.tbaa.site";

/// On a check or store call that may have the inline fast path
/// (wantFastPath).
inline const char *const FastMD = "aliaskit.tbaa.fast";

/// A site's answers, its first answer cells (sanitize_tbaa_fast.cpp). Must
/// match `ANSWERS` in runtime/src/tbaa.rs.
constexpr uint64_t Answers = 3;
/// Answer cells per site in `@__aliaskit_tbaa_ok`: the answers, and two
/// answers across calls of a per-call load. Must match `CELLS_PER_SITE` in
/// runtime/src/tbaa.rs.
constexpr uint64_t CellsPerSite = Answers + 2;

/// The runtime's --tbaa functions, declared in M.
struct TbaaRuntime : RuntimeTypes {
  FunctionCallee Register, Hosts, Store, Load, StoreIn, LoadIn, StoreAt,
      LoadAt, Call, Reset, Block, Fini;

  explicit TbaaRuntime(Module &M) : RuntimeTypes(M) {
    LLVMContext &C = M.getContext();
    // The calls read the module's base global (their first argument) and
    // the runtime's own memory; the address is compared, never used.
    MemoryEffects Base = Own | MemoryEffects::argMemOnly(ModRefInfo::Ref);
    AttributeList Access = aliaskit::runtimeCallAttributes(C, Base, {2});
    AttributeList AccessIn = aliaskit::runtimeCallAttributes(C, Base, {3});
    AttributeList AccessAt = aliaskit::runtimeCallAttributes(C, Base, {4});
    AttributeList ResetAttrs = aliaskit::runtimeCallAttributes(C, Own, {0});
    // (table, end table or null, answer cells or null, base global).
    Register = M.getOrInsertFunction(
        "__aliaskit_tbaa_register_v4",
        FunctionType::get(Void, {Ptr, Ptr, Ptr, Ptr}, false));
    Hosts = M.getOrInsertFunction(
        "__aliaskit_tbaa_hosts", FunctionType::get(Void, {Ptr, Ptr, I32}, false));
    Store = M.getOrInsertFunction(
        "__aliaskit_tbaa_store",
        FunctionType::get(Void, {Ptr, I32, Ptr, I64}, false), Access);
    Load = M.getOrInsertFunction(
        "__aliaskit_tbaa_load",
        FunctionType::get(Void, {Ptr, I32, Ptr, I64}, false), Access);
    // A per-call store returns the store id it wrote.
    StoreIn = M.getOrInsertFunction(
        "__aliaskit_tbaa_store_in",
        FunctionType::get(I32, {Ptr, I32, I64, Ptr, I64}, false), AccessIn);
    LoadIn = M.getOrInsertFunction(
        "__aliaskit_tbaa_load_in",
        FunctionType::get(Void, {Ptr, I32, I64, Ptr, I64}, false), AccessIn);
    // (base, site, call instance, host instance, address, size).
    StoreAt = M.getOrInsertFunction(
        "__aliaskit_tbaa_store_at",
        FunctionType::get(I32, {Ptr, I32, I64, I64, Ptr, I64}, false),
        AccessAt);
    LoadAt = M.getOrInsertFunction(
        "__aliaskit_tbaa_load_at",
        FunctionType::get(Void, {Ptr, I32, I64, I64, Ptr, I64}, false),
        AccessAt);
    Call = M.getOrInsertFunction("__aliaskit_tbaa_call",
                                 FunctionType::get(I64, {}, false),
                                 aliaskit::runtimeCallAttributes(C, Own));
    Reset = M.getOrInsertFunction("__aliaskit_tbaa_reset",
                                  FunctionType::get(Void, {Ptr, I64}, false),
                                  ResetAttrs);
    Block = M.getOrInsertFunction("__aliaskit_tbaa_reset_block",
                                  FunctionType::get(Void, {Ptr}, false),
                                  ResetAttrs);
    Fini = declareFini(M);
  }
};


/// Resets the shadow of each stack object of F that a check may read
/// (all but `QuietLocals`): static allocas at the entry and where the frame
/// ends, dynamic ones right after they are made and when freed, and each
/// again at every llvm.lifetime.start of it (sanitize_tbaa_objects.cpp).
void resetStack(Function &F, const DenseSet<const Value *> &QuietLocals,
                TbaaRuntime &RT);

/// Heap blocks: each block an allocation function returns is untyped
/// (exactly its size), each block given to free or realloc is untyped
/// before it goes (whole). Returns the calls seen
/// (sanitize_tbaa_objects.cpp).
unsigned resetHeapBlocks(Module &M, TbaaRuntime &RT);

/// A call of one of the runtime's tagged access functions: a store's or a
/// load's, the argument that is its address (the size follows it), and
/// for a per-call one the argument that is its call instance (-1: none;
/// the `_at` ones' host instance follows it).
struct FastCall {
  CallInst *Call;
  bool Store;
  unsigned PtrArg;
  int InstanceArg;
};

/// The call of `I` to one of the runtime's tagged access functions
/// (sanitize_tbaa_fast.cpp).
std::optional<FastCall> fastCall(Instruction &I);

/// Marks the check, store or reset call `Call` for the inline fast path,
/// which the end of the pipeline puts before it (FastMD); returns 1.
unsigned wantFastPath(CallInst &Call);

/// What expandFastPaths put behind an inline fast path: checks and stores,
/// and resets.
struct FastPaths {
  unsigned Checks = 0, Resets = 0;
  /// Of the checks, those whose fast path is a call (an outlined one).
  unsigned Outlined = 0;
};

/// At the end of the pipeline, after the scoped checker's end: puts each
/// call marked by wantFastPath behind the program's inline fast path (the
/// call runs only when the shadow's bytes are not all 0 or the site's
/// answer, or for a store its own id; a small reset sets the cells itself).
/// Returns the calls expanded (sanitize_tbaa_fast.cpp).
FastPaths expandFastPaths(Module &M);

/// At the end of the pipeline, before expandFastPaths: versions each loop
/// whose tagged accesses are all strided runs, so that a loop the runtime
/// finds quiet before it runs runs a copy without checks, vectorized
/// again. Returns the loops versioned (sanitize_tbaa_loops.cpp).
unsigned versionLoops(Module &M, FunctionAnalysisManager &FAM);

/// Marks `I` (instrumented whole at the start) with its sites (SiteMD).
void markSites(Instruction &I, ArrayRef<uint32_t> Sites);

/// The end of the pipeline: where the load checks were inlined
/// (__aliaskit_tbaa_hosts from the constructor).
void tellHosts(Module &M);

/// The end of the pipeline: the end table (what reached code generation of
/// each site), handed to the runtime with the start's table; `StartClaims`:
/// the start's claims are checked too (sanitize_tbaa_end.cpp).
void tellEnd(Module &M, bool StartClaims, bool Stats);

/// aliaskit-test-retag (tests only): each instruction with
/// !aliaskit.test.retag gets that node as its !tbaa, as a pass that
/// rewrites tags wrongly would.
struct RetagPass : PassInfoMixin<RetagPass> {
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &);
};

} // namespace aliaskit::tbaa

#endif
