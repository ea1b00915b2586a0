; verify-alias-md names the instruction and the nodes of a finding with the
; numbers this file gives them; LLVM's own verifier (and `opt -S`) number
; them otherwise (the bad tag !12 is its !0).
;
; RUN: not %aliaskit verify %s 2>/dev/null | FileCheck %s
; CHECK:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; CHECK-NEXT:   in @f, !tbaa:
; CHECK-NEXT:   store i32 0, ptr %p, align 4, !tbaa !12, !noalias !3
; CHECK-NEXT: !12 = !{!11, !11, i64 4}
; CHECK:      error: verify-alias-md [scope-list-not-nodes]: scope list must consist of MDNodes
; CHECK-NEXT:   in @f, !noalias:
; CHECK-NEXT:   store i32 0, ptr %p, align 4, !tbaa !12, !noalias !3
; CHECK-NEXT: !3 = !{!"not a scope"}
; RUN: not %opt-llvm -passes=verify -disable-output %s 2>&1 | FileCheck %s --check-prefix=LLVM
; LLVM:      Offset not zero at the point of scalar access
; LLVM-NEXT:   store i32 0, ptr %p, align 4, !tbaa !0, !noalias !4
; LLVM-NEXT: !0 = !{!1, !1, i64 4}

define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !12, !noalias !3
  ret void
}

!3 = !{!"not a scope"}
!12 = !{!11, !11, i64 4}
!11 = !{!"int", !10, i64 0}
!10 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C TBAA"}
