; verify-alias-md: LLVM 22's walk of a tag's struct path (spec §4.2 step
; 11-12 and §4.5): from the base type, one field at a time at the offset,
; until a root (old format) or the access type (new format). One negative
; and one positive module per rule, each negative one also given to LLVM's
; verifier (same messages, same lines, but for the numbers: LLVM numbers
; nodes as `opt -S` does, we as the file does). Tag-level messages are printed for
; every instruction carrying the tag, as LLVM does.
;
; RUN: rm -rf %t && split-file %s %t
;
; tbaa-path-cycle
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/cycle.bad.ll 2>&1 | FileCheck %s --check-prefix=CYCLE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/cycle.bad.ll 2>&1 | FileCheck %s --check-prefix=CYCLE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/cycle.good.ll 2>&1 | count 0
;
; tbaa-offset-not-zero
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/nonzero.bad.ll 2>&1 | FileCheck %s --check-prefix=NONZERO --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/nonzero.bad.ll 2>&1 | FileCheck %s --check-prefix=NONZERO-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/nonzero.good.ll 2>&1 | count 0
;
; tbaa-bit-width
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/width.bad.ll 2>&1 | FileCheck %s --check-prefix=WIDTH --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/width.bad.ll 2>&1 | FileCheck %s --check-prefix=WIDTH-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/width.good.ll 2>&1 | count 0
;
; tbaa-access-not-on-path
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/missed.bad.ll 2>&1 | FileCheck %s --check-prefix=MISSED --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/missed.bad.ll 2>&1 | FileCheck %s --check-prefix=MISSED-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/missed.good.ll 2>&1 | count 0
;
; tbaa-no-parent-field
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/parent.bad.ll 2>&1 | FileCheck %s --check-prefix=PARENT --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/parent.bad.ll 2>&1 | FileCheck %s --check-prefix=PARENT-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/parent.good.ll 2>&1 | count 0
;
; A root (fewer than two operands) as the base type: the walk does not
; start, and LLVM says it did not see the access type. Its check "Base nodes
; must have at least two operands" is never reached, and we do not report
; tbaa-base-too-few-operands either (see tbaa-base-too-few-operands.ll).
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/root.bad.ll 2>&1 | FileCheck %s --check-prefix=ROOT --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/root.bad.ll 2>&1 | FileCheck %s --check-prefix=ROOT-LLVM

;--- cycle.bad.ll
; A and B hold each other at offset 0: the walk from A comes back to A.
; CYCLE:      error: verify-alias-md [tbaa-path-cycle]: Cycle detected in struct path
; CYCLE-NEXT:   in @f, !tbaa:
; CYCLE-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; CYCLE-NEXT: !10 = !{!3, !2, i64 0}
; CYCLE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; CYCLE-LLVM:      Cycle detected in struct path
; CYCLE-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; CYCLE-LLVM-NEXT: !0 = !{!1, !3, i64 0}
; CYCLE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"A", !4, i64 0}
!4 = !{!"B", !3, i64 0}
!10 = !{!3, !2, i64 0}

;--- cycle.good.ll
; B holds an int instead of A.
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"A", !4, i64 0}
!4 = !{!"B", !2, i64 0}
!10 = !{!3, !2, i64 0}

;--- nonzero.bad.ll
; Offset 2 of Pair lands 2 bytes into its int; new format, a scalar
; accessed at offset 4 of itself; an i64 -1 offset, printed signed. The
; Pair tag is on two instructions: the message comes once for each.
; NONZERO:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; NONZERO-NEXT:   in @f, !tbaa:
; NONZERO-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; NONZERO-NEXT: !10 = !{!3, !2, i64 2}
; NONZERO-NEXT: 2
; NONZERO-NEXT: error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; NONZERO-NEXT:   in @f, !tbaa:
; NONZERO-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; NONZERO-NEXT: !10 = !{!3, !2, i64 2}
; NONZERO-NEXT: 2
; NONZERO-NEXT: error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; NONZERO-NEXT:   in @f, !tbaa:
; NONZERO-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; NONZERO-NEXT: !11 = !{!5, !5, i64 4, i64 4}
; NONZERO-NEXT: 4
; NONZERO-NEXT: error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; NONZERO-NEXT:   in @f, !tbaa:
; NONZERO-NEXT:   %c = load i32, ptr %p, align 4, !tbaa !12
; NONZERO-NEXT: !12 = !{!3, !2, i64 -1}
; NONZERO-NEXT: -5
; NONZERO-NEXT: LLVM ERROR: verify-alias-md: 4 errors in alias metadata
; NONZERO-LLVM:      Offset not zero at the point of scalar access
; NONZERO-LLVM-NEXT:   store i32 0, ptr %p, align 4, !tbaa !0
; NONZERO-LLVM-NEXT: !0 = !{!1, !2, i64 2}
; NONZERO-LLVM-NEXT: 2
; NONZERO-LLVM-NEXT: Offset not zero at the point of scalar access
; NONZERO-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; NONZERO-LLVM-NEXT: !0 = !{!1, !2, i64 2}
; NONZERO-LLVM-NEXT: 2
; NONZERO-LLVM-NEXT: Offset not zero at the point of scalar access
; NONZERO-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !5
; NONZERO-LLVM-NEXT: !5 = !{!6, !6, i64 4, i64 4}
; NONZERO-LLVM-NEXT: 4
; NONZERO-LLVM-NEXT: Offset not zero at the point of scalar access
; NONZERO-LLVM-NEXT:   %c = load i32, ptr %p, align 4, !tbaa !8
; NONZERO-LLVM-NEXT: !8 = !{!1, !2, i64 -1}
; NONZERO-LLVM-NEXT: -5
; NONZERO-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %c = load i32, ptr %p, align 4, !tbaa !12
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i64 4}
!4 = !{!0, i64 1, !"char"}
!5 = !{!4, i64 4, !"int"}
!10 = !{!3, !2, i64 2}
!11 = !{!5, !5, i64 4, i64 4}
!12 = !{!3, !2, i64 -1}

;--- nonzero.good.ll
define i32 @f(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %c = load i32, ptr %p, align 4, !tbaa !12
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  ret i32 %t
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i64 4}
!4 = !{!0, i64 1, !"char"}
!5 = !{!4, i64 4, !"int"}
!10 = !{!3, !2, i64 4}
!11 = !{!5, !5, i64 0, i64 4}
!12 = !{!3, !2, i64 0}

;--- width.bad.ll
; An i32 offset into a struct whose field offsets are i64; and an i32
; offset 0 on a three-operand scalar (one field, its parent, at i64 0).
; WIDTH:      error: verify-alias-md [tbaa-bit-width]: Access bit-width not the same as description bit-width
; WIDTH-NEXT:   in @f, !tbaa:
; WIDTH-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; WIDTH-NEXT: !10 = !{!3, !2, i32 4}
; WIDTH-NEXT: 64
; WIDTH-NEXT: 32
; WIDTH-NEXT: error: verify-alias-md [tbaa-bit-width]: Access bit-width not the same as description bit-width
; WIDTH-NEXT:   in @f, !tbaa:
; WIDTH-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; WIDTH-NEXT: !11 = !{!2, !2, i32 0}
; WIDTH-NEXT: 64
; WIDTH-NEXT: 32
; WIDTH-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; WIDTH-LLVM:      Access bit-width not the same as description bit-width
; WIDTH-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; WIDTH-LLVM-NEXT: !0 = !{!1, !2, i32 4}
; WIDTH-LLVM-NEXT: 64
; WIDTH-LLVM-NEXT: 32
; WIDTH-LLVM-NEXT: Access bit-width not the same as description bit-width
; WIDTH-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !5
; WIDTH-LLVM-NEXT: !5 = !{!2, !2, i32 0}
; WIDTH-LLVM-NEXT: 64
; WIDTH-LLVM-NEXT: 32
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i64 4}
!10 = !{!3, !2, i32 4}
!11 = !{!2, !2, i32 0}

;--- width.good.ll
; i32 offsets where all field offsets on the path are i32 (a two-operand
; scalar has no width: offset 0 of any width is fine there).
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0}
!2 = !{!"int", !1}
!3 = !{!"Pair", !2, i32 0, !2, i32 4}
!10 = !{!3, !2, i32 4}
!11 = !{!2, !2, i32 0}

;--- missed.bad.ll
; Pair holds ints, the tag claims a short at offset 0 (old format), and
; in the new format an int at offset 0 of a struct of two shorts.
; MISSED:      error: verify-alias-md [tbaa-access-not-on-path]: Did not see access type in access path!
; MISSED-NEXT:   in @f, !tbaa:
; MISSED-NEXT:   %a = load i16, ptr %p, align 2, !tbaa !10
; MISSED-NEXT: !10 = !{!4, !3, i64 0}
; MISSED-NEXT: error: verify-alias-md [tbaa-access-not-on-path]: Did not see access type in access path!
; MISSED-NEXT:   in @f, !tbaa:
; MISSED-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; MISSED-NEXT: !11 = !{!7, !8, i64 0, i64 4}
; MISSED-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; MISSED-LLVM:      Did not see access type in access path!
; MISSED-LLVM-NEXT:   %a = load i16, ptr %p, align 2, !tbaa !0
; MISSED-LLVM-NEXT: !0 = !{!1, !5, i64 0}
; MISSED-LLVM-NEXT: Did not see access type in access path!
; MISSED-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !6
; MISSED-LLVM-NEXT: !6 = !{!7, !10, i64 0, i64 4}
; MISSED-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i16, ptr %p, align 2, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %x = sext i16 %a to i32
  %s = add i32 %x, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!4 = !{!"Pair", !2, i64 0, !2, i64 4}
!5 = !{!0, i64 1, !"char"}
!6 = !{!5, i64 2, !"short"}
!7 = !{!5, i64 4, !"Shorts", !6, i64 0, i64 2, !6, i64 2, i64 2}
!8 = !{!5, i64 4, !"int"}
!10 = !{!4, !3, i64 0}
!11 = !{!7, !8, i64 0, i64 4}

;--- missed.good.ll
define i32 @f(ptr %p) {
  %a = load i16, ptr %p, align 2, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %x = sext i16 %a to i32
  %s = add i32 %x, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!4 = !{!"Pair", !2, i64 0, !3, i64 4}
!5 = !{!0, i64 1, !"char"}
!6 = !{!5, i64 2, !"short"}
!7 = !{!5, i64 4, !"Shorts", !6, i64 0, i64 2, !6, i64 2, i64 2}
!10 = !{!4, !3, i64 4}
!11 = !{!7, !6, i64 2, i64 2}

;--- parent.bad.ll
; Offset 0 lies before Tail's only field (at 4): LLVM finds no field to
; step to, then says it did not see the access type. Both messages are
; tag-level: they come again for the second instruction with the tag.
; PARENT:      error: verify-alias-md [tbaa-no-parent-field]: Could not find TBAA parent in struct type node
; PARENT-NEXT:   in @f, !tbaa:
; PARENT-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; PARENT-NEXT: !3 = !{!"Tail", !2, i64 4}
; PARENT-NEXT: 0
; PARENT-NEXT: error: verify-alias-md [tbaa-access-not-on-path]: Did not see access type in access path!
; PARENT-NEXT:   in @f, !tbaa:
; PARENT-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; PARENT-NEXT: !10 = !{!3, !2, i64 0}
; PARENT-NEXT: error: verify-alias-md [tbaa-no-parent-field]: Could not find TBAA parent in struct type node
; PARENT-NEXT:   in @f, !tbaa:
; PARENT-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !10
; PARENT-NEXT: !3 = !{!"Tail", !2, i64 4}
; PARENT-NEXT: 0
; PARENT-NEXT: error: verify-alias-md [tbaa-access-not-on-path]: Did not see access type in access path!
; PARENT-NEXT:   in @f, !tbaa:
; PARENT-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !10
; PARENT-NEXT: !10 = !{!3, !2, i64 0}
; PARENT-NEXT: LLVM ERROR: verify-alias-md: 4 errors in alias metadata
; PARENT-LLVM:      Could not find TBAA parent in struct type node
; PARENT-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; PARENT-LLVM-NEXT: !1 = !{!"Tail", !2, i64 4}
; PARENT-LLVM-NEXT: 0
; PARENT-LLVM-NEXT: Did not see access type in access path!
; PARENT-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; PARENT-LLVM-NEXT: !0 = !{!1, !2, i64 0}
; PARENT-LLVM-NEXT: Could not find TBAA parent in struct type node
; PARENT-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !0
; PARENT-LLVM-NEXT: !1 = !{!"Tail", !2, i64 4}
; PARENT-LLVM-NEXT: 0
; PARENT-LLVM-NEXT: Did not see access type in access path!
; PARENT-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !0
; PARENT-LLVM-NEXT: !0 = !{!1, !2, i64 0}
; PARENT-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !10
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Tail", !2, i64 4}
!10 = !{!3, !2, i64 0}

;--- parent.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !10
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Tail", !2, i64 4}
!10 = !{!3, !2, i64 4}
;--- root.bad.ll
; ROOT:      error: verify-alias-md [tbaa-access-not-on-path]: Did not see access type in access path!
; ROOT-NEXT:   in @f, !tbaa:
; ROOT-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; ROOT-NEXT: !10 = !{!0, !2, i64 0}
; ROOT-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; ROOT-LLVM:      Did not see access type in access path!
; ROOT-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; ROOT-LLVM-NEXT: !0 = !{!1, !2, i64 0}
; ROOT-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!0, !2, i64 0}
