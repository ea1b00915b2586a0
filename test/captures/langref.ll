; check-captures on the examples of LangRef's "Pointer Capture" section
; (added by LLVM review D97924, https://reviews.llvm.org/D97924), one
; function per condition, each verdict checked in full: severity, rule,
; parameter, what is captured, the LangRef condition and reason, the
; capturing instruction and the chain of uses from the parameter.
; Errors (definite captures) make opt exit non-zero; warnings (possible
; captures) do not. The examples are in split files so that each one's
; exit status and output are checked on their own.
;
; RUN: rm -rf %t && split-file %s %t
;
; condition 1: the five parameters of the reference's @f
; RUN: not %opt -passes=check-captures -disable-output %t/cond1.ll 2>&1 | FileCheck %s --check-prefix=COND1 --match-full-lines --strict-whitespace --implicit-check-not=check-captures
;
; condition 2: a release between the store and the store that overwrites it
; RUN: not %opt -passes=check-captures -disable-output %t/cond2.ll 2>&1 | FileCheck %s --check-prefix=COND2 --match-full-lines --strict-whitespace --implicit-check-not=check-captures
;
; condition 3: a comparison the function's behaviour (exit or not) depends on
; RUN: not %opt -passes=check-captures -disable-output %t/cond3.ll 2>&1 | FileCheck %s --check-prefix=COND3 --match-full-lines --strict-whitespace --implicit-check-not=check-captures
;
; condition 4: the address of a volatile access
; RUN: not %opt -passes=check-captures -disable-output %t/cond4.ll 2>&1 | FileCheck %s --check-prefix=COND4 --match-full-lines --strict-whitespace --implicit-check-not=check-captures
;
; nocapture applies to one copy of the pointer only
; RUN: not %opt -passes=check-captures -disable-output %t/copies.ll 2>&1 | FileCheck %s --check-prefix=COPIES --match-full-lines --strict-whitespace --implicit-check-not=check-captures
;
; LLVM's own inference agrees on each example: run function-attrs on the
; modules with every captures/nocapture removed, then check what it inferred.
; RUN: sed -e 's/ nocapture//g' -e 's/ captures(none)//g' %t/cond1.ll > %t/cond1.bare.ll
; RUN: %opt -passes='cgscc(function-attrs),check-captures' -S %t/cond1.bare.ll 2>&1 | FileCheck %s --check-prefix=INFER1
; RUN: sed -e 's/ captures(none)//g' %t/cond3.ll > %t/cond3.bare.ll
; RUN: %opt -passes='cgscc(function-attrs),check-captures' -S %t/cond3.bare.ll 2>&1 | FileCheck %s --check-prefix=INFER3

;--- cond1.ll
; "1. The call stores any bit of the pointer carrying information into a
; place, and the stored bits can be read from the place by the caller
; after this call exits." %a: stored into a global, captured. %b: stored
; and overwritten before anyone can read it, not captured. %c: overwritten
; too, but @g is called in between and may read it: possibly captured.
; %d: ptrtoint (condition 3: the behaviour depends on its bits; the
; integer is then stored). %e: returned.
@glb  = global ptr null
@glb2 = global ptr null
@glb3 = global ptr null
@glbi = global i32 0

declare void @g()

define ptr @f(ptr nocapture %a, ptr nocapture %b, ptr captures(none) %c, ptr captures(none) %d, ptr captures(none) %e) {
  store ptr %a, ptr @glb
  store ptr %b, ptr @glb2
  store ptr null, ptr @glb2
  store ptr %c, ptr @glb3
  call void @g()
  store ptr null, ptr @glb3
  %i = ptrtoint ptr %d to i64
  %j = trunc i64 %i to i32
  store i32 %j, ptr @glbi
  ret ptr %e
}

; COND1:error: check-captures [stored-visible]: @f: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND1-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; COND1-NEXT:  store ptr %a, ptr @glb, align 8
; COND1-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8
; COND1-NEXT:warning: check-captures [stored-unknown]: @f: parameter %c (argument 2) is declared captures(none), but the function captures address, provenance of it
; COND1-NEXT:  condition 1, possibly: it is stored into memory whose escape cannot be ruled out: it is stored into a global, and a call that may read it comes before it is overwritten
; COND1-NEXT:  call void @g()
; COND1-NEXT:  uses: %c -> store ptr %c, ptr @glb3, align 8 -> call void @g()
; COND1-NEXT:error: check-captures [inspected]: @f: parameter %d (argument 3) is declared captures(none), but the function captures address, provenance of it
; COND1-NEXT:  condition 3: the function's behaviour depends on its bits: it is converted to an integer (ptrtoint)
; COND1-NEXT:  %i = ptrtoint ptr %d to i64
; COND1-NEXT:  uses: %d -> %i = ptrtoint ptr %d to i64
; COND1-NEXT:error: check-captures [returned]: @f: parameter %e (argument 4) is declared captures(none), but the function captures address, provenance of it through its return value
; COND1-NEXT:  condition 1: its bits are returned to the caller: it is returned
; COND1-NEXT:  ret ptr %e
; COND1-NEXT:  uses: %e -> ret ptr %e
; COND1-NEXT:LLVM ERROR: check-captures: 3 definite captures beyond what captures(...) allows
; COND1-NOT:{{.}}

; LLVM infers nothing for %a to %d (its capture tracking counts every store
; of the pointer, overwritten or not) and captures(ret: address, provenance)
; for %e: no finding then.
; INFER1: define ptr @f(ptr %a, ptr %b, ptr %c, ptr %d, ptr readnone returned captures(ret: address, provenance) %e)
; INFER1-NOT: check-captures

;--- cond2.ll
; "2. The call stores any bit of the pointer carrying information into a
; place, and the stored bits can be safely read from the place by another
; thread via synchronization." (The lock is an i8 here: atomics must be
; byte-sized.) A release store, a release fence, a seq_cst
; atomicrmw between the two stores each publish it; a monotonic store does
; not (another thread reading @glb then races with the plain stores).
@glb = global ptr null
@lock = global i8 1
@cnt = global i32 0

define void @release_store(ptr captures(none) %a) {
  store ptr %a, ptr @glb
  store atomic i8 0, ptr @lock release, align 1
  store ptr null, ptr @glb
  ret void
}

define void @release_fence(ptr captures(none) %a) {
  store ptr %a, ptr @glb
  fence release
  store ptr null, ptr @glb
  ret void
}

define void @seq_cst_rmw(ptr captures(none) %a) {
  store ptr %a, ptr @glb
  %old = atomicrmw add ptr @cnt, i32 1 seq_cst
  store ptr null, ptr @glb
  ret void
}

define void @monotonic(ptr captures(none) %a) {
  store ptr %a, ptr @glb
  store atomic i8 0, ptr @lock monotonic, align 1
  store ptr null, ptr @glb
  ret void
}

; COND2:error: check-captures [published]: @release_store: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND2-NEXT:  condition 2: its bits are stored where another thread can read them through synchronization: it is stored into a global and a release follows before it is overwritten
; COND2-NEXT:  store atomic i8 0, ptr @lock release, align 1
; COND2-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8 -> store atomic i8 0, ptr @lock release, align 1
; COND2-NEXT:error: check-captures [published]: @release_fence: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND2-NEXT:  condition 2: its bits are stored where another thread can read them through synchronization: it is stored into a global and a release follows before it is overwritten
; COND2-NEXT:  fence release
; COND2-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8 -> fence release
; COND2-NEXT:error: check-captures [published]: @seq_cst_rmw: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND2-NEXT:  condition 2: its bits are stored where another thread can read them through synchronization: it is stored into a global and a release follows before it is overwritten
; COND2-NEXT:  %old = atomicrmw add ptr @cnt, i32 1 seq_cst, align 4
; COND2-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8 -> %old = atomicrmw add ptr @cnt, i32 1 seq_cst, align 4
; COND2-NEXT:LLVM ERROR: check-captures: 3 definite captures beyond what captures(...) allows
; COND2-NOT:{{.}}

;--- cond3.ll
; "3. The call's behavior depends on any bit of the pointer carrying
; information." Comparing %a with @glb decides whether the program exits:
; the address is captured (not the provenance).
@glb = global i8 0

declare void @exit(i32) noreturn

define void @f(ptr captures(none) %a) {
  %c = icmp eq ptr %a, @glb
  br i1 %c, label %BB_EXIT, label %BB_CONTINUE
BB_EXIT:
  call void @exit(i32 0)
  unreachable
BB_CONTINUE:
  ret void
}

; COND3:error: check-captures [inspected]: @f: parameter %a (argument 0) is declared captures(none), but the function captures address of it
; COND3-NEXT:  condition 3: the function's behaviour depends on its bits: its address is compared
; COND3-NEXT:  %c = icmp eq ptr %a, @glb
; COND3-NEXT:  uses: %a -> %c = icmp eq ptr %a, @glb
; COND3-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows
; COND3-NOT:{{.}}

; INFER3: define void @f(ptr readnone captures(address) %a)
; INFER3-NOT: check-captures

;--- cond4.ll
; "4. The pointer is used in a volatile access as its address." A volatile
; load, a volatile store through a GEP of it, a volatile atomicrmw; a
; plain load and a volatile store of another value elsewhere do not count.
define i32 @vload(ptr captures(none) %a) {
  %v = load volatile i32, ptr %a
  ret i32 %v
}

define void @vstore_gep(ptr captures(none) %a) {
  %p = getelementptr inbounds i8, ptr %a, i64 4
  store volatile i32 0, ptr %p
  ret void
}

define void @vrmw(ptr captures(none) %a) {
  %old = atomicrmw volatile xchg ptr %a, i32 1 monotonic
  ret void
}

define i32 @plain(ptr captures(none) %a, ptr %other) {
  %v = load i32, ptr %a
  store volatile i32 %v, ptr %other
  ret i32 %v
}

; COND4:error: check-captures [volatile]: @vload: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND4-NEXT:  condition 4: it is the address of a volatile access: it is the address of a volatile load
; COND4-NEXT:  %v = load volatile i32, ptr %a, align 4
; COND4-NEXT:  uses: %a -> %v = load volatile i32, ptr %a, align 4
; COND4-NEXT:error: check-captures [volatile]: @vstore_gep: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND4-NEXT:  condition 4: it is the address of a volatile access: it is the address of a volatile store
; COND4-NEXT:  store volatile i32 0, ptr %p, align 4
; COND4-NEXT:  uses: %a -> %p = getelementptr inbounds i8, ptr %a, i64 4 -> store volatile i32 0, ptr %p, align 4
; COND4-NEXT:error: check-captures [volatile]: @vrmw: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; COND4-NEXT:  condition 4: it is the address of a volatile access: it is the address of a volatile atomic operation
; COND4-NEXT:  %old = atomicrmw volatile xchg ptr %a, i32 1 monotonic, align 4
; COND4-NEXT:  uses: %a -> %old = atomicrmw volatile xchg ptr %a, i32 1 monotonic, align 4
; COND4-NEXT:LLVM ERROR: check-captures: 3 definite captures beyond what captures(...) allows
; COND4-NOT:{{.}}

;--- copies.ll
; "This attribute applies only to the particular copy of the pointer passed
; in this argument. A caller could pass two copies of the same pointer with
; one being annotated nocapture and the other not, and the callee could
; validly capture through the non annotated parameter."
; @f captures %b, not %a: nothing to report for %a, and %b promises nothing.
; @caller passes its captures(none) %x as both: @f's body stores the copy in
; argument 1 into a global, so @caller captures %x (an error, through
; argument 1 only, with @f's store in the chain).
@glb = global ptr null

define void @f(ptr nocapture %a, ptr %b) {
  store ptr %b, ptr @glb
  ret void
}

define void @well_defined() {
  call void @f(ptr @glb, ptr @glb)
  ret void
}

define void @caller(ptr captures(none) %x) {
  call void @f(ptr %x, ptr %x)
  ret void
}

; COPIES:error: check-captures [stored-visible]: @caller: parameter %x (argument 0) is declared captures(none), but the function captures address, provenance of it
; COPIES-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is passed as argument 1 to @f, where it is stored into a global
; COPIES-NEXT:  call void @f(ptr %x, ptr %x)
; COPIES-NEXT:  uses: %x -> call void @f(ptr %x, ptr %x) -> @f: store ptr %b, ptr @glb, align 8
; COPIES-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows
; COPIES-NOT:{{.}}
