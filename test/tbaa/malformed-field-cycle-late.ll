; A cyclic graph of field types in which the searched type does occur, but
; only after the cycle in LLVM's search order: Knot holds a Tie, and Tie
; lists the Knot (closing the cycle) before its int field. LLVM's hasField
; recurses into the Knot first and never comes back (stack overflow), even
; though this IR is verifier-clean. rust-tbaa must not crash and must
; answer MayAlias, and, as for every node on which the built-in tbaa
; crashes, print one warning for the node of the cycle.
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %s
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s 2>&1 | FileCheck %s

; CHECK: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: its graph of field types contains a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; CHECK-NOT: warning:
; CHECK-LABEL: define i32 @reload(
; CHECK: %v = load i32, ptr %a
; CHECK-NEXT: ret i32 %v

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
!11 = !{!1, i64 8, !"Tie", !10, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !10, i64 0, i64 8}
