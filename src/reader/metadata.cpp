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
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <cstddef>
#include <cstdint>

using namespace llvm;

/// Number of operands of a node.
unsigned aliaskit_md_num_operands(LLVMMetadataRef Node) {
  return cast<MDNode>(unwrap(Node))->getNumOperands();
}

/// What operand `I` of `Node` is; the outputs that apply are filled.
/// 0 null, 1 node (*Op), 2 string (*Str, *Len), 3 integer constant (*Bits,
/// *Fits = it fits in 64 bits zero-extended, *Value if it fits, *LowBit),
/// 4 anything else.
uint8_t aliaskit_md_operand(LLVMMetadataRef Node, unsigned I,
                            LLVMMetadataRef *Op, const char **Str, size_t *Len,
                            unsigned *Bits, uint8_t *Fits, uint64_t *Value,
                            uint8_t *LowBit) {
  Metadata *M = cast<MDNode>(unwrap(Node))->getOperand(I);
  if (!M)
    return 0;
  if (auto *N = dyn_cast<MDNode>(M)) {
    *Op = wrap(N);
    return 1;
  }
  if (auto *S = dyn_cast<MDString>(M)) {
    StringRef Text = S->getString();
    *Str = Text.data();
    *Len = Text.size();
    return 2;
  }
  if (auto *C = mdconst::dyn_extract<ConstantInt>(M)) {
    const APInt &V = C->getValue();
    *Bits = V.getBitWidth();
    *Fits = V.getActiveBits() <= 64;
    *Value = *Fits ? V.getZExtValue() : 0;
    *LowBit = V[0];
    return 3;
  }
  return 4;
}

/// The argument of an `llvm.experimental.noalias.scope.decl` call: 0 not
/// metadata, 1 metadata that is not a node, 2 a node (stored in *Node).
uint8_t aliaskit_decl_argument(LLVMValueRef Call, LLVMMetadataRef *Node) {
  auto *CB = cast<CallBase>(unwrap(Call));
  if (CB->arg_size() < 1)
    return 0;
  auto *MV = dyn_cast<MetadataAsValue>(CB->getArgOperand(0));
  if (!MV)
    return 0;
  auto *N = dyn_cast<MDNode>(MV->getMetadata());
  if (!N)
    return 1;
  *Node = wrap(N);
  return 2;
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
