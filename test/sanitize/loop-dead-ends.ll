; A loop whose other ways out end the call (a block ending in
; `unreachable`: a Rust bounds check's panic, exit(), abort()) is still
; summarized (sanitize_loops.cpp): its accesses are one run at its one
; living exit, counted by that exit's exit count. @bounds_checked: both
; accesses are runs at %done. @unwinds: the panic is invoked (the
; function has drops to run when it unwinds): a way out that ends the
; call too, the same runs. @early_return: the second way out returns,
; so the loop may end at either, and @invoke_returns: its way out invokes
; a function that returns: checked access by access.
;
; RUN: %opt -passes='aliaskit-sanitize<end>' -S %s -o - | FileCheck %s
;
; CHECK-LABEL: define void @bounds_checked(
; CHECK:       loop.preheader:
; CHECK-NEXT:    [[TAKEN:%[0-9]+]] = add i64 %n, -1
; CHECK:       loop:
; CHECK-NOT:     call void @__aliaskit_access(
; CHECK:         br i1 %more, label %loop, label %ok.done_crit_edge
; CHECK:       ok.done_crit_edge:
; CHECK-NEXT:    [[N1:%[0-9]+]] = add i64 [[TAKEN]], 1
; CHECK-NEXT:    call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 1, ptr %a, i64 4, i64 [[N1]], i64 4)
; CHECK-NEXT:    [[N0:%[0-9]+]] = add i64 [[TAKEN]], 1
; CHECK-NEXT:    call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 0, ptr %x, i64 4, i64 [[N0]], i64 4)
; CHECK:       panic:
; CHECK-NEXT:    call void @panic_bounds_check(
; CHECK-NEXT:    unreachable
; CHECK:         ret void
;
; CHECK-LABEL: define void @unwinds(
; CHECK:       loop:
; CHECK-NOT:     call void @__aliaskit_access(
; CHECK:         br i1 %more, label %loop, label %ok.done_crit_edge
; CHECK:       ok.done_crit_edge:
; CHECK:         call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 1, ptr %a, i64 4, i64 %{{[0-9]+}}, i64 4)
; CHECK:         call void @__aliaskit_access_run(ptr %{{[0-9]+}}, i32 0, ptr %x, i64 4, i64 %{{[0-9]+}}, i64 4)
; CHECK:       panic:
; CHECK-NEXT:    invoke void @panic_bounds_check(
; CHECK:         ret void
;
; CHECK-LABEL: define void @invoke_returns(
; CHECK:       ok:
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %p, i64 4)
; CHECK-NOT:     @__aliaskit_access_run
; CHECK:         ret void
;
; CHECK-LABEL: define void @early_return(
; CHECK:       ok:
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %p, i64 4)
; CHECK-NOT:     @__aliaskit_access_run
; CHECK:         ret void

declare void @panic_bounds_check(i64, i64) noreturn

define void @bounds_checked(ptr %a, ptr %x, i64 %n, i64 %len) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %inb = icmp ult i64 %i, %len
  br i1 %inb, label %ok, label %panic
ok:
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
panic:
  call void @panic_bounds_check(i64 %i, i64 %len)
  unreachable
done:
  ret void
}

declare void @report(i64, i64)
declare i32 @personality(...)
declare void @drop()

define void @unwinds(ptr %a, ptr %x, i64 %n, i64 %len) personality ptr @personality {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %inb = icmp ult i64 %i, %len
  br i1 %inb, label %ok, label %panic
ok:
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
panic:
  invoke void @panic_bounds_check(i64 %i, i64 %len)
          to label %never unwind label %cleanup
never:
  unreachable
cleanup:
  %lp = landingpad { ptr, i32 } cleanup
  call void @drop()
  resume { ptr, i32 } %lp
done:
  ret void
}

define void @invoke_returns(ptr %a, ptr %x, i64 %n, i64 %len) personality ptr @personality {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %inb = icmp ult i64 %i, %len
  br i1 %inb, label %ok, label %warn
ok:
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
warn:
  invoke void @report(i64 %i, i64 %len)
          to label %done unwind label %cleanup
cleanup:
  %lp = landingpad { ptr, i32 } cleanup
  call void @drop()
  resume { ptr, i32 } %lp
done:
  ret void
}

define void @early_return(ptr %a, ptr %x, i64 %n, i64 %len) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %ok ]
  %inb = icmp ult i64 %i, %len
  br i1 %inb, label %ok, label %short
ok:
  %q = getelementptr inbounds i32, ptr %x, i64 %i
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  %p = getelementptr inbounds i32, ptr %a, i64 %i
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
short:
  ret void
done:
  ret void
}

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"x"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"a"}
!4 = !{!3}
