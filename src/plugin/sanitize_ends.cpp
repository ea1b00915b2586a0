//===- sanitize_ends.cpp - an instance ended where nothing can join it ---===//
//
// At the very end, after the frames checked in place: a frame still in the
// runtime is told where the last instance of a scope can take no more
// accesses, so that its log drops that instance's entries at its next
// prune instead of keeping them until the frame ends.
//
// The case it is for: a Rust program's `main`, into which the inliner put
// calls with `noalias` arguments. Each inlined call's scopes are begun by
// its decls; the instance its last call began stays open until `main`
// returns, and every entry of it (a Dijkstra's reads of 220,000 vectors)
// stays in the log, sorted, renumbered and swept at every later check.
//
// A scope x's instance may end at a point P when no site relevant to x
// (the runtime's `Filter::relevant`: x decides one of its claims with a
// write; aliaskit_sanitize_relevant_scopes) can be logged after P before a
// begin of x, the frame's exit, or its enter again. Then an end of x at P
// changes no conflict: a claimed pair of accesses A before P and B after
// it, whose claim x decides, has x relevant to B's site, so a real begin
// of x already lies between them. `__aliaskit_scope_end(frame, x)` is the
// runtime's begin without an instance counted (core `FrameLog::end_scope`).
//
// Per frame (its `__aliaskit_enter`; frames with a user this file does not
// know are left alone), three analyses over the blocks:
//   - *live* (backward, may): a site relevant to x can be logged before a
//     begin or an end of x, or the frame's exit or enter;
//   - *open* (forward, may): a site relevant to x may have been logged
//     since the last begin or end of x (in this frame);
//   - *running* (forward, must): the frame was entered and not left.
// An end of each scope open and not live goes where the frame is running,
// in a block in no loop (it runs at most once a call: an instance begun in
// a loop ends after the loop, where its last one lingers), from which the
// frame may log more (else no check would prune before the exit drops the
// log): before the block's branch (not while a delegation begun in the
// block is on: its accesses come with the call), or at its start (after a
// loop, or where the block ends in an invoke). Blocks are taken in reverse
// post-order, open made less after each placement, so that a diamond
// gets one end before its branch rather than one on each side. A site
// that is not a constant (or phi or select of them) is relevant to every
// scope; a scope call whose scope is not a constant ends nothing.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

#include <map>
#include <set>

using namespace llvm;

namespace {

/// What one of the frame's calls does to the scopes, in block order.
struct Event {
  /// Delegate: a delegation begins (a use, of its sites, whose accesses
  /// come with the call after it); Undelegate: it ends.
  enum Kind { Use, Delegate, Undelegate, End, Enter, Exit } What;
  /// Use: the scopes the logged sites are relevant to; End: the scope
  /// begun or ended.
  BitVector Scopes;
};

/// What event `E` does to the scopes' bits of live and open alike: an
/// access or a delegation sets its sites' (and `Any`), a begin or an end
/// clears its scope's, the frame's enter and exit clear all.
void apply(const Event &E, BitVector &Bits) {
  switch (E.What) {
  case Event::Use:
  case Event::Delegate:
    Bits |= E.Scopes;
    break;
  case Event::End:
    Bits.reset(E.Scopes);
    break;
  case Event::Undelegate:
    break;
  case Event::Enter:
  case Event::Exit:
    Bits.reset();
    break;
  }
}

/// One frame and the three analyses (the file comment).
class FrameEnds {
  CallInst *EnterCall;
  aliaskit::inplace::Tables &T;
  const aliaskit::inplace::Layout &L;
  /// The frame's scopes that some site is relevant to, densely numbered.
  SmallVector<uint32_t, 16> Scopes;
  DenseMap<uint32_t, unsigned> Index;
  DenseMap<uint32_t, BitVector> SiteScopes;
  DenseMap<BasicBlock *, SmallVector<Event, 4>> Events;
  /// Ended: the ends placed at a block's start; EndedLast: at its end.
  DenseMap<BasicBlock *, BitVector> LiveIn, OpenOut, Ended, EndedLast;
  DenseMap<BasicBlock *, bool> RunningIn, RunningOut;

  /// Analyses' bits: one per scope, then `Any`, set by every access (in
  /// live: the frame may log more, so a later check may prune).
  unsigned any() const { return Scopes.size(); }
  BitVector none() const { return BitVector(Scopes.size() + 1); }
  BitVector all() const { return BitVector(Scopes.size() + 1, true); }
  bool relevantOf(uint32_t Site, SmallVectorImpl<uint32_t> &Out);
  bool usesOf(CallInst &C, BitVector &Out);
  bool collect();
  void solveLive();
  void solveRunning();
  void solveOpen();
  BitVector openIn(BasicBlock *B);
  ArrayRef<Event> eventsOf(BasicBlock *B) const {
    auto It = Events.find(B);
    return It == Events.end() ? ArrayRef<Event>() : ArrayRef<Event>(It->second);
  }
  BitVector openAfter(BasicBlock *B, BitVector Open);
  BitVector endsAt(BasicBlock *B, bool AtEnd, LoopInfo &LI);
  void lessOpenFrom(BasicBlock *B);

public:
  FrameEnds(CallInst *Enter, aliaskit::inplace::Tables &T,
            const aliaskit::inplace::Layout &L)
      : EnterCall(Enter), T(T), L(L) {}
  /// Places the ends (the file comment) and returns how many.
  unsigned place(LoopInfo &LI);
};

/// The scopes relevant to `Site`, from the core; false if it cannot say.
bool FrameEnds::relevantOf(uint32_t Site, SmallVectorImpl<uint32_t> &Out) {
  auto *Function = dyn_cast<ConstantInt>(EnterCall->getArgOperand(1));
  void *Table = T.of(EnterCall->getArgOperand(0));
  if (!Function || !Table)
    return false;
  size_t Len = 0;
  Out.resize(16);
  auto Ask = [&] {
    return aliaskit_sanitize_relevant_scopes(Table, Function->getZExtValue(),
                                             Site, Out.data(), Out.size(),
                                             &Len);
  };
  if (Ask() != 1)
    return false;
  if (Len > Out.size()) {
    Out.resize(Len); // again, with room for all
    if (Ask() != 1 || Len > Out.size())
      return false;
  }
  Out.resize(Len);
  return true;
}

/// The scopes the sites `C` logs are relevant to (every scope when a site
/// is not known); false if the core cannot answer for one.
bool FrameEnds::usesOf(CallInst &C, BitVector &Out) {
  SmallVector<Value *, 2> SiteArgs;
  if (aliaskit::accessCall(&C))
    SiteArgs.push_back(C.getArgOperand(1));
  else // __aliaskit_delegate_begin: its read and write sites
    SiteArgs.append({C.getArgOperand(1), C.getArgOperand(2)});
  Out = none();
  Out.set(any());
  for (Value *V : SiteArgs) {
    SmallVector<uint32_t, 4> Sites;
    if (!aliaskit::inplace::siteValues(V, Sites)) {
      Out = all();
      return true;
    }
    for (uint32_t Site : Sites) {
      if (Site == UINT32_MAX)
        continue; // a delegation's part that is not kept
      auto It = SiteScopes.find(Site);
      if (It == SiteScopes.end())
        return false;
      Out |= It->second;
    }
  }
  return true;
}

/// The frame's calls as events, its scopes and what each site is relevant
/// to; false if the frame has a user this file does not know.
bool FrameEnds::collect() {
  SmallVector<CallInst *, 32> Calls;
  std::set<uint32_t> Sites;
  for (User *U : EnterCall->users()) {
    auto *C = dyn_cast<CallInst>(U);
    if (!C || C->getArgOperand(0) != EnterCall)
      return false;
    bool Delegates =
        aliaskit::runtimeCall(C, "__aliaskit_delegate_begin", 4) != nullptr;
    if (aliaskit::accessCall(C) || Delegates) {
      for (unsigned I = 1, E = Delegates ? 3 : 2; I < E; ++I) {
        SmallVector<uint32_t, 4> Found;
        if (aliaskit::inplace::siteValues(C->getArgOperand(I), Found))
          Sites.insert(Found.begin(), Found.end());
      }
    } else if (!aliaskit::runtimeCall(C, "__aliaskit_scope", 2) &&
               !aliaskit::runtimeCall(C, "__aliaskit_exit", 1) &&
               !aliaskit::runtimeCall(C, "__aliaskit_delegate_end", 1)) {
      return false;
    }
    Calls.push_back(C);
  }
  Sites.erase(UINT32_MAX);
  // The scopes some site is relevant to, numbered.
  std::map<uint32_t, SmallVector<uint32_t, 8>> Relevant;
  std::set<uint32_t> AllScopes;
  for (uint32_t Site : Sites) {
    SmallVector<uint32_t, 8> R;
    if (!relevantOf(Site, R))
      return false;
    AllScopes.insert(R.begin(), R.end());
    Relevant[Site] = std::move(R);
  }
  for (uint32_t S : AllScopes) {
    Index[S] = Scopes.size();
    Scopes.push_back(S);
  }
  if (Scopes.empty())
    return false;
  for (auto &[Site, R] : Relevant) {
    BitVector B = none();
    for (uint32_t S : R)
      B.set(Index[S]);
    SiteScopes[Site] = std::move(B);
  }
  // The events, each block's in order.
  Calls.push_back(EnterCall);
  llvm::sort(Calls, [&](CallInst *A, CallInst *B) {
    return L.Order.lookup(A) < L.Order.lookup(B);
  });
  for (CallInst *C : Calls) {
    if (!L.Order.count(C))
      continue; // unreachable
    Event E{Event::Use, none()};
    if (C == EnterCall) {
      E.What = Event::Enter;
    } else if (aliaskit::runtimeCall(C, "__aliaskit_exit", 1)) {
      E.What = Event::Exit;
    } else if (aliaskit::runtimeCall(C, "__aliaskit_delegate_end", 1)) {
      E.What = Event::Undelegate;
    } else if (aliaskit::runtimeCall(C, "__aliaskit_scope", 2)) {
      E.What = Event::End;
      auto *S = dyn_cast<ConstantInt>(C->getArgOperand(1));
      auto It = S ? Index.find(uint32_t(S->getZExtValue())) : Index.end();
      if (It == Index.end())
        continue; // not known: ends nothing
      E.Scopes.set(It->second);
    } else if (!usesOf(*C, E.Scopes)) {
      return false;
    } else if (!aliaskit::accessCall(C)) {
      E.What = Event::Delegate;
    }
    Events[C->getParent()].push_back(std::move(E));
  }
  return true;
}

void FrameEnds::solveLive() {
  L.solveBackward(LiveIn, none(), [&](BasicBlock *B, BitVector &Live) {
    for (const Event &E : llvm::reverse(eventsOf(B)))
      apply(E, Live);
  });
}

void FrameEnds::solveRunning() {
  BasicBlock *Entry = &EnterCall->getFunction()->getEntryBlock();
  for (BasicBlock *B : L.RPO)
    RunningIn[B] = RunningOut[B] = B != Entry;
  RunningIn[Entry] = false;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *B : L.RPO) {
      bool Running = B != Entry;
      for (BasicBlock *P : predecessors(B))
        if (RunningOut.count(P))
          Running &= RunningOut[P];
      RunningIn[B] = Running;
      for (const Event &E : eventsOf(B))
        if (E.What == Event::Enter)
          Running = true;
        else if (E.What == Event::Exit)
          Running = false;
      if (Running != RunningOut[B]) {
        RunningOut[B] = Running;
        Changed = true;
      }
    }
  }
}

BitVector FrameEnds::openIn(BasicBlock *B) {
  BitVector Open = none();
  for (BasicBlock *P : predecessors(B))
    if (OpenOut.count(P))
      Open |= OpenOut[P];
  return Open;
}

/// What is open at the end of B, from what is open at its start.
BitVector FrameEnds::openAfter(BasicBlock *B, BitVector Open) {
  if (auto It = Ended.find(B); It != Ended.end())
    Open.reset(It->second);
  for (const Event &E : eventsOf(B))
    apply(E, Open);
  if (auto It = EndedLast.find(B); It != EndedLast.end())
    Open.reset(It->second);
  return Open;
}

void FrameEnds::solveOpen() {
  for (BasicBlock *B : L.RPO)
    OpenOut[B] = none();
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *B : L.RPO) {
      BitVector Open = openAfter(B, openIn(B));
      if (Open != OpenOut[B]) {
        OpenOut[B] = std::move(Open);
        Changed = true;
      }
    }
  }
}

/// The scopes to end at the start of B (`AtEnd`: before its terminator),
/// none if B is not a place for ends (the file comment).
BitVector FrameEnds::endsAt(BasicBlock *B, bool AtEnd, LoopInfo &LI) {
  BitVector Ends = none();
  if (LI.getLoopFor(B))
    return Ends;
  BitVector Live = LiveIn[B], Open = openIn(B);
  if (AtEnd) {
    // Not while a call of B's own runs on the frame's behalf (a
    // delegation begun and not ended: its accesses come with the call).
    auto *T = B->getTerminator();
    bool Delegating = false;
    for (const Event &E : eventsOf(B))
      Delegating = E.What == Event::Delegate ||
                   (Delegating && E.What != Event::Undelegate);
    bool Branch = isa<BranchInst>(T) || isa<SwitchInst>(T);
    if (!RunningOut[B] || Delegating || !Branch)
      return Ends;
    Live = none();
    for (BasicBlock *S : successors(B))
      Live |= LiveIn[S];
    Open = OpenOut[B];
  } else if (!RunningIn[B] || B->getFirstInsertionPt() == B->end()) {
    return Ends;
  }
  if (!Live.test(any()))
    return Ends; // the frame logs nothing more: no check would prune
  Ends = std::move(Open);
  Ends.reset(Live);
  Ends.reset(any());
  return Ends;
}

/// Open again from B on, after ends placed in B: what they close, no
/// longer open where it flowed. (A scope kept open by a cycle of blocks
/// may stay so: open only says where an end would be of use, never
/// where one may go.)
void FrameEnds::lessOpenFrom(BasicBlock *B) {
  SmallVector<BasicBlock *, 16> Work{B};
  while (!Work.empty()) {
    BasicBlock *X = Work.pop_back_val();
    BitVector Open = openAfter(X, openIn(X));
    if (Open == OpenOut[X] && X != B)
      continue;
    OpenOut[X] = std::move(Open);
    for (BasicBlock *S : successors(X))
      if (OpenOut.count(S))
        Work.push_back(S);
  }
}

unsigned FrameEnds::place(LoopInfo &LI) {
  if (!collect())
    return 0;
  solveLive();
  solveRunning();
  solveOpen();
  Module &M = *EnterCall->getModule();
  LLVMContext &C = M.getContext();
  FunctionCallee End = M.getOrInsertFunction(
      "__aliaskit_scope_end",
      FunctionType::get(Type::getVoidTy(C),
                        {PointerType::getUnqual(C), Type::getInt32Ty(C)},
                        false),
      aliaskit::runtimeCallAttributes(C, MemoryEffects::inaccessibleMemOnly()));
  unsigned Placed = 0;
  for (BasicBlock *B : L.RPO)
    for (bool AtEnd : {false, true}) {
      BitVector Ends = endsAt(B, AtEnd, LI);
      if (Ends.none())
        continue;
      IRBuilder<> Builder(B, AtEnd ? B->getTerminator()->getIterator()
                                   : B->getFirstInsertionPt());
      for (unsigned I : Ends.set_bits()) {
        CallInst *Call = Builder.CreateCall(
            End, {EnterCall, Builder.getInt32(Scopes[I])});
        aliaskit::markQuiet(Call);
        ++Placed;
      }
      (AtEnd ? EndedLast : Ended)[B] |= Ends;
      lessOpenFrom(B);
    }
  return Placed;
}

} // namespace

PreservedAnalyses aliaskit::EndsPass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  aliaskit::inplace::Tables T;
  unsigned Ends = 0, Frames = 0;
  for (Function &F : M) {
    // No setjmp (a block may run again without a cycle), no funclets.
    if (!aliaskit::inplace::plainControlFlow(F))
      continue;
    SmallVector<CallInst *, 4> Enters = aliaskit::inplace::frameEnters(F);
    if (Enters.empty())
      continue;
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    aliaskit::inplace::Layout Lay(F);
    unsigned Before = Ends;
    for (CallInst *Enter : Enters) {
      unsigned Placed = FrameEnds(Enter, T, Lay).place(LI);
      Ends += Placed;
      Frames += Placed != 0;
    }
    if (Ends != Before) // only calls were added: the CFG is the same
      FAM.invalidate(F, PreservedAnalyses::none());
  }
  if (Stats)
    errs() << "aliaskit-sanitize-ends: " << Ends
           << " instances ended where nothing can join them, in " << Frames
           << " frames\n";
  return Ends ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
