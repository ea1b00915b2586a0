//===- sanitize_parameters.cpp - noalias parameters become scopes ---------===//
//
// aliaskit-sanitize checks one kind of claim, the scoped one. A `noalias`
// parameter's claim is turned into scopes the way LLVM's inliner turns it
// when it inlines a call (AddAliasScopeMetadata in InlineFunction.cpp): a
// domain named after the function, one scope per used noalias pointer
// parameter (`f: %p`, or `f: argument N`), a noalias.scope.decl of each at
// the function's entry (so each call is an instance; inlined, each inlined
// call), and on every memory access the lists the inliner would give it.
// Which lists is the core's rule (core/src/sanitize/inline_rule.rs, asked
// through aliaskit_sanitize_parameter_lists) on LLVM's facts: the
// underlying objects of the access's pointers and whether a parameter was
// captured before it.
//
// When: the inliner reads a function's body after the function's own
// simplification (its callees inlined: in Rust, the slice accessors that
// the unoptimized body calls), so the conversion runs at that point too,
// at the end of each function's simplification in the CGSCC walk
// (ScalarOptimizerLateEP; aliaskit-sanitize<parameters> in a pipeline
// written by hand). Until then the parameters are only
// recorded (!aliaskit.noalias on the function) and their attributes
// removed at the start of the pipeline, so that basic-aa cannot use the
// claim before it is checked. Functions `alwaysinline` are inlined before
// the CGSCC walk (the always-inliner), their bodies as the front end left
// them: a Rust body reaches memory only through the results of calls to
// its accessors, which capture the parameters, so none of its accesses
// could be classified. So when a CGSCC walk follows, such a function with
// noalias parameters loses `alwaysinline` at the start (kept as
// "aliaskit-alwaysinline") and gets it back once its conversion is
// completed; the CGSCC inliner then inlines it into its callers as the
// always-inliner would have, with its lists. At -O0 (no CGSCC walk) it is
// converted at the start, its clang copies of the parameters promoted
// first. What is still recorded at the end is converted there.
//
// An access the rule cannot classify gets no list (it is not checked) and
// counts, at run time, in the module's counter of unclassified accesses.
//
//===----------------------------------------------------------------------===//

#include "shim.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/CaptureTracking.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include <string>

using namespace llvm;

namespace {

const char *const Recorded = "aliaskit.noalias";
/// On every memory access the front end wrote (the start of the pipeline).
/// Inlining keeps it; a pass that speculates an access (LICM hoisting a
/// conditional load) or merges two drops it with the other metadata it
/// does not know, and with it the access's lists: such an access is not
/// given lists again (a speculated load is not one the program makes, and
/// the claim LLVM dropped must not come back).
const char *const FrontEnd = "aliaskit.access";
const char *const CounterName = "__aliaskit.unclassified";
/// On a function whose `alwaysinline` waits for its conversion.
const char *const AlwaysInlineLater = "aliaskit-alwaysinline";

/// The pointers an access reaches memory through, as the inliner collects
/// them (AddAliasScopeMetadata); `IsCall` and `ArgMemOnly` for calls.
/// False for an instruction that the inliner leaves alone.
bool pointerOperands(const Instruction &I, AAResults &AA,
                     SmallVectorImpl<const Value *> &Ptrs, bool &IsCall,
                     bool &ArgMemOnly) {
  IsCall = ArgMemOnly = false;
  if (auto *L = dyn_cast<LoadInst>(&I))
    Ptrs.push_back(L->getPointerOperand());
  else if (auto *S = dyn_cast<StoreInst>(&I))
    Ptrs.push_back(S->getPointerOperand());
  else if (auto *V = dyn_cast<VAArgInst>(&I))
    Ptrs.push_back(V->getPointerOperand());
  else if (auto *X = dyn_cast<AtomicCmpXchgInst>(&I))
    Ptrs.push_back(X->getPointerOperand());
  else if (auto *R = dyn_cast<AtomicRMWInst>(&I))
    Ptrs.push_back(R->getPointerOperand());
  else if (auto *Call = dyn_cast<CallBase>(&I)) {
    if (Call->doesNotAccessMemory() || aliaskit::isRuntimeCall(*Call))
      return false;
    IsCall = true;
    MemoryEffects ME = AA.getMemoryEffects(Call);
    if (ME.onlyAccessesInaccessibleMem())
      return false;
    ArgMemOnly = ME.onlyAccessesArgPointees();
    for (const Value *Arg : Call->args())
      if (Arg->getType()->isPointerTy())
        Ptrs.push_back(Arg);
  } else
    return false;
  return !Ptrs.empty() || IsCall;
}

/// LLVM's classification of an underlying object, for the core's rule.
aliaskit::ObjectKind objectKind(const Value *V, uint32_t &Param) {
  using aliaskit::ObjectKind;
  if (isa<ConstantInt>(V) || isa<ConstantFP>(V) ||
      isa<ConstantPointerNull>(V) || isa<ConstantDataVector>(V) ||
      isa<UndefValue>(V))
    return ObjectKind::NonPointerConstant;
  if (isa<AllocaInst>(V))
    return ObjectKind::Local;
  if (auto *A = dyn_cast<Argument>(V)) {
    Param = A->getArgNo();
    return ObjectKind::Parameter;
  }
  if (isEscapeSource(V))
    return ObjectKind::EscapeSource;
  if (isIdentifiedObject(V) || isa<Constant>(V))
    return ObjectKind::Identified;
  return ObjectKind::Unknown;
}

/// Promotes the allocas of F's entry block that can be promoted (clang's
/// copies of the parameters), so that the rule sees the parameters.
void promoteAllocas(Function &F) {
  SmallVector<AllocaInst *, 16> Allocas;
  for (Instruction &I : F.getEntryBlock())
    if (auto *AI = dyn_cast<AllocaInst>(&I))
      if (isAllocaPromotable(AI))
        Allocas.push_back(AI);
  if (Allocas.empty())
    return;
  DominatorTree DT(F);
  AssumptionCache AC(F);
  PromoteMemToReg(Allocas, DT, &AC);
}

/// The inliner's name for the scope of noalias parameter A, the I-th.
std::string scopeName(const Function &F, const Argument &A, unsigned I) {
  std::string Name = F.getName().str();
  if (A.hasName())
    return Name + ": %" + A.getName().str();
  return Name + ": argument " + std::to_string(I);
}

/// The inliner's lists of one access (bits over Params), by the core's
/// rule on LLVM's facts; false when it is unclassified.
bool classify(const Instruction &I, ArrayRef<const Value *> Ptrs, bool IsCall,
              bool ArgMemOnly, ArrayRef<Argument *> Params,
              ArrayRef<uint32_t> ParamNumbers, const DominatorTree &DT,
              uint64_t &InScopes, uint64_t &NotIn) {
  SmallPtrSet<const Value *, 4> Objects;
  for (const Value *P : Ptrs) {
    SmallVector<const Value *, 4> Under;
    getUnderlyingObjects(P, Under, /*LI=*/nullptr);
    Objects.insert(Under.begin(), Under.end());
  }
  SmallVector<uint8_t, 4> Kinds;
  SmallVector<uint32_t, 4> Numbers;
  for (const Value *O : Objects) {
    uint32_t N = 0;
    Kinds.push_back(static_cast<uint8_t>(objectKind(O, N)));
    Numbers.push_back(N);
  }
  uint64_t Captured = 0;
  for (unsigned P = 0; P < Params.size(); ++P)
    if (PointerMayBeCapturedBefore(Params[P], /*ReturnCaptures=*/false, &I,
                                   &DT))
      Captured |= uint64_t(1) << P;
  aliaskit::CallKind Call = !IsCall       ? aliaskit::CallKind::NotCall
                            : ArgMemOnly ? aliaskit::CallKind::ArgMemOnly
                                         : aliaskit::CallKind::OtherCall;
  return aliaskit_sanitize_parameter_lists(
      Kinds.data(), Numbers.data(), Kinds.size(), static_cast<uint8_t>(Call),
      ParamNumbers.data(), ParamNumbers.size(), Captured, &InScopes, &NotIn);
}

/// The module's counter of unclassified accesses, made (with the
/// constructor that registers it) on first need.
GlobalVariable *counter(Module &M) {
  if (GlobalVariable *G = M.getNamedGlobal(CounterName))
    return G;
  LLVMContext &C = M.getContext();
  Type *I64 = Type::getInt64Ty(C);
  auto *G = new GlobalVariable(M, I64, /*isConstant=*/false,
                               GlobalValue::PrivateLinkage,
                               ConstantInt::get(I64, 0), CounterName);
  G->setAlignment(Align(8));
  FunctionCallee Register = M.getOrInsertFunction(
      "__aliaskit_register_counter",
      FunctionType::get(Type::getVoidTy(C), {PointerType::getUnqual(C)}, false));
  auto *Ctor = Function::Create(FunctionType::get(Type::getVoidTy(C), false),
                                GlobalValue::InternalLinkage,
                                "__aliaskit_ctor.counter", M);
  IRBuilder<> B(BasicBlock::Create(C, "", Ctor));
  B.CreateCall(Register, {G});
  B.CreateRetVoid();
  appendToGlobalCtors(M, Ctor, 0);
  return G;
}

/// The function's used noalias pointer parameters (the inliner's
/// NoAliasArgs).
SmallVector<Argument *, 4> noaliasParameters(Function &F) {
  SmallVector<Argument *, 4> Params;
  for (Argument &A : F.args())
    if (A.hasNoAliasAttr() && A.getType()->isPointerTy() && !A.use_empty())
      Params.push_back(&A);
  return Params;
}

/// Removes `noalias` from parameter `ArgNo` of F and of its calls.
void dropAttribute(Function &F, unsigned ArgNo) {
  F.removeParamAttr(ArgNo, Attribute::NoAlias);
  for (User *U : F.users())
    if (auto *CB = dyn_cast<CallBase>(U))
      if (CB->getCalledFunction() == &F)
        CB->removeParamAttr(ArgNo, Attribute::NoAlias);
}

/// A function's converted parameters: each with its scope.
struct Converted {
  SmallVector<Argument *, 4> Params;
  SmallVector<MDNode *, 4> Scopes;
  SmallVector<uint32_t, 4> Numbers;

  /// From !aliaskit.noalias: pairs (parameter number, scope).
  static Converted of(Function &F) {
    Converted C;
    MDNode *R = F.getMetadata(Recorded);
    for (unsigned I = 0; R && I + 1 < R->getNumOperands(); I += 2) {
      auto *N = mdconst::dyn_extract_or_null<ConstantInt>(R->getOperand(I));
      auto *S = dyn_cast_or_null<MDNode>(R->getOperand(I + 1).get());
      if (!N || !S || N->getZExtValue() >= F.arg_size())
        continue;
      C.Params.push_back(F.getArg(N->getZExtValue()));
      C.Scopes.push_back(S);
      C.Numbers.push_back(N->getZExtValue());
    }
    return C;
  }

  /// Whether the list names one of the scopes.
  bool names(const MDNode *List) const {
    if (!List)
      return false;
    for (const MDOperand &Op : List->operands())
      if (llvm::is_contained(Scopes, Op.get()))
        return true;
    return false;
  }
};

/// Gives the accesses of F the lists of the converted parameters, as the
/// inliner would; with `OnlyNew`, only those without one of these scopes
/// yet. The unclassified accesses are returned.
SmallVector<Instruction *, 8> attachLists(Function &F, AAResults &AA,
                                          const Converted &C, bool OnlyNew) {
  aliaskit::ParameterStats &Stats = aliaskit::parameterStats();
  DominatorTree DT(F);
  LLVMContext &Ctx = F.getContext();
  SmallVector<Instruction *, 64> Work;
  for (Instruction &I : instructions(F))
    Work.push_back(&I);
  SmallVector<Instruction *, 8> Unclassified;
  for (Instruction *I : Work) {
    if (OnlyNew && (!I->getMetadata(FrontEnd) ||
                    C.names(I->getMetadata(LLVMContext::MD_alias_scope)) ||
                    C.names(I->getMetadata(LLVMContext::MD_noalias))))
      continue;
    SmallVector<const Value *, 2> Ptrs;
    bool IsCall, ArgMemOnly;
    if (!pointerOperands(*I, AA, Ptrs, IsCall, ArgMemOnly))
      continue;
    uint64_t InScopes = 0, NotIn = 0;
    bool Known = classify(*I, Ptrs, IsCall, ArgMemOnly, C.Params, C.Numbers,
                          DT, InScopes, NotIn);
    bool Access = !IsCall || isa<AnyMemIntrinsic>(I);
    Stats.Accesses += Access && !OnlyNew;
    if (Known && NotIn == aliaskit::LocalOnly)
      continue;
    if (!Known || (!InScopes && !NotIn)) {
      if (Access)
        Unclassified.push_back(I);
      continue;
    }
    auto attach = [&](unsigned Kind, uint64_t Mask) {
      SmallVector<Metadata *, 4> List;
      for (unsigned P = 0; P < C.Scopes.size(); ++P)
        if (Mask >> P & 1)
          List.push_back(C.Scopes[P]);
      if (!List.empty())
        I->setMetadata(Kind, MDNode::concatenate(I->getMetadata(Kind),
                                                 MDNode::get(Ctx, List)));
    };
    attach(LLVMContext::MD_noalias, NotIn);
    attach(LLVMContext::MD_alias_scope, InScopes);
  }
  return Unclassified;
}

} // namespace

aliaskit::ParameterStats &aliaskit::parameterStats() {
  static ParameterStats S;
  return S;
}

bool aliaskit::hasNoAliasParameters(const Function &F) {
  return F.getMetadata(Recorded) ||
         llvm::any_of(F.args(), [](const Argument &A) {
           return A.hasNoAliasAttr() && A.getType()->isPointerTy();
         });
}

void aliaskit::convertNoAliasParameters(Function &F, AAResults &AA,
                                        bool Promote) {
  SmallVector<Argument *, 4> Params = noaliasParameters(F);
  for (Argument &A : F.args())
    if (A.hasNoAliasAttr())
      dropAttribute(F, A.getArgNo());
  if (Params.empty() || Params.size() > 64)
    return;
  if (Promote && !F.hasOptNone())
    promoteAllocas(F);
  ParameterStats &Stats = parameterStats();
  Stats.Functions++;
  Stats.Parameters += Params.size();
  LLVMContext &Ctx = F.getContext();
  MDBuilder MDB(Ctx);
  MDNode *Domain = MDB.createAnonymousAliasScopeDomain(F.getName());
  Converted C;
  SmallVector<Metadata *, 8> Record;
  for (unsigned I = 0; I < Params.size(); ++I) {
    MDNode *Scope =
        MDB.createAnonymousAliasScope(Domain, scopeName(F, *Params[I], I));
    C.Params.push_back(Params[I]);
    C.Scopes.push_back(Scope);
    C.Numbers.push_back(Params[I]->getArgNo());
    Record.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(Ctx), Params[I]->getArgNo())));
    Record.push_back(Scope);
  }
  attachLists(F, AA, C, /*OnlyNew=*/false);
  IRBuilder<> B(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  if (DISubprogram *SP = F.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(Ctx, SP->getScopeLine(), 0, SP));
  for (MDNode *S : C.Scopes)
    B.CreateNoAliasScopeDeclaration(MDNode::get(Ctx, S));
  F.setMetadata(Recorded, MDNode::get(Ctx, Record));
}

void aliaskit::deferAlwaysInline(Function &F) {
  if (!F.hasFnAttribute(Attribute::AlwaysInline))
    return;
  F.removeFnAttr(Attribute::AlwaysInline);
  F.addFnAttr(AlwaysInlineLater);
}

void aliaskit::restoreAlwaysInline(Function &F) {
  if (!F.hasFnAttribute(AlwaysInlineLater))
    return;
  F.removeFnAttr(AlwaysInlineLater);
  F.addFnAttr(Attribute::AlwaysInline);
}

void aliaskit::markFrontEndAccesses(Module &M) {
  MDNode *Mark = MDNode::get(M.getContext(), {});
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) ||
          isa<AtomicCmpXchgInst>(I) || isa<AnyMemIntrinsic>(I))
        I.setMetadata(FrontEnd, Mark);
}

void aliaskit::forgetFrontEndAccesses(Module &M) {
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      I.setMetadata(FrontEnd, nullptr);
}

/// The decls of F's converted scopes that F's body uses but no longer
/// declares (InstCombine deletes a decl whose scope no access uses: one
/// converted before the accesses that use it were inlined): at the entry
/// again, so that each call of F is still an instance.
static void redeclare(Function &F, const Converted &C) {
  SmallPtrSet<const Metadata *, 8> Declared, Used;
  for (Instruction &I : instructions(F)) {
    if (auto *D = dyn_cast<NoAliasScopeDeclInst>(&I)) {
      // getScopeList() casts: a malformed decl (already warned about) is
      // not a node.
      auto *V = dyn_cast<MetadataAsValue>(
          D->getOperand(Intrinsic::NoAliasScopeDeclScopeArg));
      if (auto *L = V ? dyn_cast<MDNode>(V->getMetadata()) : nullptr)
        for (const MDOperand &Op : L->operands())
          Declared.insert(Op.get());
      continue;
    }
    for (unsigned Kind : {LLVMContext::MD_alias_scope, LLVMContext::MD_noalias})
      if (MDNode *L = I.getMetadata(Kind))
        for (const MDOperand &Op : L->operands())
          Used.insert(Op.get());
  }
  IRBuilder<> B(&*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca());
  LLVMContext &Ctx = F.getContext();
  if (DISubprogram *SP = F.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(Ctx, SP->getScopeLine(), 0, SP));
  for (MDNode *S : C.Scopes)
    if (Used.contains(S) && !Declared.contains(S))
      B.CreateNoAliasScopeDeclaration(MDNode::get(Ctx, S));
}

void aliaskit::completeNoAliasParameters(Function &F, AAResults &AA,
                                         bool Last) {
  Converted C = Converted::of(F);
  if (Last)
    F.setMetadata(Recorded, nullptr);
  if (C.Params.empty())
    return;
  SmallVector<Instruction *, 8> Unclassified =
      attachLists(F, AA, C, /*OnlyNew=*/true);
  redeclare(F, C);
  if (!Last || Unclassified.empty())
    return;
  parameterStats().Unclassified += Unclassified.size();
  GlobalVariable *Count = counter(*F.getParent());
  for (Instruction *I : Unclassified) {
    IRBuilder<> At(I);
    auto *Add = At.CreateAtomicRMW(AtomicRMWInst::Add, Count, At.getInt64(1),
                                   MaybeAlign(8), AtomicOrdering::Monotonic);
    aliaskit::quiet(Add);
  }
}
