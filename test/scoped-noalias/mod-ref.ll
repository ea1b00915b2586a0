; Calls carry !alias.scope / !noalias like loads and stores, and the
; scoped analysis uses them in both mod/ref queries:
;  * call vs location: the call does not touch the location if the
;    location's !alias.scope is covered by the call's !noalias, or the
;    call's !alias.scope by the location's !noalias;
;  * call vs call: the same test on the two calls' own lists.
; Here GVN forwards a load across a memset / memcpy / opaque call, and
; EarlyCSE (with MemorySSA) merges two read-only calls across a writing
; call, in each direction of the rule; with a scope of the wrong kind,
; nothing happens.
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,SCOPED
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,SCOPED
; RUN: %opt -aa-pipeline=basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,BASIC
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes='early-cse<memssa>' -S %s | FileCheck %s --check-prefixes=CSE,CSE-SCOPED
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes='early-cse<memssa>' -S %s | FileCheck %s --check-prefixes=CSE,CSE-SCOPED
; RUN: %opt -aa-pipeline=basic-aa -passes='early-cse<memssa>' -S %s | FileCheck %s --check-prefixes=CSE,CSE-BASIC
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes='print<memoryssa>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MSSA
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes='print<memoryssa>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=MSSA

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @scribble(ptr)
declare void @unknown()
declare i32 @inspect(ptr) memory(read)

; memset in scope {dst}; the loads of %src are known not to alias {dst}.
; CHECK-LABEL: define i32 @clear_then_reload(
; CHECK:        call void @llvm.memset
; SCOPED-NEXT:  %sum = add i32 %first, %first
; BASIC-NEXT:   %second = load i32, ptr %src
; BASIC-NEXT:   %sum = add i32 %first, %second
define i32 @clear_then_reload(ptr %dst, ptr %src) {
  %first = load i32, ptr %src, align 4, !noalias !10
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 64, i1 false), !alias.scope !10
  %second = load i32, ptr %src, align 4, !noalias !10
  %sum = add i32 %first, %second
  ret i32 %sum
}

; The same with a memcpy, which reads %from and writes %to: both in scope
; {dst, src}, while the loads exclude both scopes.
; CHECK-LABEL: define i32 @copy_then_reload(
; CHECK:        call void @llvm.memcpy
; SCOPED-NEXT:  %sum = add i32 %first, %first
; BASIC-NEXT:   %second = load i32, ptr %p
; BASIC-NEXT:   %sum = add i32 %first, %second
define i32 @copy_then_reload(ptr %to, ptr %from, ptr %p) {
  %first = load i32, ptr %p, align 4, !noalias !12
  call void @llvm.memcpy.p0.p0.i64(ptr %to, ptr %from, i64 32, i1 false), !alias.scope !12
  %second = load i32, ptr %p, align 4, !noalias !12
  %sum = add i32 %first, %second
  ret i32 %sum
}

; Control: the loads only exclude {src}, the memset is in {dst}. Nothing
; is forwarded, with or without a scoped analysis.
; CHECK-LABEL: define i32 @wrong_scope(
; CHECK:        call void @llvm.memset
; CHECK-NEXT:   %second = load i32, ptr %src
; CHECK-NEXT:   %sum = add i32 %first, %second
define i32 @wrong_scope(ptr %dst, ptr %src) {
  %first = load i32, ptr %src, align 4, !noalias !11
  call void @llvm.memset.p0.i64(ptr %dst, i8 0, i64 64, i1 false), !alias.scope !10
  %second = load i32, ptr %src, align 4, !noalias !11
  %sum = add i32 %first, %second
  ret i32 %sum
}

; The other direction: the loads are in scope {src} and the opaque call
; (which may write anything) is known not to touch {src}.
; CHECK-LABEL: define i32 @call_excludes_load(
; CHECK:        call void @unknown()
; SCOPED-NEXT:  %sum = add i32 %first, %first
; BASIC-NEXT:   %second = load i32, ptr %src
; BASIC-NEXT:   %sum = add i32 %first, %second
;
; MSSA-LABEL: MemorySSA for function: call_excludes_load
; MSSA:       1 = MemoryDef(liveOnEntry)
; MSSA-NEXT:  call void @unknown(), !noalias
; MSSA-NEXT:  MemoryUse(liveOnEntry)
; MSSA-NEXT:  %second = load i32, ptr %src
define i32 @call_excludes_load(ptr %src) {
  %first = load i32, ptr %src, align 4, !alias.scope !11
  call void @unknown(), !noalias !11
  %second = load i32, ptr %src, align 4, !alias.scope !11
  %sum = add i32 %first, %second
  ret i32 %sum
}

; Control for that direction: the call excludes {dst} only.
; CHECK-LABEL: define i32 @call_excludes_other(
; CHECK:        call void @unknown()
; CHECK-NEXT:   %second = load i32, ptr %src
; MSSA-LABEL: MemorySSA for function: call_excludes_other
; MSSA:       1 = MemoryDef(liveOnEntry)
; MSSA-NEXT:  call void @unknown(), !noalias
; MSSA-NEXT:  MemoryUse(1)
; MSSA-NEXT:  %second = load i32, ptr %src
define i32 @call_excludes_other(ptr %src) {
  %first = load i32, ptr %src, align 4, !alias.scope !11
  call void @unknown(), !noalias !10
  %second = load i32, ptr %src, align 4, !alias.scope !11
  %sum = add i32 %first, %second
  ret i32 %sum
}

; Call vs call. @scribble (may write anything) is in scope {dst}; the
; read-only calls exclude {dst}: the second @inspect reads what the first
; read and is CSE'd.
; CSE-LABEL: define i32 @calls_scribble_in_scope(
; CSE:             call void @scribble(ptr %dst)
; CSE-SCOPED-NEXT: %sum = add i32 %first, %first
; CSE-BASIC-NEXT:  %second = call i32 @inspect(ptr %src)
; MSSA-LABEL: MemorySSA for function: calls_scribble_in_scope
; MSSA:       1 = MemoryDef(liveOnEntry)
; MSSA-NEXT:  call void @scribble(ptr %dst), !alias.scope
; MSSA-NEXT:  MemoryUse(liveOnEntry)
; MSSA-NEXT:  %second = call i32 @inspect(ptr %src)
define i32 @calls_scribble_in_scope(ptr %dst, ptr %src) {
  %first = call i32 @inspect(ptr %src), !noalias !10
  call void @scribble(ptr %dst), !alias.scope !10
  %second = call i32 @inspect(ptr %src), !noalias !10
  %sum = add i32 %first, %second
  ret i32 %sum
}

; The other direction: the read-only calls are in {src}, @scribble
; excludes it.
; CSE-LABEL: define i32 @calls_scribble_excludes(
; CSE:             call void @scribble(ptr %dst)
; CSE-SCOPED-NEXT: %sum = add i32 %first, %first
; CSE-BASIC-NEXT:  %second = call i32 @inspect(ptr %src)
; MSSA-LABEL: MemorySSA for function: calls_scribble_excludes
; MSSA:       1 = MemoryDef(liveOnEntry)
; MSSA-NEXT:  call void @scribble(ptr %dst), !noalias
; MSSA-NEXT:  MemoryUse(liveOnEntry)
; MSSA-NEXT:  %second = call i32 @inspect(ptr %src)
define i32 @calls_scribble_excludes(ptr %dst, ptr %src) {
  %first = call i32 @inspect(ptr %src), !alias.scope !11
  call void @scribble(ptr %dst), !noalias !11
  %second = call i32 @inspect(ptr %src), !alias.scope !11
  %sum = add i32 %first, %second
  ret i32 %sum
}

; Control: @scribble is in {dst, src}, the read-only calls exclude only
; {dst}. The second call stays.
; CSE-LABEL: define i32 @calls_half_excluded(
; CSE:        call void @scribble(ptr %dst)
; CSE-NEXT:   %second = call i32 @inspect(ptr %src)
; MSSA-LABEL: MemorySSA for function: calls_half_excluded
; MSSA:       1 = MemoryDef(liveOnEntry)
; MSSA-NEXT:  call void @scribble(ptr %dst), !alias.scope
; MSSA-NEXT:  MemoryUse(1)
; MSSA-NEXT:  %second = call i32 @inspect(ptr %src)
define i32 @calls_half_excluded(ptr %dst, ptr %src) {
  %first = call i32 @inspect(ptr %src), !noalias !10
  call void @scribble(ptr %dst), !alias.scope !12
  %second = call i32 @inspect(ptr %src), !noalias !10
  %sum = add i32 %first, %second
  ret i32 %sum
}

!0 = distinct !{!0, !"modref"}
!1 = distinct !{!1, !0, !"modref: dst"}
!2 = distinct !{!2, !0, !"modref: src"}
!10 = !{!1}
!11 = !{!2}
!12 = !{!1, !2}
