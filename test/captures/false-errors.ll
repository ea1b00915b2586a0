; Definite-capture errors that check-captures reported before de162e3 on
; code that does not capture more than its captures(...) allows (found
; while writing these tests and by checks/captures/corpus.sh). Expected: no
; error and exit status 0; the possible captures are warnings. Before
; de162e3 each function below got an error.
;
;  @call_result_returned, @call_result_stored: the result of a call that
;    only *may* return the pointer (@ext has no captures; @id is
;    captures(ret: address, provenance) but not `returned`) was followed
;    as if it were the pointer, and what happened to it was reported as a
;    definite capture (returned, stored-visible). Only a possible one:
;    the call itself is already reported (passed-on warning) where it may
;    capture more than declared. LLVM's own function-attrs infers
;    captures(none) for such a parameter in the binutils corpus
;    (dlang_type in libiberty's d-demangle.c: the argument goes to
;    dlang_parse_qualified, whose parameter LLVM leaves without captures
;    because it has more uses than capture tracking explores, and the
;    result is returned); check-captures reported a definite error there.
;  @phi_null_test: a phi of the pointer (here: a loop over a list,
;    what tail-call elimination makes of a recursive null test) compared
;    with null reveals only whether the pointer is null. check-captures said
;    "address" (LLVM's per-use rule is as coarse, so LLVM's fresh
;    inference says captures(address) too; but LLVM infers
;    captures(address_is_null) before tail-call elimination, and binutils
;    modules keep that claim: 5 definite errors there).
;  @slot_copy_null_test: the copy loaded back from a private slot is the
;    pointer bit for bit; testing it against null captures
;    address_is_null only (reported: inspected, address).
;  @into_byval: %b is byval: the callee's own copy, gone when it returns;
;    the caller cannot read what is stored there (reported:
;    stored-visible, "memory the caller can reach through an argument").
;  @cmpxchg_expected: %a is the expected value of a cmpxchg: compared
;    with @glb (address), never stored (null is what is stored)
;    (reported: stored-visible, address and provenance).
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt -passes=check-captures -disable-output %t/main.ll 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not='LLVM ERROR'
;
; The same phi null test as LLVM makes it: function-attrs infers
; captures(address_is_null) for the recursive function, tail-call
; elimination then turns the recursion into a loop with a phi; the claim
; stays true.
; RUN: %opt-llvm -passes='cgscc(function-attrs),function(tailcallelim)' -S %t/tce.ll -o %t/tce.out.ll
; RUN: FileCheck %s --check-prefix=TCE < %t/tce.out.ll
; RUN: %opt -passes=check-captures -disable-output %t/tce.out.ll 2>&1 | count 0
; TCE: define i32 @count(ptr readonly captures(address_is_null) %l)
; TCE: %l.tr = phi ptr [ %l, %entry ], [ %next, %body ]
; TCE: icmp eq ptr %l.tr, null

;--- main.ll

@glb = global ptr null

declare ptr @ext(ptr)
declare ptr @id(ptr captures(ret: address, provenance))

define ptr @call_result_returned(ptr captures(none) %a) {
  %r = call ptr @ext(ptr %a)
  ret ptr %r
}
; CHECK: warning: check-captures [passed-on]: @call_result_returned: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it

define void @call_result_stored(ptr captures(ret: address, provenance) %a) {
  %r = call ptr @id(ptr %a)
  store ptr %r, ptr @glb
  ret void
}

define i32 @phi_null_test(ptr captures(address_is_null) %list) {
entry:
  br label %loop
loop:
  %p = phi ptr [ %list, %entry ], [ %next, %body ]
  %n = phi i32 [ 0, %entry ], [ %n1, %body ]
  %c = icmp eq ptr %p, null
  br i1 %c, label %done, label %body
body:
  %next = load ptr, ptr %p
  %n1 = add i32 %n, 1
  br label %loop
done:
  ret i32 %n
}

define i1 @slot_copy_null_test(ptr captures(address_is_null) %a) {
  %s = alloca ptr
  store ptr %a, ptr %s
  %l = load ptr, ptr %s
  %c = icmp eq ptr %l, null
  ret i1 %c
}

define void @into_byval(ptr captures(none) %a, ptr byval(ptr) %b) {
  store ptr %a, ptr %b
  ret void
}

define i1 @cmpxchg_expected(ptr captures(address) %a) {
  %r = cmpxchg ptr @glb, ptr %a, ptr null seq_cst seq_cst
  %ok = extractvalue { ptr, i1 } %r, 1
  ret i1 %ok
}

;--- tce.ll
define i32 @count(ptr %l) {
entry:
  %c = icmp eq ptr %l, null
  br i1 %c, label %done, label %body
body:
  %next = load ptr, ptr %l
  %r = tail call i32 @count(ptr %next)
  ret i32 %r
done:
  ret i32 0
}
