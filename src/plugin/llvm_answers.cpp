//===- llvm_answers.cpp - what LLVM's AAResults answers, for explain ------===//
//
// aliaskit-explain<llvm> prints, for the questions `aliaskit explain` asks
// (load/store pairs, calls, memory intrinsics' locations, masks, errno),
// the answers of LLVM's own AAResults with the AA pipeline given to opt
// (checks/inspect/explain-vs-llvm.py runs it with only our analyses):
// Rust picks the questions, this file asks them. It takes no decision.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"

#include <optional>

using namespace llvm;
using aliaskit::LlvmQuestion;

namespace {

constexpr uint8_t NotApplicable = 255;

/// The location LLVM gives a load or a store, or a memory intrinsic's
/// destination (what DSE and MemorySSA ask about it).
std::optional<MemoryLocation> locationOf(const Instruction *I) {
  if (isa<LoadInst>(I) || isa<StoreInst>(I))
    return MemoryLocation::get(I);
  if (const auto *MI = dyn_cast<AnyMemIntrinsic>(I))
    return MemoryLocation::getForDest(MI);
  return std::nullopt;
}

uint8_t aliasBits(AliasResult R) {
  switch (R) {
  case AliasResult::NoAlias:
    return 0;
  case AliasResult::MayAlias:
    return 1;
  case AliasResult::PartialAlias:
    return 2;
  case AliasResult::MustAlias:
    return 3;
  }
  return 1;
}

uint8_t ask(FunctionAnalysisManager &FAM, LlvmQuestion Q, Instruction *A,
            Instruction *B) {
  AAResults &AA = FAM.getResult<AAManager>(*A->getFunction());
  SimpleAAQueryInfo AAQI(AA);
  std::optional<MemoryLocation> LB =
      B ? locationOf(B) : std::optional<MemoryLocation>();
  switch (Q) {
  case LlvmQuestion::Alias: {
    std::optional<MemoryLocation> LA = locationOf(A);
    if (!LA || !LB)
      return NotApplicable;
    return aliasBits(AA.alias(*LA, *LB, AAQI));
  }
  case LlvmQuestion::ModRef: {
    const auto *Call = dyn_cast<CallBase>(A);
    if (!Call || !B)
      return NotApplicable;
    if (const auto *Call2 = dyn_cast<CallBase>(B))
      return static_cast<uint8_t>(AA.getModRefInfo(Call, Call2, AAQI));
    if (!isa<LoadInst>(B) && !isa<StoreInst>(B))
      return NotApplicable;
    return static_cast<uint8_t>(
        AA.getModRefInfo(Call, MemoryLocation::get(B), AAQI));
  }
  case LlvmQuestion::DestAlias: {
    const auto *MI = dyn_cast<AnyMemIntrinsic>(A);
    if (!MI || !LB || !(isa<LoadInst>(B) || isa<StoreInst>(B)))
      return NotApplicable;
    return aliasBits(AA.alias(MemoryLocation::getForDest(MI), *LB, AAQI));
  }
  case LlvmQuestion::SourceAlias: {
    const auto *MT = dyn_cast<AnyMemTransferInst>(A);
    if (!MT || !LB || !(isa<LoadInst>(B) || isa<StoreInst>(B)))
      return NotApplicable;
    return aliasBits(AA.alias(MemoryLocation::getForSource(MT), *LB, AAQI));
  }
  case LlvmQuestion::Mask: {
    std::optional<MemoryLocation> LA = locationOf(A);
    if (!LA)
      return NotApplicable;
    return static_cast<uint8_t>(AA.getModRefInfoMask(*LA));
  }
  case LlvmQuestion::Errno: {
    std::optional<MemoryLocation> LA = locationOf(A);
    if (!LA)
      return NotApplicable;
    return aliasBits(AA.aliasErrno(*LA, A->getModule()));
  }
  }
  return NotApplicable;
}

} // namespace

uint8_t aliaskit_llvm_answer(void *Answers, uint8_t Question, LLVMValueRef A,
                             LLVMValueRef B) {
  if (!Answers || !A || Question > uint8_t(LlvmQuestion::Errno))
    return NotApplicable;
  auto *IA = dyn_cast<Instruction>(unwrap(A));
  auto *IB = B ? dyn_cast<Instruction>(unwrap(B)) : nullptr;
  if (!IA || (B && !IB))
    return NotApplicable;
  return ask(*static_cast<FunctionAnalysisManager *>(Answers),
             LlvmQuestion(Question), IA, IB);
}
