; The static filter leaves out a claimed pair that can never be in one
; instance of the claim's scope (src/plugin/sanitize_disjoint.cpp,
; aliaskit_sanitize_apart): every way from one access to the other, in
; either order, runs a decl of the scope, or (a scope without a decl in
; the function, whose instance is the call) neither access can follow the
; other in one call.
;   @hoisted: a read before the loop (LICM's, from a restrict function
;     inlined into the loop) and the store each iteration makes after the
;     decl: apart. Nothing instrumented, not even the decl's scope.
;   @same_iteration: read and store after one decl: kept, with the scope.
;   @next_iteration: the store, then the next iteration's read before
;     that iteration's decl: one instance across the back edge: kept.
;   @exclusive: no decl, the two on exclusive branches: apart.
;   @exclusive_in_loop: the same in a loop (one iteration's store, the
;     next one's read): kept.
;   @after_setjmp: as @hoisted, but a block can run again without a cycle:
;     kept.
;
; RUN: %opt -passes='aliaskit-sanitize<end;stats>' -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
;
; CHECK-LABEL: define void @hoisted(
; CHECK-NOT:     @__aliaskit_
; CHECK:         ret void
; CHECK-LABEL: define void @same_iteration(
; CHECK:         call void @__aliaskit_scope(
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[01]}}, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[01]}}, ptr %a, i64 4)
; CHECK-LABEL: define void @next_iteration(
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[01]}}, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_scope(
; CHECK-LABEL: define void @exclusive(
; CHECK-NOT:     @__aliaskit_
; CHECK:         ret void
; CHECK-LABEL: define void @exclusive_in_loop(
; CHECK:         call ptr @__aliaskit_enter(
; CHECK:         call void @__aliaskit_access(
; CHECK:         call void @__aliaskit_access(
; CHECK-LABEL: define void @after_setjmp(
; CHECK:         call void @__aliaskit_scope(
;
; STATS: aliaskit-sanitize<end>: 12 accesses with scope lists; 8 instrumented in 4 functions (4 filtered out: no claimed partner with a write, or, for 4 of them, every claimed pair proven apart);

define void @hoisted(ptr %p, ptr %q, i64 %n) {
entry:
  %v = load i32, ptr %q, align 4, !noalias !2
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 %v, ptr %a, align 4, !alias.scope !2
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define void @same_iteration(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v = load i32, ptr %q, align 4, !noalias !2
  %a = getelementptr inbounds i32, ptr %p, i64 %i
  store i32 %v, ptr %a, align 4, !alias.scope !2
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define void @next_iteration(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr %q, align 4, !noalias !2
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  store i32 %v, ptr %p, align 4, !alias.scope !2
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define void @exclusive(ptr %p, ptr %q, i1 %c) {
entry:
  br i1 %c, label %then, label %else
then:
  store i32 1, ptr %p, align 4, !alias.scope !2
  br label %done
else:
  %v = load i32, ptr %q, align 4, !noalias !2
  br label %done
done:
  ret void
}

define void @exclusive_in_loop(ptr %p, ptr %q, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %latch ]
  %odd = trunc i64 %i to i1
  br i1 %odd, label %then, label %else
then:
  store i32 1, ptr %p, align 4, !alias.scope !2
  br label %latch
else:
  %v = load i32, ptr %q, align 4, !noalias !2
  br label %latch
latch:
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

declare i32 @setjmp(ptr) returns_twice

define void @after_setjmp(ptr %p, ptr %q, ptr %buf) {
entry:
  %v = load i32, ptr %q, align 4, !noalias !2
  %r = call i32 @setjmp(ptr %buf)
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  store i32 %v, ptr %p, align 4, !alias.scope !2
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"x"}
!2 = !{!1}
