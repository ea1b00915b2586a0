; Hand-written source module for checks/verify/parity.py: every kind of
; instruction the verifier tells apart (load, store, call, memcpy with
; !tbaa.struct, va_arg, atomicrmw, cmpxchg; and fence, invoke, callbr,
; landingpad, which may not carry !tbaa), scope lists on an invoke (which
; LLVM's verifier visits twice), a noalias.scope.decl and llvm.errno.tbaa.
; LLVM 22 accepts it.
target triple = "x86_64-pc-linux-gnu"

declare i32 @__gxx_personality_v0(...)
declare void @may_throw(ptr)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.experimental.noalias.scope.decl(metadata)

define i32 @kinds(ptr %p, ptr %q, i32 %x, ...) personality ptr @__gxx_personality_v0 {
entry:
  %ap = alloca ptr, align 8
  call void @llvm.experimental.noalias.scope.decl(metadata !20)
  call void @llvm.va_start.p0(ptr %ap)
  %v = va_arg ptr %ap, i32, !tbaa !5
  store i32 %v, ptr %p, align 4, !tbaa !5, !alias.scope !20, !noalias !21
  %l = load i32, ptr %q, align 4, !tbaa !6, !alias.scope !21, !noalias !20
  %f = load float, ptr %q, align 4, !tbaa !9
  %r = atomicrmw add ptr %p, i32 1 seq_cst, align 4, !tbaa !5
  %c = cmpxchg ptr %p, i32 %l, i32 %x seq_cst seq_cst, align 4, !tbaa !7
  fence seq_cst
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 %q, i64 8, i1 false), !tbaa.struct !8
  %s = add i32 %v, %l
  invoke void @may_throw(ptr %p) to label %cont unwind label %lpad, !alias.scope !20, !noalias !21
cont:
  callbr void asm "", "!i"() to label %done [label %other]
other:
  store float %f, ptr %q, align 4, !tbaa !9, !noalias !22
  br label %done
done:
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %s
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %lp
}

!llvm.errno.tbaa = !{!5}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!"struct S", !2, i64 0, !3, i64 4}
!5 = !{!2, !2, i64 0}
!6 = !{!4, !3, i64 4}
!7 = !{!4, !2, i64 0}
!8 = !{i64 0, i64 4, !5, i64 4, i64 4, !9}
!9 = !{!3, !3, i64 0}
!10 = distinct !{!10, !"dom"}
!11 = distinct !{!11, !10, !"a"}
!12 = distinct !{!12, !10, !"b"}
!13 = !{!"dom2"}
!14 = !{!"s2", !13}
!20 = !{!11}
!21 = !{!12}
!22 = !{!12, !14}
