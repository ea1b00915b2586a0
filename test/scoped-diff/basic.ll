; scoped-diff compares rust-scoped-noalias with LLVM's ScopedNoAliasAAResult
; over the distinct lists of a module: mayAliasInScopes(S, N) for every
; !alias.scope list S and !noalias list N ("pairs"), and the merges
; getMostGenericAliasScope (ordered pairs of distinct !alias.scope lists)
; and MDNode::intersect (ordered pairs of distinct !noalias lists).
;
; RUN: rm -rf %t && split-file %s %t
;
; clean.ll: 3 !alias.scope lists x 2 !noalias lists -> 6 pairs;
; 3*2 + 2*1 = 8 merges; all agree.
; RUN: %opt -passes=scoped-diff -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=CLEAN
; RUN: %opt -passes='scoped-diff<fatal>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=CLEAN
; CLEAN-NOT: disagreement
; CLEAN-NOT: warning
; CLEAN: scoped-diff: 6 pairs, 8 merges, 0 disagreements{{$}}
;
; A test-only switch inverts one rust-scoped-noalias answer as scoped-diff
; sees it. Answer 1 is the first pair, {s1} against {s1} (NoAlias): the
; report names both instructions, both lists and both answers; without
; <fatal>, opt still succeeds.
; RUN: %opt -passes=scoped-diff -aliaskit-diff-flip=1 -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=FLIP
; FLIP:      scoped-diff: disagreement: mayAliasInScopes(A: !alias.scope, B: !noalias): rust-scoped-noalias MayAlias, scoped-noalias-aa NoAlias
; FLIP-NEXT: A: @left:   %a = load i32, ptr %p, align 4, !alias.scope ![[S1:[0-9]+]]
; FLIP-NEXT: ![[S1]] = !{![[SCOPE1:[0-9]+]]}
; FLIP-NEXT: B: @left:   store i32 1, ptr %q, align 4, !noalias ![[S1]]
; FLIP-NEXT: ![[S1]] = !{![[SCOPE1]]}
; FLIP-NOT:  disagreement
; FLIP:      scoped-diff: 6 pairs, 8 merges, 1 disagreements{{$}}
;
; Answer 4 is {s1, t1} against {s1, s2}: NoAlias (domain dd covered), seen
; as MayAlias; the second instruction is in another function.
; RUN: %opt -passes=scoped-diff -aliaskit-diff-flip=4 -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=FLIP4
; FLIP4:      scoped-diff: disagreement: mayAliasInScopes(A: !alias.scope, B: !noalias): rust-scoped-noalias MayAlias, scoped-noalias-aa NoAlias
; FLIP4-NEXT: A: @left:   %b = load i32, ptr %r, align 4, !alias.scope ![[ST:[0-9]+]], !noalias ![[SS:[0-9]+]]
; FLIP4-NEXT: ![[ST]] = !{![[X1:[0-9]+]], ![[X2:[0-9]+]]}
; FLIP4-NEXT: B: @left:   %b = load i32, ptr %r, align 4, !alias.scope ![[ST]], !noalias ![[SS]]
; FLIP4-NEXT: ![[SS]] = !{![[X1]], ![[X3:[0-9]+]]}
; FLIP4:      scoped-diff: 6 pairs, 8 merges, 1 disagreements{{$}}
;
; With <fatal>, a disagreement stops opt.
; RUN: not %opt -passes='scoped-diff<fatal>' -aliaskit-diff-flip=2 -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=FATAL
; FATAL:      scoped-diff: disagreement: mayAliasInScopes(A: !alias.scope, B: !noalias): rust-scoped-noalias MayAlias, scoped-noalias-aa NoAlias
; FATAL:      scoped-diff: 6 pairs, 8 merges, 1 disagreements{{$}}
; FATAL-NEXT: LLVM ERROR: scoped-diff: 1 disagreements between rust-scoped-noalias and scoped-noalias-aa
;
; Too many lists: max-lists=N keeps N of each kind, evenly spaced.
;   N=2: 2 x 2 lists -> 4 pairs, 2 + 2 merges, 4 of the 5 lists compared
;   N=1: 1 x 1       -> 1 pair, no merges
;   N=3: nothing to cut
; RUN: %opt -passes='scoped-diff<max-lists=2>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=CAP2
; CAP2: scoped-diff: 4 pairs, 4 merges, 0 disagreements (sampled 4 of 5 lists){{$}}
; RUN: %opt -passes='scoped-diff<fatal;max-lists=1>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=CAP1
; CAP1: scoped-diff: 1 pairs, 0 merges, 0 disagreements (sampled 2 of 5 lists){{$}}
; RUN: %opt -passes='scoped-diff<max-lists=3>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=CLEAN
;
; It sits anywhere in a pipeline and leaves the module alone (GVN still
; forwards %a to %c using the scopes).
; RUN: %opt -passes='scoped-diff,function(gvn),scoped-diff' -aa-pipeline=basic-aa,rust-scoped-noalias -S %t/clean.ll 2>%t/twice.err | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=TWICE < %t/twice.err
; IR-LABEL: define i32 @left(
; IR:       store i32 1, ptr %q
; IR-NEXT:  %b = load i32, ptr %r
; IR-NEXT:  %s1 = add i32 %a, %b
; IR-NEXT:  %sum = add i32 %a, %a
; TWICE-COUNT-2: scoped-diff: 6 pairs, 8 merges, 0 disagreements
;
; A module without lists.
; RUN: %opt -passes='scoped-diff<fatal>' -disable-output %t/none.ll 2>&1 | FileCheck %s --check-prefix=NONE
; NONE: scoped-diff: 0 pairs, 0 merges, 0 disagreements{{$}}
;
; Malformed lists (null operands; the verifier would crash, hence
; -disable-verify) are not sent to LLVM, which would crash on them: the
; questions on them are counted as skipped, each bad list is reported once,
; the rest is compared, and opt succeeds even with <fatal>.
;   !alias.scope: {s}, {null, s}; !noalias: {s}, {s, null}
;   pairs: only {s} x {s} is readable -> 3 of 4 skipped
;   getMostGenericAliasScope in both orders reads {null, s}  -> 2 skipped
;   intersect({s}, {s, null}) and reverse never dereference the null
;     operand (neither does LLVM) -> 2 merges compared
; RUN: %opt -disable-verify -passes='scoped-diff<fatal>' -disable-output %t/malformed.ll 2>&1 | FileCheck %s --check-prefix=MAL
; MAL-DAG: warning: aliaskit::scoped: malformed scope metadata !{null, !{{.*}}}: operand 0 of the scope list is null; a query that reads it is answered MayAlias / ModRef
; MAL-DAG: warning: aliaskit::scoped: malformed scope metadata !{!{{.*}}, null}: operand 1 of the scope list is null; a query that reads it is answered MayAlias / ModRef
; MAL-NOT: warning
; MAL-NOT: disagreement
; MAL:     scoped-diff: 4 pairs, 2 merges, 0 disagreements (5 skipped: malformed metadata){{$}}
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -disable-output %t/malformed.ll
;
; Bad parameters are refused by the pipeline parser.
; RUN: not %opt -passes='scoped-diff<bogus>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: invalid scoped-diff pass parameter 'bogus' (expected fatal or max-lists=N)
; RUN: not %opt -passes='scoped-diff<max-lists=many>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=BADN
; BADN: invalid scoped-diff pass parameter 'max-lists=many' (max-lists takes a number)
; RUN: not %opt -passes='scoped-diff<max-tags=2>' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=BADT
; BADT: invalid scoped-diff pass parameter 'max-tags=2' (expected fatal or max-lists=N)

;--- clean.ll
; Domain dd: s1, s2; domain ee: t1.
; !alias.scope lists, in order of first appearance: {s1}, {s1, t1}, {s2}
; !noalias lists: {s1}, {s1, s2}
define i32 @left(ptr %p, ptr %q, ptr %r) {
  %a = load i32, ptr %p, align 4, !alias.scope !10
  store i32 1, ptr %q, align 4, !noalias !10
  %b = load i32, ptr %r, align 4, !alias.scope !11, !noalias !12
  %c = load i32, ptr %p, align 4, !alias.scope !10
  %s1 = add i32 %a, %b
  %sum = add i32 %a, %c
  ret i32 %sum
}

define void @right(ptr %p) {
  store i32 2, ptr %p, align 4, !alias.scope !13
  ret void
}

!0 = distinct !{!0, !"dd"}
!1 = distinct !{!1, !0, !"dd: s1"}
!2 = distinct !{!2, !0, !"dd: s2"}
!3 = distinct !{!3, !"ee"}
!4 = distinct !{!4, !3, !"ee: t1"}
!10 = !{!1}
!11 = !{!1, !4}
!12 = !{!1, !2}
!13 = !{!2}

;--- none.ll
define i32 @plain(ptr %p) {
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

;--- malformed.ll
define void @broken(ptr %p, ptr %q, ptr %r) {
  %a = load i32, ptr %p, align 4, !alias.scope !10
  store i32 1, ptr %q, align 4, !noalias !10
  %b = load i32, ptr %r, align 4, !alias.scope !11, !noalias !12
  ret void
}

!0 = distinct !{!0, !"dd"}
!1 = distinct !{!1, !0, !"dd: s"}
!10 = !{!1}
!11 = !{null, !1}
!12 = !{!1, null}
