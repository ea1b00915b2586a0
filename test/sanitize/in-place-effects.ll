; Counts added by the program (frames checked in place) are writes to a
; global, @__aliaskit_counts, and a call of the runtime: a function that
; counts, and its callers, get those in their memory effects, and so does
; each call with effects of its own, so that a later pipeline (`clang -O2`
; on `aliaskit sanitize`'s output) cannot keep a count in a register
; across a call that adds to it (GVN did, in a Rust program: a million
; accesses missing from the summary). A function with nothing of the
; sanitizer's that calls none that has keeps its effects.
;
; RUN: %opt -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>,aliaskit-sanitize-in-place' -S %s -o - | FileCheck %s
;
; CHECK:       define void @callee({{.*}}) #[[WIDE:[0-9]+]] {
; CHECK:         call void @__aliaskit_counts_here(
; CHECK:       define void @caller({{.*}}) #[[WIDE]] {
; CHECK:         call void @callee(ptr %a, ptr %b) #[[WIDE]]
; CHECK:       define i32 @pure({{.*}}) #[[PURE:[0-9]+]] {
; CHECK:       attributes #[[WIDE]] = { memory(readwrite,
; CHECK-NOT:   attributes #[[WIDE]]
; CHECK:       attributes #[[PURE]] = { memory(none) }

define void @callee(ptr noalias %p, ptr noalias %q) #0 {
entry:
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %p, align 4
  ret void
}

define void @caller(ptr %a, ptr %b, i32 %n) #0 {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  call void @callee(ptr %a, ptr %b) #1
  %i1 = add i32 %i, 1
  %again = icmp ult i32 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

define i32 @pure(i32 %x) #2 {
  ret i32 %x
}

attributes #0 = { memory(argmem: readwrite) }
attributes #1 = { memory(argmem: readwrite) }
attributes #2 = { memory(none) }
