; A site no later access can pair with (sanitize_final.cpp): at the very
; end, after the instance ends, each check of a frame still in the runtime
; whose site no access logged after it can be claimed against (with a
; write, in one instance of the claim's scopes) becomes
; `__aliaskit_access_final`, and the log drops its entries once checked.
; A final check in a loop with no partner of its site is *guarded*: the
; loop's preheader asks the hull of the partners' entries
; (`__aliaskit_partner_hull`), and the check is called only for bytes that
; meet it; the others are counted (added to the thread's counts block, before the
; frame's exit). ALIASKIT_SANITIZE_FINAL=0 (when instrumenting) leaves the
; pass out, ALIASKIT_SANITIZE_FINAL_GUARDS=0 (`<no-guards>`) the guards.
;
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-final' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-final<no-guards>' -S %s -o - | FileCheck %s --check-prefix=NO-GUARDS
; RUN: %opt -passes='aliaskit-sanitize<end>,aliaskit-sanitize-final<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; STATS: aliaskit-sanitize-final: 3 checks of sites no later access can pair with, in 3 frames; 1 of them guarded by their partners' hull, in 1 loops
;
; The write is before the loop, the reads in it: the reads are final, the
; write is not (the reads after it are its partners). No partner is in
; the loop: the reads are guarded.
; CHECK-LABEL: define void @write_then_reads(
; CHECK:         [[SKIPPED:%aliaskit.skipped]] = alloca i64
; CHECK:         [[F:%[0-9]+]] = call ptr @__aliaskit_enter(
; CHECK-NEXT:    store i64 0, ptr [[SKIPPED]]
; CHECK:         call void @__aliaskit_access(ptr [[F]], i32 {{[0-9]+}}, ptr %b, i64 4)
; CHECK-NEXT:    store i32 0, ptr %b
; CHECK-NEXT:    [[HULL:%[0-9]+]] = call { i64, i64 } @__aliaskit_partner_hull(ptr [[F]], i32 [[SITE:[0-9]+]])
; CHECK-NEXT:    [[LO:%[0-9]+]] = extractvalue { i64, i64 } [[HULL]], 0
; CHECK-NEXT:    [[HI:%[0-9]+]] = extractvalue { i64, i64 } [[HULL]], 1
; CHECK-NEXT:    br label %loop
; CHECK:       loop:
; CHECK:         [[A:%[0-9]+]] = ptrtoint ptr %p to i64
; CHECK-NEXT:    [[END:%[0-9]+]] = call i64 @llvm.uadd.sat.i64(i64 [[A]], i64 4)
; CHECK-NEXT:    [[BELOW:%[0-9]+]] = icmp ult i64 [[A]], [[HI]]
; CHECK-NEXT:    [[ABOVE:%[0-9]+]] = icmp ugt i64 [[END]], [[LO]]
; CHECK-NEXT:    [[MEETS:%[0-9]+]] = and i1 [[BELOW]], [[ABOVE]]
; CHECK-NEXT:    br i1 [[MEETS]], label %[[CALL:[0-9]+]], label %[[SKIP:[0-9]+]]
; CHECK:       [[CALL]]:
; CHECK-NEXT:    call void @__aliaskit_access_final(ptr [[F]], i32 [[SITE]], ptr %p, i64 4)
; CHECK:       [[SKIP]]:
; CHECK-NEXT:    [[N:%[0-9]+]] = load i64, ptr [[SKIPPED]]
; CHECK-NEXT:    [[N1:%[0-9]+]] = add i64 [[N]], 1
; CHECK-NEXT:    store i64 [[N1]], ptr [[SKIPPED]]
; CHECK:         load i32, ptr %p
; CHECK:       done:
; CHECK-NEXT:    [[C:%[0-9]+]] = load i64, ptr [[SKIPPED]]
; CHECK-NEXT:    [[BLOCK:%[0-9]+]] = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         call void @__aliaskit_counts_here(ptr [[BLOCK]])
; CHECK:         [[A0:%[0-9]+]] = load i64, ptr [[BLOCK]], align 8
; CHECK-NEXT:    [[A1:%[0-9]+]] = add i64 [[A0]], [[C]]
; CHECK-NEXT:    store i64 [[A1]], ptr [[BLOCK]], align 8
; CHECK-NEXT:    call void @__aliaskit_exit(ptr [[F]])
;
; NO-GUARDS-LABEL: define void @write_then_reads(
; NO-GUARDS-NOT:     @__aliaskit_partner_hull
; NO-GUARDS:       loop:
; NO-GUARDS:         call void @__aliaskit_access_final(ptr %{{[0-9]+}}, i32 {{[0-9]+}}, ptr %p, i64 4)
; NO-GUARDS-NEXT:    load i32, ptr %p
;
; A read and a write in one loop: each is followed by the other.
; CHECK-LABEL: define void @both_in_loop(
; CHECK-NOT:     @__aliaskit_access_final
; CHECK:         ret void
;
; The scopes begin again each time round: the write is final (the next
; read is in a new instance), the read is not (the write follows it in
; its instance). The read is in the loop: the write is not guarded.
; CHECK-LABEL: define void @begun_each_time(
; CHECK-NOT:     @__aliaskit_partner_hull
; CHECK:         call void @__aliaskit_access(ptr {{%[0-9]+}}, i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK-NEXT:    load i32, ptr %p
; CHECK-NEXT:    call void @__aliaskit_access_final(ptr {{%[0-9]+}}, i32 {{[0-9]+}}, ptr %b, i64 4)
; CHECK-NEXT:    store i32 %y, ptr %b
;
; A loop's reads summarized as one run at its exit, after the write: the
; run is final (not guarded: it is one call a loop).
; CHECK-LABEL: define void @write_then_run(
; CHECK:         call void @__aliaskit_access(ptr [[G:%[0-9]+]], i32 {{[0-9]+}}, ptr %b, i64 4)
; CHECK:       done:
; CHECK:         call void @__aliaskit_access_run_final(ptr [[G]], i32 {{[0-9]+}}, ptr %a, i64 4,
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

define void @write_then_run(ptr %a, ptr %b, i64 %n) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  store i32 0, ptr %b, !alias.scope !4, !noalias !3
  br label %loop

loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  %x = load i32, ptr %p, !alias.scope !3, !noalias !4
  %i1 = add nuw nsw i64 %i, 1
  %c = icmp ult i64 %i1, %n
  br i1 %c, label %loop, label %done

done:
  ret void
}

!1 = distinct !{!1, !"f"}
!13 = distinct !{!13, !1, !"f: a"}
!14 = distinct !{!14, !1, !"f: b"}
!3 = !{!13}
!4 = !{!14}
