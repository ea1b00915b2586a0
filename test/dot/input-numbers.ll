; aliaskit dot labels nodes with the numbers this file gives them (not
; those of `opt -S`, which numbers !30 as !0), for tags, type nodes,
; scope lists, scopes and domains; a scope's place in its domain counts in
; the file's order.
;
; RUN: %aliaskit dot %s -o %t.dot
; RUN: FileCheck %s --check-prefix=TBAA < %t.dot
; TBAA-DAG: label="!30\ntag {base \"int\", access \"int\", offset 0}\n2 instructions"
; TBAA-DAG: label="!40\ntag {base \"float\", access \"float\", offset 0}\n1 instruction"
; TBAA-DAG: label="!31 \"int\"\nscalar"
; TBAA-DAG: label="!33 \"Simple C/C++ TBAA\"\nroot"
; RUN: %aliaskit dot --scopes %s -o %t.scopes.dot
; RUN: FileCheck %s --check-prefix=SCOPES < %t.scopes.dot
; SCOPES-DAG: label="!6\nscope list\n2 as !alias.scope, 1 as !noalias"
; SCOPES-DAG: label="!8\nscope\nthe 2nd scope of domain !9"
; SCOPES-DAG: label="!7\nscope\nthe 1st scope of domain !9"
; SCOPES-DAG: label="domain !9"
; RUN: %opt -S %s | FileCheck %s --check-prefix=OPT
; OPT: store i32 1, ptr %p, align 4, !tbaa !0, !alias.scope !4, !noalias !7

define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !30, !alias.scope !6, !noalias !5
  store float 2.0, ptr %q, align 4, !tbaa !40, !alias.scope !5, !noalias !6
  %v = load i32, ptr %p, align 4, !tbaa !30, !alias.scope !6, !noalias !5
  ret i32 %v
}

!40 = !{!41, !41, i64 0}
!41 = !{!"float", !32, i64 0}
!30 = !{!31, !31, i64 0}
!31 = !{!"int", !32, i64 0}
!32 = !{!"omnipotent char", !33, i64 0}
!33 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9}
!8 = distinct !{!8, !9}
!7 = distinct !{!7, !9}
!6 = !{!8}
!5 = !{!7}
