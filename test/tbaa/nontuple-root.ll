; Type DAGs whose root is a metadata node that is not a tuple: here the
; (operand-less) debug-info node !DIExpression(). The verifier accepts it:
; an old-format scalar may hang off any node with fewer than two operands,
; and it does not look at the parents of a new-format access type. LLVM's
; TBAA reads the node like any other MDNode: no operands, so it is a root,
; and int and float under it are siblings: NoAlias, and GVN forwards the
; stored 1. rust-tbaa must give the same answers (and print no warning:
; this is valid IR).
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s 2>&1 | FileCheck %s
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s 2>&1 | FileCheck %s
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL

; CHECK-NOT: warning:
; CHECK-LABEL: define i32 @new_format(
; CHECK-NOT: load
; CHECK: ret i32 1
; CHECK-LABEL: define i32 @old_format(
; CHECK-NOT: load
; CHECK: ret i32 1
; CHECK-NOT: warning:

; EVAL-NOT: warning:
; EVAL-LABEL: Function: new_format:
; EVAL: NoAlias: %v = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}} <-> store float 4.000000e+00, ptr %q
; EVAL-NEXT: NoAlias: store float 4.000000e+00, ptr %q, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %p
; EVAL-LABEL: Function: old_format:
; EVAL: NoAlias: %v = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}} <-> store float 4.000000e+00, ptr %q
; EVAL-NEXT: NoAlias: store float 4.000000e+00, ptr %q, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %p
; EVAL-NOT: warning:

define i32 @new_format(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !12
  store float 4.0, ptr %q, align 4, !tbaa !13
  %v = load i32, ptr %p, align 4, !tbaa !12
  ret i32 %v
}

define i32 @old_format(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !22
  store float 4.0, ptr %q, align 4, !tbaa !23
  %v = load i32, ptr %p, align 4, !tbaa !22
  ret i32 %v
}

!0 = !DIExpression()
; New format.
!10 = !{!0, i64 4, !"int"}
!11 = !{!0, i64 4, !"float"}
!12 = !{!10, !10, i64 0, i64 4}
!13 = !{!11, !11, i64 0, i64 4}
; Old format.
!20 = !{!"int", !0, i64 0}
!21 = !{!"float", !0, i64 0}
!22 = !{!20, !20, i64 0}
!23 = !{!21, !21, i64 0}
