; When two accesses become one, their lists are merged:
;  * !alias.scope: MDNode::getMostGenericAliasScope(A, B). Keep the
;    domains both lists have scopes in; the result is the union of both
;    lists' scopes in those domains, B's scopes first, then A's, without
;    repeats. No shared domain: the list is dropped.
;  * !noalias: MDNode::intersect(A, B), the scopes both exclude, in A's
;    order. Nothing shared: the empty list !{} (not dropped).
; Missing on either side: dropped. Below, B is the instruction simplifycfg
; keeps (the "then" load) and, for memcpyopt, the earlier memcpy.
; Neither merge consults an alias analysis, so the output is the same with
; either one in the pipeline.
;
; Scopes: domain "fill" {a1, a2, a3}, domain "pack" {b1, b2}, domain
; "spare" {c1}.
;
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=memcpyopt -S %s | FileCheck %s --check-prefix=MEMCPY
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=memcpyopt -S %s | FileCheck %s --check-prefix=MEMCPY
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes='simplifycfg<hoist-common-insts>' -S %s | FileCheck %s --check-prefix=HOIST
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes='simplifycfg<hoist-common-insts>' -S %s | FileCheck %s --check-prefix=HOIST
;
; rust-scoped-noalias merges the same way. The module has 6 distinct
; !alias.scope lists and 6 distinct !noalias lists: 36 (scope, noalias)
; pairs, and 30 + 30 ordered merges.
; RUN: %opt -passes='scoped-diff<fatal>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DIFF
; DIFF-NOT: disagreement
; DIFF: scoped-diff: 36 pairs, 60 merges, 0 disagreements{{$}}

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @consume(ptr)

; memcpyopt turns in -> stage -> out into in -> out; the new memcpy gets
;   !alias.scope {a1, c1} + {a2, b1} -> shared domain fill -> {a1, a2}
;   !noalias     {b2, a3} & {a3, b1, b2}                   -> {a3, b2}
; MEMCPY-LABEL: define i8 @relay(
; MEMCPY:      call void @llvm.memcpy.p0.p0.i64(ptr align 4 %out, ptr align 4 %in, i64 1, i1 false), !alias.scope ![[RS:[0-9]+]], !noalias ![[RN:[0-9]+]]
; MEMCPY-NOT:  call void @llvm.memcpy
; MEMCPY:      ret i8
; MEMCPY-DAG:  ![[RS]] = !{![[A1:[0-9]+]], ![[A2:[0-9]+]]}
; MEMCPY-DAG:  ![[RN]] = !{![[A3:[0-9]+]], ![[B2:[0-9]+]]}
; MEMCPY-DAG:  ![[A1]] = distinct !{![[A1]], ![[FILL:[0-9]+]], !"fill: a1"}
; MEMCPY-DAG:  ![[A2]] = distinct !{![[A2]], ![[FILL]], !"fill: a2"}
; MEMCPY-DAG:  ![[A3]] = distinct !{![[A3]], ![[FILL]], !"fill: a3"}
; MEMCPY-DAG:  ![[B2]] = distinct !{![[B2]], !{{[0-9]+}}, !"pack: b2"}
define i8 @relay(i8 %v) {
  %stage = alloca i8
  %out = alloca i8
  %in = alloca i8
  store i8 %v, ptr %in
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %stage, ptr align 4 %in, i64 1, i1 false), !alias.scope !20, !noalias !22
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %out, ptr align 4 %stage, i64 1, i1 false), !alias.scope !21, !noalias !23
  %r = load i8, ptr %out
  call void @consume(ptr %in)
  ret i8 %r
}

; simplifycfg hoists the three loads of both branches into %entry, keeping
; the "then" load and merging the "else" load into it:
;   %p: !alias.scope {a1, b1} + {c1, a2, b1} -> fill and pack shared
;                                             -> {a1, b1, a2}
;       !noalias     {a3, b2, c1} & {c1, a3} -> {c1, a3} (else's order)
;   %q: !alias.scope {a1} + {b1}             -> nothing shared: dropped
;       !noalias     {a2} & {b2}             -> !{}
;   %r: !alias.scope only on one side, !noalias only on the other: both
;       dropped
; HOIST-LABEL: define i32 @pick(
; HOIST-NEXT:  entry:
; HOIST-NEXT:    %tp = load i32, ptr %p, align 4, !alias.scope ![[PS:[0-9]+]], !noalias ![[PN:[0-9]+]]{{$}}
; HOIST-NEXT:    %tq = load i32, ptr %q, align 4, !noalias ![[QN:[0-9]+]]{{$}}
; HOIST-NEXT:    %tr = load i32, ptr %r, align 4{{$}}
; HOIST:         %res = select i1 %c
; HOIST-DAG:   ![[PS]] = !{![[HA1:[0-9]+]], ![[HB1:[0-9]+]], ![[HA2:[0-9]+]]}
; HOIST-DAG:   ![[PN]] = !{![[HC1:[0-9]+]], ![[HA3:[0-9]+]]}
; HOIST-DAG:   ![[QN]] = !{}
; HOIST-DAG:   ![[HA1]] = distinct !{![[HA1]], ![[HFILL:[0-9]+]], !"fill: a1"}
; HOIST-DAG:   ![[HA2]] = distinct !{![[HA2]], ![[HFILL]], !"fill: a2"}
; HOIST-DAG:   ![[HA3]] = distinct !{![[HA3]], ![[HFILL]], !"fill: a3"}
; HOIST-DAG:   ![[HB1]] = distinct !{![[HB1]], !{{[0-9]+}}, !"pack: b1"}
; HOIST-DAG:   ![[HC1]] = distinct !{![[HC1]], !{{[0-9]+}}, !"spare: c1"}
define i32 @pick(i1 %c, ptr %p, ptr %q, ptr %r) {
entry:
  br i1 %c, label %then, label %else
then:
  %tp = load i32, ptr %p, align 4, !alias.scope !30, !noalias !34
  %tq = load i32, ptr %q, align 4, !alias.scope !32, !noalias !36
  %tr = load i32, ptr %r, align 4, !alias.scope !32
  %ts1 = add i32 %tp, %tq
  %ts = add i32 %ts1, %tr
  br label %join
else:
  %ep = load i32, ptr %p, align 4, !alias.scope !31, !noalias !35
  %eq = load i32, ptr %q, align 4, !alias.scope !33, !noalias !37
  %er = load i32, ptr %r, align 4, !noalias !37
  %es1 = mul i32 %ep, %eq
  %es = mul i32 %es1, %er
  br label %join
join:
  %res = phi i32 [ %ts, %then ], [ %es, %else ]
  ret i32 %res
}

!0 = distinct !{!0, !"fill"}
!1 = distinct !{!1, !0, !"fill: a1"}
!2 = distinct !{!2, !0, !"fill: a2"}
!3 = distinct !{!3, !0, !"fill: a3"}
!4 = distinct !{!4, !"pack"}
!5 = distinct !{!5, !4, !"pack: b1"}
!6 = distinct !{!6, !4, !"pack: b2"}
!7 = distinct !{!7, !"spare"}
!8 = distinct !{!8, !7, !"spare: c1"}

!20 = !{!1, !8}
!21 = !{!2, !5}
!22 = !{!6, !3}
!23 = !{!3, !5, !6}

!30 = !{!1, !5}
!31 = !{!8, !2, !5}
!32 = !{!1}
!33 = !{!5}
!34 = !{!3, !6, !8}
!35 = !{!8, !3}
!36 = !{!2}
!37 = !{!6}
