//===- tbaa_diff.cpp - shadow comparison of rust-tbaa with LLVM's TBAA ----===//
//
// `tbaa-diff` is a module pass that asks the same TBAA questions of
// aliaskit's analysis and of LLVM's built-in TypeBasedAAResult, and reports
// every disagreement. It changes nothing in the module.
//
// The answers of TBAA depend only on the tags, not on where they sit, so the
// pass first collects the distinct `!tbaa` tags of the module (on loads,
// stores, calls, atomics, va_arg: anything that carries one), remembering
// the first instruction of each, and then compares, for every pair of
// distinct tags A, B:
//   * alias(A, B) and alias(B, A) (TypeBasedAAResult::alias on locations
//     carrying the tags; the pointers do not matter to TBAA);
//   * getMostGenericTBAA(A, B) and (B, A), against MDNode::getMostGenericTBAA
//     (node identity: both sides build uniqued nodes);
// and for every tag: getModRefInfoMask (immutable tags) and, when the module
// has `!llvm.errno.tbaa`, aliasErrno.
//
// Cost is quadratic in the number of distinct tags, never in instructions.
// `max-tags=N` (default 4000) caps it: beyond N tags, an evenly spaced
// sample of N tags is compared and the summary says so.
//
// Output (stderr): each disagreement with both instructions, both tags and
// both answers, then one summary line per module:
//   tbaa-diff: <pairs> pairs, <merges> merges, <n> disagreements
// `tbaa-diff<fatal>` stops opt with a non-zero exit on any disagreement.
// Pairs on which aliaskit finds malformed metadata are not sent to LLVM's
// TBAA (which may crash on them) and are counted as skipped.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/TypeBasedAliasAnalysis.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

using namespace llvm;
using aliaskit::md;
using aliaskit::node;

namespace {

cl::opt<unsigned> FlipAnswer(
    "aliaskit-tbaa-diff-flip", cl::init(0), cl::Hidden,
    cl::desc("Testing only: make tbaa-diff see the N-th alias answer of "
             "rust-tbaa (1-based) inverted, to check that disagreements are "
             "reported"));

struct DiffOptions {
  bool Fatal = false;
  unsigned MaxTags = 4000;
};

class TBAADiffPass : public PassInfoMixin<TBAADiffPass> {
  DiffOptions Opts;

public:
  explicit TBAADiffPass(DiffOptions Opts) : Opts(Opts) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &);
  static bool isRequired() { return true; }
};

struct Tagged {
  const MDNode *Tag;
  const Instruction *First;
};

class Differ {
  Module &M;
  ModuleSlotTracker MST;
  aliaskit::TBAASession Session;
  LLVMContextRef Ctx;
  TypeBasedAAResult Builtin{/*UsingTypeSanitizer=*/false};
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  AAResults AAR;
  SimpleAAQueryInfo AAQI;
  unsigned AnswersSeen = 0;

public:
  unsigned Pairs = 0, Merges = 0, Disagreements = 0, Skipped = 0;

  explicit Differ(Module &M)
      : M(M), MST(&M), Ctx(wrap(&M.getContext())), TLII(M.getTargetTriple()),
        TLI(TLII), AAR(TLI), AAQI(AAR) {}

  std::string show(const Metadata *N) {
    if (!N)
      return "none";
    std::string S;
    raw_string_ostream OS(S);
    N->print(OS, MST, &M);
    // Nodes made by merging are not numbered in the module.
    if (S.rfind("<0x", 0) == 0)
      S = S.substr(S.find(" = ") + 3);
    return S;
  }

  std::string show(const Instruction *I) {
    std::string S;
    raw_string_ostream OS(S);
    OS << "@" << I->getFunction()->getName() << ": ";
    I->print(OS, MST);
    return S;
  }

  void report(const char *What, const Tagged &A, const Tagged *B,
              const std::string &Ours, const std::string &Theirs) {
    ++Disagreements;
    errs() << "tbaa-diff: disagreement: " << What << ": rust-tbaa " << Ours
           << ", tbaa " << Theirs << "\n";
    errs() << "  A: " << show(A.First) << "\n     " << show(A.Tag) << "\n";
    if (B)
      errs() << "  B: " << show(B->First) << "\n     " << show(B->Tag)
             << "\n";
  }

  /// A location carrying only a TBAA tag (TBAA ignores the pointer).
  static MemoryLocation tagged(const MDNode *Tag) {
    AAMDNodes AATags;
    AATags.TBAA = const_cast<MDNode *>(Tag);
    return MemoryLocation(nullptr, LocationSize::beforeOrAfterPointer(),
                          AATags);
  }

  bool builtinMayAlias(const MDNode *A, const MDNode *B) {
    return Builtin.alias(tagged(A), tagged(B), AAQI, nullptr) !=
           AliasResult::NoAlias;
  }

  static const char *aliasName(bool May) {
    return May ? "MayAlias" : "NoAlias";
  }

  /// Compares one ordered pair; false if aliaskit found it malformed.
  bool compareOrdered(const Tagged &A, const Tagged &B) {
    LLVMMetadataRef OurGeneric = nullptr;
    uint8_t Ours = aliaskit_tbaa_match(Session.Handle, Ctx, md(A.Tag),
                                       md(B.Tag), &OurGeneric);
    if (Ours == 2)
      return false;
    bool OurMay = Ours != 0;
    if (FlipAnswer && ++AnswersSeen == FlipAnswer)
      OurMay = !OurMay;
    bool TheirMay = builtinMayAlias(A.Tag, B.Tag);
    if (OurMay != TheirMay)
      report("alias(A, B)", A, &B, aliasName(OurMay), aliasName(TheirMay));
    const MDNode *TheirGeneric = MDNode::getMostGenericTBAA(
        const_cast<MDNode *>(A.Tag), const_cast<MDNode *>(B.Tag));
    ++Merges;
    if (node(OurGeneric) != TheirGeneric)
      report("getMostGenericTBAA(A, B)", A, &B, show(node(OurGeneric)),
             show(TheirGeneric));
    return true;
  }

  void comparePair(const Tagged &A, const Tagged &B) {
    ++Pairs;
    // Both orders: the generic tag depends on the order, and an analysis
    // that answered alias(A, B) differently from alias(B, A) would be wrong.
    if (!compareOrdered(A, B) || !compareOrdered(B, A))
      ++Skipped;
  }

  void compareTag(const Tagged &T, ArrayRef<LLVMMetadataRef> ErrnoTags,
                  const NamedMDNode *Errno) {
    MemoryLocation L = tagged(T.Tag);
    bool OurImm =
        aliaskit_tbaa_is_immutable(Session.Handle, Ctx, md(T.Tag)) != 0;
    bool TheirImm = isNoModRef(Builtin.getModRefInfoMask(L, AAQI, false));
    if (OurImm != TheirImm)
      report("getModRefInfoMask(A)", T, nullptr,
             OurImm ? "NoModRef" : "ModRef", TheirImm ? "NoModRef" : "ModRef");
    if (!Errno)
      return;
    uint8_t Ours = aliaskit_tbaa_may_alias_errno(
        Session.Handle, Ctx, md(T.Tag), ErrnoTags.data(), ErrnoTags.size());
    bool TheirMay = Builtin.aliasErrno(L, &M) != AliasResult::NoAlias;
    if ((Ours != 0) != TheirMay)
      report("aliasErrno(A)", T, nullptr, aliasName(Ours != 0),
             aliasName(TheirMay));
  }

  /// Whether LLVM's TBAA can be asked about this tag and errno without
  /// crashing: aliaskit finds no malformed metadata on the way.
  bool errnoSafe(const MDNode *Tag, ArrayRef<LLVMMetadataRef> ErrnoTags) {
    for (LLVMMetadataRef E : ErrnoTags) {
      LLVMMetadataRef G = nullptr;
      if (aliaskit_tbaa_match(Session.Handle, Ctx, md(Tag), E, &G) == 2)
        return false;
    }
    return true;
  }

  void run(const std::vector<Tagged> &Tags) {
    const NamedMDNode *Errno = M.getNamedMetadata("llvm.errno.tbaa");
    SmallVector<LLVMMetadataRef, 2> ErrnoTags;
    if (Errno)
      for (const MDNode *E : Errno->operands())
        ErrnoTags.push_back(md(E));
    for (size_t I = 0; I < Tags.size(); ++I) {
      if (errnoSafe(Tags[I].Tag, ErrnoTags))
        compareTag(Tags[I], ErrnoTags, Errno);
      else
        ++Skipped;
      for (size_t J = I + 1; J < Tags.size(); ++J)
        comparePair(Tags[I], Tags[J]);
    }
  }
};

PreservedAnalyses TBAADiffPass::run(Module &M, ModuleAnalysisManager &) {
  std::vector<Tagged> Tags;
  DenseMap<const MDNode *, unsigned> Seen;
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (const MDNode *Tag = I.getMetadata(LLVMContext::MD_tbaa))
          if (Seen.try_emplace(Tag, Tags.size()).second)
            Tags.push_back({Tag, &I});

  size_t Distinct = Tags.size();
  if (Opts.MaxTags && Distinct > Opts.MaxTags) {
    std::vector<Tagged> Sample;
    for (unsigned K = 0; K < Opts.MaxTags; ++K)
      Sample.push_back(Tags[K * Distinct / Opts.MaxTags]);
    Tags.swap(Sample);
  }

  Differ D(M);
  D.run(Tags);

  errs() << "tbaa-diff: " << D.Pairs << " pairs, " << D.Merges << " merges, "
         << D.Disagreements << " disagreements";
  if (Tags.size() < Distinct)
    errs() << " (sampled " << Tags.size() << " of " << Distinct << " tags)";
  if (D.Skipped)
    errs() << " (" << D.Skipped << " skipped: malformed metadata)";
  errs() << "\n";
  if (Opts.Fatal && D.Disagreements)
    report_fatal_error(Twine("tbaa-diff: ") + Twine(D.Disagreements) +
                           " disagreements between rust-tbaa and tbaa",
                       /*gen_crash_diag=*/false);
  return PreservedAnalyses::all();
}

/// Parses `tbaa-diff`, `tbaa-diff<fatal>`, `tbaa-diff<max-tags=N>` and
/// `tbaa-diff<fatal;max-tags=N>`.
bool parseDiffName(StringRef Name, DiffOptions &Opts) {
  if (!Name.consume_front("tbaa-diff"))
    return false;
  if (Name.empty())
    return true;
  if (!Name.consume_front("<") || !Name.consume_back(">"))
    return false;
  SmallVector<StringRef, 2> Params;
  Name.split(Params, ';', -1, false);
  for (StringRef P : Params) {
    if (P == "fatal") {
      Opts.Fatal = true;
    } else if (P.consume_front("max-tags=")) {
      if (P.getAsInteger(10, Opts.MaxTags))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

} // namespace

void aliaskit::registerTBAADiff(PassBuilder &PB) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        DiffOptions Opts;
        if (!parseDiffName(Name, Opts))
          return false;
        MPM.addPass(TBAADiffPass(Opts));
        return true;
      });
}
