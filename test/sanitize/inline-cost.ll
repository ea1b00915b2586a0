; The start point's checks are there before the CGSCC walk: counted as the
; calls they are, they would make @copy4 (eight accesses, eight checks and
; a frame) too costly to inline, and the sanitized build would optimize
; otherwise than the plain one. Every runtime function is declared with
; "call-inline-cost"="0": the inliner counts its calls as nothing, and
; inlines @copy4 into both callers, as without the checks.
;
; RUN: %opt -passes='cgscc(inline)' -S %s -o - | FileCheck %s --check-prefix=PLAIN
; RUN: %opt -passes='aliaskit-sanitize<start>,cgscc(inline)' -S %s -o - | FileCheck %s
;
; PLAIN-LABEL: define void @first(
; PLAIN-NOT:     call void @copy4
; CHECK-LABEL: define void @first(
; CHECK-NOT:     call void @copy4
; CHECK:         call void @__aliaskit_access(
; CHECK-LABEL: define void @second(
; CHECK-NOT:     call void @copy4
; CHECK:         call void @__aliaskit_access(
; CHECK:       declare void @__aliaskit_access({{.*}}) #[[RT:[0-9]+]]
; CHECK:       attributes #[[RT]] = { {{.*}}"call-inline-cost"="0" }

define void @copy4(ptr %d, ptr %s) {
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %a = load i32, ptr %s, align 4, !noalias !3
  store i32 %a, ptr %d, align 4, !alias.scope !3
  %s1 = getelementptr i8, ptr %s, i64 4
  %d1 = getelementptr i8, ptr %d, i64 4
  %b = load i32, ptr %s1, align 4, !noalias !3
  store i32 %b, ptr %d1, align 4, !alias.scope !3
  %s2 = getelementptr i8, ptr %s, i64 8
  %d2 = getelementptr i8, ptr %d, i64 8
  %c = load i32, ptr %s2, align 4, !noalias !3
  store i32 %c, ptr %d2, align 4, !alias.scope !3
  %s3 = getelementptr i8, ptr %s, i64 12
  %d3 = getelementptr i8, ptr %d, i64 12
  %e = load i32, ptr %s3, align 4, !noalias !3
  store i32 %e, ptr %d3, align 4, !alias.scope !3
  ret void
}

define void @first(ptr %p, ptr %q) {
  call void @copy4(ptr %p, ptr %q)
  ret void
}

define void @second(ptr %p, ptr %q) {
  call void @copy4(ptr %q, ptr %p)
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!1 = distinct !{!1, !"copy4"}
!2 = distinct !{!2, !1, !"copy4: %d"}
!3 = !{!2}
