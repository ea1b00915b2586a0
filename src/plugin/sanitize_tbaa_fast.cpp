//===- sanitize_tbaa_fast.cpp - --tbaa: the program's inline fast path ----===//
//
// Most tagged accesses meet bytes whose last store they were checked
// against before: a loop reads what another loop wrote, again and again.
// The runtime remembers, per site, the classes of the last three store ids
// it met and found to break no claim (its answers,
// `@__aliaskit_tbaa_ok[5*site+0..2]`: a property of the two sites' tags,
// true for ever once true; runtime/src/tbaa.rs, remember_ok). Before
// calling the runtime, the program reads the shadow itself
// (`__aliaskit_tbaa_shadow`, the two-level table of
// runtime/src/tbaa_pages.rs) and skips the call when every byte of the
// access, on one page, has one id and that id is
//
//   - for a load: 0 (untyped) or of one of the site's answers; a page or
//     table that does not exist is untyped too;
//   - for a store: 0, the store's own id, or of an answer: then the
//     store writes its own id into the cells itself (it re-types nothing
//     and meets no immutable mark, as the runtime found).
//
// Per-call accesses (a Flang procedure's own tree): a store's own id is
// the one the runtime gave it in its call instance (its function keeps it
// in two cells of its frame); a load also passes an id given before its
// call instance began (`__aliaskit_tbaa_next_id`, read right after
// `__aliaskit_tbaa_call`) whose class across calls is one of its two
// answers across calls (`[5*site+3]`, `[5*site+4]`): a hit across calls
// the runtime decided already (docs/sanitize.md, "Cost").
//
// The start marks the calls that may have it (FastMD); the end of the
// pipeline, after the scoped checker's end, expands them: the optimizer
// and the scoped checker's loop summaries see one call per access, and
// the fast path is code generation's only.
//
// Otherwise (bytes on two pages, ids that differ, an id never met, a page
// to make, a store's module not registered) the call runs as before, and may
// fill the answer cells. Accesses of more than 8 bytes and immutable loads
// (which mark their bytes) go to the runtime every time.
//
// The accesses of one pointer (plus constants) in one block share the walk
// to the cells: a page is never freed once made, so the page the one
// before found (kept at its end, none on its ways to the runtime) holds
// the cells of an access within it (NearPage).
//
// Small resets of stack objects (at a frame's entry and ends) are inline
// too: the cells of bytes on one page are set to 0 when the page exists
// (bytes without one are untyped already); others call the runtime.
//
// The tables and the answer cells are read as the runtime reads them:
// atomically, relaxed (monotonic). An access's cells are read, written
// and reset at once, as a vector or a memset, which cannot be atomic:
// volatile, so that no pass merges or moves them as plain memory (the
// runtime calls touch only memory the module cannot see). A racing
// access to the same bytes is the program's own race, as in the runtime
// (runtime/src/tbaa_pages.rs, find_other).
//
//===----------------------------------------------------------------------===//

#include "sanitize_tbaa.h"
#include "shim.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>
#include <tuple>

using namespace llvm;
using aliaskit::quiet;
using aliaskit::tbaa::FastCall;
using aliaskit::tbaa::FastMD;
using aliaskit::tbaa::fastCall;

namespace {

// Must match runtime/src/tbaa_pages.rs and core's tbaa_shadow::PAGE_BITS.
constexpr uint64_t PageBits = 12;
constexpr uint64_t L2Bits = 18;
constexpr uint64_t AddressBits = 47;
/// Bytes of an access the fast path compares at most.
constexpr uint64_t MaxFast = 8;
/// Bytes of a reset done inline at most.
constexpr uint64_t MaxReset = 256;
/// Store ids below this have a class (runtime/src/tbaa_pages.rs,
/// MAX_CLASSED: must match).
constexpr uint32_t MaxClassed = 1u << 26;
/// A function with more fast paths than this has those outside its tight
/// loops outlined (see Outliner). sqlite3 (input 10 of `make bench`'s
/// section S-TBAA): 21,531 of its 38,252 fast paths outlined, text 14.6 ->
/// 7.9 MB, peak RSS 39 -> 33 MiB, time the same; with 0 here, 28,052 of
/// them, 5.9 MB and 31.4 MiB.
constexpr unsigned OutlineFrom = 16;
/// A loop of at most this many instructions (before any fast path is
/// expanded) is tight: its accesses keep their fast paths inline (and
/// the page they share).
constexpr unsigned TightLoop = 400;

/// A relaxed atomic load of `Ty` at `Ptr`.
Value *loadRelaxed(IRBuilder<> &B, Type *Ty, Value *Ptr, Align A) {
  LoadInst *L = B.CreateAlignedLoad(Ty, Ptr, A);
  L->setAtomic(AtomicOrdering::Monotonic);
  return quiet(L);
}

/// The runtime's global `Name`, declared in M: a pointer
/// (__aliaskit_tbaa_shadow, the shadow's first level;
/// __aliaskit_tbaa_classes and __aliaskit_tbaa_across, the ids' classes
/// and classes across calls), or of type `Ty` (__aliaskit_tbaa_next_id, a
/// u32: runtime/src/tbaa.rs).
GlobalVariable *runtimeGlobal(Module &M, StringRef Name, Type *Ty = nullptr) {
  if (!Ty)
    Ty = PointerType::getUnqual(M.getContext());
  auto *G = M.getNamedGlobal(Name);
  if (!G)
    G = new GlobalVariable(M, Ty, /*isConstant=*/false,
                           GlobalValue::ExternalLinkage, nullptr, Name);
  return G;
}

/// The first of the `Size` cells at `First`, and whether they all hold
/// it: the cells read at once, as a vector (volatile: see the file's
/// header).
std::pair<Value *, Value *> sameCells(IRBuilder<> &B, Value *First,
                                      uint64_t Size) {
  Type *I32 = B.getInt32Ty();
  if (Size == 1)
    return {loadRelaxed(B, I32, First, Align(4)), B.getTrue()};
  Value *Cells =
      quiet(B.CreateAlignedLoad(FixedVectorType::get(I32, Size), First,
                                Align(4), /*isVolatile=*/true));
  Value *Cell0 = B.CreateExtractElement(Cells, uint64_t(0));
  Value *Same = B.CreateAndReduce(
      B.CreateICmpEQ(Cells, B.CreateVectorSplat(Size, Cell0)));
  return {Cell0, Same};
}

/// A new block of a fast path, named `Name`, placed before its runtime
/// call's block `Slow`.
BasicBlock *blockBefore(BasicBlock *Slow, const char *Name) {
  return BasicBlock::Create(Slow->getContext(), Name, Slow->getParent(), Slow);
}

/// The blocks of one fast path: `Head`, the runtime call's block up to it
/// (without a terminator); `Slow`, the call alone; `Done`, from it on.
struct FastBlocks {
  BasicBlock *Head, *Slow, *Done;
};

FastBlocks splitAround(CallInst *Slow) {
  BasicBlock *Head = Slow->getParent();
  BasicBlock *Done = SplitBlock(Head, Slow->getNextNode());
  BasicBlock *SlowBB = SplitBlock(Head, Slow);
  Head->getTerminator()->eraseFromParent();
  return {Head, SlowBB, Done};
}

/// Where the walk to an access's cells ended: its first cell, and its page
/// (the page's cells, never freed once made) and the page's first address.
struct Walked {
  Value *First, *Page, *Start;
};

/// The walk through the shadow's tables to the cells of the `Size` bytes
/// at `Ptr`, from `B` (at the end of a fast path's head): to `Slow` unless
/// `Ready` holds, the bytes are on one page and the first level exists; to
/// `Missing` when their second-level table or page does not exist. `B` ends
/// at the end of the block that has the cells.
Walked walkToCells(IRBuilder<> &B, Value *Ptr, uint64_t Size, Value *Ready,
                   GlobalVariable *Shadow, BasicBlock *Slow,
                   BasicBlock *Missing) {
  LLVMContext &C = B.getContext();
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  Type *PtrTy = PointerType::getUnqual(C);
  auto Block = [&](const char *Name) { return blockBefore(Slow, Name); };
  MDNode *Likely = MDBuilder(C).createLikelyBranchWeights();
  MDNode *Unlikely = MDBuilder(C).createUnlikelyBranchWeights();

  Value *A = B.CreatePtrToInt(Ptr, I64);
  Value *Off = B.CreateAnd(A, (1ull << PageBits) - 1);
  Value *Page = B.CreateLShr(A, PageBits);
  Value *Hi = B.CreateLShr(Page, L2Bits);
  // Acquire: the class table is published before the first level.
  auto *L1 = cast<LoadInst>(loadRelaxed(B, PtrTy, Shadow, Align(8)));
  L1->setOrdering(AtomicOrdering::Acquire);
  Value *Fits = B.CreateAnd(
      B.CreateAnd(Ready,
                  B.CreateICmpULE(B.CreateAdd(Off, B.getInt64(Size)),
                                  B.getInt64(1ull << PageBits))),
      B.CreateAnd(
          B.CreateICmpULT(Hi, B.getInt64(1ull << (AddressBits - PageBits -
                                                  L2Bits))),
          B.CreateIsNotNull(L1)));
  BasicBlock *Second = Block("aliaskit.tbaa.l2");
  B.CreateCondBr(Fits, Second, Slow, Likely);

  B.SetInsertPoint(Second);
  Value *L2 = loadRelaxed(B, PtrTy, B.CreateGEP(PtrTy, L1, Hi), Align(8));
  BasicBlock *Third = Block("aliaskit.tbaa.page");
  B.CreateCondBr(B.CreateIsNull(L2), Missing, Third, Unlikely);

  B.SetInsertPoint(Third);
  Value *Slot = B.CreateAnd(Page, (1ull << L2Bits) - 1);
  Value *Cells =
      loadRelaxed(B, PtrTy, B.CreateGEP(PtrTy, L2, Slot), Align(8));
  BasicBlock *Compare = Block("aliaskit.tbaa.cells");
  B.CreateCondBr(B.CreateIsNull(Cells), Missing, Compare, Unlikely);

  B.SetInsertPoint(Compare);
  return {B.CreateGEP(I32, Cells, Off), Cells,
          B.CreateAnd(A, ~((1ull << PageBits) - 1))};
}

/// Puts the reset call `Slow` (`__aliaskit_tbaa_reset`: its address and a
/// constant size up to MaxReset) behind an inline reset of its cells;
/// false when it does not qualify.
bool addFastReset(CallInst *Slow, GlobalVariable *Shadow) {
  auto *SizeC = dyn_cast<ConstantInt>(Slow->getArgOperand(1));
  if (!SizeC || SizeC->isZero() || SizeC->getZExtValue() > MaxReset)
    return false;
  uint64_t Size = SizeC->getZExtValue();
  auto [Head, SlowBB, Done] = splitAround(Slow);
  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Slow->getDebugLoc());
  Value *First = walkToCells(B, Slow->getArgOperand(0), Size, B.getTrue(),
                             Shadow, SlowBB, Done)
                     .First;
  quiet(B.CreateMemSet(First, B.getInt8(0), Size * 4, Align(4),
                       /*isVolatile=*/true));
  B.CreateBr(Done);
  return true;
}

/// The page the last fast path of a pointer's accesses (in a run of one
/// block) found: its first address (i64) and its cells (null: none found,
/// the runtime was called or the page did not exist), at that fast path's
/// end. A later access of the same pointer (plus a constant) within the
/// page reads its cells there without the walk.
struct NearPage {
  Value *Start = nullptr, *Page = nullptr;
};

/// The page a fast path found, at its end `Done`: `At`'s on the ways from
/// `Found` (the blocks that reached its cells), none on the others.
NearPage pageAfter(BasicBlock *Done, const Walked &At,
                   ArrayRef<BasicBlock *> Found) {
  auto *PtrTy = cast<PointerType>(At.Page->getType());
  Type *I64 = At.Start->getType();
  PHINode *Page = PHINode::Create(PtrTy, 4, "aliaskit.near.page");
  PHINode *Start = PHINode::Create(I64, 4, "aliaskit.near.start");
  Page->insertBefore(Done->begin());
  Start->insertBefore(Done->begin());
  for (BasicBlock *Pred : predecessors(Done)) {
    bool Reached = is_contained(Found, Pred);
    Page->addIncoming(Reached ? At.Page : ConstantPointerNull::get(PtrTy),
                      Pred);
    Start->addIncoming(Reached ? At.Start : ConstantInt::get(I64, 0), Pred);
  }
  return {Start, Page};
}

/// walkToCells, or, when `Near` has a page, its cells there if the bytes
/// lie in it (else the walk): the cells, their page and its start, `B` in
/// the block that has them.
Walked nearOrWalk(IRBuilder<> &B, Value *Ptr, uint64_t Size, Value *Ready,
                  GlobalVariable *Shadow, BasicBlock *SlowBB,
                  BasicBlock *Missing, const NearPage &Near) {
  if (!Near.Page)
    return walkToCells(B, Ptr, Size, Ready, Shadow, SlowBB, Missing);
  LLVMContext &C = B.getContext();
  Type *I32 = B.getInt32Ty(), *I64 = B.getInt64Ty();
  Type *PtrTy = PointerType::getUnqual(C);
  auto Block = [&](const char *Name) { return blockBefore(SlowBB, Name); };
  // Within the page the last access of the pointer found: its cells
  // without the walk (a store's own id is 0 until the module is
  // registered, and then it calls, as after a walk).
  Value *D = B.CreateSub(B.CreatePtrToInt(Ptr, I64), Near.Start);
  BasicBlock *Reuse = Block("aliaskit.tbaa.near");
  BasicBlock *Walk = Block("aliaskit.tbaa.walk");
  B.CreateCondBr(
      B.CreateAnd(B.CreateICmpULE(D, B.getInt64((1ull << PageBits) - Size)),
                  B.CreateIsNotNull(Near.Page)),
      Reuse, Walk, MDBuilder(C).createLikelyBranchWeights());
  B.SetInsertPoint(Walk);
  Walked W = walkToCells(B, Ptr, Size, Ready, Shadow, SlowBB, Missing);
  BasicBlock *Walked = B.GetInsertBlock();
  BasicBlock *Join = Block("aliaskit.tbaa.at");
  B.CreateBr(Join);
  B.SetInsertPoint(Reuse);
  Value *NearFirst = B.CreateGEP(I32, Near.Page, D);
  B.CreateBr(Join);
  B.SetInsertPoint(Join);
  auto Phi = [&](Type *Ty, Value *ByWalk, Value *ByNear) {
    PHINode *P = B.CreatePHI(Ty, 2);
    P->addIncoming(ByWalk, Walked);
    P->addIncoming(ByNear, Reuse);
    return P;
  };
  return {Phi(PtrTy, W.First, NearFirst), Phi(PtrTy, W.Page, Near.Page),
          Phi(I64, W.Start, Near.Start)};
}

/// A site's answer cells, and the class of the id its bytes hold (0 beyond
/// the class table: never an answer), for its fast path's compares.
struct SiteAnswers {
  GlobalVariable *Ok;
  /// The site (i32: a constant, or an outlined fast path's argument).
  Value *Site;
  /// The id's index in the class tables, and its class.
  Value *Index, *Class;

  SiteAnswers(IRBuilder<> &B, GlobalVariable *Ok, Value *Site,
              GlobalVariable *ClassesG, Value *Id)
      : Ok(Ok), Site(Site) {
    Value *Classes = loadRelaxed(B, B.getPtrTy(), ClassesG, Align(8));
    Index = B.CreateSelect(B.CreateICmpULT(Id, B.getInt32(MaxClassed)),
                           B.CreateZExt(Id, B.getInt64Ty()), B.getInt64(0));
    Class = loadRelaxed(B, B.getInt32Ty(),
                        B.CreateGEP(B.getInt32Ty(), Classes, Index), Align(4));
  }

  /// Answer cell `K` of the site (0: none yet).
  Value *cell(IRBuilder<> &B, uint64_t K) const {
    Value *At = B.CreateAdd(
        B.CreateMul(B.CreateZExt(Site, B.getInt64Ty()),
                    B.getInt64(aliaskit::tbaa::CellsPerSite)),
        B.getInt64(K));
    return loadRelaxed(
        B, B.getInt32Ty(),
        B.CreateGEP(Ok->getValueType(), Ok, {B.getInt64(0), At}), Align(4));
  }

  /// Whether the class is one of answers `From` to `To` (not included).
  Value *among(IRBuilder<> &B, uint64_t From, uint64_t To) const {
    Value *Any = B.getFalse();
    for (uint64_t K = From; K < To; ++K)
      Any = B.CreateOr(Any, B.CreateICmpEQ(Class, cell(B, K)));
    return B.CreateAnd(B.CreateICmpNE(Class, B.getInt32(0)), Any);
  }
};

/// What a per-call access's fast path needs besides the others': its
/// call instance, the next store id when that instance began (0: not
/// known: a load's answer across calls is not used), and for a store the
/// cells where its function keeps the id the runtime gave it in that
/// instance.
struct PerCall {
  Value *Instance = nullptr;
  Value *Watermark = nullptr;
  /// `__aliaskit_tbaa_across`: each id's class across calls.
  GlobalVariable *Across = nullptr;
  AllocaInst *CachedInstance = nullptr, *CachedId = nullptr;
};

/// The bytes of an access the fast path takes (a constant, 1 to MaxFast);
/// none if it does not qualify.
std::optional<uint64_t> fastSize(Value *SizeV) {
  auto *SizeC = dyn_cast<ConstantInt>(SizeV);
  if (!SizeC || SizeC->isZero() || SizeC->getZExtValue() > MaxFast)
    return std::nullopt;
  return SizeC->getZExtValue();
}

/// Puts the check or store call `Slow` (of `SizeV` bytes at `Ptr`, site
/// `Site`) behind the fast path; false when the access does not qualify
/// (more than 8 bytes, a size not constant). `PC`: a per-call access's.
/// `Near`: the page the last access of the same pointer found (see
/// NearPage), replaced by the one this access finds when `Publish` (a later
/// access of the pointer follows).
bool addFastPath(CallInst *Slow, bool Store, Value *Ptr, Value *SizeV,
                 Value *Site, GlobalVariable *Base, GlobalVariable *Ok,
                 GlobalVariable *Shadow, GlobalVariable *ClassesG,
                 const PerCall *PC, NearPage &Near, bool Publish) {
  std::optional<uint64_t> Fits = fastSize(SizeV);
  if (!Fits)
    return false;
  uint64_t Size = *Fits;
  LLVMContext &C = Slow->getContext();
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  Type *PtrTy = PointerType::getUnqual(C);

  FastBlocks Blocks = splitAround(Slow);
  BasicBlock *Head = Blocks.Head, *SlowBB = Blocks.Slow, *Done = Blocks.Done;
  auto Block = [&](const char *Name) { return blockBefore(SlowBB, Name); };
  // Bytes in a page or table that does not exist are untyped: a load has
  // nothing to check there, a store needs the runtime to make it.
  BasicBlock *Missing = Store ? SlowBB : Done;

  IRBuilder<> B(Head);
  B.SetCurrentDebugLocation(Slow->getDebugLoc());
  // A store's own id: its site's, or for a per-call store the one the
  // runtime gave it in this call instance (0 until the runtime is asked).
  // A load needs no id: before its module is registered its answers are 0,
  // and only untyped bytes pass (which the runtime would let pass too).
  Value *Id = Store ? loadRelaxed(B, I32, Base, Align(4)) : nullptr;
  Value *Own = Store ? B.CreateAdd(Id, Site) : nullptr;
  if (PC && Store) {
    Value *Cached = quiet(B.CreateLoad(I64, PC->CachedInstance));
    Own = B.CreateSelect(B.CreateICmpEQ(Cached, PC->Instance),
                         quiet(B.CreateLoad(I32, PC->CachedId)),
                         B.getInt32(0));
  }
  Value *Ready = Store ? B.CreateICmpNE(Id, B.getInt32(0)) : B.getTrue();
  Walked At = nearOrWalk(B, Ptr, Size, Ready, Shadow, SlowBB, Missing, Near);
  Value *First = At.First;
  auto [Cell0, Same] = sameCells(B, First, Size);
  MDNode *Likely = MDBuilder(C).createLikelyBranchWeights();
  SiteAnswers Answers(B, Ok, Site, ClassesG, Cell0);
  // The newest answer first; the others in a block of their own, on the
  // way to the runtime only (the hot path reads one answer cell).
  Value *Known =
      B.CreateOr(B.CreateICmpEQ(Cell0, B.getInt32(0)), Answers.among(B, 0, 1));
  Value *Writes = Store ? B.CreateICmpNE(Own, B.getInt32(0)) : nullptr;
  if (Store)
    Known = B.CreateAnd(B.CreateOr(Known, B.CreateICmpEQ(Cell0, Own)), Writes);
  else if (PC && PC->Watermark) {
    // An id given before this call instance began is another instance's:
    // a hit across calls the runtime decided already, if its class across
    // calls (one per per-call store site) is one of the site's answers
    // across calls.
    Value *AcrossTable = loadRelaxed(B, PtrTy, PC->Across, Align(8));
    Value *Across = loadRelaxed(
        B, I32, B.CreateGEP(I32, AcrossTable, Answers.Index), Align(4));
    auto AnswersAcross = [&](Value *Answer) {
      return B.CreateAnd(B.CreateICmpNE(Answer, B.getInt32(0)),
                         B.CreateICmpEQ(Across, Answer));
    };
    Known = B.CreateOr(
        Known, B.CreateAnd(B.CreateOr(AnswersAcross(Answers.cell(
                                          B, aliaskit::tbaa::Answers)),
                                      AnswersAcross(Answers.cell(
                                          B, aliaskit::tbaa::Answers + 1))),
                           B.CreateICmpULT(Cell0, PC->Watermark)));
  }
  BasicBlock *Pass = Store ? Block("aliaskit.tbaa.write") : Done;
  BasicBlock *Older = Block("aliaskit.tbaa.older");
  BasicBlock *Compared = B.GetInsertBlock();
  B.CreateCondBr(B.CreateAnd(Same, Known), Pass, Older, Likely);
  B.SetInsertPoint(Older);
  Value *Again =
      B.CreateAnd(Same, Answers.among(B, 1, aliaskit::tbaa::Answers));
  B.CreateCondBr(Store ? B.CreateAnd(Again, Writes) : Again, Pass, SlowBB);
  if (Store) {
    B.SetInsertPoint(Pass);
    quiet(B.CreateAlignedStore(Size == 1 ? Own : B.CreateVectorSplat(Size, Own),
                               First, Align(4), /*isVolatile=*/true));
    B.CreateBr(Done);
  }
  if (PC && Store) {
    // The id the runtime gave, kept for the rest of the instance.
    IRBuilder<> After(SlowBB->getTerminator());
    quiet(After.CreateStore(PC->Instance, PC->CachedInstance));
    quiet(After.CreateStore(Slow, PC->CachedId));
  }
  if (Publish)
    Near = pageAfter(Done, At, {Compared, Older, Pass});
  return true;
}

/// A tagged access call the fast path may go before: which operands are
/// its address and size, and for a per-call one its call instance.
/// The per-call state of the fast paths of one module: for each call
/// instance, the next store id read right after it began; for each
/// (function, site, instance) of a store, its two cells.
class PerCallCells {
  DenseMap<Value *, Value *> Watermarks;
  DenseMap<std::tuple<Function *, uint32_t, Value *>,
           std::pair<AllocaInst *, AllocaInst *>>
      Cached;
  Module &M;

public:
  explicit PerCallCells(Module &M) : M(M) {}

  /// The next store id when `Instance` began: read right after the
  /// __aliaskit_tbaa_call that made it (null: not such a call).
  Value *watermark(Value *Instance) {
    auto *Call = aliaskit::runtimeCall(Instance, "__aliaskit_tbaa_call", 0);
    if (!Call)
      return nullptr;
    Value *&W = Watermarks[Instance];
    if (!W) {
      IRBuilder<> B(Call->getNextNode());
      W = loadRelaxed(
          B, B.getInt32Ty(),
          runtimeGlobal(M, "__aliaskit_tbaa_next_id", B.getInt32Ty()), Align(4));
    }
    return W;
  }

  /// Store site `Site`'s cells in F for `Instance` (made at F's entry, the
  /// instance cell 0: no instance is 0).
  std::pair<AllocaInst *, AllocaInst *> cached(Function &F, uint32_t Site,
                                               Value *Instance) {
    auto &Cells = Cached[{&F, Site, Instance}];
    if (!Cells.first) {
      BasicBlock &Entry = F.getEntryBlock();
      IRBuilder<> B(&*Entry.getFirstInsertionPt());
      Cells.first = B.CreateAlloca(B.getInt64Ty(), nullptr, "aliaskit.cached.call");
      Cells.second = B.CreateAlloca(B.getInt32Ty(), nullptr, "aliaskit.cached.id");
      quiet(B.CreateStore(B.getInt64(0), Cells.first));
    }
    return Cells;
  }
};

/// Fast paths made functions: in a big function (sqlite3's interpreter,
/// a parser) each inline fast path costs about 350 bytes of code, and
/// sqlite3's 33,000 tagged accesses made its text 15 times the plain
/// build's (14.6 MB, most of it resident: 13 MB of its 50 MB peak RSS).
/// So an access outside a tight loop, in a function with more than
/// OutlineFrom fast paths, calls one function per runtime function and
/// size, `aliaskit.tbaa.fast.<runtime function>.<size>(site, address)`,
/// whose body is the same fast path with the site an argument; tight
/// loops (a kernel's), and small functions, keep theirs inline (with the
/// page their accesses share, NearPage). Per-call accesses (Flang's) stay
/// inline: their fast path keeps state in their function's frame.
class Outliner {
  Module &M;
  GlobalVariable *Base, *Ok, *Shadow, *Classes;
  DenseMap<std::pair<Function *, uint64_t>, Function *> Made;
  /// Per function: its fast paths, and its loops (as before expansion)
  /// with each one's instructions.
  DenseMap<Function *, unsigned> Paths;
  DenseMap<Function *, std::unique_ptr<LoopInfo>> Loops;
  DenseMap<Loop *, unsigned> Sizes;

  /// Whether `C`'s block is in a loop of at most TightLoop instructions.
  bool inTightLoop(CallInst *C) {
    Function *F = C->getFunction();
    auto &LI = Loops[F];
    if (!LI)
      LI = std::make_unique<LoopInfo>(DominatorTree(*F));
    Loop *L = LI->getLoopFor(C->getParent());
    if (!L)
      return false;
    auto [It, New] = Sizes.try_emplace(L, 0);
    if (New)
      for (BasicBlock *B : L->blocks())
        It->second += B->size();
    return It->second <= TightLoop;
  }

  /// The outlined fast path of `FC`'s runtime function for `Size` bytes.
  Function *helper(const FastCall &FC, uint64_t Size) {
    CallInst *C = FC.Call;
    Function *Callee = C->getCalledFunction();
    Function *&F = Made[{Callee, Size}];
    if (F)
      return F;
    LLVMContext &Ctx = M.getContext();
    auto *Ty = FunctionType::get(
        C->getType(), {Type::getInt32Ty(Ctx), PointerType::getUnqual(Ctx)},
        false);
    F = Function::Create(Ty, GlobalValue::InternalLinkage,
                         "aliaskit.tbaa.fast." + Callee->getName() + "." +
                             Twine(Size),
                         M);
    F->addFnAttr(Attribute::NoInline);
    if (Callee->doesNotThrow())
      F->setDoesNotThrow();
    BasicBlock *Entry = BasicBlock::Create(Ctx, "entry", F);
    auto *Slow = cast<CallInst>(C->clone());
    Slow->insertInto(Entry, Entry->end());
    Slow->setArgOperand(1, F->getArg(0));
    Slow->setArgOperand(FC.PtrArg, F->getArg(1));
    Slow->setDebugLoc(DebugLoc());
    Slow->setMetadata(FastMD, nullptr);
    Slow->setMetadata(aliaskit::tbaa::HomeMD, nullptr); // the site's, not all
    // A tail call (code generation duplicates the return into the call's
    // block): the runtime's stack of a report starts in the access's
    // function, as without the outlined function.
    Slow->setTailCall(true);
    ReturnInst::Create(Ctx, C->getType()->isVoidTy() ? nullptr : Slow, Entry);
    NearPage None;
    addFastPath(Slow, FC.Store, F->getArg(1), C->getArgOperand(FC.PtrArg + 1),
                F->getArg(0), Base, Ok, Shadow, Classes, nullptr, None, false);
    return F;
  }

public:
  Outliner(Module &M, GlobalVariable *Base, GlobalVariable *Ok,
           GlobalVariable *Shadow, GlobalVariable *Classes,
           ArrayRef<FastCall> Calls)
      : M(M), Base(Base), Ok(Ok), Shadow(Shadow), Classes(Classes) {
    for (const FastCall &FC : Calls)
      ++Paths[FC.Call->getFunction()];
  }

  /// Whether `FC` (not expanded yet) is to be outlined. Asked of every
  /// call before any is expanded (the loops are those of the code as it
  /// was).
  bool wants(const FastCall &FC) {
    return FC.InstanceArg < 0 &&
           fastSize(FC.Call->getArgOperand(FC.PtrArg + 1)) &&
           Paths.lookup(FC.Call->getFunction()) > OutlineFrom &&
           !inTightLoop(FC.Call);
  }

  /// Replaces `FC`'s call with a call of its outlined fast path.
  void outline(const FastCall &FC) {
    CallInst *C = FC.Call;
    uint64_t Size = *fastSize(C->getArgOperand(FC.PtrArg + 1));
    IRBuilder<> B(C);
    CallInst *Call = B.CreateCall(
        helper(FC, Size), {C->getArgOperand(1), C->getArgOperand(FC.PtrArg)});
    Call->setDebugLoc(C->getDebugLoc());
    if (C->doesNotThrow())
      Call->setDoesNotThrow();
    quiet(Call);
    C->replaceAllUsesWith(Call);
    C->eraseFromParent();
  }
};

} // namespace

std::optional<aliaskit::tbaa::FastCall> aliaskit::tbaa::fastCall(Instruction &I) {
  static const struct {
    const char *Name;
    unsigned Args;
    bool Store;
    int Instance;
  } Kinds[] = {
      {"__aliaskit_tbaa_load", 4, false, -1},
      {"__aliaskit_tbaa_store", 4, true, -1},
      {"__aliaskit_tbaa_load_in", 5, false, 2},
      {"__aliaskit_tbaa_store_in", 5, true, 2},
      {"__aliaskit_tbaa_load_at", 6, false, 2},
      {"__aliaskit_tbaa_store_at", 6, true, 2},
  };
  for (const auto &K : Kinds)
    if (CallInst *C = aliaskit::runtimeCall(&I, K.Name, K.Args))
      return FastCall{C, K.Store, K.Args - 2, K.Instance};
  return std::nullopt;
}

unsigned aliaskit::tbaa::wantFastPath(CallInst &Call) {
  Call.setMetadata(FastMD, MDNode::get(Call.getContext(), {}));
  return 1;
}

aliaskit::tbaa::FastPaths aliaskit::tbaa::expandFastPaths(Module &M) {
  auto *Base = M.getNamedGlobal("__aliaskit_tbaa_base");
  auto *Ok = M.getNamedGlobal("__aliaskit_tbaa_ok");
  if (!Base || !Ok)
    return {};
  SmallVector<FastCall, 64> Calls;
  SmallVector<CallInst *, 64> Resets;
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (auto FC = fastCall(I); FC && FC->Call->getMetadata(FastMD))
        Calls.push_back(*FC);
      else if (CallInst *R = aliaskit::runtimeCall(&I, "__aliaskit_tbaa_reset", 2);
               R && R->getMetadata(FastMD))
        Resets.push_back(R);
  if (Calls.empty() && Resets.empty())
    return {};
  GlobalVariable *Shadow = runtimeGlobal(M, "__aliaskit_tbaa_shadow");
  GlobalVariable *Classes = runtimeGlobal(M, "__aliaskit_tbaa_classes");
  PerCallCells PerCallState(M);
  FastPaths N;
  // The accesses of one pointer (plus constants) in one block share the
  // page the one before found (NearPage): each call's block and pointer,
  // and how many such calls are left.
  const DataLayout &DL = M.getDataLayout();
  using Key = std::pair<BasicBlock *, Value *>;
  SmallVector<Key, 64> Keys;
  DenseMap<Key, unsigned> Left;
  for (const FastCall &FC : Calls) {
    Value *Ptr = FC.Call->getArgOperand(FC.PtrArg);
    APInt Offset(DL.getIndexTypeSizeInBits(Ptr->getType()), 0);
    Keys.push_back({FC.Call->getParent(),
                    Ptr->stripAndAccumulateConstantOffsets(DL, Offset, true)});
    ++Left[Keys.back()];
  }
  Outliner Out(M, Base, Ok, Shadow, Classes, Calls);
  SmallVector<bool, 64> Outlined;
  for (const FastCall &FC : Calls)
    Outlined.push_back(FC.Call->getArgOperand(0) == Base &&
                       isa<ConstantInt>(FC.Call->getArgOperand(1)) &&
                       Out.wants(FC));
  DenseMap<Value *, NearPage> Nears;
  BasicBlock *Run = nullptr;
  for (auto [FC, K, Outline] : zip(Calls, Keys, Outlined)) {
    if (K.first != Run)
      Nears.clear();
    Run = K.first;
    bool Later = --Left[K] > 0;
    CallInst *C = FC.Call;
    C->setMetadata(FastMD, nullptr);
    auto *Site = dyn_cast<ConstantInt>(C->getArgOperand(1));
    if (!Site || C->getArgOperand(0) != Base)
      continue;
    uint32_t S = uint32_t(Site->getZExtValue());
    if (Outline) {
      Out.outline(FC);
      ++N.Checks;
      ++N.Outlined;
      continue;
    }
    PerCall PC;
    if (FC.InstanceArg >= 0) {
      PC.Instance = C->getArgOperand(FC.InstanceArg);
      if (FC.Store)
        std::tie(PC.CachedInstance, PC.CachedId) =
            PerCallState.cached(*C->getFunction(), S, PC.Instance);
      else if ((PC.Watermark = PerCallState.watermark(PC.Instance)))
        PC.Across = runtimeGlobal(M, "__aliaskit_tbaa_across");
    }
    N.Checks += addFastPath(C, FC.Store, C->getArgOperand(FC.PtrArg),
                            C->getArgOperand(FC.PtrArg + 1), Site, Base, Ok,
                            Shadow, Classes,
                            FC.InstanceArg >= 0 ? &PC : nullptr,
                            Nears[K.second], Later);
  }
  // The resets last: their blocks would cut the checks' runs.
  for (CallInst *R : Resets) {
    R->setMetadata(FastMD, nullptr);
    N.Resets += addFastReset(R, Shadow);
  }
  return N;
}
