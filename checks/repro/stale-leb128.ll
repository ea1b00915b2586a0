; A stale captures(...) claim LLVM 22.1.8 leaves on @_bfd_safe_read_leb128 (binutils 2.40 bfd/libbfd.c), reduced with
; checks/repro/reduce-captures.sh (llvm-extract, then llvm-reduce).
; The input carries no captures(...) at all; the exit value of a pointer walked from null up to %0 is rewritten as %0's address.
;
;   opt -passes='lto-pre-link<O1>' stale-leb128.ll -S
;
; function-attrs infers captures(address) for the parameter (true of the code it
; sees), then IndVarSimplify rewrites the loop's exit value through SCEV expansion: `ptrtoint ptr %0 to i64`, then `getelementptr i8, ptr null, i64 %2` stored through %0. The attribute stays: function-attrs only adds
; attributes. Per LangRef, comparing pointers captures their address and
; ptrtoint their address and provenance (ptrtoaddr would be the address
; only), so the claim is false of the code LLVM emits, and alias analysis of
; the callers still trusts it. check-captures on the output:
;
;   opt -load-pass-plugin=target/release/libaliaskit.so -passes=check-captures -disable-output <output>
;   error: check-captures [inspected]: @_bfd_safe_read_leb128: parameter argument 0 is declared captures(address), but the function captures address, provenance of it
;     condition 3: the function's behaviour depends on its bits: it is converted to an integer (ptrtoint)
;     %2 = ptrtoint ptr %0 to i64
;     uses: argument 0 -> %2 = ptrtoint ptr %0 to i64

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i64 @_bfd_safe_read_leb128(ptr %0) {
  br label %2

2:                                                ; preds = %4, %1
  %.0 = phi ptr [ null, %1 ], [ %5, %4 ]
  %3 = icmp ult ptr %.0, %0
  br i1 %3, label %4, label %6

4:                                                ; preds = %2
  %5 = getelementptr i8, ptr %.0, i64 1
  br label %2

6:                                                ; preds = %2
  store ptr %.0, ptr %0, align 8
  ret i64 0
}
