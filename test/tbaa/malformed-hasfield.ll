; Field lists that the new-format hasField search cannot read. When an
; access type is an aggregate, LLVM searches its fields, recursively, for
; the other access's base type, casting each field type operand to a node
; and counting fields from the operand count without any check. The
; verifier does not look at these fields, so this IR is verifier-clean:
;  * a field type that is the empty node `!{}` (its field count underflows);
;  * a field type that is a string;
;  * a field type that is null.
; LLVM crashes on each. rust-tbaa must not: the query gets MayAlias and one
; warning names the unreadable node, once; other queries are unaffected.
;
; RUN: rm -rf %t && split-file %s %t
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/empty.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/empty.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-ZERO
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/empty.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-ZERO
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/string.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/string.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-STRING
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/string.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-STRING
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/null.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/null.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-NULL
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/null.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-NULL

; In each module Hold = {char, 8, "Hold", <bad field> @0, int @4}, and a
; whole Hold is stored along with an int and a short. Both Hold queries
; search Hold's fields; LLVM meets the bad field first in both, and so does
; rust-tbaa, which searches in LLVM's order: the first query already reports
; the bad field (one warning), and both Hold queries answer MayAlias.
; EVAL-LABEL: Function: three_stores:
; EVAL-NOT: warning:
; EVAL-STRING: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Hold{{.*}}: operand 3 should be a metadata node; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL-NULL: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Hold{{.*}}: operand 3 should be a metadata node; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL-ZERO: warning: aliaskit::tbaa: malformed TBAA node !{}: it has too few operands for its fields; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL: MayAlias: store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NOT: warning:
; EVAL: Alias Analysis Evaluator Report

; GVN-ZERO: warning: aliaskit::tbaa: malformed TBAA node !{}: it has too few operands for its fields;
; GVN-STRING: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: operand 3 should be a metadata node;
; GVN-NULL: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: operand 3 should be a metadata node;
; GVN-NOT: warning:
; GVN-LABEL: define i16 @reload(
; GVN: %v = load i16, ptr %a
; GVN-NEXT: ret i16 %v

;--- empty.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i64 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i64 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Hold", !11, i64 0, i64 4, !2, i64 4, i64 4}
!11 = !{}
!12 = !{!10, !10, i64 0, i64 8}

;--- string.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i64 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i64 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Hold", !"int", i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !10, i64 0, i64 8}

;--- null.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i64 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i64 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Hold", null, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !10, i64 0, i64 8}
