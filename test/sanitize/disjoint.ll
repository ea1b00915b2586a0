; The static filter leaves out a claimed pair that can never touch a
; common byte in one instance (src/plugin/sanitize_disjoint.cpp): each of
; the two accesses runs at most once per call (no cycle, nothing that
; returns twice) and basic-aa, without any claim, proves their locations
; apart. @fields: two fields of one object, in straight-line code: nothing
; instrumented, not even a frame. @in_loop: the same pair in a loop (one
; iteration's field may be the next's) stays. @args: two parameters may be
; one place: stays. @after_setjmp: a function that calls setjmp can run a
; block twice: stays.
;
; RUN: %opt -passes='aliaskit-sanitize<end;stats>' -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
;
; CHECK-LABEL: define void @fields(
; CHECK-NOT:     @__aliaskit_
; CHECK:         ret void
; CHECK-LABEL: define void @in_loop(
; CHECK:         call ptr @__aliaskit_enter(
; CHECK:         call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 {{[01]}},
; CHECK:         call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 {{[01]}},
; CHECK-LABEL: define void @args(
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %p, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %q, i64 4)
; CHECK-LABEL: define void @after_setjmp(
; CHECK:         call void @__aliaskit_access(
; CHECK:         call void @__aliaskit_access(
;
; STATS: aliaskit-sanitize<end>: 8 accesses with scope lists; 6 instrumented in 3 functions (2 filtered out: no claimed partner with a write, or, for 2 of them, every claimed pair proven apart);

define void @fields(ptr %p) {
  %b = getelementptr inbounds i8, ptr %p, i64 8
  store i32 1, ptr %p, align 4, !alias.scope !2, !noalias !4
  %v = load i32, ptr %b, align 4, !alias.scope !4, !noalias !2
  ret void
}

define void @in_loop(ptr %p, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  %b = getelementptr inbounds i32, ptr %a, i64 1
  store i32 1, ptr %a, align 4, !alias.scope !2, !noalias !4
  %v = load i32, ptr %b, align 4, !alias.scope !4, !noalias !2
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define void @args(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !2, !noalias !4
  %v = load i32, ptr %q, align 4, !alias.scope !4, !noalias !2
  ret void
}

declare i32 @setjmp(ptr) returns_twice

define void @after_setjmp(ptr %p, ptr %buf) {
  %r = call i32 @setjmp(ptr %buf)
  %b = getelementptr inbounds i8, ptr %p, i64 8
  store i32 1, ptr %p, align 4, !alias.scope !2, !noalias !4
  %v = load i32, ptr %b, align 4, !alias.scope !4, !noalias !2
  ret void
}

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"x"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"y"}
!4 = !{!3}
