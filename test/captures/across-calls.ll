; A pointer handed to a function defined in the module is judged by what
; the callee's body does with it (its summary, computed bottom-up over the
; call graph), not by the callee's declared attribute: a definite capture in
; the callee is a definite capture in the caller, shown with the chain
; across functions; what a callee returns of its argument is followed on
; from the call's result. Declared-only and indirect callees keep their
; declared attributes (possible captures: warnings).
;
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt -passes=check-captures -disable-output %t/store.ll 2>&1 | FileCheck %s --check-prefix=STORE --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/returned.ll 2>&1 | FileCheck %s --check-prefix=RETURNED --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/three.ll 2>&1 | FileCheck %s --check-prefix=THREE --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/mutual.ll 2>&1 | FileCheck %s --check-prefix=MUTUAL --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: %opt -passes=check-captures -disable-output %t/reads.ll 2>&1 | count 0
; RUN: %opt -passes=check-captures -disable-output %t/wider.ll 2>&1 | count 0
; RUN: %opt -passes=check-captures -disable-output %t/indirect.ll 2>&1 | FileCheck %s --check-prefix=INDIRECT --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: %opt -passes=check-captures -disable-output %t/replaceable.ll 2>&1 | FileCheck %s --check-prefix=REPLACEABLE --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes='check-captures<json>' -disable-output %t/three.ll 2>&1 | FileCheck %s --check-prefix=JSON

;--- store.ll
; The callee stores its parameter into a global: @caller's claim is false.
@g = global ptr null

define void @stash(ptr %x) {
  store ptr %x, ptr @g
  ret void
}

define void @caller(ptr captures(none) %p) {
  call void @stash(ptr %p)
  ret void
}

; STORE:error: check-captures [stored-visible]: @caller: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; STORE-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is passed as argument 0 to @stash, where it is stored into a global
; STORE-NEXT:  call void @stash(ptr %p)
; STORE-NEXT:  uses: %p -> call void @stash(ptr %p) -> @stash: store ptr %x, ptr @g, align 8
; STORE-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows

;--- returned.ll
; The callee returns its argument (its ret: is not the caller's concern);
; the caller stores the call's result. A null test of the result is a null
; test of the pointer: the claim captures(address_is_null) allows it.
@g = global ptr null

define ptr @id(ptr %x) {
  ret ptr %x
}

define i1 @caller(ptr captures(none) %p) {
  %r = call ptr @id(ptr %p)
  store ptr %r, ptr @g
  ret i1 false
}

define i1 @tests(ptr captures(address_is_null) %p) {
  %r = call ptr @id(ptr %p)
  %c = icmp eq ptr %r, null
  ret i1 %c
}

; RETURNED:error: check-captures [stored-visible]: @caller: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; RETURNED-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; RETURNED-NEXT:  store ptr %r, ptr @g, align 8
; RETURNED-NEXT:  uses: %p -> %r = call ptr @id(ptr %p) -> store ptr %r, ptr @g, align 8
; RETURNED-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows

;--- three.ll
; @top -> @mid -> @low, which compares its parameter with a global: the
; address is captured, three calls down.
@g8 = global i8 0

define i1 @low(ptr %z) {
  %c = icmp eq ptr %z, @g8
  ret i1 %c
}

define i1 @mid(ptr %y) {
  %q = getelementptr i8, ptr %y, i64 0
  %c = call i1 @low(ptr %q)
  ret i1 %c
}

define i1 @top(ptr captures(none) %p) {
  %c = call i1 @mid(ptr %p)
  ret i1 %c
}

; THREE:error: check-captures [inspected]: @top: parameter %p (argument 0) is declared captures(none), but the function captures address of it
; THREE-NEXT:  condition 3: the function's behaviour depends on its bits: it is passed as argument 0 to @mid, where it is passed as argument 0 to @low, where its address is compared
; THREE-NEXT:  %c = call i1 @mid(ptr %p)
; THREE-NEXT:  uses: %p -> %c = call i1 @mid(ptr %p) -> @mid: %q = getelementptr i8, ptr %y, i64 0 -> @mid: %c = call i1 @low(ptr %q) -> @low: %c = icmp eq ptr %z, @g8
; THREE-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows

; JSON:{"tool":"check-captures","severity":"error","rule":"inspected","function":"top",{{.*}}"chain":[{"function":"top","instruction":"%c = call i1 @mid(ptr %p)"},{"function":"mid","instruction":"%q = getelementptr i8, ptr %y, i64 0"},{"function":"mid","instruction":"%c = call i1 @low(ptr %q)"},{"function":"low","instruction":"%c = icmp eq ptr %z, @g8"}]}

;--- mutual.ll
; @even and @odd call each other with the pointer; @odd stores it on one
; path. Their summaries reach a fixpoint: both capture it, so @caller's
; claim is false. @ping and @pong only recurse and read: they capture
; nothing, so @quiet's claim holds.
@g = global ptr null

define void @even(ptr %a, i32 %n) {
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
more:
  %m = sub i32 %n, 1
  call void @odd(ptr %a, i32 %m)
  br label %done
done:
  ret void
}

define void @odd(ptr %b, i32 %n) {
  %z = icmp eq i32 %n, 7
  br i1 %z, label %keep, label %more
keep:
  store ptr %b, ptr @g
  ret void
more:
  call void @even(ptr %b, i32 %n)
  ret void
}

define void @caller(ptr captures(none) %p) {
  call void @even(ptr %p, i32 3)
  ret void
}

define i32 @ping(ptr %a, i32 %n) {
  %v = load i32, ptr %a
  %r = call i32 @pong(ptr %a, i32 %v)
  ret i32 %r
}

define i32 @pong(ptr %b, i32 %n) {
  %r = call i32 @ping(ptr %b, i32 %n)
  ret i32 %r
}

define i32 @quiet(ptr captures(none) %p) {
  %r = call i32 @ping(ptr %p, i32 0)
  ret i32 %r
}

; MUTUAL:error: check-captures [stored-visible]: @caller: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; MUTUAL-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is passed as argument 0 to @even, where it is passed as argument 0 to @odd, where it is stored into a global
; MUTUAL-NEXT:  call void @even(ptr %p, i32 3)
; MUTUAL-NEXT:  uses: %p -> call void @even(ptr %p, i32 3) -> @even: call void @odd(ptr %a, i32 %m) -> @odd: store ptr %b, ptr @g, align 8
; MUTUAL-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows

;--- reads.ll
; The callee only reads through its parameter: nothing is captured.
define i32 @get(ptr %x) {
  %v = load i32, ptr %x
  ret i32 %v
}

define i32 @caller(ptr captures(none) %p) {
  %v = call i32 @get(ptr %p)
  ret i32 %v
}

;--- wider.ll
; The callee's parameter is declared wider than its body needs (no
; attribute at all, and captures(address) where it only tests for null):
; its body decides, so the caller's narrower claims hold.
define i32 @get(ptr %x) {
  %v = load i32, ptr %x
  ret i32 %v
}

define i1 @nonnull(ptr captures(address) %x) {
  %c = icmp ne ptr %x, null
  ret i1 %c
}

define i32 @caller(ptr captures(none) %p) {
  %v = call i32 @get(ptr %p)
  ret i32 %v
}

define i1 @tester(ptr captures(address_is_null) %p) {
  %c = call i1 @nonnull(ptr %p)
  ret i1 %c
}

;--- indirect.ll
; Through a function pointer, the callee is unknown: a possible capture.
define void @caller(ptr captures(none) %p, ptr %fn) {
  call void %fn(ptr %p)
  ret void
}

; INDIRECT:warning: check-captures [passed-on]: @caller: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; INDIRECT-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to an indirect callee, whose parameter has no captures attribute (it may capture anything)
; INDIRECT-NEXT:  call void %fn(ptr %p)
; INDIRECT-NEXT:  uses: %p -> call void %fn(ptr %p)

;--- replaceable.ll
; A weak or linkonce_odr body may not be the one that runs (another
; module's, or a less refined copy): its declared attribute decides, as
; for a declaration (LLVM's function-attrs does not infer from it either).
@g = global ptr null

define weak void @weak_stash(ptr %x) {
  store ptr %x, ptr @g
  ret void
}

define linkonce_odr void @odr_reads(ptr captures(none) %x) {
  %v = load i8, ptr %x
  ret void
}

define void @caller(ptr captures(none) %p) {
  call void @weak_stash(ptr %p)
  call void @odr_reads(ptr %p)
  ret void
}

; REPLACEABLE:warning: check-captures [passed-on]: @caller: parameter %p (argument 0) is declared captures(none), but the function captures address, provenance of it
; REPLACEABLE-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to @weak_stash, whose parameter has no captures attribute (it may capture anything)
; REPLACEABLE-NEXT:  call void @weak_stash(ptr %p)
; REPLACEABLE-NEXT:  uses: %p -> call void @weak_stash(ptr %p)
