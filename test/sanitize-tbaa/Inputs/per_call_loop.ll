; relax(u, unew, n) as Flang writes it (its own TBAA tree, one tag per
; dummy argument), over n elements: unew(i) = 5, then a read of u(i).
; main calls relax(a, b) and relax(b, a) 100 times (each call reads what
; the call before wrote through the other dummy: right for Fortran, one
; tbaa-per-call report), then relax(c, c): one array as both dummies in
; one call, a program error (one tbaa report).
@a = global [1000 x i32] zeroinitializer
@b = global [1000 x i32] zeroinitializer
@c = global [1000 x i32] zeroinitializer

define void @relax(ptr %u, ptr %unew, i64 %n) noinline {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %pu = getelementptr i32, ptr %u, i64 %i
  %pn = getelementptr i32, ptr %unew, i64 %i
  store i32 5, ptr %pn, align 4, !tbaa !6
  %v = load volatile i32, ptr %pu, align 4, !tbaa !5
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define i32 @main() {
entry:
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %knext, %loop ]
  call void @relax(ptr @a, ptr @b, i64 1000)
  call void @relax(ptr @b, ptr @a, i64 1000)
  %knext = add i32 %k, 1
  %done = icmp eq i32 %knext, 100
  br i1 %done, label %exit, label %loop
exit:
  call void @relax(ptr @c, ptr @c, i64 1000)
  ret i32 0
}

!0 = !{!"Flang function root _QPrelax"}
!1 = !{!"any access", !0, i64 0}
!2 = !{!"dummy arg data", !1, i64 0}
!3 = !{!"dummy arg data/_QFrelaxEu", !2, i64 0}
!4 = !{!"dummy arg data/_QFrelaxEunew", !2, i64 0}
!5 = !{!3, !3, i64 0}
!6 = !{!4, !4, i64 0}
