//===- sanitize_loop_paths.cpp - one path through all of a loop's iterations //
//
// See sanitize_loop_paths.h.
//
//===----------------------------------------------------------------------===//

#include "sanitize_loop_paths.h"

#include "llvm/Analysis/LoopIterator.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"

using namespace llvm;
using aliaskit::Paths;

namespace {

/// At most this many instructions of L copied before it.
constexpr unsigned MaxCopies = 64;

/// A SCEV rewritten with Paths::before.
class OnePath : public SCEVRewriteVisitor<OnePath> {
  Paths &P;

public:
  OnePath(ScalarEvolution &SE, Paths &P) : SCEVRewriteVisitor(SE), P(P) {}

  const SCEV *visitUnknown(const SCEVUnknown *U) {
    Value *V = P.before(U->getValue());
    return V && V != U->getValue() ? SE.getSCEV(V) : U;
  }
};

} // namespace

Paths::Paths(Loop *L, LoopInfo &LI, Instruction *At)
    : L(L), LI(LI),
      B(At->getContext(), InstSimplifyFolder(At->getDataLayout())) {
  B.SetInsertPoint(At);
}

/// The loop among L's children that holds BB, or null when L does.
Loop *Paths::child(BasicBlock *BB) const {
  Loop *In = LI.getLoopFor(BB);
  while (In && In->getParentLoop() != L)
    In = In->getParentLoop();
  return In == L ? nullptr : In;
}

/// The one value of phi P of L (not its header), or null.
Value *Paths::phiValue(PHINode *P) {
  if (P->getParent() == L->getHeader() || child(P->getParent()))
    return nullptr;
  Value *V = nullptr;
  for (unsigned I = 0, N = P->getNumIncomingValues(); I != N; ++I) {
    Value *In = before(P->getIncomingValue(I));
    Value *Taken = In ? edge(P->getIncomingBlock(I), P->getParent()) : nullptr;
    if (!Taken)
      return nullptr;
    V = V ? B.CreateSelect(Taken, In, V) : In;
  }
  return V;
}

/// A copy of pure instruction I of L (not of an inner loop) before L.
Value *Paths::copy(Instruction *I) {
  if (child(I->getParent()) || I->mayReadOrWriteMemory() ||
      !isSafeToSpeculativelyExecute(I) || Copies.size() > MaxCopies)
    return nullptr;
  Instruction *C = I->clone();
  for (Use &U : C->operands()) {
    Value *Op = before(U.get());
    if (!Op) {
      C->deleteValue();
      return nullptr;
    }
    U.set(Op);
  }
  C->dropPoisonGeneratingFlags();
  C->dropUBImplyingAttrsAndMetadata();
  return B.Insert(C, I->getName() + ".path");
}

/// Whether the edge From -> To is taken; null if L decides it anew.
Value *Paths::edge(BasicBlock *From, BasicBlock *To) {
  auto [It, New] = Edges.try_emplace({From, To}, nullptr);
  if (!New)
    return It->second;
  Value *Taken = nullptr;
  Value *In = Reach.lookup(From);
  auto *Br = dyn_cast<BranchInst>(From->getTerminator());
  if (Loop *Inner = child(From)) {
    if (Inner->getUniqueExitBlock() == To)
      Taken = Reach.lookup(Inner->getHeader());
  } else if (In && Br && (!Br->isConditional() ||
                          Br->getSuccessor(0) == Br->getSuccessor(1))) {
    Taken = In;
  } else if (Value *C = In && Br ? before(Br->getCondition()) : nullptr) {
    Taken = B.CreateLogicalAnd(In, Br->getSuccessor(0) == To ? C : B.CreateNot(C));
  }
  return Edges[{From, To}] = Taken;
}

/// Whether BB (of L, or an inner loop's header) runs: one of its edges in
/// is taken (the header: always).
Value *Paths::reach(BasicBlock *BB) {
  if (BB == L->getHeader())
    return B.getTrue();
  Loop *Inner = child(BB);
  Value *Any = nullptr;
  for (BasicBlock *From : predecessors(BB)) {
    if (Inner && Inner->contains(From))
      continue; // the inner loop's own backedge
    Value *E = edge(From, BB);
    if (!E)
      return nullptr;
    Any = Any ? B.CreateLogicalOr(Any, E) : E;
  }
  return Any;
}

bool Paths::find() {
  BasicBlock *Latch = L->getLoopLatch();
  if (!Latch || L->getExitingBlock() != Latch)
    return false;
  for (Loop *Inner : L->getSubLoops())
    if (!Inner->getUniqueExitBlock() || child(Inner->getUniqueExitBlock()))
      return false;
  LoopBlocksRPO RPO(L);
  RPO.perform(&LI);
  for (BasicBlock *BB : RPO) {
    Loop *Inner = child(BB);
    if (Inner && Inner->getHeader() != BB)
      continue; // its header speaks for it
    Value *R = reach(BB);
    if (!R)
      return false;
    Reach[BB] = R;
  }
  return true;
}

Value *Paths::reaches(BasicBlock *BB) const {
  return child(BB) ? nullptr : Reach.lookup(BB);
}

Value *Paths::before(Value *V) {
  auto *I = dyn_cast<Instruction>(V);
  if (!I || !L->contains(I))
    return V;
  auto [It, New] = Copies.try_emplace(I, nullptr);
  if (!New)
    return It->second; // null also while it is being made: a cycle
  auto *P = dyn_cast<PHINode>(I);
  Value *C = P ? phiValue(P) : copy(I);
  return Copies[I] = C;
}

const SCEV *Paths::rewrite(const SCEV *S, ScalarEvolution &SE) {
  return OnePath(SE, *this).visit(S);
}
