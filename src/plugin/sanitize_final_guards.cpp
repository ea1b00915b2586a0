//===- sanitize_final_guards.cpp - final checks called near partners only ===//
//
// The IR of sanitize_final.cpp's guards (its file comment, "Guards"): a
// loop's hull queries in its preheader, each final check behind a
// comparison with the hull, and the frame's count of the checks let pass.
//
//===----------------------------------------------------------------------===//

#include "sanitize_in_place.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;

aliaskit::inplace::GuardCalls::GuardCalls(Module &M) {
  aliaskit::RuntimeTypes R(M);
  LLVMContext &C = M.getContext();
  // Must match `Hull` and `__aliaskit_partner_hull` in runtime/src/lib.rs.
  Hull = M.getOrInsertFunction(
      "__aliaskit_partner_hull",
      FunctionType::get(StructType::get(R.I64, R.I64), {R.Ptr, R.I32}, false),
      aliaskit::runtimeCallAttributes(C, R.Own));
}

AllocaInst *
aliaskit::inplace::skippedOf(CallInst *Enter, GuardCalls &G,
                             DenseMap<CallInst *, AllocaInst *> &Made) {
  AllocaInst *&Skipped = Made[Enter];
  if (Skipped)
    return Skipped;
  Function &F = *Enter->getFunction();
  Type *I64 = Type::getInt64Ty(F.getContext());
  IRBuilder<> Entry(&*F.getEntryBlock().getFirstInsertionPt());
  Skipped = Entry.CreateAlloca(I64, nullptr, "aliaskit.skipped");
  IRBuilder<> B(Enter->getNextNode());
  B.CreateStore(B.getInt64(0), Skipped);
  for (User *U : Enter->users())
    if (auto *Exit = aliaskit::runtimeCall(U, "__aliaskit_exit", 1)) {
      Value *Count = IRBuilder<>(Exit).CreateLoad(I64, Skipped);
      aliaskit::inplace::addCounts(Exit, Count, ConstantInt::get(I64, 0));
    }
  return Skipped;
}

void aliaskit::inplace::askHulls(BasicBlock *Pre, ArrayRef<CallInst *> Calls,
                                 AllocaInst *Skipped, GuardCalls &G,
                                 SmallVectorImpl<Guard> &Out) {
  IRBuilder<> B(Pre->getTerminator());
  DenseMap<Value *, std::pair<Value *, Value *>> Hulls;
  for (CallInst *Call : Calls) {
    Value *Frame = Call->getArgOperand(0), *Site = Call->getArgOperand(1);
    auto [It, New] = Hulls.try_emplace(Site);
    if (New) {
      CallInst *H = B.CreateCall(G.Hull, {Frame, Site});
      aliaskit::markQuiet(H);
      It->second = {B.CreateExtractValue(H, 0), B.CreateExtractValue(H, 1)};
    }
    Out.push_back({Call, It->second.first, It->second.second, Skipped});
  }
}

void aliaskit::inplace::guardCall(const Guard &G) {
  CallInst *Call = G.Call;
  LLVMContext &C = Call->getContext();
  Type *I64 = Type::getInt64Ty(C);
  IRBuilder<> At(Call);
  Value *Addr = At.CreatePtrToInt(Call->getArgOperand(2), I64);
  Value *Size = Call->getArgOperand(3);
  Value *End = At.CreateBinaryIntrinsic(Intrinsic::uadd_sat, Addr, Size);
  Value *Meets = At.CreateAnd(At.CreateICmpULT(Addr, G.Hi),
                              At.CreateICmpUGT(End, G.Lo));
  Instruction *Then, *Else;
  SplitBlockAndInsertIfThenElse(Meets, Call, &Then, &Else,
                                MDBuilder(C).createUnlikelyBranchWeights());
  Call->moveBefore(Then->getIterator());
  IRBuilder<> Skip(Else);
  Value *One = Skip.CreateZExt(Skip.CreateICmpNE(Size, Skip.getInt64(0)), I64);
  Skip.CreateStore(Skip.CreateAdd(Skip.CreateLoad(I64, G.Skipped), One),
                   G.Skipped);
}

