; LLVM 22.1.8's tbaa crashes on an old-format scalar type whose parent is not a type node (`!{i64 0, !1, !"short"}`), reached from scalar-format tags.
; Reduced with checks/repro/reduce.sh from a module checks/fuzz/fuzz.py made
; (mutation kinds that reach it: type-ops, field-offset, tag-flag).
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output parent-not-type.ll
;
; LLVM: SIGSEGV in `TypeBasedAAResult::alias` (libLLVM.so.22.1+0x68b6655). The IR verifier rejects the module; the analysis runs
; without it in LTO backends and under -disable-verify. aliaskit answers
; MayAlias for the pair and names the node once.

define i32 @f0() {
entry:
  store i128 0, ptr null, align 1, !tbaa !0
  %v22 = load i32, ptr null, align 1, !tbaa !3
  ret i32 %v22
}

!0 = !{!"__int128", !1}
!1 = !{!"omnipotent char", !2, i64 0}
!2 = !{!"Flang function root"}
!3 = !{!"unsigned int", !4}
!4 = !{i64 0, !1, !"short"}
