; LLVM 22.1.8: instcombine fails its own fixpoint check with LLVM's
; analyses (basic-aa,scoped-noalias-aa,tbaa) as with aliaskit's
; (basic-aa,rust-scoped-noalias,rust-tbaa); with basic-aa alone it does
; not. The metadata verifies; a TBAA answer (the same from both
; analyses) lets a fold happen that leaves another for a second
; iteration. Reduced with checks/repro/reduce.sh from fuzz module
; m04844 of the 8,087-module run, where LLVM's TBAA crashed (SIGSEGV in
; getModRefInfoMask: a null immutability operand, since mutated away).
;
;   opt -aa-pipeline=basic-aa,scoped-noalias-aa,tbaa -passes=instcombine -disable-output instcombine-fixpoint-tbaa.ll
;   LLVM ERROR: Instruction Combining on f3 did not reach a fixpoint after
;   1 iterations. ...                                           (exit 1)
;
; aliaskit: rust-tbaa answers every pair as LLVM's TBAA does (tbaa-diff: 0
; disagreements) and instcombine fails the same way with it
; (test/repro/llvm-passes.test).

define i64 @f3(ptr %a0, ptr %a1) {
entry:
  %v5 = load i8, ptr %a1, align 1
  %g11 = getelementptr i8, ptr %a0, i64 8
  store ptr null, ptr %g11, align 1, !tbaa !0
  %c6 = zext i8 %v5 to i64
  %v8 = load i8, ptr %a0, align 1
  %c9 = zext i8 %v8 to i64
  %s10 = add i64 %c6, %c9
  %v16 = load i8, ptr %a1, align 1, !tbaa !6
  %c17 = zext i8 %v16 to i64
  %s18 = or i64 %s10, %c17
  store i8 0, ptr null, align 1
  br label %then19

then19:                                           ; preds = %entry
  ret i64 %s18
}

!0 = !{!1, !5, i64 8, i64 8}
!1 = !{!2, i64 24, !"struct S1", !2, i64 0, i64 1, !4, i64 8, i64 16, !5, i64 8, i64 8}
!2 = !{!3, i64 1, !"omnipotent char"}
!3 = !{!"Simple C/C++ TBAA", !"int"}
!4 = !{!2, i64 16, !"__int128"}
!5 = !{!2, i64 8, !"p1 int"}
!6 = !{!1, !2, i64 0, i64 1}
