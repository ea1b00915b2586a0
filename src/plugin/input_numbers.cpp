//===- input_numbers.cpp - the numbers the user's input gives its nodes ---===//
//
// Reports print nodes with the numbers of the module as it entered the
// pipeline, the input: for a `.ll` file, the numbers written in that file;
// for anything else (`.bc`, a clang or LTO pipeline), the numbers `opt -S`
// (or `llvm-dis`) gives the module as it entered. A node made later by a
// pass is not in the input, and the printer (printer.cpp) spells it so.
//
// The numbering is recorded once per module, before the first pass of the
// pipeline runs on it (a pass-instrumentation callback), and only when a
// pass that reports may run: a bisection that writes full log records
// (aliaskit_bisect_detailed), or one of the module passes
// that print (they call wantInputNumbers() when they are made, which is
// while the pipeline is parsed, before it runs). Nodes belong to the
// context, not the module, so the pointers stay keys for the whole run.
//
// A `.ll` file's own numbers: the file is parsed again, into a context of
// its own, and its nodes are matched to the live module's by walking both
// in parallel (named metadata, globals, functions, instructions with their
// attachments, metadata arguments and debug records, then each node's
// operands). Where the two differ anywhere, the numbers `opt -S` gives
// are recorded instead, and one note on stderr says so.
//
// With full bisection records wanted, the input's instructions are
// recorded at the same point (input_origin.cpp), with, for a `.ll` file,
// where the parser put each one in the file.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/AsmParser/AsmParserContext.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/AsmParser/SlotMapping.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <map>
#include <memory>
#include <mutex>

using namespace llvm;

namespace {

std::atomic<bool> Wanted{false};

/// The names of the read-only passes that report (wantInputNumbers).
std::mutex ReadOnlyLock;
StringSet<> &readOnlyPasses() {
  static StringSet<> S;
  return S;
}

/// The numbering recorded for each module, by address; the identifier and
/// the context guard against a later module at a freed one's address.
struct Recorded {
  std::string Identifier;
  const LLVMContext *Context = nullptr;
  std::shared_ptr<const aliaskit::InputNumbers> Numbers;
};

std::mutex RecordsLock;
std::map<const Module *, Recorded> &records() {
  static std::map<const Module *, Recorded> R;
  return R;
}

/// Matches the nodes of a module parsed from a file to those of the live
/// module, by walking both the same way; `Ok` is false at the first place
/// where they differ.
class Matcher {
public:
  DenseMap<const MDNode *, const MDNode *> FileToLive;
  /// The live nodes in the order the walk met them.
  std::vector<const MDNode *> Order;
  bool Ok = true;

  void modules(const Module &File, const Module &Live) {
    if (File.size() != Live.size() || File.global_size() != Live.global_size() ||
        File.named_metadata_size() != Live.named_metadata_size())
      return fail();
    for (const NamedMDNode &N : File.named_metadata()) {
      const NamedMDNode *L = Live.getNamedMetadata(N.getName());
      if (!L || L->getNumOperands() != N.getNumOperands())
        return fail();
      for (unsigned I = 0, E = N.getNumOperands(); I != E; ++I)
        metadata(N.getOperand(I), L->getOperand(I));
    }
    for (auto [F, L] : zip(File.globals(), Live.globals()))
      global(F, L);
    for (auto [F, L] : zip(File.functions(), Live.functions())) {
      global(F, L);
      function(F, L);
    }
    drain();
  }

private:
  std::vector<std::pair<const MDNode *, const MDNode *>> Work;

  void fail() { Ok = false; }

  void global(const GlobalObject &F, const GlobalObject &L) {
    if (F.getName() != L.getName())
      return fail();
    SmallVector<std::pair<unsigned, MDNode *>, 4> FA, LA;
    F.getAllMetadata(FA);
    L.getAllMetadata(LA);
    attachments(F.getContext(), FA, L.getContext(), LA);
  }

  void function(const Function &F, const Function &L) {
    if (F.size() != L.size())
      return fail();
    for (auto [FB, LB] : zip(F, L)) {
      if (FB.size() != LB.size())
        return fail();
      for (auto [FI, LI] : zip(FB, LB)) {
        instruction(FI, LI);
        if (!Ok)
          return;
      }
    }
  }

  void instruction(const Instruction &F, const Instruction &L) {
    if (F.getOpcode() != L.getOpcode() ||
        F.getNumOperands() != L.getNumOperands())
      return fail();
    SmallVector<std::pair<unsigned, MDNode *>, 4> FA, LA;
    F.getAllMetadata(FA);
    L.getAllMetadata(LA);
    attachments(F.getContext(), FA, L.getContext(), LA);
    for (auto [FO, LO] : zip(F.operands(), L.operands())) {
      const auto *FM = dyn_cast<MetadataAsValue>(FO.get());
      const auto *LM = dyn_cast<MetadataAsValue>(LO.get());
      if (!FM != !LM)
        return fail();
      if (FM)
        metadata(FM->getMetadata(), LM->getMetadata());
    }
    auto FR = F.getDbgRecordRange(), LR = L.getDbgRecordRange();
    if (std::distance(FR.begin(), FR.end()) !=
        std::distance(LR.begin(), LR.end()))
      return fail();
    for (auto [FD, LD] : zip(FR, LR)) {
      if (FD.getRecordKind() != LD.getRecordKind())
        return fail();
      metadata(FD.getDebugLoc().getAsMDNode(), LD.getDebugLoc().getAsMDNode());
      if (const auto *FV = dyn_cast<DbgVariableRecord>(&FD)) {
        const auto &LV = cast<DbgVariableRecord>(LD);
        metadata(FV->getRawVariable(), LV.getRawVariable());
        metadata(FV->getRawExpression(), LV.getRawExpression());
        if (FV->isDbgAssign()) {
          metadata(FV->getRawAssignID(), LV.getRawAssignID());
          metadata(FV->getRawAddressExpression(), LV.getRawAddressExpression());
        }
      } else if (const auto *FL = dyn_cast<DbgLabelRecord>(&FD)) {
        metadata(FL->getRawLabel(), cast<DbgLabelRecord>(LD).getRawLabel());
      }
    }
  }

  /// Attachments match by kind name (custom kinds are numbered per
  /// context).
  void attachments(LLVMContext &FC,
                   ArrayRef<std::pair<unsigned, MDNode *>> FA,
                   LLVMContext &LC,
                   ArrayRef<std::pair<unsigned, MDNode *>> LA) {
    if (FA.size() != LA.size())
      return fail();
    SmallVector<StringRef, 32> FK, LK;
    FC.getMDKindNames(FK);
    LC.getMDKindNames(LK);
    auto Named = [](ArrayRef<StringRef> Kinds,
                    ArrayRef<std::pair<unsigned, MDNode *>> A) {
      SmallVector<std::pair<StringRef, MDNode *>, 4> R;
      for (auto [K, N] : A)
        R.push_back({K < Kinds.size() ? Kinds[K] : StringRef(), N});
      llvm::sort(R, [](const auto &X, const auto &Y) { return X.first < Y.first; });
      return R;
    };
    for (auto [F, L] : zip(Named(FK, FA), Named(LK, LA))) {
      if (F.first != L.first)
        return fail();
      metadata(F.second, L.second);
    }
  }

  void metadata(const Metadata *F, const Metadata *L) {
    if (!F || !L) {
      if (F != L)
        fail();
      return;
    }
    if (F->getMetadataID() != L->getMetadataID())
      return fail();
    if (const auto *FS = dyn_cast<MDString>(F)) {
      if (FS->getString() != cast<MDString>(L)->getString())
        fail();
      return;
    }
    if (const auto *FN = dyn_cast<MDNode>(F))
      Work.push_back({FN, cast<MDNode>(L)});
  }

  void drain() {
    while (Ok && !Work.empty()) {
      auto [F, L] = Work.back();
      Work.pop_back();
      auto [It, New] = FileToLive.try_emplace(F, L);
      if (!New) {
        if (It->second != L)
          fail();
        continue;
      }
      if (F->getNumOperands() != L->getNumOperands() ||
          F->isDistinct() != L->isDistinct())
        return fail();
      Order.push_back(L);
      for (unsigned I = 0, E = F->getNumOperands(); I != E; ++I)
        metadata(F->getOperand(I).get(), L->getOperand(I).get());
    }
  }
};

/// The numbers written in the `.ll` file `Path` for the nodes of `M`, or
/// null when `M` is not (any longer) what the file says.
std::shared_ptr<aliaskit::InputNumbers> fileNumbers(const Module &M,
                                                    StringRef Path) {
  auto Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return nullptr;
  LLVMContext Context;
  SMDiagnostic Err;
  SlotMapping Slots;
  // Where each instruction is in the file, for bisect (input_origin.cpp),
  // which quotes the file only for instructions with a !dbg location.
  bool Bisect = aliaskit_bisect_detailed();
  bool Quoted = Bisect && !M.debug_compile_units().empty();
  AsmParserContext Parsed;
  std::unique_ptr<Module> File = parseAssembly(
      (*Text)->getMemBufferRef(), Err, Context, &Slots,
      [](StringRef, StringRef) { return std::nullopt; },
      Quoted ? &Parsed : nullptr);
  if (!File)
    return nullptr;
  Matcher Match;
  Match.modules(*File, M);
  if (!Match.Ok)
    return nullptr;
  auto R = std::make_shared<aliaskit::InputNumbers>();
  R->FromFile = true;
  if (Bisect)
    R->Instructions = aliaskit::recordInstructions(
        M, Quoted ? File.get() : nullptr, &Parsed, std::move(*Text), Path);
  unsigned Next = 0;
  for (const auto &[Number, Node] : Slots.MetadataNodes) {
    auto It = Match.FileToLive.find(Node.get());
    if (It != Match.FileToLive.end())
      R->Numbers.try_emplace(It->second, Number);
    Next = Number + 1;
  }
  // A node the file writes inline has no number there: it gets one after
  // the file's last (a node printed inline, like DIExpression, is never
  // numbered, so asking for it costs nothing).
  for (const MDNode *N : Match.Order)
    if (!R->Numbers.count(N) && !isa<DIExpression>(N) && !isa<DIArgList>(N))
      R->Numbers.try_emplace(N, Next++);
  return R;
}

/// The numbers `opt -S` gives `M` now.
std::shared_ptr<aliaskit::InputNumbers> printedNumbers(const Module &M) {
  auto R = std::make_shared<aliaskit::InputNumbers>();
  ModuleSlotTracker MST(&M);
  for (const auto &[Slot, N] : aliaskit::trackerNumbers(MST, M))
    R->Numbers.try_emplace(N, Slot);
  return R;
}

/// `file:line:col` of an instruction's `!dbg`, or "".
std::string locationOf(const Instruction &I) {
  const DILocation *L = I.getDebugLoc().get();
  if (!L)
    return "";
  return (L->getFilename() + ":" + Twine(L->getLine()) + ":" +
          Twine(L->getColumn()))
      .str();
}

/// What each function's accesses carry (InputNumbers::Functions).
void recordFunctions(const Module &M, aliaskit::InputNumbers &R) {
  for (const Function &F : M) {
    aliaskit::InputNumbers::Function Rec;
    DenseSet<const MDNode *> Seen;
    auto Add = [&](std::vector<const MDNode *> &To, const MDNode *N) {
      if (N && Seen.insert(N).second) {
        To.push_back(N);
        R.Carried.insert(N);
      }
    };
    for (const Instruction &I : instructions(F)) {
      if (!I.hasMetadataOtherThanDebugLoc())
        continue;
      Add(Rec.Tags, I.getMetadata(LLVMContext::MD_tbaa));
      Add(Rec.Lists, I.getMetadata(LLVMContext::MD_alias_scope));
      Add(Rec.Lists, I.getMetadata(LLVMContext::MD_noalias));
      const MDNode *Struct = I.getMetadata(LLVMContext::MD_tbaa_struct);
      const auto *Call = dyn_cast<CallBase>(&I);
      if (!Struct || !Call)
        continue;
      std::string Where;
      if (const Function *Callee = Call->getCalledFunction())
        Where = Callee->getName().str();
      else
        Where = "a call";
      std::string At = locationOf(I);
      if (!At.empty())
        Where += " at " + At;
      Rec.Copies.push_back({Struct, std::move(Where)});
    }
    if (!Rec.Tags.empty() || !Rec.Lists.empty() || !Rec.Copies.empty())
      R.Functions[F.getName()] = std::move(Rec);
  }
}

void record(const Module &M) {
  std::string Id = M.getModuleIdentifier();
  {
    std::lock_guard<std::mutex> G(RecordsLock);
    auto It = records().find(&M);
    if (It != records().end() && It->second.Identifier == Id &&
        It->second.Context == &M.getContext())
      return;
  }
  std::shared_ptr<aliaskit::InputNumbers> Numbers;
  StringRef Path(Id);
  if (Path.ends_with(".ll") && sys::fs::exists(Path)) {
    Numbers = fileNumbers(M, Path);
    if (!Numbers)
      errs() << "aliaskit: note: " << Path
             << " is not the module opt read (or could not be matched "
                "node by node); reports number its nodes as `opt -S` "
                "prints them\n";
  }
  if (!Numbers)
    Numbers = printedNumbers(M);
  if (!Numbers->Instructions && aliaskit_bisect_detailed())
    Numbers->Instructions =
        aliaskit::recordInstructions(M, nullptr, nullptr, nullptr, "");
  recordFunctions(M, *Numbers);
  std::lock_guard<std::mutex> G(RecordsLock);
  records()[&M] = Recorded{Id, &M.getContext(), std::move(Numbers)};
}

} // namespace

std::vector<std::pair<unsigned, const MDNode *>>
aliaskit::trackerNumbers(ModuleSlotTracker &MST, const Module &M,
                         const MDNode *Any) {
  std::vector<std::pair<unsigned, const MDNode *>> Out;
  // Printing a node makes the tracker number the whole module (it was
  // made to initialize all metadata), as `opt -S` numbers it; any node
  // of the module will do.
  for (const NamedMDNode &N : M.named_metadata())
    if (N.getNumOperands()) {
      Any = N.getOperand(0);
      break;
    }
  for (const Function &F : M) {
    if (Any)
      break;
    SmallVector<std::pair<unsigned, MDNode *>, 4> A;
    F.getAllMetadata(A);
    if (!A.empty()) {
      Any = A.front().second;
      break;
    }
    for (const Instruction &I : instructions(F)) {
      if (I.hasMetadata()) {
        I.getAllMetadata(A);
        Any = A.empty() ? nullptr : A.front().second;
      }
      // A node only a call's argument names (noalias.scope.decl).
      for (const Use &Op : I.operands())
        if (const auto *V = dyn_cast<MetadataAsValue>(Op.get()); V && !Any)
          Any = dyn_cast<MDNode>(V->getMetadata());
      if (Any)
        break;
    }
  }
  if (Any) {
    std::string Ignored;
    raw_string_ostream OS(Ignored);
    Any->printAsOperand(OS, MST, &M);
  }
  // Without a node the tracker numbers what printed through it so far.
  if (!MST.getMachine())
    return Out;
  ModuleSlotTracker::MachineMDNodeListType List;
  MST.collectMDNodes(List, 0, ~0u);
  for (const auto &[Slot, N] : List)
    Out.push_back({Slot, N});
  llvm::sort(Out, [](const auto &A, const auto &B) { return A.first < B.first; });
  return Out;
}

void aliaskit::wantInputNumbers(StringRef ReadOnlyPass) {
  Wanted = true;
  if (ReadOnlyPass.empty())
    return;
  std::lock_guard<std::mutex> G(ReadOnlyLock);
  readOnlyPasses().insert(ReadOnlyPass);
}

std::shared_ptr<const aliaskit::InputNumbers>
aliaskit::inputNumbersNow(const Module &M) {
  if (auto N = inputNumbers(M))
    return N;
  if (!Wanted)
    return nullptr;
  record(M);
  return inputNumbers(M);
}

std::shared_ptr<const aliaskit::InputNumbers>
aliaskit::inputNumbers(const Module &M) {
  std::lock_guard<std::mutex> G(RecordsLock);
  auto It = records().find(&M);
  if (It == records().end() ||
      It->second.Identifier != M.getModuleIdentifier() ||
      It->second.Context != &M.getContext())
    return nullptr;
  return It->second.Numbers;
}

const aliaskit::InputNumbers::Function *aliaskit::Printer::inputFunction() {
  const InputNumbers *In = input();
  if (!In || !F)
    return nullptr;
  auto It = In->Functions.find(F->getName());
  return It == In->Functions.end() ? nullptr : &It->second;
}

int64_t aliaskit_printer_input_nodes(void *P, uint8_t Which,
                                     LLVMMetadataRef *Out, size_t Capacity) {
  const auto *Rec = static_cast<aliaskit::Printer *>(P)->inputFunction();
  if (!Rec)
    return -1;
  std::vector<const MDNode *> Copies;
  const std::vector<const MDNode *> *From = nullptr;
  switch (Which) {
  case 0:
    From = &Rec->Tags;
    break;
  case 1:
    From = &Rec->Lists;
    break;
  case 2:
    for (const auto &C : Rec->Copies)
      Copies.push_back(C.Struct);
    From = &Copies;
    break;
  default:
    return -1;
  }
  for (size_t I = 0; I < From->size() && I < Capacity; ++I)
    Out[I] = aliaskit::md((*From)[I]);
  return static_cast<int64_t>(From->size());
}

int8_t aliaskit_printer_input_carried(void *P, LLVMMetadataRef MD) {
  const aliaskit::InputNumbers *In = static_cast<aliaskit::Printer *>(P)->input();
  const MDNode *N = aliaskit::node(MD);
  if (!In || !N)
    return -1;
  return In->Carried.contains(N) ? 1 : 0;
}

aliaskit::OwnedString aliaskit_printer_input_copy(void *P, size_t I) {
  const auto *Rec = static_cast<aliaskit::Printer *>(P)->inputFunction();
  if (!Rec || I >= Rec->Copies.size())
    return aliaskit::ownedString("");
  return aliaskit::ownedString(Rec->Copies[I].Where);
}

void aliaskit::registerInputRecording(PassBuilder &PB) {
  PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks();
  if (!PIC)
    return;
  PIC->registerBeforeNonSkippedPassCallback([](StringRef Pass, Any IR) {
    if (!Wanted && !aliaskit_bisect_detailed())
      return;
    const Module *const *M = llvm::any_cast<const Module *>(&IR);
    if (!M)
      return;
    {
      // A read-only pass of ours records when its printer needs to: the
      // module is still the input then.
      std::lock_guard<std::mutex> G(ReadOnlyLock);
      if (readOnlyPasses().contains(Pass))
        return;
    }
    // Each module pass comes here: skip the module this thread recorded
    // last without taking the lock.
    static thread_local const Module *Last = nullptr;
    static thread_local std::string LastId;
    if (*M == Last && (*M)->getModuleIdentifier() == LastId)
      return;
    Last = *M;
    LastId = (*M)->getModuleIdentifier();
    record(**M);
  });
}
