//===- diff.cpp - shadow comparison of aliaskit with LLVM's own analyses --===//
//
// Two module passes ask the same questions of aliaskit's analyses and of
// LLVM's built-in ones, and report every disagreement. They change nothing
// in the module.
//
// Answers of these analyses depend only on metadata nodes, not on where the
// nodes sit, so each pass first collects the distinct nodes of the module
// (remembering the first instruction carrying each) and then compares
// questions over pairs of them. Cost is quadratic in distinct nodes, never in
// instructions; `max-tags=N` / `max-lists=N` (default 4000) caps it: beyond N
// nodes, an evenly spaced sample of N is compared and the summary says so.
//
// tbaa-diff, over the distinct `!tbaa` tags (on loads, stores, calls,
// atomics, va_arg: anything carrying one), for every pair A, B:
//   * alias(A, B) and alias(B, A) against TypeBasedAAResult::alias on
//     locations carrying the tags (the pointers do not matter to TBAA);
//   * the most generic tag of (A, B) and (B, A) against
//     MDNode::getMostGenericTBAA (node identity: both sides build uniqued
//     nodes);
// and for every tag: getModRefInfoMask (immutable tags) and, when the module
// has `!llvm.errno.tbaa`, aliasErrno.
//
// scoped-diff, over the distinct `!alias.scope` lists S and `!noalias`
// lists N:
//   * mayAliasInScopes(S, N) for every S and N, against
//     ScopedNoAliasAAResult::mayAliasInScopes (every answer of the scoped
//     analysis, for loads, stores and calls alike, is made of these);
//   * for every ordered pair of distinct `!alias.scope` lists, the merge
//     MDNode::getMostGenericAliasScope, and for every ordered pair of
//     distinct `!noalias` lists, MDNode::intersect.
//
// Output (stderr): each disagreement with the instructions, the nodes and
// both answers, then one summary line per module:
//   tbaa-diff: <pairs> pairs, <merges> merges, <n> disagreements
// `<fatal>` stops opt with a non-zero exit on any disagreement. Questions on
// which aliaskit finds malformed metadata are not sent to LLVM's analyses
// (which may crash on them) and are counted as skipped.
//
//===----------------------------------------------------------------------===//

#include "pass_names.h"
#include "shim.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ScopedNoAliasAA.h"
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
using aliaskit::Answer;
using aliaskit::md;
using aliaskit::MergeKind;
using aliaskit::MergeOutcome;
using aliaskit::node;

namespace {

cl::opt<unsigned> FlipAnswer(
    "aliaskit-diff-flip", cl::init(0), cl::Hidden,
    cl::desc("Testing only: make tbaa-diff / scoped-diff see the N-th alias "
             "answer of aliaskit (1-based) inverted, to check that "
             "disagreements are reported"));

struct DiffOptions {
  bool Fatal = false;
  unsigned Max = 4000;
};

/// A metadata node and the first instruction that carries it.
struct Carried {
  const MDNode *Node;
  const Instruction *First;
};

/// The distinct nodes of kind `Kind` attached to instructions of `M`, in
/// order of first appearance, sampled down to `Max` (0: no cap).
struct Collected {
  std::vector<Carried> Nodes;
  size_t Distinct = 0;
};

Collected collect(const Module &M, unsigned Kind, unsigned Max) {
  Collected C;
  DenseMap<const MDNode *, unsigned> Seen;
  for (const Function &F : M)
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (const MDNode *N = I.getMetadata(Kind))
          if (Seen.try_emplace(N, C.Nodes.size()).second)
            C.Nodes.push_back({N, &I});
  C.Distinct = C.Nodes.size();
  if (Max && C.Distinct > Max) {
    std::vector<Carried> Sample;
    for (unsigned K = 0; K < Max; ++K)
      Sample.push_back(C.Nodes[K * C.Distinct / Max]);
    C.Nodes.swap(Sample);
  }
  return C;
}

/// Printing, counting and the final verdict, shared by both passes.
class Reporter {
  const char *Pass;
  const char *Ours;
  const char *Theirs;
  unsigned AnswersSeen = 0;

protected:
  Module &M;
  ModuleSlotTracker MST;
  LLVMContextRef Ctx;

public:
  unsigned Pairs = 0, Merges = 0, Disagreements = 0, Skipped = 0;

  Reporter(Module &M, const char *Pass, const char *Ours, const char *Theirs)
      : Pass(Pass), Ours(Ours), Theirs(Theirs), M(M), MST(&M),
        Ctx(wrap(&M.getContext())) {}

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

  /// Applies the testing switch: the N-th alias answer is inverted.
  bool seen(bool OurAnswer) {
    if (FlipAnswer && ++AnswersSeen == FlipAnswer)
      return !OurAnswer;
    return OurAnswer;
  }

  void report(const char *What, const Carried &A, const Carried *B,
              const std::string &OurAnswer, const std::string &TheirAnswer) {
    ++Disagreements;
    errs() << Pass << ": disagreement: " << What << ": " << Ours << " "
           << OurAnswer << ", " << Theirs << " " << TheirAnswer << "\n";
    errs() << "  A: " << show(A.First) << "\n     " << show(A.Node) << "\n";
    if (B)
      errs() << "  B: " << show(B->First) << "\n     " << show(B->Node)
             << "\n";
  }

  static const char *aliasName(bool May) {
    return May ? "MayAlias" : "NoAlias";
  }

  void finish(const DiffOptions &Opts, size_t Compared, size_t Distinct,
              const char *What) {
    errs() << Pass << ": " << Pairs << " pairs, " << Merges << " merges, "
           << Disagreements << " disagreements";
    if (Compared < Distinct)
      errs() << " (sampled " << Compared << " of " << Distinct << " " << What
             << ")";
    if (Skipped)
      errs() << " (" << Skipped << " skipped: malformed metadata)";
    errs() << "\n";
    if (Opts.Fatal && Disagreements)
      report_fatal_error(Twine(Pass) + ": " + Twine(Disagreements) +
                             " disagreements between " + Ours + " and " +
                             Theirs,
                         /*gen_crash_diag=*/false);
  }
};

class TBAADiffer : public Reporter {
  aliaskit::TBAASession Session;
  TypeBasedAAResult Builtin{/*UsingTypeSanitizer=*/false};
  TargetLibraryInfoImpl TLII;
  TargetLibraryInfo TLI;
  AAResults AAR;
  SimpleAAQueryInfo AAQI;

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

  /// Compares one ordered pair; false if aliaskit found it malformed.
  bool compareOrdered(const Carried &A, const Carried &B) {
    LLVMMetadataRef OurGeneric = nullptr;
    Answer Ours = aliaskit_tbaa_match(Session.Handle, Ctx, md(A.Node),
                                      md(B.Node), &OurGeneric);
    if (Ours == Answer::Malformed)
      return false;
    bool OurMay = seen(aliaskit::mayAlias(Ours));
    bool TheirMay = builtinMayAlias(A.Node, B.Node);
    if (OurMay != TheirMay)
      report("alias(A, B)", A, &B, aliasName(OurMay), aliasName(TheirMay));
    const MDNode *TheirGeneric = MDNode::getMostGenericTBAA(
        const_cast<MDNode *>(A.Node), const_cast<MDNode *>(B.Node));
    ++Merges;
    if (node(OurGeneric) != TheirGeneric)
      report("getMostGenericTBAA(A, B)", A, &B, show(node(OurGeneric)),
             show(TheirGeneric));
    return true;
  }

  /// Whether LLVM's TBAA can be asked about this tag against errno without
  /// crashing: aliaskit finds no malformed metadata on the way.
  bool errnoSafe(const MDNode *Tag, ArrayRef<LLVMMetadataRef> ErrnoTags) {
    for (LLVMMetadataRef E : ErrnoTags) {
      LLVMMetadataRef G = nullptr;
      if (aliaskit_tbaa_match(Session.Handle, Ctx, md(Tag), E, &G) ==
          Answer::Malformed)
        return false;
    }
    return true;
  }

  void compareTag(const Carried &T, ArrayRef<LLVMMetadataRef> ErrnoTags,
                  bool HasErrno) {
    MemoryLocation L = tagged(T.Node);
    bool OurImm = aliaskit_tbaa_is_immutable(Session.Handle, md(T.Node));
    bool TheirImm = isNoModRef(Builtin.getModRefInfoMask(L, AAQI, false));
    if (OurImm != TheirImm)
      report("getModRefInfoMask(A)", T, nullptr,
             OurImm ? "NoModRef" : "ModRef", TheirImm ? "NoModRef" : "ModRef");
    if (!HasErrno)
      return;
    bool OurMay = aliaskit::mayAlias(aliaskit_tbaa_may_alias_errno(
        Session.Handle, md(T.Node), ErrnoTags.data(), ErrnoTags.size()));
    bool TheirMay = Builtin.aliasErrno(L, &M) != AliasResult::NoAlias;
    if (OurMay != TheirMay)
      report("aliasErrno(A)", T, nullptr, aliasName(OurMay),
             aliasName(TheirMay));
  }

public:
  explicit TBAADiffer(Module &M)
      : Reporter(M, "tbaa-diff", "rust-tbaa", "tbaa"),
        TLII(M.getTargetTriple()), TLI(TLII), AAR(TLI), AAQI(AAR) {}

  void run(const std::vector<Carried> &Tags) {
    const NamedMDNode *Errno = M.getNamedMetadata("llvm.errno.tbaa");
    SmallVector<LLVMMetadataRef, 2> ErrnoTags;
    if (Errno)
      for (const MDNode *E : Errno->operands())
        ErrnoTags.push_back(md(E));
    for (size_t I = 0; I < Tags.size(); ++I) {
      if (errnoSafe(Tags[I].Node, ErrnoTags))
        compareTag(Tags[I], ErrnoTags, Errno != nullptr);
      else
        ++Skipped;
      for (size_t J = I + 1; J < Tags.size(); ++J) {
        ++Pairs;
        // Both orders: the generic tag depends on the order, and an
        // analysis that answered alias(A, B) differently from alias(B, A)
        // would be wrong.
        if (!compareOrdered(Tags[I], Tags[J]) ||
            !compareOrdered(Tags[J], Tags[I]))
          ++Skipped;
      }
    }
  }
};

class ScopedDiffer : public Reporter {
  aliaskit::ScopedSession Session;

  void compareMerge(MergeKind Kind, const Carried &A, const Carried &B) {
    LLVMMetadataRef Ours = nullptr;
    if (aliaskit_scoped_merge(Session.Handle, Ctx, Kind, md(A.Node),
                              md(B.Node), &Ours) == MergeOutcome::Malformed) {
      ++Skipped;
      return;
    }
    MDNode *X = const_cast<MDNode *>(A.Node), *Y = const_cast<MDNode *>(B.Node);
    bool Scopes = Kind == MergeKind::AliasScope;
    const MDNode *Theirs = Scopes ? MDNode::getMostGenericAliasScope(X, Y)
                                  : MDNode::intersect(X, Y);
    ++Merges;
    if (node(Ours) != Theirs)
      report(Scopes ? "getMostGenericAliasScope(A, B)"
                    : "MDNode::intersect(A, B)",
             A, &B, show(node(Ours)), show(Theirs));
  }

  void compareMerges(MergeKind Kind, const std::vector<Carried> &Lists) {
    for (size_t I = 0; I < Lists.size(); ++I)
      for (size_t J = 0; J < Lists.size(); ++J)
        if (I != J)
          compareMerge(Kind, Lists[I], Lists[J]);
  }

public:
  explicit ScopedDiffer(Module &M)
      : Reporter(M, "scoped-diff", "rust-scoped-noalias",
                 "scoped-noalias-aa") {}

  void run(const std::vector<Carried> &Scopes,
           const std::vector<Carried> &NoAlias) {
    for (const Carried &S : Scopes)
      for (const Carried &N : NoAlias) {
        ++Pairs;
        Answer Ours =
            aliaskit_scoped_decide(Session.Handle, md(S.Node), md(N.Node));
        if (Ours == Answer::Malformed) {
          ++Skipped;
          continue;
        }
        bool OurMay = seen(aliaskit::mayAlias(Ours));
        bool TheirMay = ScopedNoAliasAAResult::mayAliasInScopes(S.Node, N.Node);
        if (OurMay != TheirMay)
          report("mayAliasInScopes(A: !alias.scope, B: !noalias)", S, &N,
                 aliasName(OurMay), aliasName(TheirMay));
      }
    compareMerges(MergeKind::AliasScope, Scopes);
    compareMerges(MergeKind::NoAlias, NoAlias);
  }
};

/// `tbaa-diff`: the module's `!tbaa` tags, LLVM's answers against ours.
void diffTags(Module &M, const DiffOptions &Opts) {
  Collected Tags = collect(M, LLVMContext::MD_tbaa, Opts.Max);
  TBAADiffer D(M);
  D.run(Tags.Nodes);
  D.finish(Opts, Tags.Nodes.size(), Tags.Distinct, "tags");
}

/// `scoped-diff`: the module's scope lists, LLVM's answers and merges
/// against ours.
void diffLists(Module &M, const DiffOptions &Opts) {
  Collected Scopes = collect(M, LLVMContext::MD_alias_scope, Opts.Max);
  Collected NoAlias = collect(M, LLVMContext::MD_noalias, Opts.Max);
  ScopedDiffer D(M);
  D.run(Scopes.Nodes, NoAlias.Nodes);
  D.finish(Opts, Scopes.Nodes.size() + NoAlias.Nodes.size(),
           Scopes.Distinct + NoAlias.Distinct, "lists");
}

/// The pass that runs `Compare` (diffTags or diffLists) on a module.
template <void (*Compare)(Module &, const DiffOptions &)>
class DiffPass : public PassInfoMixin<DiffPass<Compare>> {
  DiffOptions Opts;

public:
  explicit DiffPass(DiffOptions Opts) : Opts(Opts) {}
  static bool isRequired() { return true; }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &) {
    Compare(M, Opts);
    return PreservedAnalyses::all();
  }
};

/// Parses `<pass>`, `<pass><fatal>`, `<pass><MaxParam=N>` and
/// `<pass><fatal;MaxParam=N>`: false if `Name` is another pass.
bool parseDiffName(StringRef Name, StringRef Pass, StringRef MaxParam,
                   DiffOptions &Opts) {
  SmallVector<StringRef, 2> Params;
  if (!aliaskit::matchPassName(Name, Pass, Params))
    return false;
  for (StringRef P : Params) {
    StringRef Value = P;
    if (P == "fatal") {
      Opts.Fatal = true;
    } else if (Value.consume_front(MaxParam) && Value.consume_front("=")) {
      if (Value.getAsInteger(10, Opts.Max))
        aliaskit::invalidPassParameter(Pass, P,
                                       (MaxParam + " takes a number").str());
    } else {
      aliaskit::invalidPassParameter(
          Pass, P, ("expected fatal or " + MaxParam + "=N").str());
    }
  }
  return true;
}

} // namespace

void aliaskit::registerDiffPasses(PassBuilder &PB) {
  registerModulePassNames(PB, [](StringRef Name, ModulePassManager &MPM) {
    DiffOptions Opts;
    if (parseDiffName(Name, "tbaa-diff", "max-tags", Opts)) {
      MPM.addPass(DiffPass<diffTags>(Opts));
      return true;
    }
    if (parseDiffName(Name, "scoped-diff", "max-lists", Opts)) {
      MPM.addPass(DiffPass<diffLists>(Opts));
      return true;
    }
    return false;
  });
}
