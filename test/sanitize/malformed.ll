; Malformed metadata is never a claim: a list the verifier reports
; (verify-alias-md's rules) gets one warning naming it, and the accesses
; that carry it claim nothing with it; the rest of the module is checked.
; A function whose noalias.scope.decl is malformed is not checked at all
; (its instances cannot be known).
;
; RUN: %opt -disable-verify -passes='aliaskit-sanitize<end>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=WARN < %t.err
;
; WARN: warning: aliaskit-sanitize: !noalias !{{[0-9]+}} of `store i32 0, ptr %q, align 4, !noalias !{{[0-9]+}}` is not checked (scope-list-null:
; WARN: warning: aliaskit-sanitize: @baddecl has a malformed llvm.experimental.noalias.scope.decl; its claims are not checked
;
; @good keeps its claim: both accesses instrumented.
; CHECK-LABEL: define void @good(
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %p, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %q, i64 4)
; @bad's only partner list is malformed: nothing is instrumented.
; CHECK-LABEL: define void @bad(
; CHECK-NOT:     __aliaskit
; CHECK-LABEL: define void @baddecl(
; CHECK-NOT:     __aliaskit
; CHECK-LABEL: declare

define void @good(ptr %p, ptr %q) {
  store i32 1, ptr %p, !alias.scope !2
  store i32 0, ptr %q, !noalias !2
  ret void
}

define void @bad(ptr %p, ptr %q) {
  store i32 1, ptr %p, !alias.scope !2
  store i32 0, ptr %q, !noalias !3
  ret void
}

define void @baddecl(ptr %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  store i32 1, ptr %p, !alias.scope !2
  store i32 0, ptr %q, !noalias !2
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"D"}
!1 = distinct !{!1, !0, !"s"}
!2 = !{!1}
!3 = !{!1, null}
!4 = !{!1, !1}
