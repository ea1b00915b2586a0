; LLVM 22.1.8: an endless loop in TypeBasedAAResult::alias on an old-format
; type that is its own parent (!1 = !{!"S", !1, i64 0}: "field" at offset 0
; is itself). Written by hand in the shape of the fuzz modules on which
; LLVM's TBAA did not finish in 60 s (checks/fuzz: an old-format type
; reached again through its own fields), then made minimal with
; checks/repro/reduce.sh (pattern "hang", TIMEOUT=3).
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output path-cycle-hang.ll
;   (never returns; 100% of one core)
;
; Neither tag is an access to a whole object of the common type (int), so
; matchAccessTags walks down from S at offset 0 to meet T, the other tag's
; base type: getField(0) of S is S again, at offset 0, and the walk never
; ends (mayBeAccessToSubobjectOf has no step bound). The IR verifier
; rejects the module ("Cycle detected in struct path"), but it does not run
; in LTO backends or under -disable-verify. aliaskit: the walk is bounded
; by the number of nodes; MayAlias for the pair, a warning naming !1;
; verify-alias-md reports it (test/repro/llvm-crashes.test).

define void @f() {
  store i32 0, ptr null, align 4, !tbaa !0
  store i32 0, ptr null, align 4, !tbaa !5
  ret void
}

!0 = !{!1, !2, i64 0}
!1 = distinct !{!"S", !1, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !4, i64 0}
!4 = !{!"root"}
!5 = !{!6, !2, i64 4}
!6 = !{!"T", !2, i64 0, !2, i64 4}
