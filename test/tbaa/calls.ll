; TBAA on calls. A call carrying !tbaa accesses memory of that type only:
;  * call vs location (getModRefInfo(Call, Loc)): a call tagged float does
;    not clobber an int load; one tagged int, or an untagged one, does. The
;    same holds for memory intrinsics (memset, masked store) with a tag;
;  * call vs call (getModRefInfo(Call1, Call2)): a read-only call tagged int
;    is not clobbered by a call tagged float, so GVN reuses its result and
;    MemorySSA links it past that call; untagged calls stay clobbered.
; aa-eval cannot show these (it only evaluates load/store pairs), so GVN,
; EarlyCSE and MemorySSA do. rust-tbaa must match the built-in tbaa.
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,GVN
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,GVN
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes='early-cse<memssa>' -S %s | FileCheck %s
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes='early-cse<memssa>' -S %s | FileCheck %s
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes='print<memoryssa>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MSSA
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes='print<memoryssa>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MSSA

declare void @clobber()
declare i32 @peek(ptr) memory(read)
declare void @poke(ptr) memory(argmem: write)

; --- call vs load ------------------------------------------------------------

; CHECK-LABEL: define i32 @float_call_int_load(
; CHECK: call void @clobber(), !tbaa
; CHECK-NEXT: %sum = add i32 %one, %one
define i32 @float_call_int_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @clobber(), !tbaa !13
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @int_call_int_load(
; CHECK: call void @clobber(), !tbaa
; CHECK-NEXT: %two = load i32, ptr %p
; CHECK-NEXT: %sum = add i32 %one, %two
define i32 @int_call_int_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @clobber(), !tbaa !12
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; A char call may write anything (char aliases int).
; CHECK-LABEL: define i32 @char_call_int_load(
; CHECK: call void @clobber(), !tbaa
; CHECK-NEXT: %two = load i32, ptr %p
define i32 @char_call_int_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @clobber(), !tbaa !11
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @untagged_call_int_load(
; CHECK: call void @clobber()
; CHECK-NEXT: %two = load i32, ptr %p
define i32 @untagged_call_int_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @clobber()
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; The tagged call against an untagged load: no TBAA answer.
; CHECK-LABEL: define i32 @float_call_untagged_load(
; CHECK: call void @clobber(), !tbaa
; CHECK-NEXT: %two = load i32, ptr %p
define i32 @float_call_untagged_load(ptr %p) {
  %one = load i32, ptr %p, align 4
  call void @clobber(), !tbaa !13
  %two = load i32, ptr %p, align 4
  %sum = add i32 %one, %two
  ret i32 %sum
}

; A field of a struct (Mixed::f, a float) against a whole-int load.
; CHECK-LABEL: define i32 @field_call_int_load(
; CHECK: call void @clobber(), !tbaa
; CHECK-NEXT: %sum = add i32 %one, %one
define i32 @field_call_int_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @clobber(), !tbaa !15
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @float_memset_int_load(
; CHECK: call void @llvm.memset
; CHECK-NEXT: %sum = add i32 %one, %one
define i32 @float_memset_int_load(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @llvm.memset.p0.i64(ptr %q, i8 0, i64 4, i1 false), !tbaa !13
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @int_memset_int_load(
; CHECK: call void @llvm.memset
; CHECK-NEXT: %two = load i32, ptr %p
define i32 @int_memset_int_load(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @llvm.memset.p0.i64(ptr %q, i8 0, i64 4, i1 false), !tbaa !12
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; Masked loads tagged int across a masked store tagged float.
; CHECK-LABEL: define <4 x i32> @masked(
; CHECK: %one = call <4 x i32> @llvm.masked.load
; CHECK-NEXT: call void @llvm.masked.store
; CHECK-NOT: masked.load
; CHECK: %sum = add <4 x i32> %one, %one
define <4 x i32> @masked(ptr %p, ptr %q, <4 x i1> %m, <4 x float> %x) {
  %one = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 16 %p, <4 x i1> %m, <4 x i32> zeroinitializer), !tbaa !12
  call void @llvm.masked.store.v4f32.p0(<4 x float> %x, ptr align 16 %q, <4 x i1> %m), !tbaa !13
  %two = call <4 x i32> @llvm.masked.load.v4i32.p0(ptr align 16 %p, <4 x i1> %m, <4 x i32> zeroinitializer), !tbaa !12
  %sum = add <4 x i32> %one, %two
  ret <4 x i32> %sum
}

; --- call vs call --------------------------------------------------------------

; GVN-LABEL: define i32 @reads_across_float_call(
; GVN: call void @clobber(), !tbaa
; GVN-NEXT: %sum = add i32 %one, %one
define i32 @reads_across_float_call(ptr %p) {
  %one = call i32 @peek(ptr %p), !tbaa !12
  call void @clobber(), !tbaa !13
  %two = call i32 @peek(ptr %p), !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; GVN-LABEL: define i32 @reads_across_int_call(
; GVN: call void @clobber(), !tbaa
; GVN-NEXT: %two = call i32 @peek(ptr %p)
; GVN-NEXT: %sum = add i32 %one, %two
define i32 @reads_across_int_call(ptr %p) {
  %one = call i32 @peek(ptr %p), !tbaa !12
  call void @clobber(), !tbaa !12
  %two = call i32 @peek(ptr %p), !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; GVN-LABEL: define i32 @untagged_reads_across_float_call(
; GVN: call void @clobber(), !tbaa
; GVN-NEXT: %two = call i32 @peek(ptr %p)
; GVN-NEXT: %sum = add i32 %one, %two
define i32 @untagged_reads_across_float_call(ptr %p) {
  %one = call i32 @peek(ptr %p)
  call void @clobber(), !tbaa !13
  %two = call i32 @peek(ptr %p)
  %sum = add i32 %one, %two
  ret i32 %sum
}

; GVN-LABEL: define i32 @reads_across_float_argmem_call(
; GVN: call void @poke(ptr %q), !tbaa
; GVN-NEXT: %sum = add i32 %one, %one
define i32 @reads_across_float_argmem_call(ptr %p, ptr %q) {
  %one = call i32 @peek(ptr %p), !tbaa !12
  call void @poke(ptr %q), !tbaa !13
  %two = call i32 @peek(ptr %p), !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; MemorySSA: a read tagged int skips writes tagged float, not writes tagged
; int or untagged ones.
; MSSA-LABEL: MemorySSA for function: walk
; MSSA: 1 = MemoryDef(liveOnEntry)
; MSSA-NEXT: call void @poke(ptr %q), !tbaa
; MSSA-NEXT: MemoryUse(liveOnEntry)
; MSSA-NEXT: %a = call i32 @peek(ptr %p), !tbaa
; MSSA-NEXT: 2 = MemoryDef(1)
; MSSA-NEXT: call void @poke(ptr %q), !tbaa
; MSSA-NEXT: 3 = MemoryDef(2)
; MSSA-NEXT: call void @poke(ptr %q), !tbaa
; MSSA-NEXT: MemoryUse(2)
; MSSA-NEXT: %b = call i32 @peek(ptr %p), !tbaa
; MSSA-NEXT: 4 = MemoryDef(3)
; MSSA-NEXT: call void @poke(ptr %q){{$}}
; MSSA-NEXT: MemoryUse(4)
; MSSA-NEXT: %c = call i32 @peek(ptr %p), !tbaa
; MSSA-NEXT: MemoryUse(4)
; MSSA-NEXT: %d = call i32 @peek(ptr %p){{$}}
define i32 @walk(ptr %p, ptr %q) {
  call void @poke(ptr %q), !tbaa !13
  %a = call i32 @peek(ptr %p), !tbaa !12
  call void @poke(ptr %q), !tbaa !12
  call void @poke(ptr %q), !tbaa !13
  %b = call i32 @peek(ptr %p), !tbaa !12
  call void @poke(ptr %q)
  %c = call i32 @peek(ptr %p), !tbaa !12
  %d = call i32 @peek(ptr %p)
  %s1 = add i32 %a, %b
  %s2 = add i32 %c, %d
  %s = add i32 %s1, %s2
  ret i32 %s
}

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare <4 x i32> @llvm.masked.load.v4i32.p0(ptr, <4 x i1>, <4 x i32>)
declare void @llvm.masked.store.v4f32.p0(<4 x float>, ptr, <4 x i1>)

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!"Mixed", !2, i64 0, !3, i64 4}
!11 = !{!1, !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
!15 = !{!4, !3, i64 4}
