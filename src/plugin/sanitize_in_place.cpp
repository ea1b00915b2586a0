//===- sanitize_in_place.cpp - short frames checked by the program --------===//
//
// At the very end of the pipeline (after the end point, its runs and
// grids), each frame (a `__aliaskit_enter` call: a function's own, or a
// start-point frame inlined into it) whose accesses run at most once per
// call is checked by the program itself (core/src/sanitize/in_place.rs):
// its runtime calls become *slots* compared at its exits
// (sanitize_in_place_lower.cpp). This file decides which frames, and the
// pairs they compare (aliaskit_sanitize_in_place_pairs: the core's rule).
//
// A frame qualifies when the log would find nothing more:
//   - its calls are only accesses (single, runs, grids), scopes and exits
//     (no delegation: a callee's accesses);
//   - no access can run twice without the frame being entered again (no
//     cycle through it that avoids the enter's block; or a check that
//     sanitize_once.cpp made run once per execution of its loop, whose
//     loop is entered from a block in no such cycle);
//   - for every pair, each scope of its claim is begun in the frame never
//     (the instance is the call) or by one scope call that cannot run
//     twice and dominates both accesses (they are in its one instance
//     whenever both ran);
//   - at most MaxSlots accesses and MaxPairs pairs; the function does not
//     call setjmp (a slot held in a register is not kept across longjmp)
//     and has no funclet (the new calls would need its bundle).
// Any other frame keeps its runtime calls. A path from the enter that
// ends in `unreachable` without an exit is a *dead end*: compared there.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

#include <algorithm>
#include <tuple>

using namespace llvm;
using aliaskit::inplace::Frame;
using aliaskit::inplace::MaxPairs;
using aliaskit::inplace::MaxSlots;
using aliaskit::inplace::Tables;

namespace {

/// At most this many scopes in all for a frame's pairs.
constexpr size_t MaxPairScopes = 1024;

/// Why a frame keeps the runtime's log (for --stats).
enum class Kept : unsigned {
  Delegated, ///< a delegation: a callee's accesses
  Repeats,   ///< an access may run twice in one frame
  Instances, ///< a scope of a pair begun twice or after an access
  Size,      ///< too many accesses or pairs
  Function,  ///< setjmp or a funclet in the function
  Site,      ///< a site is not a constant (nor a phi of constants)
  Table,     ///< the table cannot be read
  Count
};


/// The frame's runtime calls; false if it has another use (a run, a grid,
/// a delegation, anything that is not one of its calls: `Why` says).
bool collect(CallInst *Enter, Frame &Out, Kept &Why) {
  Why = Kept::Delegated;
  Out.Enter = Enter;
  for (User *U : Enter->users()) {
    auto *C = dyn_cast<CallInst>(U);
    if (!C || C->getArgOperand(0) != Enter)
      return false;
    if (aliaskit::accessCall(C))
      Out.Accesses.push_back(C);
    else if (aliaskit::runtimeCall(C, "__aliaskit_scope", 2))
      Out.Scopes.push_back(C);
    else if (aliaskit::runtimeCall(C, "__aliaskit_exit", 1))
      Out.Exits.push_back(C);
    else
      return false;
  }
  return true;
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

/// Whether I can run again before the block of `Enter` is entered again.
bool repeats(const Instruction *I, const CallInst *Enter) {
  return aliaskit::inplace::repeatsWithout(I, Enter->getParent());
}

/// Whether I, a check sanitize_once.cpp made run once per execution of a
/// loop (OnceMark), runs at most once per call of the frame: the flag that
/// guards it is false only on the edges from blocks (the loop's
/// preheader) that cannot run again before the frame is entered again.
/// A flag that is not a web of phis of the constants true and false (a
/// pass between the two rewrote it) leaves I as repeating.
bool onceAtMostPerCall(const CallInst *I, const CallInst *Enter) {
  const BasicBlock *Guarded = I->getParent();
  const BasicBlock *Head = Guarded->getSinglePredecessor();
  auto *Br = Head ? dyn_cast<BranchInst>(Head->getTerminator()) : nullptr;
  Value *Seen = nullptr;
  if (!I->getMetadata(aliaskit::inplace::OnceMark) || !Br ||
      !Br->isConditional() || Br->getSuccessor(0) != Guarded ||
      Br->getSuccessor(1) == Guarded ||
      !match(Br->getCondition(), PatternMatch::m_Not(PatternMatch::m_Value(Seen))))
    return false;
  SmallVector<const PHINode *, 8> Work;
  SmallPtrSet<const PHINode *, 8> Web;
  auto *First = dyn_cast<PHINode>(Seen);
  if (!First)
    return false;
  Work.push_back(First);
  Web.insert(First);
  bool SetOnce = false; // the true the check's run leaves
  while (!Work.empty()) {
    const PHINode *Phi = Work.pop_back_val();
    for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K) {
      Value *V = Phi->getIncomingValue(K);
      if (auto *C = dyn_cast<ConstantInt>(V)) {
        SetOnce |= C->isOne();
        if (C->isZero() && repeats(Phi->getIncomingBlock(K)->getTerminator(), Enter))
          return false;
      } else if (auto *P = dyn_cast<PHINode>(V)) {
        if (Web.insert(P).second)
          Work.push_back(P);
      } else {
        return false;
      }
    }
  }
  return SetOnce;
}

/// Whether every pair's accesses are in one instance of each scope of its
/// claim whenever both ran (the file comment).
bool sameInstance(const Frame &F, ArrayRef<uint32_t> Scopes,
                  DominatorTree &DT) {
  aliaskit::inplace::ScopeCalls Begun;
  if (!aliaskit::inplace::scopeCalls(F, Begun))
    return false;
  bool AnyBegun = false;
  return llvm::all_of(F.Pairs, [&](const aliaskit::InPlacePair &P) {
    return aliaskit::inplace::begunOnceBefore(P, Scopes, F, F.Enter, Begun, DT,
                                              AnyBegun);
  });
}

/// Whether the frame qualifies (else `Why` says why not); its pairs are
/// filled in.
bool qualifies(Frame &F, Tables &T, DominatorTree &DT, Kept &Why) {
  Why = Kept::Size;
  if (F.Accesses.size() > MaxSlots)
    return false;
  void *Table = T.of(F.Enter->getArgOperand(0));
  uint32_t Function;
  SmallVector<uint32_t, MaxSlots> Sites, SlotOf;
  Why = Kept::Table;
  if (!Table)
    return false;
  Why = Kept::Site;
  if (!aliaskit::inplace::frameSites(F, Function, Sites, SlotOf) ||
      Sites.size() > 2 * MaxSlots)
    return false;
  Why = Kept::Repeats;
  for (CallInst *A : F.Accesses)
    if (repeats(A, F.Enter) && !onceAtMostPerCall(A, F.Enter))
      return false;
  SmallVector<uint32_t, 64> Scopes;
  Why = Kept::Table;
  if (!aliaskit::inplace::claimedPairs(Table, Function, Sites, F.Pairs, Scopes))
    return false;
  Why = Kept::Size;
  if (F.Pairs.size() > MaxPairs || Scopes.size() > MaxPairScopes)
    return false;
  aliaskit::inplace::toSlotPairs(F.Pairs, SlotOf);
  Why = Kept::Instances;
  if (!sameInstance(F, Scopes, DT))
    return false;
  aliaskit::inplace::orderPairs(F.Pairs);
  return true;
}

/// The object every byte an access of one block at `Address` touches is
/// in, when it is one that shares no byte with another such object while
/// the function runs: a static alloca of it or a global variable. Null
/// otherwise.
const Value *ownObject(Value *Address) {
  const Value *O = getUnderlyingObject(Address);
  if (auto *A = dyn_cast<AllocaInst>(O))
    return A->isStaticAlloca() ? A : nullptr;
  return isa<GlobalVariable>(O) ? O : nullptr;
}

} // namespace

unsigned aliaskit::inplace::dropDistinctObjects(Frame &F) {
  auto Object = [&](uint32_t K) -> const Value * {
    CallInst *A = F.Accesses[K];
    // One block (a run's first address may be the program's arithmetic).
    return A->arg_size() == 4 ? ownObject(A->getArgOperand(2)) : nullptr;
  };
  size_t Before = F.Pairs.size();
  llvm::erase_if(F.Pairs, [&](const aliaskit::InPlacePair &P) {
    const Value *A = Object(P.First), *B = Object(P.Second);
    return A && B && A != B;
  });
  return Before - F.Pairs.size();
}

bool aliaskit::inplace::claimedPairs(void *Table, uint32_t Function,
                                     ArrayRef<uint32_t> Sites,
                                     SmallVectorImpl<aliaskit::InPlacePair> &Pairs,
                                     SmallVectorImpl<uint32_t> &Scopes) {
  // Asked with the room the last answer said it needs (so twice at most).
  Pairs.resize(MaxPairs);
  Scopes.resize(4 * MaxPairs);
  for (int Round = 0; Round < 2; ++Round) {
    size_t ScopesLen = 0;
    ptrdiff_t N = aliaskit_sanitize_in_place_pairs(
        Table, Function, Sites.data(), Sites.size(), Pairs.data(), Pairs.size(),
        Scopes.data(), Scopes.size(), &ScopesLen);
    if (N < 0)
      return false;
    if (size_t(N) <= Pairs.size() && ScopesLen <= Scopes.size()) {
      Pairs.resize(N);
      Scopes.resize(ScopesLen);
      return true;
    }
    Pairs.resize(std::max<size_t>(N, Pairs.size()));
    Scopes.resize(std::max(ScopesLen, Scopes.size()));
  }
  return false;
}

bool aliaskit::inplace::begunOnceBefore(const aliaskit::InPlacePair &P,
                                        ArrayRef<uint32_t> Scopes, const Frame &F,
                                        const Instruction *Start,
                                        const ScopeCalls &Begun, DominatorTree &DT,
                                        bool &AnyBegun) {
  for (uint32_t K = 0; K < P.ScopesCount; ++K) {
    auto It = Begun.find(Scopes[P.ScopesBegin + K]);
    if (It == Begun.end())
      continue; // never begun in the frame: its instance is the call
    AnyBegun = true;
    if (It->second.size() != 1)
      return false;
    CallInst *C = It->second.front();
    if (C != Start && (!DT.dominates(Start, C) ||
                       aliaskit::inplace::repeatsWithout(C, Start->getParent())))
      return false;
    if (!DT.dominates(C, F.Accesses[P.First]) ||
        !DT.dominates(C, F.Accesses[P.Second]))
      return false;
  }
  return true;
}

bool aliaskit::inplace::scopeCalls(const Frame &F, ScopeCalls &Begun) {
  for (CallInst *S : F.Scopes) {
    auto *Scope = dyn_cast<ConstantInt>(S->getArgOperand(1));
    if (!Scope)
      return false;
    Begun[Scope->getZExtValue()].push_back(S);
  }
  return true;
}

bool aliaskit::inplace::frameSites(const Frame &F, uint32_t &Function,
                                   SmallVectorImpl<uint32_t> &Sites,
                                   SmallVectorImpl<uint32_t> &SlotOf) {
  auto *Index = dyn_cast<ConstantInt>(F.Enter->getArgOperand(1));
  if (!Index)
    return false;
  Function = Index->getZExtValue();
  for (auto [K, A] : enumerate(F.Accesses)) {
    // Each site the slot may have: the runtime asks the claim of the
    // sites that ran.
    SmallVector<uint32_t, 4> Each;
    if (!aliaskit::inplace::siteValues(A->getArgOperand(1), Each))
      return false;
    Sites.append(Each);
    SlotOf.append(Each.size(), K);
  }
  return true;
}

void aliaskit::inplace::toSlotPairs(SmallVectorImpl<aliaskit::InPlacePair> &Pairs,
                                    ArrayRef<uint32_t> SlotOf, bool KeepSelf) {
  for (aliaskit::InPlacePair &P : Pairs)
    std::tie(P.First, P.Second) = std::minmax(SlotOf[P.First], SlotOf[P.Second]);
  if (!KeepSelf)
    llvm::erase_if(Pairs, [](const aliaskit::InPlacePair &P) {
      return P.First == P.Second;
    });
}

void aliaskit::inplace::orderPairs(SmallVectorImpl<aliaskit::InPlacePair> &Pairs) {
  auto Key = [](const aliaskit::InPlacePair &P) {
    return std::tie(P.Second, P.First);
  };
  llvm::sort(Pairs, [&](const aliaskit::InPlacePair &A,
                        const aliaskit::InPlacePair &B) {
    return Key(A) < Key(B);
  });
  Pairs.erase(std::unique(Pairs.begin(), Pairs.end(),
                          [&](const aliaskit::InPlacePair &A,
                              const aliaskit::InPlacePair &B) {
                            return Key(A) == Key(B);
                          }),
              Pairs.end());
}

bool aliaskit::inplace::repeatsWithout(const Instruction *I,
                                       const BasicBlock *Stop) {
  const BasicBlock *Home = I->getParent();
  SmallVector<const BasicBlock *, 16> Work(succ_begin(Home), succ_end(Home));
  SmallPtrSet<const BasicBlock *, 32> Seen;
  while (!Work.empty()) {
    const BasicBlock *B = Work.pop_back_val();
    if (B == Home && B != Stop)
      return true;
    if (B == Stop || !Seen.insert(B).second)
      continue;
    Work.append(succ_begin(B), succ_end(B));
  }
  return false;
}

bool aliaskit::inplace::plainControlFlow(Function &F) {
  if (F.isDeclaration() || F.callsFunctionThatReturnsTwice())
    return false;
  for (Instruction &I : instructions(F))
    if (isa<FuncletPadInst>(I) || isa<CatchSwitchInst>(I))
      return false;
  return true;
}

bool aliaskit::inplace::siteValues(Value *V, SmallVectorImpl<uint32_t> &Out) {
  // Two access calls that SimplifyCFG sank into one take their site from
  // a phi (or a select) of constants.
  SmallVector<Value *, 4> Each = {V};
  if (auto *Phi = dyn_cast<PHINode>(V))
    Each.assign(Phi->incoming_values().begin(), Phi->incoming_values().end());
  else if (auto *Sel = dyn_cast<SelectInst>(V))
    Each = {Sel->getTrueValue(), Sel->getFalseValue()};
  for (Value *E : Each) {
    auto *Site = dyn_cast<ConstantInt>(E);
    if (!Site)
      return false;
    Out.push_back(Site->getZExtValue());
  }
  return true;
}

SmallVector<CallInst *, 4> aliaskit::inplace::frameEnters(Function &F) {
  SmallVector<CallInst *, 4> Enters;
  for (Instruction &I : instructions(F))
    if (CallInst *Enter = aliaskit::runtimeCall(&I, "__aliaskit_enter", 7))
      Enters.push_back(Enter);
  return Enters;
}

aliaskit::inplace::Tables::~Tables() {
  for (auto &[G, T] : Decoded)
    aliaskit_sanitize_in_place_free(T);
}

void *aliaskit::inplace::Tables::of(Value *V) {
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

PreservedAnalyses aliaskit::InPlacePass::run(Module &M,
                                             ModuleAnalysisManager &MAM) {
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  Tables T;
  unsigned InPlace = 0, Reasons[unsigned(Kept::Count)] = {};
  unsigned Regions = 0, RegionAccesses = 0, Distinct = 0;
  bool Changed = false;
  for (Function &Fn : M) {
    SmallVector<CallInst *, 4> Enters = aliaskit::inplace::frameEnters(Fn);
    if (Enters.empty())
      continue;
    // Accesses in the function's order: a report's first access is the
    // one laid out first, as the log's is the one logged first.
    DenseMap<const Instruction *, unsigned> Order;
    for (Instruction &I : instructions(Fn))
      Order[&I] = Order.size();
    if (!aliaskit::inplace::plainControlFlow(Fn)) {
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
          Distinct += aliaskit::inplace::dropDistinctObjects(F);
          Frames.push_back(std::move(F));
          continue;
        }
        // The frame keeps its log: the regions of its loops that need none.
        size_t Before = Frames.size();
        aliaskit::inplace::findRegions(F, T, DT, Frames);
        for (Frame &R : MutableArrayRef(Frames).drop_front(Before)) {
          findDeadEnds(R);
          Distinct += aliaskit::inplace::dropDistinctObjects(R);
          ++Regions;
          RegionAccesses += R.Accesses.size();
        }
      }
      ++Reasons[unsigned(Why)];
    }
    if (Frames.empty())
      continue;
    aliaskit::inplace::lowerFrames(Fn, Frames, FAM);
    InPlace += llvm::count_if(Frames, [](const Frame &F) { return !F.Start; });
    Changed = true;
  }
  if (Stats)
    errs() << "aliaskit-sanitize-in-place: " << InPlace
           << " frames checked in place; kept in the runtime: "
           << Reasons[unsigned(Kept::Delegated)] << " with delegated calls, "
           << Reasons[unsigned(Kept::Repeats)] << " with an access in a loop, "
           << Reasons[unsigned(Kept::Instances)] << " with scopes begun twice or late, "
           << Reasons[unsigned(Kept::Size)] << " too large, "
           << Reasons[unsigned(Kept::Function)] << " in functions with setjmp or funclets, "
           << Reasons[unsigned(Kept::Site)] << " with a site not known, "
           << Reasons[unsigned(Kept::Table)] << " unreadable; "
           << Regions << " regions of them checked in place each instance of "
           << "their scope (" << RegionAccesses << " accesses); " << Distinct
           << " pairs not compared, their accesses in distinct allocas or "
           << "globals\n";
  if (Changed)
    aliaskit::keepEffectsTrue(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
