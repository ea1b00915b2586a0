//===- sanitize_repeats.cpp - a read that repeats one before it ----------===//
//
// Before the loop vectorizer, where the start point's checks become runs
// (sanitize.cpp, StartChecksPass): a read check that repeats an earlier
// one is erased. clang emits `y[i] = x[i] > 0 ? x[i] : 0` with a second
// load of `x[i]` on one branch; once values are numbered, both checks are
//
//     call void @__aliaskit_access(ptr %frame, i32 3, ptr %xi, i64 8)
//     br i1 %pos, label %then, label %join
//   then:
//     call void @__aliaskit_access(ptr %frame, i32 5, ptr %xi, i64 8)
//
// The second runs on some iterations only, so no run at the loop's exit
// can stand for it (sanitize_loops.cpp): a call each time, which keeps
// the loop from vectorizing. It is erased when
//   - the first check dominates it, with the same frame, the same address
//     (one value) and the same constant size;
//   - no `__aliaskit_scope` or `__aliaskit_exit` of the frame lies on a
//     path from the first to it (one that does not pass the first again:
//     such a path's last pass of the first is the one that counts);
//   - the core says a read of the second site repeats a read of the first
//     (core/src/sanitize/once.rs, "A read that repeats a read before it":
//     both read, with one group's claims, each a whole instruction).
// Or, more often, when the first is already a run at the loop's exit (the
// start point summarized it, before the two addresses were one value):
//   - the run is after the loop, on every way from the second to the
//     function's end, and stands for a read in every iteration at the
//     second's address (the recurrence {first,+,stride} of the loop, the
//     same size, a count of at least the loop's iterations);
//   - no scope or exit of the frame lies on a path from the second to the
//     run (the run is logged after it, in the same instances), and no way
//     out of the loop leads back into it before the run (the run is this
//     execution's);
//   - the core says as above, of the run's site.
// Then the second's bytes are the first's, in the same instances, and its
// conflicts are the first's: the log reports the same pairs of lists on
// the same bytes, naming the first read. ALIASKIT_SANITIZE_REPEATS=0
// (when instrumenting) keeps every check.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/InstIterator.h"

#include <tuple>

using namespace llvm;

namespace {

/// More blocks than this between two checks: the later is kept (the
/// search costs the blocks it visits, for each pair).
constexpr unsigned MaxRegion = 256;

/// The blocks on a path from the end of block `From` to the start of block
/// `To` that goes through no block `Stop` (`From` or `To`, whose
/// instructions the caller looks at itself): forward from From's
/// successors, then backward from To's predecessors among those. False
/// if more than MaxRegion.
bool pathBlocks(BasicBlock *From, BasicBlock *To, BasicBlock *Stop,
                SmallPtrSetImpl<BasicBlock *> &On) {
  SmallPtrSet<BasicBlock *, 16> Ahead;
  SmallVector<BasicBlock *, 16> Work;
  auto Forward = [&](BasicBlock *B) {
    for (BasicBlock *S : successors(B))
      if (S != Stop && Ahead.insert(S).second)
        Work.push_back(S);
  };
  Forward(From);
  while (!Work.empty() && Ahead.size() <= MaxRegion)
    Forward(Work.pop_back_val());
  if (Ahead.size() > MaxRegion)
    return false;
  auto Backward = [&](BasicBlock *B) {
    for (BasicBlock *P : predecessors(B))
      if (Ahead.contains(P) && On.insert(P).second)
        Work.push_back(P);
  };
  Backward(To);
  while (!Work.empty())
    Backward(Work.pop_back_val());
  return true;
}

/// Whether no instruction of `Barriers` lies on a path from `From` to
/// `To` that does not go through block `Stop` (`From`'s: a path that
/// passes `From` again counts from there; or `To`'s: the first `To`
/// reached is the one that counts).
bool clearPath(Instruction &From, Instruction &To, BasicBlock *Stop,
               ArrayRef<Instruction *> Barriers) {
  BasicBlock *FB = From.getParent(), *TB = To.getParent();
  if (FB == TB && From.comesBefore(&To))
    return none_of(Barriers, [&](Instruction *I) {
      return I->getParent() == FB && From.comesBefore(I) && I->comesBefore(&To);
    });
  SmallPtrSet<BasicBlock *, 16> On;
  if (!pathBlocks(FB, TB, Stop, On))
    return false;
  return none_of(Barriers, [&](Instruction *I) {
    BasicBlock *B = I->getParent();
    return (B == FB && From.comesBefore(I)) ||
           (B == TB && I->comesBefore(&To)) || (B != Stop && On.contains(B));
  });
}

/// The `__aliaskit_scope` and `__aliaskit_exit` calls of each frame,
/// found once per frame (its enter's users are all its calls).
class FrameBarriers {
  DenseMap<CallInst *, SmallVector<Instruction *, 8>> Of;

public:
  ArrayRef<Instruction *> of(CallInst &Enter) {
    auto [It, New] = Of.try_emplace(&Enter);
    if (!New)
      return It->second;
    for (User *U : Enter.users()) {
      if (CallInst *C = aliaskit::runtimeCall(U, "__aliaskit_scope", 2))
        It->second.push_back(C);
      else if (CallInst *C = aliaskit::runtimeCall(U, "__aliaskit_exit", 1))
        It->second.push_back(C);
    }
    return It->second;
  }
};

/// Whether the core says a read of `Later`'s site repeats a read of
/// `First`'s (both of the frame `Enter` made).
bool repeats(CallInst &First, CallInst &Later, CallInst &Enter,
             aliaskit::inplace::Tables &T) {
  auto *Function = dyn_cast<ConstantInt>(Enter.getArgOperand(1));
  auto *A = dyn_cast<ConstantInt>(First.getArgOperand(1));
  auto *B = dyn_cast<ConstantInt>(Later.getArgOperand(1));
  void *Table = T.of(Enter.getArgOperand(0));
  return Function && A && B && Table &&
         aliaskit_sanitize_repeats(Table, Function->getZExtValue(),
                                   A->getZExtValue(), B->getZExtValue()) == 1;
}

/// Whether run `Run` (frame, site, first, stride, count, size) stands for
/// a read in every iteration of `Access`'s loop L at the address `Access`
/// reads, as sanitize_loops.cpp summarizes a read every iteration runs:
/// after L, on every way from `Access` to the function's end (it post-
/// dominates it); `Access`'s address the recurrence {first,+,stride} of
/// L, of the same size; and the count at least L's iterations wherever L
/// is entered (its backedge-taken count + 1, both under L's guards).
bool coversLoop(CallInst &Run, CallInst &Access, Loop &L, ScalarEvolution &SE,
                PostDominatorTree &PDT) {
  auto *Stride = dyn_cast<ConstantInt>(Run.getArgOperand(3));
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Access.getArgOperand(2)));
  if (L.contains(Run.getParent()) ||
      !PDT.dominates(Run.getParent(), Access.getParent()) || !Stride ||
      Run.getArgOperand(5) != Access.getArgOperand(3) || !AR ||
      AR->getLoop() != &L || !AR->isAffine() ||
      SE.getSCEV(Run.getArgOperand(2)) != AR->getStart())
    return false;
  auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
  const SCEV *Taken = SE.getBackedgeTakenCount(&L);
  if (!Step || Step->getAPInt().getSExtValue() != Stride->getSExtValue() ||
      isa<SCEVCouldNotCompute>(Taken))
    return false;
  Type *I64 = Run.getArgOperand(4)->getType();
  const SCEV *Iterations =
      SE.getAddExpr(SE.getTruncateOrZeroExtend(Taken, I64), SE.getOne(I64));
  const SCEV *Count = SE.getSCEV(Run.getArgOperand(4));
  // Where L is entered: its guards hold (`n > 0` makes `smax(n, 0)` n).
  return SE.isKnownPredicate(ICmpInst::ICMP_UGE, SE.applyLoopGuards(Count, &L),
                             SE.applyLoopGuards(Iterations, &L));
}

/// Whether a way out of L leads back into it without going through block
/// `Stop` (a loop around L): then the `Stop` a read of L reaches first may
/// be after another execution of L.
bool reentered(Loop &L, BasicBlock *Stop) {
  SmallVector<BasicBlock *, 8> Work;
  SmallPtrSet<BasicBlock *, 16> Seen;
  L.getExitBlocks(Work);
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    if (B == Stop || !Seen.insert(B).second)
      continue;
    if (B == L.getHeader() || Seen.size() > MaxRegion)
      return true;
    append_range(Work, successors(B));
  }
  return false;
}

/// The second case: a read check in a loop whose earlier read of the same
/// bytes is already a run at the loop's exit (sanitize_loops.cpp made it
/// at the start point, where the two addresses were not yet one value).
/// The run is logged after the read, so no scope or exit of the frame may
/// lie on a path from the read to it, nor another execution of the loop
/// (reentered); the run's reads are the earlier read's, in every
/// iteration (coversLoop). Returns how many were erased.
unsigned dropReadsRunsCover(Function &F, FunctionAnalysisManager &FAM,
                            aliaskit::inplace::Tables &T, FrameBarriers &B) {
  SmallVector<CallInst *, 8> Reads, Runs;
  for (Instruction &I : instructions(F))
    if (CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_access", 4))
      Reads.push_back(C);
    else if (CallInst *R = aliaskit::runtimeCall(&I, "__aliaskit_access_run", 6))
      Runs.push_back(R);
  if (Reads.empty() || Runs.empty())
    return 0;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  PostDominatorTree &PDT = FAM.getResult<PostDominatorTreeAnalysis>(F);
  unsigned Dropped = 0;
  for (CallInst *C : Reads) {
    Loop *L = LI.getLoopFor(C->getParent());
    CallInst *Enter =
        aliaskit::runtimeCall(C->getArgOperand(0), "__aliaskit_enter", 7);
    if (!L || !Enter || L->contains(Enter))
      continue;
    for (CallInst *R : Runs)
      if (R->getArgOperand(0) == C->getArgOperand(0) &&
          coversLoop(*R, *C, *L, SE, PDT) && !reentered(*L, R->getParent()) &&
          clearPath(*C, *R, R->getParent(), B.of(*Enter)) &&
          repeats(*R, *C, *Enter, T)) {
        C->eraseFromParent();
        ++Dropped;
        break;
      }
  }
  return Dropped;
}

} // namespace

unsigned aliaskit::inplace::dropRepeatedReads(Function &F,
                                              FunctionAnalysisManager &FAM,
                                              Tables &T) {
  const char *Off = std::getenv("ALIASKIT_SANITIZE_REPEATS");
  if (Off && StringRef(Off) == "0")
    return 0;
  // The checks of one frame, address and constant size, in order.
  using Key = std::tuple<Value *, Value *, ConstantInt *>;
  MapVector<Key, SmallVector<CallInst *, 2>> Same;
  for (Instruction &I : instructions(F))
    if (CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_access", 4))
      if (auto *Size = dyn_cast<ConstantInt>(C->getArgOperand(3)))
        Same[{C->getArgOperand(0), C->getArgOperand(2), Size}].push_back(C);
  DominatorTree *DT = nullptr;
  FrameBarriers B;
  unsigned Dropped = 0;
  for (auto &[K, Calls] : Same) {
    if (Calls.size() < 2)
      continue;
    CallInst *Enter =
        aliaskit::runtimeCall(std::get<0>(K), "__aliaskit_enter", 7);
    if (!Enter)
      continue;
    if (!DT)
      DT = &FAM.getResult<DominatorTreeAnalysis>(F);
    SmallPtrSet<CallInst *, 4> Gone;
    for (CallInst *Later : Calls)
      for (CallInst *First : Calls)
        if (First != Later && !Gone.contains(First) &&
            DT->dominates(First, Later) &&
            clearPath(*First, *Later, First->getParent(), B.of(*Enter)) &&
            repeats(*First, *Later, *Enter, T)) {
          Gone.insert(Later);
          break;
        }
    for (CallInst *C : Gone)
      C->eraseFromParent();
    Dropped += Gone.size();
  }
  if (Dropped)
    FAM.invalidate(F, PreservedAnalyses::none());
  unsigned Covered = dropReadsRunsCover(F, FAM, T, B);
  if (Covered)
    FAM.invalidate(F, PreservedAnalyses::none());
  return Dropped + Covered;
}
