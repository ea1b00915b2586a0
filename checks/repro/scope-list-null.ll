; LLVM 22.1.8's scoped-noalias-aa crashes on a null operand in an `!alias.scope` list.
; Reduced with checks/repro/reduce.sh from a module checks/fuzz/fuzz.py made
; (mutation kinds that reach it: scope-list).
;
;   opt -disable-verify -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -disable-output scope-list-null.ll
;
; LLVM: SIGSEGV in `ScopedNoAliasAAResult::mayAliasInScopes` (a helper it calls, libLLVM.so.22.1+0x68bd390). The IR verifier itself crashes on it too
; (opt -passes=verify: SIGSEGV, it reads the null operand as a scope). aliaskit answers
; MayAlias for the pair and names the node once.

define i8 @f2() {
entry:
  store i8 0, ptr null, align 1, !noalias !0
  %v11 = load i8, ptr null, align 1, !alias.scope !14
  ret i8 %v11
}

!0 = !{!1, !3, !5, !6, !7, !8, !9, !11, !13}
!1 = !{!"scope3.0", !2, !"scope 0 of 3"}
!2 = !{!"dom3", !"domain 3 description"}
!3 = distinct !{!3, !4, !"dom1: %a1"}
!4 = distinct !{!4}
!5 = distinct !{!5, !4, !"dom1: %a2"}
!6 = distinct !{!6, !4, !"dom1: %a0"}
!7 = !{!"scope1.4", !4}
!8 = !{!"scope3.2", !2}
!9 = distinct !{!9, !10}
!10 = distinct !{!10, !"dom0"}
!11 = distinct !{!11, !12, !"dom2: %a1"}
!12 = distinct !{!12}
!13 = distinct !{!13, !12, !"dom2: argument 0"}
!14 = !{null, !15, !11}
!15 = !{!"scope1.5", !4, !"scope 5 of 1"}
