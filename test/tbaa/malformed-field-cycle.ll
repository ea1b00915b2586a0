; A cyclic graph of field types, reached through the hasField rule of the
; new format: when an access has an aggregate access type, LLVM searches
; all its fields, recursively, for the other access's base type. The
; search has no cycle guard, so on a cycle without the type it recurses
; until the stack overflows. The verifier does not look at these fields,
; so this IR is verifier-clean. rust-tbaa must not crash: the query gets
; MayAlias, one warning names the node (once for all queries); unrelated
; queries keep their answers.
;
; RUN: rm -rf %t && split-file %s %t
;
; Knot holds a Tie, which holds a Knot.
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/knot.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/knot.ll 2>&1 | FileCheck %s --check-prefix=KNOT-EVAL
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/knot.ll 2>&1 | FileCheck %s --check-prefix=KNOT-GVN
;
; A struct that holds itself.
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/self.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/self.ll 2>&1 | FileCheck %s --check-prefix=SELF
;
; The searched type is found before the search enters the cycle: LLVM
; survives, and both analyses say MayAlias without a warning.
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %t/found-first.ll 2>&1 | FileCheck %s --check-prefix=FOUND
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/found-first.ll 2>&1 | FileCheck %s --check-prefix=FOUND

;--- knot.ll
; KNOT-EVAL-LABEL: Function: three_stores:
; KNOT-EVAL: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Knot{{.*}}: its graph of field types contains a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; KNOT-EVAL-NOT: warning:
; KNOT-EVAL: MayAlias: store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; KNOT-EVAL-NEXT: MayAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; KNOT-EVAL-NEXT: NoAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}}
; KNOT-EVAL-NOT: warning:
; KNOT-EVAL: Alias Analysis Evaluator Report

; KNOT-GVN: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Knot{{.*}}: its graph of field types contains a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; KNOT-GVN-NOT: warning:
; KNOT-GVN-LABEL: define i32 @reload(
; KNOT-GVN: %v = load i32, ptr %a
; KNOT-GVN-NEXT: ret i32 %v

define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i64 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i64 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Knot", !11, i64 0, i64 8}
!11 = !{!1, i64 8, !"Tie", !10, i64 0, i64 8}
; A whole Knot.
!12 = !{!10, !10, i64 0, i64 8}

;--- self.ll
; SELF: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Matryoshka{{.*}}: its graph of field types contains a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; SELF-NOT: warning:
; SELF-LABEL: define i32 @reload(
; SELF: %v = load i32, ptr %a
; SELF-NEXT: ret i32 %v
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i64 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!4 = !{!2, !2, i64 0, i64 4}
!10 = !{!1, i64 8, !"Matryoshka", !10, i64 0, i64 8}
!12 = !{!10, !10, i64 0, i64 8}

;--- found-first.ll
; FOUND-NOT: warning:
; FOUND-LABEL: define i32 @reload(
; FOUND: %v = load i32, ptr %a
; FOUND-NEXT: ret i32 %v
; FOUND-NOT: warning:
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i64 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!4 = !{!2, !2, i64 0, i64 4}
!10 = !{!1, i64 8, !"Knot", !11, i64 0, i64 8}
; Tie lists its int before the Knot that closes the cycle.
!11 = !{!1, i64 8, !"Tie", !2, i64 0, i64 4, !10, i64 4, i64 4}
!12 = !{!10, !10, i64 0, i64 8}
