; LLVM 22.1.8: `Cycle found in TBAA metadata.` (report_fatal_error) from
; TypeBasedAAResult::alias. Made by checks/repro/reduce.sh from a fuzz module
; (checks/fuzz, mutation parent-cycle: a scalar type's parent is set to a
; node whose parent is the type again: omnipotent char -> long -> omnipotent
; char). The IR verifier rejects the module ("Access type node must be a
; valid scalar type"), but the verifier does not run in the LTO backends,
; under -disable-verify, or on metadata a pass creates.
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output cycle-parent.ll
;   LLVM ERROR: Cycle found in TBAA metadata.        (exit 134, SIGABRT)
;
; getLeastCommonType collects the access types' ancestor chains and stops
; the process when one repeats. aliaskit: MayAlias for the pair, one
; warning naming the node (test/repro/llvm-crashes.test).

define ptr @f0() {
entry:
  store i16 0, ptr null, align 1, !tbaa !0
  %v1 = load ptr, ptr null, align 1, !tbaa !3
  ret ptr %v1
}

!0 = distinct !{!"short", !1, i64 0}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"long", !1}
!3 = !{!"any pointer", !1, i64 0}
