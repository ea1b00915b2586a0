; LLVM 22.1.8: `Cycle found in TBAA metadata.` (report_fatal_error) from
; MDNode::getMostGenericTBAA, when SimplifyCFG sinks two stores into their
; common successor and merges their tags. Written by hand after fuzz module
; m01046 of a 1,500-module run (mutation parent-cycle on a Flang module),
; where `ALIASKIT_SANITIZE=1,tbaa` with default<O2> stopped there: the
; instrumented code gave SimplifyCFG two such stores to sink, the plain
; code did not. The scalar types' parent chain is a cycle: omnipotent char
; -> long -> omnipotent char. The IR verifier rejects the module ("Access
; type node must be a valid scalar type"), but the verifier does not run in
; the LTO backends, under -disable-verify, or on metadata a pass creates.
;
;   opt -disable-verify -passes='simplifycfg<sink-common-insts>' -disable-output merge-tbaa-cycle.ll
;   LLVM ERROR: Cycle found in TBAA metadata.        (exit 134, SIGABRT)
;
; The same walk as cycle-parent.ll's (the access types' ancestor chains,
; stopped when one repeats), reached by merging two tags rather than by a
; query, so no alias analysis is needed at all. aliaskit: verify-alias-md
; reports the tags; with verify-alias-md<strip> ahead of it, SimplifyCFG
; sinks the stores and returns (test/repro/llvm-passes.test).

define void @f(ptr %p, i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  store i32 1, ptr %p, align 4, !tbaa !0
  br label %done

b:
  store i32 2, ptr %p, align 4, !tbaa !3
  br label %done

done:
  ret void
}

!0 = !{!1, !1, i64 0}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !4, i64 0}
!3 = !{!5, !5, i64 0}
!4 = !{!"long", !2, i64 0}
!5 = !{!"float", !2, i64 0}
