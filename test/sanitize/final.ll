; A site no later access can pair with (sanitize_final.cpp): at the very
; end, after the instance ends, each check of a frame still in the runtime
; whose site no access logged after it can be claimed against (with a
; write, in one instance of the claim's scopes) becomes
; `__aliaskit_access_final`, and the log drops its entries once checked.
; ALIASKIT_SANITIZE_FINAL=0 (when instrumenting) leaves the pass out.
;
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-final' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-final<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; STATS: aliaskit-sanitize-final: 2 checks of sites no later access can pair with, in 2 frames
;
; The write is before the loop, the reads in it: the reads are final, the
; write is not (the reads after it are its partners).
; CHECK-LABEL: define void @write_then_reads(
; CHECK:         call void @__aliaskit_access(ptr [[F:%[0-9]+]], i32 {{[0-9]+}}, ptr %b, i64 4)
; CHECK-NEXT:    store i32 0, ptr %b
; CHECK:       loop:
; CHECK:         call void @__aliaskit_access_final(ptr [[F]], i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK-NEXT:    load i32, ptr %p
;
; A read and a write in one loop: each is followed by the other.
; CHECK-LABEL: define void @both_in_loop(
; CHECK-NOT:     @__aliaskit_access_final
; CHECK:         ret void
;
; The scopes begin again each time round: the write is final (the next
; read is in a new instance), the read is not (the write follows it in
; its instance).
; CHECK-LABEL: define void @begun_each_time(
; CHECK:         call void @__aliaskit_access(ptr {{%[0-9]+}}, i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK-NEXT:    load i32, ptr %p
; CHECK:         call void @__aliaskit_access_final(ptr {{%[0-9]+}}, i32 {{[0-9]+}}, ptr %b, i64 4)
; CHECK-NEXT:    store i32 %y, ptr %b
; CHECK:       declare void @__aliaskit_access_final(ptr, i32, ptr readnone captures(address), i64)

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare ptr @next()
declare i1 @more()

define void @write_then_reads(ptr %b) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  store i32 0, ptr %b, !alias.scope !4, !noalias !3
  br label %loop

loop:
  %p = call ptr @next()
  %x = load i32, ptr %p, !alias.scope !3, !noalias !4
  %m = call i1 @more()
  br i1 %m, label %loop, label %done

done:
  ret void
}

define void @both_in_loop(ptr %b) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  br label %loop

loop:
  %p = call ptr @next()
  %x = load i32, ptr %p, !alias.scope !3, !noalias !4
  store i32 %x, ptr %b, !alias.scope !4, !noalias !3
  %m = call i1 @more()
  br i1 %m, label %loop, label %done

done:
  ret void
}

define void @begun_each_time(ptr %b) {
entry:
  br label %loop

loop:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %p = call ptr @next()
  %y = load i32, ptr %p, !alias.scope !3, !noalias !4
  store i32 %y, ptr %b, !alias.scope !4, !noalias !3
  %m = call i1 @more()
  br i1 %m, label %loop, label %done

done:
  ret void
}

!1 = distinct !{!1, !"f"}
!13 = distinct !{!13, !1, !"f: a"}
!14 = distinct !{!14, !1, !"f: b"}
!3 = !{!13}
!4 = !{!14}
