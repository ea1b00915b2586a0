; LLVM 22.1.8's tbaa crashes on an access tag whose offset operand is a string (`!{!5, !5, !""}`).
; Reduced with checks/repro/reduce.sh from a module checks/fuzz/fuzz.py made
; (mutation kinds that reach it: tag-ops, tag-offset).
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output offset-not-int.ll
;
; LLVM: SIGSEGV in `TypeBasedAAResult::alias` (libLLVM.so.22.1+0x68b64d5). The IR verifier rejects the module; the analysis runs
; without it in LTO backends and under -disable-verify. aliaskit answers
; MayAlias for the pair and names the node once.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @main() {
  store i32 0, ptr null, align 4, !tbaa !0
  store ptr null, ptr null, align 8, !tbaa !4
  ret i32 0
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, !""}
!5 = !{!"p2 omnipotent char", !6, i64 0}
!6 = !{!"any p2 pointer", !7, i64 0}
!7 = !{!"any pointer", !2, i64 0}
