; Not a bug of verify-alias-md: undefined behaviour in LLVM 22's verifier.
; The tag's access type !1 is new-format, so the base type !2 (three
; operands, no fields) is walked as a new-format type; for a type without
; fields getFieldNodeFromTBAABaseNode takes the "last field", which is
; operand 0, and does cast<MDNode> on it. Here operand 0 is `i64 0`, not a
; node: LLVM goes on walking a ConstantAsMetadata as if it were an MDNode.
; What happens next depends on memory layout (seen: a segfault in
; verifyTBAABaseNodeImpl, "Did not see access type in access path!", or
; "Access tag nodes must have the number of operands that is a multiple of
; 3!" followed by the line `i64 0`).
; verify-alias-md ends the walk there and reports "Did not see access type
; in access path!". checks/verify/parity.py classifies modules where LLVM
; prints a non-node in place of a node as llvm-ub (not compared, like LLVM
; crashes; we must report an error).
define void @f(ptr %p) {
  store i8 0, ptr %p, align 1, !tbaa !3
  ret void
}

!0 = !{!"root"}
!1 = !{!0, i64 1, !"char"}
!2 = !{i64 0, i64 8, !"x"}
!3 = !{!2, !1, i64 0, i64 1}
