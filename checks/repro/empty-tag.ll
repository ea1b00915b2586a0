; LLVM 22.1.8: segfault in TypeBasedAAResult::alias on an empty access tag
; `!{}`. Made by checks/repro/reduce.sh from a fuzz module (checks/fuzz,
; mutation tag-empty). The IR verifier rejects the module ("TBAA metadata
; cannot have 0 operands"), but it does not run in the LTO backends or
; under -disable-verify.
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output empty-tag.ll
;   Stack dump: ... llvm::TypeBasedAAResult::alias      (exit 139, SIGSEGV)
;
; matchAccessTags reads operands 0 and 1 of the tag without checking that
; it has them (TBAAStructTagNode's accessors). aliaskit: MayAlias for the
; pair and a warning naming the node (test/repro/llvm-crashes.test).

define i64 @f0() {
entry:
  %v1 = load ptr, ptr null, align 1, !tbaa !0
  %v4 = load ptr, ptr null, align 1, !tbaa !0
  store ptr null, ptr null, align 1, !tbaa !3
  ret i64 0
}

!0 = !{!"p1 int", !1, i64 0}
!1 = !{!"omnipotent char", !2}
!2 = !{!"Simple C/C++ TBAA"}
!3 = !{}
