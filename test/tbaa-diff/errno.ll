; With !llvm.errno.tbaa, tbaa-diff also compares each tag's answer to
; "may this access touch errno?" (aliasErrno).
;
; RUN: %opt -passes=tbaa-diff -disable-output %s 2>&1 | FileCheck %s
; CHECK: tbaa-diff: 1 pairs, 2 merges, 0 disagreements{{$}}
; RUN: %opt -passes=tbaa-diff -aliaskit-diff-flip=1 -disable-output %s 2>&1 | FileCheck %s --check-prefix=FLIP
; FLIP: tbaa-diff: 1 pairs, 2 merges, 1 disagreements

define float @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !tbaa !4
  %b = load float, ptr %q, align 4, !tbaa !5
  ret float %b
}

!llvm.errno.tbaa = !{!4}
!0 = !{!"root"}
!1 = !{!"char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!2, !2, i64 0}
!5 = !{!3, !3, i64 0}
