; With !dbg, a finding's instruction comes after its source location
; (file:line:col); the JSON object keeps the instruction and adds a
; "location"; a removal says where too. Without !dbg (the other tests
; here) the output is as before. The IR reader's own verifier of modules
; with debug info is turned off, as `aliaskit verify` does.
;
; RUN: %aliaskit verify --warn %s 2>&1 | FileCheck %s --match-full-lines
; CHECK:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; CHECK-NEXT:   in @f, !tbaa:
; CHECK-NEXT:   v.c:2:6: store i32 0, ptr %p, align 4, !dbg !{{[0-9]+}}, !tbaa ![[T:[0-9]+]]
; CHECK-NEXT: ![[T]] = !{!{{[0-9]+}}, !{{[0-9]+}}, i64 2}
;
; RUN: %opt -disable-verify -disable-auto-upgrade-debug-info -passes='verify-alias-md<strip;json>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=JSON --match-full-lines
; JSON:      {"tool":"verify-alias-md","severity":"error","rule":"tbaa-offset-not-zero","message":"Offset not zero at the point of scalar access","function":"f","attachment":"!tbaa","instruction":"store i32 0, ptr %p, align 4, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}","location":"v.c:2:6","nodes":["!{{[0-9]+}} = !{!{{[0-9]+}}, !{{[0-9]+}}, i64 2}"],"numbers":[2],"path":[]}
; JSON-NEXT: {"tool":"verify-alias-md","removed":"!tbaa","function":"f","from":"store i32 0, ptr %p, align 4, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}","location":"v.c:2:6"}
;
; RUN: %opt -disable-verify -disable-auto-upgrade-debug-info -passes='verify-alias-md<strip>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=STRIP
; STRIP: note: verify-alias-md: removed !tbaa from @f: v.c:2:6: store i32 0, ptr %p, align 4, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}

define i32 @f(ptr %p, ptr %q) !dbg !30 {
  store i32 0, ptr %p, align 4, !tbaa !10, !dbg !40
  %v = load i32, ptr %q, align 4, !tbaa !1, !dbg !41
  ret i32 %v, !dbg !42
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}
; A scalar access at offset 2: LLVM's "Offset not zero" error.
!10 = !{!2, !2, i64 2}

!llvm.dbg.cu = !{!20}
!llvm.module.flags = !{!21}
!20 = distinct !DICompileUnit(language: DW_LANG_C11, file: !22, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!21 = !{i32 2, !"Debug Info Version", i32 3}
!22 = !DIFile(filename: "v.c", directory: "/src")
!23 = !DISubroutineType(types: !{})
!30 = distinct !DISubprogram(name: "f", scope: !22, file: !22, line: 1, type: !23, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !20)
!40 = !DILocation(line: 2, column: 6, scope: !30)
!41 = !DILocation(line: 3, column: 11, scope: !30)
!42 = !DILocation(line: 3, column: 3, scope: !30)
