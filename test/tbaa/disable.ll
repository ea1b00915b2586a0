; Switching TBAA off. The built-in tbaa has the hidden option -enable-tbaa;
; rust-tbaa has -aliaskit-enable-tbaa (a plugin cannot see LLVM's option)
; and the environment variable ALIASKIT_ENABLE_TBAA. Both analyses also
; stay silent in functions with the sanitize_type attribute (the type
; sanitizer checks the very accesses TBAA would assume apart). Switched off,
; every answer is the conservative one: no NoAlias, no immutable memory,
; no call effects from the call's tag, nothing about errno.
;
; Switched on (the default), for reference:
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: env ALIASKIT_ENABLE_TBAA=1 %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
;
; Switched off:
; RUN: %opt-llvm -enable-tbaa=false -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: %opt -aliaskit-enable-tbaa=false -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: env ALIASKIT_ENABLE_TBAA=0 %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: env ALIASKIT_ENABLE_TBAA=false %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
;
; The plugin's switch is rust-tbaa's own: the built-in tbaa, loaded in the
; same opt, keeps working.
; RUN: %opt -aliaskit-enable-tbaa=false -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON

declare void @opaque()
declare void @set_errno() memory(errnomem: write)

; An int load across a float store.
; CHECK-LABEL: define i32 @typed_store(
; CHECK: store float
; ON-NEXT: %sum = add i32 %one, %one
; OFF-NEXT: %two = load i32, ptr %p
; OFF-NEXT: %sum = add i32 %one, %two
define i32 @typed_store(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  store float 0.0, ptr %q, align 4, !tbaa !13
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; An immutable int load across an untagged store.
; CHECK-LABEL: define i32 @immutable_load(
; CHECK: store i32 5, ptr %q
; ON-NOT: load
; ON: %sum = add i32 %one, %one
; OFF-NEXT: %two = load i32, ptr %p
; OFF-NEXT: %sum = add i32 %one, %two
define i32 @immutable_load(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !14
  store i32 5, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !14
  %sum = add i32 %one, %two
  ret i32 %sum
}

; An unknown call whose tag is immutable.
; CHECK-LABEL: define i32 @immutable_call(
; CHECK: call void @opaque()
; ON-NEXT: %sum = add i32 %one, %one
; OFF-NEXT: %two = load i32, ptr %p
; OFF-NEXT: %sum = add i32 %one, %two
define i32 @immutable_call(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @opaque(), !tbaa !14
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; An unknown call tagged float.
; CHECK-LABEL: define i32 @float_call(
; CHECK: call void @opaque()
; ON-NEXT: %sum = add i32 %one, %one
; OFF-NEXT: %two = load i32, ptr %p
; OFF-NEXT: %sum = add i32 %one, %two
define i32 @float_call(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @opaque(), !tbaa !13
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; A float load across a call that writes errno (an int).
; CHECK-LABEL: define float @errno_call(
; CHECK: call void @set_errno()
; ON-NEXT: %sum = fadd float %one, %one
; OFF-NEXT: %two = load float, ptr %p
; OFF-NEXT: %sum = fadd float %one, %two
define float @errno_call(ptr %p) {
  %one = load float, ptr %p, align 4, !tbaa !13
  call void @set_errno()
  %two = load float, ptr %p, align 4, !tbaa !13
  %sum = fadd float %one, %two
  ret float %sum
}

; The type sanitizer is on for this function: never any TBAA answer, with
; the analyses switched on or off.
; CHECK-LABEL: define i32 @sanitized_typed_store(
; CHECK: %two = load i32, ptr %p
; CHECK-NEXT: %sum = add i32 %one, %two
define i32 @sanitized_typed_store(ptr %p, ptr %q) sanitize_type {
  %one = load i32, ptr %p, align 4, !tbaa !12
  store float 0.0, ptr %q, align 4, !tbaa !13
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @sanitized_immutable_call(
; CHECK: call void @opaque()
; CHECK-NEXT: %two = load i32, ptr %p
; CHECK-NEXT: %sum = add i32 %one, %two
define i32 @sanitized_immutable_call(ptr %p) sanitize_type {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @opaque(), !tbaa !14
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; And the next function, without the attribute, is analysed again.
; CHECK-LABEL: define i32 @after_sanitized(
; CHECK: store float
; ON-NEXT: %sum = add i32 %one, %one
; OFF-NEXT: %two = load i32, ptr %p
; OFF-NEXT: %sum = add i32 %one, %two
define i32 @after_sanitized(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  store float 0.0, ptr %q, align 4, !tbaa !13
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

!llvm.errno.tbaa = !{!12}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
!14 = !{!2, !2, i64 0, i64 1}
