; LLVM 22.1.8: opt -passes=slp-vectorizer never returns, whatever the AA
; pipeline (basic-aa alone included): an endless loop in
; MDNode::getMostGenericTBAA, called by propagateMetadata when SLP merges
; the tags of the two loads it puts in one <2 x i64> load. Reduced with
; checks/repro/reduce.sh (then by hand) from fuzz module m03518 of the
; 8,087-module run (mutation field-cycle on modgen's new-format types),
; where default<O2> hung only with aliaskit's analyses: with LLVM's, O2
; crashed earlier (SIGSEGV in dse on another function, in LLVM's TBAA), and
; with basic-aa alone SLP did not vectorize those loads in the whole module.
;
;   opt -disable-verify -passes=slp-vectorizer -disable-output merge-tbaa-hang.ll
;   (never returns; with SIGABRT at the limit the stack dump shows
;    llvm::MDNode::getMostGenericTBAA <- llvm::propagateMetadata <-
;    BoUpSLP::vectorizeTree)
;
; !5 is a new-format struct whose only field is itself at offset 0, and
; !4 the tag of an access with base type !5. To find the generic tag,
; matchAccessTags walks down !5's fields at offset 0 looking for the other
; tag's access type; each step gives !5 again and the walk has no bound
; (the frames inside getMostGenericTBAA are static helpers, unnamed in the
; dump): the same unbounded walk as path-cycle-hang.ll, reached by merging
; instead of by a query, so no alias analysis is needed at all. With the cycle repaired (!5's field
; !1) SLP vectorizes the loads and returns.
;
; aliaskit: verify-alias-md reports tbaa-path-cycle on the load; with
; verify-alias-md<strip> ahead of it, slp-vectorizer vectorizes and returns
; (test/repro/llvm-passes.test). The IR verifier rejects the module ("Cycle
; detected in struct path"), but passes run without it: in LTO and ThinLTO
; backends on bitcode from other producers, and under -disable-verify.

define i64 @f(ptr %p, ptr %q) {
  %p8 = getelementptr i8, ptr %p, i64 8
  %a = load i64, ptr %p8, align 1, !tbaa !0
  %b = load i64, ptr %q, align 1
  %ab = or i64 %a, %b
  %c = load i64, ptr %q, align 1
  %abc = or i64 %ab, %c
  %d = load i64, ptr %p, align 1, !tbaa !4
  %abcd = or i64 %abc, %d
  ret i64 %abcd
}

!0 = !{!1, !1, i64 0, i64 8}
!1 = !{!2, i64 8, !"long"}
!2 = !{!3, i64 1, !"omnipotent char"}
!3 = !{!"root"}
!4 = !{!5, !1, i64 0, i64 8}
!5 = !{!2, i64 8, !"S", !5, i64 0, i64 8}
