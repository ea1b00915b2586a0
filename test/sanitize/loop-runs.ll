; An access that runs once in every iteration of its loop is one run,
; logged at the loop's exit (sanitize_loops.cpp): with a constant step, a
; step computed before the loop, or none (the same address each time, also
; when it moves with an enclosing loop: `x[j]` in the `i` loop); such runs
; in a loop nest are one grid at the outer loop's exit when the rows are
; alike (also behind the inner loop's guard), else stay runs; a
; start-point check left in a loop gets another try at the end (here the
; start point could not: the loop called a function that might not
; return, inlined later); a start-point frame entered inside the loop
; stays checked access by access (each iteration is its own frame).
;
; RUN: %opt -passes='aliaskit-sanitize<start>,always-inline,aliaskit-sanitize<end>' -S %s -o - | FileCheck %s
;
; CHECK-LABEL: define void @invariant(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK:         [[S:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.start
; CHECK-NOT:     call void @__aliaskit_access(
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 0, ptr %x, i64 0, i64 %{{[0-9]+}}, i64 4)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[S]], i32 0, ptr %x, i64 0, i64 %{{[0-9]+}}, i64 4)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 1, ptr %a, i64 4, i64 %{{[0-9]+}}, i64 4)
; CHECK:         ret void
;
; CHECK-LABEL: define void @outer_recurrence(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         br i1 %again
; CHECK-DAG:     call void @__aliaskit_access_grid(ptr [[E]], i32 0, ptr %x, i64 0, i64 %n, i64 4, i64 4, i64 %{{[0-9]+}})
; CHECK-DAG:     call void @__aliaskit_access_grid(ptr [[E]], i32 1, ptr %a, i64 4, i64 %n, i64 4, i64 0, i64 %{{[0-9]+}})
; CHECK:         ret void
;
; CHECK-LABEL: define void @guarded(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         br i1 %again
; CHECK:         [[ROWS:%[0-9]+]] = select i1 %go, i64 %{{[0-9]+}}, i64 0
; CHECK-NEXT:    call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 {{[01]}}, ptr {{.*}}, i64 [[ROWS]])
; CHECK:         ret void
;
; CHECK-LABEL: define void @guarded_twice(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         br i1 %again
; CHECK:         [[NOTBIG:%[0-9]+]] = xor i1 %small, true
; CHECK-NEXT:    [[BOTH:%[0-9]+]] = and i1 [[NOTBIG]], %go
; CHECK-NEXT:    [[ROWS:%[0-9]+]] = select i1 [[BOTH]], i64 %{{[0-9]+}}, i64 0
; CHECK-NEXT:    call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 {{[01]}}, ptr {{.*}}, i64 [[ROWS]])
; CHECK:         ret void
;
; CHECK-LABEL: define void @row_pointer(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         br i1 %again
; CHECK-DAG:     call void @__aliaskit_access_grid(ptr [[E]], i32 1, ptr %a, i64 4, i64 %m, i64 4, i64 %s, i64 %{{[0-9]+}})
; CHECK:         ret void
;
; Each row's length is loaded (no grid of ScalarEvolution's): the rows
; are gathered as the program goes, the run being in the outer loop's
; latch, which the pending grid's split makes anew (the phis name it).
; CHECK-LABEL: define void @loaded_rows(
; CHECK:       outer:
; CHECK:         %aliaskit.first = phi i64 [ 0, %outer.preheader ], [ %{{[0-9]+}}, %[[LATCH:[0-9]+]] ]
; CHECK:       latch:
; CHECK:         br i1 %{{[0-9]+}}, label %{{[0-9]+}}, label %{{[0-9]+}}, !prof
; CHECK:       [[LATCH]]:
; CHECK:         br i1 %again, label %outer, label %{{[a-z._]+}}
; CHECK:         call void @__aliaskit_access_grid({{.*}}, i64 %{{[0-9]+}})
; CHECK:         ret void
;
; CHECK-LABEL: define void @triangular(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     call void @__aliaskit_access_grid
; CHECK:       latch:
; CHECK:         call void @__aliaskit_access_run(ptr [[E]]
; CHECK:         br i1 %again
; CHECK-NOT:     call void @__aliaskit_access_grid
; CHECK:         ret void
;
; CHECK-LABEL: define void @strided(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK:         [[STEP:%[0-9]+]] = shl i64 %s, 2
; CHECK-NOT:     call void @__aliaskit_access(
; CHECK:         call void @__aliaskit_access_run(ptr [[E]], i32 1, ptr %a, i64 [[STEP]], i64 %{{[0-9]+}}, i64 4)
; CHECK:         ret void
;
; CHECK-LABEL: define void @late(
; CHECK:         [[S:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.start
; CHECK-NOT:     call void @__aliaskit_access(
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[S]], i32 0, ptr %x, i64 4, i64 %{{[0-9]+}}, i64 4)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[S]], i32 1, ptr %a, i64 4, i64 %{{[0-9]+}}, i64 4)
; CHECK:         ret void
;
; CHECK-LABEL: define void @calls(
; CHECK:       loop:
; CHECK:         [[S:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.start
; CHECK-NEXT:    call void @__aliaskit_access(ptr [[S]], i32 0, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_access(ptr [[S]], i32 1, ptr %p, i64 4)
; CHECK:         call void @__aliaskit_exit(ptr [[S]])

target triple = "x86_64-pc-linux-gnu"
define void @invariant(ptr %a, ptr %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %v = load i32, ptr %x, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}
define void @outer_recurrence(ptr %a, ptr %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %q = getelementptr inbounds i32, ptr %x, i64 %j
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}
; A rotated inner loop behind a guard its outer loop does not change: rows
; only when the guard lets the inner loop run.
define void @guarded(ptr %a, ptr %x, i64 %n, i64 %m) {
entry:
  %empty = icmp eq i64 %n, 0
  %go = icmp sgt i64 %m, 0
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %q = getelementptr inbounds i32, ptr %x, i64 %j
  br i1 %go, label %inner, label %latch
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp slt i64 %i.next, %m
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}
; Two guards the outer loop does not change, one behind the other (as a
; vectorized loop's minimum-iterations check stands behind the rotated
; loop's): rows only when both let the inner loop run.
define void @guarded_twice(ptr %a, ptr %x, i64 %n, i64 %m) {
entry:
  %empty = icmp eq i64 %n, 0
  %go = icmp sgt i64 %m, 0
  %small = icmp ult i64 %m, 4
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %q = getelementptr inbounds i32, ptr %x, i64 %j
  br i1 %go, label %check, label %latch
check:
  br i1 %small, label %latch, label %inner
inner:
  %i = phi i64 [ 0, %check ], [ %i.next, %inner ]
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp slt i64 %i.next, %m
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}
; Each row's first address a pointer the outer loop carries, computed
; afresh from the next row's number (as SCEVExpander leaves an outer
; recurrence it made for an inner loop's summary): ScalarEvolution does
; not see a recurrence in the phi, the summary does (its start agrees with
; the next value one row back), and the rows are one grid.
define void @row_pointer(ptr %a, ptr %x, i64 %n, i64 %m, i64 %s) {
entry:
  %empty = icmp eq i64 %n, 0
  %none = icmp eq i64 %m, 0
  %skip = or i1 %empty, %none
  br i1 %skip, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %row = phi ptr [ %a, %entry ], [ %row.next, %latch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %v = load i32, ptr %x, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %row, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %m
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %off = mul i64 %j.next, %s
  %row.next = getelementptr i8, ptr %a, i64 %off
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}
; The inner loop's count changes with the outer loop: rows of different
; lengths stay runs, one per outer iteration.
define void @loaded_rows(ptr %a, ptr %x, ptr %lens, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %q = getelementptr inbounds i32, ptr %x, i64 %j
  %lenp = getelementptr inbounds i64, ptr %lens, i64 %j
  %len = load i64, ptr %lenp, align 8
  %row = mul i64 %j, 64
  %base = getelementptr inbounds i32, ptr %a, i64 %row
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %base, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %len
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}
define void @triangular(ptr %a, ptr %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %q = getelementptr inbounds i32, ptr %x, i64 %j
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ule i64 %i.next, %j
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}
define void @strided(ptr %a, ptr %x, i64 %n, i64 %s) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %k = mul i64 %i, %s
  %p = getelementptr inbounds i32, ptr %a, i64 %k
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define internal void @tick() alwaysinline {
  ret void
}

define void @late(ptr %a, ptr %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  call void @tick()
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define internal void @one(ptr %a, ptr %x) alwaysinline {
  %v = load i32, ptr %x, align 4, !alias.scope !2, !noalias !4
  store i32 %v, ptr %a, align 4, !alias.scope !4, !noalias !2
  ret void
}
define void @calls(ptr %a, ptr %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  call void @one(ptr %p, ptr %q)
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"x"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"a"}
!4 = !{!3}
