; With debug logging on (RUST_LOG=aliaskit::scoped=debug), every
; question is logged, also those the quick path would answer: the sweeps
; of questions about the third, fourth and fifth store repeat the places
; of the sweeps before (from which the quick path answers), and the
; fifth store has the first one's lists. Five stores, each with both
; lists: ten questions about them, each logged in both directions (twenty
; lines), the same answers as without logging and as LLVM's.
;
; RUN: %opt-llvm -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s > %t.llvm 2>&1
; RUN: %opt -aa-pipeline=rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s > %t.quiet 2>&1
; RUN: env RUST_LOG=aliaskit::scoped=debug %opt -aa-pipeline=rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s > %t.logged 2>&1
; RUN: diff %t.llvm %t.quiet
; RUN: grep -v '^debug' %t.logged | diff %t.llvm -
; RUN: grep -c '^debug.*!alias.scope .* vs !noalias .*: ' %t.logged | FileCheck %s --check-prefix=LINES
; RUN: FileCheck %s < %t.logged
;
; LINES: 20
; CHECK: 20 Total Alias Queries Performed
; CHECK: 3 no alias responses

define void @f(ptr %p) {
  %p0 = getelementptr i32, ptr %p, i64 0
  store i32 0, ptr %p0, align 4, !alias.scope !10, !noalias !11
  %p1 = getelementptr i32, ptr %p, i64 1
  store i32 1, ptr %p1, align 4, !alias.scope !11, !noalias !10
  %p2 = getelementptr i32, ptr %p, i64 2
  store i32 2, ptr %p2, align 4, !alias.scope !12, !noalias !13
  %p3 = getelementptr i32, ptr %p, i64 3
  store i32 3, ptr %p3, align 4, !alias.scope !13, !noalias !12
  %p4 = getelementptr i32, ptr %p, i64 4
  store i32 4, ptr %p4, align 4, !alias.scope !10, !noalias !11
  ret void
}

!0 = distinct !{!0, !"domain A"}
!1 = distinct !{!1, !0, !"A: a"}
!2 = distinct !{!2, !0, !"A: b"}
!3 = distinct !{!3, !"domain B"}
!4 = distinct !{!4, !3, !"B: a"}
!5 = distinct !{!5, !3, !"B: b"}
!10 = !{!1}
!11 = !{!2}
!12 = !{!4}
!13 = !{!5}
