; Call sites that carry captures(...) on an argument are checked against
; the callee's body when the callee is defined in the module (rule
; call-site-claim): the finding names the caller and the argument, the
; call is the instruction shown, the reason names the capturing
; instruction in the callee and the uses chain is the callee's. Claims the
; callee's body respects, and claims on calls of declarations, are not
; reported. A possible capture in the callee is a warning.
;
; RUN: not %opt -passes=check-captures -disable-output %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace --implicit-check-not=check-captures

@glb = global ptr null
@g8 = global i8 0

define void @stores(ptr %p) {
  store ptr %p, ptr @glb
  ret void
}

define i32 @reads(ptr %p) {
  %v = load i32, ptr %p
  ret i32 %v
}

define i1 @is_null(ptr %p) {
  %c = icmp eq ptr %p, null
  ret i1 %c
}

define i1 @is_g8(ptr %p) {
  %c = icmp eq ptr %p, @g8
  ret i1 %c
}

declare void @ext(ptr)

define void @passes_on(ptr %p) {
  call void @ext(ptr %p)
  ret void
}

define void @caller(ptr %x) {
  call void @stores(ptr captures(none) %x)
  %v = call i32 @reads(ptr captures(none) %x)
  %n = call i1 @is_null(ptr captures(address_is_null) %x)
  %m = call i1 @is_g8(ptr captures(address_is_null) %x)
  call void @ext(ptr captures(none) %x)
  call void @passes_on(ptr captures(none) %x)
  ret void
}

; CHECK:error: check-captures [call-site-claim]: @caller: this call claims captures(none) for argument 0, but @stores captures address, provenance of it
; CHECK-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global (in @stores: store ptr %p, ptr @glb, align 8)
; CHECK-NEXT:  call void @stores(ptr captures(none) %x)
; CHECK-NEXT:  uses: %p -> store ptr %p, ptr @glb, align 8
; CHECK-NEXT:error: check-captures [call-site-claim]: @caller: this call claims captures(address_is_null) for argument 0, but @is_g8 captures address of it
; CHECK-NEXT:  condition 3: the function's behaviour depends on its bits: its address is compared (in @is_g8: %c = icmp eq ptr %p, @g8)
; CHECK-NEXT:  %m = call i1 @is_g8(ptr captures(address_is_null) %x)
; CHECK-NEXT:  uses: %p -> %c = icmp eq ptr %p, @g8
; CHECK-NEXT:warning: check-captures [call-site-claim]: @caller: this call claims captures(none) for argument 0, but @passes_on captures address, provenance of it
; CHECK-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to @ext, whose parameter has no captures attribute (it may capture anything) (in @passes_on: call void @ext(ptr %p))
; CHECK-NEXT:  call void @passes_on(ptr captures(none) %x)
; CHECK-NEXT:  uses: %p -> call void @ext(ptr %p)
; CHECK-NEXT:LLVM ERROR: check-captures: 2 definite captures beyond what captures(...) allows
; CHECK-NOT:{{.}}
