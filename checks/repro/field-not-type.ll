; LLVM 22.1.8's tbaa crashes on a new-format struct type whose field type `!{!"x", !"y"}` is not a type node.
; Reduced with checks/repro/reduce.sh from a module checks/fuzz/fuzz.py made
; (mutation kinds that reach it: silent-field, scalar, field-cycle).
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output field-not-type.ll
;
; LLVM: SIGSEGV in `TypeBasedAAResult::alias` (libLLVM.so.22.1+0x68b6b7c). The IR verifier accepts the module
; (opt -passes=verify exits 0): verified IR crashes the analysis. aliaskit answers
; MayAlias for the pair and names the node once.

define i64 @f2() {
entry:
  %v1 = load double, ptr null, align 1, !tbaa !0
  store double 0.000000e+00, ptr null, align 1, !tbaa !6
  ret i64 0
}

!0 = !{!1, !5, i64 0, i64 -1}
!1 = !{!2, i64 8, !"struct S1", !4, i64 0, i64 8}
!2 = !{!3, i64 1, !"omnipotent char"}
!3 = !{}
!4 = !{!"x", !"y"}
!5 = !{!2, i64 8, !"double"}
!6 = !{!5, !5, i64 0, i64 8}
