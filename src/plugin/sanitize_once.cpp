//===- sanitize_once.cpp - an access a loop repeats, logged once ----------===//
//
// At the very end, before frames are checked in place: each
// `__aliaskit_access` still in a loop, at an address and of a size the loop
// does not change, runs only the first time it is reached in each
// execution of the loop (core/src/sanitize/once.rs: the log finds the
// same conflicts). Rust's `Vec` pointer and length, loaded again in each
// iteration of a `while let` loop whose count no run can know, are the
// common case.
//
// The outermost loop L around the call for which all of these hold:
//   - the address and the size are computed outside L;
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
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
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

/// The outermost loop in which `Access` may run once per execution (the
/// file comment), or null.
Loop *onceLoop(CallInst &Access, LoopInfo &LI, aliaskit::inplace::Tables &T) {
  Loop *L = LI.getLoopFor(Access.getParent());
  CallInst *Enter =
      aliaskit::runtimeCall(Access.getArgOperand(0), "__aliaskit_enter", 7);
  SmallVector<uint32_t, 16> Scopes;
  if (!L || !Enter || !onceScopes(Access, *Enter, T, Scopes))
    return nullptr;
  Loop *Outermost = nullptr;
  for (; L; L = L->getParentLoop()) {
    if (!L->isLoopInvariant(Access.getArgOperand(2)) ||
        !L->isLoopInvariant(Access.getArgOperand(3)) ||
        !sameInstancesIn(*L, *Enter, Scopes))
      break;
    Outermost = L;
  }
  return Outermost;
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
  return true;
}

} // namespace

unsigned aliaskit::inplace::onceInLoops(Function &F,
                                        FunctionAnalysisManager &FAM,
                                        Tables &T) {
  SmallVector<CallInst *, 16> Calls;
  for (Instruction &I : instructions(F))
    if (CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_access", 4))
      Calls.push_back(C);
  if (Calls.empty())
    return 0;
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
  unsigned Once = 0;
  for (CallInst *C : Calls)
    if (Loop *L = onceLoop(*C, LI, T))
      Once += runOnce(*C, *L, DT, LI);
  if (Once)
    FAM.invalidate(F, PreservedAnalyses::none());
  return Once;
}

PreservedAnalyses aliaskit::OncePass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  aliaskit::inplace::Tables T;
  unsigned Once = 0;
  for (Function &F : M)
    if (!F.isDeclaration())
      Once += aliaskit::inplace::onceInLoops(F, FAM, T);
  if (Stats)
    errs() << "aliaskit-sanitize-once: " << Once
           << " accesses a loop repeats at one address logged once per "
              "execution of the loop\n";
  return Once ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
