; A pair of a frame checked in place whose two accesses are in two
; distinct static allocas (or globals) of the function is not compared:
; an access through a pointer based on one object touches none of
; another's bytes (sanitize_in_place.cpp, dropDistinctObjects). Here a
; callee's two noalias parameters, its start-point frame inlined where
; both are the caller's locals (Rust's `&mut self` and a return slot,
; once inlined): the frame is still counted, but compares nothing. Where
; one side is an argument, or the two sides one alloca, the pair stays.
;
; RUN: %opt -passes='aliaskit-sanitize<start>,always-inline,aliaskit-sanitize<end>,aliaskit-sanitize-in-place<stats>' -S %s -o - 2> %t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
;
; STATS: aliaskit-sanitize-in-place: 3 frames checked in place;{{.*}}; 1 pairs not compared, their accesses in distinct allocas or globals

; CHECK-LABEL: define void @locals(
; CHECK-NOT:     @__aliaskit_conflicts
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK-NOT:     @__aliaskit_conflicts
; CHECK:         ret void

; CHECK-LABEL: define void @local_and_arg(
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.start
; CHECK:         ret void

; CHECK-LABEL: define void @one_local(
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.start
; CHECK:         ret void

define internal void @pair_params(ptr noalias %p, ptr noalias %q) alwaysinline {
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %p, align 4
  ret void
}

define void @locals(ptr %out) {
  %a = alloca i32, align 4
  %b = alloca i32, align 4
  store i32 1, ptr %b, align 4
  call void @pair_params(ptr %a, ptr %b)
  %r = load i32, ptr %a, align 4
  store i32 %r, ptr %out, align 4
  ret void
}

define void @local_and_arg(ptr %out) {
  %a = alloca i32, align 4
  call void @pair_params(ptr %a, ptr %out)
  %r = load i32, ptr %a, align 4
  store i32 %r, ptr %out, align 4
  ret void
}

define void @one_local(ptr %out) {
  %a = alloca [2 x i32], align 4
  %a1 = getelementptr inbounds i32, ptr %a, i64 1
  store i32 1, ptr %a1, align 4
  call void @pair_params(ptr %a, ptr %a1)
  %r = load i32, ptr %a, align 4
  store i32 %r, ptr %out, align 4
  ret void
}
