; @f claims (scope "f: a") that what g does for a and what g does for b
; never touch a common byte; g writes n ints in a loop (its accesses told
; to f's frame as one run at the loop's exit) and fills a local array in a
; loop (the callees' own stack, at one address in both calls: not a
; claim, left out block by block). main passes b = a + n (kept) or, with
; an argument, b = a + 1 (broken: both calls of g write a[1..n)).
@fmt = private constant [4 x i8] c"%d\0A\00"

define internal void @g(ptr %q, i64 %n, i32 %v) noinline {
entry:
  %tmp = alloca [8 x i32]
  br label %local

local:
  %j = phi i64 [ 0, %entry ], [ %j.next, %local ]
  %t = getelementptr inbounds i32, ptr %tmp, i64 %j
  store volatile i32 %v, ptr %t
  %j.next = add nuw nsw i64 %j, 1
  %j.done = icmp eq i64 %j.next, 8
  br i1 %j.done, label %fill, label %local

fill:
  %l = load volatile i32, ptr %tmp
  br label %loop

loop:
  %i = phi i64 [ 0, %fill ], [ %i.next, %loop ]
  %p = getelementptr inbounds i32, ptr %q, i64 %i
  store i32 %l, ptr %p
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @f(ptr %a, ptr %b, i64 %n) noinline {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  call void @g(ptr %a, i64 %n, i32 1), !alias.scope !2
  call void @g(ptr %b, i64 %n, i32 2), !noalias !2
  ret void
}

define i32 @main(i32 %argc, ptr %argv) {
  %buf = alloca [64 x i32]
  store i32 0, ptr %buf
  %same = icmp sgt i32 %argc, 1
  %off = select i1 %same, i64 4, i64 128
  %b = getelementptr inbounds i8, ptr %buf, i64 %off
  call void @f(ptr %buf, ptr %b, i64 32)
  %p = getelementptr inbounds i32, ptr %buf, i64 1
  %v = load i32, ptr %p
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %v)
  ret i32 0
}

declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"f"}
!1 = distinct !{!1, !0, !"f: a"}
!2 = !{!1}
