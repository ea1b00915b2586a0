; An instance ended where nothing can join it (sanitize_ends.cpp): at the
; very end, a frame still in the runtime gets `__aliaskit_scope_end` where
; the last instance of a scope can take no more accesses (no site the
; scope is relevant to can be logged before its next begin), if the frame
; may log more (so that a later check prunes that instance's entries).
; The end goes before a block's branch, or at the start of a block after
; a loop (never in a loop: it runs at most once a call).
; ALIASKIT_SANITIZE_ENDS=0 (when instrumenting) leaves the pass out.
;
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-ends' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-ends<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; STATS: aliaskit-sanitize-ends: 3 instances ended where nothing can join them, in 3 frames
;
; Two inlined calls, one after the other: the first's scope (table scope
; 0) ends before the branch to the second; the second's is not ended, the
; frame logging nothing after it.
; CHECK-LABEL: define void @regions(
; CHECK:         [[FRAME:%[0-9]+]] = call ptr @__aliaskit_enter(
; CHECK:         store i32 %x, ptr %b
; CHECK-NEXT:    call void @__aliaskit_scope_end(ptr [[FRAME]], i32 0)
; CHECK-NEXT:    br label %second
; CHECK:       second:
; CHECK-NOT:     @__aliaskit_scope_end
; CHECK:         ret void
;
; Begun in a loop: ended after it, at the start of the exit block.
; CHECK-LABEL: define void @in_loop(
; CHECK:       loop:
; CHECK-NOT:     @__aliaskit_scope_end
; CHECK:         br i1 %m, label %loop, label %after
; CHECK:       after:
; CHECK-NEXT:    call void @__aliaskit_scope_end(ptr %{{[0-9]+}}, i32 0)
; CHECK-NEXT:    call void @work()
;
; On one way the scope's sites are done, on the other a branch rejoins
; them: the end goes on the first way only, where %b is not stored.
; CHECK-LABEL: define void @one_way(
; CHECK:       early:
; CHECK-NEXT:    call void @__aliaskit_scope_end(ptr %{{[0-9]+}}, i32 0)
; CHECK:       late:
; CHECK-NOT:     @__aliaskit_scope_end
; CHECK:         ret void
;
; Its sites may still be logged after the join: no end.
; CHECK-LABEL: define void @used_again(
; CHECK-NOT:     @__aliaskit_scope_end
; CHECK:         ret void

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @work()
declare i1 @more()

define void @regions(ptr %a, ptr %b, ptr %c) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %x = load i32, ptr %a, !alias.scope !3, !noalias !4
  store i32 %x, ptr %b, !alias.scope !4, !noalias !3
  br label %second

second:
  call void @work()
  call void @llvm.experimental.noalias.scope.decl(metadata !7)
  call void @llvm.experimental.noalias.scope.decl(metadata !8)
  %y = load i32, ptr %b, !alias.scope !7, !noalias !8
  store i32 %y, ptr %c, !alias.scope !8, !noalias !7
  ret void
}

define void @in_loop(ptr %a, ptr %b, ptr %c) {
entry:
  br label %loop

loop:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %x = load i32, ptr %a, !alias.scope !3, !noalias !4
  store i32 %x, ptr %b, !alias.scope !4, !noalias !3
  %m = call i1 @more()
  br i1 %m, label %loop, label %after

after:
  call void @work()
  call void @llvm.experimental.noalias.scope.decl(metadata !7)
  call void @llvm.experimental.noalias.scope.decl(metadata !8)
  %y = load i32, ptr %b, !alias.scope !7, !noalias !8
  store i32 %y, ptr %c, !alias.scope !8, !noalias !7
  ret void
}

define void @one_way(ptr %a, ptr %b, ptr %c, i1 %k) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %x = load i32, ptr %a, !alias.scope !3, !noalias !4
  br i1 %k, label %early, label %late

early:
  call void @work()
  %z = load i32, ptr %c
  store i32 %z, ptr %c, !alias.scope !7, !noalias !8
  %w = load i32, ptr %b, !alias.scope !8, !noalias !7
  ret void

late:
  store i32 %x, ptr %b, !alias.scope !4, !noalias !3
  ret void
}

define void @used_again(ptr %a, ptr %b, i1 %c) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %x = load i32, ptr %a, !alias.scope !3, !noalias !4
  br i1 %c, label %then, label %join

then:
  call void @work()
  %y = load i32, ptr %b
  store i32 %y, ptr %a, !alias.scope !7, !noalias !8
  br label %join

join:
  store i32 %x, ptr %b, !alias.scope !4, !noalias !3
  ret void
}

!1 = distinct !{!1, !"f"}
!13 = distinct !{!13, !1, !"f: a"}
!14 = distinct !{!14, !1, !"f: b"}
!3 = !{!13}
!4 = !{!14}
!5 = distinct !{!5, !"g"}
!17 = distinct !{!17, !5, !"g: b"}
!18 = distinct !{!18, !5, !"g: c"}
!7 = !{!17}
!8 = !{!18}
