//===- sanitize_loop_paths.h - one path through all of a loop's iterations ===//
//
// When every iteration of a loop L takes one path through it, a block of L
// (not of an inner loop) runs in all of L's iterations or in none. That
// holds when L's branches, but its exit's, are on conditions L does not
// change, and each inner loop has one exit block: a vectorized loop, its
// middle block and its scalar remainder, in an outer loop, whose guards
// (too few iterations, the run-time alias check) and remainder's start
// the vectorizer computes afresh in each outer iteration from values the
// outer loop does not change. Then a check in such a block is one
// summary at L's exit (sanitize_loops.cpp), whose count is 0 when the
// block does not run.
//
// `reaches(B)` is whether B runs, and `before(V)` the one value of V in
// all iterations (a phi of a block of L but its header: its value on the
// edge taken); both are computed before L, at its preheader's end, from
// copies of the instructions of L that compute them: pure ones, their
// poison flags dropped (a copy runs where the original may not have).
// Logical and/or (selects) keep a condition off the path from poisoning
// the rest. L itself is not changed.
//
//===----------------------------------------------------------------------===//

#ifndef ALIASKIT_SANITIZE_LOOP_PATHS_H
#define ALIASKIT_SANITIZE_LOOP_PATHS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/InstSimplifyFolder.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/IRBuilder.h"

namespace aliaskit {

class Paths {
  llvm::Loop *L;
  llvm::LoopInfo &LI;
  // Folds `select true, c, false` and the like: most blocks are reached
  // whenever the header is.
  llvm::IRBuilder<llvm::InstSimplifyFolder> B;
  llvm::DenseMap<llvm::BasicBlock *, llvm::Value *> Reach;
  llvm::DenseMap<std::pair<llvm::BasicBlock *, llvm::BasicBlock *>, llvm::Value *> Edges;
  llvm::DenseMap<llvm::Value *, llvm::Value *> Copies;

  llvm::Loop *child(llvm::BasicBlock *BB) const;
  llvm::Value *phiValue(llvm::PHINode *P);
  llvm::Value *copy(llvm::Instruction *I);
  llvm::Value *edge(llvm::BasicBlock *From, llvm::BasicBlock *To);
  llvm::Value *reach(llvm::BasicBlock *BB);

public:
  /// L's paths, their values made before `At` (L's preheader's end).
  Paths(llvm::Loop *L, llvm::LoopInfo &LI, llvm::Instruction *At);

  /// Whether each iteration takes one path (and L is left at its latch):
  /// false, and nothing else here may be asked, when not.
  bool find();

  /// Whether block BB of L runs in L's iterations (null: not a block of L).
  llvm::Value *reaches(llvm::BasicBlock *BB) const;

  /// V's one value in all of L's iterations, computed before L; null if L
  /// changes it.
  llvm::Value *before(llvm::Value *V);

  /// S with the values of L's instructions that have one value (in all of
  /// L's iterations) replaced by it.
  const llvm::SCEV *rewrite(const llvm::SCEV *S, llvm::ScalarEvolution &SE);
};

} // namespace aliaskit

#endif
