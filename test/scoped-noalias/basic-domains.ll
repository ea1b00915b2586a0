; Scopes in two domains, "outer" (o1, o2) and "inner" (i1, i2). The subset
; rule holds per domain, and one covered domain is enough: a pair is NoAlias
; if, for some domain named in the !noalias list, the access has scopes of
; that domain and all of them are in the !noalias list. A domain the access
; has no scope of, or one the !noalias list does not mention, never helps.
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s

; %x is in {o1, i1, i2}.
;   !noalias {o1}:     outer covered ({o1})                    -> NoAlias
;   !noalias {i1}:     inner {i1, i2} not covered, outer unnamed -> MayAlias
;   !noalias {i1, i2}: inner covered                           -> NoAlias
;   !noalias {o2, i1}: outer {o1} and inner {i1, i2} both missed -> MayAlias
;   !noalias {o2}:     outer {o1} missed                       -> MayAlias
; CHECK-LABEL: Function: one_access:
; CHECK:      NoAlias:   %x = load i32, ptr %px, align 4, !alias.scope ![[X:[0-9]+]] <->   store i32 1, ptr %p1, align 4, !noalias ![[O1:[0-9]+]]
; CHECK-NEXT: MayAlias:   %x = load i32, ptr %px, align 4, !alias.scope ![[X]] <->   store i32 2, ptr %p2, align 4, !noalias ![[I1:[0-9]+]]
; CHECK-NEXT: NoAlias:   %x = load i32, ptr %px, align 4, !alias.scope ![[X]] <->   store i32 3, ptr %p3, align 4, !noalias ![[I12:[0-9]+]]
; CHECK-NEXT: MayAlias:   %x = load i32, ptr %px, align 4, !alias.scope ![[X]] <->   store i32 4, ptr %p4, align 4, !noalias ![[O2I1:[0-9]+]]
; CHECK-NEXT: MayAlias:   %x = load i32, ptr %px, align 4, !alias.scope ![[X]] <->   store i32 5, ptr %p5, align 4, !noalias ![[O2:[0-9]+]]
; Stores with only !noalias lists never exclude each other:
; CHECK-NOT:  NoAlias:
define i32 @one_access(ptr %px, ptr %p1, ptr %p2, ptr %p3, ptr %p4, ptr %p5) {
  %x = load i32, ptr %px, align 4, !alias.scope !10
  store i32 1, ptr %p1, align 4, !noalias !11
  store i32 2, ptr %p2, align 4, !noalias !12
  store i32 3, ptr %p3, align 4, !noalias !13
  store i32 4, ptr %p4, align 4, !noalias !14
  store i32 5, ptr %p5, align 4, !noalias !15
  ret i32 %x
}

; %y is only in outer: {o2}. A !noalias {i1, i2} names only inner, where %y
; has no scope, so it proves nothing, while {o2, i1} covers outer.
; %z is in {o1, o2, i1}; !noalias {o1, i1} misses o2 in outer but covers
; inner. Stores with only !noalias lists never exclude each other.
; CHECK-LABEL: Function: unnamed_domain:
; CHECK:      MayAlias:   %y = load i32, ptr %py, align 4, !alias.scope ![[YO2:[0-9]+]] <->   store i32 6, ptr %p6, align 4, !noalias ![[YI12:[0-9]+]]
; CHECK-NEXT: NoAlias:   %y = load i32, ptr %py, align 4, !alias.scope ![[YO2]] <->   store i32 7, ptr %p7, align 4, !noalias ![[YO2I1:[0-9]+]]
; CHECK-NEXT: MayAlias:   %y = load i32, ptr %py, align 4, !alias.scope ![[YO2]] <->   store i32 8, ptr %pz, align 4, !alias.scope ![[Z:[0-9]+]], !noalias ![[O1I1:[0-9]+]]
; CHECK-NEXT: NoAlias:   %z = load i32, ptr %pz2, align 4, !alias.scope ![[Z]] <->   store i32 6, ptr %p6, align 4, !noalias ![[YI12]]
; CHECK-NEXT: NoAlias:   %z = load i32, ptr %pz2, align 4, !alias.scope ![[Z]] <->   store i32 7, ptr %p7, align 4, !noalias ![[YO2I1]]
; CHECK-NEXT: NoAlias:   %z = load i32, ptr %pz2, align 4, !alias.scope ![[Z]] <->   store i32 8, ptr %pz, align 4, !alias.scope ![[Z]], !noalias ![[O1I1]]
; CHECK-NEXT: MayAlias:   store i32 7, ptr %p7, align 4, !noalias ![[YO2I1]] <->   store i32 6, ptr %p6, align 4, !noalias ![[YI12]]
; CHECK-NEXT: NoAlias:   store i32 8, ptr %pz, align 4, !alias.scope ![[Z]], !noalias ![[O1I1]] <->   store i32 6, ptr %p6, align 4, !noalias ![[YI12]]
; CHECK-NEXT: NoAlias:   store i32 8, ptr %pz, align 4, !alias.scope ![[Z]], !noalias ![[O1I1]] <->   store i32 7, ptr %p7, align 4, !noalias ![[YO2I1]]
define i32 @unnamed_domain(ptr %py, ptr %pz2, ptr %p6, ptr %p7, ptr %pz) {
  %y = load i32, ptr %py, align 4, !alias.scope !15
  %z = load i32, ptr %pz2, align 4, !alias.scope !16
  store i32 6, ptr %p6, align 4, !noalias !13
  store i32 7, ptr %p7, align 4, !noalias !14
  store i32 8, ptr %pz, align 4, !alias.scope !16, !noalias !17
  %s = add i32 %y, %z
  ret i32 %s
}

; Domains and scopes named by strings instead of self-references are
; uniqued, not distinct, and follow the same rule: {s1, t1} against
; {s1} is NoAlias (domain "str.dom.s" covered), {s1, s2} against {s1}
; MayAlias.
; CHECK-LABEL: Function: string_ids:
; CHECK:      NoAlias:   %u = load i32, ptr %pu, align 4, !alias.scope ![[ST:[0-9]+]] <->   store i32 9, ptr %q, align 4, !noalias ![[S1:[0-9]+]]
; CHECK-NEXT: MayAlias:   %v = load i32, ptr %pv, align 4, !alias.scope ![[SS:[0-9]+]] <->   store i32 9, ptr %q, align 4, !noalias ![[S1]]
define i32 @string_ids(ptr %pu, ptr %pv, ptr %q) {
  %u = load i32, ptr %pu, align 4, !alias.scope !27
  %v = load i32, ptr %pv, align 4, !alias.scope !28
  store i32 9, ptr %q, align 4, !noalias !26
  %s = add i32 %u, %v
  ret i32 %s
}

!0 = distinct !{!0, !"outer"}
!1 = distinct !{!1, !"inner"}
!2 = distinct !{!2, !0, !"outer: o1"}
!3 = distinct !{!3, !0, !"outer: o2"}
!4 = distinct !{!4, !1, !"inner: i1"}
!5 = distinct !{!5, !1, !"inner: i2"}
!10 = !{!2, !4, !5}
!11 = !{!2}
!12 = !{!4}
!13 = !{!4, !5}
!14 = !{!3, !4}
!15 = !{!3}
!16 = !{!2, !3, !4}
!17 = !{!2, !4}

!20 = !{!"str.dom.s"}
!21 = !{!"str.dom.t", !"a described domain"}
!22 = !{!"str.s1", !20}
!23 = !{!"str.s2", !20, !"second scope of s"}
!24 = !{!"str.t1", !21}
!26 = !{!22}
!27 = !{!22, !24}
!28 = !{!22, !23}
