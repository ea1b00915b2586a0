; relax(u, unew) as Flang writes it (its own TBAA tree, one tag per dummy
; argument), inlined: main calls relax(a, b), then relax(b, a), which is
; right for Fortran, and -O2 inlines both calls into main. The pointers
; come from a call the optimizer cannot see through (a volatile slot), so
; that the second
; call's load of b is not folded into the first call's store.
define void @relax(ptr %u, ptr %unew, ptr %out) {
  store i32 5, ptr %unew, align 4, !tbaa !6
  %v = load i32, ptr %u, align 4, !tbaa !5
  store i32 %v, ptr %out, align 4
  ret void
}

@slot = global ptr null

define ptr @opaque(ptr %p) noinline {
  store volatile ptr %p, ptr @slot
  %q = load volatile ptr, ptr @slot
  ret ptr %q
}

define i32 @main() {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  %o = alloca i32, align 4
  store i32 1, ptr %a, align 4
  store i32 2, ptr %b, align 4
  %a1 = call ptr @opaque(ptr %a)
  %b1 = call ptr @opaque(ptr %b)
  call void @relax(ptr %a1, ptr %b1, ptr %o)
  %b2 = call ptr @opaque(ptr %b)
  %a2 = call ptr @opaque(ptr %a)
  call void @relax(ptr %b2, ptr %a2, ptr %o)
  %r = load i32, ptr %o, align 4
  %x = sub i32 %r, 5
  ret i32 %x
}

!0 = !{!"Flang function root _QPrelax"}
!1 = !{!"any access", !0, i64 0}
!2 = !{!"dummy arg data", !1, i64 0}
!3 = !{!"dummy arg data/_QFrelaxEu", !2, i64 0}
!4 = !{!"dummy arg data/_QFrelaxEunew", !2, i64 0}
!5 = !{!3, !3, i64 0}
!6 = !{!4, !4, i64 0}
