; A stale captures(...) claim LLVM 22.1.8 leaves on @sha1_process_block (binutils 2.40 libiberty/sha1.c), reduced with
; checks/repro/reduce-captures.sh (llvm-extract, then llvm-reduce).
; The input carries no captures(...) at all; a loop copies 17 words from %1 to %0.
;
;   opt -passes='default<O2>' stale-sha1.ll -S
;
; function-attrs infers captures(none) for the parameter (true of the code it
; sees), then LoopVectorize adds runtime alias checks that compare %0 and %1 with each other's bounds (`%bound0 = icmp ult ptr %0, %scevgep1`). The attribute stays: function-attrs only adds
; attributes. Per LangRef, comparing pointers captures their address and
; ptrtoint their address and provenance (ptrtoaddr would be the address
; only), so the claim is false of the code LLVM emits, and alias analysis of
; the callers still trusts it. check-captures on the output:
;
;   opt -load-pass-plugin=target/release/libaliaskit.so -passes=check-captures -disable-output <output>
;   error: check-captures [inspected]: @sha1_process_block: parameter argument 0 is declared captures(none), but the function captures address of it
;     condition 3: the function's behaviour depends on its bits: its address is compared
;     %bound0 = icmp ult ptr %0, %scevgep1
;     uses: argument 0 -> %bound0 = icmp ult ptr %0, %scevgep1

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define i32 @sha1_process_block(ptr %0, ptr %1) {
  br label %3

3:                                                ; preds = %3, %2
  %4 = phi i64 [ 0, %2 ], [ %8, %3 ]
  %5 = phi ptr [ %1, %2 ], [ %7, %3 ]
  %6 = load i32, ptr %5, align 4
  store i32 %6, ptr %0, align 4
  %7 = getelementptr i8, ptr %5, i64 4
  %8 = add i64 %4, 1
  %9 = icmp eq i64 %4, 16
  br i1 %9, label %10, label %3, !llvm.loop !0

10:                                               ; preds = %3
  ret i32 0
}

!0 = distinct !{!0, !1, !2}
!1 = !{!"llvm.loop.mustprogress"}
!2 = !{!"llvm.loop.unroll.disable"}
