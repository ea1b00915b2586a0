; verify-alias-md: LLVM 22's checks of !alias.scope and !noalias lists, their
; scopes and the scopes' domains (visitAliasScopeListMetadata, spec §4.7):
; one negative and one positive module per rule, each negative one also
; given to LLVM's verifier (same messages, same lines; LLVM prints only the
; node, we print the instruction first; LLVM numbers nodes as `opt -S`
; does, we as the file does). Nothing is cached: a bad list on
; two instructions is reported twice. A bad scope ends the checks of that
; scope only, and the list goes on; an operand that is not a node abandons
; the rest of the list. Null operands (on which LLVM crashes) are in
; beyond-llvm.ll.
;
; RUN: rm -rf %t && split-file %s %t
;
; scope-list-not-nodes
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/listnodes.bad.ll 2>&1 | FileCheck %s --check-prefix=LISTNODES --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/listnodes.bad.ll 2>&1 | FileCheck %s --check-prefix=LISTNODES-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/listnodes.good.ll 2>&1 | count 0
;
; scope-operands
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/scopeops.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPEOPS --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/scopeops.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPEOPS-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/scopeops.good.ll 2>&1 | count 0
;
; scope-id
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/scopeid.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPEID --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/scopeid.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPEID-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/scopeid.good.ll 2>&1 | count 0
;
; scope-name
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/scopename.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPENAME --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/scopename.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPENAME-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/scopename.good.ll 2>&1 | count 0
;
; scope-domain-not-node
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/scopedomain.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPEDOMAIN --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/scopedomain.bad.ll 2>&1 | FileCheck %s --check-prefix=SCOPEDOMAIN-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/scopedomain.good.ll 2>&1 | count 0
;
; domain-operands
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/domainops.bad.ll 2>&1 | FileCheck %s --check-prefix=DOMAINOPS --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/domainops.bad.ll 2>&1 | FileCheck %s --check-prefix=DOMAINOPS-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/domainops.good.ll 2>&1 | count 0
;
; domain-id
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/domainid.bad.ll 2>&1 | FileCheck %s --check-prefix=DOMAINID --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/domainid.bad.ll 2>&1 | FileCheck %s --check-prefix=DOMAINID-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/domainid.good.ll 2>&1 | count 0
;
; domain-name
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/domainname.bad.ll 2>&1 | FileCheck %s --check-prefix=DOMAINNAME --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/domainname.bad.ll 2>&1 | FileCheck %s --check-prefix=DOMAINNAME-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/domainname.good.ll 2>&1 | count 0
;
; order of checks on one instruction: !tbaa, then !noalias, then !alias.scope
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/order.bad.ll 2>&1 | FileCheck %s --check-prefix=ORDER --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/order.bad.ll 2>&1 | FileCheck %s --check-prefix=ORDER-LLVM

;--- listnodes.bad.ll
; A string in a !noalias list abandons the rest of the list: the bad
; scope after it is not checked. On two instructions: twice.
; LISTNODES:      error: verify-alias-md [scope-list-not-nodes]: scope list must consist of MDNodes
; LISTNODES-NEXT:   in @f, !noalias:
; LISTNODES-NEXT:   store i32 0, ptr %p, align 4, !noalias !10
; LISTNODES-NEXT: !10 = !{!1, !"not a scope", !2}
; LISTNODES-NEXT: error: verify-alias-md [scope-list-not-nodes]: scope list must consist of MDNodes
; LISTNODES-NEXT:   in @f, !noalias:
; LISTNODES-NEXT:   store i32 1, ptr %q, align 4, !noalias !10
; LISTNODES-NEXT: !10 = !{!1, !"not a scope", !2}
; LISTNODES-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; LISTNODES-LLVM:      scope list must consist of MDNodes
; LISTNODES-LLVM-NEXT: !0 = !{!1, !"not a scope", !3}
; LISTNODES-LLVM-NEXT: scope list must consist of MDNodes
; LISTNODES-LLVM-NEXT: !0 = !{!1, !"not a scope", !3}
; LISTNODES-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !noalias !10
  store i32 1, ptr %q, align 4, !noalias !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!"one operand"}
!10 = !{!1, !"not a scope", !2}

;--- listnodes.good.ll
define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !noalias !10
  store i32 1, ptr %q, align 4, !noalias !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!10 = !{!1}

;--- scopeops.bad.ll
; Scopes of one and of four operands in one !alias.scope list: both
; reported (the list goes on), for each of the two instructions.
; SCOPEOPS:      error: verify-alias-md [scope-operands]: scope must have two or three operands
; SCOPEOPS-NEXT:   in @f, !alias.scope:
; SCOPEOPS-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10
; SCOPEOPS-NEXT: !1 = !{!"one operand"}
; SCOPEOPS-NEXT: error: verify-alias-md [scope-operands]: scope must have two or three operands
; SCOPEOPS-NEXT:   in @f, !alias.scope:
; SCOPEOPS-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10
; SCOPEOPS-NEXT: !2 = !{!"four", !0, !"operands", !"here"}
; SCOPEOPS-NEXT: error: verify-alias-md [scope-operands]: scope must have two or three operands
; SCOPEOPS-NEXT:   in @f, !alias.scope:
; SCOPEOPS-NEXT:   %v = load i32, ptr %q, align 4, !alias.scope !10
; SCOPEOPS-NEXT: !1 = !{!"one operand"}
; SCOPEOPS-NEXT: error: verify-alias-md [scope-operands]: scope must have two or three operands
; SCOPEOPS-NEXT:   in @f, !alias.scope:
; SCOPEOPS-NEXT:   %v = load i32, ptr %q, align 4, !alias.scope !10
; SCOPEOPS-NEXT: !2 = !{!"four", !0, !"operands", !"here"}
; SCOPEOPS-NEXT: LLVM ERROR: verify-alias-md: 4 errors in alias metadata
; SCOPEOPS-LLVM:      scope must have two or three operands
; SCOPEOPS-LLVM-NEXT: !1 = !{!"one operand"}
; SCOPEOPS-LLVM-NEXT: scope must have two or three operands
; SCOPEOPS-LLVM-NEXT: !2 = !{!"four", !3, !"operands", !"here"}
; SCOPEOPS-LLVM-NEXT: scope must have two or three operands
; SCOPEOPS-LLVM-NEXT: !1 = !{!"one operand"}
; SCOPEOPS-LLVM-NEXT: scope must have two or three operands
; SCOPEOPS-LLVM-NEXT: !2 = !{!"four", !3, !"operands", !"here"}
; SCOPEOPS-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  %v = load i32, ptr %q, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = !{!"one operand"}
!2 = !{!"four", !0, !"operands", !"here"}
!10 = !{!1, !2}

;--- scopeops.good.ll
define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  %v = load i32, ptr %q, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = !{!"two operands", !0}
!2 = !{!"three", !0, !"operands"}
!10 = !{!1, !2}

;--- scopeid.bad.ll
; SCOPEID:      error: verify-alias-md [scope-id]: first scope operand must be self-referential or string
; SCOPEID-NEXT:   in @f, !alias.scope:
; SCOPEID-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10
; SCOPEID-NEXT: !1 = !{i32 7, !0}
; SCOPEID-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; SCOPEID-LLVM:      first scope operand must be self-referential or string
; SCOPEID-LLVM-NEXT: !1 = !{i32 7, !2}
; SCOPEID-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = !{i32 7, !0}
!10 = !{!1}

;--- scopeid.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0}
!10 = !{!1}

;--- scopename.bad.ll
; SCOPENAME:      error: verify-alias-md [scope-name]: third scope operand must be string (if used)
; SCOPENAME-NEXT:   in @f, !noalias:
; SCOPENAME-NEXT:   store i32 0, ptr %p, align 4, !noalias !10
; SCOPENAME-NEXT: !1 = distinct !{!1, !0, i32 7}
; SCOPENAME-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; SCOPENAME-LLVM:      third scope operand must be string (if used)
; SCOPENAME-LLVM-NEXT: !1 = distinct !{!1, !2, i32 7}
; SCOPENAME-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, i32 7}
!10 = !{!1}

;--- scopename.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"seven"}
!10 = !{!1}

;--- scopedomain.bad.ll
; SCOPEDOMAIN:      error: verify-alias-md [scope-domain-not-node]: second scope operand must be MDNode
; SCOPEDOMAIN-NEXT:   in @f, !alias.scope:
; SCOPEDOMAIN-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10
; SCOPEDOMAIN-NEXT: !1 = distinct !{!1, !"domain"}
; SCOPEDOMAIN-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; SCOPEDOMAIN-LLVM:      second scope operand must be MDNode
; SCOPEDOMAIN-LLVM-NEXT: !1 = distinct !{!1, !"domain"}
; SCOPEDOMAIN-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  ret void
}
!1 = distinct !{!1, !"domain"}
!10 = !{!1}

;--- scopedomain.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0}
!10 = !{!1}

;--- domainops.bad.ll
; Domains of three and of zero operands.
; DOMAINOPS:      error: verify-alias-md [domain-operands]: domain must have one or two operands
; DOMAINOPS-NEXT:   in @f, !alias.scope:
; DOMAINOPS-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10
; DOMAINOPS-NEXT: !0 = distinct !{!0, !"domain", !"extra"}
; DOMAINOPS-NEXT: error: verify-alias-md [domain-operands]: domain must have one or two operands
; DOMAINOPS-NEXT:   in @f, !alias.scope:
; DOMAINOPS-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10
; DOMAINOPS-NEXT: !2 = !{}
; DOMAINOPS-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; DOMAINOPS-LLVM:      domain must have one or two operands
; DOMAINOPS-LLVM-NEXT: !2 = distinct !{!2, !"domain", !"extra"}
; DOMAINOPS-LLVM-NEXT: domain must have one or two operands
; DOMAINOPS-LLVM-NEXT: !4 = !{}
; DOMAINOPS-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain", !"extra"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{}
!3 = distinct !{!3, !2, !"scope 2"}
!10 = !{!1, !3}

;--- domainops.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = distinct !{!2}
!3 = distinct !{!3, !2, !"scope 2"}
!10 = !{!1, !3}

;--- domainid.bad.ll
; DOMAINID:      error: verify-alias-md [domain-id]: first domain operand must be self-referential or string
; DOMAINID-NEXT:   in @f, !noalias:
; DOMAINID-NEXT:   store i32 0, ptr %p, align 4, !noalias !10
; DOMAINID-NEXT: !0 = !{i32 7, !"domain"}
; DOMAINID-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; DOMAINID-LLVM:      first domain operand must be self-referential or string
; DOMAINID-LLVM-NEXT: !2 = !{i32 7, !"domain"}
; DOMAINID-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  ret void
}
!0 = !{i32 7, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!10 = !{!1}

;--- domainid.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  ret void
}
!0 = !{!"seven", !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!10 = !{!1}

;--- domainname.bad.ll
; DOMAINNAME:      error: verify-alias-md [domain-name]: second domain operand must be string (if used)
; DOMAINNAME-NEXT:   in @f, !noalias:
; DOMAINNAME-NEXT:   store i32 0, ptr %p, align 4, !noalias !10
; DOMAINNAME-NEXT: !0 = distinct !{!0, i32 7}
; DOMAINNAME-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; DOMAINNAME-LLVM:      second domain operand must be string (if used)
; DOMAINNAME-LLVM-NEXT: !2 = distinct !{!2, i32 7}
; DOMAINNAME-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  ret void
}
!0 = distinct !{!0, i32 7}
!1 = distinct !{!1, !0, !"scope"}
!10 = !{!1}

;--- domainname.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  ret void
}
!0 = distinct !{!0, !"seven"}
!1 = distinct !{!1, !0, !"scope"}
!10 = !{!1}

;--- order.bad.ll
; ORDER:      error: verify-alias-md [tbaa-empty-tag]: TBAA metadata cannot have 0 operands
; ORDER-NEXT:   in @f, !tbaa:
; ORDER-NEXT:   store i32 0, ptr %p, align 4, !tbaa !20, !alias.scope !10, !noalias !11
; ORDER-NEXT: !20 = !{}
; ORDER-NEXT: error: verify-alias-md [scope-operands]: scope must have two or three operands
; ORDER-NEXT:   in @f, !noalias:
; ORDER-NEXT:   store i32 0, ptr %p, align 4, !tbaa !20, !alias.scope !10, !noalias !11
; ORDER-NEXT: !2 = !{!"other scope without domain"}
; ORDER-NEXT: error: verify-alias-md [scope-operands]: scope must have two or three operands
; ORDER-NEXT:   in @f, !alias.scope:
; ORDER-NEXT:   store i32 0, ptr %p, align 4, !tbaa !20, !alias.scope !10, !noalias !11
; ORDER-NEXT: !1 = !{!"scope without domain"}
; ORDER-NEXT: LLVM ERROR: verify-alias-md: 3 errors in alias metadata
; ORDER-LLVM:      TBAA metadata cannot have 0 operands
; ORDER-LLVM-NEXT:   store i32 0, ptr %p, align 4, !tbaa !0, !alias.scope !1, !noalias !3
; ORDER-LLVM-NEXT: !0 = !{}
; ORDER-LLVM-NEXT: scope must have two or three operands
; ORDER-LLVM-NEXT: !4 = !{!"other scope without domain"}
; ORDER-LLVM-NEXT: scope must have two or three operands
; ORDER-LLVM-NEXT: !2 = !{!"scope without domain"}
; ORDER-LLVM-NEXT: error: input module is broken!
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !20, !alias.scope !10, !noalias !11
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = !{!"scope without domain"}
!2 = !{!"other scope without domain"}
!10 = !{!1}
!11 = !{!2}
!20 = !{}
