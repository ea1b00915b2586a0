; Verifier-clean IR that crashes LLVM's own TBAA. The verifier's path walk
; may step from a new-format scalar up to its parent (it reads the missing
; field as the parent at offset size), so the tag {S, char, 4, 1} passes:
; S@4 -> int@0 ... -> char. The AA's walk cannot take that step: it falls
; off the DAG at int and then dereferences null. rust-tbaa reports the tag
; and answers MayAlias.
;
; RUN: %opt-llvm -passes=verify -disable-output %s
; RUN: not --crash %opt-llvm -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output %s
; RUN: %opt -aa-pipeline=rust-tbaa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
; CHECK: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: the access path ends before reaching the access type
; CHECK: MayAlias: %v = load float, ptr %q, align 4, !tbaa !{{[0-9]+}} <-> store i8 0, ptr %p, align 1, !tbaa !{{[0-9]+}}

define i32 @f(ptr %p, ptr %q) {
  store i8 0, ptr %p, !tbaa !4
  %v = load float, ptr %q, !tbaa !5
  %r = fptosi float %v to i32
  ret i32 %r
}
!0 = !{!"root"}
!1 = !{!0, i64 1, !"char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 4, !"S", !2, i64 0, i64 4}
!4 = !{!3, !1, i64 4, i64 1}
!5 = !{!6, !6, i64 0, i64 4}
!6 = !{!1, i64 4, !"float"}
