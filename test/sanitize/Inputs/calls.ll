; @f claims (scope "f: a") that what g does for a and what g does for b
; never touch a common byte: two calls with lists, each standing for g's
; accesses. Both calls of g write a local array at the same stack address
; (the callees' own memory: not a claim). main passes b = a + 1 (kept),
; or, with an argument, b = a (broken: both calls of g write a[0]).
@fmt = private constant [4 x i8] c"%d\0A\00"

define internal void @g(ptr %q, i32 %v) noinline {
  %tmp = alloca [8 x i32]
  store volatile i32 %v, ptr %tmp
  %l = load volatile i32, ptr %tmp
  store i32 %l, ptr %q
  ret void
}

define void @f(ptr %a, ptr %b) noinline {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  call void @g(ptr %a, i32 1), !alias.scope !2
  call void @g(ptr %b, i32 2), !noalias !2
  ret void
}

define i32 @main(i32 %argc, ptr %argv) {
  %buf = alloca [4 x i32]
  store i32 0, ptr %buf
  %same = icmp sgt i32 %argc, 1
  %off = select i1 %same, i64 0, i64 4
  %b = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @f(ptr %buf, ptr %b)
  %v = load i32, ptr %buf
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %v)
  ret i32 0
}

declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"f"}
!1 = distinct !{!1, !0, !"f: a"}
!2 = !{!1}
