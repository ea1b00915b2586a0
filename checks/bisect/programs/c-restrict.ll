; Clang-style module: C with `restrict`, after LLVM inlined
; `scale(float *restrict d, const float *restrict s, int n, float k)` into
; `process`: the inlined loop carries a distinct domain "scale" and one
; scope per restrict parameter, on top of clang's struct-path TBAA (old
; format, "omnipotent char" under "Simple C/C++ TBAA"). The rest of
; `process` reads and writes through `out`, `in` and `count` without
; scopes; main calls it with out == in once (the inlined scale is skipped
; then, as the source does). main prints a checksum.
;
;   int process(float *out, const float *in, int *count, int n) {
;     if (out != in) scale(out, in, n, 1.5f);
;     float first = in[0];
;     *count += n;
;     out[0] += (float)*count;
;     *count += (int)in[0] - (int)first;
;     return *count + (int)out[1];
;   }
source_filename = "c_restrict.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@a = dso_local global [8 x float] [float 1.0, float 2.0, float 3.0, float 4.0, float 5.0, float 6.0, float 7.0, float 8.0], align 16
@b = dso_local global [8 x float] [float 0.5, float 1.5, float 2.5, float 3.5, float 4.5, float 5.5, float 6.5, float 7.5], align 16
@c = dso_local global i32 0, align 4
@.str = private unnamed_addr constant [27 x i8] c"process %d %d %d %d %d %d\0A\00", align 1

declare i32 @printf(ptr noundef, ...)
declare void @llvm.experimental.noalias.scope.decl(metadata)

define dso_local i32 @process(ptr noundef %out, ptr noundef %in, ptr noundef %count, i32 noundef %n) #0 {
entry:
  %same = icmp eq ptr %out, %in
  br i1 %same, label %after.scale, label %scale.entry

scale.entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !10)
  call void @llvm.experimental.noalias.scope.decl(metadata !13)
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %scale.loop.pre, label %after.scale

scale.loop.pre:
  %wide.n = zext nneg i32 %n to i64
  br label %scale.loop

scale.loop:
  %i = phi i64 [ 0, %scale.loop.pre ], [ %i.next, %scale.loop ]
  %sp = getelementptr inbounds float, ptr %in, i64 %i
  %sv = load float, ptr %sp, align 4, !tbaa !5, !alias.scope !13, !noalias !10
  %mul = fmul float %sv, 1.500000e+00
  %dp = getelementptr inbounds float, ptr %out, i64 %i
  store float %mul, ptr %dp, align 4, !tbaa !5, !alias.scope !10, !noalias !13
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %wide.n
  br i1 %done, label %after.scale, label %scale.loop

after.scale:
  %first = load float, ptr %in, align 4, !tbaa !5
  %c0 = load i32, ptr %count, align 4, !tbaa !8
  %c1 = add nsw i32 %c0, %n
  store i32 %c1, ptr %count, align 4, !tbaa !8
  %o0 = load float, ptr %out, align 4, !tbaa !5
  %c1f = sitofp i32 %c1 to float
  %o0n = fadd float %o0, %c1f
  store float %o0n, ptr %out, align 4, !tbaa !5
  %in0 = load float, ptr %in, align 4, !tbaa !5
  %in0i = fptosi float %in0 to i32
  %firsti = fptosi float %first to i32
  %delta = sub nsw i32 %in0i, %firsti
  %c2 = load i32, ptr %count, align 4, !tbaa !8
  %c3 = add nsw i32 %c2, %delta
  store i32 %c3, ptr %count, align 4, !tbaa !8
  %o1p = getelementptr inbounds float, ptr %out, i64 1
  %o1 = load float, ptr %o1p, align 4, !tbaa !5
  %o1i = fptosi float %o1 to i32
  %r = add nsw i32 %c3, %o1i
  ret i32 %r
}

define dso_local i32 @main() #0 {
entry:
  %r1 = call i32 @process(ptr noundef @a, ptr noundef @b, ptr noundef @c, i32 noundef 8)
  %r2 = call i32 @process(ptr noundef @a, ptr noundef @a, ptr noundef @c, i32 noundef 8)
  %r3 = call i32 @process(ptr noundef @b, ptr noundef getelementptr inbounds (i8, ptr @a, i64 8), ptr noundef @c, i32 noundef 5)
  %r4 = call i32 @process(ptr noundef getelementptr inbounds (i8, ptr @b, i64 4), ptr noundef getelementptr inbounds (i8, ptr @b, i64 4), ptr noundef @c, i32 noundef 3)
  %cv = load i32, ptr @c, align 4, !tbaa !8
  %b7 = load float, ptr getelementptr inbounds (i8, ptr @b, i64 28), align 4, !tbaa !5
  %b7i = fptosi float %b7 to i32
  %call = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %r1, i32 noundef %r2, i32 noundef %r3, i32 noundef %r4, i32 noundef %cv, i32 noundef %b7i)
  ret i32 0
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" }

!llvm.module.flags = !{!0}
!llvm.ident = !{!1}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{!"clang version 22 (hand-written module of aliaskit's bisect corpus)"}
!2 = !{!"Simple C/C++ TBAA"}
!3 = !{!"omnipotent char", !2, i64 0}
!4 = !{!"float", !3, i64 0}
!5 = !{!4, !4, i64 0}
!7 = !{!"int", !3, i64 0}
!8 = !{!7, !7, i64 0}
!10 = !{!11}
!11 = distinct !{!11, !12, !"scale: %d"}
!12 = distinct !{!12, !"scale"}
!13 = !{!14}
!14 = distinct !{!14, !12, !"scale: %s"}
