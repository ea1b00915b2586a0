; scoped-diff on scope lists whose only operand is null, !{null}
; (-disable-verify: the verifier crashes on them). Like {s, null}
; (basic.ll), such a list is malformed: questions that read it must be
; skipped, not sent to LLVM's analysis, which crashes on them; opt must
; exit 0 even with <fatal>.
;
; (The plugin reads metadata through the C API, whose LLVMMetadataAsValue
; canonicalises a node with a single null operand to the empty node !{}:
; !{null} is taken for a harmless !{}.)
;
; RUN: rm -rf %t && split-file %s %t
;
; One pair, {s} x {null}: skipped.
; RUN: %opt -disable-verify -passes='scoped-diff<fatal>' -disable-output %t/pair.ll 2>&1 | FileCheck %s --check-prefix=PAIR
; PAIR-NOT: disagreement
; PAIR:     scoped-diff: 1 pairs, 0 merges, 0 disagreements (1 skipped: malformed metadata){{$}}
;
; Two !noalias lists, {s, null} and {null}: MDNode::intersect gives !{null}
; in both orders (LLVM does not dereference the operands there). No
; disagreement may be reported, whether the merges are compared or
; skipped.
; RUN: %opt -disable-verify -passes='scoped-diff<fatal>' -disable-output %t/merge.ll 2>&1 | FileCheck %s --check-prefix=MERGE
; MERGE-NOT: disagreement
; MERGE:     scoped-diff: 0 pairs, {{[0-2]}} merges, 0 disagreements

;--- pair.ll
define void @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !2
  store i32 1, ptr %q, align 4, !noalias !3
  ret void
}

!0 = distinct !{!0, !"lonely"}
!1 = distinct !{!1, !0, !"lonely: s"}
!2 = !{!1}
!3 = !{null}

;--- merge.ll
define void @g(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !noalias !2
  store i32 2, ptr %q, align 4, !noalias !3
  ret void
}

!0 = distinct !{!0, !"lonely"}
!1 = distinct !{!1, !0, !"lonely: s"}
!2 = !{!1, null}
!3 = !{null}
