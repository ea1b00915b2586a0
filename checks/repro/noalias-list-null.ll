; LLVM 22.1.8's scoped-noalias-aa crashes on a null operand in a `!noalias` list.
; Reduced with checks/repro/reduce.sh from a module checks/fuzz/fuzz.py made
; (mutation kinds that reach it: scope-list, domain).
;
;   opt -disable-verify -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -disable-output noalias-list-null.ll
;
; LLVM: SIGSEGV in `ScopedNoAliasAAResult::collectScopedDomains`. The IR verifier itself crashes on it too
; (opt -passes=verify: SIGSEGV, it reads the null operand as a scope). aliaskit answers
; MayAlias for the pair and names the node once.

define i64 @f0() {
entry:
  store i8 0, ptr null, align 1, !alias.scope !0
  %v13 = load i64, ptr null, align 1, !noalias !5
  ret i64 %v13
}

!0 = !{!1, !3}
!1 = !{!"scope0.1", !2}
!2 = distinct !{!2}
!3 = distinct !{!3, !4, !"dom2: %a0"}
!4 = distinct !{!4}
!5 = !{!6, !7, null}
!6 = !{!"scope2.2", !4}
!7 = distinct !{!7, !2, !"dom0: %a0"}
