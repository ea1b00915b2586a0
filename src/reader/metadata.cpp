//===- metadata.cpp - raw access to metadata operands for the reader ------===//
//
// The LLVM-C API reads metadata operands through MetadataAsValue, which
// canonicalises what it wraps: a one-operand node whose operand is null
// reads as the empty node `!{}`, and a one-operand node holding a constant
// reads as the constant itself. Alias metadata is compared by node
// identity, so the reader needs the operands as they are. These C
// functions give exactly that, and nothing else: they are part of the
// reader (src/reader/mod.rs, src/reader/verify_view.rs), not of the
// plugin, though shim.h declares them with the rest of the boundary.
//
//===----------------------------------------------------------------------===//

#include "../plugin/shim.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <cstddef>
#include <cstdint>

using namespace llvm;
using aliaskit::DeclArgumentKind;
using aliaskit::OperandKind;

/// Number of operands of a node.
unsigned aliaskit_md_num_operands(LLVMMetadataRef Node) {
  return cast<MDNode>(unwrap(Node))->getNumOperands();
}

/// What operand `I` of `Node` is; the outputs that apply are filled: a node
/// in *Op, a string in *Str, *Len, an integer constant in *Bits, *Fits (it
/// fits in 64 bits zero-extended), *Value (if it fits) and *LowBit.
OperandKind aliaskit_md_operand(LLVMMetadataRef Node, unsigned I,
                                LLVMMetadataRef *Op, const char **Str,
                                size_t *Len, unsigned *Bits, uint8_t *Fits,
                                uint64_t *Value, uint8_t *LowBit) {
  Metadata *M = cast<MDNode>(unwrap(Node))->getOperand(I);
  if (!M)
    return OperandKind::Null;
  if (auto *N = dyn_cast<MDNode>(M)) {
    *Op = wrap(N);
    return OperandKind::Node;
  }
  if (auto *S = dyn_cast<MDString>(M)) {
    StringRef Text = S->getString();
    *Str = Text.data();
    *Len = Text.size();
    return OperandKind::String;
  }
  if (auto *C = mdconst::dyn_extract<ConstantInt>(M)) {
    const APInt &V = C->getValue();
    *Bits = V.getBitWidth();
    *Fits = V.getActiveBits() <= 64;
    *Value = *Fits ? V.getZExtValue() : 0;
    *LowBit = V[0];
    return OperandKind::Int;
  }
  return OperandKind::Other;
}

/// The argument of an `llvm.experimental.noalias.scope.decl` call: not
/// metadata, metadata that is not a node, or a node (stored in *Node).
DeclArgumentKind aliaskit_decl_argument(LLVMValueRef Call,
                                        LLVMMetadataRef *Node) {
  auto *CB = cast<CallBase>(unwrap(Call));
  if (CB->arg_size() < 1)
    return DeclArgumentKind::NotMetadata;
  auto *MV = dyn_cast<MetadataAsValue>(CB->getArgOperand(0));
  if (!MV)
    return DeclArgumentKind::NotMetadata;
  auto *N = dyn_cast<MDNode>(MV->getMetadata());
  if (!N)
    return DeclArgumentKind::NotNode;
  *Node = wrap(N);
  return DeclArgumentKind::Node;
}

/// The operands of the named metadata `Name` as they are (null operands
/// stay null), at most `Capacity` of them into `Out`; the operand count, or
/// -1 when the module has no such named metadata.
int aliaskit_named_metadata_operands(LLVMModuleRef M, const char *Name,
                                     LLVMMetadataRef *Out, unsigned Capacity) {
  const NamedMDNode *N = unwrap(M)->getNamedMetadata(Name);
  if (!N)
    return -1;
  for (unsigned I = 0, E = N->getNumOperands(); I < E && I < Capacity; ++I)
    Out[I] = wrap(N->getOperand(I));
  return static_cast<int>(N->getNumOperands());
}

/// The attachments of kinds `Kinds[0..Count]` of an instruction (null where
/// absent), as they are; false (and nothing written) when the instruction
/// has no metadata besides its debug location, the common case.
uint8_t aliaskit_attachments(LLVMValueRef Inst, const unsigned *Kinds,
                             unsigned Count, LLVMMetadataRef *Out) {
  auto *I = cast<Instruction>(unwrap(Inst));
  if (!I->hasMetadataOtherThanDebugLoc())
    return 0;
  for (unsigned K = 0; K < Count; ++K)
    Out[K] = wrap(I->getMetadata(Kinds[K]));
  return 1;
}

/// Where each of the instructions `Insts[0..Count]` of function `Fn` stands
/// in the function's dominator tree, four numbers each into `Out`: its
/// block's number, 1 if the block is reachable from the entry (else 0),
/// and the block's depth-first interval (in, out) in the tree. The verifier
/// decides dominance from these (core/src/verify: DomPlace::dominates).
/// False, and nothing written, when a block has no terminator (no
/// dominator tree can be built; LLVM's verifier stops there too).
uint8_t aliaskit_dominator_places(LLVMValueRef Fn, const LLVMValueRef *Insts,
                                  unsigned Count, uint32_t *Out) {
  auto &F = *cast<Function>(unwrap(Fn));
  for (const BasicBlock &BB : F)
    if (BB.empty() || !BB.back().isTerminator())
      return 0;
  DominatorTree DT(F);
  DT.updateDFSNumbers();
  for (unsigned K = 0; K < Count; ++K) {
    const BasicBlock *BB = cast<Instruction>(unwrap(Insts[K]))->getParent();
    const DomTreeNode *N = DT.getNode(BB);
    uint32_t *P = Out + 4 * K;
    P[0] = BB->getNumber();
    P[1] = N ? 1 : 0;
    P[2] = N ? N->getDFSNumIn() : 0;
    P[3] = N ? N->getDFSNumOut() : 0;
  }
  return 1;
}
