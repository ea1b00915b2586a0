; Malformed scope metadata, which the IR verifier rejects (or, for null
; operands, crashes on): -disable-verify throughout.
;
; A null operand in a scope list that the analysis reads makes LLVM 22's
; scoped-noalias-aa dereference null and crash. rust-scoped-noalias answers
; MayAlias / ModRef for every query that reads such a list, keeps answering
; the others, and prints one warning per offending list, however many
; queries read it.
;
; Other damage LLVM's analysis tolerates: non-node operands of a list
; (strings) are skipped, and a scope whose domain is missing, null or not
; a node has no domain and is ignored; a bad !alias.scope list is not even
; read when the other access's !noalias names no domain. There both
; analyses must give the same answers, and rust-scoped-noalias no warning.
;
; RUN: rm -rf %t && split-file %s %t
;
; --- a null operand in a !noalias list
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -disable-output %t/null-noalias.ll
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -disable-output %t/null-noalias.ll
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %t/null-noalias.ll 2>&1 | FileCheck %s --check-prefix=NULLNA
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %t/null-noalias.ll 2>%t/gvn.err | FileCheck %s --check-prefix=NULLNA-GVN
; RUN: FileCheck %s --check-prefix=NULLNA-WARN < %t/gvn.err
;
; --- a null operand in an !alias.scope list; two bad lists in one module
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -disable-output %t/null-scope.ll
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes='print<memoryssa>' -disable-output %t/null-scope.ll
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %t/null-scope.ll 2>&1 | FileCheck %s --check-prefix=NULLS
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes='print<memoryssa>,early-cse<memssa>' -S %t/null-scope.ll 2>&1 | FileCheck %s --check-prefix=NULLS-MSSA
;
; --- damage both analyses survive: the same CHECK lines for both
; RUN: %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %t/tolerated.ll 2>&1 | FileCheck %s --check-prefix=TOL
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %t/tolerated.ll 2>&1 | FileCheck %s --check-prefix=TOL
; RUN: %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %t/tolerated.ll 2>&1 | FileCheck %s --check-prefix=TOL-GVN
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %t/tolerated.ll 2>&1 | FileCheck %s --check-prefix=TOL-GVN
; RUN: not %opt-llvm -passes=verify -disable-output %t/tolerated.ll 2>&1 | FileCheck %s --check-prefix=TOL-VERIFY
;
; --- nulls LLVM's analysis never dereferences (its verifier does crash)
; RUN: not --crash %opt-llvm -passes=verify -disable-output %t/tolerated-null.ll
; RUN: %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %t/tolerated-null.ll 2>&1 | FileCheck %s --check-prefix=TNULL
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %t/tolerated-null.ll 2>&1 | FileCheck %s --check-prefix=TNULL

;--- null-noalias.ll
; !3 = {s, null} is read by every query against a store carrying it as
; !noalias, in two functions: one warning. The good list {s} still works.
;
; NULLNA-LABEL:   Function: first:
; NULLNA:         warning: aliaskit::scoped: malformed scope metadata !{!{{.*}}, null}: operand 1 of the scope list is null; a query that reads it is answered MayAlias / ModRef
; NULLNA-NEXT:    MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[S:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[BAD:[0-9]+]]
; NULLNA-NEXT:    NoAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[S]] <->   store i32 2, ptr %r, align 4, !noalias ![[S]]
; NULLNA-NEXT:    MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[S]] <->   store i32 1, ptr %q, align 4, !noalias ![[BAD]]
; NULLNA-NEXT:    NoAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[S]] <->   store i32 2, ptr %r, align 4, !noalias ![[S]]
; NULLNA-NEXT:    MayAlias:   %c = load i32, ptr %p, align 4, !alias.scope ![[S]] <->   store i32 1, ptr %q, align 4, !noalias ![[BAD]]
; NULLNA-NEXT:    NoAlias:   %c = load i32, ptr %p, align 4, !alias.scope ![[S]] <->   store i32 2, ptr %r, align 4, !noalias ![[S]]
; NULLNA-NOT:     warning:
; NULLNA-LABEL:   Function: second:
; NULLNA:         MayAlias:   store i32 4, ptr %r, align 4, !noalias ![[BAD2:[0-9]+]] <->   store i32 3, ptr %q, align 4, !alias.scope ![[S2:[0-9]+]]
; NULLNA-NOT:     warning:
;
; GVN may not reuse %a for %b across the store to %q (its !noalias is the
; bad list), but reuses %b for %c across the store to %r.
; NULLNA-GVN-LABEL: define i32 @first(
; NULLNA-GVN:       store i32 1, ptr %q
; NULLNA-GVN-NEXT:  %b = load i32, ptr %p
; NULLNA-GVN-NEXT:  store i32 2, ptr %r
; NULLNA-GVN-NEXT:  %sum = add i32 %a, %b
; NULLNA-GVN-NEXT:  %all = add i32 %sum, %b
; NULLNA-WARN-COUNT-1: warning: aliaskit::scoped: malformed scope metadata
; NULLNA-WARN-NOT:     warning:
define i32 @first(ptr %p, ptr %q, ptr %r) {
  %a = load i32, ptr %p, align 4, !alias.scope !2
  store i32 1, ptr %q, align 4, !noalias !3
  %b = load i32, ptr %p, align 4, !alias.scope !2
  store i32 2, ptr %r, align 4, !noalias !2
  %c = load i32, ptr %p, align 4, !alias.scope !2
  %sum = add i32 %a, %b
  %all = add i32 %sum, %c
  ret i32 %all
}

define void @second(ptr %q, ptr %r) {
  store i32 3, ptr %q, align 4, !alias.scope !2
  store i32 4, ptr %r, align 4, !noalias !3
  ret void
}

!0 = distinct !{!0, !"broken"}
!1 = distinct !{!1, !0, !"broken: s"}
!2 = !{!1}
!3 = !{!1, null}

;--- null-scope.ll
; Two bad lists: !alias.scope {null, t} on loads, and !noalias {t, null}
; on a call. Each is reported once, when first read; every query reading
; either is MayAlias / ModRef; the clean pair (%good vs the store) is still
; NoAlias. aa-eval asks no metadata question about the call, so only the
; first list is read there.
;
; NULLS-LABEL:    Function: reads:
; NULLS:          warning: aliaskit::scoped: malformed scope metadata !{null, !{{.*}}}: operand 0 of the scope list is null; a query that reads it is answered MayAlias / ModRef
; NULLS-NEXT:     MayAlias:   %x = load i32, ptr %p, align 4, !alias.scope ![[BADS:[0-9]+]] <->   store i32 0, ptr %q, align 4, !noalias ![[T:[0-9]+]]
; NULLS-NEXT:     MayAlias:   %y = load i32, ptr %p2, align 4, !alias.scope ![[BADS]] <->   store i32 0, ptr %q, align 4, !noalias ![[T]]
; NULLS-NEXT:     NoAlias:   %good = load i32, ptr %p3, align 4, !alias.scope ![[T]] <->   store i32 0, ptr %q, align 4, !noalias ![[T]]
; NULLS-NOT:      warning:
;
; MemorySSA asks about the call and the load after it (call vs location,
; the call's !noalias being the bad list): the load stays clobbered by the
; call, and EarlyCSE does not reuse %z0 for %z. The loads of @reads come
; before the store: nothing asks about their list.
; NULLS-MSSA-NOT:   warning:
; NULLS-MSSA-LABEL: MemorySSA for function: reads
; NULLS-MSSA-NOT:   warning:
; NULLS-MSSA:       warning: aliaskit::scoped: malformed scope metadata !{!{{.*}}, null}: operand 1 of the scope list is null; a query that reads it is answered MayAlias / ModRef
; NULLS-MSSA-NEXT:  MemorySSA for function: calls
; NULLS-MSSA:       1 = MemoryDef(liveOnEntry)
; NULLS-MSSA-NEXT:  call void @clobber(), !noalias
; NULLS-MSSA-NEXT:  MemoryUse(1)
; NULLS-MSSA-NEXT:  %z = load i32, ptr %p, align 4, !alias.scope
; NULLS-MSSA-NOT:   warning:
; NULLS-MSSA:       source_filename
; NULLS-MSSA:       define i32 @calls(
; NULLS-MSSA:       call void @clobber()
; NULLS-MSSA-NEXT:  %z = load i32, ptr %p
; NULLS-MSSA-NEXT:  %s = add i32 %z0, %z
; NULLS-MSSA-NOT:   warning:
define i32 @reads(ptr %p, ptr %p2, ptr %p3, ptr %q) {
  %x = load i32, ptr %p, align 4, !alias.scope !3
  %y = load i32, ptr %p2, align 4, !alias.scope !3
  %good = load i32, ptr %p3, align 4, !alias.scope !2
  store i32 0, ptr %q, align 4, !noalias !2
  %s1 = add i32 %x, %y
  %s2 = add i32 %s1, %good
  ret i32 %s2
}

declare void @clobber()

define i32 @calls(ptr %p) {
  %z0 = load i32, ptr %p, align 4, !alias.scope !2
  call void @clobber(), !noalias !4
  %z = load i32, ptr %p, align 4, !alias.scope !2
  %s = add i32 %z0, %z
  ret i32 %s
}

!0 = distinct !{!0, !"broken2"}
!1 = distinct !{!1, !0, !"broken2: t"}
!2 = !{!1}
!3 = !{null, !1}
!4 = !{!1, null}

;--- tolerated.ll
; Scope s in domain "ok".
;   !10 = {s, "a string"}     the string is skipped: like {s}
;   !11 = {"only a string"}   no scope at all
;   !12 = {s, nodom}          nodom = !{"nodom", !"not a node"}: no domain
;   !13 = {s, lone}           lone = !{!"lone"}: one operand, no domain
;   !16 = {nodom}             no domain at all
;
; TOL-NOT:        warning:
; TOL-LABEL:      Function: strings:
; TOL:            NoAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[STR:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[S:[0-9]+]]
; TOL-NEXT:       NoAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[STR]] <->   store i32 2, ptr %r, align 4, !noalias ![[STR]]
; TOL-NEXT:       MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[STR]] <->   store i32 3, ptr %r, align 4, !noalias ![[ONLY:[0-9]+]]
; TOL-NEXT:       MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[ONLY]] <->   store i32 1, ptr %q, align 4, !noalias ![[S]]
; TOL-NEXT:       MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[ONLY]] <->   store i32 2, ptr %r, align 4, !noalias ![[STR]]
; TOL-NEXT:       MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[ONLY]] <->   store i32 3, ptr %r, align 4, !noalias ![[ONLY]]
; Scopes without a domain take no part: {s, nodom} against {s} or {s, lone}
; is covered in "ok"; {nodom} against anything is MayAlias.
; TOL-LABEL:      Function: no_domain:
; TOL:            NoAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[SND:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[S2:[0-9]+]]
; TOL-NEXT:       NoAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[SND]] <->   store i32 2, ptr %q, align 4, !noalias ![[SL:[0-9]+]]
; TOL-NEXT:       MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[SND]] <->   store i32 4, ptr %q, align 4, !noalias ![[ND:[0-9]+]]
; TOL-NEXT:       MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[ND]] <->   store i32 1, ptr %q, align 4, !noalias ![[S2]]
; TOL-NEXT:       MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[ND]] <->   store i32 2, ptr %q, align 4, !noalias ![[SL]]
; TOL-NEXT:       MayAlias:   %b = load i32, ptr %p, align 4, !alias.scope ![[ND]] <->   store i32 4, ptr %q, align 4, !noalias ![[ND]]
; TOL-NOT:        warning:
;
; TOL-GVN-NOT:    warning:
; TOL-GVN-LABEL:  define i32 @strings_gvn(
; TOL-GVN:        store i32 1, ptr %q
; TOL-GVN-NEXT:   %sum = add i32 %a, %a
; TOL-GVN-LABEL:  define i32 @lone_gvn(
; TOL-GVN:        store i32 1, ptr %q
; TOL-GVN-NEXT:   %sum = add i32 %a, %a
; TOL-GVN-NOT:    warning:
define i32 @strings(ptr %p, ptr %q, ptr %r) {
  %a = load i32, ptr %p, align 4, !alias.scope !10
  %b = load i32, ptr %p, align 4, !alias.scope !11
  store i32 1, ptr %q, align 4, !noalias !2
  store i32 2, ptr %r, align 4, !noalias !10
  store i32 3, ptr %r, align 4, !noalias !11
  %sum = add i32 %a, %b
  ret i32 %sum
}

define void @no_domain(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !12
  %b = load i32, ptr %p, align 4, !alias.scope !16
  store i32 1, ptr %q, align 4, !noalias !2
  store i32 2, ptr %q, align 4, !noalias !13
  store i32 4, ptr %q, align 4, !noalias !16
  ret void
}

define i32 @strings_gvn(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !10
  store i32 1, ptr %q, align 4, !noalias !2
  %b = load i32, ptr %p, align 4, !alias.scope !10
  %sum = add i32 %a, %b
  ret i32 %sum
}

define i32 @lone_gvn(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !12
  store i32 1, ptr %q, align 4, !noalias !13
  %b = load i32, ptr %p, align 4, !alias.scope !12
  %sum = add i32 %a, %b
  ret i32 %sum
}

; TOL-VERIFY-DAG: scope list must consist of MDNodes
; TOL-VERIFY-DAG: second scope operand must be MDNode
; TOL-VERIFY-DAG: scope must have two or three operands

!0 = distinct !{!0, !"ok"}
!1 = distinct !{!1, !0, !"ok: s"}
!2 = !{!1}
!3 = !{!"nodom", !"not a node"}
!4 = !{!"lone"}
!10 = !{!1, !"a string"}
!11 = !{!"only a string"}
!12 = !{!1, !3}
!13 = !{!1, !4}
!16 = !{!3}

;--- tolerated-null.ll
; Nulls LLVM's analysis reads safely: a null domain operand (the scope has
; no domain), and a null in an !alias.scope list checked against a
; !noalias list that names no domain (so the scope list is never read).
;
; TNULL-NOT:      warning:
; TNULL-LABEL:    Function: null_domain:
; TNULL:          NoAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[S:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[SND:[0-9]+]]
; TNULL-NEXT:     MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[S]] <->   store i32 2, ptr %r, align 4, !noalias ![[ND:[0-9]+]]
; TNULL-LABEL:    Function: unread_null:
; TNULL:          MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[NULLFIRST:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[NODOMS:[0-9]+]]
; TNULL-NOT:      warning:
define void @null_domain(ptr %p, ptr %q, ptr %r) {
  %a = load i32, ptr %p, align 4, !alias.scope !2
  store i32 1, ptr %q, align 4, !noalias !10
  store i32 2, ptr %r, align 4, !noalias !11
  ret void
}

define void @unread_null(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !12
  store i32 1, ptr %q, align 4, !noalias !11
  ret void
}

!0 = distinct !{!0, !"ok"}
!1 = distinct !{!1, !0, !"ok: s"}
!2 = !{!1}
!3 = !{!"nulldom", null}
!10 = !{!1, !3}
!11 = !{!3}
!12 = !{null, !1}
