; A check that sanitize_once.cpp made run once per execution of its loop
; still lets its frame be checked in place (sanitize_in_place.cpp) when
; that loop is entered at most once per call: the flag that guards it is
; false only on the edge from the loop's preheader, which no cycle of the
; function repeats. @once_in_place: the load of %v, invariant in a loop
; whose count no run can know, and the store after it: both points'
; frames in place. @once_per_outer: the load of a row of %v, invariant in
; the inner loop only, runs once per outer iteration: both frames keep the
; runtime's log.
;
; RUN: %opt -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>,aliaskit-sanitize-once,aliaskit-sanitize-in-place' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>,aliaskit-sanitize-once,aliaskit-sanitize-in-place<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; STATS: aliaskit-sanitize-in-place: 2 frames checked in place; kept in the runtime: 0 with delegated calls, 2 with an access in a loop,
;
; CHECK-LABEL: define void @once_in_place(
; CHECK-NOT:     @__aliaskit_enter
; CHECK:       loop:
; CHECK:         %aliaskit.seen = phi i1 [ true, %{{[0-9]+}} ], [ false, %entry ]
; CHECK-NOT:     @__aliaskit_enter
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         ret void
; CHECK-LABEL: define void @once_per_outer(
; CHECK:         call ptr @__aliaskit_enter(
; CHECK:         call ptr @__aliaskit_enter(
; CHECK:       inner:
; CHECK-NEXT:    %aliaskit.seen = phi i1 [ true, %{{[0-9]+}} ], [ false, %outer ]
; CHECK:         call void @__aliaskit_access({{.*}}, !aliaskit.once
; CHECK-NOT:     @__aliaskit_counts
; CHECK:         call void @__aliaskit_exit(
; CHECK:         ret void

declare i1 @more(ptr)

define void @once_in_place(ptr noalias %v, ptr noalias %out, ptr %next) {
entry:
  br label %loop
loop:
  %len = load i64, ptr %v, align 8
  %c = call i1 @more(ptr %next)
  br i1 %c, label %loop, label %exit
exit:
  store i64 %len, ptr %out, align 8
  ret void
}

define void @once_per_outer(ptr noalias %v, ptr noalias %out, ptr %next) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  %row = getelementptr i64, ptr %v, i64 %j
  br label %inner
inner:
  %len = load i64, ptr %row, align 8
  %c = call i1 @more(ptr %next)
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %j.next = add i64 %j, 1
  %d = call i1 @more(ptr %next)
  br i1 %d, label %outer, label %exit
exit:
  store i64 %len, ptr %out, align 8
  ret void
}
