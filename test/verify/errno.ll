; verify-alias-md on !llvm.errno.tbaa: LLVM 22 checks each operand with the
; same tag checker as an instruction's !tbaa, with no instruction (spec
; §4.6): the instruction-kind check is skipped and the messages print no
; instruction line. Our findings say "in !llvm.errno.tbaa, operand N".
; These operands are not upgraded by the IR parser, so "Old-style TBAA" is
; reachable only here. The named metadata is checked after all functions,
; so a bad type node already reported for an instruction is not reported
; again for the errno tag that reaches it.
;
; RUN: rm -rf %t && split-file %s %t
;
; tbaa-old-style
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/oldstyle.bad.ll 2>&1 | FileCheck %s --check-prefix=OLDSTYLE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/oldstyle.bad.ll 2>&1 | FileCheck %s --check-prefix=OLDSTYLE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/oldstyle.good.ll 2>&1 | count 0
;
; tbaa-empty-tag
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/empty.bad.ll 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/empty.bad.ll 2>&1 | FileCheck %s --check-prefix=EMPTY-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/empty.good.ll 2>&1 | count 0
;
; path checks on errno tags (tbaa-offset-not-zero, tbaa-no-parent-field, tbaa-access-not-on-path)
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/path.bad.ll 2>&1 | FileCheck %s --check-prefix=PATH --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/path.bad.ll 2>&1 | FileCheck %s --check-prefix=PATH-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/path.good.ll 2>&1 | count 0
;
; a bad type node reached from an instruction and from errno: reported once, for the instruction
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/shared.bad.ll 2>&1 | FileCheck %s --check-prefix=SHARED --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/shared.bad.ll 2>&1 | FileCheck %s --check-prefix=SHARED-LLVM
;
; beyond LLVM on errno tags: a cycle of parents (LLVM accepts it)
; RUN: not %opt -passes=verify-alias-md -disable-output %t/cycle.bad.ll 2>&1 | FileCheck %s --check-prefix=CYCLE --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/cycle.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/cycle.good.ll 2>&1 | count 0
;
; null access type and null offset in errno tags (tbaa-base-or-access-not-node, tbaa-offset-not-constant)
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/nulls.bad.ll 2>&1 | FileCheck %s --check-prefix=NULLS --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/nulls.bad.ll 2>&1 | FileCheck %s --check-prefix=NULLS-LLVM
;
; a null base type in an errno tag: LLVM's verifier crashes on it (it asks whether the null is a node), we report it as not struct-path
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/nullbase.bad.ll 2>&1 | FileCheck %s --check-prefix=NULLBASE --implicit-check-not=verify-alias-md
; RUN: not --crash %opt-llvm -passes=verify -disable-output %t/nullbase.bad.ll

;--- oldstyle.bad.ll
; A legacy scalar type node as the tag, and a tag of two operands.
; OLDSTYLE:      error: verify-alias-md [tbaa-old-style]: Old-style TBAA is no longer allowed, use struct-path TBAA instead
; OLDSTYLE-NEXT:   in !llvm.errno.tbaa, operand 0:
; OLDSTYLE-NEXT: error: verify-alias-md [tbaa-old-style]: Old-style TBAA is no longer allowed, use struct-path TBAA instead
; OLDSTYLE-NEXT:   in !llvm.errno.tbaa, operand 1:
; OLDSTYLE-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; OLDSTYLE-LLVM:      Old-style TBAA is no longer allowed, use struct-path TBAA instead
; OLDSTYLE-LLVM-NEXT: Old-style TBAA is no longer allowed, use struct-path TBAA instead
; OLDSTYLE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!11, !12}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}
!11 = !{!"int", !1, i64 0}
!12 = !{!2, !2}

;--- oldstyle.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!10, !11}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}
!11 = !{!2, !2, i64 0, i64 0}

;--- empty.bad.ll
; EMPTY:      error: verify-alias-md [tbaa-empty-tag]: TBAA metadata cannot have 0 operands
; EMPTY-NEXT:   in !llvm.errno.tbaa, operand 1:
; EMPTY-NEXT: !11 = !{}
; EMPTY-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; EMPTY-LLVM:      TBAA metadata cannot have 0 operands
; EMPTY-LLVM-NEXT: !4 = !{}
; EMPTY-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!10, !11}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}
!11 = !{}

;--- empty.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!10}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}

;--- path.bad.ll
; PATH:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; PATH-NEXT:   in !llvm.errno.tbaa, operand 0:
; PATH-NEXT: !11 = !{!2, !2, i64 4}
; PATH-NEXT: 4
; PATH-NEXT: error: verify-alias-md [tbaa-no-parent-field]: Could not find TBAA parent in struct type node
; PATH-NEXT:   in !llvm.errno.tbaa, operand 1:
; PATH-NEXT: !3 = !{!"Tail", !2, i64 4}
; PATH-NEXT: 0
; PATH-NEXT: error: verify-alias-md [tbaa-access-not-on-path]: Did not see access type in access path!
; PATH-NEXT:   in !llvm.errno.tbaa, operand 1:
; PATH-NEXT: !12 = !{!3, !2, i64 0}
; PATH-NEXT: LLVM ERROR: verify-alias-md: 3 errors in alias metadata
; PATH-LLVM:      Offset not zero at the point of scalar access
; PATH-LLVM-NEXT: !0 = !{!1, !1, i64 4}
; PATH-LLVM-NEXT: 4
; PATH-LLVM-NEXT: Could not find TBAA parent in struct type node
; PATH-LLVM-NEXT: !5 = !{!"Tail", !1, i64 4}
; PATH-LLVM-NEXT: 0
; PATH-LLVM-NEXT: Did not see access type in access path!
; PATH-LLVM-NEXT: !4 = !{!5, !1, i64 0}
; PATH-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!11, !12}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Tail", !2, i64 4}
!10 = !{!2, !2, i64 0}
!11 = !{!2, !2, i64 4}
!12 = !{!3, !2, i64 0}

;--- path.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!11, !12}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Tail", !2, i64 4}
!10 = !{!2, !2, i64 0}
!11 = !{!2, !2, i64 0}
!12 = !{!3, !2, i64 4}

;--- shared.bad.ll
; SHARED:      error: verify-alias-md [tbaa-field-not-node]: Incorrect field entry in struct type node!
; SHARED-NEXT:   in @f, !tbaa:
; SHARED-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; SHARED-NEXT: !3 = !{!"Pair", !"int", i64 0, !2, i64 4}
; SHARED-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; SHARED-LLVM:      Incorrect field entry in struct type node!
; SHARED-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; SHARED-LLVM-NEXT: !1 = !{!"Pair", !"int", i64 0, !2, i64 4}
; SHARED-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!11}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !"int", i64 0, !2, i64 4}
!10 = !{!3, !2, i64 4}
!11 = !{!3, !2, i64 4}

;--- cycle.bad.ll
; CYCLE:      error: verify-alias-md [tbaa-parent-cycle]: this type's chain of parents comes back to it: LLVM's alias analysis stops with "Cycle found in TBAA metadata." on any query reaching it
; CYCLE-NEXT:   in !llvm.errno.tbaa, operand 0:
; CYCLE-NEXT: !3 = !{!4, i64 4, !"int a"}
; CYCLE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!11}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!4, i64 4, !"int a"}
!4 = !{!3, i64 4, !"int b"}
!10 = !{!2, !2, i64 0, i64 4}
!11 = !{!3, !3, i64 0, i64 4}

;--- cycle.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!llvm.errno.tbaa = !{!11}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!4, i64 4, !"int a"}
!4 = !{!1, i64 4, !"int b"}
!10 = !{!2, !2, i64 0, i64 4}
!11 = !{!3, !3, i64 0, i64 4}

;--- nulls.bad.ll
; NULLS:      error: verify-alias-md [tbaa-base-or-access-not-node]: Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes
; NULLS-NEXT:   in !llvm.errno.tbaa, operand 0:
; NULLS-NEXT: !10 = !{!2, null, i64 0}
; NULLS-NEXT: !2 = !{!"int", !1, i64 0}
; NULLS-NEXT: error: verify-alias-md [tbaa-offset-not-constant]: Offset must be constant integer
; NULLS-NEXT:   in !llvm.errno.tbaa, operand 1:
; NULLS-NEXT: !11 = !{!2, !2, null}
; NULLS-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; NULLS-LLVM:      Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes
; NULLS-LLVM-NEXT: !0 = !{!1, null, i64 0}
; NULLS-LLVM-NEXT: !1 = !{!"int", !2, i64 0}
; NULLS-LLVM-NEXT: Offset must be constant integer
; NULLS-LLVM-NEXT: !4 = !{!1, !1, null}
; NULLS-LLVM-NEXT: error: input module is broken!
!llvm.errno.tbaa = !{!10, !11}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, null, i64 0}
!11 = !{!2, !2, null}

;--- nullbase.bad.ll
; NULLBASE:      error: verify-alias-md [tbaa-old-style]: Old-style TBAA is no longer allowed, use struct-path TBAA instead
; NULLBASE-NEXT:   in !llvm.errno.tbaa, operand 0:
; NULLBASE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
!llvm.errno.tbaa = !{!10}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{null, !2, i64 0}
