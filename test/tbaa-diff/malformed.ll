; Pairs on which rust-tbaa finds malformed metadata are not sent to LLVM's
; TBAA, which would die on them ("Cycle found in TBAA metadata."): they are
; counted as skipped, and the rest is still compared.
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output %s
; RUN: %opt -disable-verify -passes='tbaa-diff<fatal>' -disable-output %s 2>&1 | FileCheck %s
; CHECK: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: its chain of parent types is a cycle
; CHECK: tbaa-diff: 3 pairs, 2 merges, 0 disagreements (2 skipped: malformed metadata)

define void @f(ptr %p, ptr %q, ptr %r) {
  store i32 1, ptr %p, align 4, !tbaa !12
  store float 1.0, ptr %q, align 4, !tbaa !4
  store i32 2, ptr %r, align 4, !tbaa !5
  ret void
}

!0 = !{!"root"}
!1 = !{!0, i64 1, !"char"}
!2 = !{!1, i64 4, !"float"}
!3 = !{!1, i64 4, !"int"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 4}
; A loop of parents: Ping -> Pong -> Ping.
!10 = !{!11, i64 4, !"Ping"}
!11 = !{!10, i64 4, !"Pong"}
!12 = !{!10, !10, i64 0, i64 4}
