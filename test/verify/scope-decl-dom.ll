; verify-alias-md: scope-decl-dominates, on by default. LLVM's
; verifyNoAliasScopeDecl makes this check only with the hidden option
; -verify-noalias-scope-decl-dom: no llvm.experimental.noalias.scope.decl
; dominates another one with the same scope (the same list node). That is
; what an unroller (or any pass duplicating a body) leaves when it copies
; the declaration without cloning its scopes: the second iteration's
; accesses then claim no-alias against the first iteration's, which the
; restrict promise never said. As in LLVM, the first declaration found
; dominating another one is reported, once per function, and dominance is
; LLVM's DominatorTree's (two branches do not dominate each other).
; Each module is also given to LLVM's verifier with the option: same verdict.
;
; RUN: rm -rf %t && split-file %s %t
;
; unrolled.bad.ll: a restrict copy inlined into a loop, unrolled by two
; without cloning the scopes: the two declarations of !2 in one block,
; and in @g the second iteration in its own block.
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/unrolled.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -verify-noalias-scope-decl-dom -passes=verify -disable-output %t/unrolled.bad.ll 2>&1 | FileCheck %s --check-prefix=BAD-LLVM
; Without the option LLVM's verifier accepts it:
; RUN: %opt-llvm -passes=verify -disable-output %t/unrolled.bad.ll
; JSON and strip: the dominating declaration is removed, the result is clean.
; RUN: %opt -disable-verify -passes='verify-alias-md<warn;json>' -disable-output %t/unrolled.bad.ll 2>&1 | FileCheck %s --check-prefix=JSON
; RUN: %opt -disable-verify -passes='verify-alias-md<strip>' -S %t/unrolled.bad.ll 2>/dev/null | %opt -passes=verify-alias-md -disable-output
;
; branches.good.ll: the same scope declared in both arms of a branch (and
; after the join a declaration of another scope): neither dominates the
; other, no report; nor from LLVM.
; RUN: %opt -passes=verify-alias-md -disable-output %t/branches.good.ll 2>&1 | count 0
; RUN: %opt-llvm -verify-noalias-scope-decl-dom -passes=verify -disable-output %t/branches.good.ll
;
; cloned.good.ll: the loop unrolled as LLVM's unroller does it, each
; iteration with its own clone of the scopes: no report; nor from LLVM.
; RUN: %opt -passes=verify-alias-md -disable-output %t/cloned.good.ll 2>&1 | count 0
; RUN: %opt-llvm -verify-noalias-scope-decl-dom -passes=verify -disable-output %t/cloned.good.ll
; And LLVM's own full unroll of the rolled loop clones them: no report.
; RUN: %opt-llvm -passes=loop-unroll-full -S %t/rolled.good.ll | %opt -passes=verify-alias-md -disable-output 2>&1 | count 0
;
; `aliaskit verify` reports it (exit 1).
; RUN: not %aliaskit verify %t/unrolled.bad.ll 2>&1 | FileCheck %s --check-prefix=CLI
; CLI: error: verify-alias-md [scope-decl-dominates]: llvm.experimental.noalias.scope.decl dominates another one with the same scope
; CLI: aliaskit verify: {{.*}}unrolled.bad.ll: 2 errors in alias metadata
;
; `aliaskit rules` lists the rule with LLVM's message.
; RUN: %aliaskit rules | FileCheck %s --check-prefix=RULES
; RULES: scope-decl-dominates error no noalias.scope.decl dominates another one with the same scope list
; RULES-NEXT: (LLVM verifyNoAliasScopeDecl: "llvm.experimental.noalias.scope.decl dominates another one with the same scope")

;--- unrolled.bad.ll
; BAD:      error: verify-alias-md [scope-decl-dominates]: llvm.experimental.noalias.scope.decl dominates another one with the same scope
; BAD-NEXT:   in @f, llvm.experimental.noalias.scope.decl:
; BAD-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !2)
; BAD-NEXT: error: verify-alias-md [scope-decl-dominates]: llvm.experimental.noalias.scope.decl dominates another one with the same scope
; BAD-NEXT:   in @g, llvm.experimental.noalias.scope.decl:
; BAD-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !2)
; BAD-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; BAD-LLVM:      llvm.experimental.noalias.scope.decl dominates another one with the same scope
; BAD-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !0)
; BAD-LLVM-NEXT: llvm.experimental.noalias.scope.decl dominates another one with the same scope
; BAD-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !0)
; BAD-LLVM-NEXT: error: input module is broken!
; JSON: {"tool":"verify-alias-md","severity":"error","rule":"scope-decl-dominates",{{.*}}"function":"f"
; JSON: {"tool":"verify-alias-md","severity":"error","rule":"scope-decl-dominates",{{.*}}"function":"g"
declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @f(ptr %d, ptr %s, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s0 = getelementptr inbounds i32, ptr %s, i64 %i
  %v0 = load i32, ptr %s0, align 4, !alias.scope !2, !noalias !3
  %d0 = getelementptr inbounds i32, ptr %d, i64 %i
  store i32 %v0, ptr %d0, align 4, !alias.scope !3, !noalias !2
  %i1 = add nuw i64 %i, 1
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s1 = getelementptr inbounds i32, ptr %s, i64 %i1
  %v1 = load i32, ptr %s1, align 4, !alias.scope !2, !noalias !3
  %d1 = getelementptr inbounds i32, ptr %d, i64 %i1
  store i32 %v1, ptr %d1, align 4, !alias.scope !3, !noalias !2
  %i.next = add nuw i64 %i, 2
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

define void @g(ptr %d, ptr %s, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop.1 ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s0 = getelementptr inbounds i32, ptr %s, i64 %i
  %v0 = load i32, ptr %s0, align 4, !alias.scope !2, !noalias !3
  %d0 = getelementptr inbounds i32, ptr %d, i64 %i
  store i32 %v0, ptr %d0, align 4, !alias.scope !3, !noalias !2
  %i1 = add nuw i64 %i, 1
  %last = icmp uge i64 %i1, %n
  br i1 %last, label %exit, label %loop.1

loop.1:
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s1 = getelementptr inbounds i32, ptr %s, i64 %i1
  %v1 = load i32, ptr %s1, align 4, !alias.scope !2, !noalias !3
  %d1 = getelementptr inbounds i32, ptr %d, i64 %i1
  store i32 %v1, ptr %d1, align 4, !alias.scope !3, !noalias !2
  %i.next = add nuw i64 %i, 2
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = distinct !{!0, !"copy"}
!1 = distinct !{!1, !0, !"copy: s"}
!2 = !{!1}
!3 = !{!4}
!4 = distinct !{!4, !0, !"copy: d"}

;--- branches.good.ll
declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @f(ptr %d, ptr %s, i1 %c) {
entry:
  br i1 %c, label %then, label %else

then:
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v0 = load i32, ptr %s, align 4, !alias.scope !2, !noalias !3
  store i32 %v0, ptr %d, align 4, !alias.scope !3, !noalias !2
  br label %join

else:
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %v1 = load i32, ptr %s, align 4, !alias.scope !2, !noalias !3
  store i32 %v1, ptr %d, align 4, !alias.scope !3, !noalias !2
  br label %join

join:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  ret void
}

!0 = distinct !{!0, !"copy"}
!1 = distinct !{!1, !0, !"copy: s"}
!2 = !{!1}
!3 = !{!4}
!4 = distinct !{!4, !0, !"copy: d"}

;--- cloned.good.ll
declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @f(ptr %d, ptr %s, i64 %n) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s0 = getelementptr inbounds i32, ptr %s, i64 %i
  %v0 = load i32, ptr %s0, align 4, !alias.scope !2, !noalias !3
  %d0 = getelementptr inbounds i32, ptr %d, i64 %i
  store i32 %v0, ptr %d0, align 4, !alias.scope !3, !noalias !2
  %i1 = add nuw i64 %i, 1
  call void @llvm.experimental.noalias.scope.decl(metadata !12)
  %s1 = getelementptr inbounds i32, ptr %s, i64 %i1
  %v1 = load i32, ptr %s1, align 4, !alias.scope !12, !noalias !13
  %d1 = getelementptr inbounds i32, ptr %d, i64 %i1
  store i32 %v1, ptr %d1, align 4, !alias.scope !13, !noalias !12
  %i.next = add nuw i64 %i, 2
  %done = icmp uge i64 %i.next, %n
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = distinct !{!0, !"copy"}
!1 = distinct !{!1, !0, !"copy: s"}
!2 = !{!1}
!3 = !{!4}
!4 = distinct !{!4, !0, !"copy: d"}
!11 = distinct !{!11, !0, !"copy: s:It1"}
!12 = !{!11}
!13 = !{!14}
!14 = distinct !{!14, !0, !"copy: d:It1"}

;--- rolled.good.ll
declare void @llvm.experimental.noalias.scope.decl(metadata)

define void @f(ptr %d, ptr %s) {
entry:
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %s0 = getelementptr inbounds i32, ptr %s, i64 %i
  %v0 = load i32, ptr %s0, align 4, !alias.scope !2, !noalias !3
  %d0 = getelementptr inbounds i32, ptr %d, i64 %i
  store i32 %v0, ptr %d0, align 4, !alias.scope !3, !noalias !2
  %i.next = add nuw i64 %i, 1
  %done = icmp eq i64 %i.next, 4
  br i1 %done, label %exit, label %loop

exit:
  ret void
}

!0 = distinct !{!0, !"copy"}
!1 = distinct !{!1, !0, !"copy: s"}
!2 = !{!1}
!3 = !{!4}
!4 = distinct !{!4, !0, !"copy: d"}
