; Functions that do not capture their captures(none) parameters: loads and
; stores through them (and GEPs of them), non-volatile memory intrinsics,
; passing them to captures(none) callees, comparing the values loaded
; through them or other values, calling through them, storing other values
; into them, copies in a private alloca that are only dereferenced, a
; store overwritten before anything can read it, a monotonic store in
; between. The module must pass with no output and exit status 0, also in
; <json> mode, and after LLVM's function-attrs (which infers captures(none)
; for every parameter here that it can prove, listed below).
;
; RUN: %opt -passes=check-captures -disable-output %s 2>&1 | count 0
; RUN: %opt -passes='check-captures<json>' -disable-output %s 2>&1 | count 0
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %s > %t.bare.ll
; RUN: %opt -passes='cgscc(function-attrs),check-captures' -S %t.bare.ll 2>%t.err | FileCheck %s
; RUN: count 0 < %t.err

@glb = global ptr null
@cnt = global i32 0
@lock = global i8 0

declare void @ext_none(ptr captures(none))
declare void @ext_addr_null(ptr captures(address_is_null))
declare void @ext_ret(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

; CHECK: define i32 @load_store(ptr captures(none) %a)
define i32 @load_store(ptr captures(none) %a) {
  %v = load i32, ptr %a
  %g = getelementptr inbounds i32, ptr %a, i64 1
  %w = load i32, ptr %g
  %s = add i32 %v, %w
  store i32 %s, ptr %g
  ret i32 %s
}

; CHECK: define void @store_other_value(ptr writeonly captures(none) initializes((0, 8)) %a, ptr %b)
define void @store_other_value(ptr captures(none) %a, ptr %b) {
  store ptr %b, ptr %a
  ret void
}

; CHECK: define void @memcpy(ptr writeonly captures(none) initializes((0, 16)) %a, ptr readonly captures(none) %b)
define void @memcpy(ptr captures(none) %a, ptr captures(none) %b) {
  call void @llvm.memcpy.p0.p0.i64(ptr %a, ptr %b, i64 16, i1 false)
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 4, i1 false)
  ret void
}

; CHECK: define void @pass_to_none(ptr captures(none) %a)
define void @pass_to_none(ptr captures(none) %a) {
  %g = getelementptr inbounds i8, ptr %a, i64 16
  call void @ext_none(ptr %a)
  call void @ext_none(ptr %g)
  ret void
}

; CHECK: define void @pass_to_null(ptr captures(address_is_null) %a)
define void @pass_to_null(ptr captures(address_is_null) %a) {
  call void @ext_addr_null(ptr %a)
  ret void
}

; CHECK: define i1 @compare_loaded(ptr readonly captures(none) %a, ptr readnone captures(address) %b)
define i1 @compare_loaded(ptr captures(none) %a, ptr captures(address) %b) {
  %p = load ptr, ptr %a
  %c = icmp eq ptr %p, %b
  ret i1 %c
}

; CHECK: define i1 @compare_ints(ptr readonly captures(none) %a, i32 %x)
define i1 @compare_ints(ptr captures(none) %a, i32 %x) {
  %v = load i32, ptr %a
  %c = icmp slt i32 %v, %x
  ret i1 %c
}

; CHECK: define void @call_through(ptr readonly captures(none) %fp)
define void @call_through(ptr captures(none) %fp) {
  call void %fp()
  ret void
}

; CHECK: define i32 @select_cond_other(ptr readonly captures(none) %a, ptr readonly captures(none) %b, i1 %c)
define i32 @select_cond_other(ptr captures(none) %a, ptr captures(none) %b, i1 %c) {
  %s = select i1 %c, ptr %a, ptr %b
  %v = load i32, ptr %s
  ret i32 %v
}

; A copy kept in a private alloca and only dereferenced (LLVM counts the
; store as a capture, before SROA).
; CHECK: define i32 @slot(ptr %a)
define i32 @slot(ptr captures(none) %a) {
  %s = alloca ptr
  store ptr %a, ptr %s
  %l = load ptr, ptr %s
  %v = load i32, ptr %l
  ret i32 %v
}

; LangRef's %b: overwritten before anyone can read it, a monotonic store
; in between (no release) changes nothing.
; CHECK: define void @overwritten(ptr %b)
define void @overwritten(ptr captures(none) %b) {
  store ptr %b, ptr @glb
  store atomic i8 0, ptr @lock monotonic, align 1
  store ptr null, ptr @glb
  ret void
}

; Atomic read-modify-write through the pointer (not volatile).
; CHECK: define i32 @rmw(ptr captures(none) %a)
define i32 @rmw(ptr captures(none) %a) {
  %old = atomicrmw add ptr %a, i32 1 seq_cst
  ret i32 %old
}

; Non-pointer parameters and parameters without captures are not checked.
; CHECK: define ptr @unchecked(ptr readnone returned captures(ret: address, provenance) %a, i64 %n)
define ptr @unchecked(ptr %a, i64 %n) {
  ret ptr %a
}
