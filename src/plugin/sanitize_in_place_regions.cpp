//===- sanitize_in_place_regions.cpp - loop iterations checked in place ---===//
//
// A frame whose accesses repeat (a loop in it) keeps its log. But in a loop
// whose every iteration begins a scope (a callee inlined in the loop, with
// a `&mut` parameter: an interpreter's `step(&mut self, op, &mut pc)`),
// the accesses of an iteration that are claimed apart under that scope
// meet only each other, in one instance of it. Such a *region* is checked
// by the program, as a short frame is (sanitize_in_place.cpp), once per
// instance: its slots are compared at its scope call, for the instance
// that ends there, then emptied, and at the frame's exits and dead ends;
// its accesses leave the log, and the frame keeps everything else.
//
// Given a scope call S of the frame in a loop (its scope begun by no other
// call), the region's accesses are the largest set such that:
//   - each is dominated by S and cannot run twice without S running again
//     (no cycle through its block that avoids S's): at most once an
//     instance;
//   - each pair the core claims (aliaskit_sanitize_in_place_pairs, asked
//     about all the frame's sites) with one of them has the other among
//     them too: nothing left in the log is claimed against them (a pair
//     of an access with itself too: a site claimed against itself, or
//     two sites of one access call, which the log compares across the
//     iterations of a claim that holds for the whole call);
//   - for each such pair, some scope of its claim is begun in the frame,
//     and each that is is begun by one scope call C only, which S
//     dominates (or is), which dominates both accesses, and which cannot
//     run twice without S running again.
// Two of them that ran in one instance of S are then in one instance of
// every scope of their claim (each C ran once, after S and before both:
// a path from S to an access that avoids C and S would, after a path from
// the function's entry to S that avoids C, avoid C altogether), which is
// where the log would compare them; two that ran in different instances
// of S are in different instances of a begun scope (its C ran between
// them), where the log would not. So the region reports what the log
// would have, no more and no less.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"

using namespace llvm;
using aliaskit::inplace::Frame;
using aliaskit::inplace::MaxPairs;
using aliaskit::inplace::MaxSlots;

namespace {

/// At most this many sites in a frame asked about for its regions (the
/// core's pairs are every two of them), and this many of its scope calls
/// tried as a region's start.
constexpr size_t MaxFrameSites = 512;
constexpr size_t MaxStarts = 64;

/// The frame's claimed pairs of accesses (slots of `All`), with their
/// scopes in `Scopes`; false if a site is not known or the frame is too
/// big to ask about.
bool slotPairs(const Frame &All, aliaskit::inplace::Tables &T,
               SmallVectorImpl<aliaskit::InPlacePair> &Pairs,
               SmallVectorImpl<uint32_t> &Scopes) {
  void *Table = T.of(All.Enter->getArgOperand(0));
  uint32_t Function;
  SmallVector<uint32_t, 64> Sites, SlotOf;
  if (!Table || !aliaskit::inplace::frameSites(All, Function, Sites, SlotOf) ||
      Sites.size() > MaxFrameSites ||
      !aliaskit::inplace::claimedPairs(Table, Function, Sites, Pairs, Scopes))
    return false;
  aliaskit::inplace::toSlotPairs(Pairs, SlotOf, /*KeepSelf=*/true);
  return true;
}

/// Whether the pair's two accesses are in one instance of each scope of
/// its claim exactly when they ran in one instance of S (the file
/// comment): some scope of the claim is begun, and each that is, once
/// after S and before both.
bool decidedByStart(const aliaskit::InPlacePair &P, ArrayRef<uint32_t> Scopes,
                    const Frame &All, CallInst *S,
                    const aliaskit::inplace::ScopeCalls &Begun, DominatorTree &DT) {
  bool AnyBegun = false;
  return aliaskit::inplace::begunOnceBefore(P, Scopes, All, S, Begun, DT,
                                            AnyBegun) &&
         AnyBegun;
}

/// The region of scope call S: the accesses of `All` (not in `Taken`)
/// that qualify (the file comment), as slots of `All`.
SmallVector<uint32_t, 8>
regionOf(const Frame &All, CallInst *S, ArrayRef<aliaskit::InPlacePair> Pairs,
         ArrayRef<uint32_t> Scopes,
         const aliaskit::inplace::ScopeCalls &Begun,
         const BitVector &Taken, DominatorTree &DT) {
  BitVector In(All.Accesses.size());
  for (auto [K, A] : enumerate(All.Accesses))
    if (!Taken[K] && DT.dominates(S, A) &&
        !aliaskit::inplace::repeatsWithout(A, S->getParent()))
      In.set(K);
  // Out goes every access of a pair with one side out, or that the
  // instances of S do not decide, and then every access claimed against
  // one that went (a worklist: each access goes once).
  SmallVector<SmallVector<uint32_t, 4>, 32> Partners(All.Accesses.size());
  SmallVector<uint32_t, 32> Gone;
  auto Drop = [&](uint32_t K) {
    if (In[K]) {
      In.reset(K);
      Gone.push_back(K);
    }
  };
  for (const aliaskit::InPlacePair &P : Pairs) {
    Partners[P.First].push_back(P.Second);
    Partners[P.Second].push_back(P.First);
  }
  for (const aliaskit::InPlacePair &P : Pairs)
    if (In[P.First] != In[P.Second] ||
        (In[P.First] && !decidedByStart(P, Scopes, All, S, Begun, DT))) {
      Drop(P.First);
      Drop(P.Second);
    }
  while (!Gone.empty())
    for (uint32_t Y : Partners[Gone.pop_back_val()])
      Drop(Y);
  SmallVector<uint32_t, 8> Slots;
  for (unsigned K : In.set_bits())
    Slots.push_back(K);
  return Slots;
}

} // namespace

void aliaskit::inplace::findRegions(const Frame &All, Tables &T,
                                    DominatorTree &DT,
                                    SmallVectorImpl<Frame> &Out) {
  aliaskit::inplace::ScopeCalls Begun;
  SmallVector<aliaskit::InPlacePair, 64> Pairs;
  SmallVector<uint32_t, 256> Scopes;
  if (All.Scopes.empty() || !aliaskit::inplace::scopeCalls(All, Begun) ||
      !slotPairs(All, T, Pairs, Scopes) || Pairs.empty())
    return;
  BitVector Taken(All.Accesses.size());
  size_t Tried = 0;
  for (CallInst *S : All.Scopes) {
    // A scope begun by this call only, in a loop of the frame.
    uint32_t Scope = cast<ConstantInt>(S->getArgOperand(1))->getZExtValue();
    if (Begun.lookup(Scope).size() != 1 ||
        !aliaskit::inplace::repeatsWithout(S, All.Enter->getParent()))
      continue;
    if (++Tried > MaxStarts)
      break;
    SmallVector<uint32_t, 8> Slots =
        regionOf(All, S, Pairs, Scopes, Begun, Taken, DT);
    if (Slots.empty() || Slots.size() > MaxSlots)
      continue;
    Frame R;
    R.Enter = All.Enter;
    R.Start = S;
    R.Exits = All.Exits;
    DenseMap<uint32_t, uint32_t> Slot; // the frame's slot -> the region's
    for (uint32_t K : Slots) {
      Slot[K] = R.Accesses.size();
      R.Accesses.push_back(All.Accesses[K]);
    }
    // A slot's pair with itself: it runs once an instance, and the
    // instances of S decide its claim (else it would not be here).
    for (const aliaskit::InPlacePair &P : Pairs)
      if (P.First != P.Second && Slot.count(P.First) && Slot.count(P.Second))
        R.Pairs.push_back({Slot[P.First], Slot[P.Second], 0, 0});
    // (Pairs of one two slots are not told apart by their scopes here:
    // the lowering compares bytes.)
    aliaskit::inplace::orderPairs(R.Pairs);
    if (R.Pairs.size() > MaxPairs)
      continue;
    for (uint32_t K : Slots)
      Taken.set(K);
    Out.push_back(std::move(R));
  }
}
