//===- sanitize_once.cpp - an access a loop repeats, logged once ----------===//
//
// At the very end, before frames are checked in place: each check still in
// a loop that touches the same bytes in every iteration -- an
// `__aliaskit_access` at an address and of a size the loop does not
// change, or an `__aliaskit_access_run` or `__aliaskit_access_grid` whose
// every shape argument the loop does not change -- runs only the first
// time it is reached in each execution of the loop
// (core/src/sanitize/once.rs: the log finds the same conflicts). Rust's
// `Vec` pointer and length, loaded again in each iteration of a `while
// let` loop whose count no run can know, are the common case; a blocked
// matrix product's block of `b`, the same for every row of `a`, another.
//
// The outermost loop L around the call for which all of these hold:
//   - the address and the size (the run's or grid's shape) are computed
//     outside L;
//   - the frame is entered outside L and not left in it (no
//     `__aliaskit_exit` of it in L);
//   - no `__aliaskit_scope` of the frame in L begins one of the scopes the
//     core names for the site (aliaskit_sanitize_once_scopes), and the core
//     does not refuse the site (claimed apart from itself, with a write).
// Then a flag, false when L is entered (its preheader, made if there is
// none) and true once the call ran (SSAUpdater makes the phis), guards the
// call:
//
//     %seen = phi i1 [ false, %preheader ], [ true, %latch ]
//     br i1 (not %seen), label %once, label %rest   ; unlikely
//   once:
//     call void @__aliaskit_access(ptr %frame, i32 6, ptr %p, i64 8)
//
// Before that, a grid whose rows are one row again and again (row step 0:
// `c[i][j] += a[i][l] * b[l][j]` summarized over `l` and `j` touches row i
// of `c` once per `l`) of a site the core does not refuse is that row
// once, `rows > 0 ? count : 0` blocks: a run, which the loop around it may
// then summarize as one grid at its exit (sanitize_loops.cpp), as it does
// the runs of inner loops. The grid's rows are logged in one call, so in
// one instance; its repeats of the row are the site's accesses against
// themselves, which no claim the core lets through can be broken by.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"

using namespace llvm;

namespace {

/// The scopes that must not begin in a loop for the accesses of `Access`'s
/// site to be logged once per execution of it; false if they may not be.
bool onceScopes(CallInst &Access, CallInst &Enter,
                aliaskit::inplace::Tables &T, SmallVectorImpl<uint32_t> &Scopes) {
  auto *Function = dyn_cast<ConstantInt>(Enter.getArgOperand(1));
  auto *Site = dyn_cast<ConstantInt>(Access.getArgOperand(1));
  void *Table = T.of(Enter.getArgOperand(0));
  if (!Function || !Site || !Table)
    return false;
  auto Ask = [&](size_t &Len) {
    return aliaskit_sanitize_once_scopes(Table, Function->getZExtValue(),
                                         Site->getZExtValue(), Scopes.data(),
                                         Scopes.size(), &Len);
  };
  size_t Len = 0;
  Scopes.resize(16);
  ptrdiff_t Found = Ask(Len);
  if (Found == 1 && Len > Scopes.size()) {
    Scopes.resize(Len); // again, with room for all
    Found = Ask(Len);
  }
  if (Found != 1 || Len > Scopes.size())
    return false;
  Scopes.resize(Len);
  return true;
}

/// Whether the frame of `Enter` stays in L, and none of `Scopes` begins
/// in it (a scope call whose scope is not a constant may be any).
bool sameInstancesIn(const Loop &L, CallInst &Enter, ArrayRef<uint32_t> Scopes) {
  if (L.contains(&Enter) || aliaskit::exitsIn(L, &Enter))
    return false;
  for (User *U : Enter.users()) {
    CallInst *S = aliaskit::runtimeCall(U, "__aliaskit_scope", 2);
    if (!S || S->getArgOperand(0) != &Enter || !L.contains(S))
      continue;
    auto *Scope = dyn_cast<ConstantInt>(S->getArgOperand(1));
    if (!Scope || is_contained(Scopes, Scope->getZExtValue()))
      return false;
  }
  return true;
}

/// The outermost loop in which `Access` (a check: frame, site, then its
/// shape) may run once per execution (the file comment), or null.
Loop *onceLoop(CallInst &Access, LoopInfo &LI, aliaskit::inplace::Tables &T) {
  Loop *L = LI.getLoopFor(Access.getParent());
  CallInst *Enter =
      aliaskit::runtimeCall(Access.getArgOperand(0), "__aliaskit_enter", 7);
  SmallVector<uint32_t, 16> Scopes;
  if (!L || !Enter || !onceScopes(Access, *Enter, T, Scopes))
    return nullptr;
  Loop *Outermost = nullptr;
  auto Shape = drop_begin(Access.args(), 2);
  for (; L; L = L->getParentLoop()) {
    if (!all_of(Shape, [&](Value *V) { return L->isLoopInvariant(V); }) ||
        !sameInstancesIn(*L, *Enter, Scopes))
      break;
    Outermost = L;
  }
  return Outermost;
}

/// The arguments of check `C` that count blocks or rows: a run's count, a
/// grid's count and rows.
SmallVector<unsigned, 2> counts(const CallInst &C) {
  switch (C.arg_size()) {
  case 6: return {4};
  case 8: return {4, 7};
  default: return {};
  }
}

/// Makes each shape argument of check `C` that L and the loops around it
/// do not change, but that is computed in them, computed before them (pure
/// arithmetic only, as Loop::makeLoopInvariant moves).
void hoistShape(CallInst &C, LoopInfo &LI) {
  for (Value *V : drop_begin(C.args(), 2))
    for (Loop *L = LI.getLoopFor(C.getParent()); L; L = L->getParentLoop()) {
      bool Changed = false;
      if (!L->getLoopPreheader() || !L->makeLoopInvariant(V, Changed))
        break;
    }
}

/// Each count of check `C` that is `select(Cond, N, 0)` (or `select(Cond,
/// 0, N)`), made in C's loop while N is not: C goes behind `if (Cond)` (or
/// `if (!Cond)`) with N in its place. The same blocks are logged, and a
/// check the loop repeats at the same bytes whenever it runs at all (the
/// vectorizer's run-time check decides, in each iteration, which of two
/// paths the rows went by) can be logged once, or be a grid of the loop.
void countsBehindConditions(CallInst &C, DominatorTree &DT, LoopInfo &LI,
                            ScalarEvolution *SE = nullptr) {
  using namespace PatternMatch;
  for (unsigned A : counts(C)) {
    Loop *L = LI.getLoopFor(C.getParent());
    auto *Sel = dyn_cast<SelectInst>(C.getArgOperand(A));
    bool OnTrue = Sel && match(Sel->getFalseValue(), m_Zero());
    bool OnFalse = Sel && !OnTrue && match(Sel->getTrueValue(), m_Zero());
    if (!L || (!OnTrue && !OnFalse) || L->isLoopInvariant(Sel))
      continue;
    Value *N = OnTrue ? Sel->getTrueValue() : Sel->getFalseValue();
    bool Changed = false;
    if (!L->getLoopPreheader() ||
        !L->makeLoopInvariant(N, Changed, nullptr, nullptr, SE))
      continue;
    IRBuilder<> B(&C);
    Value *Holds = OnTrue ? Sel->getCondition() : B.CreateNot(Sel->getCondition());
    DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
    Instruction *Then =
        SplitBlockAndInsertIfThen(Holds, C.getIterator(), false, nullptr, &DTU, &LI);
    C.moveBefore(Then->getIterator());
    C.setArgOperand(A, N);
    if (Sel->use_empty())
      Sel->eraseFromParent();
  }
}

/// `Grid` (frame, site, first, stride, count, size, row step, rows) with
/// row step 0, of a site the core does not refuse, as a run of its row
/// (`AccessRun`) put in its place, `rows > 0 ? count : 0` blocks (behind
/// `if (rows > 0)` where the loop changes rows only); null if it is not
/// such a grid.
CallInst *oneRow(CallInst &Grid, FunctionCallee AccessRun, LoopInfo &LI,
                 DominatorTree &DT, ScalarEvolution &SE,
                 aliaskit::inplace::Tables &T) {
  auto *RowStep = dyn_cast<ConstantInt>(Grid.getArgOperand(6));
  CallInst *Enter =
      aliaskit::runtimeCall(Grid.getArgOperand(0), "__aliaskit_enter", 7);
  SmallVector<uint32_t, 16> Scopes;
  if (!RowStep || !RowStep->isZero() || !Enter ||
      !onceScopes(Grid, *Enter, T, Scopes))
    return nullptr;
  IRBuilder<> B(&Grid);
  Value *Rows = Grid.getArgOperand(7), *Count = Grid.getArgOperand(4);
  Value *Zero = B.getInt64(0);
  Value *Blocks = B.CreateSelect(B.CreateICmpNE(Rows, Zero), Count, Zero);
  CallInst *Run = B.CreateCall(
      AccessRun, {Grid.getArgOperand(0), Grid.getArgOperand(1),
                  Grid.getArgOperand(2), Grid.getArgOperand(3), Blocks,
                  Grid.getArgOperand(5)});
  Run->copyMetadata(Grid);
  Grid.eraseFromParent();
  countsBehindConditions(*Run, DT, LI, &SE);
  return Run;
}

/// Each grid of F whose rows are one row as a run (oneRow), and each such
/// run, where it can, as a grid of the loop around it; returns how many
/// grids were one row.
unsigned oneRows(Function &F, FunctionAnalysisManager &FAM,
                 aliaskit::inplace::Tables &T) {
  Module &M = *F.getParent();
  Function *Run = M.getFunction("__aliaskit_access_run");
  Function *Grid = M.getFunction("__aliaskit_access_grid");
  if (!Run || !Grid)
    return 0;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  unsigned Rows = 0;
  // A grid a run became may be one row of the loop around it in turn: again
  // until none is (each round goes a loop further out).
  for (bool Again = true; Again;) {
    Again = false;
    SmallVector<CallInst *, 16> Grids;
    for (Instruction &I : instructions(F))
      if (CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_access_grid", 8))
        Grids.push_back(C);
    for (CallInst *G : Grids)
      if (CallInst *R = oneRow(*G, Run, LI, DT, SE, T)) {
        ++Rows;
        Again |= aliaskit::summarizeRunInLoop(*R, Grid, LI, SE, DT, aliaskit::gatherRows());
      }
  }
  if (Rows)
    FAM.invalidate(F, PreservedAnalyses::none());
  return Rows;
}

/// Makes `Access` run only the first time it is reached in each execution
/// of L; false if L has no preheader and none can be made.
bool runOnce(CallInst &Access, Loop &L, DominatorTree &DT, LoopInfo &LI) {
  BasicBlock *Preheader = L.getLoopPreheader();
  if (!Preheader)
    Preheader = InsertPreheaderForLoop(&L, &DT, &LI, nullptr, false);
  if (!Preheader)
    return false;
  LLVMContext &C = Access.getContext();
  BasicBlock *Head = Access.getParent();
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  // Head: ... br (placeholder), once, rest; once: br rest; rest: Access ...
  Instruction *OnceEnd = SplitBlockAndInsertIfThen(
      ConstantInt::getTrue(C), Access.getIterator(), false,
      MDBuilder(C).createUnlikelyBranchWeights(), &DTU, &LI);
  BasicBlock *Rest = Access.getParent();
  Access.moveBefore(OnceEnd->getIterator());
  SSAUpdater Seen;
  Seen.Initialize(Type::getInt1Ty(C), "aliaskit.seen");
  Seen.AddAvailableValue(Preheader, ConstantInt::getFalse(C));
  Seen.AddAvailableValue(Rest, ConstantInt::getTrue(C));
  auto *Br = cast<BranchInst>(Head->getTerminator());
  IRBuilder<> B(Br);
  Br->setCondition(B.CreateNot(Seen.GetValueAtEndOfBlock(Head)));
  Br->setDebugLoc(Access.getDebugLoc());
  // For sanitize_in_place.cpp: the call runs at most once between two
  // edges from the preheader (OnceMark, the flag's only false).
  Access.setMetadata(aliaskit::inplace::OnceMark, MDNode::get(C, {}));
  return true;
}

} // namespace

unsigned aliaskit::inplace::onceInLoops(Function &F,
                                        FunctionAnalysisManager &FAM,
                                        Tables &T) {
  SmallVector<CallInst *, 16> Calls;
  for (Instruction &I : instructions(F))
    if (CallInst *C = aliaskit::accessCall(&I))
      Calls.push_back(C);
  if (Calls.empty())
    return 0;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  unsigned Once = 0;
  bool Prepared = false;
  for (CallInst *C : Calls) {
    if (!LI.getLoopFor(C->getParent()))
      continue;
    Prepared = true;
    hoistShape(*C, LI);
    countsBehindConditions(*C, DT, LI);
    if (Loop *L = onceLoop(*C, LI, T))
      Once += runOnce(*C, *L, DT, LI);
  }
  // (Preparing may have moved code out of loops, or made blocks.)
  if (Prepared)
    FAM.invalidate(F, PreservedAnalyses::none());
  return Once;
}

PreservedAnalyses aliaskit::OncePass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  aliaskit::inplace::Tables T;
  unsigned Rows = 0, Once = 0;
  for (Function &F : M)
    if (!F.isDeclaration()) {
      Rows += oneRows(F, FAM, T);
      Once += aliaskit::inplace::onceInLoops(F, FAM, T);
    }
  if (Stats)
    errs() << "aliaskit-sanitize-once: " << Once
           << " accesses a loop repeats at one address logged once per "
              "execution of the loop; "
           << Rows << " grids of one row again and again logged as the row\n";
  // Nothing is kept even when no call changed: a try may have moved code
  // out of a loop or made a preheader.
  return PreservedAnalyses::none();
}
