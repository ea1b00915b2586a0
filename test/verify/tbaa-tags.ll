; verify-alias-md: the checks LLVM 22's verifier makes on a !tbaa access tag
; itself (TBAAVerifier::visitTBAAMetadata, rows 1-10 of spec §4.2), one
; negative and one positive module per rule. Each negative module is also
; given to LLVM's own verifier, which must print the same message with the
; same instruction and node lines (parity), but for the numbers: LLVM
; numbers nodes as `opt -S` does, we as the file does. The path walk (rows 11-12) is
; in tbaa-paths.ll, base type nodes in tbaa-base-nodes.ll; "Old-style TBAA"
; is only reachable through !llvm.errno.tbaa (errno.ll), since the IR
; parser upgrades old-style tags on instructions.
;
; RUN: rm -rf %t && split-file %s %t
;
; tbaa-empty-tag
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/empty.bad.ll 2>&1 | FileCheck %s --check-prefix=EMPTY --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/empty.bad.ll 2>&1 | FileCheck %s --check-prefix=EMPTY-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/empty.good.ll 2>&1 | count 0
;
; tbaa-not-memory-instruction
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/kind.bad.ll 2>&1 | FileCheck %s --check-prefix=KIND --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/kind.bad.ll 2>&1 | FileCheck %s --check-prefix=KIND-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/kind.good.ll 2>&1 | count 0
;
; tbaa-new-tag-operands
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/new-ops.bad.ll 2>&1 | FileCheck %s --check-prefix=NEWOPS --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/new-ops.bad.ll 2>&1 | FileCheck %s --check-prefix=NEWOPS-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/new-ops.good.ll 2>&1 | count 0
;
; tbaa-old-tag-operands
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/old-ops.bad.ll 2>&1 | FileCheck %s --check-prefix=OLDOPS --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/old-ops.bad.ll 2>&1 | FileCheck %s --check-prefix=OLDOPS-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/old-ops.good.ll 2>&1 | count 0
;
; tbaa-access-size
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/size.bad.ll 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/size.bad.ll 2>&1 | FileCheck %s --check-prefix=SIZE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/size.good.ll 2>&1 | count 0
;
; tbaa-immutable-not-constant
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/imm-const.bad.ll 2>&1 | FileCheck %s --check-prefix=IMMC --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/imm-const.bad.ll 2>&1 | FileCheck %s --check-prefix=IMMC-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/imm-const.good.ll 2>&1 | count 0
;
; tbaa-immutable-not-boolean
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/imm-bool.bad.ll 2>&1 | FileCheck %s --check-prefix=IMMB --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/imm-bool.bad.ll 2>&1 | FileCheck %s --check-prefix=IMMB-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/imm-bool.good.ll 2>&1 | count 0
;
; tbaa-base-or-access-not-node
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/not-node.bad.ll 2>&1 | FileCheck %s --check-prefix=NOTNODE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/not-node.bad.ll 2>&1 | FileCheck %s --check-prefix=NOTNODE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/not-node.good.ll 2>&1 | count 0
;
; tbaa-access-not-scalar
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/scalar.bad.ll 2>&1 | FileCheck %s --check-prefix=SCALAR --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/scalar.bad.ll 2>&1 | FileCheck %s --check-prefix=SCALAR-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/scalar.good.ll 2>&1 | count 0
;
; tbaa-offset-not-constant
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/offset.bad.ll 2>&1 | FileCheck %s --check-prefix=OFFSET --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/offset.bad.ll 2>&1 | FileCheck %s --check-prefix=OFFSET-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/offset.good.ll 2>&1 | count 0

;--- empty.bad.ll
; An empty tag on a load, and on an add: the operand count is checked
; before the kind of instruction, so the add gets the same message.
; EMPTY:      error: verify-alias-md [tbaa-empty-tag]: TBAA metadata cannot have 0 operands
; EMPTY-NEXT:   in @f, !tbaa:
; EMPTY-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; EMPTY-NEXT: !10 = !{}
; EMPTY-NEXT: error: verify-alias-md [tbaa-empty-tag]: TBAA metadata cannot have 0 operands
; EMPTY-NEXT:   in @f, !tbaa:
; EMPTY-NEXT:   %s = add i32 %v, 1, !tbaa !10
; EMPTY-NEXT: !10 = !{}
; EMPTY-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; EMPTY-LLVM:      TBAA metadata cannot have 0 operands
; EMPTY-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; EMPTY-LLVM-NEXT: !0 = !{}
; EMPTY-LLVM-NEXT: TBAA metadata cannot have 0 operands
; EMPTY-LLVM-NEXT:   %s = add i32 %v, 1, !tbaa !0
; EMPTY-LLVM-NEXT: !0 = !{}
; EMPTY-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  %s = add i32 %v, 1, !tbaa !10
  ret i32 %s
}
!10 = !{}

;--- empty.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  %s = add i32 %v, 1
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}

;--- kind.bad.ll
; A valid tag on an add and on an invoke (LLVM only accepts plain calls).
; LLVM's verifier visits an invoke twice and so prints its message twice;
; so does verify-alias-md.
; KIND:      error: verify-alias-md [tbaa-not-memory-instruction]: This instruction shall not have a TBAA access tag!
; KIND-NEXT:   in @f, !tbaa:
; KIND-NEXT:   %s = add i32 %v, 1, !tbaa !10
; KIND-NEXT: error: verify-alias-md [tbaa-not-memory-instruction]: This instruction shall not have a TBAA access tag!
; KIND-NEXT:   in @f, !tbaa:
; KIND-NEXT:   %r = invoke i32 @g()
; KIND-NEXT:           to label %ok unwind label %lp, !tbaa !10
; KIND-NEXT: error: verify-alias-md [tbaa-not-memory-instruction]: This instruction shall not have a TBAA access tag!
; KIND-NEXT:   in @f, !tbaa:
; KIND-NEXT:   %r = invoke i32 @g()
; KIND-NEXT:           to label %ok unwind label %lp, !tbaa !10
; KIND-NEXT: LLVM ERROR: verify-alias-md: 3 errors in alias metadata
; KIND-LLVM:      This instruction shall not have a TBAA access tag!
; KIND-LLVM-NEXT:   %s = add i32 %v, 1, !tbaa !0
; KIND-LLVM-NEXT: This instruction shall not have a TBAA access tag!
; KIND-LLVM-NEXT:   %r = invoke i32 @g()
; KIND-LLVM-NEXT:           to label %ok unwind label %lp, !tbaa !0
; KIND-LLVM-NEXT: This instruction shall not have a TBAA access tag!
; KIND-LLVM-NEXT:   %r = invoke i32 @g()
; KIND-LLVM-NEXT:           to label %ok unwind label %lp, !tbaa !0
; KIND-LLVM-NEXT: error: input module is broken!
declare i32 @g()
declare i32 @__gxx_personality_v0(...)
define i32 @f(ptr %p) personality ptr @__gxx_personality_v0 {
  %v = load i32, ptr %p, align 4, !tbaa !10
  %s = add i32 %v, 1, !tbaa !10
  %r = invoke i32 @g() to label %ok unwind label %lp, !tbaa !10
ok:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}

;--- kind.good.ll
; The same tag on every kind of instruction LLVM accepts it on.
declare i32 @g()
define i32 @f(ptr %p, ptr %ap) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  store i32 %v, ptr %p, align 4, !tbaa !10
  %c = call i32 @g(), !tbaa !10
  %va = va_arg ptr %ap, i32, !tbaa !10
  %old = atomicrmw add ptr %p, i32 1 seq_cst, !tbaa !10
  %pair = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst, !tbaa !10
  %s = add i32 %v, %c
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}

;--- new-ops.bad.ll
; New format (decided by the access type): 3 and 6 operands.
; NEWOPS:      error: verify-alias-md [tbaa-new-tag-operands]: Access tag metadata must have either 4 or 5 operands
; NEWOPS-NEXT:   in @f, !tbaa:
; NEWOPS-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; NEWOPS-NEXT: !10 = !{!2, !2, i64 0}
; NEWOPS-NEXT: error: verify-alias-md [tbaa-new-tag-operands]: Access tag metadata must have either 4 or 5 operands
; NEWOPS-NEXT:   in @f, !tbaa:
; NEWOPS-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; NEWOPS-NEXT: !11 = !{!2, !2, i64 0, i64 4, i64 0, i64 0}
; NEWOPS-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; NEWOPS-LLVM:      Access tag metadata must have either 4 or 5 operands
; NEWOPS-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; NEWOPS-LLVM-NEXT: !0 = !{!1, !1, i64 0}
; NEWOPS-LLVM-NEXT: Access tag metadata must have either 4 or 5 operands
; NEWOPS-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !4
; NEWOPS-LLVM-NEXT: !4 = !{!1, !1, i64 0, i64 4, i64 0, i64 0}
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!2, !2, i64 0}
!11 = !{!2, !2, i64 0, i64 4, i64 0, i64 0}

;--- new-ops.good.ll
; 4 and 5 operands.
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!2, !2, i64 0, i64 4}
!11 = !{!2, !2, i64 0, i64 4, i64 0}

;--- old-ops.bad.ll
; OLDOPS:      error: verify-alias-md [tbaa-old-tag-operands]: Struct tag metadata must have either 3 or 4 operands
; OLDOPS-NEXT:   in @f, !tbaa:
; OLDOPS-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; OLDOPS-NEXT: !10 = !{!2, !2, i64 0, i64 0, i64 0}
; OLDOPS-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; OLDOPS-LLVM:      Struct tag metadata must have either 3 or 4 operands
; OLDOPS-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; OLDOPS-LLVM-NEXT: !0 = !{!1, !1, i64 0, i64 0, i64 0}
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0, i64 0, i64 0}

;--- old-ops.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0, i64 0}

;--- size.bad.ll
; SIZE:      error: verify-alias-md [tbaa-access-size]: Access size field must be a constant
; SIZE-NEXT:   in @f, !tbaa:
; SIZE-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; SIZE-NEXT: !10 = !{!2, !2, i64 0, !"4"}
; SIZE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; SIZE-LLVM:      Access size field must be a constant
; SIZE-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; SIZE-LLVM-NEXT: !0 = !{!1, !1, i64 0, !"4"}
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!2, !2, i64 0, !"4"}

;--- size.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!2, !2, i64 0, i64 4}

;--- imm-const.bad.ll
; Old format (flag at 3) and new format (flag at 4).
; IMMC:      error: verify-alias-md [tbaa-immutable-not-constant]: Immutability tag on struct tag metadata must be a constant
; IMMC-NEXT:   in @f, !tbaa:
; IMMC-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; IMMC-NEXT: !10 = !{!2, !2, i64 0, !"const"}
; IMMC-NEXT: error: verify-alias-md [tbaa-immutable-not-constant]: Immutability tag on struct tag metadata must be a constant
; IMMC-NEXT:   in @f, !tbaa:
; IMMC-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; IMMC-NEXT: !11 = !{!4, !4, i64 0, i64 4, !"const"}
; IMMC-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; IMMC-LLVM:      Immutability tag on struct tag metadata must be a constant
; IMMC-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; IMMC-LLVM-NEXT: !0 = !{!1, !1, i64 0, !"const"}
; IMMC-LLVM-NEXT: Immutability tag on struct tag metadata must be a constant
; IMMC-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !4
; IMMC-LLVM-NEXT: !4 = !{!5, !5, i64 0, i64 4, !"const"}
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!0, i64 1, !"omnipotent char"}
!4 = !{!3, i64 4, !"int"}
!10 = !{!2, !2, i64 0, !"const"}
!11 = !{!4, !4, i64 0, i64 4, !"const"}

;--- imm-const.good.ll
; Constant flags, including i1 true.
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!0, i64 1, !"omnipotent char"}
!4 = !{!3, i64 4, !"int"}
!10 = !{!2, !2, i64 0, i1 true}
!11 = !{!4, !4, i64 0, i64 4, i64 1}

;--- imm-bool.bad.ll
; IMMB:      error: verify-alias-md [tbaa-immutable-not-boolean]: Immutability part of the struct tag metadata must be either 0 or 1
; IMMB-NEXT:   in @f, !tbaa:
; IMMB-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; IMMB-NEXT: !10 = !{!2, !2, i64 0, i64 2}
; IMMB-NEXT: error: verify-alias-md [tbaa-immutable-not-boolean]: Immutability part of the struct tag metadata must be either 0 or 1
; IMMB-NEXT:   in @f, !tbaa:
; IMMB-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; IMMB-NEXT: !11 = !{!4, !4, i64 0, i64 4, i64 -1}
; IMMB-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; IMMB-LLVM:      Immutability part of the struct tag metadata must be either 0 or 1
; IMMB-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; IMMB-LLVM-NEXT: !0 = !{!1, !1, i64 0, i64 2}
; IMMB-LLVM-NEXT: Immutability part of the struct tag metadata must be either 0 or 1
; IMMB-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !4
; IMMB-LLVM-NEXT: !4 = !{!5, !5, i64 0, i64 4, i64 -1}
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!0, i64 1, !"omnipotent char"}
!4 = !{!3, i64 4, !"int"}
!10 = !{!2, !2, i64 0, i64 2}
!11 = !{!4, !4, i64 0, i64 4, i64 -1}

;--- imm-bool.good.ll
define i32 @f(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!0, i64 1, !"omnipotent char"}
!4 = !{!3, i64 4, !"int"}
!10 = !{!2, !2, i64 0, i64 0}
!11 = !{!4, !4, i64 0, i64 4, i64 1}

;--- not-node.bad.ll
; The access type is a string: LLVM prints the tag and the base, and
; nothing for the access type.
; NOTNODE:      error: verify-alias-md [tbaa-base-or-access-not-node]: Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes
; NOTNODE-NEXT:   in @f, !tbaa:
; NOTNODE-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; NOTNODE-NEXT: !10 = !{!2, !"int", i64 0}
; NOTNODE-NEXT: !2 = !{!"int", !1, i64 0}
; NOTNODE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; NOTNODE-LLVM:      Malformed struct tag metadata: base and access-type should be non-null and point to Metadata nodes
; NOTNODE-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; NOTNODE-LLVM-NEXT: !0 = !{!1, !"int", i64 0}
; NOTNODE-LLVM-NEXT: !1 = !{!"int", !2, i64 0}
; NOTNODE-LLVM-NEXT: error: input module is broken!
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !"int", i64 0}

;--- not-node.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 0}

;--- scalar.bad.ll
; Old format: a struct, and a scalar with a non-zero third operand, as
; access types.
; SCALAR:      error: verify-alias-md [tbaa-access-not-scalar]: Access type node must be a valid scalar type
; SCALAR-NEXT:   in @f, !tbaa:
; SCALAR-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; SCALAR-NEXT: !10 = !{!3, !3, i64 0}
; SCALAR-NEXT: !3 = !{!"Pair", !2, i64 0, !2, i64 4}
; SCALAR-NEXT: error: verify-alias-md [tbaa-access-not-scalar]: Access type node must be a valid scalar type
; SCALAR-NEXT:   in @f, !tbaa:
; SCALAR-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !11
; SCALAR-NEXT: !11 = !{!4, !4, i64 0}
; SCALAR-NEXT: !4 = !{!"const int", !2, i64 1}
; SCALAR-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; SCALAR-LLVM:      Access type node must be a valid scalar type
; SCALAR-LLVM-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !0
; SCALAR-LLVM-NEXT: !0 = !{!1, !1, i64 0}
; SCALAR-LLVM-NEXT: !1 = !{!"Pair", !2, i64 0, !2, i64 4}
; SCALAR-LLVM-NEXT: Access type node must be a valid scalar type
; SCALAR-LLVM-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !5
; SCALAR-LLVM-NEXT: !5 = !{!6, !6, i64 0}
; SCALAR-LLVM-NEXT: !6 = !{!"const int", !2, i64 1}
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
!4 = !{!"const int", !2, i64 1}
!10 = !{!3, !3, i64 0}
!11 = !{!4, !4, i64 0}

;--- scalar.good.ll
; The struct as base type, and a two-operand scalar.
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
!4 = !{!"const int", !2}
!10 = !{!3, !2, i64 4}
!11 = !{!4, !4, i64 0}

;--- offset.bad.ll
; OFFSET:      error: verify-alias-md [tbaa-offset-not-constant]: Offset must be constant integer
; OFFSET-NEXT:   in @f, !tbaa:
; OFFSET-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !10
; OFFSET-NEXT: !10 = !{!3, !2, !"4"}
; OFFSET-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; OFFSET-LLVM:      Offset must be constant integer
; OFFSET-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !0
; OFFSET-LLVM-NEXT: !0 = !{!1, !2, !"4"}
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i64 4}
!10 = !{!3, !2, !"4"}

;--- offset.good.ll
define i32 @f(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i64 4}
!10 = !{!3, !2, i64 4}
