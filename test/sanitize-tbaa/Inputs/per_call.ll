; relax(u, unew) as Flang writes it: its own TBAA tree ("Flang function
; root"), one tag per dummy argument. main calls relax(a, b), then
; relax(b, a): the second call reads through u what the first wrote
; through unew, which is right for Fortran (each call's dummies do not
; overlap). Then relax(c, c): one array as both dummies, in one call: the
; claim is broken.
define void @relax(ptr %u, ptr %unew) noinline {
  store i32 5, ptr %unew, align 4, !tbaa !6
  %v = load i32, ptr %u, align 4, !tbaa !5
  ret void
}

define i32 @main() {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %c = alloca i32, align 4
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  store i32 3, ptr %c, align 4
  call void @relax(ptr %a, ptr %b)
  call void @relax(ptr %b, ptr %a)
  call void @relax(ptr %c, ptr %c)
  ret i32 0
}

!0 = !{!"Flang function root _QPrelax"}
!1 = !{!"any access", !0, i64 0}
!2 = !{!"dummy arg data", !1, i64 0}
!3 = !{!"dummy arg data/_QFrelaxEu", !2, i64 0}
!4 = !{!"dummy arg data/_QFrelaxEunew", !2, i64 0}
!5 = !{!3, !3, i64 0}
!6 = !{!4, !4, i64 0}
