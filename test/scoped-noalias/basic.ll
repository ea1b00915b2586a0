; The basic scoped no-alias rule with one domain and one scope: an access
; whose !alias.scope is {in} does not alias an access whose !noalias is {in},
; whichever of the two (load or store) carries which list. Accesses without
; lists, or whose lists do not match, are left to BasicAA (MayAlias here,
; or what BasicAA proves on its own).
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s
;
; Without a scoped analysis, none of the NoAlias below on tagged pairs
; holds: the lists are what proves them.
; RUN: %opt -aa-pipeline=basic-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=BASIC

; CHECK-LABEL: Function: move_word:
; CHECK:      NoAlias:   %word = load i32, ptr %in, align 4, !alias.scope ![[IN:[0-9]+]] <->   store i32 %word, ptr %out, align 4, !noalias ![[IN]]
; CHECK-NEXT: MayAlias:   %word = load i32, ptr %in, align 4, !alias.scope ![[IN]] <->   store i32 %old, ptr %out.hi, align 4
; CHECK-NEXT: MustAlias:   %old = load i32, ptr %out, align 4 <->   store i32 %word, ptr %out, align 4, !noalias ![[IN]]
; CHECK-NEXT: NoAlias:   %old = load i32, ptr %out, align 4 <->   store i32 %old, ptr %out.hi, align 4
; CHECK-NEXT: NoAlias:   store i32 %old, ptr %out.hi, align 4 <->   store i32 %word, ptr %out, align 4, !noalias ![[IN]]
; BASIC-LABEL: Function: move_word:
; BASIC:      MayAlias:   %word = load i32, ptr %in, align 4, !alias.scope !{{[0-9]+}} <->   store i32 %word, ptr %out, align 4, !noalias
define void @move_word(ptr %in, ptr %out) {
  %word = load i32, ptr %in, align 4, !alias.scope !2
  %old = load i32, ptr %out, align 4
  store i32 %word, ptr %out, align 4, !noalias !2
  %out.hi = getelementptr inbounds i32, ptr %out, i64 4
  store i32 %old, ptr %out.hi, align 4
  ret void
}

; The other way round: the store belongs to the scope, the load is known
; not to alias it, whichever store of the scope it is compared with. The
; two stores are both in the scope and neither has a !noalias: nothing is
; proved between them.
; CHECK-LABEL: Function: store_in_scope:
; CHECK:      NoAlias:   %x = load i32, ptr %p, align 4, !noalias ![[IN2:[0-9]+]] <->   store i32 1, ptr %q, align 4, !alias.scope ![[IN2]]
; CHECK-NEXT: NoAlias:   %x = load i32, ptr %p, align 4, !noalias ![[IN2]] <->   store i32 2, ptr %r, align 4, !alias.scope ![[IN2]]
; CHECK-NEXT: MayAlias:   store i32 2, ptr %r, align 4, !alias.scope ![[IN2]] <->   store i32 1, ptr %q, align 4, !alias.scope ![[IN2]]
; BASIC-LABEL: Function: store_in_scope:
; BASIC:      MayAlias:   %x = load i32, ptr %p, align 4, !noalias !{{[0-9]+}} <->   store i32 1, ptr %q
define i32 @store_in_scope(ptr %p, ptr %q, ptr %r) {
  store i32 1, ptr %q, align 4, !alias.scope !2
  %x = load i32, ptr %p, align 4, !noalias !2
  store i32 2, ptr %r, align 4, !alias.scope !2
  ret i32 %x
}

; A second scope of the same domain: !noalias {other} says nothing about an
; access in scope {in}, so both queries stay MayAlias.
; CHECK-LABEL: Function: other_scope:
; CHECK:      MayAlias:   %y = load i32, ptr %p, align 4, !alias.scope ![[IN3:[0-9]+]] <->   store i32 3, ptr %q, align 4, !noalias ![[OTHER:[0-9]+]]
; CHECK-NEXT: MayAlias:   %y = load i32, ptr %p, align 4, !alias.scope ![[IN3]] <->   store i32 4, ptr %r, align 4, !alias.scope ![[OTHER]]
; CHECK-NEXT: NoAlias:   store i32 4, ptr %r, align 4, !alias.scope ![[OTHER]] <->   store i32 3, ptr %q, align 4, !noalias ![[OTHER]]
;
; Totals over the module (pointer pairs included): 4 NoAlias from the
; lists plus 3 from BasicAA in @move_word (%out vs %out.hi); without a
; scoped analysis only BasicAA's 3.
; CHECK: 20 Total Alias Queries Performed
; CHECK-NEXT: 7 no alias responses
; BASIC: 20 Total Alias Queries Performed
; BASIC-NEXT: 3 no alias responses
define i32 @other_scope(ptr %p, ptr %q, ptr %r) {
  %y = load i32, ptr %p, align 4, !alias.scope !2
  store i32 3, ptr %q, align 4, !noalias !4
  store i32 4, ptr %r, align 4, !alias.scope !4
  ret i32 %y
}

!0 = distinct !{!0, !"move domain"}
!1 = distinct !{!1, !0, !"move: in"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"move: other"}
!4 = !{!3}
