//===- printer.cpp - LLVM values and nodes as text, for the Rust side -----===//
//
// The module passes report in Rust (src/plugin/verify.rs, captures.rs,
// explain.rs, dot.rs) what they find in C++ objects: instructions and
// metadata nodes, printed the way `opt -S` prints and numbers them. The
// C++ pass makes one aliaskit::Printer per module (shim.h) and hands it to
// Rust, which calls back here (through src/plugin/printer.rs) for each
// text. Every string handed to the Rust side is an aliaskit::OwnedString,
// made by ownedString and freed by aliaskit_string_free.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Value.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace llvm;

aliaskit::OwnedString aliaskit::ownedString(const std::string &S) {
  // One byte more, so that an empty string is a pointer too.
  char *P = static_cast<char *>(std::malloc(S.size() + 1));
  std::memcpy(P, S.c_str(), S.size() + 1);
  return {P, S.size()};
}

aliaskit::OwnedString aliaskit_printer_metadata(void *P, LLVMMetadataRef MD) {
  auto *Pr = static_cast<aliaskit::Printer *>(P);
  std::string S;
  raw_string_ostream OS(S);
  Metadata *M = unwrap(MD);
  M->print(OS, Pr->MST, &Pr->M);
  // `!5 = !{!6, ...}`: the node and its operands.
  SmallVector<const MDNode *, 8> Nodes;
  if (const auto *N = dyn_cast<MDNode>(M)) {
    Nodes.push_back(N);
    for (const MDOperand &Op : N->operands())
      if (const auto *O = dyn_cast_or_null<MDNode>(Op.get()))
        Nodes.push_back(O);
  }
  return aliaskit::ownedString(Pr->renumber(S, Nodes));
}

aliaskit::OwnedString aliaskit_printer_value(void *P, LLVMValueRef V) {
  auto *Pr = static_cast<aliaskit::Printer *>(P);
  std::string S;
  raw_string_ostream OS(S);
  Value *Val = unwrap(V);
  Val->print(OS, Pr->MST);
  // An instruction's attachments and metadata arguments.
  SmallVector<const MDNode *, 8> Nodes;
  if (const auto *I = dyn_cast<Instruction>(Val)) {
    SmallVector<std::pair<unsigned, MDNode *>, 4> A;
    I->getAllMetadata(A);
    for (const auto &[Kind, N] : A)
      Nodes.push_back(N);
    for (const Use &Op : I->operands())
      if (const auto *MV = dyn_cast<MetadataAsValue>(Op.get()))
        if (const auto *N = dyn_cast<MDNode>(MV->getMetadata()))
          Nodes.push_back(N);
  }
  return aliaskit::ownedString(Pr->renumber(S, Nodes));
}

const aliaskit::InputNumbers *aliaskit::Printer::input() {
  if (!InputLooked) {
    InputLooked = true;
    Input = inputNumbersNow(M);
  }
  return Input.get();
}

void aliaskit::Printer::index(const MDNode *Any) {
  Indexed = true;
  for (const auto &[Slot, N] : trackerNumbers(MST, M, Any))
    Slots[N] = Slot;
  // A scope: `!{self, domain, ...}` or `!{!"id", domain, ...}`; its place
  // is counted in the order of the numbers reports give (input numbers
  // first, then the nodes not in the input).
  std::vector<std::pair<int64_t, const MDNode *>> Scopes;
  for (const auto &[N, Slot] : Slots) {
    if (N->getNumOperands() < 2)
      continue;
    const auto *Domain = dyn_cast_or_null<MDNode>(N->getOperand(1).get());
    const Metadata *First = N->getOperand(0).get();
    if (!Domain || !(First == N || isa_and_nonnull<MDString>(First)))
      continue;
    Scopes.push_back({inputNumber(N, Slot), N});
  }
  llvm::sort(Scopes, [](const auto &A, const auto &B) { return A.first < B.first; });
  DenseMap<const MDNode *, uint32_t> InDomain;
  for (const auto &[Number, N] : Scopes)
    Places[N] = ++InDomain[cast<MDNode>(N->getOperand(1).get())];
}

int64_t aliaskit::Printer::inputNumber(const MDNode *N, unsigned Slot) {
  const InputNumbers *In = input();
  if (!In)
    return Slot;
  auto It = In->Numbers.find(N);
  return It == In->Numbers.end() ? NewBit | Slot : It->second;
}

int64_t aliaskit::Printer::number(const MDNode *N) {
  // A node of the input has its number even where the module no longer
  // uses it (the !tbaa.struct of a copy a pass replaced).
  if (const InputNumbers *In = input()) {
    auto It = In->Numbers.find(N);
    if (It != In->Numbers.end())
      return It->second;
  }
  if (!Indexed)
    index(N);
  auto It = Slots.find(N);
  return It == Slots.end() ? -1 : inputNumber(N, It->second);
}

uint32_t aliaskit::Printer::place(const MDNode *N) {
  if (!Indexed)
    index(N);
  auto It = Places.find(N);
  return It == Places.end() ? 0 : It->second;
}

std::string aliaskit::Printer::renumber(StringRef Text,
                                        ArrayRef<const MDNode *> Nodes) {
  if (!input())
    return Text.str();
  // Each node as the text writes it (`!12`) and its number to write.
  SmallVector<std::pair<std::string, int64_t>, 8> Written;
  for (const MDNode *N : Nodes) {
    std::string S;
    raw_string_ostream OS(S);
    N->printAsOperand(OS, MST, &M);
    unsigned Slot;
    if (StringRef(S).consume_front("!") && !StringRef(S).drop_front().getAsInteger(10, Slot))
      Written.push_back({S, inputNumber(N, Slot)});
  }
  std::string Out;
  Out.reserve(Text.size() + 16);
  for (size_t I = 0, E = Text.size(); I < E;) {
    char C = Text[I];
    if (C == '"') {
      // LLVM writes a quote inside a string as \22: the next quote ends it.
      size_t End = Text.find('"', I + 1);
      End = End == StringRef::npos ? E : End + 1;
      Out.append(Text.data() + I, End - I);
      I = End;
      continue;
    }
    if (C != '!' || I + 1 == E || !isDigit(Text[I + 1])) {
      Out.push_back(C);
      ++I;
      continue;
    }
    size_t J = I + 1;
    while (J < E && isDigit(Text[J]))
      ++J;
    StringRef Token = Text.substr(I, J - I);
    const auto *W = llvm::find_if(Written, [&](const auto &X) { return X.first == Token; });
    if (W == Written.end())
      Out += Token;
    else if (W->second & NewBit)
      Out += "!new." + std::to_string(W->second & ~NewBit);
    else
      Out += "!" + std::to_string(W->second);
    I = J;
  }
  return Out;
}

int64_t aliaskit_printer_number(void *P, LLVMMetadataRef MD) {
  auto *N = dyn_cast_or_null<MDNode>(unwrap(MD));
  return N ? static_cast<aliaskit::Printer *>(P)->number(N) : -1;
}

uint32_t aliaskit_printer_place(void *P, LLVMMetadataRef MD) {
  auto *N = dyn_cast_or_null<MDNode>(unwrap(MD));
  return N ? static_cast<aliaskit::Printer *>(P)->place(N) : 0;
}

/// A location and the locations it was inlined at, innermost first, a
/// line each (`file:line:col`): what aliaskit_debug_location gives.
static std::string locationChain(const DILocation *L) {
  std::string S;
  raw_string_ostream OS(S);
  for (; L; L = L->getInlinedAt()) {
    if (!S.empty())
      OS << '\n';
    OS << L->getFilename() << ':' << L->getLine() << ':' << L->getColumn();
  }
  return S;
}

/// Where the loop around a decl of `Scope` begins, or "" (see shim.h).
static std::string declLoop(aliaskit::Printer &Pr, const MDNode *Scope) {
  // A decl names its scope in a one-scope list, wrapped as a value: the
  // decls are that value's users (no walk over the module).
  LLVMContext &C = Pr.M.getContext();
  MDTuple *List = MDTuple::getIfExists(C, {const_cast<MDNode *>(Scope)});
  auto *V = List ? MetadataAsValue::getIfExists(C, List) : nullptr;
  if (!V)
    return "";
  for (const User *U : V->users()) {
    const auto *D = dyn_cast<NoAliasScopeDeclInst>(U);
    const Function *F = D ? D->getFunction() : nullptr;
    if (!F || F->getParent() != &Pr.M)
      continue;
    DominatorTree DT(const_cast<Function &>(*F));
    LoopInfo LI(DT);
    const Loop *L = LI.getLoopFor(D->getParent());
    if (!L)
      continue;
    if (DebugLoc Start = L->getStartLoc())
      return locationChain(Start.get());
    std::string S;
    raw_string_ostream OS(S);
    L->getHeader()->printAsOperand(OS, /*PrintType=*/false, Pr.MST);
    return S;
  }
  return "";
}

aliaskit::OwnedString aliaskit_printer_decl_loop(void *P, LLVMMetadataRef MD) {
  auto *Pr = static_cast<aliaskit::Printer *>(P);
  auto *Scope = dyn_cast_or_null<MDNode>(unwrap(MD));
  if (!Scope)
    return aliaskit::ownedString("");
  // Once per scope and printer: explain asks for every pair of a scope,
  // and each answer builds the function's dominator tree and loops.
  auto [It, New] = Pr->DeclLoops.try_emplace(Scope);
  if (New)
    It->second = declLoop(*Pr, Scope);
  return aliaskit::ownedString(It->second);
}

aliaskit::OwnedString aliaskit_debug_location(LLVMValueRef V) {
  const auto *I = dyn_cast_or_null<Instruction>(unwrap(V));
  return aliaskit::ownedString(locationChain(I ? I->getDebugLoc().get() : nullptr));
}

void aliaskit_string_free(aliaskit::OwnedString S) { std::free(S.Ptr); }
