; aliaskit dot marks malformed nodes (red, with the problem written on
; them: the verifier's findings and shapes that are not a type) and edges
; on a cycle (red, labelled "cycle"), and draws them anyway.
; RUN: %aliaskit dot %s -o %t.dot
; RUN: FileCheck %s < %t.dot
; CHECK-DAG: n{{[0-9]+}} -> n{{[0-9]+}} [label="parent", arrowhead=empty, color=red, fontcolor=red, xlabel="cycle"];
; CHECK-DAG: n{{[0-9]+}} -> n{{[0-9]+}} [label="parent", arrowhead=empty, color=red, fontcolor=red, xlabel="cycle"];
; CHECK-DAG: shape=box, color=red, {{.*}}label="!{{[0-9]+}} \"bad\"\ntype node\n{{.*}}malformed: operand 2 (offset) is not an integer"
; CHECK-DAG: shape=note, {{.*}}color=red, {{.*}}\nerror [tbaa-access-not-scalar]: Access type node must be a valid scalar type"
; RUN: %if graphviz %{ %aliaskit dot %s -o %t.svg %}

define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !1
  store i32 0, ptr %q, align 4, !tbaa !5
  ret void
}

!1 = !{!2, !2, i64 0}
!2 = !{!"A", !3, i64 0}
!3 = !{!"B", !2, i64 0}
!4 = !{!"bad", !2, !"zero"}
!5 = !{!4, !4, i64 0}
