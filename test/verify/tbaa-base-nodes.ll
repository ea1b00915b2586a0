; verify-alias-md: LLVM 22's checks of the type nodes a tag's struct path
; walks through (TBAAVerifier::verifyTBAABaseNode, spec §4.3): one negative
; and one positive module per rule, each negative one also given to LLVM's
; verifier (same messages, same lines, but for the numbers: LLVM numbers
; nodes as `opt -S` does, we as the file does). In every negative module two loads
; with two different tags reach the bad node: LLVM caches base-node results,
; so the node is reported once (the first time), and the second tag is
; rejected without a message; --implicit-check-not shows that we report
; nothing more either. The field loop goes on after a bad field, so one
; node can get several messages (several.bad.ll). For messages after which
; LLVM prints only the node, we print the instruction too (first).
;
; RUN: rm -rf %t && split-file %s %t
;
; tbaa-new-type-operands
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/newtype.bad.ll 2>&1 | FileCheck %s --check-prefix=NEWTYPE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/newtype.bad.ll 2>&1 | FileCheck %s --check-prefix=NEWTYPE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/newtype.good.ll 2>&1 | count 0
;
; tbaa-old-struct-operands
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/oldstruct.bad.ll 2>&1 | FileCheck %s --check-prefix=OLDSTRUCT --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/oldstruct.bad.ll 2>&1 | FileCheck %s --check-prefix=OLDSTRUCT-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/oldstruct.good.ll 2>&1 | count 0
;
; tbaa-type-size
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/typesize.bad.ll 2>&1 | FileCheck %s --check-prefix=TYPESIZE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/typesize.bad.ll 2>&1 | FileCheck %s --check-prefix=TYPESIZE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/typesize.good.ll 2>&1 | count 0
;
; tbaa-struct-name
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/name.bad.ll 2>&1 | FileCheck %s --check-prefix=NAME --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/name.bad.ll 2>&1 | FileCheck %s --check-prefix=NAME-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/name.good.ll 2>&1 | count 0
;
; tbaa-field-not-node
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/fieldnode.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDNODE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/fieldnode.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDNODE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/fieldnode.good.ll 2>&1 | count 0
;
; tbaa-field-offset
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/fieldoffset.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDOFFSET --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/fieldoffset.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDOFFSET-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/fieldoffset.good.ll 2>&1 | count 0
;
; tbaa-field-bit-width
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/fieldwidth.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDWIDTH --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/fieldwidth.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDWIDTH-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/fieldwidth.good.ll 2>&1 | count 0
;
; tbaa-field-order
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/fieldorder.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDORDER --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/fieldorder.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDORDER-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/fieldorder.good.ll 2>&1 | count 0
;
; tbaa-member-size
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/membersize.bad.ll 2>&1 | FileCheck %s --check-prefix=MEMBERSIZE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/membersize.bad.ll 2>&1 | FileCheck %s --check-prefix=MEMBERSIZE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/membersize.good.ll 2>&1 | count 0
;
; several bad fields in one node (tbaa-field-not-node, -bit-width, -order)
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/several.bad.ll 2>&1 | FileCheck %s --check-prefix=SEVERAL --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/several.bad.ll 2>&1 | FileCheck %s --check-prefix=SEVERAL-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/several.good.ll 2>&1 | count 0

;--- newtype.bad.ll
; New format: Pair lacks the size of its second field (8 operands).
; NEWTYPE:      error: verify-alias-md [tbaa-new-type-operands]: Access tag nodes must have the number of operands that is a multiple of 3!
; NEWTYPE-NEXT:   in @f, !tbaa:
; NEWTYPE-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; NEWTYPE-NEXT: !3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4}
; NEWTYPE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; NEWTYPE-LLVM:      Access tag nodes must have the number of operands that is a multiple of 3!
; NEWTYPE-LLVM-NEXT: !1 = !{!2, i64 8, !"Pair", !4, i64 0, i64 4, !4, i64 4}
; NEWTYPE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4}
!10 = !{!3, !2, i64 0, i64 4}
!11 = !{!3, !2, i64 4, i64 4}

;--- newtype.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 0, i64 4}
!11 = !{!3, !2, i64 4, i64 4}

;--- oldstruct.bad.ll
; Old format: Pair lacks the offset of its second field (4 operands).
; OLDSTRUCT:      error: verify-alias-md [tbaa-old-struct-operands]: Struct tag nodes must have an odd number of operands!
; OLDSTRUCT-NEXT:   in @f, !tbaa:
; OLDSTRUCT-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; OLDSTRUCT-NEXT: !3 = !{!"Pair", !2, i64 0, !2}
; OLDSTRUCT-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; OLDSTRUCT-LLVM:      Struct tag nodes must have an odd number of operands!
; OLDSTRUCT-LLVM-NEXT: !1 = !{!"Pair", !2, i64 0, !2}
; OLDSTRUCT-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2}
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- oldstruct.good.ll
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
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- typesize.bad.ll
; New format: the size of Pair is a string.
; TYPESIZE:      error: verify-alias-md [tbaa-type-size]: Type size nodes must be constants!
; TYPESIZE-NEXT:   in @f, !tbaa:
; TYPESIZE-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; TYPESIZE-NEXT: !3 = !{!1, !"8", !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
; TYPESIZE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; TYPESIZE-LLVM:      Type size nodes must be constants!
; TYPESIZE-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; TYPESIZE-LLVM-NEXT: !1 = !{!2, !"8", !"Pair", !4, i64 0, i64 4, !4, i64 4, i64 4}
; TYPESIZE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, !"8", !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 0, i64 4}
!11 = !{!3, !2, i64 4, i64 4}

;--- typesize.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 0, i64 4}
!11 = !{!3, !2, i64 4, i64 4}

;--- name.bad.ll
; Old format: Pair's first operand is a node, not its name.
; NAME:      error: verify-alias-md [tbaa-struct-name]: Struct tag nodes have a string as their first operand
; NAME-NEXT:   in @f, !tbaa:
; NAME-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; NAME-NEXT: !3 = !{!4, !2, i64 0, !2, i64 4}
; NAME-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; NAME-LLVM:      Struct tag nodes have a string as their first operand
; NAME-LLVM-NEXT: !1 = !{!2, !3, i64 0, !3, i64 4}
; NAME-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!4, !2, i64 0, !2, i64 4}
!4 = !{!"Pair"}
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- name.good.ll
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
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- fieldnode.bad.ll
; Old format: the first field's type is a string.
; FIELDNODE:      error: verify-alias-md [tbaa-field-not-node]: Incorrect field entry in struct type node!
; FIELDNODE-NEXT:   in @f, !tbaa:
; FIELDNODE-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; FIELDNODE-NEXT: !3 = !{!"Pair", !"int", i64 0, !2, i64 4}
; FIELDNODE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; FIELDNODE-LLVM:      Incorrect field entry in struct type node!
; FIELDNODE-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; FIELDNODE-LLVM-NEXT: !1 = !{!"Pair", !"int", i64 0, !2, i64 4}
; FIELDNODE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !"int", i64 0, !2, i64 4}
!10 = !{!3, !2, i64 4}
!11 = !{!3, !2, i64 4}

;--- fieldnode.good.ll
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
!10 = !{!3, !2, i64 4}
!11 = !{!3, !2, i64 4}

;--- fieldoffset.bad.ll
; Old format: the second field's offset is a string.
; FIELDOFFSET:      error: verify-alias-md [tbaa-field-offset]: Offset entries must be constants!
; FIELDOFFSET-NEXT:   in @f, !tbaa:
; FIELDOFFSET-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; FIELDOFFSET-NEXT: !3 = !{!"Pair", !2, i64 0, !2, !"4"}
; FIELDOFFSET-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; FIELDOFFSET-LLVM:      Offset entries must be constants!
; FIELDOFFSET-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; FIELDOFFSET-LLVM-NEXT: !1 = !{!"Pair", !2, i64 0, !2, !"4"}
; FIELDOFFSET-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, !"4"}
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 0}

;--- fieldoffset.good.ll
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
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 0}

;--- fieldwidth.bad.ll
; An i64 and an i32 field offset in one node.
; FIELDWIDTH:      error: verify-alias-md [tbaa-field-bit-width]: Bitwidth between the offsets and struct type entries must match
; FIELDWIDTH-NEXT:   in @f, !tbaa:
; FIELDWIDTH-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; FIELDWIDTH-NEXT: !3 = !{!"Pair", !2, i64 0, !2, i32 4}
; FIELDWIDTH-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; FIELDWIDTH-LLVM:      Bitwidth between the offsets and struct type entries must match
; FIELDWIDTH-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; FIELDWIDTH-LLVM-NEXT: !1 = !{!"Pair", !2, i64 0, !2, i32 4}
; FIELDWIDTH-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i32 4}
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- fieldwidth.good.ll
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
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- fieldorder.bad.ll
; Offsets 4 then 0 (equal offsets, a union, are fine: the positive module).
; FIELDORDER:      error: verify-alias-md [tbaa-field-order]: Offsets must be increasing!
; FIELDORDER-NEXT:   in @f, !tbaa:
; FIELDORDER-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; FIELDORDER-NEXT: !3 = !{!"Pair", !2, i64 4, !2, i64 0}
; FIELDORDER-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; FIELDORDER-LLVM:      Offsets must be increasing!
; FIELDORDER-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; FIELDORDER-LLVM-NEXT: !1 = !{!"Pair", !2, i64 4, !2, i64 0}
; FIELDORDER-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 4, !2, i64 0}
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- fieldorder.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Union", !2, i64 0, !2, i64 0, !2, i64 4}
!10 = !{!3, !2, i64 0}
!11 = !{!3, !2, i64 4}

;--- membersize.bad.ll
; New format: the second member's size is a string.
; MEMBERSIZE:      error: verify-alias-md [tbaa-member-size]: Member size entries must be constants!
; MEMBERSIZE-NEXT:   in @f, !tbaa:
; MEMBERSIZE-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; MEMBERSIZE-NEXT: !3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, !"4"}
; MEMBERSIZE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; MEMBERSIZE-LLVM:      Member size entries must be constants!
; MEMBERSIZE-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; MEMBERSIZE-LLVM-NEXT: !1 = !{!2, i64 8, !"Pair", !4, i64 0, i64 4, !4, i64 4, !"4"}
; MEMBERSIZE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, !"4"}
!10 = !{!3, !2, i64 0, i64 4}
!11 = !{!3, !2, i64 4, i64 4}

;--- membersize.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 0, i64 4}
!11 = !{!3, !2, i64 4, i64 4}

;--- several.bad.ll
; One node, three bad fields: three messages, in field order.
; SEVERAL:      error: verify-alias-md [tbaa-field-not-node]: Incorrect field entry in struct type node!
; SEVERAL-NEXT:   in @f, !tbaa:
; SEVERAL-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; SEVERAL-NEXT: !3 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
; SEVERAL-NEXT: error: verify-alias-md [tbaa-field-bit-width]: Bitwidth between the offsets and struct type entries must match
; SEVERAL-NEXT:   in @f, !tbaa:
; SEVERAL-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; SEVERAL-NEXT: !3 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
; SEVERAL-NEXT: error: verify-alias-md [tbaa-field-order]: Offsets must be increasing!
; SEVERAL-NEXT:   in @f, !tbaa:
; SEVERAL-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; SEVERAL-NEXT: !3 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
; SEVERAL-NEXT: LLVM ERROR: verify-alias-md: 3 errors in alias metadata
; SEVERAL-LLVM:      Incorrect field entry in struct type node!
; SEVERAL-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; SEVERAL-LLVM-NEXT: !1 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
; SEVERAL-LLVM-NEXT: Bitwidth between the offsets and struct type entries must match
; SEVERAL-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; SEVERAL-LLVM-NEXT: !1 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
; SEVERAL-LLVM-NEXT: Offsets must be increasing!
; SEVERAL-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; SEVERAL-LLVM-NEXT: !1 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
; SEVERAL-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Mess", !"x", i64 0, !2, i64 8, !2, i32 4, !2, i64 4}
!10 = !{!3, !2, i64 8}
!11 = !{!3, !2, i64 4}

;--- several.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Mess", !2, i64 0, !2, i64 4, !2, i64 8}
!10 = !{!3, !2, i64 8}
!11 = !{!3, !2, i64 4}
