//===- sanitize_in_place.h - frames checked in place, between two files --===//
//
// sanitize_in_place.cpp decides which frames are checked in place (and the
// pairs they compare); sanitize_in_place_lower.cpp makes the slots and
// the comparisons. A frame, as the first gives it to the second; and the
// decoded tables, which sanitize_once.cpp and sanitize_repeats.cpp read too;
// helpers the passes after them share (sanitize_ends.cpp, sanitize_final.cpp
// and its guards, sanitize_final_guards.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_SANITIZE_IN_PLACE_H
#define ALIASKIT_SANITIZE_IN_PLACE_H

#include "shim.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PassManager.h"

namespace aliaskit::inplace {

/// More accesses than this: the runtime's log (its check is cheaper than
/// this many slots compared pair by pair).
constexpr size_t MaxSlots = 32;
constexpr size_t MaxPairs = 128;

/// A frame's runtime calls (its `__aliaskit_enter`'s users).
struct Frame {
  llvm::CallInst *Enter = nullptr;
  /// `__aliaskit_access`, `_run` and `_grid` calls, in the function's
  /// order: the slots.
  llvm::SmallVector<llvm::CallInst *, 8> Accesses, Scopes, Exits;
  /// Where a path from the enter ends without an exit: before the
  /// noreturn call ahead of an `unreachable` (exit(), abort(), a panic),
  /// or at the `unreachable`. The frame is compared there too, as the
  /// runtime would finish the frame it left behind.
  llvm::SmallVector<llvm::Instruction *, 4> DeadEnds;
  /// What the pairs of slots compare, from the core.
  llvm::SmallVector<aliaskit::InPlacePair, 16> Pairs;
  /// Null: the frame itself, all its calls replaced. Otherwise a *region*
  /// of a frame that keeps its log (sanitize_in_place_regions.cpp): this
  /// scope call starts each of its instances, where its slots are
  /// compared and emptied; `Accesses` are the region's (they leave the
  /// log), `Scopes` is empty and `Exits` are the frame's, compared at
  /// too; the frame keeps every other call.
  llvm::CallInst *Start = nullptr;
};

/// The decoded table of each table global (aliaskit_sanitize_in_place_table),
/// decoded on first need and freed at the end.
class Tables {
  llvm::DenseMap<const llvm::GlobalVariable *, void *> Decoded;

public:
  Tables() = default;
  Tables(const Tables &) = delete;
  Tables &operator=(const Tables &) = delete;
  ~Tables();
  /// The table `V` (a table global) holds, or null if it cannot be read.
  void *of(llvm::Value *V);
};

/// The metadata sanitize_once.cpp puts on a check it made run once per
/// execution of a loop: the check's block is entered only when a flag is
/// false (`br (not %seen)` in its one predecessor), a phi web of the
/// constants false (on the edges from the loop's preheader) and true
/// (once the check ran). sanitize_in_place.cpp reads it right after.
constexpr const char *OnceMark = "aliaskit.once";

/// Whether F is defined, calls no setjmp (a slot held in a register is not
/// kept across longjmp, and a block may run again without a cycle) and has
/// no funclet (new calls would need its bundle): the passes after the end
/// point may add code to it.
bool plainControlFlow(llvm::Function &F);

/// The sites a check's site argument `V` may be: a constant, or a phi or
/// select of constants (two calls SimplifyCFG sank into one); false if it
/// may be anything else.
bool siteValues(llvm::Value *V, llvm::SmallVectorImpl<uint32_t> &Out);

/// A function's blocks in reverse post-order, and its reachable
/// instructions numbered in that order: made once, shared by its frames
/// (sanitize_ends.cpp, sanitize_final.cpp).
struct Layout {
  llvm::ReversePostOrderTraversal<llvm::Function *> RPO;
  llvm::DenseMap<const llvm::Instruction *, unsigned> Order;
  explicit Layout(llvm::Function &F) : RPO(&F) {
    for (llvm::BasicBlock *B : RPO)
      for (llvm::Instruction &I : *B)
        Order[&I] = Order.size();
  }

  /// A backward "may" analysis to its fixpoint: `In[B]`, for each block,
  /// is the union of its successors' (`None` past a block out of the
  /// order) passed back through B by `Through(B, Bits)`, which runs again
  /// until nothing changes (so what it notes on the way is the last
  /// pass's, at the fixpoint).
  template <typename ThroughFn>
  void solveBackward(llvm::DenseMap<llvm::BasicBlock *, llvm::BitVector> &In,
                     const llvm::BitVector &None, ThroughFn Through) const {
    for (llvm::BasicBlock *B : RPO)
      In[B] = None;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (llvm::BasicBlock *B : llvm::reverse(RPO)) {
        llvm::BitVector Bits = None;
        for (llvm::BasicBlock *S : llvm::successors(B))
          if (auto It = In.find(S); It != In.end())
            Bits |= It->second;
        Through(B, Bits);
        if (Bits != In[B]) {
          In[B] = std::move(Bits);
          Changed = true;
        }
      }
    }
  }
};

/// Before `Before`: `Accesses` and `Instances` added to the thread's
/// counts for the summary (what frames checked in place and final checks
/// let pass), in the program's own thread-local block, not by a call
/// (sanitize_in_place_lower.cpp).
void addCounts(llvm::Instruction *Before, llvm::Value *Accesses,
               llvm::Value *Instances);

/// The runtime functions a loop's guards call (sanitize_final_guards.cpp).
struct GuardCalls {
  llvm::FunctionCallee Hull;
  explicit GuardCalls(llvm::Module &M);
};

/// A final call's guard: the hull its bytes must meet to be logged, and
/// its frame's count of the accesses let pass.
struct Guard {
  llvm::CallInst *Call;
  llvm::Value *Lo, *Hi;
  llvm::AllocaInst *Skipped;
};

/// The frame's count of the accesses its guards let pass (an alloca set
/// to 0 after its enter and given to the runtime before each of its exits,
/// for the summary); made on first use, remembered in `Made`.
llvm::AllocaInst *
skippedOf(llvm::CallInst *Enter, GuardCalls &G,
          llvm::DenseMap<llvm::CallInst *, llvm::AllocaInst *> &Made);

/// Asks, before the loop preheader `Pre` branches in, the partner hull of
/// each site of the final calls `Calls`; appends their guards to `Out`.
void askHulls(llvm::BasicBlock *Pre, llvm::ArrayRef<llvm::CallInst *> Calls,
              llvm::AllocaInst *Skipped, GuardCalls &G,
              llvm::SmallVectorImpl<Guard> &Out);

/// Calls `G.Call` only when its bytes meet the hull; otherwise counts it.
void guardCall(const Guard &G);

/// A frame's scope calls by scope.
using ScopeCalls = llvm::DenseMap<uint32_t, llvm::SmallVector<llvm::CallInst *, 2>>;

/// F's scope calls by scope, in `Begun`; false if a scope is not a
/// constant.
bool scopeCalls(const Frame &F, ScopeCalls &Begun);

/// The table function of frame F and the sites of its accesses (a slot
/// may have several: `SlotOf` gives each site's slot); false if a site is
/// not a constant (nor a phi or select of constants).
bool frameSites(const Frame &F, uint32_t &Function,
                llvm::SmallVectorImpl<uint32_t> &Sites,
                llvm::SmallVectorImpl<uint32_t> &SlotOf);

/// The core's pairs of sites made pairs of the slots `SlotOf` gives. A
/// pair of one slot with itself (a site claimed against itself, or two
/// sites of one slot) goes unless `KeepSelf`: a slot runs at most once a
/// frame, its sites being alternatives; a region's slot runs once an
/// instance, but may run again in the next.
void toSlotPairs(llvm::SmallVectorImpl<aliaskit::InPlacePair> &Pairs,
                 llvm::ArrayRef<uint32_t> SlotOf, bool KeepSelf = false);

/// Drops the pairs of F whose two accesses, each of one block, are in two
/// distinct objects that share no byte while the function runs (static
/// allocas, globals: an access through a pointer based on one object
/// touches none of another's bytes, or the program is undefined); returns
/// how many. Two allocas the code generator gives one stack slot, one
/// after the other, would look like an overlap to the log, which they are
/// not (as in sanitize_disjoint.cpp): leaving them out is right. After
/// inlining, a callee's `&mut self` and its return slot are often two
/// such allocas of the caller.
unsigned dropDistinctObjects(Frame &F);

/// Each pair of slots once, in the order the log finds them: by the later
/// access, then the earlier.
void orderPairs(llvm::SmallVectorImpl<aliaskit::InPlacePair> &Pairs);

/// Whether I can run again before the block `Stop` is entered again: a
/// path from I back to its own block that avoids `Stop` (I in `Stop`
/// itself: never).
bool repeatsWithout(const llvm::Instruction *I, const llvm::BasicBlock *Stop);

/// Whether each scope of pair P's claim that is begun in frame F (by the
/// calls `Begun`; `AnyBegun` is set if one is) is begun by one call only,
/// which `Start` dominates (or is), which dominates both accesses and
/// cannot run twice without `Start` running again: then both accesses,
/// when they ran after one run of `Start`, are in one instance of each.
/// `Start` is the frame's enter for a frame, the region's scope call for
/// a region.
bool begunOnceBefore(const aliaskit::InPlacePair &P,
                     llvm::ArrayRef<uint32_t> Scopes, const Frame &F,
                     const llvm::Instruction *Start, const ScopeCalls &Begun,
                     llvm::DominatorTree &DT, bool &AnyBegun);

/// The pairs the core claims among `Sites` (aliaskit_sanitize_in_place_pairs,
/// asked with room for all of them) and their scopes; false if the table
/// cannot answer.
bool claimedPairs(void *Table, uint32_t Function, llvm::ArrayRef<uint32_t> Sites,
                  llvm::SmallVectorImpl<aliaskit::InPlacePair> &Pairs,
                  llvm::SmallVectorImpl<uint32_t> &Scopes);

/// The regions of the frame whose calls `All` are (its accesses, scopes
/// and exits, nothing else; the accesses in the function's order; its
/// pairs are not read), appended to `Out` (sanitize_in_place_regions.cpp).
void findRegions(const Frame &All, Tables &T, llvm::DominatorTree &DT,
                 llvm::SmallVectorImpl<Frame> &Out);

/// F's `__aliaskit_enter` calls (its frames), in its order.
llvm::SmallVector<llvm::CallInst *, 4> frameEnters(llvm::Function &F);

/// Makes each check of `Fn` (an access, a run or a grid) that a loop
/// repeats at the same bytes run once per execution of the loop, where
/// the log then finds the same conflicts (sanitize_once.cpp); returns how
/// many.
unsigned onceInLoops(llvm::Function &Fn, llvm::FunctionAnalysisManager &FAM,
                     Tables &T);

/// Erases each read check of `Fn` that repeats a read check of the same
/// frame, address and size before it, with no new instance in between and
/// the core's leave (sanitize_repeats.cpp); returns how many.
unsigned dropRepeatedReads(llvm::Function &Fn,
                           llvm::FunctionAnalysisManager &FAM, Tables &T);

/// Replaces the runtime calls of each frame of `Fn` by slots compared at
/// its exits and dead ends (sanitize_in_place_lower.cpp).
void lowerFrames(llvm::Function &Fn, llvm::MutableArrayRef<Frame> Frames,
                 llvm::FunctionAnalysisManager &FAM);

} // namespace aliaskit::inplace

#endif
