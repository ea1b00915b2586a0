; A run's first address when ScalarEvolution would compute an outer loop's
; `int` row index from a counter of its own (`sext(trunc(counter + 3))`,
; which no later pass can tell does not wrap): the program's own
; arithmetic on the outer loop's value, `sext(add nsw j, 1) * n`, copied
; before the inner loop (the GEP without its inbounds: a loop of no
; iteration may point past its array). IndVarSimplify then widens it with
; j, and at the end the outer loop makes the rows one grid.
;
; RUN: %opt -passes='aliaskit-sanitize<start>' -S %s -o - | FileCheck %s
;
; CHECK-LABEL: define void @rows_int(
; CHECK:       outer:
; CHECK:         %jp = add nsw i32 %j, 1
; CHECK-NEXT:    %jx = sext i32 %jp to i64
; CHECK-NEXT:    %row = mul nsw i64 %jx, %n
; CHECK-NEXT:    [[FIRST:%aliaskit.start[0-9]*]] = getelementptr double, ptr %u, i64 %row
; CHECK-NEXT:    br label %inner
; CHECK:       outer.latch:
; CHECK-DAG:     call void @__aliaskit_access_run(ptr {{%[0-9]+}}, i32 0, ptr [[FIRST]], i64 8, i64 {{%[0-9]+}}, i64 8)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr {{%[0-9]+}}, i32 1, ptr %v, i64 8, i64 {{%[0-9]+}}, i64 8)
;
; An address ScalarEvolution computes without a cast of a recurrence is
; expanded as before (no copy).
; CHECK-LABEL: define void @rows_long(
; CHECK-NOT:     aliaskit.start
; CHECK:         call void @__aliaskit_access_run(ptr {{%[0-9]+}}, i32 0, ptr
; CHECK-LABEL: define

define void @rows_int(ptr noalias %u, ptr noalias %v, i64 %n, i32 %m) {
entry:
  br label %outer

outer:
  %j = phi i32 [ 2, %entry ], [ %j.next, %outer.latch ]
  %jp = add nsw i32 %j, 1
  %jx = sext i32 %jp to i64
  %row = mul nsw i64 %jx, %n
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %k = add nsw i64 %row, %i
  %p = getelementptr inbounds double, ptr %u, i64 %k
  %x = load double, ptr %p, align 8
  %q = getelementptr inbounds double, ptr %v, i64 %i
  store double %x, ptr %q, align 8
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %outer.latch, label %inner

outer.latch:
  %j.next = add i32 %j, 1
  %cj = icmp eq i32 %j.next, %m
  br i1 %cj, label %exit, label %outer

exit:
  ret void
}

define void @rows_long(ptr noalias %u, ptr noalias %v, i64 %n, i64 %m) {
entry:
  br label %outer

outer:
  %j = phi i64 [ 2, %entry ], [ %j.next, %outer.latch ]
  %jp = add nsw i64 %j, 1
  %row = mul nsw i64 %jp, %n
  br label %inner

inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %k = add nsw i64 %row, %i
  %p = getelementptr inbounds double, ptr %u, i64 %k
  %x = load double, ptr %p, align 8
  %q = getelementptr inbounds double, ptr %v, i64 %i
  store double %x, ptr %q, align 8
  %i.next = add nuw nsw i64 %i, 1
  %c = icmp eq i64 %i.next, %n
  br i1 %c, label %outer.latch, label %inner

outer.latch:
  %j.next = add i64 %j, 1
  %cj = icmp eq i64 %j.next, %m
  br i1 %cj, label %exit, label %outer

exit:
  ret void
}

define void @last() {
  ret void
}
