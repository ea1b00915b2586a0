//===- bisect.cpp - what the bisection log says about a query -------------===//
//
// When ALIASKIT_BISECT or ALIASKIT_BISECT_LOG is set, the analyses in
// shim.cpp describe each query they answer definitely with a BisectQuery,
// and src/plugin/bisect.rs asks here, the first time a decision is logged,
// for the two instructions behind it as `opt -S` prints them.
//
// The decision's nodes and instructions are printed through a printer of
// the function (printer.cpp), made for the record: the numbers it gives are
// those printing the function's instructions gives at that point of the
// pipeline (the module's own nodes, then the function's), as before, and
// cost the function, not the whole module.
//
// An alias query carries memory locations, not instructions: the
// instruction is found in the function by the location's pointer and its
// metadata (the first instruction that accesses that pointer and carries
// that node; failing that, the first one carrying the node).
//
// Also here: the log's `load`, `module` and `analysis` lines (what the
// plugin saw, so that `aliaskit bisect` can tell a build a cache
// replayed), the keys of modules and functions for decision ids (a
// module's key does not depend on its directory: core/src/decision.rs),
// and the shared parsing of pass parameters (with LLVM's "invalid pass
// parameter" error).
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Analysis/MemoryLocation.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;

void aliaskit::BisectQuery::side(unsigned S, const MemoryLocation &Loc,
                                 const MDNode *N, unsigned K) {
  Ptr[S] = Loc.Ptr;
  MD[S] = N;
  Kind[S] = K;
}

void aliaskit::BisectQuery::side(unsigned S, const CallBase *Call,
                                 const MDNode *N, unsigned K) {
  Inst[S] = Call;
  MD[S] = N;
  Kind[S] = K;
}

namespace {

/// Whether `I` accesses memory through `P` (as a pointer operand).
bool accessesThrough(const Instruction &I, const Value *P) {
  if (const Value *Op = getLoadStorePointerOperand(&I))
    return Op == P;
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand() == P;
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getPointerOperand() == P;
  if (const auto *Call = dyn_cast<CallBase>(&I))
    for (const Use &A : Call->args())
      if (A.get() == P)
        return true;
  return false;
}

/// The instruction behind side `S` of `Q`, or null.
const Instruction *instructionOf(const aliaskit::BisectQuery &Q, unsigned S) {
  if (Q.Inst[S] || !Q.F)
    return Q.Inst[S];
  const Instruction *Carrier = nullptr;
  for (const Instruction &I : instructions(*Q.F)) {
    if (!Q.MD[S] || I.getMetadata(Q.Kind[S]) != Q.MD[S])
      continue;
    if (!Q.Ptr[S] || accessesThrough(I, Q.Ptr[S]))
      return &I;
    if (!Carrier)
      Carrier = &I;
  }
  return Carrier;
}

} // namespace

aliaskit::OwnedString aliaskit_bisect_query_text(const void *QP, uint8_t S) {
  if (!QP || S > 1)
    return {nullptr, 0};
  const auto &Q = *static_cast<const aliaskit::BisectQuery *>(QP);
  std::string Text;
  raw_string_ostream OS(Text);
  if (const Instruction *I = instructionOf(Q, S))
    I->print(OS);
  else if (Q.Ptr[S]) {
    OS << "(an access through ";
    Q.Ptr[S]->printAsOperand(OS, /*PrintType=*/true);
    OS << ")";
  }
  return aliaskit::ownedString(Text);
}

LLVMValueRef aliaskit_bisect_query_instruction(const void *QP, uint8_t S) {
  if (!QP || S > 1)
    return nullptr;
  const Instruction *I =
      instructionOf(*static_cast<const aliaskit::BisectQuery *>(QP), S);
  return wrap(const_cast<Instruction *>(I));
}

void *aliaskit_bisect_printer_new(const void *QP) {
  if (!QP)
    return nullptr;
  const auto &Q = *static_cast<const aliaskit::BisectQuery *>(QP);
  if (!Q.F || !Q.F->getParent())
    return nullptr;
  return new aliaskit::Printer(*Q.F->getParent(), *Q.F);
}

void aliaskit_bisect_printer_free(void *P) {
  delete static_cast<aliaskit::Printer *>(P);
}

std::string aliaskit::moduleName(const Module &M) {
  std::string Name = M.getSourceFileName();
  return Name.empty() ? M.getModuleIdentifier() : Name;
}

namespace {

/// Whether a global counts for a module's key: a definition the rest of a
/// link can see, which no optimisation pipeline removes or renames
/// (external, weak, weak_odr or common linkage; not linkonce, not
/// available_externally, not local, not appending, no `llvm.` intrinsic or
/// table), and not a ThinLTO promotion (`name.llvm.<hash>`: the hash is
/// of the module's bitcode, which holds its source path).
bool keysModule(const GlobalObject &G) {
  if (G.isDeclaration() || G.hasAppendingLinkage() ||
      GlobalValue::isDiscardableIfUnused(G.getLinkage()))
    return false;
  StringRef Name = G.getName();
  return !Name.empty() && !Name.starts_with("llvm.") &&
         !Name.contains(".llvm.");
}

/// The last module keyed on this thread (ThinLTO backends run on threads).
/// A module changes its functions during a pipeline but not the symbols
/// its key is made of, so recomputing gives the same key; the cache only
/// saves the walk. The names and counts guard against another module
/// taking the address of a freed one.
struct ModuleKeyCache {
  const Module *M = nullptr;
  std::string Identifier, Source;
  size_t Functions = 0, Globals = 0;
  uint64_t Key = 0;
};

} // namespace

uint64_t aliaskit::moduleKey(const Module &M) {
  thread_local ModuleKeyCache Cache;
  if (Cache.M == &M && Cache.Identifier == M.getModuleIdentifier() &&
      Cache.Source == M.getSourceFileName() &&
      Cache.Functions == M.size() && Cache.Globals == M.global_size())
    return Cache.Key;
  SmallVector<const char *, 64> Names;
  SmallVector<size_t, 64> Lens;
  auto Add = [&](const GlobalObject &G) {
    if (keysModule(G)) {
      Names.push_back(G.getName().data());
      Lens.push_back(G.getName().size());
    }
  };
  for (const Function &F : M)
    Add(F);
  for (const GlobalVariable &G : M.globals())
    Add(G);
  std::string Path = moduleName(M);
  Cache.M = &M;
  Cache.Identifier = M.getModuleIdentifier();
  Cache.Source = M.getSourceFileName();
  Cache.Functions = M.size();
  Cache.Globals = M.global_size();
  Cache.Key = aliaskit_module_key(Path.data(), Path.size(), Names.data(),
                                  Lens.data(), Names.size());
  return Cache.Key;
}

uint64_t aliaskit::bisectKey(const Function &F) {
  const Module *M = F.getParent();
  std::string Module = M ? moduleName(*M) : std::string();
  uint64_t Key = M ? moduleKey(*M) : 0;
  StringRef Name = F.getName();
  return aliaskit_bisect_function(Key, Module.data(), Module.size(),
                                  Name.data(), Name.size());
}

void aliaskit::bisectAnalysisBuilt(const Function &F, uint8_t Analysis) {
  const Module *M = F.getParent();
  std::string Module = M ? moduleName(*M) : std::string();
  aliaskit_bisect_analysis(Module.data(), Module.size(), Analysis);
}

namespace {

/// Logs M's `module` line the first time this process sees it.
void noteModule(const Module &M) {
  // Each module pass of a pipeline comes here; skip the module this
  // thread saw last without asking Rust (the name too: a later module
  // can reuse the address).
  static thread_local const Module *Last = nullptr;
  static thread_local std::string LastName;
  std::string Name = aliaskit::moduleName(M);
  if (&M == Last && Name == LastName)
    return;
  Last = &M;
  LastName = Name;
  if (!aliaskit_bisect_module_first(Name.data(), Name.size()))
    return;
  uint64_t TBAA = 0, Scoped = 0;
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      if (!I.hasMetadata())
        continue;
      if (I.getMetadata(LLVMContext::MD_tbaa) ||
          I.getMetadata(LLVMContext::MD_tbaa_struct))
        ++TBAA;
      if (I.getMetadata(LLVMContext::MD_alias_scope) ||
          I.getMetadata(LLVMContext::MD_noalias))
        ++Scoped;
    }
  aliaskit_bisect_module(Name.data(), Name.size(), TBAA, Scoped);
}

} // namespace

void aliaskit::registerBisectInstrumentation(PassBuilder &PB) {
  if (!aliaskit_bisect_enabled())
    return;
  aliaskit_bisect_loaded();
  // opt, clang, flang, rustc and the LTO backends give their PassBuilder
  // instrumentation callbacks; a host that does not still gets `analysis`
  // lines, which name the module too.
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    PIC->registerBeforeNonSkippedPassCallback([](StringRef, Any IR) {
      if (const Module *const *M = llvm::any_cast<const Module *>(&IR))
        noteModule(**M);
    });
}

bool aliaskit::matchPassName(StringRef Name, StringRef Pass,
                             SmallVectorImpl<StringRef> &Params) {
  if (!Name.consume_front(Pass))
    return false;
  Params.clear();
  if (Name.empty())
    return true;
  if (!Name.starts_with("<"))
    return false; // another pass whose name starts with ours
  if (!Name.consume_front("<") || !Name.consume_back(">"))
    invalidPassParameter(Pass, Name, "parameters go in <...>");
  Name.split(Params, ';', -1, false);
  return true;
}

bool aliaskit::parseFlagWords(ArrayRef<StringRef> Params,
                              ArrayRef<FlagWord> Words, uint32_t &Flags,
                              StringRef &Bad) {
  Flags = 0;
  for (StringRef P : Params) {
    const FlagWord *W = llvm::find_if(
        Words, [&](const FlagWord &W) { return W.Word == P; });
    if (W == Words.end()) {
      Bad = P;
      return false;
    }
    Flags |= W->Flag;
  }
  return true;
}

bool aliaskit::parseFlagPass(StringRef Name, StringRef Pass,
                             ArrayRef<FlagWord> Words, StringRef Expected,
                             uint32_t &Flags) {
  SmallVector<StringRef, 3> Params;
  if (!matchPassName(Name, Pass, Params))
    return false;
  StringRef Bad;
  if (!parseFlagWords(Params, Words, Flags, Bad))
    invalidPassParameter(Pass, Bad, Expected);
  return true;
}

bool aliaskit::parseWordPass(StringRef Name, StringRef Pass,
                             ArrayRef<PassWord> Words, StringRef Expected) {
  SmallVector<StringRef, 3> Params;
  if (!matchPassName(Name, Pass, Params))
    return false;
  for (StringRef P : Params) {
    const PassWord *W = llvm::find_if(
        Words, [&](const PassWord &W) { return W.Word == P; });
    if (W == Words.end())
      invalidPassParameter(Pass, P, Expected);
    W->Set();
  }
  return true;
}

void aliaskit::invalidPassParameter(StringRef Pass, StringRef Param,
                                    StringRef Expected) {
  report_fatal_error(Twine("invalid ") + Pass + " pass parameter '" + Param +
                         "' (" + Expected + ")",
                     /*gen_crash_diag=*/false);
}
