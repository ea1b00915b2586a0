; Two scopes, "left" and "right", in one domain, and accesses that carry
; both an !alias.scope and a !noalias list. A pair is NoAlias when every
; scope of one access (in the domain) is in the other's !noalias: {left}
; against {left, right} or {left}; but {left, right} against {right} is
; MayAlias, since "left" is not excluded.
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s

; %a: in left, not right      %b: in right, not left
; %both: in left and right     %none: in neither (excludes both)
; %a2: like %a                 %b2: like %b
;
; CHECK-LABEL: Function: two_sides:
; CHECK:      MayAlias:   %a = load i32, ptr %pa, align 4, !alias.scope ![[L:[0-9]+]], !noalias ![[R:[0-9]+]] <->   store i32 1, ptr %pboth, align 4, !alias.scope ![[LR:[0-9]+]]
; CHECK-NEXT: MayAlias:   %a = load i32, ptr %pa, align 4, !alias.scope ![[L]], !noalias ![[R]] <->   store i32 2, ptr %pa2, align 4, !alias.scope ![[L]], !noalias ![[R]]
; CHECK-NEXT: NoAlias:   %a = load i32, ptr %pa, align 4, !alias.scope ![[L]], !noalias ![[R]] <->   store i32 3, ptr %pnone, align 4, !noalias ![[LR]]
; CHECK-NEXT: NoAlias:   %a = load i32, ptr %pa, align 4, !alias.scope ![[L]], !noalias ![[R]] <->   store i32 4, ptr %pb2, align 4, !alias.scope ![[R]], !noalias ![[L]]
; CHECK-NEXT: MayAlias:   %b = load i32, ptr %pb, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 1, ptr %pboth, align 4, !alias.scope ![[LR]]
; CHECK-NEXT: NoAlias:   %b = load i32, ptr %pb, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 2, ptr %pa2, align 4, !alias.scope ![[L]], !noalias ![[R]]
; CHECK-NEXT: NoAlias:   %b = load i32, ptr %pb, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 3, ptr %pnone, align 4, !noalias ![[LR]]
; CHECK-NEXT: MayAlias:   %b = load i32, ptr %pb, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 4, ptr %pb2, align 4, !alias.scope ![[R]], !noalias ![[L]]
; CHECK-NEXT: MayAlias:   store i32 2, ptr %pa2, align 4, !alias.scope ![[L]], !noalias ![[R]] <->   store i32 1, ptr %pboth, align 4, !alias.scope ![[LR]]
; CHECK-NEXT: NoAlias:   store i32 3, ptr %pnone, align 4, !noalias ![[LR]] <->   store i32 1, ptr %pboth, align 4, !alias.scope ![[LR]]
; CHECK-NEXT: NoAlias:   store i32 3, ptr %pnone, align 4, !noalias ![[LR]] <->   store i32 2, ptr %pa2, align 4, !alias.scope ![[L]], !noalias ![[R]]
; CHECK-NEXT: MayAlias:   store i32 4, ptr %pb2, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 1, ptr %pboth, align 4, !alias.scope ![[LR]]
; CHECK-NEXT: NoAlias:   store i32 4, ptr %pb2, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 2, ptr %pa2, align 4, !alias.scope ![[L]], !noalias ![[R]]
; CHECK-NEXT: NoAlias:   store i32 4, ptr %pb2, align 4, !alias.scope ![[R]], !noalias ![[L]] <->   store i32 3, ptr %pnone, align 4, !noalias ![[LR]]
define i32 @two_sides(ptr %pa, ptr %pb, ptr %pboth, ptr %pnone, ptr %pa2, ptr %pb2) {
  %a = load i32, ptr %pa, align 4, !alias.scope !3, !noalias !4
  %b = load i32, ptr %pb, align 4, !alias.scope !4, !noalias !3
  store i32 1, ptr %pboth, align 4, !alias.scope !5
  store i32 2, ptr %pa2, align 4, !alias.scope !3, !noalias !4
  store i32 3, ptr %pnone, align 4, !noalias !5
  store i32 4, ptr %pb2, align 4, !alias.scope !4, !noalias !3
  %s = add i32 %a, %b
  ret i32 %s
}

; The order of the scopes in a list does not matter, only membership: the
; list {right, left} is a different node from {left, right} and still
; covers it. {right, right}, a repeated scope, still leaves "left" out:
; MayAlias.
; CHECK-LABEL: Function: reordered:
; CHECK:      NoAlias:   %v = load i32, ptr %p, align 4, !alias.scope ![[LR2:[0-9]+]] <->   store i32 5, ptr %q, align 4, !noalias ![[RL:[0-9]+]]
; CHECK-NEXT: MayAlias:   %v = load i32, ptr %p, align 4, !alias.scope ![[LR2]] <->   store i32 6, ptr %r, align 4, !noalias ![[RR:[0-9]+]]
; CHECK-NEXT: MayAlias:   store i32 6, ptr %r, align 4, !noalias ![[RR]] <->   store i32 5, ptr %q, align 4, !noalias ![[RL]]
define i32 @reordered(ptr %p, ptr %q, ptr %r) {
  %v = load i32, ptr %p, align 4, !alias.scope !5
  store i32 5, ptr %q, align 4, !noalias !6
  store i32 6, ptr %r, align 4, !noalias !7
  ret i32 %v
}

!0 = distinct !{!0, !"sides"}
!1 = distinct !{!1, !0, !"sides: left"}
!2 = distinct !{!2, !0, !"sides: right"}
!3 = !{!1}
!4 = !{!2}
!5 = !{!1, !2}
!6 = !{!2, !1}
!7 = !{!2, !2}
