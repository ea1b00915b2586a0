; A stale captures(...) claim LLVM 22.1.8 leaves on @xregexec (binutils 2.40 libiberty/regex.c), reduced with
; checks/repro/reduce-captures.sh (llvm-extract, then llvm-reduce).
; The input carries no captures(...) at all; a loop stores through %1 only.
;
;   opt -passes='default<O2>' stale-xregexec.ll -S
;
; function-attrs infers captures(none) for the parameter (true of the code it
; sees), then LoopVectorize adds runtime checks for pointer wrap-around that compare %1 with pointers computed from it (`icmp ult ptr %8, %1`). The attribute stays: function-attrs only adds
; attributes. Per LangRef, comparing pointers captures their address and
; ptrtoint their address and provenance (ptrtoaddr would be the address
; only), so the claim is false of the code LLVM emits, and alias analysis of
; the callers still trusts it. check-captures on the output:
;
;   opt -load-pass-plugin=target/release/libaliaskit.so -passes=check-captures -disable-output <output>
;   error: check-captures [inspected]: @xregexec: parameter argument 1 is declared captures(none), but the function captures address of it
;     condition 3: the function's behaviour depends on its bits: its address is compared
;     %9 = icmp ult ptr %8, %1
;     uses: argument 1 -> %9 = icmp ult ptr %8, %1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.regmatch_t.8.11.17.41.79.85.93.95.101.105.106 = type { i32, i32 }

define i32 @xregexec(i64 %0, ptr %1) {
  br label %3

3:                                                ; preds = %3, %2
  %4 = phi i64 [ 0, %2 ], [ %9, %3 ]
  %5 = phi i32 [ 0, %2 ], [ %8, %3 ]
  %6 = getelementptr %struct.regmatch_t.8.11.17.41.79.85.93.95.101.105.106, ptr %1, i64 %4
  store i32 0, ptr %6, align 4
  %7 = getelementptr i8, ptr %6, i64 4
  store i32 0, ptr %7, align 4
  %8 = add i32 %5, 1
  %9 = zext i32 %8 to i64
  %10 = icmp ugt i64 %0, %9
  br i1 %10, label %3, label %11

11:                                               ; preds = %3
  ret i32 0
}
