; Scopes and domains without a name string are named by their number in
; the module (opt's numbering) and their place in their domain, so that
; two anonymous domains are told apart and the report says which one
; decided. Scopes the inliner named (`f: %p`, `f: argument N`) say so.
;
; @two_domains: %p's accesses are in scope A1 of domain A and B1 of
; domain B; %q's store is in B2. The load of %p against the store to %q
; is decided by domain A (the store's !noalias names A1 and B1), the
; store to %q against the store to %p by domain B (B2 only).
;
; RUN: %aliaskit explain %s | FileCheck %s --implicit-check-not='<self>'
; CHECK:      NoAlias [scoped-noalias] in @two_domains
; CHECK-NEXT:   first:  %v = load i32, ptr %p, align 4, !alias.scope ![[PL:[0-9]+]], !noalias ![[QL:[0-9]+]]
; CHECK-NEXT:   second: store i32 2, ptr %q, align 4, !alias.scope ![[QL]], !noalias ![[PL]]
; CHECK-NEXT:   why: !alias.scope {![[A1:[0-9]+]] in ![[A:[0-9]+]], ![[B1:[0-9]+]] in ![[B:[0-9]+]]} of the first vs !noalias {![[A1]] in ![[A]], ![[B1]] in ![[B]]} of the second: every scope of !alias.scope {![[A1]] in ![[A]], ![[B1]] in ![[B]]} in domain ![[A]] is in the !noalias list {![[A1]] in ![[A]], ![[B1]] in ![[B]]} (![[A1]]: the 1st scope of domain ![[A]]; ![[B1]]: the 1st scope of domain ![[B]])
; CHECK:      NoAlias [scoped-noalias] in @two_domains
; CHECK-NEXT:   first:  store i32 2, ptr %q, align 4
; CHECK-NEXT:   second: store i32 1, ptr %p, align 4
; CHECK-NEXT:   why: !alias.scope {![[B2:[0-9]+]] in ![[B]]} of the first vs !noalias {![[B2]] in ![[B]]} of the second: every scope of !alias.scope {![[B2]] in ![[B]]} in domain ![[B]] is in the !noalias list {![[B2]] in ![[B]]} (![[B2]]: the 2nd scope of domain ![[B]])
;
; @unnamed_argument: the inliner names the scope of an unnamed noalias
; argument by its place among the callee's noalias arguments.
; CHECK:      NoAlias [scoped-noalias] in @unnamed_argument
; CHECK:        why: {{.*}} in domain "callee" is in the !noalias list {"callee: argument 1" in "callee"} ("callee: argument 1": made by the inliner for the 2nd noalias argument of callee)
;
; The numbers are opt's: the same nodes in `opt -S`.
; RUN: %opt -S %s | FileCheck %s --check-prefix=OPT
; OPT: define i32 @two_domains
; OPT: [[PL:![0-9]+]] = !{[[A1:![0-9]+]], [[B1:![0-9]+]]}
; OPT: [[A1]] = distinct !{[[A1]], [[A:![0-9]+]]}
; OPT: [[A]] = distinct !{[[A]]}
; OPT: [[B1]] = distinct !{[[B1]], [[B:![0-9]+]]}
; OPT: [[B]] = distinct !{[[B]]}
; OPT: = !{[[B2:![0-9]+]]}
; OPT: [[B2]] = distinct !{[[B2]], [[B]]}

define i32 @two_domains(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !10, !noalias !11
  store i32 2, ptr %q, align 4, !alias.scope !11, !noalias !10
  %v = load i32, ptr %p, align 4, !alias.scope !10, !noalias !11
  ret i32 %v
}

define void @unnamed_argument(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !alias.scope !22, !noalias !23
  store i32 2, ptr %b, align 4, !alias.scope !23, !noalias !22
  ret void
}

; Domain A and its scopes A1, A2; domain B and its scopes B1, B2.
!0 = distinct !{!0}
!1 = distinct !{!1, !0}
!2 = distinct !{!2, !0}
!3 = distinct !{!3}
!4 = distinct !{!4, !3}
!5 = distinct !{!5, !3}
!10 = !{!1, !4}
!11 = !{!5}

!20 = distinct !{!20, !"callee"}
!21 = distinct !{!21, !20, !"callee: argument 0"}
!24 = distinct !{!24, !20, !"callee: argument 1"}
!22 = !{!21}
!23 = !{!24}
