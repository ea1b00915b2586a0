; getelementptr in check-captures: a GEP with indices is a pointer based on
; its operand 0 but with other bits (comparing it with null compares the
; address), a GEP without indices is its operand again (the same bits), and
; a slot reached through GEPs is still one private slot whose copies are
; followed. LLVM's function-attrs infers captures(address) for @gep0 and
; @gep1 alike; for @gep0 address_is_null is also true.
;
; RUN: %opt -passes='check-captures<warn;why-not>' -disable-output %s 2>&1 | FileCheck %s
;
; CHECK: note: check-captures [why-not]: @gep0: parameter %p (argument 0) is declared captures(address_is_null), and no use captures more
; CHECK-NEXT:   allowed [inspected]: %c = icmp eq ptr %q, null: it is compared with null (address_is_null)
; CHECK-NOT: error: {{.*}}@gep0:
; CHECK: error: check-captures [inspected]: @gep1: parameter %p (argument 0) is declared captures(address_is_null), but the function captures address of it
; CHECK-NEXT:   condition 3: the function's behaviour depends on its bits: its address is compared
; CHECK-NEXT:   %c = icmp eq ptr %q, null
; CHECK-NEXT:   uses: %p -> %q = getelementptr i8, ptr %p, i64 0 -> %c = icmp eq ptr %q, null
; CHECK: error: check-captures [inspected]: @vgep: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:   condition 3: the function's behaviour depends on its bits: it is converted to an integer (ptrtoint)
; CHECK: error: check-captures [stored-visible]: @slot: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:   condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; CHECK-NEXT:   store ptr %l, ptr @g, align 8
; CHECK-NEXT:   uses: %p -> store ptr %p, ptr %b, align 8 -> %l = load ptr, ptr %z, align 8 -> store ptr %l, ptr @g, align 8
; CHECK-NOT: error: {{.*}}@gep0:

define ptr @gep0(ptr captures(address_is_null) %p) {
  %q = getelementptr i8, ptr %p
  %c = icmp eq ptr %q, null
  ret ptr null
}
define void @gep1(ptr captures(address_is_null) %p) {
  %q = getelementptr i8, ptr %p, i64 0
  %c = icmp eq ptr %q, null
  ret void
}
define void @vgep(ptr captures(none) %p, <2 x i64> %i) {
  %q = getelementptr i8, ptr %p, <2 x i64> %i
  %c = ptrtoint <2 x ptr> %q to <2 x i64>
  ret void
}
@g = global ptr null
define void @slot(ptr captures(none) %p) {
  %a = alloca [2 x ptr]
  %b = getelementptr ptr, ptr %a, i64 1
  %z = getelementptr ptr, ptr %a
  store ptr %p, ptr %b
  %l = load ptr, ptr %z
  store ptr %l, ptr @g
  ret void
}
