; aliaskit dot --scopes: a scope without a name string is labelled with its
; number and its place in its domain; each anonymous domain is its own
; cluster, named by its number. Nothing is printed as `<self>`.
;
; RUN: %aliaskit dot --scopes %s -o %t.dot
; RUN: FileCheck %s < %t.dot --implicit-check-not='<self>'
; CHECK-DAG: label="![[A1:[0-9]+]]\nscope\nthe 1st scope of domain ![[A:[0-9]+]]"
; CHECK-DAG: label="![[B1:[0-9]+]]\nscope\nthe 1st scope of domain ![[B:[0-9]+]]"
; CHECK-DAG: label="![[B2:[0-9]+]]\nscope\nthe 2nd scope of domain ![[B]]"
; CHECK-DAG: label="domain ![[A]]"; style=rounded
; CHECK-DAG: label="domain ![[B]]"; style=rounded

define void @two_domains(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !10, !noalias !11
  store i32 2, ptr %q, align 4, !alias.scope !11, !noalias !10
  ret void
}

; Domain A (scope A1) and domain B (scopes B1, B2), all anonymous.
!0 = distinct !{!0}
!1 = distinct !{!1, !0}
!3 = distinct !{!3}
!4 = distinct !{!4, !3}
!5 = distinct !{!5, !3}
!10 = !{!1, !4}
!11 = !{!5}
