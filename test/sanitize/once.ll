; An access a loop repeats at one address, logged once per execution of
; the loop (sanitize_once.cpp, core/src/sanitize/once.rs): at the very
; end, a `__aliaskit_access` in a loop whose count no run can know, at an
; address and size computed before the loop, of a frame entered before it,
; runs behind a flag that is false when the loop is entered and true once
; it ran, unless a scope deciding one of its site's claims begins in the
; loop. ALIASKIT_SANITIZE_ONCE=0 (under clang) leaves the pass out.
;
; RUN: %opt -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>,aliaskit-sanitize-once' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>,aliaskit-sanitize-once<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; Both points' loads of %v in @vec_loop and @nest, and of %b in @decl_in_loop.
; STATS: aliaskit-sanitize-once: 6 accesses a loop repeats at one address logged once per execution of the loop
;
; The load of %v, once per execution of the loop; the store through %out
; moves, so each is logged.
; CHECK-LABEL: define void @vec_loop(
; CHECK:       loop:
; CHECK-NEXT:    [[SEEN:%aliaskit.seen]] = phi i1 [ false, %entry ], [ true, %[[LATCH:[0-9]+]] ]
; CHECK:         [[NOT:%[0-9]+]] = xor i1 [[SEEN]], true
; CHECK-NEXT:    br i1 [[NOT]], label %[[ONCE:[0-9]+]], label %{{[0-9]+}}, !prof
; CHECK:       [[ONCE]]:
; CHECK-NEXT:    call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %v, i64 8)
; CHECK:       [[LATCH]]:
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %p, i64 8)
; CHECK-NEXT:    call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %p, i64 8)
; CHECK:         br i1 %c, label %loop, label %exit
;
; In a loop nest, once per execution of the outer loop: the inner loop
; takes the outer loop's flag when it is entered.
; CHECK-LABEL: define void @nest(
; CHECK:       outer:
; CHECK-NEXT:    [[OUTER:%aliaskit.seen]] = phi i1 [ false, %entry ], [ true, %outer.latch ]
; CHECK:       inner:
; CHECK-NEXT:    [[INNER:%aliaskit.seen[0-9]+]] = phi i1 [ [[OUTER]], %outer ], [ true, %{{[0-9]+}} ]
; CHECK:         xor i1 [[INNER]], true
;
; Scopes !1 and !4 begin in each iteration: the loads of %a and %next,
; which they decide, are logged each time; the load of %b is decided by
; !6 only, which begins with the call.
; CHECK-LABEL: define void @decl_in_loop(
; CHECK:       loop:
; CHECK-NEXT:    [[SEEN:%aliaskit.seen]] = phi i1
; CHECK:         call void @__aliaskit_scope(
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %a, i64 4)
; CHECK-NEXT:    call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %a, i64 4)
; CHECK-NEXT:    %x = load i32, ptr %a
; CHECK-NEXT:    call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %next, i64 4)
; CHECK-NEXT:    call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %next, i64 4)
; CHECK-NEXT:    %z = load i32, ptr %next
; CHECK:         xor i1 [[SEEN]], true
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 3, ptr %b, i64 4)
; CHECK:         xor i1 [[SEEN]], true
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 3, ptr %b, i64 4)
; CHECK:         %y = load i32, ptr %b

declare i1 @more(ptr)
declare void @llvm.experimental.noalias.scope.decl(metadata)

; dist's length, loaded in every iteration of a loop whose count is not
; known, against the writes through %out: once per execution of the loop.
define void @vec_loop(ptr noalias %v, ptr noalias %out, ptr %next) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %len = load i64, ptr %v, align 8
  %p = getelementptr i64, ptr %out, i64 %i
  store i64 %len, ptr %p, align 8
  %i.next = add i64 %i, 1
  %c = call i1 @more(ptr %next)
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

; The same in a loop nest: once per execution of the outer loop.
define void @nest(ptr noalias %v, ptr noalias %out, ptr %next) {
entry:
  br label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %outer.latch ]
  br label %inner
inner:
  %i = phi i64 [ 0, %outer ], [ %i.next, %inner ]
  %len = load i64, ptr %v, align 8
  %k = add i64 %i, %j
  %p = getelementptr i64, ptr %out, i64 %k
  store i64 %len, ptr %p, align 8
  %i.next = add i64 %i, 1
  %c = call i1 @more(ptr %next)
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %j.next = add i64 %j, 1
  %d = call i1 @more(ptr %next)
  br i1 %d, label %outer, label %exit
exit:
  ret void
}

; The deciding scope begins in each iteration: each load is logged; a
; scope that decides nothing of the load's (!5) does not stop it.
define void @decl_in_loop(ptr %a, ptr %b, ptr %next) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  call void @llvm.experimental.noalias.scope.decl(metadata !5)
  %x = load i32, ptr %a, align 4, !alias.scope !2
  %z = load i32, ptr %next, align 4, !alias.scope !5
  %q = getelementptr i32, ptr %b, i64 %i
  %xz = add i32 %x, %z
  store i32 %xz, ptr %q, align 4, !noalias !8
  %y = load i32, ptr %b, align 4, !alias.scope !7
  %r = getelementptr i32, ptr %a, i64 %i
  store i32 %y, ptr %r, align 4, !noalias !7
  %i.next = add i64 %i, 1
  %c = call i1 @more(ptr %next)
  br i1 %c, label %loop, label %exit
exit:
  ret void
}

!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!1}
!3 = distinct !{!3, !"other domain"}
!4 = distinct !{!4, !3, !"other scope"}
!5 = !{!4}
!6 = distinct !{!6, !0, !"third scope"}
!7 = !{!6}
!8 = !{!1, !4}
