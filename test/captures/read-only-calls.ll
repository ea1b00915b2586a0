; A call that writes no memory (memory(read), memory(none), on the call or
; the callee) and returns void keeps no copy of its arguments: it can only
; inspect their address. LLVM's function-attrs reasons the same way and
; infers captures(address) for a pointer only passed to such a call (the
; INFER run), so check-captures must accept that claim, and still flag
; captures(none) (the callee may compare the address) as a possible
; capture.
;
; RUN: %opt -passes=check-captures -disable-output %s 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %s | %opt-llvm -passes=function-attrs -S | FileCheck %s --check-prefix=INFER

declare void @reads(ptr)  memory(read)
declare void @reads_nothing(ptr) memory(none)
declare void @may_write(ptr) memory(argmem: write)
declare i32 @reads_returns(ptr) memory(read)
declare void @unknown(ptr)

define void @ro_address(ptr captures(address) %p) {
  call void @reads(ptr %p)
  call void @reads_nothing(ptr %p)
  call void @unknown(ptr %p) memory(read)
  ret void
}

define void @ro_none(ptr captures(none) %p) {
  call void @reads(ptr %p)
  ret void
}

define void @writes(ptr captures(address) %p) {
  call void @may_write(ptr %p)
  ret void
}

define void @returns(ptr captures(address) %p) {
  %x = call i32 @reads_returns(ptr %p)
  ret void
}

; CHECK: warning: check-captures [passed-on]: @ro_none: parameter %p (argument 0) is declared captures(none), but the function captures address of it
; CHECK-NEXT: {{.+}} to @reads, whose parameter has no captures attribute, but the call writes no memory and returns nothing: at most the address
; CHECK: warning: check-captures [passed-on]: @writes: parameter %p (argument 0) is declared captures(address), but the function captures address, provenance of it
; CHECK: warning: check-captures [passed-on]: @returns: parameter %p (argument 0) is declared captures(address), but the function captures address, provenance of it

; INFER: define void @ro_address(ptr readonly captures(address) %p)
; INFER: define void @ro_none(ptr readonly captures(address) %p)
; INFER: define void @writes(ptr %p)
; INFER: define void @returns(ptr readonly %p)
