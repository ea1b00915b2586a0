; The immutability flag of an access tag (operand 3 in the old format):
; memory accessed through an immutable tag is never written, so
;  * a load tagged immutable cannot observe an earlier store: DSE deletes a
;    store that is overwritten later, even across such a load (DSE);
;  * nothing clobbers a load tagged immutable, not even an unknown call
;    (early-cse<memssa> reuses the first load);
;  * a call whose own !tbaa is immutable has no memory effects (it does not
;    clobber an ordinary load; function-attrs infers memory(none));
;  * a store tagged immutable does not count as a write (function-attrs).
; In each case the same tag with flag 0 changes nothing. All tags here use
; the same access type (int), so only the flag can make the difference:
; without it the accesses may alias. rust-tbaa must match the built-in tbaa.
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=dse -S %s | FileCheck %s --check-prefix=DSE
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=dse -S %s | FileCheck %s --check-prefix=DSE
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes='early-cse<memssa>' -S %s | FileCheck %s --check-prefix=CSE
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes='early-cse<memssa>' -S %s | FileCheck %s --check-prefix=CSE
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=function-attrs -S %s | FileCheck %s --check-prefix=ATTRS
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=function-attrs -S %s | FileCheck %s --check-prefix=ATTRS

declare void @opaque()

; --- DSE -------------------------------------------------------------------

; DSE-LABEL: define i32 @dse_across_const_load(
; DSE-NOT: store i32 10
; DSE: %seen = load i32, ptr %q
; DSE-NEXT: store i32 20, ptr %p
define i32 @dse_across_const_load(ptr %p, ptr %q) {
  store i32 10, ptr %p, align 4, !tbaa !10
  %seen = load i32, ptr %q, align 4, !tbaa !11
  store i32 20, ptr %p, align 4, !tbaa !10
  ret i32 %seen
}

; DSE-LABEL: define i32 @dse_across_mutable_load(
; DSE: store i32 10, ptr %p
; DSE-NEXT: %seen = load i32, ptr %q
; DSE-NEXT: store i32 20, ptr %p
define i32 @dse_across_mutable_load(ptr %p, ptr %q) {
  store i32 10, ptr %p, align 4, !tbaa !10
  %seen = load i32, ptr %q, align 4, !tbaa !12
  store i32 20, ptr %p, align 4, !tbaa !10
  ret i32 %seen
}

; --- EarlyCSE with MemorySSA --------------------------------------------------

; CSE-LABEL: define i32 @cse_const_load_across_call(
; CSE: %one = load i32, ptr %p
; CSE-NEXT: call void @opaque()
; CSE-NEXT: %sum = add i32 %one, %one
define i32 @cse_const_load_across_call(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !11
  call void @opaque()
  %two = load i32, ptr %p, align 4, !tbaa !11
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CSE-LABEL: define i32 @cse_mutable_load_across_call(
; CSE: call void @opaque()
; CSE-NEXT: %two = load i32, ptr %p
; CSE-NEXT: %sum = add i32 %one, %two
define i32 @cse_mutable_load_across_call(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !12
  call void @opaque()
  %two = load i32, ptr %p, align 4, !tbaa !12
  %sum = add i32 %one, %two
  ret i32 %sum
}

; The call's own tag is immutable: the call counts as memory(none).
; CSE-LABEL: define i32 @cse_across_const_call(
; CSE: call void @opaque(), !tbaa
; CSE-NEXT: %sum = add i32 %one, %one
define i32 @cse_across_const_call(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !10
  call void @opaque(), !tbaa !11
  %two = load i32, ptr %p, align 4, !tbaa !10
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CSE-LABEL: define i32 @cse_across_mutable_call(
; CSE: call void @opaque(), !tbaa
; CSE-NEXT: %two = load i32, ptr %p
; CSE-NEXT: %sum = add i32 %one, %two
define i32 @cse_across_mutable_call(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !10
  call void @opaque(), !tbaa !12
  %two = load i32, ptr %p, align 4, !tbaa !10
  %sum = add i32 %one, %two
  ret i32 %sum
}

; The same in the new (size-aware) format, where the flag is operand 4.
; CSE-LABEL: define i32 @cse_new_format_const_load(
; CSE: call void @opaque()
; CSE-NEXT: %sum = add i32 %one, %one
define i32 @cse_new_format_const_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !22
  call void @opaque()
  %two = load i32, ptr %p, align 4, !tbaa !22
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CSE-LABEL: define i32 @cse_new_format_mutable_load(
; CSE: call void @opaque()
; CSE-NEXT: %two = load i32, ptr %p
; CSE-NEXT: %sum = add i32 %one, %two
define i32 @cse_new_format_mutable_load(ptr %p) {
  %one = load i32, ptr %p, align 4, !tbaa !23
  call void @opaque()
  %two = load i32, ptr %p, align 4, !tbaa !23
  %sum = add i32 %one, %two
  ret i32 %sum
}

; --- FunctionAttrs -------------------------------------------------------------

; ATTRS: Function Attrs: {{.*}}memory(none)
; ATTRS-NEXT: define void @attrs_const_store(
define void @attrs_const_store(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !11
  ret void
}

; ATTRS: Function Attrs: {{.*}}memory(argmem: write)
; ATTRS-NEXT: define void @attrs_mutable_store(
define void @attrs_mutable_store(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !12
  ret void
}

; ATTRS: Function Attrs: {{.*}}memory(none)
; ATTRS-NEXT: define void @attrs_const_call(
define void @attrs_const_call() {
  call void @opaque(), !tbaa !11
  ret void
}

; Nothing at all is inferred for the mutable call.
; ATTRS-NOT: Function Attrs
; ATTRS: define void @attrs_mutable_call(
define void @attrs_mutable_call() {
  call void @opaque(), !tbaa !12
  ret void
}

; ATTRS: Function Attrs: {{.*}}memory(none)
; ATTRS-NEXT: define void @attrs_const_memcpy(
define void @attrs_const_memcpy(ptr %dst, ptr %src) {
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 8, i1 false), !tbaa !11
  ret void
}

; ATTRS: Function Attrs: {{.*}}memory(argmem: readwrite)
; ATTRS-NEXT: define void @attrs_mutable_memcpy(
define void @attrs_mutable_memcpy(ptr %dst, ptr %src) {
  call void @llvm.memcpy.p0.p0.i64(ptr %dst, ptr %src, i64 8, i1 false), !tbaa !12
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!0 = !{!"a type system"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}          ; int
!11 = !{!2, !2, i64 0, i64 1}   ; int, immutable
!12 = !{!2, !2, i64 0, i64 0}   ; int, flag 0
; New format: parent, size, name; tags: base, access, offset, size, flag.
!20 = !{!0, i64 1, !"omnipotent char"}
!21 = !{!20, i64 4, !"int"}
!22 = !{!21, !21, i64 0, i64 4, i64 1}   ; int, immutable
!23 = !{!21, !21, i64 0, i64 4, i64 0}   ; int, flag 0
