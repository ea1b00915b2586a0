//===- metadata.cpp - raw access to metadata operands for the reader ------===//
//
// The LLVM-C API reads metadata operands through MetadataAsValue, which
// canonicalises what it wraps: a one-operand node whose operand is null
// reads as the empty node `!{}`, and a one-operand node holding a constant
// reads as the constant itself. Alias metadata is compared by node
// identity, so the reader needs the operands as they are. These two C
// functions give exactly that, and nothing else: they are part of the
// reader (src/reader/mod.rs), not of the plugin.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"

#include <cstddef>
#include <cstdint>

using namespace llvm;

extern "C" {

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
}
