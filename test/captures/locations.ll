; With !dbg, every instruction of a finding comes after its source
; location (file:line:col, then where it was inlined); JSON keeps the
; instructions and adds "location" beside them. Without !dbg (the other
; tests here) the output is as before.
;
; RUN: not %opt -passes=check-captures -disable-output %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
; CHECK:error: check-captures [stored-visible]: @keep: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; CHECK-NEXT:  save.h:4:7 (inlined at keep.c:3:3): store ptr %b, ptr @glb, align 8, !dbg !{{[0-9]+}}
; CHECK-NEXT:  uses: %a -> keep.c:2:14: %b = getelementptr i8, ptr %a, i64 4, !dbg !{{[0-9]+}} -> save.h:4:7 (inlined at keep.c:3:3): store ptr %b, ptr @glb, align 8, !dbg !{{[0-9]+}}
;
; RUN: not %opt -passes='check-captures<json>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=JSON
; JSON: "instruction":"store ptr %b, ptr @glb, align 8, !dbg !{{[0-9]+}}",{{.*}}"chain":[{"function":"keep","instruction":"%b = getelementptr i8, ptr %a, i64 4, !dbg !{{[0-9]+}}","location":"keep.c:2:14"},{"function":"keep","instruction":"store ptr %b, ptr @glb, align 8, !dbg !{{[0-9]+}}","location":"save.h:4:7 (inlined at keep.c:3:3)"}],"location":"save.h:4:7 (inlined at keep.c:3:3)"}
;
; <why-not>: the uses it saw, each after its location.
; RUN: sed -e 's/captures(none) %a/captures(address, provenance) %a/' %s > %t.ok.ll
; RUN: %opt -passes='check-captures<why-not>' -disable-output %t.ok.ll 2>&1 | FileCheck %s --check-prefix=WHY
; WHY: allowed [stored-visible]: save.h:4:7 (inlined at keep.c:3:3): store ptr %b, ptr @glb, align 8, !dbg !{{[0-9]+}}: it is stored into a global

@glb = global ptr null

define void @keep(ptr captures(none) %a) !dbg !30 {
  %b = getelementptr i8, ptr %a, i64 4, !dbg !40
  store ptr %b, ptr @glb, align 8, !dbg !41
  ret void, !dbg !42
}

!llvm.dbg.cu = !{!20}
!llvm.module.flags = !{!21}
!20 = distinct !DICompileUnit(language: DW_LANG_C11, file: !22, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!21 = !{i32 2, !"Debug Info Version", i32 3}
!22 = !DIFile(filename: "keep.c", directory: "/src")
!24 = !DIFile(filename: "save.h", directory: "/src")
!23 = !DISubroutineType(types: !{})
!30 = distinct !DISubprogram(name: "keep", scope: !22, file: !22, line: 1, type: !23, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !20)
!31 = distinct !DISubprogram(name: "save", scope: !24, file: !24, line: 3, type: !23, scopeLine: 3, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !20)
!40 = !DILocation(line: 2, column: 14, scope: !30)
; The store is `save` of save.h, inlined at keep.c:3:3.
!41 = !DILocation(line: 4, column: 7, scope: !31, inlinedAt: !43)
!42 = !DILocation(line: 4, column: 1, scope: !30)
!43 = distinct !DILocation(line: 3, column: 3, scope: !30)
