; Copies of one access that a pass made (the parts of an interleaved
; vector access, an unrolled loop's copies: one lists, one location) are
; one run where their blocks meet (sanitize_twins.cpp): two loads of 16
; bytes at b + 32i and b + 32i + 16 are one run of 32-byte blocks, which
; the runtime keeps as one block, not as two runs with holes. Parts with
; a gap between them, parts with other lists and parts without a location
; stay runs of their own. At the start point, the copies an unroller made
; of one check (the inner loop unrolled once the call that kept the start
; point from summarizing it was inlined) are one run too.
;
; RUN: %opt -passes='aliaskit-sanitize<end>' -S %s -o - | FileCheck %s
; RUN: %opt -passes='aliaskit-sanitize<start>,always-inline,function(loop-simplify,lcssa,loop(loop-unroll-full)),aliaskit-sanitize<end>' -S %s -o - | FileCheck %s --check-prefix=START
;
; CHECK-LABEL: define void @interleaved(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         br i1 %more
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 {{[01]}}, ptr %b, i64 32, i64 %{{[0-9]+}}, i64 32)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 {{[23]}}, ptr %a, i64 32, i64 %{{[0-9]+}}, i64 32)
; CHECK-NOT:     call void @__aliaskit_access
; CHECK:         ret void
;
; CHECK-LABEL: define void @gap(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 0, ptr %b, i64 32, i64 %{{[0-9]+}}, i64 16)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 1, ptr %scevgep, i64 32, i64 %{{[0-9]+}}, i64 16)
; CHECK:         ret void
;
; CHECK-LABEL: define void @other_lists(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 0, ptr %b, i64 32, i64 %{{[0-9]+}}, i64 16)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 1, ptr %scevgep, i64 32, i64 %{{[0-9]+}}, i64 16)
; CHECK:         ret void
;
; CHECK-LABEL: define void @no_location(
; CHECK:         [[E:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 0, ptr %b, i64 32, i64 %{{[0-9]+}}, i64 16)
; CHECK-DAG:     call void @__aliaskit_access_run(ptr [[E]], i32 1, ptr %scevgep, i64 32, i64 %{{[0-9]+}}, i64 16)
; CHECK:         ret void
;
; START-LABEL: define void @unrolled(
; START:         [[S:%[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.start
; START-NOT:     call void @__aliaskit_access{{.*}}ptr [[S]]
; START:         br i1 %again
; START:         call void @__aliaskit_access_run(ptr [[S]], i32 0, ptr %x, i64 12, i64 %{{[0-9]+}}, i64 12)
; START-NOT:     call void @__aliaskit_access{{.*}}ptr [[S]]
; START:         ret void

target triple = "x86_64-pc-linux-gnu"

define void @interleaved(ptr %a, ptr %b, i64 %n) !dbg !10 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl i64 %i, 5
  %p = getelementptr inbounds i8, ptr %b, i64 %off
  %p2 = getelementptr inbounds i8, ptr %p, i64 16
  %v = load <2 x double>, ptr %p, align 8, !alias.scope !2, !noalias !4, !dbg !12
  %v2 = load <2 x double>, ptr %p2, align 8, !alias.scope !2, !noalias !4, !dbg !12
  %q = getelementptr inbounds i8, ptr %a, i64 %off
  %q2 = getelementptr inbounds i8, ptr %q, i64 16
  store <2 x double> %v, ptr %q, align 8, !alias.scope !4, !noalias !2, !dbg !13
  store <2 x double> %v2, ptr %q2, align 8, !alias.scope !4, !noalias !2, !dbg !13
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; The second part starts 24 bytes after the first: 8 bytes between them
; are not read.
define void @gap(ptr %a, ptr %b, i64 %n) !dbg !14 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl i64 %i, 5
  %p = getelementptr inbounds i8, ptr %b, i64 %off
  %p2 = getelementptr inbounds i8, ptr %p, i64 24
  %v = load <2 x double>, ptr %p, align 8, !alias.scope !2, !noalias !4, !dbg !15
  %v2 = load <2 x double>, ptr %p2, align 8, !alias.scope !2, !noalias !4, !dbg !15
  %s = fadd <2 x double> %v, %v2
  %q = getelementptr inbounds i8, ptr %a, i64 %off
  store <2 x double> %s, ptr %q, align 8, !alias.scope !4, !noalias !2, !dbg !15
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; The second part carries other lists: claims of its own.
define void @other_lists(ptr %a, ptr %b, ptr %c, i64 %n) !dbg !16 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl i64 %i, 5
  %p = getelementptr inbounds i8, ptr %b, i64 %off
  %p2 = getelementptr inbounds i8, ptr %p, i64 16
  %v = load <2 x double>, ptr %p, align 8, !alias.scope !2, !noalias !4, !dbg !17
  %v2 = load <2 x double>, ptr %p2, align 8, !alias.scope !6, !noalias !4, !dbg !17
  %s = fadd <2 x double> %v, %v2
  %q = getelementptr inbounds i8, ptr %a, i64 %off
  store <2 x double> %s, ptr %q, align 8, !alias.scope !4, !noalias !7, !dbg !17
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

; Without a location nothing says the two are copies of one access.
define void @no_location(ptr %a, ptr %b, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %off = shl i64 %i, 5
  %p = getelementptr inbounds i8, ptr %b, i64 %off
  %p2 = getelementptr inbounds i8, ptr %p, i64 16
  %v = load <2 x double>, ptr %p, align 8, !alias.scope !2, !noalias !4
  %v2 = load <2 x double>, ptr %p2, align 8, !alias.scope !2, !noalias !4
  %s = fadd <2 x double> %v, %v2
  %q = getelementptr inbounds i8, ptr %a, i64 %off
  store <2 x double> %s, ptr %q, align 8, !alias.scope !4, !noalias !2
  %i.next = add nuw i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  ret void
}

define internal void @tick() alwaysinline {
  ret void
}

; x[3j + k] for k < 3 in the j loop: the start point cannot summarize the
; k loop (it calls a function that might not return, inlined later), the
; unroller makes three checks of one site at x + 12j, + 4, + 8, which the
; end stage summarizes over the j loop and fuses into one run of 12-byte
; blocks.
define void @unrolled(ptr %a, ptr %x, i64 %n) {
entry:
  %empty = icmp eq i64 %n, 0
  br i1 %empty, label %done, label %outer
outer:
  %j = phi i64 [ 0, %entry ], [ %j.next, %latch ]
  %row = mul nuw i64 %j, 3
  br label %inner
inner:
  %k = phi i64 [ 0, %outer ], [ %k.next, %inner ]
  %at = add nuw i64 %row, %k
  %q = getelementptr inbounds i32, ptr %x, i64 %at
  %v = load i32, ptr %q, align 4, !alias.scope !2, !noalias !4
  call void @tick()
  %p = getelementptr inbounds i32, ptr %a, i64 %j
  store i32 %v, ptr %p, align 4, !alias.scope !4, !noalias !2
  %k.next = add nuw i64 %k, 1
  %more = icmp ult i64 %k.next, 3
  br i1 %more, label %inner, label %latch
latch:
  %j.next = add nuw i64 %j, 1
  %again = icmp ult i64 %j.next, %n
  br i1 %again, label %outer, label %done
done:
  ret void
}

!llvm.dbg.cu = !{!8}
!llvm.module.flags = !{!19}

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"b"}
!2 = !{!1}
!3 = distinct !{!3, !0, !"a"}
!4 = !{!3}
!5 = distinct !{!5, !0, !"c"}
!6 = !{!5}
!7 = !{!1, !5}
!8 = distinct !DICompileUnit(language: DW_LANG_C11, file: !9, emissionKind: LineTablesOnly)
!9 = !DIFile(filename: "twins.c", directory: "/")
!10 = distinct !DISubprogram(name: "interleaved", scope: !9, file: !9, line: 1, spFlags: DISPFlagDefinition, unit: !8)
!11 = !DISubroutineType(types: !{})
!12 = !DILocation(line: 2, column: 9, scope: !10)
!13 = !DILocation(line: 2, column: 5, scope: !10)
!14 = distinct !DISubprogram(name: "gap", scope: !9, file: !9, line: 4, spFlags: DISPFlagDefinition, unit: !8)
!15 = !DILocation(line: 5, column: 9, scope: !14)
!16 = distinct !DISubprogram(name: "other_lists", scope: !9, file: !9, line: 7, spFlags: DISPFlagDefinition, unit: !8)
!17 = !DILocation(line: 8, column: 9, scope: !16)
!19 = !{i32 2, !"Debug Info Version", i32 3}
