; Where the original design and the shipped one part ways.
;
; The 2013 RFC (and the first commit of the feature, r213864) organised
; scopes as a hierarchy, like TBAA types: a scope could name a parent, and
; two accesses did not alias if ANY scope of one's !alias.scope was the
; same as, or a descendant of, ANY scope of the other's !noalias. Under that
; rule, an access in {s1, s2} against !noalias {s1} is NoAlias: s1 matches.
;
; LLVM replaced parents with domains the next day (r213948), and LLVM 22
; still works that way. An access "in {s1, s2}" may point into s1 OR s2,
; while !noalias {s1} only rules out s1: nothing rules out s2. The test is
; therefore a subset test, per domain: all of the access's scopes in a
; domain must be in the !noalias list. {s1, s2} against {s1} is MayAlias;
; {s1} against {s1} is NoAlias.
;
; rust-scoped-noalias implements LLVM 22, not the RFC.
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
;
; And in a transform: GVN may not forward %before across the store to %q.
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefix=GVN

; CHECK-LABEL: Function: either_scope:
; CHECK:      MayAlias:   %before = load i32, ptr %p, align 4, !alias.scope ![[S1S2:[0-9]+]] <->   store i32 0, ptr %q, align 4, !noalias ![[S1:[0-9]+]]
; CHECK-NEXT: MayAlias:   %after = load i32, ptr %p, align 4, !alias.scope ![[S1S2]] <->   store i32 0, ptr %q, align 4, !noalias ![[S1]]
; GVN-LABEL: define i32 @either_scope(
; GVN:        store i32 0, ptr %q
; GVN-NEXT:   %after = load i32, ptr %p
; GVN-NEXT:   %sum = add i32 %before, %after
define i32 @either_scope(ptr %p, ptr %q) {
  %before = load i32, ptr %p, align 4, !alias.scope !4
  store i32 0, ptr %q, align 4, !noalias !3
  %after = load i32, ptr %p, align 4, !alias.scope !4
  %sum = add i32 %before, %after
  ret i32 %sum
}

; Contrast: the same code with the access only in {s1}.
; CHECK-LABEL: Function: one_scope:
; CHECK:      NoAlias:   %before = load i32, ptr %p, align 4, !alias.scope ![[OS1:[0-9]+]] <->   store i32 0, ptr %q, align 4, !noalias ![[OS1]]
; CHECK-NEXT: NoAlias:   %after = load i32, ptr %p, align 4, !alias.scope ![[OS1]] <->   store i32 0, ptr %q, align 4, !noalias ![[OS1]]
; GVN-LABEL: define i32 @one_scope(
; GVN:        store i32 0, ptr %q
; GVN-NEXT:   %sum = add i32 %before, %before
define i32 @one_scope(ptr %p, ptr %q) {
  %before = load i32, ptr %p, align 4, !alias.scope !3
  store i32 0, ptr %q, align 4, !noalias !3
  %after = load i32, ptr %p, align 4, !alias.scope !3
  %sum = add i32 %before, %after
  ret i32 %sum
}

!0 = distinct !{!0, !"history"}
!1 = distinct !{!1, !0, !"history: s1"}
!2 = distinct !{!2, !0, !"history: s2"}
!3 = !{!1}
!4 = !{!1, !2}
