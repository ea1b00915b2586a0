; A claim whose deciding scope is declared inside a loop holds within one
; iteration only: explain's (and bisect's) "why" says so and names the
; loop, by its location with !dbg, by its header block without. A scope
; declared outside any loop gets no such clause.
;
; RUN: %aliaskit explain --function in_loop %s | FileCheck %s --check-prefix=LOOP
; LOOP:      NoAlias [scoped-noalias] in @in_loop
; LOOP:      why: {{.*}} is in the !noalias list {"f: %a" in "f"}; the claim holds within one iteration only: the noalias.scope.decl of "f: %a" is in the loop at loop.c:3:3 (an access moved across its back edge would break it)
;
; RUN: %aliaskit explain --function no_dbg %s | FileCheck %s --check-prefix=HEADER
; HEADER:    why: {{.*}}; the claim holds within one iteration only: the noalias.scope.decl of "g: %a" is in the loop whose header is %loop (an access
;
; RUN: %aliaskit explain --function once %s | FileCheck %s --check-prefix=ONCE
; ONCE:      NoAlias [scoped-noalias] in @once
; ONCE:      why: {{.*}}every scope of !alias.scope {"h: %a" in "h"} in domain "h" is in the !noalias list {"h: %a" in "h"} ("h: %a": made by

define void @in_loop(ptr %x, ptr %y, i64 %n) !dbg !10 {
entry:
  br label %loop, !dbg !20
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ], !dbg !20
  call void @llvm.experimental.noalias.scope.decl(metadata !3), !dbg !21
  %p = getelementptr i32, ptr %x, i64 %i
  %q = getelementptr i32, ptr %y, i64 %i
  %v = load i32, ptr %q, align 4, !noalias !3, !dbg !21
  store i32 %v, ptr %p, align 4, !alias.scope !3, !dbg !21
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop, !dbg !20
exit:
  ret void
}

define void @no_dbg(ptr %x, ptr %y, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !6)
  %p = getelementptr i32, ptr %x, i64 %i
  %q = getelementptr i32, ptr %y, i64 %i
  %v = load i32, ptr %q, align 4, !noalias !6
  store i32 %v, ptr %p, align 4, !alias.scope !6
  %next = add i64 %i, 1
  %done = icmp eq i64 %next, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @once(ptr %x, ptr %y) {
  call void @llvm.experimental.noalias.scope.decl(metadata !9)
  %v = load i32, ptr %y, align 4, !noalias !9
  store i32 %v, ptr %x, align 4, !alias.scope !9
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!1 = distinct !{!1, !"f"}
!2 = distinct !{!2, !1, !"f: %a"}
!3 = !{!2}
!4 = distinct !{!4, !"g"}
!5 = distinct !{!5, !4, !"g: %a"}
!6 = !{!5}
!7 = distinct !{!7, !"h"}
!8 = distinct !{!8, !7, !"h: %a"}
!9 = !{!8}

!llvm.dbg.cu = !{!30}
!llvm.module.flags = !{!40, !41}
!10 = distinct !DISubprogram(name: "in_loop", scope: !31, file: !31, line: 1, type: !32, unit: !30, spFlags: DISPFlagDefinition)
!20 = !DILocation(line: 3, column: 3, scope: !10)
!21 = !DILocation(line: 4, column: 5, scope: !10)
!30 = distinct !DICompileUnit(language: DW_LANG_C11, file: !31, emissionKind: FullDebug)
!31 = !DIFile(filename: "loop.c", directory: "/src")
!32 = !DISubroutineType(types: !{})
!40 = !{i32 2, !"Debug Info Version", i32 3}
!41 = !{i32 2, !"Dwarf Version", i32 5}
