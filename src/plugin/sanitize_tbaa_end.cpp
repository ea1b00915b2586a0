//===- sanitize_tbaa_end.cpp - aliaskit-sanitize-tbaa<end> ----------------===//
//
// `--tbaa` at the end of the pipeline, where the start's checks have been
// optimized with the program:
//
//   - the hosts: the functions each load check was inlined into, for the
//     reports' decision ids (tellHosts);
//   - the end table: which tag each access the start instrumented carries
//     now (the same, another one a pass gave it, several on its copies, or
//     none: gone), found from the sites' metadata the start left on them
//     (SiteMD), written by the Rust side (sanitize_tbaa_end.rs) and handed
//     to the runtime with the start's table (tellEnd). The claims that
//     reach code generation are then checked by the start's own calls
//     (core/src/sanitize/tbaa_end.rs has the rule).
//
// Accesses a pass made (a merged load, a vectorizer's wide access, SROA's
// parts of a copy) carry no site: their claims are not checked at the end
// (counted with `stats`).
//
//===----------------------------------------------------------------------===//

#include "sanitize_tbaa.h"
#include "shim.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;
using aliaskit::quiet;
using aliaskit::tbaa::HomeMD;
using aliaskit::tbaa::SiteMD;
using aliaskit::tbaa::TbaaRuntime;

namespace {

/// The function `Call` (a runtime call with HomeMD) was put in at the
/// start; empty without the metadata.
StringRef homeOf(const CallInst &Call) {
  auto *Home = Call.getMetadata(HomeMD);
  auto *Name = Home && Home->getNumOperands() == 1
                   ? dyn_cast_or_null<MDString>(Home->getOperand(0))
                   : nullptr;
  return Name ? Name->getString() : StringRef();
}

/// The register call of M's --tbaa constructor, null when M has none.
CallInst *registerCall(Module &M) {
  Function *Ctor = M.getFunction("__aliaskit_tbaa_ctor");
  if (!Ctor || Ctor->isDeclaration())
    return nullptr;
  for (Instruction &I : instructions(*Ctor))
    if (CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_tbaa_register_v4", 4))
      return C;
  return nullptr;
}

/// What the end saw of one site: the start tag, and the tags its
/// instructions carry now.
struct Seen {
  const MDNode *Start = nullptr;
  SmallVector<std::pair<Instruction *, const MDNode *>, 2> Now;
};

/// Per-call checks inlined into another function run, at code generation,
/// in one call of that function for every call they stood for: each
/// function that has some gets a call instance of its own at its entry
/// (its host instance), and each of its per-call calls becomes its `_at`
/// form, which passes it. Returns the functions changed.
unsigned hostInstances(Module &M, TbaaRuntime &RT) {
  unsigned Hosts = 0;
  for (Function &F : M) {
    SmallVector<std::pair<CallInst *, bool>, 8> PerCall; // (call, is a load)
    bool Inlined = false;
    for (Instruction &I : instructions(F)) {
      CallInst *C = aliaskit::runtimeCall(&I, "__aliaskit_tbaa_load_in", 5);
      bool Load = C != nullptr;
      if (!C)
        C = aliaskit::runtimeCall(&I, "__aliaskit_tbaa_store_in", 5);
      if (!C)
        continue;
      PerCall.push_back({C, Load});
      StringRef Home = homeOf(*C);
      Inlined |= !Home.empty() && Home != F.getName();
    }
    if (!Inlined)
      continue;
    ++Hosts;
    IRBuilder<> E(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
    Value *Host = quiet(E.CreateCall(RT.Call, {}, "aliaskit.host"));
    for (auto [C, Load] : PerCall) {
      IRBuilder<> B(C);
      CallInst *At = quiet(B.CreateCall(
          Load ? RT.LoadAt : RT.StoreAt,
          {C->getArgOperand(0), C->getArgOperand(1), C->getArgOperand(2), Host,
           C->getArgOperand(3), C->getArgOperand(4)}));
      At->copyMetadata(*C);
      C->replaceAllUsesWith(At);
      C->eraseFromParent();
    }
  }
  return Hosts;
}

} // namespace

/// At the end of the pipeline: the functions each load check now runs in
/// besides its own (where inlining took it), for the reports' decision ids
/// (a decision is made in the function the two accesses are in when a
/// pass asks). A constant array of { site, decision key, name } that the
/// module's constructor hands to __aliaskit_tbaa_hosts after registering
/// the table.
void aliaskit::tbaa::tellHosts(Module &M) {
  Function *Ctor = M.getFunction("__aliaskit_tbaa_ctor");
  auto *Base = M.getNamedGlobal("__aliaskit_tbaa_base");
  if (!Ctor || Ctor->isDeclaration() || !Base)
    return;
  LLVMContext &C = M.getContext();
  std::string Module = aliaskit::moduleName(M);
  uint64_t ModuleKey = aliaskit::moduleKey(M);
  Type *I32 = Type::getInt32Ty(C), *I64 = Type::getInt64Ty(C);
  auto *Entry = StructType::get(C, {I32, I64, PointerType::getUnqual(C)});
  SmallVector<Constant *, 16> Entries;
  DenseSet<std::pair<uint32_t, const Function *>> Seen;
  DenseMap<const Function *, Constant *> Names;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      auto *Call = dyn_cast<CallInst>(&I);
      Function *Callee = Call ? Call->getCalledFunction() : nullptr;
      if (!Callee || (Callee->getName() != "__aliaskit_tbaa_load" &&
                      Callee->getName() != "__aliaskit_tbaa_load_in" &&
                      Callee->getName() != "__aliaskit_tbaa_load_at"))
        continue;
      auto *Site = dyn_cast<ConstantInt>(Call->getArgOperand(1));
      StringRef Home = homeOf(*Call);
      if (!Site || Home.empty() || Home == F.getName() ||
          !Seen.insert({uint32_t(Site->getZExtValue()), &F}).second)
        continue;
      Constant *&Text = Names[&F];
      if (!Text) {
        Constant *Data = ConstantDataArray::getString(C, F.getName());
        auto *G = new GlobalVariable(M, Data->getType(), /*isConstant=*/true,
                                     GlobalValue::PrivateLinkage, Data,
                                     "__aliaskit_tbaa_host." + F.getName());
        G->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
        Text = G;
      }
      StringRef N = F.getName();
      uint64_t Key = aliaskit_bisect_function(ModuleKey, Module.data(),
                                              Module.size(), N.data(), N.size());
      Entries.push_back(ConstantStruct::get(
          Entry, {ConstantInt::get(I32, Site->getZExtValue()),
                  ConstantInt::get(I64, Key), Text}));
    }
  if (Entries.empty())
    return;
  auto *Ty = ArrayType::get(Entry, Entries.size());
  auto *G = new GlobalVariable(M, Ty, /*isConstant=*/true,
                               GlobalValue::PrivateLinkage,
                               ConstantArray::get(Ty, Entries),
                               "__aliaskit_tbaa_hosts.list");
  TbaaRuntime RT(M);
  IRBuilder<> B(Ctor->getEntryBlock().getTerminator());
  quiet(B.CreateCall(RT.Hosts, {Base, G, B.getInt32(Entries.size())}));
}

void aliaskit::tbaa::markSites(Instruction &I, ArrayRef<uint32_t> Sites) {
  MDNode *Tag = I.getMetadata(LLVMContext::MD_tbaa);
  if (!Tag || Sites.empty())
    return;
  LLVMContext &C = I.getContext();
  SmallVector<Metadata *, 3> Ops{Tag};
  for (uint32_t S : Sites)
    Ops.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(C), S)));
  I.setMetadata(SiteMD, MDNode::get(C, Ops));
}

void aliaskit::tbaa::tellEnd(Module &M, bool StartClaims, bool Stats) {
  CallInst *Register = registerCall(M);
  if (!Register)
    return;
  MapVector<uint32_t, Seen> Sites;
  unsigned Made = 0;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      MDNode *Now = I.getMetadata(LLVMContext::MD_tbaa);
      MDNode *Mark = I.getMetadata(SiteMD);
      if (!Mark) {
        Made += Now && (isa<LoadInst>(I) || isa<StoreInst>(I));
        continue;
      }
      auto *Start = Mark->getNumOperands() ? dyn_cast_or_null<MDNode>(
                                                 Mark->getOperand(0).get())
                                           : nullptr;
      for (unsigned K = 1; K < Mark->getNumOperands(); ++K)
        if (auto *Id = mdconst::dyn_extract_or_null<ConstantInt>(
                Mark->getOperand(K))) {
          Seen &S = Sites[uint32_t(Id->getZExtValue())];
          S.Start = Start;
          S.Now.push_back({&I, Now});
        }
      // Its work is done: the instruction goes on without it.
      I.setMetadata(SiteMD, nullptr);
    }
  std::vector<TbaaEndSite> Views;
  unsigned Changed = 0, Ambiguous = 0;
  for (auto &[Site, S] : Sites) {
    const MDNode *One = S.Now.front().second;
    bool Agree = all_of(S.Now, [&](auto &P) { return P.second == One; });
    TbaaEndKind Kind = !Agree || !One  ? TbaaEndKind::Ambiguous
                       : One == S.Start ? TbaaEndKind::Same
                                        : TbaaEndKind::Changed;
    Changed += Kind == TbaaEndKind::Changed;
    Ambiguous += Kind == TbaaEndKind::Ambiguous;
    Views.push_back({wrap(S.Now.front().first), Site, Kind});
  }
  // The host instances do not depend on the end table: made either way.
  TbaaRuntime RT(M);
  unsigned Hosts = hostInstances(M, RT);
  std::string Name = aliaskit::moduleName(M);
  void *End = aliaskit_sanitize_tbaa_end(wrap(&M), Name.data(), Name.size(),
                                         Views.data(), Views.size(),
                                         StartClaims);
  if (!End)
    return;
  const uint8_t *Bytes = nullptr;
  size_t Len = 0;
  aliaskit_sanitize_tbaa_bytes(End, &Bytes, &Len);
  Register->setArgOperand(
      1, aliaskit::tableGlobal(M, ArrayRef(Bytes, Len), "__aliaskit_tbaa_end"));
  aliaskit_sanitize_tbaa_bytes_free(End);
  if (Stats)
    errs() << "aliaskit-sanitize-tbaa: at the end, " << Views.size()
           << " sites reach code generation (" << Changed
           << " with another tag, " << Ambiguous
           << " copies with different tags: not checked there), "
           << Made << " tagged loads and stores made on the way are not checked, "
           << Hosts << " functions run inlined per-call checks\n";
}

PreservedAnalyses aliaskit::tbaa::RetagPass::run(Function &F,
                                                 FunctionAnalysisManager &) {
  bool Changed = false;
  for (Instruction &I : instructions(F))
    if (MDNode *To = I.getMetadata("aliaskit.test.retag")) {
      I.setMetadata(LLVMContext::MD_tbaa, To);
      I.setMetadata("aliaskit.test.retag", nullptr);
      Changed = true;
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
