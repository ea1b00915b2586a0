; LLVM 22.1.8: instcombine reads memory it does not own on an
; llvm.experimental.noalias.scope.decl whose argument is not a node
; (metadata i64 0), whatever the AA pipeline (basic-aa alone included): it
; takes the ValueAsMetadata for an MDNode and reads its operands from
; before the allocation. Natively this crashes or not with the heap's
; layout (fuzz module m01024 of the 8,087-module run: SIGSEGV in 5 of 8
; runs with basic-aa alone here, yet none in the fuzz's three control runs
; each with LLVM's analyses and with basic-aa alone, so it was first counted
; against aliaskit); under valgrind it shows every time.
; Written by hand from m01024 (mutation decl): the declaration alone is
; enough.
;
;   valgrind opt -disable-verify -passes=instcombine -disable-output decl-not-node.ll
;   Invalid read of size 8 ... by llvm::InstCombinePass::run(...)
;   Address ... is 16 bytes before a block of size ... alloc'd
;   at ... llvm::ValueAsMetadata::get(llvm::Value*)
;
; The IR verifier rejects the module ("!id.scope.list must point to an
; MDNode"); instcombine runs without it in LTO backends and under
; -disable-verify. aliaskit: verify-alias-md reports scope-decl-not-node,
; rust-scoped-noalias reads no declaration, and checks/fuzz counts a
; crash as LLVM's when memcheck finds the pass's own invalid accesses with
; basic-aa alone (test/repro/llvm-passes.test).

declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @f(ptr %p) {
  call void @llvm.experimental.noalias.scope.decl(metadata i64 0)
  store i32 0, ptr %p, align 4, !noalias !0
  ret void
}

!0 = !{!1}
!1 = distinct !{!1, !2, !"scope"}
!2 = distinct !{!2, !"domain"}
