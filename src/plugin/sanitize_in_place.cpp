//===- sanitize_in_place.cpp - short frames checked by the program --------===//
//
// At the very end of the pipeline (after the end point, its runs and
// grids), each frame (a `__aliaskit_enter` call: a function's own, or a
// start-point frame inlined into it) whose accesses run at most once per
// call is checked by the program itself (core/src/sanitize/in_place.rs):
//
//   - each `__aliaskit_access` becomes a *slot*, two values: the first
//     and one past the last byte it touched ([u64 max, 0) until it runs,
//     or when it touches nothing);
//   - each `__aliaskit_exit` becomes the comparison of the slots of every
//     pair the core's rule claims apart with a write
//     (aliaskit_sanitize_in_place_pairs): `lo_a < hi_b && lo_b < hi_a`,
//     as `Slot::overlap` compares (must match); only if one holds, a call
//     of `__aliaskit_conflict` per pair that holds, which makes the report;
//     then one call of `__aliaskit_counted` for the summary line;
//   - `__aliaskit_enter` and `__aliaskit_scope` calls go.
//
// The slots live in allocas promoted to registers at the end, so a frame
// costs a few instructions an access and two comparisons a pair.
//
// A frame qualifies when the log would find nothing more:
//   - its calls are only accesses, scopes and exits (no run, grid or
//     delegation: those are a loop's or a callee's many accesses);
//   - no access can run twice without the frame being entered again (no
//     cycle through it that avoids the enter's block);
//   - for every pair, each scope of its claim is begun in the frame never
//     (the instance is the call) or by one scope call that cannot run
//     twice and dominates both accesses (they are in its one instance
//     whenever both ran);
//   - at most MaxSlots accesses and MaxPairs pairs; the function does not
//     call setjmp (a slot held in a register is not kept across longjmp)
//     and has no funclet (the new calls would need its bundle).
// Any other frame keeps its runtime calls.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <tuple>

using namespace llvm;

namespace {

/// More accesses than this: the runtime's log (its check is cheaper than
/// this many slots compared pair by pair).
constexpr size_t MaxSlots = 16;
constexpr size_t MaxPairs = 64;

/// Why a frame keeps the runtime's log (for --stats).
enum class Kept : unsigned {
  Many,      ///< a delegation: a callee's accesses
  Repeats,   ///< an access may run twice in one frame
  Instances, ///< a scope of a pair begun twice or after an access
  Size,      ///< too many accesses or pairs
  Function,  ///< setjmp or a funclet in the function
  Table,     ///< the table or a site cannot be read
  Count
};

/// A frame's runtime calls.
struct Frame {
  CallInst *Enter = nullptr;
  SmallVector<CallInst *, 8> Accesses, Scopes, Exits;
  /// Where a path from the enter ends without an exit: before the
  /// noreturn call ahead of an `unreachable` (exit(), abort(), a panic),
  /// or at the `unreachable`. The frame is compared there too, as the
  /// runtime would finish the frame it left behind.
  SmallVector<Instruction *, 4> DeadEnds;
  /// What the pairs of accesses compare, from the core.
  SmallVector<aliaskit::InPlacePair, 16> Pairs;
};

/// What the lowering made: the slots' allocas, promoted at the end, and the
/// instructions, simplified once the slots' loads are values.
struct Made {
  SmallVector<AllocaInst *, 32> Slots;
  SmallVector<WeakVH, 64> Insts;
};

/// A builder whose instructions go to `M.Insts`, before `At`.
struct Builder : IRBuilder<ConstantFolder, IRBuilderCallbackInserter> {
  Builder(Instruction *At, Made &M)
      : IRBuilder(At->getContext(), ConstantFolder(),
                  IRBuilderCallbackInserter(
                      [&M](Instruction *I) { M.Insts.push_back(I); })) {
    SetInsertPoint(At);
  }
};

/// The runtime functions the lowered frames call.
struct InPlaceRuntime {
  FunctionCallee Conflict, Counted;
  Type *I32, *I64;

  explicit InPlaceRuntime(Module &M) {
    LLVMContext &C = M.getContext();
    Type *Ptr = PointerType::getUnqual(C), *Void = Type::getVoidTy(C);
    I32 = Type::getInt32Ty(C);
    I64 = Type::getInt64Ty(C);
    MemoryEffects Own = MemoryEffects::inaccessibleMemOnly();
    // __aliaskit_conflict reads the table and the hosts it is given.
    // Each side: its site and walk (first, size, step, count, row_step,
    // rows), as runtime/src/lib.rs takes them.
    Conflict = M.getOrInsertFunction(
        "__aliaskit_conflict",
        FunctionType::get(Void,
                          {Ptr, I32, Ptr, I32, I32, I64, I64, I64, I64, I64,
                           I64, I32, I64, I64, I64, I64, I64, I64},
                          false),
        aliaskit::runtimeCallAttributes(
            C, Own | MemoryEffects::argMemOnly(ModRefInfo::Ref)));
    Counted = M.getOrInsertFunction(
        "__aliaskit_counted", FunctionType::get(Void, {I64, I64}, false),
        aliaskit::runtimeCallAttributes(C, Own));
  }
};

/// The frame's runtime calls; false if it has another use (a run, a grid,
/// a delegation, anything that is not one of its calls: `Why` says).
bool collect(CallInst *Enter, Frame &Out, Kept &Why) {
  Why = Kept::Many;
  Out.Enter = Enter;
  for (User *U : Enter->users()) {
    auto *C = dyn_cast<CallInst>(U);
    if (!C || C->getArgOperand(0) != Enter)
      return false;
    if (aliaskit::runtimeCall(C, "__aliaskit_access", 4) ||
        aliaskit::runtimeCall(C, "__aliaskit_access_run", 6) ||
        aliaskit::runtimeCall(C, "__aliaskit_access_grid", 8))
      Out.Accesses.push_back(C);
    else if (aliaskit::runtimeCall(C, "__aliaskit_scope", 2))
      Out.Scopes.push_back(C);
    else if (aliaskit::runtimeCall(C, "__aliaskit_exit", 1))
      Out.Exits.push_back(C);
    else
      return false;
  }
  Why = Kept::Size;
  return Out.Accesses.size() <= MaxSlots;
}

/// The dead ends of the frame (`Frame::DeadEnds`): the blocks reached from
/// the enter without passing an exit of the frame or the enter again that
/// end in `unreachable`.
void findDeadEnds(Frame &F) {
  SmallPtrSet<const BasicBlock *, 8> ExitBlocks;
  for (CallInst *X : F.Exits)
    ExitBlocks.insert(X->getParent());
  BasicBlock *EnterBlock = F.Enter->getParent();
  auto DeadEnd = [&](BasicBlock *B) {
    auto *U = dyn_cast<UnreachableInst>(B->getTerminator());
    if (!U)
      return;
    auto *Before = dyn_cast_or_null<CallBase>(U->getPrevNode());
    F.DeadEnds.push_back(Before && Before->doesNotReturn()
                             ? static_cast<Instruction *>(Before)
                             : U);
  };
  // The enter's own block: a dead end only if no exit follows the enter.
  for (CallInst *X : F.Exits)
    if (X->getParent() == EnterBlock && F.Enter->comesBefore(X))
      return;
  DeadEnd(EnterBlock);
  SmallVector<BasicBlock *, 16> Work(successors(EnterBlock));
  SmallPtrSet<BasicBlock *, 32> Seen;
  while (!Work.empty()) {
    BasicBlock *B = Work.pop_back_val();
    if (B == EnterBlock || ExitBlocks.contains(B) || !Seen.insert(B).second)
      continue;
    DeadEnd(B);
    Work.append(succ_begin(B), succ_end(B));
  }
}

/// Whether I can run again before the block of `Enter` is entered again:
/// a path from I back to its own block that avoids the enter's block.
bool repeats(const Instruction *I, const CallInst *Enter) {
  const BasicBlock *Home = I->getParent(), *EnterBlock = Enter->getParent();
  SmallVector<const BasicBlock *, 16> Work(succ_begin(Home), succ_end(Home));
  SmallPtrSet<const BasicBlock *, 32> Seen;
  while (!Work.empty()) {
    const BasicBlock *B = Work.pop_back_val();
    if (B == Home && B != EnterBlock)
      return true;
    if (B == EnterBlock || !Seen.insert(B).second)
      continue;
    Work.append(succ_begin(B), succ_end(B));
  }
  return false;
}

/// The table function and the site of each access; false if a site is not
/// a constant.
bool sitesOf(const Frame &F, uint32_t &Function,
             SmallVectorImpl<uint32_t> &Sites) {
  auto *Index = dyn_cast<ConstantInt>(F.Enter->getArgOperand(1));
  if (!Index)
    return false;
  Function = Index->getZExtValue();
  for (CallInst *A : F.Accesses) {
    auto *Site = dyn_cast<ConstantInt>(A->getArgOperand(1));
    if (!Site)
      return false;
    Sites.push_back(Site->getZExtValue());
  }
  return true;
}

/// Whether every pair's accesses are in one instance of each scope of its
/// claim whenever both ran (the file comment).
bool sameInstance(const Frame &F, ArrayRef<uint32_t> Scopes,
                  DominatorTree &DT) {
  DenseMap<uint32_t, SmallVector<CallInst *, 2>> Begun;
  for (CallInst *S : F.Scopes) {
    auto *Scope = dyn_cast<ConstantInt>(S->getArgOperand(1));
    if (!Scope)
      return false;
    Begun[Scope->getZExtValue()].push_back(S);
  }
  for (const aliaskit::InPlacePair &P : F.Pairs)
    for (uint32_t K = 0; K < P.ScopesCount; ++K) {
      auto It = Begun.find(Scopes[P.ScopesBegin + K]);
      if (It == Begun.end())
        continue; // never begun in the frame: its instance is the call
      if (It->second.size() != 1)
        return false;
      CallInst *S = It->second.front();
      if (repeats(S, F.Enter) || !DT.dominates(S, F.Accesses[P.First]) ||
          !DT.dominates(S, F.Accesses[P.Second]))
        return false;
    }
  return true;
}

/// The decoded table of a table global (null if it cannot be read).
class Tables {
  DenseMap<const GlobalVariable *, void *> Decoded;

public:
  ~Tables() {
    for (auto &[G, T] : Decoded)
      aliaskit_sanitize_in_place_free(T);
  }
  void *of(Value *V) {
    auto *G = dyn_cast<GlobalVariable>(V->stripPointerCasts());
    if (!G)
      return nullptr;
    auto [It, New] = Decoded.try_emplace(G, nullptr);
    if (New && G->hasInitializer())
      if (auto *Data = dyn_cast<ConstantDataArray>(G->getInitializer())) {
        StringRef Raw = Data->getRawDataValues();
        It->second = aliaskit_sanitize_in_place_table(
            reinterpret_cast<const uint8_t *>(Raw.data()), Raw.size());
      }
    return It->second;
  }
};

/// Whether the frame qualifies (else `Why` says why not); its pairs are
/// filled in.
bool qualifies(Frame &F, Tables &T, DominatorTree &DT, Kept &Why) {
  void *Table = T.of(F.Enter->getArgOperand(0));
  uint32_t Function;
  SmallVector<uint32_t, MaxSlots> Sites;
  Why = Kept::Table;
  if (!Table || !sitesOf(F, Function, Sites))
    return false;
  Why = Kept::Repeats;
  for (CallInst *A : F.Accesses)
    if (repeats(A, F.Enter))
      return false;
  F.Pairs.resize(MaxPairs);
  SmallVector<uint32_t, 64> Scopes(256);
  size_t ScopesLen = 0;
  ptrdiff_t N = aliaskit_sanitize_in_place_pairs(
      Table, Function, Sites.data(), Sites.size(), F.Pairs.data(), MaxPairs,
      Scopes.data(), Scopes.size(), &ScopesLen);
  Why = N < 0 ? Kept::Table : Kept::Size;
  if (N < 0 || size_t(N) > MaxPairs || ScopesLen > Scopes.size())
    return false;
  F.Pairs.resize(N);
  Scopes.resize(ScopesLen);
  // Reports in the order the log finds them: by the later access, then
  // the earlier.
  llvm::sort(F.Pairs, [](const aliaskit::InPlacePair &A,
                         const aliaskit::InPlacePair &B) {
    return std::tie(A.Second, A.First) < std::tie(B.Second, B.First);
  });
  Why = Kept::Instances;
  return sameInstance(F, Scopes, DT);
}

/// An alloca of an i64 in F's entry block.
AllocaInst *slotAlloca(Function &Fn, Type *I64, Made &M) {
  IRBuilder<> B(&*Fn.getEntryBlock().getFirstInsertionPt());
  AllocaInst *A = B.CreateAlloca(I64);
  M.Slots.push_back(A);
  return A;
}

/// One access call of a frame as a walk (core `Slot::of_walk`): its
/// first address, block size, step, blocks, row step and rows.
struct Walk {
  Value *First, *Size, *Step, *Count, *RowStep, *Rows;
};

Walk walkOf(CallInst *A, IRBuilderBase &B) {
  Type *I64 = B.getInt64Ty();
  Value *First = B.CreatePtrToInt(A->getArgOperand(2), I64);
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  auto Arg = [&](unsigned I) { return B.CreateZExtOrTrunc(A->getArgOperand(I), I64); };
  switch (A->arg_size()) {
  case 4: // __aliaskit_access(frame, site, address, size)
    return {First, Arg(3), Zero, One, Zero, One};
  case 6: // __aliaskit_access_run(frame, site, first, stride, count, size)
    return {First, Arg(5), Arg(3), Arg(4), Zero, One};
  default: // _grid(frame, site, first, stride, count, size, row_stride, rows)
    return {First, Arg(5), Arg(3), Arg(4), Arg(6), Arg(7)};
  }
}

/// The walk's hull, [Lo, Hi); [u64 max, 0) when it touches nothing. Must
/// match `Slot::of_walk` (core/src/sanitize/in_place.rs).
std::pair<Value *, Value *> hullOf(const Walk &W, IRBuilderBase &B) {
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  auto Span = [&](Value *N, Value *Step) {
    return B.CreateMul(B.CreateSub(N, One), Step);
  };
  Value *S = Span(W.Count, W.Step), *R = Span(W.Rows, W.RowStep);
  Value *Lo = B.CreateAdd(B.CreateAdd(W.First, B.CreateBinaryIntrinsic(Intrinsic::smin, S, Zero)),
                          B.CreateBinaryIntrinsic(Intrinsic::smin, R, Zero));
  Value *Hi = B.CreateAdd(B.CreateAdd(W.First, B.CreateBinaryIntrinsic(Intrinsic::smax, S, Zero)),
                          B.CreateAdd(B.CreateBinaryIntrinsic(Intrinsic::smax, R, Zero), W.Size));
  Value *Touches = B.CreateAnd(B.CreateAnd(B.CreateICmpNE(W.Size, Zero),
                                           B.CreateICmpNE(W.Count, Zero)),
                               B.CreateICmpNE(W.Rows, Zero));
  return {B.CreateSelect(Touches, Lo, B.getInt64(~uint64_t(0))),
          B.CreateSelect(Touches, Hi, Zero)};
}

/// Replaces the frame's runtime calls by slots and their comparison.
void lower(Frame &F, InPlaceRuntime &RT, Made &M) {
  Function &Fn = *F.Enter->getFunction();
  Type *I64 = RT.I64;
  Constant *Empty = ConstantInt::get(I64, ~uint64_t(0)),
           *Zero = ConstantInt::get(I64, 0), *One = ConstantInt::get(I64, 1);
  // Each slot: its hull, and its walk for the runtime when hulls meet.
  struct Slot {
    AllocaInst *Lo, *Hi, *Walk[6];
  };
  SmallVector<Slot, MaxSlots> Slots;
  for (size_t K = 0; K < F.Accesses.size(); ++K) {
    Slot S;
    S.Lo = slotAlloca(Fn, I64, M);
    S.Hi = slotAlloca(Fn, I64, M);
    for (AllocaInst *&W : S.Walk)
      W = slotAlloca(Fn, I64, M);
    Slots.push_back(S);
  }
  AllocaInst *Accesses = slotAlloca(Fn, I64, M),
             *Instances = slotAlloca(Fn, I64, M);
  {
    Builder B(F.Enter, M);
    for (Slot &S : Slots) {
      B.CreateStore(Empty, S.Lo);
      B.CreateStore(Zero, S.Hi);
      for (AllocaInst *W : S.Walk)
        B.CreateStore(Zero, W);
    }
    B.CreateStore(Zero, Accesses);
    B.CreateStore(One, Instances);
  }
  SmallVector<Value *, MaxSlots> Site;
  for (size_t K = 0; K < F.Accesses.size(); ++K) {
    CallInst *A = F.Accesses[K];
    Builder B(A, M);
    Walk W = walkOf(A, B);
    auto [Lo, Hi] = hullOf(W, B);
    B.CreateStore(Lo, Slots[K].Lo);
    B.CreateStore(Hi, Slots[K].Hi);
    Value *Parts[6] = {W.First, W.Size, W.Step, W.Count, W.RowStep, W.Rows};
    for (unsigned I = 0; I < 6; ++I)
      B.CreateStore(Parts[I], Slots[K].Walk[I]);
    // The log counts a walk's blocks (none when it touches nothing).
    Value *Blocks = B.CreateSelect(B.CreateICmpNE(W.Size, Zero),
                                   B.CreateMul(W.Count, W.Rows), Zero);
    B.CreateStore(B.CreateAdd(B.CreateLoad(I64, Accesses), Blocks), Accesses);
    Site.push_back(A->getArgOperand(1));
  }
  for (CallInst *S : F.Scopes) {
    Builder B(S, M);
    B.CreateStore(B.CreateAdd(B.CreateLoad(I64, Instances), One), Instances);
  }
  MDNode *Cold = MDBuilder(Fn.getContext()).createUnlikelyBranchWeights();
  SmallVector<Instruction *, 8> Ends(F.Exits.begin(), F.Exits.end());
  Ends.append(F.DeadEnds.begin(), F.DeadEnds.end());
  for (Instruction *X : Ends) {
    Builder B(X, M);
    SmallVector<Value *, MaxSlots> L, H;
    for (Slot &S : Slots) {
      L.push_back(B.CreateLoad(I64, S.Lo));
      H.push_back(B.CreateLoad(I64, S.Hi));
    }
    // Must match `Slot::overlap` (core/src/sanitize/in_place.rs).
    SmallVector<Value *, 16> Hit;
    Value *Any = nullptr;
    for (const aliaskit::InPlacePair &P : F.Pairs) {
      Hit.push_back(B.CreateAnd(B.CreateICmpULT(L[P.First], H[P.Second]),
                                B.CreateICmpULT(L[P.Second], H[P.First])));
      Any = Any ? B.CreateOr(Any, Hit.back()) : Hit.back();
    }
    if (!F.Pairs.empty()) {
      Instruction *Then = SplitBlockAndInsertIfThen(Any, X, false, Cold);
      for (size_t I = 0; I < F.Pairs.size(); ++I) {
        const aliaskit::InPlacePair &P = F.Pairs[I];
        Instruction *Report =
            F.Pairs.size() == 1
                ? Then
                : SplitBlockAndInsertIfThen(Hit[I], Then, false, Cold);
        Builder R(Report, M);
        SmallVector<Value *, 18> Args = {
            F.Enter->getArgOperand(0), F.Enter->getArgOperand(1),
            F.Enter->getArgOperand(5), F.Enter->getArgOperand(6)};
        for (uint32_t K : {P.First, P.Second}) {
          Args.push_back(Site[K]);
          for (AllocaInst *W : Slots[K].Walk)
            Args.push_back(R.CreateLoad(I64, W));
        }
        aliaskit::quiet(R.CreateCall(RT.Conflict, Args));
      }
      B.SetInsertPoint(X);
    }
    aliaskit::quiet(B.CreateCall(
        RT.Counted,
        {B.CreateLoad(I64, Accesses), B.CreateLoad(I64, Instances)}));
  }
  for (CallInst *C : F.Accesses)
    C->eraseFromParent();
  for (CallInst *C : F.Scopes)
    C->eraseFromParent();
  for (CallInst *C : F.Exits)
    C->eraseFromParent();
  // llvm.frameaddress would keep a frame pointer for nothing.
  auto *FrameAddress = dyn_cast<Instruction>(F.Enter->getArgOperand(4));
  F.Enter->eraseFromParent();
  if (FrameAddress && FrameAddress->use_empty())
    FrameAddress->eraseFromParent();
}

/// Whether F may hold frames checked in place (the file comment).
bool mayLower(Function &F) {
  if (F.isDeclaration() || F.callsFunctionThatReturnsTwice())
    return false;
  for (Instruction &I : instructions(F))
    if (isa<FuncletPadInst>(I) || isa<CatchSwitchInst>(I))
      return false;
  return true;
}

} // namespace

PreservedAnalyses aliaskit::InPlacePass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Tables T;
  unsigned InPlace = 0, Reasons[unsigned(Kept::Count)] = {};
  bool Changed = false;
  for (Function &Fn : M) {
    // Accesses in the function's order: a report's first access is the
    // one laid out first, as the log's is the one logged first.
    DenseMap<const Instruction *, unsigned> Order;
    SmallVector<CallInst *, 4> Enters;
    for (Instruction &I : instructions(Fn)) {
      Order[&I] = Order.size();
      if (CallInst *Enter = aliaskit::runtimeCall(&I, "__aliaskit_enter", 7))
        Enters.push_back(Enter);
    }
    if (Enters.empty())
      continue;
    if (!mayLower(Fn)) {
      Reasons[unsigned(Kept::Function)] += Enters.size();
      continue;
    }
    DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(Fn);
    SmallVector<Frame, 4> Frames;
    for (CallInst *Enter : Enters) {
      Frame F;
      Kept Why;
      if (collect(Enter, F, Why)) {
        llvm::sort(F.Accesses, [&](const CallInst *A, const CallInst *B) {
          return Order.lookup(A) < Order.lookup(B);
        });
        if (qualifies(F, T, DT, Why)) {
          findDeadEnds(F);
          Frames.push_back(std::move(F));
          continue;
        }
      }
      ++Reasons[unsigned(Why)];
    }
    if (Frames.empty())
      continue;
    InPlaceRuntime RT(M);
    Made Made;
    for (Frame &F : Frames)
      lower(F, RT, Made);
    InPlace += Frames.size();
    FAM.invalidate(Fn, PreservedAnalyses::none());
    PromoteMemToReg(Made.Slots, FAM.getResult<DominatorTreeAnalysis>(Fn));
    // The slots' first values are constants: what they fold.
    const SimplifyQuery SQ(M.getDataLayout());
    for (WeakVH &V : Made.Insts)
      if (auto *I = dyn_cast_or_null<Instruction>(V))
        if (Value *Simpler = simplifyInstruction(I, SQ.getWithInstruction(I)))
          I->replaceAllUsesWith(Simpler);
    for (WeakVH &V : Made.Insts)
      if (auto *I = dyn_cast_or_null<Instruction>(V))
        RecursivelyDeleteTriviallyDeadInstructions(I);
    FAM.invalidate(Fn, PreservedAnalyses::none());
    Changed = true;
  }
  if (Stats)
    errs() << "aliaskit-sanitize-in-place: " << InPlace
           << " frames checked in place; kept in the runtime: "
           << Reasons[unsigned(Kept::Many)] << " with delegated calls, "
           << Reasons[unsigned(Kept::Repeats)] << " with an access in a loop, "
           << Reasons[unsigned(Kept::Instances)] << " with scopes begun twice or late, "
           << Reasons[unsigned(Kept::Size)] << " too large, "
           << Reasons[unsigned(Kept::Function)] << " in functions with setjmp or funclets, "
           << Reasons[unsigned(Kept::Table)] << " unreadable\n";
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
