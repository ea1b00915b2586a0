; aliaskit explain writes nodes with the numbers this file gives them, not
; those `opt -S` would (it numbers !40 as !9 here): the instructions'
; attachments, the lists' scopes and domains, and their places, which count
; in the file's order (!7 is the 1st scope of domain !9, !8 the 2nd).
;
; RUN: %aliaskit explain %s | FileCheck %s
; CHECK:      NoAlias [scoped-noalias] in @f
; CHECK-NEXT:   first:  %v = load i32, ptr %p, align 4, !tbaa !30, !alias.scope !6, !noalias !5
; CHECK-NEXT:   second: store float 2.000000e+00, ptr %q, align 4, !tbaa !40, !alias.scope !5, !noalias !6
; CHECK-NEXT:   why: !alias.scope {!8 in !9} of the first vs !noalias {!8 in !9} of the second: every scope of !alias.scope {!8 in !9} in domain !9 is in the !noalias list {!8 in !9} (!8: the 2nd scope of domain !9)
; CHECK:      NoAlias [scoped-noalias] in @f
; CHECK-NEXT:   first:  store float 2.000000e+00, ptr %q, align 4, !tbaa !40, !alias.scope !5, !noalias !6
; CHECK-NEXT:   second: store i32 1, ptr %p, align 4, !tbaa !30, !alias.scope !6, !noalias !5
; CHECK-NEXT:   why: !alias.scope {!7 in !9} of the first vs !noalias {!7 in !9} of the second: {{.*}} (!7: the 1st scope of domain !9)
;
; RUN: %opt -S %s | FileCheck %s --check-prefix=OPT
; OPT: store float 2.000000e+00, ptr %q, align 4, !tbaa !9, !alias.scope !7, !noalias !4

define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !30, !alias.scope !6, !noalias !5
  store float 2.0, ptr %q, align 4, !tbaa !40, !alias.scope !5, !noalias !6
  %v = load i32, ptr %p, align 4, !tbaa !30, !alias.scope !6, !noalias !5
  ret i32 %v
}

; Numbered out of order on purpose.
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
