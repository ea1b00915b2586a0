; Flang-style module: a Fortran program after LLVM inlined subroutine
; `smooth(a, b, n)` into the main program. Fortran dummy arguments do not
; alias, so the inlined accesses carry one distinct scope domain for the
; call and a scope per dummy argument; Flang's TBAA tree (a root per
; function, "any data access" below it) is on every access. Subroutine
; `shift(p, q, n, total)` takes POINTER dummies, which may overlap (main
; passes u(2:) and u(1:)): no scopes. main prints a checksum.
;
;   program main
;     real, target :: u(16), v(16)
;     u = [(mod(k, 5) + 1, k = 0, 15)]
;     call smooth(u, v, 16)          ! inlined
;     call shift(u(2:), u(1:), 15, t)
;     call shift(v, u, 16, t)
source_filename = "FIRModule"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@_QFEu = internal global [16 x float] zeroinitializer, align 4
@_QFEv = internal global [16 x float] zeroinitializer, align 4
@_QFEt = internal global float 0.000000e+00, align 4
@fmt = private unnamed_addr constant [17 x i8] c"smooth %d %d %d\0A\00", align 1

declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

; do i = 1, n-1: p(i) = 0.5 * q(i) + p(i); p(i+1) = p(i+1) - q(i+1) / 4
; t = q(2); p(1) = p(1) + q(1); total = total + q(1) + (q(2) - t)
define void @_QPshift(ptr %p, ptr %q, ptr %n, ptr %total) #0 {
entry:
  %nv = load i32, ptr %n, align 4, !tbaa !20
  %nm1 = add nsw i32 %nv, -1
  %any = icmp sgt i32 %nm1, 0
  br i1 %any, label %loop.pre, label %tail

loop.pre:
  %count = zext i32 %nm1 to i64
  br label %loop

loop:
  %i = phi i64 [ 0, %loop.pre ], [ %i.next, %loop ]
  %qp = getelementptr float, ptr %q, i64 %i
  %qv = load float, ptr %qp, align 4, !tbaa !22
  %pp = getelementptr float, ptr %p, i64 %i
  %pv = load float, ptr %pp, align 4, !tbaa !22
  %h = fmul contract float %qv, 5.000000e-01
  %s = fadd contract float %h, %pv
  store float %s, ptr %pp, align 4, !tbaa !22
  %i.next = add nuw nsw i64 %i, 1
  %qp1 = getelementptr float, ptr %q, i64 %i.next
  %qv1 = load float, ptr %qp1, align 4, !tbaa !22
  %pp1 = getelementptr float, ptr %p, i64 %i.next
  %pv1 = load float, ptr %pp1, align 4, !tbaa !22
  %d = fmul contract float %qv1, 2.500000e-01
  %s1 = fsub contract float %pv1, %d
  store float %s1, ptr %pp1, align 4, !tbaa !22
  %more = icmp ult i64 %i.next, %count
  br i1 %more, label %loop, label %tail

tail:
  %q2p = getelementptr float, ptr %q, i64 1
  %q2 = load float, ptr %q2p, align 4, !tbaa !22
  %q1 = load float, ptr %q, align 4, !tbaa !22
  %p1 = load float, ptr %p, align 4, !tbaa !22
  %p1n = fadd contract float %p1, %q1
  store float %p1n, ptr %p, align 4, !tbaa !22
  %t0 = load float, ptr %total, align 4, !tbaa !22
  %t1 = fadd contract float %t0, %q1
  %q2.again = load float, ptr %q2p, align 4, !tbaa !22
  %dq = fsub contract float %q2.again, %q2
  %t2 = fadd contract float %t1, %dq
  store float %t2, ptr %total, align 4, !tbaa !22
  ret void
}

define i32 @main() #0 {
entry:
  %n15 = alloca i32, align 4
  %n16 = alloca i32, align 4
  store i32 15, ptr %n15, align 4, !tbaa !10
  store i32 16, ptr %n16, align 4, !tbaa !10
  br label %init

init:
  %k = phi i64 [ 0, %entry ], [ %k.next, %init ]
  %k32 = trunc i64 %k to i32
  %r = urem i32 %k32, 5
  %r1 = add nuw nsw i32 %r, 1
  %rf = sitofp i32 %r1 to float
  %up = getelementptr inbounds float, ptr @_QFEu, i64 %k
  store float %rf, ptr %up, align 4, !tbaa !13
  %k.next = add nuw nsw i64 %k, 1
  %k.more = icmp ult i64 %k.next, 16
  br i1 %k.more, label %init, label %smooth

; smooth(a => u, b => v, n => 16), inlined: do i = 2, 15
smooth:
  call void @llvm.experimental.noalias.scope.decl(metadata !30)
  call void @llvm.experimental.noalias.scope.decl(metadata !33)
  br label %smooth.loop

smooth.loop:
  %i = phi i64 [ 1, %smooth ], [ %i.next, %smooth.loop ]
  %im1 = add nsw i64 %i, -1
  %ip1 = add nuw nsw i64 %i, 1
  %a0p = getelementptr float, ptr @_QFEu, i64 %im1
  %a1p = getelementptr float, ptr @_QFEu, i64 %i
  %a2p = getelementptr float, ptr @_QFEu, i64 %ip1
  %a0 = load float, ptr %a0p, align 4, !tbaa !24, !alias.scope !30, !noalias !33
  %a1 = load float, ptr %a1p, align 4, !tbaa !24, !alias.scope !30, !noalias !33
  %a2 = load float, ptr %a2p, align 4, !tbaa !24, !alias.scope !30, !noalias !33
  %s01 = fadd contract float %a0, %a1
  %s012 = fadd contract float %s01, %a2
  %avg = fdiv contract float %s012, 3.000000e+00
  %bp = getelementptr float, ptr @_QFEv, i64 %i
  store float %avg, ptr %bp, align 4, !tbaa !26, !alias.scope !33, !noalias !30
  %i.next = add nuw nsw i64 %i, 1
  %i.more = icmp ult i64 %i.next, 15
  br i1 %i.more, label %smooth.loop, label %calls

calls:
  call void @_QPshift(ptr getelementptr inbounds (i8, ptr @_QFEu, i64 4), ptr @_QFEu, ptr %n15, ptr @_QFEt)
  call void @_QPshift(ptr @_QFEv, ptr @_QFEu, ptr %n16, ptr @_QFEt)
  br label %sum

sum:
  %j = phi i64 [ 0, %calls ], [ %j.next, %sum ]
  %hu = phi i32 [ 0, %calls ], [ %hu2, %sum ]
  %hv = phi i32 [ 0, %calls ], [ %hv2, %sum ]
  %uj = getelementptr inbounds float, ptr @_QFEu, i64 %j
  %vj = getelementptr inbounds float, ptr @_QFEv, i64 %j
  %uval = load float, ptr %uj, align 4, !tbaa !13
  %vval = load float, ptr %vj, align 4, !tbaa !15
  %us = fmul contract float %uval, 1.600000e+01
  %vs = fmul contract float %vval, 1.600000e+01
  %ui = fptosi float %us to i32
  %vi = fptosi float %vs to i32
  %hu1 = mul i32 %hu, 31
  %hu2 = add i32 %hu1, %ui
  %hv1 = mul i32 %hv, 37
  %hv2 = add i32 %hv1, %vi
  %j.next = add nuw nsw i64 %j, 1
  %j.more = icmp ult i64 %j.next, 16
  br i1 %j.more, label %sum, label %print

print:
  %tv = load float, ptr @_QFEt, align 4, !tbaa !17
  %ts = fmul contract float %tv, 6.400000e+01
  %ti = fptosi float %ts to i32
  %c = call i32 (ptr, ...) @printf(ptr @fmt, i32 %hu2, i32 %hv2, i32 %ti)
  ret i32 0
}

attributes #0 = { noinline nounwind "frame-pointer"="all" "target-cpu"="x86-64" }

; Flang's TBAA: one root per function.
!1 = !{!"Flang function root _QQmain"}
!2 = !{!"any access", !1, i64 0}
!3 = !{!"any data access", !2, i64 0}
!4 = !{!"global data", !3, i64 0}
!5 = !{!"allocated data", !3, i64 0}
!6 = !{!"global data/_QFEu", !4, i64 0}
!7 = !{!"global data/_QFEv", !4, i64 0}
!8 = !{!"global data/_QFEt", !4, i64 0}
!9 = !{!"allocated data/_QFEn", !5, i64 0}
!10 = !{!9, !9, i64 0}
!13 = !{!6, !6, i64 0}
!15 = !{!7, !7, i64 0}
!17 = !{!8, !8, i64 0}
!18 = !{!"Flang function root _QPshift"}
!19 = !{!"any access", !18, i64 0}
!21 = !{!"any data access", !19, i64 0}
!20 = !{!21, !21, i64 0}
!23 = !{!"target data", !21, i64 0}
!22 = !{!23, !23, i64 0}
!24 = !{!25, !25, i64 0}
!25 = !{!"dummy arg data/_QFsmoothEa", !28, i64 0}
!26 = !{!27, !27, i64 0}
!27 = !{!"dummy arg data/_QFsmoothEb", !28, i64 0}
!28 = !{!"dummy arg data", !29, i64 0}
!29 = !{!"any data access", !35, i64 0}
!35 = !{!"any access", !36, i64 0}
!36 = !{!"Flang function root _QPsmooth"}
; The inlined call of smooth: a domain, scopes for dummies a and b.
!30 = !{!31}
!31 = distinct !{!31, !32, !"_QPsmooth: %a"}
!32 = distinct !{!32, !"_QPsmooth"}
!33 = !{!34}
!34 = distinct !{!34, !32, !"_QPsmooth: %b"}
