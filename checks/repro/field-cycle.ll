; LLVM 22.1.8: stack overflow (SIGSEGV) in TypeBasedAAResult::alias on a
; new-format struct type that contains itself as a field (!1, field at
; offset 1). Made by checks/repro/reduce.sh from a fuzz module (checks/fuzz,
; mutation field-cycle). The IR verifier rejects the module, but it does
; not run in the LTO backends or under -disable-verify.
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output field-cycle.ll
;   Stack dump: ...                                      (exit 139, SIGSEGV)
;
; The access to a whole S1 against a char access in another type system
; makes matchAccessTags ask hasField(S1, ...), which recurses into S1's
; fields with no guard and never returns. aliaskit: MayAlias for the pair,
; a warning naming the node; verify-alias-md reports tbaa-field-cycle
; (test/repro/llvm-crashes.test).

define i64 @f0() {
entry:
  %v5 = load i96, ptr null, align 1, !tbaa !0
  store i8 0, ptr null, align 1, !tbaa !7
  ret i64 0
}

!0 = !{!1, !1, i64 0, i64 12}
!1 = distinct !{!2, i64 12, !"_ZTS2S1", !4, i64 0, i64 4, !1, i64 1, i64 1, !5, i64 7, i64 4, !6, i64 8, i64 4}
!2 = !{!3, i64 1, !"omnipotent char"}
!3 = !{!"another type system"}
!4 = !{!2, i64 4, !"int#2"}
!5 = distinct !{!2, i64 4, !"int"}
!6 = !{!2, i64 4, !"int"}
!7 = !{!8, !2, i64 0, i64 1}
!8 = !{!9, i64 24, !"_ZTS2S2", !2, i64 0, i64 7, !11, i64 8, i64 8, !12, i64 8, i64 8, !11, i64 16, i64 8}
!9 = !{!10, i64 1, !"omnipotent char"}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!9, i64 8, !"long long"}
!12 = !{!11, i64 8, !"long long"}
