; aliaskit explain: every pair aa-eval -evaluate-aa-metadata asks about,
; with the answer of the metadata alone and why.
;
; Its NoAlias records are exactly aa-eval's NoAlias lines with only our two
; analyses in the pipeline:
; RUN: env PLUGIN=%plugin ALIASKIT=%aliaskit LLVM_BIN=%llvm_bin %python %S/../../checks/inspect/explain-vs-aa-eval.py %s | FileCheck %s --check-prefix=SAME
; SAME: explain vs aa-eval: 1 modules, 2 functions, 4 NoAlias pairs; 0 modules differ, 0 failed
;
; Default: the NoAlias pairs, in aa-eval's order (loads x stores, then
; each store with the stores before it).
; RUN: %aliaskit explain %s | FileCheck %s --check-prefix=TEXT
; TEXT:      NoAlias [tbaa] in @fields
; TEXT-NEXT:   first:  %x = load i32, ptr %p, align 4, !tbaa ![[X:[0-9]+]]
; TEXT-NEXT:   second: store float 1.000000e+00, ptr %q, align 4, !tbaa ![[Y:[0-9]+]]
; TEXT-NEXT:   why: !tbaa {base "Point", access "int", offset 0} vs {base "Point", access "float", offset 4}: the access path of {base "Point", access "int", offset 0} reaches "Point", the base type of {base "Point", access "float", offset 4}, at offset 0, while the other access is at offset 4: different fields
; TEXT:      NoAlias [tbaa] in @fields
; TEXT-NEXT:   first:  store float 1.000000e+00, ptr %q, align 4
; TEXT-NEXT:   second: store i32 0, ptr %p, align 4
; TEXT:      NoAlias [scoped-noalias] in @inlined
; TEXT-NEXT:   first:  %v = load i32, ptr %a, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}
; TEXT-NEXT:   second: store i32 2, ptr %b, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}
; TEXT-NEXT:   why: !alias.scope {"callee: %a" in "callee"} of the first vs !noalias {"callee: %a" in "callee"} of the second: every scope of !alias.scope {"callee: %a" in "callee"} in domain "callee" is in the !noalias list {"callee: %a" in "callee"} ("callee: %a": made by the inliner for argument %a of callee)
; TEXT-NOT:  MayAlias
;
; --may adds the MayAlias pairs with both analyses' reasons.
; RUN: %aliaskit explain --may --function fields %s | FileCheck %s --check-prefix=MAY
; MAY:      MayAlias in @fields
; MAY-NEXT:   first:  %x = load i32, ptr %p
; MAY-NEXT:   second: store i32 0, ptr %p
; MAY-NEXT:   why: tbaa: !tbaa {base "Point", access "int", offset 0} vs {base "Point", access "int", offset 0}: both accesses carry the same tag; scoped-noalias: nothing to exclude
; MAY:        first:  %c = load i8, ptr %r
; MAY-NEXT:   second: store i32 0, ptr %p
; MAY-NEXT:   why: tbaa: !tbaa {base "omnipotent char", access "omnipotent char", offset 0} vs {base "Point", access "int", offset 0}: tag {base "omnipotent char", access "omnipotent char", offset 0} accesses a whole object of the common type "omnipotent char", which contains the other access
; MAY-NOT:  in @inlined
;
; --json: one record per pair.
; RUN: %aliaskit explain --json --may %s | FileCheck %s --check-prefix=JSON
; JSON: {"function":"fields","first":"%x = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}}","second":"store i32 0, ptr %p, align 4, !tbaa !{{[0-9]+}}","answer":"MayAlias","analysis":null,"why":"{{.*}}","reasons":{"tbaa":"the same tag","scoped-noalias":"no scope lists on one side"}}
; JSON: {"function":"fields","first":"%x = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}}","second":"store float 1.000000e+00, ptr %q, align 4, !tbaa !{{[0-9]+}}","answer":"NoAlias","analysis":"tbaa","why":"{{.*}}"}
; JSON: "function":"inlined",{{.*}}"answer":"NoAlias","analysis":"scoped-noalias"
;
; --summary: one table per function.
; RUN: %aliaskit explain --summary %s | FileCheck %s --check-prefix=SUMMARY
; SUMMARY:      @fields: 9 pairs
; SUMMARY-NEXT:   NoAlias by tbaa only          2   22.2%
; SUMMARY-NEXT:   NoAlias by scoped only        0    0.0%
; SUMMARY-NEXT:   NoAlias by both               0    0.0%
; SUMMARY-NEXT:   MayAlias (neither)            7   77.8%
; SUMMARY-NEXT:   MayAlias from tbaa: a common type above both (5), the same tag (2)
; SUMMARY-NEXT:   MayAlias from scoped: no scope lists on one side (9)
; SUMMARY:      @inlined: 3 pairs
; SUMMARY-NEXT:   NoAlias by tbaa only          0    0.0%
; SUMMARY-NEXT:   NoAlias by scoped only        2   66.7%
; RUN: %aliaskit explain --summary --json %s | FileCheck %s --check-prefix=SUMJSON
; SUMJSON: {"function":"fields","pairs":9,"tbaa":2,"scoped-noalias":0,"both":0,"neither":7,"may_alias_reasons":{"tbaa":{"a common type above both":5,"the same tag":2},"scoped-noalias":{"no scope lists on one side":9}}}
; SUMJSON: {"function":"inlined","pairs":3,"tbaa":0,"scoped-noalias":2,"both":0,"neither":1,"may_alias_reasons":{"tbaa":{"no !tbaa on one side":3},"scoped-noalias":{"scopes not covered by !noalias":1}}}

%Point = type { i32, float }

define void @fields(ptr %p, ptr %q, ptr %r) {
  %x = load i32, ptr %p, align 4, !tbaa !1
  %c = load i8, ptr %r, align 1, !tbaa !6
  store i32 0, ptr %p, align 4, !tbaa !1
  store float 1.0, ptr %q, align 4, !tbaa !5
  store i8 7, ptr %r, align 1, !tbaa !6
  ret void
}

define i32 @inlined(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !alias.scope !13, !noalias !14
  store i32 2, ptr %b, align 4, !alias.scope !14, !noalias !13
  %v = load i32, ptr %a, align 4, !alias.scope !13, !noalias !14
  ret i32 %v
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!2, !3, i64 0}
!2 = !{!"Point", !3, i64 0, !4, i64 4}
!3 = !{!"int", !7, i64 0}
!4 = !{!"float", !7, i64 0}
!5 = !{!2, !4, i64 4}
!6 = !{!7, !7, i64 0}
!7 = !{!"omnipotent char", !0, i64 0}
!10 = distinct !{!10, !"callee"}
!11 = distinct !{!11, !10, !"callee: %a"}
!12 = distinct !{!12, !10, !"callee: %b"}
!13 = !{!11}
!14 = !{!12}
