; verify-alias-md<strip> must leave no attachment with an error: verifying
; its output again with verify-alias-md finds nothing. tbaa-parent-cycle and
; tbaa-field-cycle are reported once per type node, at the first instruction
; that reaches it; <strip> verifies again after removing what was reported
; and removes what that reveals (the other instructions reaching the same
; cyclic type), until nothing is left. The input passes LLVM's verifier.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt -passes='verify-alias-md<strip>' -S %s -o %t/out.ll 2>&1 | FileCheck %s
; RUN: %opt -passes=verify-alias-md -disable-output %t/out.ll 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=IR < %t/out.ll

; The input passes LLVM's verifier; a parent cycle (int a, int b) and a
; field cycle (A holds B holds A), each reached by two stores.
; CHECK-DAG: note: verify-alias-md: removed !tbaa from @f: store i32 0, ptr %p, align 4, !tbaa !10
; CHECK-DAG: note: verify-alias-md: removed !tbaa from @f: store i32 1, ptr %q, align 4, !tbaa !10
; CHECK-DAG: note: verify-alias-md: removed !tbaa from @f: store i32 2, ptr %p, align 4, !tbaa !11
; CHECK-DAG: note: verify-alias-md: removed !tbaa from @f: store i32 3, ptr %q, align 4, !tbaa !11
; IR-LABEL: define void @f(
; IR-NOT:   !tbaa
; IR:       store i32 4, ptr %q, align 4, !tbaa
define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  store i32 1, ptr %q, align 4, !tbaa !10
  store i32 2, ptr %p, align 4, !tbaa !11
  store i32 3, ptr %q, align 4, !tbaa !11
  store i32 4, ptr %q, align 4, !tbaa !12
  ret void
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!4, i64 4, !"int a"}
!4 = !{!3, i64 4, !"int b"}
!5 = !{!1, i64 12, !"A", !2, i64 0, i64 4, !6, i64 4, i64 8}
!6 = !{!1, i64 8, !"B", !5, i64 0, i64 8}
!10 = !{!3, !3, i64 0, i64 4}
!11 = !{!5, !2, i64 0, i64 4}
!12 = !{!2, !2, i64 0, i64 4}
