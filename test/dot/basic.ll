; aliaskit dot: the TBAA type DAG and the scope domains, in DOT.
;
; The metadata below has 3 distinct tags (!1, !5, !6), and they reach 5
; type nodes (root, char, int, float, Point): 8 nodes. Edges: tag !1
; (Point, int) base + access = 2, tag !5 (Point, float) 2, tag !6 (char,
; char) 1 (base = access); int, float, char each a parent edge = 3; Point
; 2 field edges: 10.
; RUN: %aliaskit dot %s -o %t.dot
; RUN: grep -c '^  n[0-9]* \[' %t.dot | FileCheck %s --check-prefix=NODES
; NODES: 8
; RUN: grep -c ' -> ' %t.dot | FileCheck %s --check-prefix=EDGES
; EDGES: 10
; RUN: FileCheck %s --check-prefix=TBAA < %t.dot
; TBAA: digraph "tbaa" {
; TBAA-DAG: shape=note, {{.*}}label="!1\ntag {base \"Point\", access \"int\", offset 0}\n2 instructions"
; TBAA-DAG: shape=record, label="{!2 \"Point\"\nstruct|<f0> offset 0: \"int\"|<f1> offset 4: \"float\"}"
; TBAA-DAG: shape=doubleoctagon, label="!{{[0-9]+}} \"Simple C/C++ TBAA\"\nroot"
; TBAA-DAG: shape=ellipse, label="!{{[0-9]+}} \"omnipotent char\"\nscalar"
; TBAA-DAG: :f1 -> n{{[0-9]+}}
; TBAA-NOT: red
;
; Only the tags one function uses.
; RUN: %aliaskit dot %s --function chars | grep -c '^  n[0-9]* \[' | FileCheck %s --check-prefix=ONE
; ONE: 3
;
; Scopes: 2 lists, 2 scopes, 1 domain (a cluster); 2 list edges, 2 domain
; edges.
; RUN: %aliaskit dot --scopes %s -o %t.scopes.dot
; RUN: grep -c '^  n[0-9]* \[' %t.scopes.dot | FileCheck %s --check-prefix=SNODES
; SNODES: 5
; RUN: grep -c ' -> ' %t.scopes.dot | FileCheck %s --check-prefix=SEDGES
; SEDGES: 4
; RUN: FileCheck %s --check-prefix=SCOPES < %t.scopes.dot
; SCOPES: digraph "scopes" {
; SCOPES-DAG: label="!{{[0-9]+}}\nscope list\n1 as !alias.scope, 1 as !noalias"
; SCOPES-DAG: label="!{{[0-9]+}} \"callee: %a\"\nscope\nmade by the inliner for argument %a of callee"
; SCOPES-DAG: label="!{{[0-9]+}} \"callee\"\ndomain"
; SCOPES-DAG: subgraph cluster_0 {
;
; graphviz draws both (the output type follows the name).
; RUN: %if graphviz %{ %aliaskit dot %s -o %t.svg %}
; RUN: %if graphviz %{ FileCheck %s --check-prefix=SVG < %t.svg %}
; RUN: %if graphviz %{ %aliaskit dot --scopes %s -o %t.png %}
; RUN: %if graphviz %{ %python -c "import sys; sys.exit(open(sys.argv[1], 'rb').read(8) != b'\x89PNG\r\n\x1a\n')" %t.png %}
; SVG: <svg
; SVG: Point

define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !1, !alias.scope !13, !noalias !14
  store float 1.0, ptr %q, align 4, !tbaa !5, !alias.scope !14, !noalias !13
  %x = load i32, ptr %p, align 4, !tbaa !1
  ret void
}

define void @chars(ptr %r) {
  store i8 7, ptr %r, align 1, !tbaa !6
  ret void
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!2, !3, i64 0}
!2 = !{!"Point", !3, i64 0, !4, i64 4}
!3 = !{!"int", !7, i64 0}
!4 = !{!"float", !7, i64 0}
!5 = !{!2, !4, i64 4}
!6 = !{!7, !7, i64 0}
!7 = !{!"omnipotent char", !0, i64 0}
!10 = distinct !{!10, !"callee"}
!11 = distinct !{!11, !10, !"callee: %a"}
!12 = distinct !{!12, !10, !"callee: %b"}
!13 = !{!11}
!14 = !{!12}
