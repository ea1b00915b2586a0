//===- sanitize_tbaa_loops.cpp - --tbaa: a loop checked before it runs ----===//
//
// A kernel's loop checks every tagged access inline (sanitize_tbaa_fast.cpp):
// a few loads and compares per byte, and the loop is no longer vectorized.
// Most such loops read and write bytes of their own types only, and the
// runtime can tell so before the loop runs: at the end of the pipeline,
// before the fast paths are expanded, a loop (or a nest of two) whose
// tagged accesses are all strided runs is versioned:
//
//   preheader:  br (count >= 32), label %aliaskit.ask, label %join
//   aliaskit.ask:
//               %q = call i32 @__aliaskit_tbaa_loop(ptr @__aliaskit_tbaa_base,
//                                                   ptr %runs, i32 N)
//   join:       %quiet = phi [false, preheader], [%q != 0, aliaskit.ask]
//               br %quiet, label %header.quiet, label %header
//   header ...  the loop as it was: every access checked (then expanded
//               into the inline fast path);
//   header.quiet ...  a copy without the checks, vectorized again.
//
// `%runs` gives each access over all iterations (first address, step,
// count, site, size, a per-call access's call and host instances, and an
// inner loop's rows and their step;
// LoopAccess, which must match runtime/src/tbaa.rs). The runtime answers
// with the core's rule (core/src/sanitize/tbaa_loop.rs, property-tested
// against the accesses one at a time): 1 when running the accesses one at
// a time would do nothing but what it does itself, writing the stores'
// shadow (a per-call store's id in its call instance); 0 otherwise (a
// store over bytes of another type, a load meeting bytes of a store it may
// not alias and whose pair is not reported yet, stores of two sites to one
// byte), and the checked loop runs, reporting as always. A loop of fewer
// than MinCount iterations is not worth the question (its runs' scans and
// the call cost more than its checks) and runs checked.
//
// What the loop must be, so that its runs are exactly its accesses and
// nothing else in it sees or changes the shadow:
//   - every tagged access is a check or store call with the fast path
//     wanted (FastMD: a whole access of a constant size; a per-call one's
//     instances computed before the loop), running in every iteration (or
//     all but the last) at an address with a step the loop does not
//     change, the count known before the loop (runBeforeLoop, the scoped
//     checker's loop summaries' conditions);
//   - nothing else in it calls a function, but intrinsics that touch no
//     memory and the scoped checker's runtime (which does not see the
//     shadow): no untagged write's reset, no copy, no callee's accesses;
//   - it is innermost, or holds one loop, innermost, whose accesses are
//     grids (gridBeforeLoop: a row per iteration of the outer loop); each
//     has one exiting block and one exit (it is left only after its last
//     iteration: the shadow written before it is the shadow after it).
// The outer loop of a nest is tried first (loops in preorder); the inner
// loop of its checked copy is then versioned alone.
//
//===----------------------------------------------------------------------===//

#include "sanitize_tbaa.h"
#include "shim.h"

#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ValueMapper.h"
#include "llvm/Transforms/Vectorize/LoopVectorize.h"

using namespace llvm;
using aliaskit::tbaa::FastMD;

namespace {

/// In LoopAccess::Kind: a store. Must match LOOP_STORE in
/// runtime/src/tbaa.rs.
constexpr uint32_t LoopStore = 1u << 31;
/// Accesses a loop may pass at most.
constexpr unsigned MaxRuns = 64;

/// A tagged access of the loop: its check or store call.
using Access = aliaskit::tbaa::FastCall;

/// The access's address and size (a constant), and its call instance and
/// host instance (0 when it is not per call; an `_in` call's host is its
/// call instance).
Value *addressOf(const Access &A) { return A.Call->getArgOperand(A.PtrArg); }
uint64_t sizeOf(const Access &A) {
  return cast<ConstantInt>(A.Call->getArgOperand(A.PtrArg + 1))->getZExtValue();
}
std::pair<Value *, Value *> instancesOf(const Access &A, IRBuilder<> &B) {
  if (A.InstanceArg < 0)
    return {B.getInt64(0), B.getInt64(0)};
  Value *Call = A.Call->getArgOperand(A.InstanceArg);
  bool At = A.PtrArg == unsigned(A.InstanceArg) + 2;
  return {Call, At ? A.Call->getArgOperand(A.InstanceArg + 1) : Call};
}

/// Whether `C`, in a loop, is one that neither sees nor changes the shadow:
/// an intrinsic that touches no memory, or the scoped checker's runtime.
bool blindCall(const CallBase &C) {
  if (isa<IntrinsicInst>(C))
    return C.doesNotAccessMemory() || isa<AssumeInst>(C);
  return aliaskit::isRuntimeCall(C) &&
         !C.getCalledFunction()->getName().starts_with("__aliaskit_tbaa_");
}

/// Whether L is left by one way only, after its last iteration.
bool oneWayOut(const Loop &L) { return L.getExitingBlock() && L.getUniqueExitBlock(); }

/// Whether L is innermost, or holds one loop, innermost (a nest of two:
/// its accesses' runs have a row per iteration of L); each left by one way.
bool nestOfAtMostTwo(const Loop &L) {
  return oneWayOut(L) &&
         (L.isInnermost() || (L.getSubLoops().size() == 1 &&
                              L.getSubLoops()[0]->isInnermost() &&
                              oneWayOut(*L.getSubLoops()[0])));
}

/// The tagged accesses of loop L (innermost, or a nest of two) when it may
/// be checked before it runs (the file comment); empty otherwise.
SmallVector<Access, 8> accessesOf(const Loop &L, const Value *Base) {
  SmallVector<Access, 8> Out;
  if (!nestOfAtMostTwo(L))
    return {};
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB) {
      auto *C = dyn_cast<CallBase>(&I);
      if (!C)
        continue;
      std::optional<Access> A = aliaskit::tbaa::fastCall(I);
      if (!A) {
        if (!blindCall(*C))
          return {};
        continue;
      }
      // Its site, size and instances known before the loop; a store's id
      // not used yet (the fast path uses it, later).
      auto *Size = dyn_cast<ConstantInt>(A->Call->getArgOperand(A->PtrArg + 1));
      bool Invariant = true;
      for (unsigned K = A->InstanceArg < 0 ? A->PtrArg : A->InstanceArg; K < A->PtrArg; ++K)
        Invariant &= L.isLoopInvariant(A->Call->getArgOperand(K));
      if (!A->Call->getMetadata(FastMD) || A->Call->getArgOperand(0) != Base ||
          !isa<ConstantInt>(A->Call->getArgOperand(1)) || !Size ||
          Size->getZExtValue() >= LoopStore || !Invariant ||
          !A->Call->use_empty() || Out.size() == MaxRuns)
        return {};
      Out.push_back(*A);
    }
  return Out;
}

/// Whether the runtime is asked at all: a loop of fewer iterations runs
/// with its checks, which cost less than the question (the runtime's call,
/// its answers, a scan of each run).
constexpr uint64_t MinCount = 32;

/// Asks the runtime about the accesses' runs before L (whose preheader
/// computed them): the preheader now ends in a branch to a block that fills
/// `%runs` and calls it when the loop runs at least MinCount iterations,
/// and both go to a new preheader, whose `%quiet` phi is returned.
Value *askRuntime(Loop &L, ArrayRef<Access> Accesses,
                  ArrayRef<aliaskit::RunBeforeLoop> Runs, GlobalVariable *Base) {
  BasicBlock *Preheader = L.getLoopPreheader();
  Function &F = *Preheader->getParent();
  LLVMContext &C = F.getContext();
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  // { first, step, count, site, size | LoopStore, instance, host, rows,
  // row step }: must match LoopAccess in runtime/src/tbaa.rs.
  StructType *LoopAccess =
      StructType::get(C, {I64, I64, I64, I32, I32, I64, I64, I64, I64});
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *Array = Entry.CreateAlloca(
      ArrayType::get(LoopAccess, Accesses.size()), nullptr, "aliaskit.loop.runs");
  // Preheader -> (Ask ->) Join -> the loop or its quiet copy.
  BasicBlock *Join = SplitBlock(Preheader, Preheader->getTerminator());
  BasicBlock *Ask = BasicBlock::Create(C, "aliaskit.ask", &F, Join);
  IRBuilder<> B(Preheader->getTerminator());
  // The iterations: of the inner loop, in a nest.
  const aliaskit::RunBeforeLoop *Most = &Runs.front();
  for (const aliaskit::RunBeforeLoop &R : Runs)
    if (R.Rows)
      Most = &R;
  Value *Iterations = Most->Rows ? B.CreateMul(Most->Count, Most->Rows) : Most->Count;
  Value *Big = B.CreateICmpUGE(Iterations, B.getInt64(MinCount));
  B.CreateCondBr(Big, Ask, Join);
  Preheader->getTerminator()->eraseFromParent();
  B.SetInsertPoint(Ask);
  for (size_t K = 0; K < Accesses.size(); ++K) {
    CallInst *Call = Accesses[K].Call;
    auto Field = [&](unsigned N) {
      return B.CreateInBoundsGEP(Array->getAllocatedType(), Array,
                                 {B.getInt32(0), B.getInt32(K), B.getInt32(N)});
    };
    uint64_t Size = sizeOf(Accesses[K]);
    auto [Instance, Host] = instancesOf(Accesses[K], B);
    aliaskit::quiet(B.CreateStore(B.CreatePtrToInt(Runs[K].First, I64), Field(0)));
    aliaskit::quiet(B.CreateStore(Runs[K].Step, Field(1)));
    aliaskit::quiet(B.CreateStore(Runs[K].Count, Field(2)));
    aliaskit::quiet(B.CreateStore(Call->getArgOperand(1), Field(3)));
    aliaskit::quiet(B.CreateStore(
        B.getInt32(uint32_t(Size) | (Accesses[K].Store ? LoopStore : 0)), Field(4)));
    aliaskit::quiet(B.CreateStore(Instance, Field(5)));
    aliaskit::quiet(B.CreateStore(Host, Field(6)));
    aliaskit::quiet(B.CreateStore(Runs[K].Rows ? Runs[K].Rows : B.getInt64(1), Field(7)));
    aliaskit::quiet(B.CreateStore(Runs[K].RowStep ? Runs[K].RowStep : B.getInt64(0), Field(8)));
  }
  Module &M = *F.getParent();
  aliaskit::RuntimeTypes T(M);
  FunctionCallee Fn = M.getOrInsertFunction(
      "__aliaskit_tbaa_loop", FunctionType::get(I32, {T.Ptr, T.Ptr, I32}, false),
      aliaskit::runtimeCallAttributes(
          C, T.Own | MemoryEffects::argMemOnly(ModRefInfo::Ref)));
  Value *Answer = aliaskit::quiet(B.CreateCall(
      Fn, {Base, Array, B.getInt32(Accesses.size())}));
  Value *Yes = B.CreateICmpNE(Answer, B.getInt32(0));
  B.CreateBr(Join);
  B.SetInsertPoint(&Join->front());
  PHINode *Quiet = B.CreatePHI(B.getInt1Ty(), 2, "aliaskit.quiet");
  Quiet->addIncoming(B.getFalse(), Preheader);
  Quiet->addIncoming(Yes, Ask);
  return Quiet;
}

/// A copy of L's blocks without the checks, entered from L's preheader
/// when `Quiet`; L must be in LCSSA form with one exiting block and one
/// exit.
void addQuietCopy(Loop &L, ArrayRef<Access> Accesses, Value *Quiet) {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Exiting = L.getExitingBlock(), *Exit = L.getUniqueExitBlock();
  Function &F = *Preheader->getParent();
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 8> Copies;
  for (BasicBlock *BB : L.blocks()) {
    BasicBlock *Copy = CloneBasicBlock(BB, VMap, ".quiet", &F);
    VMap[BB] = Copy;
    Copies.push_back(Copy);
  }
  remapInstructionsInBlocks(Copies, VMap);
  // The way out of the copy: the exit's LCSSA phis take the copy's values.
  auto *ExitingCopy = cast<BasicBlock>(VMap[Exiting]);
  for (PHINode &P : Exit->phis()) {
    Value *V = P.getIncomingValueForBlock(Exiting);
    Value *Copy = VMap.count(V) ? static_cast<Value *>(VMap[V]) : V;
    P.addIncoming(Copy, ExitingCopy);
  }
  // The copy's loops are loops of their own: their own loop ids.
  SmallVector<Loop *, 2> Loops{&L};
  Loops.append(L.getSubLoops().begin(), L.getSubLoops().end());
  for (Loop *Each : Loops) {
    if (!Each->getLoopLatch())
      continue;
    auto *LatchCopy = cast<BasicBlock>(VMap[Each->getLoopLatch()]);
    MDNode *Id = LatchCopy->getTerminator()->getMetadata(LLVMContext::MD_loop);
    if (!Id)
      continue;
    SmallVector<Metadata *, 4> Ops{nullptr};
    for (unsigned K = 1; K < Id->getNumOperands(); ++K)
      Ops.push_back(Id->getOperand(K));
    MDNode *New = MDNode::getDistinct(F.getContext(), Ops);
    New->replaceOperandWith(0, New);
    LatchCopy->getTerminator()->setMetadata(LLVMContext::MD_loop, New);
  }
  for (const Access &A : Accesses)
    cast<Instruction>(VMap[A.Call])->eraseFromParent();
  auto *Header = L.getHeader();
  auto *HeaderCopy = cast<BasicBlock>(VMap[Header]);
  Instruction *Term = Preheader->getTerminator();
  IRBuilder<> B(Term);
  B.CreateCondBr(Quiet, HeaderCopy, Header);
  Term->eraseFromParent();
}

/// Versions the first loop of F that may be checked before it runs;
/// false when there is none left. `Done`: the loops' headers already seen.
bool versionOne(Function &F, GlobalVariable *Base, SmallPtrSetImpl<BasicBlock *> &Done) {
  DominatorTree DT(F);
  LoopInfo LI(DT);
  TargetLibraryInfoImpl TLII(F.getParent()->getTargetTriple());
  TargetLibraryInfo TLI(TLII, &F);
  AssumptionCache AC(F);
  ScalarEvolution SE(F, TLI, AC, DT, LI);
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!Done.insert(L->getHeader()).second)
      continue;
    SmallVector<Access, 8> Accesses = accessesOf(*L, Base);
    if (Accesses.empty())
      continue;
    simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, false);
    if (!L->getLoopPreheader() || !L->hasDedicatedExits())
      continue;
    // L's own accesses are runs; its inner loop's, grids.
    SmallVector<aliaskit::RunBeforeLoop, 8> Runs;
    for (const Access &A : Accesses)
      if (auto R = LI.getLoopFor(A.Call->getParent()) == L
                       ? aliaskit::runBeforeLoop(*A.Call, addressOf(A), LI, SE, DT)
                       : aliaskit::gridBeforeLoop(*A.Call, addressOf(A), LI, SE, DT))
        Runs.push_back(*R);
    // (Values expanded for a loop left alone are dead: later passes drop
    // them.)
    if (Runs.size() != Accesses.size())
      continue;
    formLCSSARecursively(*L, DT, &LI, &SE);
    Value *Quiet = askRuntime(*L, Accesses, Runs, Base);
    addQuietCopy(*L, Accesses, Quiet);
    return true;
  }
  return false;
}

} // namespace

unsigned aliaskit::tbaa::versionLoops(Module &M, FunctionAnalysisManager &FAM) {
  auto *Base = M.getNamedGlobal("__aliaskit_tbaa_base");
  if (!Base)
    return 0;
  unsigned N = 0;
  for (Function &F : M) {
    // (An optnone function, -O0 under clang, is left as it is.)
    if (F.isDeclaration() || F.hasOptNone())
      continue;
    // (A quiet copy has no tagged access: it is never versioned again.)
    SmallPtrSet<BasicBlock *, 16> Done;
    unsigned Here = 0;
    while (versionOne(F, Base, Done))
      ++Here;
    if (!Here)
      continue;
    N += Here;
    // The quiet copies are vectorized as the loops would have been.
    FAM.invalidate(F, PreservedAnalyses::none());
    FAM.invalidate(F, LoopVectorizePass(LoopVectorizeOptions()).run(F, FAM));
    FAM.invalidate(F, InstCombinePass().run(F, FAM));
    FAM.invalidate(F, SimplifyCFGPass().run(F, FAM));
  }
  return N;
}
