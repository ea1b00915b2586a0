; The start point's checks are there before the CGSCC walk: counted as the
; calls they are, they would make @copy4 (eight accesses, eight checks and
; a frame) too costly to inline, and the sanitized build would optimize
; otherwise than the plain one. In a function without a loop, each runtime
; call is marked "call-inline-cost"="0": the inliner counts it as nothing
; and inlines @copy4 into both callers, as without the checks. A function
; with a loop (@copy_loop) keeps its calls' cost: inlined into a caller's
; long-lived frame, a loop's claims cost more than in a frame of its own.
;
; RUN: %opt -passes='cgscc(inline)' -S %s -o - | FileCheck %s --check-prefix=PLAIN
; RUN: %opt -passes='aliaskit-sanitize<start>,cgscc(inline)' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<start>' -S %s -o - | FileCheck %s --check-prefix=MARKS
;
; PLAIN-LABEL: define void @first(
; PLAIN-NOT:     call void @copy4
; CHECK-LABEL: define void @first(
; CHECK-NOT:     call void @copy4
; CHECK:         call void @__aliaskit_access(
; CHECK-LABEL: define void @second(
; CHECK-NOT:     call void @copy4
; CHECK:         call void @__aliaskit_access(
;
; MARKS-LABEL: define void @copy4(
; MARKS:         call ptr @__aliaskit_enter({{.*}}) #[[FREE:[0-9]+]]
; MARKS-COUNT-8: call void @__aliaskit_access({{.*}}) #[[FREE]]
; MARKS:         call void @__aliaskit_exit({{.*}}) #[[FREE]]
; MARKS-LABEL: define void @copy_loop(
; MARKS:         call ptr @__aliaskit_enter({{.*}}), !nosanitize
; MARKS:         call void @__aliaskit_access_run({{.*}}), !nosanitize
; MARKS:         call void @__aliaskit_exit({{.*}}), !nosanitize
; MARKS:       attributes #[[FREE]] = { "call-inline-cost"="0" }

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

define void @copy_loop(ptr %d, ptr %s, i64 %n) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %si = getelementptr i32, ptr %s, i64 %i
  %di = getelementptr i32, ptr %d, i64 %i
  %v = load i32, ptr %si, align 4, !noalias !3
  store i32 %v, ptr %di, align 4, !alias.scope !3
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}
