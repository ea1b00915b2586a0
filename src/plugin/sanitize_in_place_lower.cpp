//===- sanitize_in_place_lower.cpp - a frame's slots and comparisons ------===//
//
// The frames sanitize_in_place.cpp chose lose their runtime calls:
//
//   - at `__aliaskit_enter`, every slot is empty;
//   - at each `__aliaskit_access`, `_run` or `_grid`, its slot becomes the
//     hull of the walk it was given (core `Slot::of_walk`: must match
//     hullOf), and the walk itself is kept for the runtime;
//   - slots with the same partners are a *class* (`Classes`): each member
//     of class X is claimed apart from each member of every class Y it
//     meets, so the pairs of X and Y (X != Y) are compared as one, the
//     hull of X's slots against that of Y's (a pair of slots that meet is
//     inside those hulls): a function whose four stores to `self` are
//     claimed apart from its three loads of a slice compares two hulls,
//     not twelve pairs;
//   - at each exit (`__aliaskit_exit`) and dead end, the classes' hulls are
//     compared, `lo_a < hi_b && lo_b < hi_a` (core `Slot::overlap`: must
//     match); only when two meet, behind an unlikely branch, each pair the
//     core claims apart (a frame of at most `InlinePairs`), and when one
//     meets, one call of `__aliaskit_conflicts` with the frame's slots'
//     walks (core `FrameRecords`: constants in a description global, the
//     rest on the stack): the runtime compares the pairs, in the frame's
//     order, and asks a log of the two of each pair that meets; then the
//     thread's counts (`addCounts`) for the summary line;
//   - each `__aliaskit_scope` counts an instance;
//   - a region (`Frame::Start`) also compares its slots at its start,
//     before its scope call, and empties them there: the pairs of the
//     instance that ends.
//
// What every call pays for is in allocas promoted to registers at the
// end: each class's hull (the pairs compare hulls), a mask of the slots
// that ran and the counts. A slot's own walk, read only by the runtime
// behind the unlikely branch, is stored to the frame's records on the
// stack when it runs (its words that are not constants) and read only if
// the mask says it ran (a slot of one constant-size block alone in its
// class, `OWN`, keeps nothing: its class's hull is its own, stored as its
// first address behind the branch). So a frame costs a few instructions
// an access and two comparisons a pair of classes, whatever its number of
// slots, and its code grows little with its pairs: a call of its own for
// each pair, with both walks, behind an unlikely branch of its own, was
// half of an instrumented module's text (rs_collections: 512 KB of text,
// 245 KB since; f_kernels 93 -> 30 KB). (Kept in registers, the 37
// slots of Rust's `SipHasher::write`, both points, were about 150 values
// in phis across its blocks, spilled at every branch: 11.3x the plain
// function's instructions on `rs_collections 3`; 4.6x since.)
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <algorithm>
#include <array>
#include <map>

using namespace llvm;
using aliaskit::inplace::Frame;
using aliaskit::inplace::MaxSlots;

namespace {

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
  FunctionCallee Conflicts;
  Type *I32, *I64;

  explicit InPlaceRuntime(Module &M) {
    LLVMContext &C = M.getContext();
    Type *Ptr = PointerType::getUnqual(C), *Void = Type::getVoidTy(C);
    I32 = Type::getInt32Ty(C);
    I64 = Type::getInt64Ty(C);
    MemoryEffects Own = MemoryEffects::inaccessibleMemOnly();
    // __aliaskit_conflicts(table, function, hosts, count, desc, records,
    // ran), as runtime/src/lib.rs takes it: it reads the table, the hosts,
    // the frame's description and its records.
    Conflicts = M.getOrInsertFunction(
        "__aliaskit_conflicts",
        FunctionType::get(Void, {Ptr, I32, Ptr, I32, Ptr, Ptr, I64}, false),
        aliaskit::runtimeCallAttributes(
            C, Own | MemoryEffects::argMemOnly(ModRefInfo::Ref)));
  }
};

/// The words of a slot's record, and the bit of its `from_stack` word
/// that makes it an `OWN` slot: core `RECORD_WORDS` and `OWN`
/// (core/src/sanitize/in_place.rs), must match.
constexpr unsigned RecordWords = 7;
constexpr uint64_t OwnBit = uint64_t(1) << RecordWords;

/// The most pairs a frame compares one by one in its own code, behind the
/// unlikely branch of its classes' hulls, before it calls the runtime; a
/// frame of more pairs calls the runtime whenever two hulls meet. A class
/// whose hull spans a scalar on the stack and an array on the heap (a
/// Fortran dummy argument passed by reference and an array) meets the
/// other's at every call: Flang's `axpy` called the runtime at each of its
/// calls without the pair-by-pair comparison (3% more instructions in
/// f_kernels), while every pair compared in place doubled sizable
/// modules' text. Measured at 0, 16 and unbounded (text of the
/// instrumented object; instructions of a short run, callgrind):
/// f_kernels 26 / 30 / 52 KB, 62.5 / 60.85 / 60.84 M; rs_collections
/// 178 / 245 / 342 KB, 132.6 / 118.4 / 118.9 M (with a call a pair in
/// the program's code: 93 KB, 60.75 M; 512 KB, 118.4 M).
constexpr size_t InlinePairs = 16;

/// An alloca of an i64 in F's entry block.
AllocaInst *slotAlloca(Function &Fn, Made &M) {
  IRBuilder<> B(&*Fn.getEntryBlock().getFirstInsertionPt());
  AllocaInst *A = B.CreateAlloca(B.getInt64Ty());
  M.Slots.push_back(A);
  return A;
}

/// One access call of a frame as a walk (core `Slot::of_walk`): its
/// first address, block size, step, blocks, row step and rows.
struct Walk {
  Value *First, *Size, *Step, *Count, *RowStep, *Rows;
  /// In the order of a slot's record after its site (core `Walk`).
  std::array<Value *, 6> parts() const {
    return {First, Size, Step, Count, RowStep, Rows};
  }
};

/// The walk of one block of `Size` bytes at `First` (core `Slot::touched`).
Walk oneBlock(Value *First, Value *Size, IRBuilderBase &B) {
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  return {First, Size, Zero, One, Zero, One};
}

Walk walkOf(CallInst *A, IRBuilderBase &B) {
  Type *I64 = B.getInt64Ty();
  Value *First = B.CreatePtrToInt(A->getArgOperand(2), I64);
  // A run of no block may start at a poison address (the loops'
  // firstIteration): frozen, since the compares of spans branch.
  if (A->arg_size() > 4)
    First = B.CreateFreeze(First);
  Value *Zero = B.getInt64(0), *One = B.getInt64(1);
  auto Arg = [&](unsigned I) { return B.CreateZExtOrTrunc(A->getArgOperand(I), I64); };
  switch (A->arg_size()) {
  case 4: // __aliaskit_access(frame, site, address, size)
    return oneBlock(First, Arg(3), B);
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

/// The frame's pairs by class of slots (see the file comment): each
/// *block* is the pairs of two classes, compared as one (their hulls)
/// when they are two classes.
struct Classes {
  /// Each slot's class (none: in no pair), and each class's slots.
  SmallVector<int, MaxSlots> Of;
  SmallVector<SmallVector<uint32_t, 4>, 8> Members;
  struct Block {
    unsigned X, Y;
    SmallVector<unsigned, 4> Pairs; // indices into Frame::Pairs
  };
  SmallVector<Block, 16> Blocks;

  explicit Classes(const Frame &F) : Of(F.Accesses.size(), -1) {
    SmallVector<SmallVector<uint32_t, 8>, MaxSlots> Partners(F.Accesses.size());
    for (const aliaskit::InPlacePair &P : F.Pairs) {
      Partners[P.First].push_back(P.Second);
      Partners[P.Second].push_back(P.First);
    }
    std::map<SmallVector<uint32_t, 8>, unsigned> ByPartners;
    for (size_t K = 0; K < Partners.size(); ++K) {
      if (Partners[K].empty())
        continue;
      llvm::sort(Partners[K]);
      auto [It, New] = ByPartners.try_emplace(Partners[K], Members.size());
      if (New)
        Members.emplace_back();
      Of[K] = It->second;
      Members[It->second].push_back(K);
    }
    std::map<std::pair<unsigned, unsigned>, unsigned> ByClasses;
    for (unsigned I = 0; I < F.Pairs.size(); ++I) {
      unsigned X = Of[F.Pairs[I].First], Y = Of[F.Pairs[I].Second];
      std::pair<unsigned, unsigned> Key{std::min(X, Y), std::max(X, Y)};
      auto [It, New] = ByClasses.try_emplace(Key, Blocks.size());
      if (New)
        Blocks.push_back({Key.first, Key.second, {}});
      Blocks[It->second].Pairs.push_back(I);
    }
    // Same partners, so every pair of two classes that meet is claimed:
    // a block of two classes holds all |X| * |Y| pairs.
    for (const Block &B : Blocks)
      assert(B.X == B.Y ||
             B.Pairs.size() == Members[B.X].size() * Members[B.Y].size());
  }
};

/// Whether [ALo, AHi) and [BLo, BHi) meet (must match `Slot::overlap`).
Value *meet(IRBuilderBase &B, Value *ALo, Value *AHi, Value *BLo, Value *BHi) {
  return B.CreateAnd(B.CreateICmpULT(ALo, BHi), B.CreateICmpULT(BLo, AHi));
}

/// One frame's lowering: its slots, made at the enter, set at each access,
/// compared at each end.
///
/// (What lives in registers and what on the stack: the file comment.)
class Lowering {
  Frame &F;
  InPlaceRuntime &RT;
  Made &M;
  /// Each slot's record (core `FrameRecords`): its site and the six parts
  /// of its walk, each a constant of its access call (`Word`) or stored
  /// to the frame's records on the stack when it runs (null; the site may
  /// be a phi: two calls sunk into one). A constant that is not an integer
  /// is also stored, behind the unlikely branch. A slot of one block of a
  /// constant site and size alone in its class (`Own`, `plainSize`) keeps
  /// nothing: its class's hull is its own, empty until it runs, its walk
  /// one block at the hull's start.
  struct Slot {
    Value *Word[RecordWords] = {};
    /// Bit p: word p is on the stack, at index `At[p]`; `OwnBit`.
    uint64_t FromStack = 0;
    unsigned At[RecordWords] = {};
    ConstantInt *Size = nullptr;
    bool Own = false;
  };
  /// The size of an access of one block (`__aliaskit_access`) whose site
  /// and size are constants (and the size not 0); null otherwise.
  static ConstantInt *plainSize(CallInst *A) {
    if (A->arg_size() != 4 || !isa<ConstantInt>(A->getArgOperand(1)))
      return nullptr;
    auto *Size = dyn_cast<ConstantInt>(A->getArgOperand(3));
    return Size && !Size->isZero() ? Size : nullptr;
  }
  SmallVector<Slot, MaxSlots> Slots;
  /// In registers: bit K set once slot K ran (since the enter, or the
  /// region's start); each class's hull, [u64 max, 0) while empty.
  AllocaInst *Ran;
  SmallVector<std::pair<AllocaInst *, AllocaInst *>, 8> Hulls;
  /// The accesses (blocks) and instances (the call, each scope begun) so
  /// far, for the thread's counts (`addCounts`).
  AllocaInst *Accesses, *Instances;
  /// On the stack (not promoted): the records' words that are not
  /// constants, written before they are read (`onStack` gives each its
  /// index; `sizeRecords` sizes the array). Null for a frame without
  /// pairs.
  AllocaInst *Records = nullptr;
  unsigned StackWords = 0;
  /// The frame's description (core `FrameRecords`), made at the first
  /// unlikely branch.
  GlobalVariable *Desc = nullptr;
  Classes C;

public:
  /// The slots, empty at the enter.
  Lowering(Frame &F, InPlaceRuntime &RT, Made &M)
      : F(F), RT(RT), M(M), C(F) {
    static_assert(MaxSlots <= 64, "the mask of slots that ran is an i64");
    Function &Fn = *F.Enter->getFunction();
    for (size_t K = 0; K < F.Accesses.size(); ++K) {
      Slot S;
      ConstantInt *Size = plainSize(F.Accesses[K]);
      if (Size && C.Of[K] >= 0 && C.Members[C.Of[K]].size() == 1) {
        S.Own = true;
        S.Size = Size;
        onStack(S, 1);
        S.FromStack |= OwnBit;
        IRBuilder<> B(F.Accesses[K]);
        Walk W = oneBlock(B.getInt64(0), B.CreateZExt(Size, RT.I64), B);
        S.Word[0] = B.CreateZExt(F.Accesses[K]->getArgOperand(1), RT.I64);
        std::array<Value *, 6> Parts = W.parts();
        std::copy(Parts.begin(), Parts.end(), S.Word + 1);
      }
      Slots.push_back(S);
    }
    Ran = slotAlloca(Fn, M);
    for (size_t X = 0; X < C.Members.size(); ++X)
      Hulls.push_back({slotAlloca(Fn, M), slotAlloca(Fn, M)});
    Accesses = slotAlloca(Fn, M);
    Instances = slotAlloca(Fn, M);
    if (!F.Pairs.empty()) {
      // Sized once every word has its index (`sizeRecords`).
      IRBuilder<> B(&*Fn.getEntryBlock().getFirstInsertionPt());
      Records = B.CreateAlloca(RT.I64);
    }
    Builder B(F.Enter, M);
    empty(B);
    B.CreateStore(B.getInt64(0), Accesses);
    B.CreateStore(B.getInt64(1), Instances);
  }

  /// Each access sets its slot: its class's hull grows, its bit is set,
  /// its walk is kept; each scope begun counts an instance.
  void record() {
    for (size_t K = 0; K < F.Accesses.size(); ++K) {
      Builder B(F.Accesses[K], M);
      Walk W = walkOf(F.Accesses[K], B);
      if (int X = C.Of[K]; X >= 0) {
        auto [Lo, Hi] = hullOf(W, B);
        auto [XLo, XHi] = Hulls[X];
        B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umin,
                                              B.CreateLoad(RT.I64, XLo), Lo),
                      XLo);
        B.CreateStore(B.CreateBinaryIntrinsic(Intrinsic::umax,
                                              B.CreateLoad(RT.I64, XHi), Hi),
                      XHi);
        keep(B, K, W);
      }
      // The log counts a walk's blocks (none when it touches nothing).
      Value *Zero = B.getInt64(0);
      Value *Blocks = B.CreateSelect(B.CreateICmpNE(W.Size, Zero),
                                     B.CreateMul(W.Count, W.Rows), Zero);
      B.CreateStore(B.CreateAdd(B.CreateLoad(RT.I64, Accesses), Blocks),
                    Accesses);
    }
    for (CallInst *S : F.Scopes) {
      Builder B(S, M);
      B.CreateStore(B.CreateAdd(B.CreateLoad(RT.I64, Instances), B.getInt64(1)),
                    Instances);
    }
  }

  /// Before `End`: every pair compared (must match `Slot::overlap`,
  /// core/src/sanitize/in_place.rs), a block of two classes as their
  /// hulls (a pair of slots that meet lies inside them; a block of one
  /// pair of two classes is that pair), a block within one class pair by
  /// pair; behind an unlikely branch, each pair on its own (a class's
  /// hull may span a scalar on the stack and an array on the heap; a frame
  /// of at most `InlinePairs`), and behind another, when one meets,
  /// `__aliaskit_conflicts`, which compares each pair again and asks a log
  /// of the two; then the thread's counts (at an end of the frame).
  void compareAt(Instruction *End, bool Count = true) {
    Builder B(End, M);
    Value *Mask = B.CreateLoad(RT.I64, Ran);
    SlotHulls Hot(Slots.size());
    Value *Any = nullptr;
    auto Or = [&](Value *Hit) { Any = Any ? B.CreateOr(Any, Hit) : Hit; };
    for (const Classes::Block &K : C.Blocks) {
      if (K.X == K.Y) {
        for (unsigned I : K.Pairs)
          Or(pairMeets(B, Mask, I, Hot));
        continue;
      }
      auto [XLo, XHi] = Hulls[K.X];
      auto [YLo, YHi] = Hulls[K.Y];
      Or(meet(B, B.CreateLoad(RT.I64, XLo), B.CreateLoad(RT.I64, XHi),
              B.CreateLoad(RT.I64, YLo), B.CreateLoad(RT.I64, YHi)));
    }
    if (Any) {
      MDNode *Cold = MDBuilder(End->getContext()).createUnlikelyBranchWeights();
      Instruction *Then = SplitBlockAndInsertIfThen(Any, End, false, Cold);
      // One pair: its slots' hulls met (both ran). Many: the runtime
      // compares them (`InlinePairs`).
      if (F.Pairs.size() > 1 && F.Pairs.size() <= InlinePairs) {
        Builder P(Then, M);
        SlotHulls Each(Slots.size());
        Value *Some = nullptr;
        for (unsigned I = 0; I < F.Pairs.size(); ++I) {
          Value *Hit = pairMeets(P, Mask, I, Each);
          Some = Some ? P.CreateOr(Some, Hit) : Hit;
        }
        Then = SplitBlockAndInsertIfThen(Some, Then, false, Cold);
      }
      callConflicts(Then, Mask);
      B.SetInsertPoint(End);
    }
    if (!Count)
      return;
    // A region's instances are its frame's, counted by the runtime.
    aliaskit::inplace::addCounts(
        End, B.CreateLoad(RT.I64, Accesses),
        F.Start ? static_cast<Value *>(B.getInt64(0))
                : B.CreateLoad(RT.I64, Instances));
  }

  /// At a region's start (before its scope call): the pairs of the
  /// instance that ends compared, then every slot empty again (the
  /// accesses are counted at the frame's ends).
  void compareAndEmptyAt(Instruction *Start) {
    compareAt(Start, /*Count=*/false);
    Builder B(Start, M);
    empty(B);
  }

  /// The records' array on the stack, as long as its words (none: gone).
  void sizeRecords() {
    if (!Records)
      return;
    if (StackWords == 0 || Records->use_empty()) {
      Records->replaceAllUsesWith(PoisonValue::get(Records->getType()));
      Records->eraseFromParent();
      return;
    }
    IRBuilder<> B(Records);
    AllocaInst *Sized = B.CreateAlloca(ArrayType::get(RT.I64, StackWords));
    Sized->setAlignment(Align(8));
    Records->replaceAllUsesWith(Sized);
    Records->eraseFromParent();
    Records = Sized;
  }

  /// The frame's runtime calls go (and llvm.frameaddress, which would
  /// keep a frame pointer for nothing).
  void erase() {
    if (F.Start) {
      // A region: its accesses only (the frame keeps its log).
      for (CallInst *A : F.Accesses)
        A->eraseFromParent();
      return;
    }
    for (auto *Calls : {&F.Accesses, &F.Scopes, &F.Exits})
      for (CallInst *C : *Calls)
        C->eraseFromParent();
    auto *FrameAddress = dyn_cast<Instruction>(F.Enter->getArgOperand(4));
    F.Enter->eraseFromParent();
    if (FrameAddress && FrameAddress->use_empty())
      FrameAddress->eraseFromParent();
  }

private:
  /// No slot ran; every class's hull empty.
  void empty(IRBuilderBase &B) {
    B.CreateStore(B.getInt64(0), Ran);
    for (auto [Lo, Hi] : Hulls) {
      B.CreateStore(B.getInt64(~uint64_t(0)), Lo);
      B.CreateStore(B.getInt64(0), Hi);
    }
  }

  /// Word P of slot S's record goes on the stack, at the next index.
  void onStack(Slot &S, unsigned P) {
    S.FromStack |= uint64_t(1) << P;
    S.At[P] = StackWords++;
  }

  /// Word P of slot K's record on the stack.
  Value *recordAt(IRBuilderBase &B, size_t K, unsigned P) {
    assert(Slots[K].FromStack >> P & 1 && "a word that is not on the stack");
    return B.CreateConstInBoundsGEP1_64(RT.I64, Records, Slots[K].At[P]);
  }

  /// Slot K ran, its walk W: its bit set, the words of its record that
  /// are not constants stored.
  void keep(IRBuilderBase &B, size_t K, const Walk &W) {
    Slot &S = Slots[K];
    if (S.Own) // its class's hull is its own
      return;
    B.CreateStore(B.CreateOr(B.CreateLoad(RT.I64, Ran),
                             B.getInt64(uint64_t(1) << K)),
                  Ran);
    std::array<Value *, 6> Parts = W.parts();
    for (unsigned P = 0; P < RecordWords; ++P) {
      Value *V = P ? Parts[P - 1]
                   : B.CreateZExt(F.Accesses[K]->getArgOperand(1), RT.I64);
      if (isa<Constant>(V)) {
        S.Word[P] = V;
        if (!isa<ConstantInt>(V)) // stored behind the branch
          onStack(S, P);
        continue;
      }
      onStack(S, P);
      B.CreateStore(V, recordAt(B, K, P));
    }
  }

  /// Word P of slot K's record: its constant, or from the stack.
  Value *word(IRBuilderBase &B, size_t K, unsigned P) {
    const Slot &S = Slots[K];
    return S.Word[P] ? S.Word[P] : B.CreateLoad(RT.I64, recordAt(B, K, P));
  }

  /// Slot K's walk, from its record or its class's hull (only once it
  /// ran).
  Walk walkOfSlot(IRBuilderBase &B, uint32_t K) {
    const Slot &S = Slots[K];
    if (S.Own)
      return oneBlock(B.CreateLoad(RT.I64, Hulls[C.Of[K]].first), S.Size, B);
    Value *P[6];
    for (unsigned I = 0; I < 6; ++I)
      P[I] = word(B, K, I + 1);
    return {P[0], P[1], P[2], P[3], P[4], P[5]};
  }

  /// Each slot's hull, once computed at one place (null until then).
  using SlotHulls = SmallVector<std::pair<Value *, Value *>, MaxSlots>;

  /// Whether pair I's slots both ran and meet: their hulls (in `Known`,
  /// or computed before B's insertion point), from the stack read only
  /// behind the mask (a select: the loads of a slot that did not run are
  /// never used); an `Own` slot's hull is empty until it runs.
  Value *pairMeets(IRBuilderBase &B, Value *Mask, unsigned I,
                   SlotHulls &Known) {
    const aliaskit::InPlacePair &P = F.Pairs[I];
    uint64_t Need = 0;
    for (uint32_t K : {P.First, P.Second})
      if (!Slots[K].Own)
        Need |= uint64_t(1) << K;
    auto Hull = [&](uint32_t K) {
      if (!Known[K].first)
        Known[K] = hullOf(walkOfSlot(B, K), B);
      return Known[K];
    };
    auto [ALo, AHi] = Hull(P.First);
    auto [BLo, BHi] = Hull(P.Second);
    Value *Meets = meet(B, ALo, AHi, BLo, BHi);
    if (!Need)
      return Meets;
    Value *BothRan = B.CreateICmpEQ(B.CreateAnd(Mask, B.getInt64(Need)),
                                    B.getInt64(Need));
    return B.CreateSelect(BothRan, Meets, B.getFalse());
  }

  /// The frame's description (core `FrameRecords`): its numbers of pairs,
  /// slots and words on the stack, its pairs, then each slot's
  /// `from_stack` word and its record's words, an integer constant or an
  /// index on the stack.
  GlobalVariable *desc() {
    if (Desc)
      return Desc;
    SmallVector<uint64_t, 64> Words = {F.Pairs.size(), Slots.size(),
                                       StackWords};
    for (const aliaskit::InPlacePair &P : F.Pairs)
      Words.push_back(uint64_t(P.First) | uint64_t(P.Second) << 32);
    for (const Slot &S : Slots) {
      Words.push_back(S.FromStack);
      for (unsigned P = 0; P < RecordWords; ++P) {
        auto *CI = dyn_cast_or_null<ConstantInt>(S.Word[P]);
        Words.push_back(S.FromStack >> P & 1 ? S.At[P]
                        : CI              ? CI->getZExtValue()
                                          : 0);
      }
    }
    Module &Mod = *F.Enter->getModule();
    Constant *Init = ConstantDataArray::get(Mod.getContext(), Words);
    Desc = new GlobalVariable(Mod, Init->getType(), /*isConstant=*/true,
                              GlobalValue::PrivateLinkage, Init,
                              "__aliaskit_frame." +
                                  F.Enter->getFunction()->getName());
    Desc->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    Desc->setAlignment(Align(8));
    return Desc;
  }

  /// Before `At`, behind the unlikely branch: the records' words stored
  /// there (each `Own` slot's first, its class's hull start; constants
  /// that are not integers), then the call that compares every pair.
  void callConflicts(Instruction *At, Value *Mask) {
    Builder R(At, M);
    for (size_t K = 0; K < Slots.size(); ++K) {
      const Slot &S = Slots[K];
      if (S.Own) {
        R.CreateStore(R.CreateLoad(RT.I64, Hulls[C.Of[K]].first),
                      recordAt(R, K, 1));
        continue;
      }
      for (unsigned P = 0; P < RecordWords; ++P)
        if (S.Word[P] && !isa<ConstantInt>(S.Word[P]))
          R.CreateStore(S.Word[P], recordAt(R, K, P));
    }
    aliaskit::quiet(R.CreateCall(
        RT.Conflicts, {F.Enter->getArgOperand(0), F.Enter->getArgOperand(1),
                       F.Enter->getArgOperand(5), F.Enter->getArgOperand(6),
                       desc(), Records, Mask}));
  }
};

} // namespace

void aliaskit::inplace::addCounts(Instruction *Before, Value *Accesses,
                                  Value *Instances) {
  Module &M = *Before->getModule();
  aliaskit::RuntimeTypes R(M);
  // Must match `CountsBlock` in runtime/src/frames.rs: accesses,
  // instances, and whether the thread's runtime knows the block. One per
  // linked object (hidden, merged across modules), one per thread.
  Type *BlockTy = ArrayType::get(R.I64, 3);
  GlobalVariable *G = M.getGlobalVariable("__aliaskit_counts");
  if (!G) {
    G = new GlobalVariable(M, BlockTy, /*isConstant=*/false,
                           GlobalValue::LinkOnceODRLinkage,
                           Constant::getNullValue(BlockTy), "__aliaskit_counts",
                           nullptr, GlobalValue::GeneralDynamicTLSModel);
    G->setVisibility(GlobalValue::HiddenVisibility);
    G->setAlignment(Align(8));
  }
  IRBuilder<> B(Before);
  Value *Block = B.CreateThreadLocalAddress(G);
  auto Word = [&](IRBuilderBase &At, unsigned K) {
    return K ? At.CreateConstInBoundsGEP1_64(R.I64, Block, K) : Block;
  };
  // A thread's first count tells the runtime where its block is, so that
  // the counts reach the summary when the thread ends.
  auto Load = [&](Value *At) {
    return aliaskit::quiet(B.CreateAlignedLoad(R.I64, At, Align(8)));
  };
  Value *Unknown = B.CreateICmpEQ(Load(Word(B, 2)), B.getInt64(0));
  MDNode *Cold = MDBuilder(M.getContext()).createUnlikelyBranchWeights();
  IRBuilder<> Then(SplitBlockAndInsertIfThen(Unknown, Before, false, Cold));
  FunctionCallee Here = M.getOrInsertFunction(
      "__aliaskit_counts_here", FunctionType::get(R.Void, {R.Ptr}, false),
      aliaskit::runtimeCallAttributes(
          M.getContext(), R.Own | MemoryEffects::argMemOnly(ModRefInfo::Mod)));
  aliaskit::quiet(Then.CreateCall(Here, {Block}));
  B.SetInsertPoint(Before);
  for (auto [K, Add] : {std::pair{0u, Accesses}, std::pair{1u, Instances}}) {
    if (auto *C = dyn_cast<ConstantInt>(Add); C && C->isZero())
      continue;
    Value *At = Word(B, K);
    aliaskit::quiet(
        B.CreateAlignedStore(B.CreateAdd(Load(At), Add), At, Align(8)));
  }
}

void aliaskit::inplace::lowerFrames(Function &Fn, MutableArrayRef<Frame> Frames,
                                    FunctionAnalysisManager &FAM) {
  InPlaceRuntime RT(*Fn.getParent());
  Made Made;
  for (Frame &F : Frames) {
    Lowering L(F, RT, Made);
    L.record();
    if (F.Start)
      L.compareAndEmptyAt(F.Start);
    for (CallInst *X : F.Exits)
      L.compareAt(X);
    for (Instruction *X : F.DeadEnds)
      L.compareAt(X);
    L.sizeRecords();
    L.erase();
  }
  FAM.invalidate(Fn, PreservedAnalyses::none());
  PromoteMemToReg(Made.Slots, FAM.getResult<DominatorTreeAnalysis>(Fn));
  // The slots' first values are constants: what they fold.
  const SimplifyQuery SQ(Fn.getDataLayout());
  for (WeakVH &V : Made.Insts)
    if (auto *I = dyn_cast_or_null<Instruction>(V))
      if (Value *Simpler = simplifyInstruction(I, SQ.getWithInstruction(I)))
        I->replaceAllUsesWith(Simpler);
  for (WeakVH &V : Made.Insts)
    if (auto *I = dyn_cast_or_null<Instruction>(V))
      RecursivelyDeleteTriviallyDeadInstructions(I);
  FAM.invalidate(Fn, PreservedAnalyses::none());
}
