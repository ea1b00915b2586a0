//===- input_origin.cpp - which instructions are the input's --------------===//
//
// Bisect's reports print each decided instruction as it was when decided,
// which may be long after a pass made it or changed it. So that a report
// can say so, the input's instructions are recorded with the input's
// numbers (input_numbers.cpp), before the first pass, when a bisection or
// its log is on:
//
// - each instruction, through a WeakVH, which is nulled when the
//   instruction is deleted and does not follow replaceAllUsesWith: an
//   instruction made later at a deleted one's address is never taken for
//   it. Beside it, its opcode, type and operand count: one of the input's
//   whose differ now was changed in place.
// - each memory access with a `!dbg` location, per function: what an
//   instruction a pass made at the same location (compared by value, with
//   its inlined-at chain) with the same opcode (a load or store: the same
//   type) can have come from; failing such an access, a memory intrinsic
//   there (the load or store SROA and InstCombine make of a memcpy).
//   For a `.ll` input, where the parser found the access in the user's
//   file is kept too, and the report prints its text there, as the user
//   wrote it (with the file's node numbers).
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/AsmParser/AsmParserContext.h"
#include "llvm/AsmParser/FileLoc.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ValueHandle.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <mutex>
#include <string>

using namespace llvm;

struct aliaskit::InputInstructions {
  struct Record {
    WeakVH Handle;
    unsigned Opcode, Operands;
    Type *Ty;
  };
  /// Never resized after the handles are made.
  std::vector<Record> Records;
  DenseMap<const Instruction *, unsigned> Index;

  /// A memory access of the input with a `!dbg` location.
  struct Access {
    const DILocation *Loc;
    unsigned Opcode;
    /// A load's or store's type, else null.
    Type *Accessed;
    bool MemIntrinsic;
    /// Where it is in the user's `.ll` file (lines and columns from 0);
    /// FileLine, its first line from 1, 0 when not known.
    unsigned FileLine;
    FileLocRange InFile;
    /// What the report calls it: `load`, or the callee's name.
    std::string Name;
  };
  StringMap<std::vector<Access>> Accesses;

  /// A `.ll` input: its path and text.
  std::string Path;
  std::unique_ptr<MemoryBuffer> Text;
  /// Where each line of Text begins, made on the first quote.
  mutable std::vector<size_t> LineStarts;
  mutable std::once_flag Indexed;
};

namespace {

/// The type a load reads or a store writes; null for anything else.
Type *accessedType(const Instruction &I) {
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return L->getType();
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return S->getValueOperand()->getType();
  return nullptr;
}

std::string accessName(const Instruction &I) {
  if (const auto *Call = dyn_cast<CallBase>(&I))
    if (const Function *Callee = Call->getCalledFunction())
      return Callee->getName().str();
  return I.getOpcodeName();
}

/// Whether two locations are the same place: file, line, column, and the
/// same for each location they were inlined at.
bool sameLocation(const DILocation *A, const DILocation *B) {
  for (; A && B; A = A->getInlinedAt(), B = B->getInlinedAt())
    if (A != B && (A->getLine() != B->getLine() ||
                   A->getColumn() != B->getColumn() ||
                   A->getFilename() != B->getFilename() ||
                   A->getDirectory() != B->getDirectory()))
      return false;
  return !A && !B;
}

/// The text of `In`'s file in `Range`, on one line (an instruction written
/// over several has its line breaks and indentation made one space).
std::string textIn(const aliaskit::InputInstructions &In,
                   const FileLocRange &Range) {
  StringRef Text = In.Text->getBuffer();
  std::call_once(In.Indexed, [&] {
    In.LineStarts.push_back(0);
    for (size_t I = 0, E = Text.size(); I != E; ++I)
      if (Text[I] == '\n')
        In.LineStarts.push_back(I + 1);
  });
  auto Offset = [&](FileLoc L) {
    if (L.Line >= In.LineStarts.size())
      return Text.size();
    return std::min(Text.size(), In.LineStarts[L.Line] + L.Col);
  };
  size_t Begin = Offset(Range.Start), End = Offset(Range.End);
  std::string Out;
  for (StringRef Line : llvm::split(Text.slice(Begin, std::max(Begin, End)), '\n')) {
    if (!Out.empty())
      Out += ' ';
    Out += Line.trim().str();
  }
  return StringRef(Out).trim().str();
}

/// How `I` stands to the input `In`, as aliaskit_printer_origin's parts.
struct Origin {
  std::string How, Input, InputLocation, Note;
};

Origin originOf(const aliaskit::InputInstructions &In, const Instruction &I) {
  Origin O;
  auto It = In.Index.find(&I);
  if (It != In.Index.end() && In.Records[It->second].Handle == &I) {
    const auto &R = In.Records[It->second];
    if (R.Opcode != I.getOpcode() || R.Operands != I.getNumOperands() ||
        R.Ty != I.getType())
      O.How = "changed";
    return O;
  }
  O.How = "made";
  const DILocation *Loc = I.getDebugLoc().get();
  const Function *F = I.getFunction();
  if (!Loc || !F)
    return O;
  auto Accesses = In.Accesses.find(F->getName());
  if (Accesses == In.Accesses.end())
    return O;
  Type *Accessed = accessedType(I);
  SmallVector<const aliaskit::InputInstructions::Access *, 4> Same, Copies;
  for (const auto &A : Accesses->second) {
    if (!sameLocation(A.Loc, Loc))
      continue;
    if (A.Opcode == I.getOpcode() && A.Accessed == Accessed)
      Same.push_back(&A);
    else if (A.MemIntrinsic && Accessed)
      Copies.push_back(&A);
  }
  const auto &Found = Same.empty() ? Copies : Same;
  if (Found.size() == 1 && Found[0]->FileLine && In.Text) {
    O.Input = textIn(In, Found[0]->InFile);
    O.InputLocation = (In.Path + ":" + Twine(Found[0]->FileLine)).str();
  } else if (Found.size() == 1) {
    O.Note = "from the input's " + Found[0]->Name + " at this location";
  } else if (!Found.empty()) {
    // Several: the input's instructions there, none singled out.
    bool OneName = llvm::all_of(
        Found, [&](const auto *A) { return A->Name == Found[0]->Name; });
    O.Note = "the input has " + std::to_string(Found.size()) + " " +
             (OneName ? Found[0]->Name + "s" : std::string("accesses")) +
             " at this location";
  }
  return O;
}

} // namespace

std::shared_ptr<const aliaskit::InputInstructions>
aliaskit::recordInstructions(const Module &M, const Module *File,
                             const AsmParserContext *Parsed,
                             std::unique_ptr<MemoryBuffer> Text,
                             StringRef Path) {
  auto R = std::make_shared<InputInstructions>();
  size_t Count = 0;
  for (const Function &F : M)
    Count += F.getInstructionCount();
  R->Records.reserve(Count);
  R->Index.reserve(Count);
  if (File && Parsed && Text) {
    R->Path = Path.str();
    R->Text = std::move(Text);
  } else {
    File = nullptr;
  }
  // The caller matched File to M function by function, block by block.
  auto FileF = File ? File->begin() : Module::const_iterator();
  for (const Function &F : M) {
    std::vector<InputInstructions::Access> Accesses;
    auto FileI = File ? inst_begin(*FileF) : const_inst_iterator();
    for (const Instruction &I : instructions(F)) {
      unsigned Line = 0;
      FileLocRange InFile;
      if (File) {
        if (auto Where = Parsed->getInstructionLocation(&*FileI)) {
          Line = Where->Start.Line + 1;
          InFile = *Where;
        }
        ++FileI;
      }
      R->Index.try_emplace(&I, R->Records.size());
      R->Records.push_back({WeakVH(const_cast<Instruction *>(&I)),
                            I.getOpcode(), I.getNumOperands(), I.getType()});
      const DILocation *Loc = I.getDebugLoc().get();
      if (!Loc || !I.mayReadOrWriteMemory())
        continue;
      Accesses.push_back({Loc, I.getOpcode(), accessedType(I),
                          isa<MemIntrinsic>(I), Line, InFile, accessName(I)});
    }
    if (!Accesses.empty())
      R->Accesses[F.getName()] = std::move(Accesses);
    if (File)
      ++FileF;
  }
  // Without !dbg nothing is ever quoted from the file.
  if (R->Accesses.empty())
    R->Text.reset();
  return R;
}

aliaskit::OwnedString aliaskit_printer_origin(void *P, LLVMValueRef V,
                                              uint8_t Part) {
  const aliaskit::InputNumbers *In =
      static_cast<aliaskit::Printer *>(P)->input();
  const auto *I = dyn_cast_or_null<Instruction>(unwrap(V));
  if (!In || !In->Instructions || !I)
    return aliaskit::ownedString("");
  Origin O = originOf(*In->Instructions, *I);
  switch (Part) {
  case 0:
    return aliaskit::ownedString(O.How);
  case 1:
    return aliaskit::ownedString(O.Input);
  case 2:
    return aliaskit::ownedString(O.InputLocation);
  case 3:
    return aliaskit::ownedString(O.Note);
  default:
    return aliaskit::ownedString("");
  }
}
