; A vectorized loop in an outer loop, as the loop vectorizer leaves it:
; a guard (too few iterations, or the run-time alias check failed) made
; in each outer iteration from values the outer loop does not change, the
; vector loop, its middle block, and the scalar remainder from where the
; vector loop stopped (a phi). Every outer iteration takes the same path
; (sanitize_loops.cpp, Paths), so each inner loop's run is one grid at the
; outer loop's exit, with rows only when its block runs: the remainder's
; block is reached when the vector loop is skipped, or ran and left a
; tail; its first address is the phi's one value, chosen before the loop
; (%vec after the vector loop, else 0). When the path depends on the row
; (@varying: odd rows skip the vector loop), the vector loop's rows from
; the first without a gap are one grid (their count, %aliaskit.rows, goes
; around the loop: it grows while it equals the row's number), and a row
; after a gap calls the runtime itself (prefixGrid); the remainder's
; first address, a phi that changes with the row, is a grid the program
; gathers as it goes (gatheredGrid: its first row, row step, count and
; rows go around the loop; a row that does not continue it logs the grid
; so far, in a block of its own, and starts another).
;
; RUN: %opt -passes='aliaskit-sanitize<end>' -S %s -o - | FileCheck %s
;
; CHECK-LABEL: define void @vectorized(
; CHECK:         [[NOSKIP:%[0-9]+]] = xor i1 %skip, true
; CHECK-NEXT:    [[TAILED:%[0-9]+]] = select i1 [[NOSKIP]], i1 %tail, i1 false
; CHECK-NEXT:    [[REM:%[0-9]+]] = select i1 [[TAILED]], i1 true, i1 %skip
; CHECK:         [[START:%[0-9]+]] = select i1 [[TAILED]], i64 %vec, i64 0
; CHECK-NEXT:    [[OFF:%[0-9]+]] = shl i64 [[START]], 2
; CHECK-NEXT:    [[FIRST:%[a-z0-9]+]] = getelementptr i8, ptr %a, i64 [[OFF]]
; CHECK:       outer:
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         br i1 %again
; CHECK:         [[ROWS:%[0-9]+]] = select i1 [[REM]], i64 %{{[0-9]+}}, i64 0
; CHECK-NEXT:    call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 2, ptr [[FIRST]], i64 4, i64 %{{[0-9]+}}, i64 4, i64 %{{[0-9]+}}, i64 [[ROWS]])
; CHECK:         call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 1, ptr %a, i64 16,
; CHECK:         ret void
;
; CHECK-LABEL: define void @varying(
; CHECK:       outer:
; CHECK-NEXT:    %aliaskit.first = phi i64 [ 0, %outer.preheader ], [ [[FIRST:%aliaskit.first[0-9]+]], %latch ]
; CHECK-NEXT:    %aliaskit.step = phi i64 [ 0, %outer.preheader ], [ [[STEP:%aliaskit.step[0-9]+]], %latch ]
; CHECK-NEXT:    %aliaskit.count = phi i64 [ 0, %outer.preheader ], [ [[COUNT:%aliaskit.count[0-9]+]], %latch ]
; CHECK-NEXT:    [[GROWS:%aliaskit.rows[0-9]+]] = phi i64 [ 0, %outer.preheader ], [ [[GATHERED:%aliaskit.rows[0-9]+]], %latch ]
; CHECK-NEXT:    %aliaskit.iteration = phi i64 [ 0, %outer.preheader ], [ [[NEXTK:%[0-9]+]], %latch ]
; CHECK-NEXT:    %aliaskit.rows = phi i64 [ 0, %outer.preheader ], [ [[ROWS:%aliaskit.rows[0-9]+]], %latch ]
; CHECK:       middle:
; CHECK:         [[EXTENDS:%[0-9]+]] = icmp eq i64 %aliaskit.rows, %aliaskit.iteration
; CHECK:         [[GAP:%[0-9]+]] = xor i1 [[EXTENDS]], true
; CHECK-NEXT:    br i1 [[GAP]], label %[[OWN:[0-9]+]], label
; CHECK:       [[OWN]]:
; CHECK-NEXT:    call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 1, ptr %{{[a-z0-9]+}}, i64 16, {{.*}}, !aliaskit.prefix
; CHECK:       scalar.latch_crit_edge:
; CHECK-NOT:     call void @__aliaskit_access_run
; CHECK:         br i1 %{{[0-9]+}}, label %[[FLUSH:[0-9]+]], label %{{[0-9]+}}, !prof
; CHECK:       [[FLUSH]]:
; CHECK-NEXT:    [[AT:%[0-9]+]] = inttoptr i64 %aliaskit.first to ptr
; CHECK-NEXT:    call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 2, ptr [[AT]], i64 4, i64 %aliaskit.count, i64 4, i64 %aliaskit.step, i64 [[GROWS]])
; CHECK:       latch.done_crit_edge:
; CHECK-NEXT:    [[LAST:%[0-9]+]] = inttoptr i64 [[FIRST]] to ptr
; CHECK-NEXT:    call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 2, ptr [[LAST]], i64 4, i64 [[COUNT]], i64 4, i64 [[STEP]], i64 [[GATHERED]])
; CHECK-NEXT:    call void @__aliaskit_access_grid(ptr %{{[0-9]+}}, i32 1, ptr %a, i64 16, i64 %{{[0-9]+}}, i64 16, i64 %{{[0-9]+}}, i64 [[ROWS]])
; CHECK:         ret void

define void @vectorized(ptr %a, ptr %x, i64 %n, i64 %m, i1 %overlap) {
entry:
  %empty = icmp eq i64 %n, 0
  %vec = and i64 %m, -4
  %few = icmp ult i64 %m, 4
  %tail = icmp ne i64 %vec, %m
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %rowoff = mul i64 %j, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %rowoff
  %v = load i32, ptr %x, align 4, !alias.scope !2, !noalias !4
  %skip = select i1 %few, i1 true, i1 %overlap
  br i1 %skip, label %scalar.ph, label %vector
vector:
  %i = phi i64 [ 0, %outer ], [ %i.next, %vector ]
  %p = getelementptr inbounds i32, ptr %row, i64 %i
  store <4 x i32> splat (i32 1), ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 4
  %vmore = icmp ult i64 %i.next, %vec
  br i1 %vmore, label %vector, label %middle
middle:
  br i1 %tail, label %scalar.ph, label %latch
scalar.ph:
  %start = phi i64 [ 0, %outer ], [ %vec, %middle ]
  br label %scalar
scalar:
  %k = phi i64 [ %start, %scalar.ph ], [ %k.next, %scalar ]
  %q = getelementptr inbounds i32, ptr %row, i64 %k
  store i32 %v, ptr %q, align 4, !alias.scope !4, !noalias !2
  %k.next = add nuw i64 %k, 1
  %smore = icmp ult i64 %k.next, %m
  br i1 %smore, label %scalar, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}

define void @varying(ptr %a, ptr %x, i64 %n, i64 %m) {
entry:
  %empty = icmp eq i64 %n, 0
  %vec = and i64 %m, -4
  %few = icmp ult i64 %m, 4
  %tail = icmp ne i64 %vec, %m
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %rowoff = mul i64 %j, %m
  %row = getelementptr inbounds i32, ptr %a, i64 %rowoff
  %v = load i32, ptr %x, align 4, !alias.scope !2, !noalias !4
  %odd = trunc i64 %j to i1
  %skip = select i1 %few, i1 true, i1 %odd
  br i1 %skip, label %scalar.ph, label %vector
vector:
  %i = phi i64 [ 0, %outer ], [ %i.next, %vector ]
  %p = getelementptr inbounds i32, ptr %row, i64 %i
  store <4 x i32> splat (i32 1), ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 4
  %vmore = icmp ult i64 %i.next, %vec
  br i1 %vmore, label %vector, label %middle
middle:
  br i1 %tail, label %scalar.ph, label %latch
scalar.ph:
  %start = phi i64 [ 0, %outer ], [ %vec, %middle ]
  br label %scalar
scalar:
  %k = phi i64 [ %start, %scalar.ph ], [ %k.next, %scalar ]
  %q = getelementptr inbounds i32, ptr %row, i64 %k
  store i32 %v, ptr %q, align 4, !alias.scope !4, !noalias !2
  %k.next = add nuw i64 %k, 1
  %smore = icmp ult i64 %k.next, %m
  br i1 %smore, label %scalar, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"x"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"a"}
!4 = !{!3}
