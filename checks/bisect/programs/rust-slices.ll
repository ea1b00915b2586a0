; Rust-style module: what rustc emits for two functions after inlining
; callees whose reference arguments are noalias. Each inlined call got a
; distinct scope domain named after the callee and one scope per noalias
; argument; `rotate` holds two inlined copies of `swap`, whose domains and
; scopes are distinct nodes with equal names. The raw-pointer code around
; them (an accumulator that may point into the slice) has no scopes.
; main prints a checksum.
;
;   fn axpy(y: &mut [i32], x: &[i32], a: i32)        inlined into mix
;   fn swap(a: &mut i32, b: &mut i32)                 inlined into rotate, twice
;   unsafe fn mix(y: *mut i32, x: *const i32, acc: *mut i32, n: usize) -> i32
;   unsafe fn rotate(v: *mut i32, count: *mut i32)
source_filename = "rust_slices.a3f1c2e9-cgu.0"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@buf = global [8 x i32] [i32 3, i32 1, i32 4, i32 1, i32 5, i32 9, i32 2, i32 6], align 4
@src = global [8 x i32] [i32 2, i32 7, i32 1, i32 8, i32 2, i32 8, i32 1, i32 8], align 4
@total = global i32 0, align 4
@fmt = private unnamed_addr constant [18 x i8] c"mix %d %d %d %u\0A\00\00", align 1

declare i32 @printf(ptr, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

; y[i] += 3 * x[i] for i < n (axpy, inlined), then *acc += y[0];
; returns *acc + y[0]. acc may be y.
define i32 @_ZN11rust_slices3mix17h5e0c1d2b3a4f6789E(ptr %y, ptr %x, ptr %acc, i64 %n) unnamed_addr #0 {
start:
  call void @llvm.experimental.noalias.scope.decl(metadata !0)
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %body

body:
  %i = phi i64 [ 0, %start ], [ %i.next, %body ]
  %xp = getelementptr inbounds i32, ptr %x, i64 %i
  %xv = load i32, ptr %xp, align 4, !alias.scope !3, !noalias !0
  %yp = getelementptr inbounds i32, ptr %y, i64 %i
  %yv = load i32, ptr %yp, align 4, !alias.scope !0, !noalias !3
  %m = mul i32 %xv, 3
  %s = add i32 %yv, %m
  store i32 %s, ptr %yp, align 4, !alias.scope !0, !noalias !3
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %body, label %done

done:
  %y0 = load i32, ptr %y, align 4
  %a0 = load i32, ptr %acc, align 4
  %a1 = add i32 %a0, %y0
  store i32 %a1, ptr %acc, align 4
  %y0.again = load i32, ptr %y, align 4
  %r = add i32 %a1, %y0.again
  ret i32 %r
}

; for i in (0..8).step_by(2): swap(&mut v[i], &mut v[i+1]); *count += v[i];
; swap(&mut v[i+1], &mut v[(i+2) % 8]). count may point into v.
define void @_ZN11rust_slices6rotate17h0f9e8d7c6b5a4321E(ptr %v, ptr %count) unnamed_addr #0 {
start:
  br label %body

body:
  %i = phi i64 [ 0, %start ], [ %i.next, %body ]
  call void @llvm.experimental.noalias.scope.decl(metadata !6)
  call void @llvm.experimental.noalias.scope.decl(metadata !9)
  %pa = getelementptr inbounds i32, ptr %v, i64 %i
  %i1 = or disjoint i64 %i, 1
  %pb = getelementptr inbounds i32, ptr %v, i64 %i1
  %a = load i32, ptr %pa, align 4, !alias.scope !6, !noalias !9
  %b = load i32, ptr %pb, align 4, !alias.scope !9, !noalias !6
  store i32 %b, ptr %pa, align 4, !alias.scope !6, !noalias !9
  store i32 %a, ptr %pb, align 4, !alias.scope !9, !noalias !6
  %c0 = load i32, ptr %count, align 4
  %vi = load i32, ptr %pa, align 4
  %c1 = add i32 %c0, %vi
  store i32 %c1, ptr %count, align 4
  call void @llvm.experimental.noalias.scope.decl(metadata !11)
  call void @llvm.experimental.noalias.scope.decl(metadata !14)
  %i2 = add nuw nsw i64 %i, 2
  %j = and i64 %i2, 7
  %pc = getelementptr inbounds i32, ptr %v, i64 %j
  %a2 = load i32, ptr %pb, align 4, !alias.scope !11, !noalias !14
  %b2 = load i32, ptr %pc, align 4, !alias.scope !14, !noalias !11
  store i32 %b2, ptr %pb, align 4, !alias.scope !11, !noalias !14
  store i32 %a2, ptr %pc, align 4, !alias.scope !14, !noalias !11
  %last = load i32, ptr %pb, align 4
  %c2 = load i32, ptr %count, align 4
  %c3 = xor i32 %c2, %last
  store i32 %c3, ptr %count, align 4
  %i.next = add nuw nsw i64 %i, 2
  %more = icmp ult i64 %i.next, 8
  br i1 %more, label %body, label %done

done:
  ret void
}

define i32 @main() #0 {
start:
  %r1 = call i32 @_ZN11rust_slices3mix17h5e0c1d2b3a4f6789E(ptr @buf, ptr @src, ptr @total, i64 8)
  %r2 = call i32 @_ZN11rust_slices3mix17h5e0c1d2b3a4f6789E(ptr @src, ptr @buf, ptr @src, i64 4)
  call void @_ZN11rust_slices6rotate17h0f9e8d7c6b5a4321E(ptr @buf, ptr getelementptr inbounds (i8, ptr @buf, i64 8))
  call void @_ZN11rust_slices6rotate17h0f9e8d7c6b5a4321E(ptr @src, ptr @total)
  %r3 = call i32 @_ZN11rust_slices3mix17h5e0c1d2b3a4f6789E(ptr getelementptr inbounds (i8, ptr @buf, i64 4), ptr @src, ptr @buf, i64 7)
  br label %sum

sum:
  %k = phi i64 [ 0, %start ], [ %k.next, %sum ]
  %h = phi i32 [ 17, %start ], [ %h2, %sum ]
  %p = getelementptr inbounds i32, ptr @buf, i64 %k
  %q = getelementptr inbounds i32, ptr @src, i64 %k
  %bv = load i32, ptr %p, align 4
  %sv = load i32, ptr %q, align 4
  %h0 = mul i32 %h, 31
  %h1 = add i32 %h0, %bv
  %h1b = mul i32 %h1, 7
  %h2 = add i32 %h1b, %sv
  %k.next = add nuw nsw i64 %k, 1
  %again = icmp ult i64 %k.next, 8
  br i1 %again, label %sum, label %print

print:
  %t = load i32, ptr @total, align 4
  %ht = add i32 %h2, %t
  %c = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r1, i32 %r2, i32 %r3, i32 %ht)
  ret i32 0
}

attributes #0 = { noinline nounwind nonlazybind uwtable "probe-stack"="inline-asm" "target-cpu"="x86-64" }

!0 = !{!1}
!1 = distinct !{!1, !2, !"_ZN11rust_slices4axpy17h1a2b3c4d5e6f7081E: %y.0"}
!2 = distinct !{!2, !"_ZN11rust_slices4axpy17h1a2b3c4d5e6f7081E"}
!3 = !{!4}
!4 = distinct !{!4, !2, !"_ZN11rust_slices4axpy17h1a2b3c4d5e6f7081E: %x.0"}
!5 = distinct !{!5, !"_ZN4core3mem4swap17h9a8b7c6d5e4f3021E"}
!6 = !{!7}
!7 = distinct !{!7, !5, !"_ZN4core3mem4swap17h9a8b7c6d5e4f3021E: %x"}
!8 = distinct !{!8, !5, !"_ZN4core3mem4swap17h9a8b7c6d5e4f3021E: %y"}
!9 = !{!8}
!10 = distinct !{!10, !"_ZN4core3mem4swap17h9a8b7c6d5e4f3021E"}
!11 = !{!12}
!12 = distinct !{!12, !10, !"_ZN4core3mem4swap17h9a8b7c6d5e4f3021E: %x"}
!13 = distinct !{!13, !10, !"_ZN4core3mem4swap17h9a8b7c6d5e4f3021E: %y"}
!14 = !{!13}
