; Regions (sanitize_in_place_regions.cpp): in a frame that keeps its log,
; the accesses of a loop iteration claimed apart under a scope the
; iteration begins (its decl, in the loop) are compared by the program at
; that decl (the instance before's) and at the frame's exits, and leave
; the log. Not so for a pair whose claim's scope is never begun in the
; frame (it holds for the whole call: iterations must meet), nor for
; accesses claimed against one outside the region (here before the loop),
; nor, then, for the accesses claimed against those.
;
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-in-place' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-in-place<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; STATS: aliaskit-sanitize-in-place: 0 frames checked in place; {{.*}}; 2 regions of them checked in place each instance of their scope (4 accesses)

; CHECK-LABEL: define void @region(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(
; CHECK-NOT:     @__aliaskit_access
; CHECK:       loop:
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.end, i32 {{[0-9]+}}, ptr @__aliaskit_hosts.region, i32 1, ptr @__aliaskit_frame.region,
; CHECK:         call void @__aliaskit_scope(ptr [[E]], i32 0)
; CHECK-NOT:     @__aliaskit_access
; CHECK:       done:
; CHECK:         call void @__aliaskit_conflicts(
; CHECK:         call void @__aliaskit_exit(ptr [[E]])
define void @region(ptr %ps, ptr %qs, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %pa = getelementptr ptr, ptr %ps, i64 %i
  %p = load ptr, ptr %pa, align 8
  %qa = getelementptr ptr, ptr %qs, i64 %i
  %q = load ptr, ptr %qa, align 8
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

; Scope !6 begins each iteration and decides the pair through %r and %s,
; a region; scope !3 is never begun: the pair through %q and %p stays in
; the log.
; CHECK-LABEL: define void @whole_call_claim(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(
; CHECK:       loop:
; CHECK:         call void @__aliaskit_scope(ptr [[E]], i32 {{[0-9]+}})
; CHECK-DAG:     call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %q, i64 4)
; CHECK-DAG:     call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK-NOT:     call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %r
; CHECK-NOT:     call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %s
; CHECK:       done:
define void @whole_call_claim(ptr %ps, ptr %qs, ptr %rs, ptr %ss, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !6)
  %pa = getelementptr ptr, ptr %ps, i64 %i
  %p = load ptr, ptr %pa, align 8
  %qa = getelementptr ptr, ptr %qs, i64 %i
  %q = load ptr, ptr %qa, align 8
  %ra = getelementptr ptr, ptr %rs, i64 %i
  %r = load ptr, ptr %ra, align 8
  %sa = getelementptr ptr, ptr %ss, i64 %i
  %s = load ptr, ptr %sa, align 8
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  %w = load i32, ptr %r, align 4, !noalias !6
  store i32 %w, ptr %s, align 4, !alias.scope !6
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

; The load after the loop (which may run no iteration) is claimed against
; the loop's store under the scope the loop begins, in the instance of its
; last iteration: not dominated by the decl, it is no region's, so the
; store stays in the log, and so does the load the store is claimed
; against in the loop.
; CHECK-LABEL: define void @partner_after(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(
; CHECK:       loop:
; CHECK:         call void @__aliaskit_scope(ptr [[E]], i32 0)
; CHECK-DAG:     call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %q, i64 4)
; CHECK-DAG:     call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK:       done:
; CHECK:         call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %last, i64 4)
define void @partner_after(ptr %last, ptr %ps, ptr %qs, i64 %n) {
entry:
  %none = icmp eq i64 %n, 0
  br i1 %none, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %pa = getelementptr ptr, ptr %ps, i64 %i
  %p = load ptr, ptr %pa, align 8
  %qa = getelementptr ptr, ptr %qs, i64 %i
  %q = load ptr, ptr %qa, align 8
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  %x = load i32, ptr %last, align 4, !noalias !3
  ret void
}

; The loads of the inner loop run many times an instance (no slot can hold
; them): they stay in the log, and so does the store they are claimed
; against.
; CHECK-LABEL: define void @inner_loop(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(
; CHECK:       loop:
; CHECK:         call void @__aliaskit_scope(ptr [[E]], i32 0)
; CHECK:         call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK:       inner:
; CHECK:         call void @__aliaskit_access(ptr [[E]], i32 {{[0-9]+}}, ptr %q, i64 4)
define void @inner_loop(ptr %ps, ptr %qs, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %next ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %pa = getelementptr ptr, ptr %ps, i64 %i
  %p = load ptr, ptr %pa, align 8
  store i32 0, ptr %p, align 4, !alias.scope !3
  br label %inner
inner:
  %j = phi i64 [ 0, %loop ], [ %j1, %inner ]
  %qa = getelementptr ptr, ptr %qs, i64 %j
  %q = load ptr, ptr %qa, align 8
  %v = load i32, ptr %q, align 4, !noalias !3
  %j1 = add i64 %j, 1
  %more = icmp ult i64 %j1, %n
  br i1 %more, label %inner, label %next
next:
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!1 = distinct !{!1, !"f"}
!2 = distinct !{!2, !1, !"f: %a"}
!3 = !{!2}
!4 = distinct !{!4, !"g"}
!5 = distinct !{!5, !4, !"g: %b"}
!6 = !{!5}
