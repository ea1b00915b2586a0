; With !dbg, every instruction of the report comes after its source
; location (file:line:col), then the locations it was inlined at, as the
; sanitizer writes them; JSON keeps the instruction as it was and adds the
; locations. Without !dbg (test/explain/basic.ll) nothing changes.
;
; RUN: %aliaskit explain %s | FileCheck %s
; CHECK:      NoAlias [tbaa] in @fields
; CHECK-NEXT:   first:  fields.c:2:11: %x = load i32, ptr %p, align 4, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}
; CHECK-NEXT:   second: store.h:6:8 (inlined at fields.c:3:3): store float 1.000000e+00, ptr %q, align 4, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}
;
; RUN: %aliaskit explain --json %s | FileCheck %s --check-prefix=JSON
; JSON: {"function":"fields","first":"%x = load i32, ptr %p, align 4, !dbg !{{[0-9]+}}, !tbaa !{{[0-9]+}}","second":"store float 1.000000e+00, {{.*}}","why":"{{.*}}","first_location":"fields.c:2:11","second_location":"store.h:6:8 (inlined at fields.c:3:3)"}

define void @fields(ptr %p, ptr %q) !dbg !10 {
  %x = load i32, ptr %p, align 4, !tbaa !1, !dbg !20
  store float 1.0, ptr %q, align 4, !tbaa !4, !dbg !21
  ret void, !dbg !22
}

!llvm.dbg.cu = !{!30}
!llvm.module.flags = !{!31}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}
!4 = !{!5, !5, i64 0}
!5 = !{!"float", !3, i64 0}

!30 = distinct !DICompileUnit(language: DW_LANG_C11, file: !32, producer: "hand-written", isOptimized: true, runtimeVersion: 0, emissionKind: LineTablesOnly)
!31 = !{i32 2, !"Debug Info Version", i32 3}
!32 = !DIFile(filename: "fields.c", directory: "/src")
!33 = !DIFile(filename: "store.h", directory: "/src")
!34 = !DISubroutineType(types: !{})
!10 = distinct !DISubprogram(name: "fields", scope: !32, file: !32, line: 1, type: !34, scopeLine: 1, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !30)
!11 = distinct !DISubprogram(name: "put", scope: !33, file: !33, line: 5, type: !34, scopeLine: 5, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !30)
!20 = !DILocation(line: 2, column: 11, scope: !10)
; The store comes from `put` of store.h, inlined at fields.c:3:3.
!21 = !DILocation(line: 6, column: 8, scope: !11, inlinedAt: !23)
!22 = !DILocation(line: 4, column: 1, scope: !10)
!23 = distinct !DILocation(line: 3, column: 3, scope: !10)
