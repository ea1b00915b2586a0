; A stale captures(...) claim LLVM 22.1.8 leaves on @first_phase (binutils 2.40 bfd/tekhex.c (with its callee getsym)), reduced with
; checks/repro/reduce-captures.sh (llvm-extract, then llvm-reduce).
; The input carries no captures(...) at all; a loop compares a pointer loaded from %0 plus a counter with %0.
;
;   opt -passes='lto-pre-link<O1>' stale-first-phase.ll -S
;
; function-attrs infers captures(address) for the parameter (true of the code it
; sees), then after inlining getsym, IndVarSimplify rewrites the exit condition through SCEV expansion: `ptrtoint ptr %0 to i64`. The attribute stays: function-attrs only adds
; attributes. Per LangRef, comparing pointers captures their address and
; ptrtoint their address and provenance (ptrtoaddr would be the address
; only), so the claim is false of the code LLVM emits, and alias analysis of
; the callers still trusts it. check-captures on the output:
;
;   opt -load-pass-plugin=target/release/libaliaskit.so -passes=check-captures -disable-output <output>
;   error: check-captures [inspected]: @first_phase: parameter argument 0 is declared captures(address), but the function captures address, provenance of it
;     condition 3: the function's behaviour depends on its bits: it is converted to an integer (ptrtoint)
;     %1 = ptrtoint ptr %0 to i64
;     uses: argument 0 -> %1 = ptrtoint ptr %0 to i64

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i1 @first_phase(ptr %0) {
  %2 = call i1 @getsym(ptr %0)
  ret i1 %2
}

define i1 @getsym(ptr %0) {
  br label %2

2:                                                ; preds = %6, %1
  %.0 = phi i32 [ 0, %1 ], [ %7, %6 ]
  %.pre.pre = load ptr, ptr %0, align 8
  %3 = zext i32 %.0 to i64
  %4 = getelementptr i8, ptr %.pre.pre, i64 %3
  %5 = icmp ult ptr %4, %0
  br i1 %5, label %6, label %8

6:                                                ; preds = %2
  %7 = add nsw i32 %.0, 1
  br label %2

8:                                                ; preds = %2
  %9 = icmp eq i32 %.0, 1
  ret i1 %9
}
