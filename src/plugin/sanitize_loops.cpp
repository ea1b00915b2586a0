//===- sanitize_loops.cpp - one check for all of a loop's accesses --------===//
//
// An access in a loop is checked once per iteration by default: a call of
// __aliaskit_access each time. When the access runs exactly once in every
// iteration of its innermost loop, at an address that moves by a step the
// loop does not change (a constant, a value computed before the loop, or
// 0: the same address each time), and the loop's iteration count is known
// when it ends, all of its accesses are one strided run: `count` blocks of
// `size` bytes, `step` apart, from the first address. Then one call of __aliaskit_access_run at
// the loop's exit gives the runtime the whole run, which it logs as the
// same accesses one at a time would be (core/src/sanitize/log.rs,
// FrameLog::access_run, property-tested against them).
//
// What must hold, so that the run is exactly the accesses that happened:
//   - the loop has a preheader (made, if it has none: a vectorized loop
//     entered from its run-time checks), one latch, one exiting block and
//     one exit block (made a block of its own on the way out, if other
//     blocks lead to it): the exit is reached only after the last
//     iteration. Other ways out are allowed when each ends the call in a
//     block that ends in `unreachable` (a Rust bounds check's panic,
//     exit(), abort()) or in an invoke of a function that does not return
//     (the same panic where drops must run: it leaves only by unwinding):
//     the run is logged only when the loop ends at its living exit, so a
//     program that leaves such a loop by a panic and catches it loses
//     that loop's accesses to the check (never a report that did not
//     happen), where the checks access by access would have logged them;
//   - the access's block dominates the exiting block (it runs in every
//     iteration: the backedge-taken count + 1), or comes after it and
//     dominates the latch (a loop tested at the top: it runs in every
//     iteration but the last); or every iteration takes one path through
//     the loop, left at its latch (sanitize_loop_paths.h: a vectorized
//     loop's middle block and remainder in an outer loop), and the
//     summary counts the block's iterations only when the path has it;
//   - every instruction of the loop passes control on (no call that may
//     throw, exit or not return), so no iteration stops part way;
//   - the loop holds no noalias.scope.decl (and no __aliaskit_scope of a
//     start-point frame): the instances do not change within it, so the
//     run belongs to one instance, and logging it at the exit, after the
//     loop, puts it in the instance it ran in;
//   - the backedge-taken count is ScalarEvolution's exact one, and the
//     address is an affine recurrence of the loop (its start and step
//     computable before the loop) or invariant in it; a header phi whose
//     next value is a recurrence one iteration ahead of it counts as that
//     recurrence (HeaderPhis: ScalarEvolution leaves some unknown).
// Anything else is checked access by access.
//
//===----------------------------------------------------------------------===//

#include "shim.h"
#include "sanitize_loop_paths.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/SSAUpdater.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <optional>

using namespace llvm;

namespace {

/// Whether the loop's iterations all run to the latch and none starts an
/// instance (see the file comment).
bool loopRunsWhole(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      if (isa<NoAliasScopeDeclInst>(I))
        return false;
      if (auto *C = dyn_cast<CallBase>(&I))
        if (Function *F = C->getCalledFunction())
          if (F->getName() == "__aliaskit_scope")
            return false;
      if (!isGuaranteedToTransferExecutionToSuccessor(&I))
        return false;
    }
  return true;
}

/// What a summary of L needs: how many iterations ran when L ends
/// (`Taken` + 1 when the summarized code runs in `EveryIteration`, else
/// `Taken`), and where the summary goes (`Exit`, reached only from L).
struct LoopEnd {
  Loop *L;
  BasicBlock *Exiting, *Exit;
  bool EveryIteration;
  const SCEV *Taken;
};

/// Whether a way out of a loop to block B ends the call there, unless
/// by unwinding: B ends in `unreachable` (a Rust bounds check's panic,
/// exit(), abort()) or invokes a function that does not return (the same
/// panic in a function with drops to run: it goes on only to its landing
/// pad).
bool deadEnd(const BasicBlock *B) {
  const Instruction *T = B->getTerminator();
  if (auto *I = dyn_cast<InvokeInst>(T))
    return I->doesNotReturn();
  return isa<UnreachableInst>(T);
}

/// L's one way out that does not end the call (the file comment), as
/// (exiting block, exit block); nulls when there is not exactly one.
std::pair<BasicBlock *, BasicBlock *> livingExit(const Loop &L) {
  SmallVector<Loop::Edge, 4> Edges;
  L.getExitEdges(Edges);
  std::pair<BasicBlock *, BasicBlock *> Living{nullptr, nullptr};
  for (auto [From, To] : Edges) {
    if (deadEnd(To) || (Living.first == From && Living.second == To))
      continue; // (a switch's cases to one exit are one way)
    if (Living.first)
      return {nullptr, nullptr};
    Living = {const_cast<BasicBlock *>(From), const_cast<BasicBlock *>(To)};
  }
  return Living;
}

/// L's end, when code in block At runs in every iteration of L, or in all
/// but the last, and L can be summarized at all (the file comment).
std::optional<LoopEnd> loopEnd(Loop *L, BasicBlock *At, ScalarEvolution &SE,
                               DominatorTree &DT) {
  BasicBlock *Latch = L->getLoopLatch();
  auto [Exiting, Exit] = livingExit(*L);
  if (!Latch || !Exiting || !Exit)
    return std::nullopt;
  // The last iteration leaves at Exiting: code before it runs in all of
  // them (the backedge-taken count + 1); after it (a loop tested at the
  // top) in all but the last.
  bool EveryIteration = DT.dominates(At, Exiting);
  bool AllButLast = !EveryIteration && DT.dominates(At, Latch) &&
                    DT.dominates(Exiting, At) && At != Exiting;
  if (!EveryIteration && !AllButLast)
    return std::nullopt;
  // The iterations when L ends at Exit: Exiting's exact exit count (the
  // backedge-taken count when it is L's only way out).
  const SCEV *Taken = SE.getExitCount(L, Exiting);
  if (isa<SCEVCouldNotCompute>(Taken) || !loopRunsWhole(*L))
    return std::nullopt;
  return LoopEnd{L, Exiting, Exit, EveryIteration, Taken};
}

/// ScalarEvolution leaves unknown a header phi of L whose backedge value
/// is a recurrence computed afresh in each iteration (`p = base + (i + 1)
/// * s`, as SCEVExpander makes an outer loop's recurrence for a summary
/// of an inner loop): in iteration k it is that value of iteration k - 1,
/// in iteration 0 its start; when the two agree it is the recurrence
/// {start,+,step} of L.
class HeaderPhis : public SCEVRewriteVisitor<HeaderPhis> {
  const Loop *L;

public:
  HeaderPhis(ScalarEvolution &SE, const Loop *L)
      : SCEVRewriteVisitor(SE), L(L) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *P = dyn_cast<PHINode>(U->getValue());
    if (!P || P->getParent() != L->getHeader() || P->getNumIncomingValues() != 2)
      return U;
    // One value from the latch, the other from outside the loop.
    unsigned Back = L->contains(P->getIncomingBlock(0)) ? 0 : 1;
    if (P->getIncomingBlock(Back) != L->getLoopLatch() ||
        L->contains(P->getIncomingBlock(1 - Back)))
      return U;
    const SCEV *Start = SE.getSCEV(P->getIncomingValue(1 - Back));
    auto *Next = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(P->getIncomingValue(Back)));
    if (!Next || Next->getLoop() != L || !Next->isAffine())
      return U;
    const SCEV *Step = Next->getStepRecurrence(SE);
    if (SE.getMinusSCEV(Next->getStart(), Step) != Start)
      return U;
    return SE.getAddRecExpr(Start, Step, L, SCEV::FlagAnyWrap);
  }
};

/// The first address and the step of `Address` over L's iterations: an
/// affine recurrence of L, or an address L does not change (step 0; also
/// a recurrence of an enclosing loop, `b(l, j)` in the `i` loop of a
/// matrix product).
bool startAndStep(const SCEV *Address, const Loop *L, ScalarEvolution &SE,
                  const SCEV *&Start, const SCEV *&Step) {
  Address = HeaderPhis(SE, L).visit(Address);
  if (SE.isLoopInvariant(Address, L)) {
    Start = Address, Step = SE.getZero(Type::getInt64Ty(SE.getContext()));
    return true;
  }
  auto *AR = dyn_cast<SCEVAddRecExpr>(Address);
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return false;
  Start = AR->getStart(), Step = AR->getStepRecurrence(SE);
  return Step->getType()->isIntegerTy() &&
         SE.getTypeSizeInBits(Step->getType()) <= 64;
}

/// Where the values a summary needs are computed (the end of L's
/// preheader, made if L has none), or null.
Instruction *beforeLoop(LoopEnd &E, LoopInfo &LI, DominatorTree &DT) {
  BasicBlock *Preheader = E.L->getLoopPreheader();
  if (!Preheader)
    Preheader = InsertPreheaderForLoop(E.L, &DT, &LI, nullptr, false);
  return Preheader ? Preheader->getTerminator() : nullptr;
}

/// The block the summary goes in: L's exit, a block of its own on the way
/// out if other blocks lead to it too.
BasicBlock *summaryBlock(LoopEnd &E, LoopInfo &LI, DominatorTree &DT) {
  if (E.Exit->getSinglePredecessor())
    return E.Exit;
  return SplitEdge(E.Exiting, E.Exit, &DT, &LI);
}

/// How many times the summarized code ran when L ends, as an i64.
Value *iterations(const LoopEnd &E, Value *Taken, IRBuilder<> &B) {
  Value *Count = B.CreateZExtOrTrunc(Taken, B.getInt64Ty());
  return E.EveryIteration ? B.CreateAdd(Count, B.getInt64(1)) : Count;
}

/// Where a run call in block At is decided when At is not on every
/// iteration's path of L: At is the exit of an inner loop (its only way
/// out) whose preheader is entered from block `Block` on a branch whose
/// condition L does not change (a rotated loop's guard); the inner loop
/// runs when each of `Conditions` is true (a condition with `true`
/// beside it: when it is false). `Block` may itself be entered only from
/// another block on such a branch (a vectorized loop's guard behind the
/// rotated loop's): `widen` adds that block's condition. A condition
/// computed in L from values L does not change (the vectorizer's
/// `select %min.iters.check, true, %found.conflict`, made in each
/// iteration) is moved before L (Loop::makeLoopInvariant) and counts.
struct Guard {
  BasicBlock *Block;
  SmallVector<std::pair<Value *, bool>, 2> Conditions;

  /// `Block`'s one way in, a branch on a condition L does not change, is
  /// the guard now; false if there is none.
  bool widen(Loop *L, ScalarEvolution &SE) {
    BasicBlock *From = Block->getSinglePredecessor();
    auto *Br = From ? dyn_cast<BranchInst>(From->getTerminator()) : nullptr;
    bool Moved = false;
    if (!Br || !Br->isConditional() || !L->contains(From) ||
        Br->getSuccessor(0) == Br->getSuccessor(1) ||
        !L->makeLoopInvariant(Br->getCondition(), Moved, nullptr, nullptr, &SE))
      return false;
    Conditions.push_back({Br->getCondition(), Br->getSuccessor(1) == Block});
    Block = From;
    return true;
  }

  /// `Rows` when every condition holds, else 0.
  Value *gate(Value *Rows, IRBuilder<> &B) const {
    Value *Runs = nullptr;
    for (auto [Condition, OnFalse] : Conditions) {
      Value *Holds = OnFalse ? B.CreateNot(Condition) : Condition;
      Runs = Runs ? B.CreateAnd(Runs, Holds) : Holds;
    }
    return Runs ? B.CreateSelect(Runs, Rows, B.getInt64(0)) : Rows;
  }
};

std::optional<Guard> guardOf(BasicBlock *At, Loop *L, LoopInfo &LI,
                             ScalarEvolution &SE) {
  BasicBlock *Pred = At->getSinglePredecessor();
  Loop *Inner = Pred ? LI.getLoopFor(Pred) : nullptr;
  while (Inner && Inner->getParentLoop() != L)
    Inner = Inner->getParentLoop();
  // The inner loop ends (it runs to its exit whenever it is entered).
  if (!Inner || Inner->getExitBlock() != At || !Inner->getLoopPreheader() ||
      isa<SCEVCouldNotCompute>(SE.getBackedgeTakenCount(Inner)))
    return std::nullopt;
  Guard G{Inner->getLoopPreheader(), {}};
  if (!G.widen(L, SE))
    return std::nullopt;
  return G;
}

/// When code in block At of L runs: in every iteration, or all but the
/// last (loopEnd); else in all or none, on the one path of all of L's
/// iterations (OneWay, found here). Null when neither.
std::optional<LoopEnd> whenRuns(Loop *L, BasicBlock *At, LoopInfo &LI,
                                ScalarEvolution &SE, DominatorTree &DT,
                                std::optional<aliaskit::Paths> &OneWay) {
  if (std::optional<LoopEnd> E = loopEnd(L, At, SE, DT))
    return E;
  std::optional<LoopEnd> E = loopEnd(L, L->getLoopLatch(), SE, DT);
  Instruction *Before = E ? beforeLoop(*E, LI, DT) : nullptr;
  if (Before && OneWay.emplace(L, LI, Before).find() && OneWay->reaches(At))
    return E;
  OneWay.reset();
  return std::nullopt;
}

/// How many times code in block At ran when L ends: `Times` (loopEnd's)
/// when its block runs on L's one path.
Value *ranTimes(std::optional<aliaskit::Paths> &OneWay, BasicBlock *At, Value *Times,
                IRBuilder<> &B) {
  return OneWay ? B.CreateSelect(OneWay->reaches(At), Times, B.getInt64(0))
                : Times;
}

/// S, with OneWay's values when there is one.
const SCEV *onePath(std::optional<aliaskit::Paths> &OneWay, const SCEV *S,
                    ScalarEvolution &SE) {
  return OneWay ? OneWay->rewrite(S, SE) : S;
}

/// The copies firstIteration made: of each value, and in the order made.
struct Copies {
  DenseMap<Value *, Value *> Of;
  SmallVector<Instruction *, 8> Made;
  unsigned Budget = 24;
};

/// V as it is in L's first iteration, computed before L (at Before) by the
/// program's own arithmetic, or null when V needs more than integer
/// arithmetic, casts and GEPs on L's header phis and values from before L
/// (at most Copied.Budget instructions).
///
/// SCEVExpander computes an outer loop's recurrence from a counter of its
/// own: an `int` row index `j + 1` becomes `sext(trunc(counter + 3))`,
/// which no later pass can tell does not wrap, so the outer loop could not
/// make the rows one grid. The program's own `sext(add nsw j, 1)` is
/// widened with `j` by IndVarSimplify, as the program's access is. The
/// integer operations keep their flags (the widening needs them); the GEPs
/// drop theirs, since a loop that runs no iteration may point past its
/// array (a run of no block: its first address is not used).
Value *firstIteration(Value *V, Loop *L, Instruction *Before, DominatorTree &DT,
                      Copies &Copied) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I)
    return V;
  if (!L->contains(I))
    return DT.dominates(I, Before) ? I : nullptr;
  if (Value *Done = Copied.Of.lookup(I))
    return Done;
  if (auto *P = dyn_cast<PHINode>(I)) {
    if (P->getParent() != L->getHeader())
      return nullptr;
    Value *In = P->getIncomingValueForBlock(L->getLoopPreheader());
    return In ? firstIteration(In, L, Before, DT, Copied) : nullptr;
  }
  if (!(isa<BinaryOperator>(I) || isa<CastInst>(I) || isa<GetElementPtrInst>(I)) ||
      !isSafeToSpeculativelyExecute(I) || Copied.Budget == 0)
    return nullptr;
  --Copied.Budget;
  SmallVector<Value *, 4> Operands;
  for (Value *Op : I->operands())
    if (!Operands.emplace_back(firstIteration(Op, L, Before, DT, Copied)))
      return nullptr;
  Instruction *C = I->clone();
  for (unsigned K = 0; K < Operands.size(); ++K)
    C->setOperand(K, Operands[K]);
  if (auto *G = dyn_cast<GetElementPtrInst>(C))
    G->setNoWrapFlags(GEPNoWrapFlags::none());
  C->setName("aliaskit.start");
  C->insertBefore(Before->getIterator());
  Value *Copy = C;
  // `row + 0`, a GEP by 0 in the first iteration: their operand.
  if (Value *Simpler = simplifyInstruction(C, SimplifyQuery(Before->getDataLayout(), &DT))) {
    C->eraseFromParent();
    Copy = Simpler;
  } else {
    Copied.Made.push_back(C);
  }
  Copied.Of[I] = Copy;
  return Copy;
}

/// Whether S extends or truncates a recurrence (of an enclosing loop):
/// what SCEVExpander would compute from a counter of its own.
bool castsRecurrence(const SCEV *S) {
  return SCEVExprContains(S, [](const SCEV *E) {
    auto *C = dyn_cast<SCEVCastExpr>(E);
    return C && SCEVExprContains(C->getOperand(0),
                                 [](const SCEV *O) { return isa<SCEVAddRecExpr>(O); });
  });
}

/// The run's first address: the program's own arithmetic when SCEV's
/// would cast a recurrence (firstIteration; not on one path's values), else
/// SCEV's expansion.
Value *firstAddress(Value *Ptr, const SCEV *Start, Loop *L, bool OnOnePath,
                    Instruction *Before, DominatorTree &DT, SCEVExpander &Expander) {
  Copies Copied;
  if (!OnOnePath && castsRecurrence(Start))
    if (Value *First = firstIteration(Ptr, L, Before, DT, Copied))
      return First;
  // A tree that could not be finished: its copies, users after operands.
  for (Instruction *C : reverse(Copied.Made))
    C->eraseFromParent();
  return Expander.expandCodeFor(Start, Ptr->getType(), Before);
}

/// What a run of accesses at `Ptr` (Start and Step over L's iterations,
/// E: L's end) needs, computed before L (`Before`: its preheader's end,
/// made if L has none): its first address, its step, and L's
/// backedge-taken count; nullopt when they cannot be computed there.
/// `OnOnePath`: Start is OneWay's (firstAddress).
struct RunValues {
  Instruction *Before;
  Value *First, *Stride, *Taken;
};
std::optional<RunValues> expandRun(Value *Ptr, const SCEV *Start, const SCEV *Step,
                                   LoopEnd &E, bool OnOnePath, LoopInfo &LI,
                                   ScalarEvolution &SE, DominatorTree &DT,
                                   const char *Name) {
  Instruction *Before = beforeLoop(E, LI, DT);
  SCEVExpander Expander(SE, Name);
  if (!Before || !Expander.isSafeToExpandAt(Start, Before) ||
      !Expander.isSafeToExpandAt(Step, Before) ||
      !Expander.isSafeToExpandAt(E.Taken, Before))
    return std::nullopt;
  Value *First = firstAddress(Ptr, Start, E.L, OnOnePath, Before, DT, Expander);
  Value *Stride = Expander.expandCodeFor(Step, Step->getType(), Before);
  Value *Taken = Expander.expandCodeFor(E.Taken, E.Taken->getType(), Before);
  return RunValues{Before, First, Stride, Taken};
}

} // namespace

std::optional<aliaskit::RunBeforeLoop>
aliaskit::runBeforeLoop(Instruction &I, Value *Ptr, LoopInfo &LI,
                        ScalarEvolution &SE, DominatorTree &DT) {
  Loop *L = LI.getLoopFor(I.getParent());
  if (!L)
    return std::nullopt;
  std::optional<LoopEnd> E = loopEnd(L, I.getParent(), SE, DT);
  const SCEV *Start = nullptr, *Step = nullptr;
  if (!E || !startAndStep(SE.getSCEV(Ptr), L, SE, Start, Step))
    return std::nullopt;
  std::optional<RunValues> V =
      expandRun(Ptr, Start, Step, *E, false, LI, SE, DT, "aliaskit.loop");
  if (!V)
    return std::nullopt;
  IRBuilder<> B(V->Before);
  return RunBeforeLoop{V->First, B.CreateSExtOrTrunc(V->Stride, B.getInt64Ty()),
                       iterations(*E, V->Taken, B)};
}

std::optional<aliaskit::RunBeforeLoop>
aliaskit::gridBeforeLoop(Instruction &I, Value *Ptr, LoopInfo &LI,
                         ScalarEvolution &SE, DominatorTree &DT) {
  Loop *L = LI.getLoopFor(I.getParent());
  Loop *Outer = L ? L->getParentLoop() : nullptr;
  BasicBlock *Entry = L ? L->getLoopPreheader() : nullptr;
  if (!Outer || !Entry)
    return std::nullopt;
  // The inner run: its step and count the same in every row.
  std::optional<LoopEnd> E = loopEnd(L, I.getParent(), SE, DT);
  const SCEV *Start = nullptr, *Step = nullptr, *First = nullptr, *RowStep = nullptr;
  if (!E || !startAndStep(SE.getSCEV(Ptr), L, SE, Start, Step) ||
      !SE.isLoopInvariant(Step, Outer) || !SE.isLoopInvariant(E->Taken, Outer))
    return std::nullopt;
  // The rows: the inner loop entered in every iteration of the outer one
  // (or all but the last), or behind tests the outer loop does not change
  // (a rotated loop's `m > 0`: in every iteration or in none; Guard, as
  // gridAtExit finds it); its first address moving by a step.
  std::optional<LoopEnd> EO = loopEnd(Outer, Entry, SE, DT);
  Guard G{Entry, {}};
  for (unsigned Up = 0; !EO && Up < 3 && G.widen(Outer, SE); ++Up)
    EO = loopEnd(Outer, G.Block, SE, DT);
  if (!EO || !startAndStep(Start, Outer, SE, First, RowStep))
    return std::nullopt;
  Instruction *Before = beforeLoop(*EO, LI, DT);
  SCEVExpander Expander(SE, "aliaskit.grid");
  for (const SCEV *S : {First, RowStep, Step, E->Taken, EO->Taken})
    if (!Before || !Expander.isSafeToExpandAt(S, Before))
      return std::nullopt;
  Value *FirstV = Expander.expandCodeFor(First, Ptr->getType(), Before);
  Value *RowStepV = Expander.expandCodeFor(RowStep, RowStep->getType(), Before);
  Value *StepV = Expander.expandCodeFor(Step, Step->getType(), Before);
  Value *Taken = Expander.expandCodeFor(E->Taken, E->Taken->getType(), Before);
  Value *Rows = Expander.expandCodeFor(EO->Taken, EO->Taken->getType(), Before);
  IRBuilder<> B(Before);
  return RunBeforeLoop{FirstV, B.CreateSExtOrTrunc(StepV, B.getInt64Ty()),
                       iterations(*E, Taken, B), G.gate(iterations(*EO, Rows, B), B),
                       B.CreateSExtOrTrunc(RowStepV, B.getInt64Ty())};
}

bool aliaskit::summarizeInLoop(Instruction &I, Value *Ptr, uint64_t Size,
                               ArrayRef<Value *> Head, FunctionCallee Run,
                               LoopInfo &LI, ScalarEvolution &SE,
                               DominatorTree &DT) {
  Loop *L = LI.getLoopFor(I.getParent());
  if (!L || Size == 0)
    return false;
  std::optional<aliaskit::Paths> OneWay;
  std::optional<LoopEnd> E = whenRuns(L, I.getParent(), LI, SE, DT, OneWay);
  const SCEV *Start = nullptr, *Step = nullptr;
  if (!E || !startAndStep(onePath(OneWay, SE.getSCEV(Ptr), SE), L, SE, Start, Step))
    return false;
  std::optional<RunValues> V = expandRun(Ptr, Start, Step, *E, OneWay.has_value(),
                                         LI, SE, DT, "aliaskit.run");
  if (!V)
    return false;
  BasicBlock *Exit = summaryBlock(*E, LI, DT);
  IRBuilder<> B(&*Exit->getFirstInsertionPt());
  Value *Count = ranTimes(OneWay, I.getParent(), iterations(*E, V->Taken, B), B);
  SmallVector<Value *, 6> Args(Head);
  Args.append({V->First, B.CreateSExtOrTrunc(V->Stride, B.getInt64Ty()), Count,
               B.getInt64(Size)});
  aliaskit::quiet(B.CreateCall(Run, Args));
  return true;
}

namespace {

/// A run whose block runs in every iteration of L, or on L's one path, or
/// behind an inner loop's guard, as one grid at L's exit (`Run` erased);
/// false if it is not.
bool gridAtExit(CallInst &Run, FunctionCallee AccessGrid, LoopInfo &LI,
                ScalarEvolution &SE, DominatorTree &DT) {
  BasicBlock *At = Run.getParent();
  Loop *L = LI.getLoopFor(At);
  if (!L)
    return false;
  // Where the run is decided: its own block, or an inner loop's guard, or
  // the one path all of L's iterations take.
  std::optional<Guard> G;
  std::optional<aliaskit::Paths> OneWay;
  std::optional<LoopEnd> E = loopEnd(L, At, SE, DT);
  if (!E && (G = guardOf(At, L, LI, SE))) {
    E = loopEnd(L, G->Block, SE, DT);
    for (unsigned Up = 0; !E && Up < 3 && G->widen(L, SE); ++Up)
      E = loopEnd(L, G->Block, SE, DT);
  }
  if (!E) {
    G.reset();
    E = whenRuns(L, At, LI, SE, DT, OneWay);
  }
  auto shape = [&](unsigned Arg) {
    return onePath(OneWay, SE.getSCEV(Run.getArgOperand(Arg)), SE);
  };
  const SCEV *Start = nullptr, *Step = nullptr;
  if (!E || !startAndStep(shape(2), L, SE, Start, Step))
    return false;
  // The run's own shape does not change from one iteration to the next.
  const SCEV *Stride = shape(3);
  const SCEV *Count = shape(4);
  Instruction *Before = beforeLoop(*E, LI, DT);
  SCEVExpander Expander(SE, "aliaskit.grid");
  for (const SCEV *S : {Start, Step, Stride, Count, E->Taken})
    if (!Before || !SE.isLoopInvariant(S, L) ||
        !Expander.isSafeToExpandAt(S, Before))
      return false;
  BasicBlock *Exit = summaryBlock(*E, LI, DT);
  Type *I64 = Type::getInt64Ty(Run.getContext());
  Value *First = Expander.expandCodeFor(Start, Run.getArgOperand(2)->getType(), Before);
  Value *RowStep = Expander.expandCodeFor(Step, Step->getType(), Before);
  Value *Taken = Expander.expandCodeFor(E->Taken, E->Taken->getType(), Before);
  Value *InnerStride = Expander.expandCodeFor(Stride, I64, Before);
  Value *InnerCount = Expander.expandCodeFor(Count, I64, Before);
  IRBuilder<> B(&*Exit->getFirstInsertionPt());
  Value *Rows = iterations(*E, Taken, B);
  if (G)
    Rows = G->gate(Rows, B);
  Rows = ranTimes(OneWay, At, Rows, B);
  aliaskit::quiet(B.CreateCall(AccessGrid,
            {Run.getArgOperand(0), Run.getArgOperand(1), First, InnerStride, InnerCount,
             Run.getArgOperand(5), B.CreateSExtOrTrunc(RowStep, I64), Rows}));
  Run.eraseFromParent();
  return true;
}

/// The loop L around `Run` when the run's block runs in some of L's
/// iterations (not its header) and L is left only at its latch, to one
/// exit, running whole: L's end for a summary that the program counts as
/// it goes (prefixGrid, gatheredGrid). Not for a run a prefix left (it
/// stays a call).
std::optional<LoopEnd> latchEnd(CallInst &Run, LoopInfo &LI) {
  BasicBlock *At = Run.getParent();
  Loop *L = LI.getLoopFor(At);
  BasicBlock *Latch = L->getLoopLatch();
  if (At == L->getHeader() || !Latch || L->getExitingBlock() != Latch ||
      !L->getExitBlock() || !loopRunsWhole(*L) ||
      Run.getMetadata("aliaskit.prefix"))
    return std::nullopt;
  return LoopEnd{L, Latch, L->getExitBlock(), true, nullptr};
}

/// A run whose block runs in some of L's iterations only (behind a
/// condition L changes: the vectorizer's run-time alias check, made for
/// each row): the iterations it runs in from the first on, with no gap,
/// are one grid at L's exit. A count P of them goes around L (P == K, the
/// iteration's number: every iteration so far ran it), and a run after
/// the first gap is logged by its own call, which stays (marked, so that
/// it is not summarized again). Exact whichever iterations run it; one
/// call when all do.
bool prefixGrid(CallInst &Run, FunctionCallee AccessGrid, LoopInfo &LI,
                ScalarEvolution &SE, DominatorTree &DT) {
  std::optional<LoopEnd> End = latchEnd(Run, LI);
  if (!End)
    return false;
  LoopEnd &E = *End;
  BasicBlock *At = Run.getParent(), *Latch = E.Exiting;
  Loop *L = E.L;
  const SCEV *Start = nullptr, *Step = nullptr;
  if (!startAndStep(SE.getSCEV(Run.getArgOperand(2)), L, SE, Start, Step))
    return false;
  const SCEV *Stride = SE.getSCEV(Run.getArgOperand(3));
  const SCEV *Count = SE.getSCEV(Run.getArgOperand(4));
  Instruction *Before = beforeLoop(E, LI, DT);
  SCEVExpander Expander(SE, "aliaskit.prefix");
  for (const SCEV *S : {Start, Step, Stride, Count})
    if (!Before || !SE.isLoopInvariant(S, L) ||
        !Expander.isSafeToExpandAt(S, Before))
      return false;
  Type *I64 = Type::getInt64Ty(Run.getContext());
  Value *First = Expander.expandCodeFor(Start, Run.getArgOperand(2)->getType(), Before);
  Value *RowStep = Expander.expandCodeFor(Step, Step->getType(), Before);
  Value *InnerStride = Expander.expandCodeFor(Stride, I64, Before);
  Value *InnerCount = Expander.expandCodeFor(Count, I64, Before);
  BasicBlock *Exit = summaryBlock(E, LI, DT);
  // K and P, around L.
  IRBuilder<> H(&L->getHeader()->front());
  PHINode *K = H.CreatePHI(I64, 2, "aliaskit.iteration");
  PHINode *P = H.CreatePHI(I64, 2, "aliaskit.rows");
  K->addIncoming(H.getInt64(0), Before->getParent());
  P->addIncoming(H.getInt64(0), Before->getParent());
  IRBuilder<> A(&Run);
  Value *Extends = A.CreateICmpEQ(P, K);
  Value *Next = A.CreateSelect(Extends, A.CreateAdd(K, A.getInt64(1)), P);
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *Own = SplitBlockAndInsertIfThen(
      A.CreateNot(Extends), &Run, false,
      MDBuilder(Run.getContext()).createUnlikelyBranchWeights(), &DTU, &LI);
  Run.moveBefore(Own->getIterator());
  Run.setMetadata("aliaskit.prefix", MDNode::get(Run.getContext(), {}));
  // (The split made a new latch when the run was in the old one.)
  Latch = L->getLoopLatch();
  SSAUpdater Rows;
  Rows.Initialize(I64, "aliaskit.rows");
  Rows.AddAvailableValue(L->getHeader(), P);
  Rows.AddAvailableValue(At, Next);
  Value *AtLatch = Rows.GetValueAtEndOfBlock(Latch);
  P->addIncoming(AtLatch, Latch);
  IRBuilder<> LB(Latch->getTerminator());
  K->addIncoming(LB.CreateAdd(K, LB.getInt64(1)), Latch);
  IRBuilder<> B(&*Exit->getFirstInsertionPt());
  aliaskit::quiet(B.CreateCall(AccessGrid,
            {Run.getArgOperand(0), Run.getArgOperand(1), First, InnerStride, InnerCount,
             Run.getArgOperand(5), B.CreateSExtOrTrunc(RowStep, I64), AtLatch}));
  return true;
}

/// A run whose rows the program gathers as it goes: its block runs in any
/// of L's iterations, its first address and count change in ways
/// ScalarEvolution cannot tell before L (a vectorized loop's remainder
/// starts where the vector loop stopped, or at 0 when the run-time check
/// sent the row the scalar way), its stride and size the same each time.
/// Around L go the pending grid's first row F, row step D, count N and rows
/// R: a run of N blocks that continues it (the second, or one at F + R*D)
/// is one row more, a run of no block changes nothing, and any other run
/// logs the pending grid (its own call) and starts a new one. The grid
/// left pending is logged at L's exit:
///
///     empty = n == 0
///     fits = empty || R == 0 || (n == N && (R == 1 || a == F + R*D))
///     if (!fits) grid(F, ..., N, ..., D, R)   ; unlikely
///     restart = !empty && (R == 0 || !fits)
///     F, N = restart ? (a, n) : (F, N)
///     D = (!empty && fits && R == 1) ? a - F : D
///     R = empty ? R : fits ? R + 1 : 1
///   exit:
///     grid(F, ..., N, ..., D, R)              ; R may be 0: nothing
///
/// The same rows are logged, in the instance they ran in (no scope begins
/// in L), each once.
bool gatheredGrid(CallInst &Run, FunctionCallee AccessGrid, LoopInfo &LI,
                  ScalarEvolution &SE, DominatorTree &DT) {
  std::optional<LoopEnd> End = latchEnd(Run, LI);
  if (!End)
    return false;
  LoopEnd &E = *End;
  BasicBlock *Latch = E.Exiting;
  Loop *L = E.L;
  // A count that changes in every iteration (a triangular nest) never
  // continues a grid: each row would be a call all the same.
  if (auto *Count = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Run.getArgOperand(4))))
    if (Count->getLoop() == L && !Count->getStepRecurrence(SE)->isZero())
      return false;
  Instruction *Before = beforeLoop(E, LI, DT);
  bool Moved = false;
  if (!Before)
    return false;
  for (unsigned Arg : {0u, 3u, 5u})
    if (!L->makeLoopInvariant(Run.getArgOperand(Arg), Moved))
      return false;
  BasicBlock *Exit = summaryBlock(E, LI, DT);
  LLVMContext &C = Run.getContext();
  Type *I64 = Type::getInt64Ty(C);
  Value *Zero = ConstantInt::get(I64, 0), *One = ConstantInt::get(I64, 1);
  // The pending grid: first row, row step, count, rows.
  enum { F, D, N, R };
  const char *Names[] = {"aliaskit.first", "aliaskit.step", "aliaskit.count",
                         "aliaskit.rows"};
  IRBuilder<> H(&L->getHeader()->front());
  PHINode *Phi[4];
  for (int K : {F, D, N, R}) {
    Phi[K] = H.CreatePHI(I64, 2, Names[K]);
    Phi[K]->addIncoming(Zero, Before->getParent());
  }
  IRBuilder<> A(&Run);
  // Frozen: a run of no block may start at a poison address
  // (firstIteration), which the comparisons below must not branch on.
  Value *Addr = A.CreateFreeze(A.CreatePtrToInt(Run.getArgOperand(2), I64));
  Value *Count = Run.getArgOperand(4);
  Value *Empty = A.CreateICmpEQ(Count, Zero);
  Value *Started = A.CreateICmpNE(Phi[R], Zero);
  Value *Second = A.CreateICmpEQ(Phi[R], One);
  Value *Next = A.CreateAdd(Phi[F], A.CreateMul(Phi[R], Phi[D]));
  Value *Continues = A.CreateAnd(A.CreateICmpEQ(Count, Phi[N]),
                                 A.CreateOr(Second, A.CreateICmpEQ(Addr, Next)));
  Value *Fits = A.CreateOr(A.CreateOr(Empty, A.CreateNot(Started)), Continues);
  Value *Restart = A.CreateAnd(A.CreateNot(Empty),
                               A.CreateOr(A.CreateNot(Started), A.CreateNot(Fits)));
  Value *Last[4];
  Last[F] = A.CreateSelect(Restart, Addr, Phi[F]);
  Last[N] = A.CreateSelect(Restart, Count, Phi[N]);
  Last[D] = A.CreateSelect(A.CreateAnd(A.CreateAnd(A.CreateNot(Empty), Fits), Second),
                           A.CreateSub(Addr, Phi[F]), Phi[D]);
  Last[R] = A.CreateSelect(Empty, Phi[R],
                           A.CreateSelect(Fits, A.CreateAdd(Phi[R], One), One));
  auto Grid = [&](IRBuilder<> &B, Value *const *V) {
    aliaskit::quiet(B.CreateCall(
        AccessGrid, {Run.getArgOperand(0), Run.getArgOperand(1),
                     B.CreateIntToPtr(V[F], Run.getArgOperand(2)->getType()),
                     Run.getArgOperand(3), V[N], Run.getArgOperand(5), V[D], V[R]}));
  };
  DomTreeUpdater DTU(DT, DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *Own = SplitBlockAndInsertIfThen(
      A.CreateNot(Fits), &Run, false,
      MDBuilder(C).createUnlikelyBranchWeights(), &DTU, &LI);
  IRBuilder<> O(Own);
  Value *Pending[4] = {Phi[F], Phi[D], Phi[N], Phi[R]};
  Grid(O, Pending);
  BasicBlock *Rest = Run.getParent();
  // (The split made Rest the latch when the run was in it.)
  Latch = L->getLoopLatch();
  Value *AtLatch[4];
  for (int K : {F, D, N, R}) {
    SSAUpdater U;
    U.Initialize(I64, Names[K]);
    U.AddAvailableValue(L->getHeader(), Phi[K]);
    U.AddAvailableValue(Rest, Last[K]);
    AtLatch[K] = U.GetValueAtEndOfBlock(Latch);
    Phi[K]->addIncoming(AtLatch[K], Latch);
  }
  IRBuilder<> B(&*Exit->getFirstInsertionPt());
  Grid(B, AtLatch);
  Run.eraseFromParent();
  return true;
}

} // namespace

bool aliaskit::summarizeRunInLoop(CallInst &Run, FunctionCallee AccessGrid,
                                  LoopInfo &LI, ScalarEvolution &SE,
                                  DominatorTree &DT, bool Gather) {
  return LI.getLoopFor(Run.getParent()) &&
         (gridAtExit(Run, AccessGrid, LI, SE, DT) ||
          prefixGrid(Run, AccessGrid, LI, SE, DT) ||
          (Gather && gatheredGrid(Run, AccessGrid, LI, SE, DT)));
}
