; Frames checked in place (sanitize_in_place.cpp): at the very end, a
; frame whose accesses run at most once per call has no runtime calls
; left but a comparison of its slots at each exit, a call of
; __aliaskit_conflicts only where a pair meets (the frame's slots' walks:
; constants in its description global, the rest on the stack), and one call of
; its counts added to the thread's block (`@__aliaskit_counts`, the
; runtime told where it is the first time); a frame with two decls of one scope, an access in a
; loop, a decl that does not dominate its pair, or a function that calls
; setjmp keeps the runtime's log. A start-point frame inlined into a loop
; is checked in place there (each iteration enters it again); the
; caller's own frame, whose accesses repeat in the loop, keeps its log,
; but the inlined callee's accesses, claimed apart under the scope each
; iteration begins, are a region (in-place-regions.ll).
; ALIASKIT_SANITIZE_IN_PLACE=0 (under clang) leaves the pass out.
;
; RUN: %opt -passes='aliaskit-sanitize<start>,always-inline,aliaskit-sanitize<end>,aliaskit-sanitize-in-place' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<start>,always-inline,aliaskit-sanitize<end>,aliaskit-sanitize-in-place<stats>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STATS
;
; Both points' frames of @pair, @copy_loop, @dies and @two_exits, and @pair_params' start
; frame in @caller's loop; @in_loop's load repeats in its loop (its store
; is one run at the loop's exit, which alone would not keep it).
; STATS: aliaskit-sanitize-in-place: 9 frames checked in place; kept in the runtime: 0 with delegated calls, 3 with an access in a loop, 4 with scopes begun twice or late, 0 too large, 2 in functions with setjmp or funclets, 0 with a site not known, 0 unreadable
;
; CHECK:       @__aliaskit_counts = linkonce_odr hidden thread_local global [3 x i64] zeroinitializer, align 8
;
; @pair's description (core FrameRecords): 1 pair, 2 slots, 2 words on
; the stack; the pair (slot 0, slot 1); then each slot's from_stack word,
; OWN (128) with its first address on the stack (2), and its record: site
; 0 (1), its first (on the stack, at 0 (1)), 4 bytes, step 0, 1 block,
; row step 0, 1 row.
; CHECK:       @__aliaskit_frame.pair{{(\.[0-9]+)?}} = private unnamed_addr constant [20 x i64] [i64 1, i64 2, i64 2, i64 4294967296, i64 130, i64 0, i64 0, i64 4, i64 0, i64 1, i64 0, i64 1, i64 130, i64 1, i64 1, i64 4, i64 0, i64 1, i64 0, i64 1], align 8
; @copy_loop's runs keep their first address (word 1) and their count
; (word 4) on the stack (from_stack 18), at 0 and 1, 2 and 3.
; CHECK:       @__aliaskit_frame.copy_loop{{(\.[0-9]+)?}} = private unnamed_addr constant [20 x i64] [i64 1, i64 2, i64 4, i64 4294967296, i64 18, i64 {{[01]}}, i64 0, i64 4, i64 4, i64 1, i64 0, i64 1, i64 18, i64 {{[01]}}, i64 2, i64 4, i64 4, i64 3, i64 0, i64 1], align 8
;
; CHECK-LABEL: define void @pair(
; CHECK-NOT:     @__aliaskit_enter
; CHECK-NOT:     @llvm.frameaddress
; CHECK:         [[Q:%[0-9]+]] = ptrtoint ptr %q to i64
; CHECK-NEXT:    [[QE:%[0-9]+]] = add i64 [[Q]], 4
; CHECK:         [[P:%[0-9]+]] = ptrtoint ptr %p to i64
; CHECK-NEXT:    [[PE:%[0-9]+]] = add i64 [[P]], 4
; CHECK:         [[A:%[0-9]+]] = icmp ult i64 [[Q]], [[PE]]
; CHECK-NEXT:    [[B:%[0-9]+]] = icmp ult i64 [[P]], [[QE]]
; CHECK-NEXT:    [[HIT:%[0-9]+]] = and i1 [[A]], [[B]]
; CHECK-NEXT:    br i1 [[HIT]], label %[[REPORT:[0-9]+]], label %[[DONE:[0-9]+]], !prof
; CHECK:       [[REPORT]]:
; CHECK-NEXT:    store i64 [[Q]], ptr [[REC:%[0-9]+]]
; CHECK-NEXT:    [[F1:%[0-9]+]] = getelementptr inbounds i64, ptr [[REC]], i64 1
; CHECK-NEXT:    store i64 [[P]], ptr [[F1]]
; CHECK-NEXT:    call void @__aliaskit_conflicts(ptr @__aliaskit_table.{{start|end}}, i32 0, ptr @__aliaskit_hosts.pair, i32 1, ptr @__aliaskit_frame.pair{{(\.[0-9]+)?}}, ptr [[REC]], i64 0)
; CHECK:         [[BLOCK:%[0-9]+]] = call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK-NEXT:    [[KNOWN:%[0-9]+]] = getelementptr inbounds i64, ptr [[BLOCK]], i64 2
; CHECK-NEXT:    [[K:%[0-9]+]] = load i64, ptr [[KNOWN]], align 8, !nosanitize
; CHECK-NEXT:    [[UNKNOWN:%[0-9]+]] = icmp eq i64 [[K]], 0
; CHECK-NEXT:    br i1 [[UNKNOWN]], label %[[HERE:[0-9]+]], label %[[COUNT:[0-9]+]], !prof
; CHECK:       [[HERE]]:
; CHECK-NEXT:    call void @__aliaskit_counts_here(ptr [[BLOCK]])
; CHECK:       [[COUNT]]:
; CHECK-NEXT:    [[A0:%[0-9]+]] = load i64, ptr [[BLOCK]], align 8
; CHECK-NEXT:    [[A1:%[0-9]+]] = add i64 [[A0]], 2
; CHECK-NEXT:    store i64 [[A1]], ptr [[BLOCK]], align 8
; CHECK-NEXT:    [[I:%[0-9]+]] = getelementptr inbounds i64, ptr [[BLOCK]], i64 1
; CHECK-NEXT:    [[I0:%[0-9]+]] = load i64, ptr [[I]], align 8
; CHECK-NEXT:    [[I1:%[0-9]+]] = add i64 [[I0]], 2
; CHECK-NEXT:    store i64 [[I1]], ptr [[I]], align 8
; CHECK-NOT:     @__aliaskit_exit
; CHECK:         ret void

; A loop's accesses, one run each at its exit (behind the loop's guard:
; the walks are phis of the run and of nothing): one slot each, the run's
; hull; the runtime gets the runs themselves, their first address and
; count kept on the stack when the run is made (the other parts are the
; call's constants, in the description).
; CHECK-LABEL: define void @copy_loop(
; CHECK-NOT:     @__aliaskit_enter
; CHECK:         alloca [4 x i64]
; CHECK:         store i64 %{{[.0-9]+}}, ptr [[REC:%[01]]]
; CHECK-NEXT:    [[C:%[0-9]+]] = getelementptr inbounds i64, ptr [[REC]], i64 1
; CHECK-NEXT:    store i64 %{{[.0-9]+}}, ptr [[C]]
; CHECK:         call i64 @llvm.smin.i64(
; CHECK:         call i64 @llvm.smax.i64(
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.{{start|end}}, i32 {{[0-9]+}}, ptr @__aliaskit_hosts.copy_loop, i32 1, ptr @__aliaskit_frame.copy_loop{{(\.[0-9]+)?}}, ptr %{{[0-9]+}}, i64 %{{[.0-9]+}})
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK-NOT:     @__aliaskit_exit
; CHECK:         ret void

; A path that ends in a noreturn call is compared before that call (the
; runtime finishes a frame left behind at exit).
; CHECK-LABEL: define void @dies(
; CHECK-NOT:     @__aliaskit_enter
; CHECK:       die:
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK-NEXT:    call void @abort()
; CHECK-NEXT:    unreachable
; CHECK:       live:
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK-NEXT:    ret void

; CHECK-LABEL: define void @twice(
; CHECK:         call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     @__aliaskit_counts
; CHECK:         call void @__aliaskit_exit(
; CHECK-LABEL: define void @in_loop(
; CHECK:         call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     @__aliaskit_counts
; CHECK:         call void @__aliaskit_exit(
; CHECK-LABEL: define void @late_decl(
; CHECK:         call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     @__aliaskit_counts
; CHECK:         call void @__aliaskit_exit(
; CHECK-LABEL: define void @jumps(
; CHECK:         call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     @__aliaskit_counts
; CHECK:         call void @__aliaskit_exit(

; CHECK-LABEL: define void @caller(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     @__aliaskit_enter
; The caller's own frame keeps its log, but pair_params' scope, inlined,
; begins at each iteration: its two accesses are a region, compared before
; the scope call (the iteration before's) and at the exit, not logged.
; CHECK-NOT:     @__aliaskit_access
; CHECK:       loop:
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.end, i32 7, ptr @__aliaskit_hosts.caller, i32 1, ptr @__aliaskit_frame.caller{{(\.[0-9]+)?}},
; CHECK-NOT:     @__aliaskit_counts
; CHECK:         call void @__aliaskit_scope(ptr [[E]], i32 0)
; CHECK-NOT:     @__aliaskit_access
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.start, i32 {{[0-9]+}}, ptr @__aliaskit_hosts.pair_params.caller, i32 2, ptr @__aliaskit_frame.caller{{(\.[0-9]+)?}},
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK:         br i1 %again, label %loop, label %done
; CHECK:       done:
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.end, i32 7, ptr @__aliaskit_hosts.caller, i32 1, ptr @__aliaskit_frame.caller{{(\.[0-9]+)?}},
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         call void @__aliaskit_exit(ptr [[E]])

; CHECK-LABEL: define void @two_exits(
; CHECK-NOT:     @__aliaskit_enter
; CHECK:       early:
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK-NEXT:    ret void
; CHECK:       late:
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store i64
; CHECK-NEXT:    ret void

define void @pair(ptr %p, ptr %q) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  ret void
}

define void @copy_loop(ptr noalias %p, ptr noalias %q, i64 %n) {
entry:
  %any = icmp sgt i64 %n, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %qi = getelementptr i32, ptr %q, i64 %i
  %pi = getelementptr i32, ptr %p, i64 %i
  %v = load i32, ptr %qi, align 4
  store i32 %v, ptr %pi, align 4
  %i1 = add i64 %i, 1
  %again = icmp slt i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

define void @dies(ptr %p, ptr %q, i1 %c) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  br i1 %c, label %die, label %live
die:
  call void @abort()
  unreachable
live:
  ret void
}

declare void @abort() noreturn

define void @twice(ptr %p, ptr %q) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %w = load i32, ptr %q, align 4, !noalias !3
  store i32 %w, ptr %p, align 4, !alias.scope !3
  ret void
}

; The pointer loaded in the loop: no run, an access each iteration.
define void @in_loop(ptr %p, ptr %qs, i64 %n) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %qa = getelementptr ptr, ptr %qs, i64 %i
  %q = load ptr, ptr %qa, align 8
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

; The decl on one way only: the pair after it is in one instance either
; way (a decl between the two would keep them apart: not instrumented).
define void @late_decl(ptr %p, ptr %q, i1 %c) {
entry:
  br i1 %c, label %decl, label %pair
decl:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  br label %pair
pair:
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  ret void
}

define void @jumps(ptr %p, ptr %q, ptr %buf) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %r = call i32 @setjmp(ptr %buf) returns_twice
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  ret void
}

define internal void @pair_params(ptr noalias %p, ptr noalias %q) alwaysinline {
entry:
  %v = load i32, ptr %q, align 4
  store i32 %v, ptr %p, align 4
  ret void
}

define void @caller(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  %pa = getelementptr i32, ptr %a, i64 %i
  %pb = getelementptr i32, ptr %b, i64 %i
  call void @pair_params(ptr %pa, ptr %pb)
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done
done:
  ret void
}

define void @two_exits(ptr noalias %p, ptr noalias %q, i1 %c) {
entry:
  %v = load i32, ptr %q, align 4
  br i1 %c, label %early, label %late
early:
  store i32 %v, ptr %p, align 4
  ret void
late:
  %p4 = getelementptr i8, ptr %p, i64 4
  store i32 %v, ptr %p4, align 4
  ret void
}

declare i32 @setjmp(ptr) returns_twice
declare void @llvm.experimental.noalias.scope.decl(metadata)

!1 = distinct !{!1, !"f"}
!2 = distinct !{!2, !1, !"f: %a"}
!3 = !{!2}
