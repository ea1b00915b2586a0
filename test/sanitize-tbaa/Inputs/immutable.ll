; @get reads *p through an immutable tag (the flag operand is 1): LLVM
; takes that memory to be constant. @set then stores to it.
define i32 @get(ptr %p) noinline {
  %v = load i32, ptr %p, align 4, !tbaa !4
  ret i32 %v
}

define void @set(ptr %p) noinline {
  store i32 2, ptr %p, align 4, !tbaa !3
  ret void
}

define i32 @main() {
  %x = call ptr @malloc(i64 4)
  call void @set(ptr %x)
  %a = call i32 @get(ptr %x)
  call void @set(ptr %x)
  ret i32 0
}

declare ptr @malloc(i64)

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!4 = !{!2, !2, i64 0, i64 1}
