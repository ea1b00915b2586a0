//===- sanitize_final.cpp - accesses no later access can pair with --------===//
//
// At the very end, after the instance ends: a site of a frame still in the
// runtime is *final* when no access the frame logs after one of its own can
// be claimed against it (with a write) in one instance of every scope of
// the claim. Its checks become `__aliaskit_access_final`, and the log
// drops its entries once a check has compared them with everything logged
// before (core `FrameLog::access_final`), rather than keeping them, sorted
// and swept, until an instance ends.
//
// The case it is for: a Dijkstra inlined into a Rust program's `main`,
// whose `dist: &mut Vec<u64>` is written (cleared, resized) before its
// loop, and whose loop reads 220,000 adjacency vectors, each read claimed
// against those writes by `dist`'s scope. After the loop no write to `dist`
// comes before the next call's decl begins the scope again, so each read
// need only meet what was logged before it.
//
// A claimed pair (the core's rule, aliaskit_sanitize_in_place_pairs: the
// same pairs the log compares) of sites s and p with scopes C can break
// after an access of s only if p can be logged later on a path that passes
// no begin (or end) of some scope of C, no exit of the frame and no enter;
// with C empty, on any path without an exit or enter. One backward
// analysis, *ahead*, tells it: per site p and scope x, whether p may be
// logged later before a begin or end of x (and per site, before the
// frame's exit or enter at all). A site is final when every call that
// logs it is an `__aliaskit_access` or `_run` with constant sites (or a
// phi or select of them) after which no partner is ahead, for each of its
// sites, and that runs while no delegation is on (*busy*, forward: the callee's
// accesses come as they come; a delegation's sites are ahead from its
// begin); a site a delegation or a grid logs, or any site of a frame with
// a check whose site is not known, is not. The checks become
// `__aliaskit_access_final` and `__aliaskit_access_run_final`.
//
// *Guards.* A final access of one site in a loop in which no partner of
// the site is logged need not log what meets no partner's entry: nothing
// before the loop, nothing in it, and nothing after it pairs with it. The
// outermost such loop whose preheader the frame's enter dominates (not
// one the frame is entered in) asks there `__aliaskit_partner_hull(frame,
// site)`, the hull of the bytes of the log's entries the site may be
// claimed against; in the loop the check is called only when its bytes
// meet it, and the others are counted in an alloca (set to 0 after the
// frame's enter) that goes to the thread's counts block (`addCounts`)
// before each of its exits, for the summary.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"

#include <set>

using namespace llvm;

namespace {

/// One of the frame's calls, as ahead sees it.
struct Step {
  /// Log: the call logs `Sites` (an access, a run, a grid; a delegation
  /// from its begin on, `Delegates`); Begin: scope `Scope` begins or ends;
  /// Leave: the frame's exit or enter; Undelegate: the delegations end.
  enum Kind { Log, Begin, Leave, Undelegate } What;
  CallInst *Call;
  SmallVector<unsigned, 2> Sites;
  unsigned Scope = 0;
  bool Delegates = false;
};

/// The final variants of the checks that may be final: an access and a
/// run (runtime/src/lib.rs).
struct FinalCalls {
  FunctionCallee Access, Run;
  /// Whether `C` is a check that has a final variant.
  static bool has(CallInst *C) {
    return aliaskit::runtimeCall(C, "__aliaskit_access", 4) ||
           aliaskit::runtimeCall(C, "__aliaskit_access_run", 6);
  }
  /// The final variant of check `C` (one `has` accepts).
  FunctionCallee of(CallInst *C) const {
    return aliaskit::runtimeCall(C, "__aliaskit_access", 4) ? Access : Run;
  }
};

/// One frame and its analysis (the file comment).
class FrameFinal {
  CallInst *EnterCall;
  aliaskit::inplace::Tables &T;
  const aliaskit::inplace::Layout &L;
  /// The frame's sites and the scopes its scope calls begin or end, densely
  /// numbered.
  SmallVector<uint32_t, 32> Sites;
  DenseMap<uint32_t, unsigned> SiteIndex;
  SmallVector<uint32_t, 16> Scopes;
  DenseMap<uint32_t, unsigned> ScopeIndex;
  /// Per site: its partners (site index) and the claim's scopes (indices
  /// into Scopes; `None` for one no scope call of the frame begins).
  static constexpr unsigned None = ~0u;
  std::vector<SmallVector<std::pair<unsigned, SmallVector<unsigned, 2>>, 4>>
      Partners;
  /// Per block, its steps; blocks in the order of their first call (the
  /// order the rewritten calls are guarded in: the output must not depend
  /// on where blocks are allocated).
  MapVector<BasicBlock *, SmallVector<Step, 4>> Steps;
  DenseMap<BasicBlock *, BitVector> AheadIn;
  /// Per `__aliaskit_access` or `_run` call: whether no partner of its
  /// sites is ahead after it (set by solveAhead).
  DenseMap<CallInst *, bool> Quiet;
  /// The access calls that may run while a delegation is on (its callee's
  /// accesses, logged as they come, may follow them).
  SmallPtrSet<CallInst *, 8> Busy;

  /// Ahead's bit for site P and scope X (X == Scopes.size(): the frame's
  /// exit or enter only).
  unsigned bit(unsigned P, unsigned X) const {
    return P * (Scopes.size() + 1) + X;
  }
  BitVector none() const {
    return BitVector(Sites.size() * (Scopes.size() + 1));
  }
  ArrayRef<Step> stepsOf(BasicBlock *B) const {
    auto It = Steps.find(B);
    return It == Steps.end() ? ArrayRef<Step>() : ArrayRef<Step>(It->second);
  }
  bool collect();
  bool partners();
  void apply(const Step &S, BitVector &Ahead) const;
  void solveAhead();
  void solveBusy();
  bool quietAfter(const Step &S, const BitVector &Ahead) const;

  /// The calls rewrite made final.
  SmallVector<const Step *, 8> Made;
  bool partnerIn(unsigned Site, const Loop &Lp) const;

public:
  FrameFinal(CallInst *Enter, aliaskit::inplace::Tables &T,
             const aliaskit::inplace::Layout &L)
      : EnterCall(Enter), T(T), L(L) {}
  /// The frame's calls that log only final sites, made
  /// `__aliaskit_access_final`; returns how many.
  unsigned rewrite(const FinalCalls &Final);
  /// After rewrite: each final call of one site in a loop with no partner
  /// of its site, with the outermost such loop around it whose preheader
  /// the frame's enter dominates (a guard's place: the file comment).
  SmallVector<std::pair<CallInst *, Loop *>, 8> guards(LoopInfo &LI,
                                                       DominatorTree &DT) const;
};

/// The frame's calls as steps, its sites and scopes; false if the frame
/// has a user this file does not know, a check whose site is not known,
/// or a call that is not reachable.
bool FrameFinal::collect() {
  SmallVector<CallInst *, 32> Calls{EnterCall};
  for (User *U : EnterCall->users()) {
    auto *C = dyn_cast<CallInst>(U);
    if (!C || C->getArgOperand(0) != EnterCall || !L.Order.count(C))
      return false;
    Calls.push_back(C);
  }
  llvm::sort(Calls, [&](CallInst *A, CallInst *B) {
    return L.Order.lookup(A) < L.Order.lookup(B);
  });
  auto IndexOf = [](auto &Index, auto &Values, uint32_t V) {
    auto [It, New] = Index.try_emplace(V, Values.size());
    if (New)
      Values.push_back(V);
    return It->second;
  };
  for (CallInst *C : Calls) {
    Step S{Step::Log, C, {}, 0};
    bool Delegates = aliaskit::runtimeCall(C, "__aliaskit_delegate_begin", 4);
    S.Delegates = Delegates;
    if (C == EnterCall || aliaskit::runtimeCall(C, "__aliaskit_exit", 1)) {
      S.What = Step::Leave;
    } else if (aliaskit::runtimeCall(C, "__aliaskit_scope", 2) ||
               aliaskit::runtimeCall(C, "__aliaskit_scope_end", 2)) {
      auto *Scope = dyn_cast<ConstantInt>(C->getArgOperand(1));
      if (!Scope)
        continue; // not known: separates nothing
      S.What = Step::Begin;
      S.Scope = IndexOf(ScopeIndex, Scopes, uint32_t(Scope->getZExtValue()));
    } else if (aliaskit::accessCall(C) || Delegates) {
      for (unsigned I = 1, E = Delegates ? 3 : 2; I < E; ++I) {
        SmallVector<uint32_t, 4> Found;
        if (!aliaskit::inplace::siteValues(C->getArgOperand(I), Found))
          return false;
        for (uint32_t Site : Found)
          if (Site != UINT32_MAX) // a delegation's part that is not kept
            S.Sites.push_back(IndexOf(SiteIndex, Sites, Site));
      }
    } else if (aliaskit::runtimeCall(C, "__aliaskit_delegate_end", 1)) {
      S.What = Step::Undelegate;
    } else {
      return false;
    }
    Steps[C->getParent()].push_back(std::move(S));
  }
  return !Sites.empty();
}

/// Each site's partners, from the core; false if it cannot say.
bool FrameFinal::partners() {
  auto *Function = dyn_cast<ConstantInt>(EnterCall->getArgOperand(1));
  void *Table = T.of(EnterCall->getArgOperand(0));
  if (!Function || !Table)
    return false;
  // Each site twice: the pair of its two copies is the site against itself.
  SmallVector<uint32_t, 64> Twice;
  for (uint32_t Site : Sites)
    Twice.append({Site, Site});
  SmallVector<aliaskit::InPlacePair, 64> Pairs(4 * Twice.size());
  SmallVector<uint32_t, 64> PairScopes(4 * Twice.size());
  size_t ScopesLen = 0;
  auto Ask = [&] {
    return aliaskit_sanitize_in_place_pairs(
        Table, Function->getZExtValue(), Twice.data(), Twice.size(),
        Pairs.data(), Pairs.size(), PairScopes.data(), PairScopes.size(),
        &ScopesLen);
  };
  ptrdiff_t N = Ask();
  if (N >= 0 && (size_t(N) > Pairs.size() || ScopesLen > PairScopes.size())) {
    Pairs.resize(N); // again, with room for all
    PairScopes.resize(ScopesLen);
    N = Ask();
  }
  if (N < 0 || size_t(N) > Pairs.size() || ScopesLen > PairScopes.size())
    return false;
  Partners.assign(Sites.size(), {});
  for (const aliaskit::InPlacePair &P : ArrayRef(Pairs).take_front(N)) {
    SmallVector<unsigned, 2> Claim;
    for (uint32_t I = 0; I < P.ScopesCount; ++I) {
      auto It = ScopeIndex.find(PairScopes[P.ScopesBegin + I]);
      Claim.push_back(It == ScopeIndex.end() ? None : It->second);
    }
    unsigned A = P.First / 2, B = P.Second / 2;
    Partners[A].push_back({B, Claim});
    if (A != B)
      Partners[B].push_back({A, Claim});
  }
  return true;
}

/// What step `S` does to ahead, backward: a logged site is ahead before
/// every scope's begin and the frame's exit; a begin or an end hides,
/// before it, what is ahead after it of its scope; the frame's exit or
/// enter all.
void FrameFinal::apply(const Step &S, BitVector &Ahead) const {
  switch (S.What) {
  case Step::Log:
    for (unsigned P : S.Sites)
      Ahead.set(bit(P, 0), bit(P, Scopes.size()) + 1);
    break;
  case Step::Begin:
    for (unsigned P = 0; P < Sites.size(); ++P)
      Ahead.reset(bit(P, S.Scope));
    break;
  case Step::Leave:
    Ahead.reset();
    break;
  case Step::Undelegate:
    break;
  }
}

void FrameFinal::solveAhead() {
  L.solveBackward(AheadIn, none(), [&](BasicBlock *B, BitVector &Ahead) {
    for (const Step &S : llvm::reverse(stepsOf(B))) {
      if (S.What == Step::Log && FinalCalls::has(S.Call))
        Quiet[S.Call] = quietAfter(S, Ahead);
      apply(S, Ahead);
    }
  });
}

/// Busy: forward, may; a delegation begins at its begin and ends at the
/// frame's delegations' end, exit or enter.
void FrameFinal::solveBusy() {
  DenseMap<BasicBlock *, bool> On;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (BasicBlock *B : L.RPO) {
      bool Delegating = false;
      for (BasicBlock *P : predecessors(B))
        Delegating |= On.lookup(P);
      for (const Step &S : stepsOf(B)) {
        if (S.What == Step::Log && !S.Delegates && Delegating)
          Busy.insert(S.Call);
        if (S.What == Step::Log && S.Delegates)
          Delegating = true;
        else if (S.What == Step::Leave || S.What == Step::Undelegate)
          Delegating = false;
      }
      if (Delegating != On.lookup(B)) {
        On[B] = Delegating;
        Changed = true;
      }
    }
  }
}

/// Whether no partner of the sites step `S` logs is ahead after it: for
/// each claim, some scope of it (any, for a claim of the whole frame)
/// begins or ends, or the frame leaves, on every way to the partner.
bool FrameFinal::quietAfter(const Step &S, const BitVector &Ahead) const {
  for (unsigned Site : S.Sites)
    for (const auto &[P, Claim] : Partners[Site]) {
      auto AheadOf = [&, P = P](unsigned X) {
        return Ahead.test(bit(P, X == None ? Scopes.size() : X));
      };
      if (Claim.empty() ? AheadOf(None) : llvm::all_of(Claim, AheadOf))
        return false;
    }
  return true;
}

unsigned FrameFinal::rewrite(const FinalCalls &Final) {
  if (!collect() || !partners())
    return 0;
  solveAhead();
  solveBusy();
  // A site is final when each call that logs it is a quiet access; a call
  // is rewritten when each of its sites is final: until nothing changes.
  BitVector IsFinal(Sites.size(), true);
  auto Ok = [&](const Step &S) {
    return Quiet.lookup(S.Call) && !Busy.count(S.Call) &&
           llvm::all_of(S.Sites, [&](unsigned P) { return IsFinal[P]; });
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[B, List] : Steps)
      for (const Step &S : List)
        if (S.What == Step::Log && !Ok(S))
          for (unsigned P : S.Sites)
            if (IsFinal[P]) {
              IsFinal.reset(P);
              Changed = true;
            }
  }
  for (auto &[B, List] : Steps)
    for (const Step &S : List)
      if (S.What == Step::Log && Ok(S)) {
        S.Call->setCalledFunction(Final.of(S.Call));
        Made.push_back(&S);
      }
  return Made.size();
}

/// Whether a call in loop `Lp` logs a partner of site `Site`.
bool FrameFinal::partnerIn(unsigned Site, const Loop &Lp) const {
  for (BasicBlock *B : Lp.blocks())
    for (const Step &S : stepsOf(B))
      if (S.What == Step::Log)
        for (unsigned P : S.Sites)
          if (llvm::any_of(Partners[Site],
                           [&](const auto &Pair) { return Pair.first == P; }))
            return true;
  return false;
}

SmallVector<std::pair<CallInst *, Loop *>, 8>
FrameFinal::guards(LoopInfo &LI, DominatorTree &DT) const {
  Loop *EnterLoop = LI.getLoopFor(EnterCall->getParent());
  // A loop entered from one block that the frame runs around: entered
  // before it (not in it, where its frame may be the last one's).
  auto Place = [&](Loop *Lp) {
    BasicBlock *Pre = Lp->getLoopPreheader();
    return Pre && DT.dominates(EnterCall, Pre->getTerminator()) &&
           (!EnterLoop || (EnterLoop != Lp && EnterLoop->contains(Lp)));
  };
  SmallVector<std::pair<CallInst *, Loop *>, 8> Out;
  for (const Step *S : Made) {
    Loop *Inner = LI.getLoopFor(S->Call->getParent());
    if (!Inner || S->Sites.size() != 1 ||
        !aliaskit::runtimeCall(S->Call, "__aliaskit_access_final", 4))
      continue;
    Loop *Best = nullptr;
    for (Loop *Lp = Inner; Lp && !partnerIn(S->Sites[0], *Lp);
         Lp = Lp->getParentLoop())
      if (Place(Lp))
        Best = Lp;
    if (Best)
      Out.push_back({S->Call, Best});
  }
  return Out;
}

} // namespace

PreservedAnalyses aliaskit::FinalPass::run(Module &M,
                                           ModuleAnalysisManager &MAM) {
  Function *Access = M.getFunction("__aliaskit_access");
  Function *Run = M.getFunction("__aliaskit_access_run");
  if (!Access && !Run)
    return PreservedAnalyses::all();
  auto &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  // Same types and attributes as the checks they stand for.
  auto FinalOf = [&](Function *F, StringRef Name) {
    return F ? M.getOrInsertFunction(Name, F->getFunctionType(),
                                     F->getAttributes())
             : FunctionCallee();
  };
  FinalCalls Final{FinalOf(Access, "__aliaskit_access_final"),
                   FinalOf(Run, "__aliaskit_access_run_final")};
  aliaskit::inplace::GuardCalls G(M);
  aliaskit::inplace::Tables T;
  unsigned Calls = 0, Frames = 0, Guarded = 0, Loops = 0;
  bool Changed = false;
  for (Function &F : M) {
    // No setjmp (a block may run again without a cycle), no funclets.
    if (!aliaskit::inplace::plainControlFlow(F))
      continue;
    SmallVector<CallInst *, 4> Enters = aliaskit::inplace::frameEnters(F);
    if (Enters.empty())
      continue;
    aliaskit::inplace::Layout Lay(F);
    LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
    DominatorTree &DT = FAM.getResult<DominatorTreeAnalysis>(F);
    // Per loop and frame: the calls to guard there.
    MapVector<std::pair<Loop *, CallInst *>, SmallVector<CallInst *, 4>>
        ByLoop;
    for (CallInst *Enter : Enters) {
      FrameFinal Frame(Enter, T, Lay);
      unsigned N = Frame.rewrite(Final);
      Calls += N;
      Frames += N != 0;
      if (Guards)
        for (auto [Call, Lp] : Frame.guards(LI, DT))
          ByLoop[{Lp, Enter}].push_back(Call);
    }
    // The hulls first, where the loops' preheaders are still theirs; then
    // the calls' blocks split.
    DenseMap<CallInst *, AllocaInst *> Skipped;
    SmallVector<aliaskit::inplace::Guard, 16> Made;
    for (auto &[Key, List] : ByLoop) {
      auto [Lp, Enter] = Key;
      AllocaInst *Count = aliaskit::inplace::skippedOf(Enter, G, Skipped);
      aliaskit::inplace::askHulls(Lp->getLoopPreheader(), List, Count, G,
                                  Made);
      ++Loops;
    }
    for (const aliaskit::inplace::Guard &Each : Made)
      aliaskit::inplace::guardCall(Each);
    Guarded += Made.size();
    if (!ByLoop.empty())
      FAM.invalidate(F, PreservedAnalyses::none());
    Changed |= Calls != 0;
  }
  if (Stats)
    errs() << "aliaskit-sanitize-final: " << Calls
           << " checks of sites no later access can pair with, in " << Frames
           << " frames; " << Guarded << " of them guarded by their partners' "
           << "hull, in " << Loops << " loops\n";
  if (Loops)
    aliaskit::keepEffectsTrue(M);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
