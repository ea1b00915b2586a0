; verify-alias-md: checks LLVM 22's verifier does not make (core/src/verify/
; extra.rs, scopes.rs). Each negative module passes LLVM's verifier (shown
; by running it), except the null operands of scope-list-null, on which
; LLVM's verifier crashes (shown with `not --crash`). Errors make opt exit
; non-zero, warnings do not. Findings about a type node (cycles, field
; extents) come once, at the first instruction reaching the node; findings
; about a tag (access path, roots, access extent, immutable store) come at
; every instruction carrying it: each TBAA module here has the tag on a
; store and a load (or two stores).
;
; RUN: rm -rf %t && split-file %s %t
;
; scope-list-null
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/null.bad.ll 2>&1 | FileCheck %s --check-prefix=NULL --implicit-check-not=verify-alias-md
; RUN: not --crash %opt-llvm -passes=verify -disable-output %t/null.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/null.good.ll 2>&1 | count 0
;
; scope-in-both-lists
; RUN: not %opt -passes=verify-alias-md -disable-output %t/both.bad.ll 2>&1 | FileCheck %s --check-prefix=BOTH --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/both.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/both.good.ll 2>&1 | count 0
;
; tbaa-parent-cycle
; RUN: not %opt -passes=verify-alias-md -disable-output %t/pcycle.bad.ll 2>&1 | FileCheck %s --check-prefix=PCYCLE --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/pcycle.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/pcycle.good.ll 2>&1 | count 0
;
; tbaa-field-cycle
; RUN: not %opt -passes=verify-alias-md -disable-output %t/fcycle.bad.ll 2>&1 | FileCheck %s --check-prefix=FCYCLE --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/fcycle.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/fcycle.good.ll 2>&1 | count 0
;
; tbaa-access-path
; RUN: not %opt -passes=verify-alias-md -disable-output %t/apath.bad.ll 2>&1 | FileCheck %s --check-prefix=APATH --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/apath.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/apath.good.ll 2>&1 | count 0
;
; tbaa-different-roots
; RUN: %opt -passes=verify-alias-md -disable-output %t/roots.bad.ll 2>&1 | FileCheck %s --check-prefix=ROOTS --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/roots.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/roots.good.ll 2>&1 | count 0
;
; tbaa-field-outside-type
; RUN: %opt -passes=verify-alias-md -disable-output %t/fieldout.bad.ll 2>&1 | FileCheck %s --check-prefix=FIELDOUT --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/fieldout.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/fieldout.good.ll 2>&1 | count 0
;
; tbaa-access-outside-base
; RUN: %opt -passes=verify-alias-md -disable-output %t/accout.bad.ll 2>&1 | FileCheck %s --check-prefix=ACCOUT --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/accout.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/accout.good.ll 2>&1 | count 0
;
; tbaa-immutable-store
; RUN: not %opt -passes=verify-alias-md -disable-output %t/immstore.bad.ll 2>&1 | FileCheck %s --check-prefix=IMMSTORE --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/immstore.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/immstore.good.ll 2>&1 | count 0

;--- null.bad.ll
; A null as a list operand, as a scope's domain, as a domain's id and
; name, and as a scope's id.
; NULL:      error: verify-alias-md [scope-list-null]: operand 1 of this scope list is null (LLVM's verifier and its scoped-noalias-aa crash on it)
; NULL-NEXT:   in @f, !noalias:
; NULL-NEXT:   store i32 0, ptr %p, align 4, !noalias !10
; NULL-NEXT: !10 = !{!1, null}
; NULL-NEXT: error: verify-alias-md [scope-list-null]: operand 1 of this scope is null (LLVM's verifier and its scoped-noalias-aa crash on it)
; NULL-NEXT:   in @f, !alias.scope:
; NULL-NEXT:   store i32 1, ptr %p, align 4, !alias.scope !11
; NULL-NEXT: !2 = !{!"no domain", null}
; NULL-NEXT: error: verify-alias-md [scope-list-null]: operand 0 of this domain is null (LLVM's verifier and its scoped-noalias-aa crash on it)
; NULL-NEXT:   in @f, !alias.scope:
; NULL-NEXT:   store i32 2, ptr %p, align 4, !alias.scope !12
; NULL-NEXT: !4 = !{null}
; NULL-NEXT: error: verify-alias-md [scope-list-null]: operand 1 of this domain is null (LLVM's verifier and its scoped-noalias-aa crash on it)
; NULL-NEXT:   in @f, !alias.scope:
; NULL-NEXT:   store i32 3, ptr %p, align 4, !alias.scope !13
; NULL-NEXT: !6 = !{!"domain", null}
; NULL-NEXT: error: verify-alias-md [scope-list-null]: operand 0 of this scope is null (LLVM's verifier and its scoped-noalias-aa crash on it)
; NULL-NEXT:   in @f, !alias.scope:
; NULL-NEXT:   store i32 4, ptr %p, align 4, !alias.scope !14
; NULL-NEXT: !7 = !{null, !0}
; NULL-NEXT: LLVM ERROR: verify-alias-md: 5 errors in alias metadata
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  store i32 1, ptr %p, align 4, !alias.scope !11
  store i32 2, ptr %p, align 4, !alias.scope !12
  store i32 3, ptr %p, align 4, !alias.scope !13
  store i32 4, ptr %p, align 4, !alias.scope !14
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!"no domain", null}
!3 = !{!"null domain", !4}
!4 = !{null}
!5 = !{!"domain with null name", !6}
!6 = !{!"domain", null}
!7 = !{null, !0}
!10 = !{!1, null}
!11 = !{!2}
!12 = !{!3}
!13 = !{!5}
!14 = !{!7}

;--- null.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !noalias !10
  store i32 1, ptr %p, align 4, !alias.scope !11
  store i32 2, ptr %p, align 4, !alias.scope !12
  store i32 3, ptr %p, align 4, !alias.scope !13
  store i32 4, ptr %p, align 4, !alias.scope !14
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = !{!"scope 2", !0}
!3 = !{!"scope 3", !4}
!4 = !{!"domain 4"}
!5 = !{!"scope 5", !6}
!6 = !{!"domain", !"named"}
!7 = !{!"scope 7", !0}
!10 = !{!1}
!11 = !{!2}
!12 = !{!3}
!13 = !{!5}
!14 = !{!7}

;--- both.bad.ll
; s1 is both in the !alias.scope and in the !noalias of the store.
; BOTH:      error: verify-alias-md [scope-in-both-lists]: a scope is both in the !alias.scope and in the !noalias of this instruction: the access is declared not to alias itself
; BOTH-NEXT:   in @f, !noalias:
; BOTH-NEXT:   store i32 0, ptr %p, align 4, !alias.scope !10, !noalias !11
; BOTH-NEXT: !1 = distinct !{!1, !0, !"s1"}
; BOTH-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10, !noalias !11
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"s1"}
!2 = distinct !{!2, !0, !"s2"}
!10 = !{!1}
!11 = !{!2, !1}

;--- both.good.ll
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !alias.scope !10, !noalias !11
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"s1"}
!2 = distinct !{!2, !0, !"s2"}
!10 = !{!1}
!11 = !{!2}

;--- pcycle.bad.ll
; New format: "int a" and "int b" are each other's parent. LLVM's walk
; stops at the access type (the base) at once, so it accepts the tag.
; PCYCLE:      error: verify-alias-md [tbaa-parent-cycle]: this type's chain of parents comes back to it: LLVM's alias analysis stops with "Cycle found in TBAA metadata." on any query reaching it
; PCYCLE-NEXT:   in @f, !tbaa:
; PCYCLE-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; PCYCLE-NEXT: !3 = !{!4, i64 4, !"int a"}
; PCYCLE-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!4, i64 4, !"int a"}
!4 = !{!3, i64 4, !"int b"}
!10 = !{!3, !3, i64 0, i64 4}

;--- pcycle.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!4, i64 4, !"int a"}
!4 = !{!1, i64 4, !"int b"}
!10 = !{!3, !3, i64 0, i64 4}

;--- fcycle.bad.ll
; New format: A holds a B at offset 4, B holds an A. The tag accesses
; the int at offset 0 of A, which LLVM's walk reaches without going
; round. Old format (@g): S holds, at 4, a scalar whose parents form a
; cycle; old-format scalars lead to their parents, so the analysis
; goes round there too.
; FCYCLE:      error: verify-alias-md [tbaa-field-cycle]: this type contains itself through its fields: LLVM's alias analysis recurses without end on aggregate accesses reaching it
; FCYCLE-NEXT:   in @f, !tbaa:
; FCYCLE-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; FCYCLE-NEXT: !3 = !{!1, i64 12, !"A", !2, i64 0, i64 4, !4, i64 4, i64 8}
; FCYCLE-NEXT: error: verify-alias-md [tbaa-field-cycle]: this type contains itself through its fields: LLVM's alias analysis recurses without end on aggregate accesses reaching it
; FCYCLE-NEXT:   in @g, !tbaa:
; FCYCLE-NEXT:   store i32 0, ptr %p, align 4, !tbaa !11
; FCYCLE-NEXT: !23 = !{!"cyc a", !24, i64 0}
; FCYCLE-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
define void @g(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !11
  ret void
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 12, !"A", !2, i64 0, i64 4, !4, i64 4, i64 8}
!4 = !{!1, i64 8, !"B", !3, i64 0, i64 8}
!10 = !{!3, !2, i64 0, i64 4}
!20 = !{!"Simple C TBAA"}
!21 = !{!"omnipotent char", !20, i64 0}
!22 = !{!"int", !21, i64 0}
!23 = !{!"cyc a", !24, i64 0}
!24 = !{!"cyc b", !23, i64 0}
!25 = !{!"S", !22, i64 0, !23, i64 4}
!11 = !{!25, !22, i64 0}

;--- fcycle.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
define void @g(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !11
  ret void
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 12, !"A", !2, i64 0, i64 4, !4, i64 4, i64 8}
!4 = !{!1, i64 8, !"B", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 0, i64 4}
!20 = !{!"Simple C TBAA"}
!21 = !{!"omnipotent char", !20, i64 0}
!22 = !{!"int", !21, i64 0}
!23 = !{!"cyc a", !24, i64 0}
!24 = !{!"cyc b", !21, i64 0}
!25 = !{!"S", !22, i64 0, !23, i64 4}
!11 = !{!25, !22, i64 0}

;--- apath.bad.ll
; New format: a char at offset 4 of an int. LLVM's verifier steps from
; the int (no fields) to its parent, the char, taking off the int's
; size (4): it reaches the char at offset 0 and accepts the tag. The
; analysis cannot step from a scalar to its parent: its walk ends at
; the int. (Size 0, so that the access lies inside the int.) The
; positive module accesses the int itself.
; APATH:      error: verify-alias-md [tbaa-access-path]: walking from the base type at offset 4 as the alias analysis does does not reach the access type at offset 0: it ends without reaching the access type
; APATH-NEXT:   in @f, !tbaa:
; APATH-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; APATH-NEXT: !10 = !{!2, !1, i64 4, i64 0}
; APATH-NEXT:   access path: !2 at offset 4
; APATH-NEXT: error: verify-alias-md [tbaa-access-path]: walking from the base type at offset 4 as the alias analysis does does not reach the access type at offset 0: it ends without reaching the access type
; APATH-NEXT:   in @f, !tbaa:
; APATH-NEXT:   %v = load i32, ptr %q, align 4, !tbaa !10
; APATH-NEXT: !10 = !{!2, !1, i64 4, i64 0}
; APATH-NEXT:   access path: !2 at offset 4
; APATH-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!2, !1, i64 4, i64 0}

;--- apath.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!2, !2, i64 0, i64 4}

;--- roots.bad.ll
; The struct's root is "Other TBAA", its field's (and the access
; type's) root "Simple C++ TBAA".
; ROOTS:      warning: verify-alias-md [tbaa-different-roots]: the base type and the access type of this tag have different roots: the tag belongs to no one type system, and every query with it answers MayAlias
; ROOTS-NEXT:   in @f, !tbaa:
; ROOTS-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; ROOTS-NEXT: !10 = !{!4, !2, i64 4, i64 4}
; ROOTS-NEXT: warning: verify-alias-md [tbaa-different-roots]: the base type and the access type of this tag have different roots: the tag belongs to no one type system, and every query with it answers MayAlias
; ROOTS-NEXT:   in @f, !tbaa:
; ROOTS-NEXT:   %v = load i32, ptr %q, align 4, !tbaa !10
; ROOTS-NEXT: !10 = !{!4, !2, i64 4, i64 4}
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!"Other TBAA"}
!4 = !{!3, i64 8, !"S", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!4, !2, i64 4, i64 4}

;--- roots.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!"Other TBAA"}
!4 = !{!0, i64 8, !"S", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!4, !2, i64 4, i64 4}

;--- fieldout.bad.ll
; S has size 4, its int field lies at 2..6. The tag (the char at 0)
; is fine; the field is reported once, though two instructions reach S.
; FIELDOUT:      warning: verify-alias-md [tbaa-field-outside-type]: a field (offset 2, size 4) does not lie inside its type (size 4)
; FIELDOUT-NEXT:   in @f, !tbaa:
; FIELDOUT-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; FIELDOUT-NEXT: !3 = !{!1, i64 4, !"S", !1, i64 0, i64 1, !2, i64 2, i64 4}
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 4, !"S", !1, i64 0, i64 1, !2, i64 2, i64 4}
!10 = !{!3, !1, i64 0, i64 1}

;--- fieldout.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 6, !"S", !1, i64 0, i64 1, !2, i64 2, i64 4}
!10 = !{!3, !1, i64 0, i64 1}

;--- accout.bad.ll
; An 8-byte access at offset 4 of an 8-byte struct.
; ACCOUT:      warning: verify-alias-md [tbaa-access-outside-base]: the access (offset 4, size 8) does not lie inside its base type (size 8)
; ACCOUT-NEXT:   in @f, !tbaa:
; ACCOUT-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; ACCOUT-NEXT: !10 = !{!3, !2, i64 4, i64 8}
; ACCOUT-NEXT: !3 = !{!1, i64 8, !"S", !2, i64 0, i64 4, !2, i64 4, i64 4}
; ACCOUT-NEXT: warning: verify-alias-md [tbaa-access-outside-base]: the access (offset 4, size 8) does not lie inside its base type (size 8)
; ACCOUT-NEXT:   in @f, !tbaa:
; ACCOUT-NEXT:   %v = load i32, ptr %q, align 4, !tbaa !10
; ACCOUT-NEXT: !10 = !{!3, !2, i64 4, i64 8}
; ACCOUT-NEXT: !3 = !{!1, i64 8, !"S", !2, i64 0, i64 4, !2, i64 4, i64 4}
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"S", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 4, i64 8}

;--- accout.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  %v = load i32, ptr %q, align 4, !tbaa !10
  ret i32 %v
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"S", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 4, i64 4}

;--- immstore.bad.ll
; Stores with immutable tags, old and new format. Loads may carry them
; (the positive module).
; IMMSTORE:      error: verify-alias-md [tbaa-immutable-store]: an instruction that writes memory carries an immutable tag: the tag says this memory is never modified, so analyses may treat the write as changing nothing
; IMMSTORE-NEXT:   in @f, !tbaa:
; IMMSTORE-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; IMMSTORE-NEXT: !10 = !{!2, !2, i64 0, i64 4, i64 1}
; IMMSTORE-NEXT: error: verify-alias-md [tbaa-immutable-store]: an instruction that writes memory carries an immutable tag: the tag says this memory is never modified, so analyses may treat the write as changing nothing
; IMMSTORE-NEXT:   in @f, !tbaa:
; IMMSTORE-NEXT:   store i32 1, ptr %q, align 4, !tbaa !11
; IMMSTORE-NEXT: !11 = !{!5, !5, i64 0, i64 1}
; IMMSTORE-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10
  store i32 1, ptr %q, align 4, !tbaa !11
  ret void
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!"Simple C TBAA"}
!4 = !{!"omnipotent char", !3, i64 0}
!5 = !{!"int", !4, i64 0}
!10 = !{!2, !2, i64 0, i64 4, i64 1}
!11 = !{!5, !5, i64 0, i64 1}

;--- immstore.good.ll
define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !12
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %q, align 4, !tbaa !11
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!"Simple C TBAA"}
!4 = !{!"omnipotent char", !3, i64 0}
!5 = !{!"int", !4, i64 0}
!10 = !{!2, !2, i64 0, i64 4, i64 1}
!11 = !{!5, !5, i64 0, i64 1}
!12 = !{!2, !2, i64 0, i64 4, i64 0}
