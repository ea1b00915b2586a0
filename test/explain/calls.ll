; aliaskit explain on calls: each call with alias metadata against each
; load and store (getModRefInfo(Call, Loc)) and against each such call
; before it (getModRefInfo(Call1, Call2)), with the answer rust-tbaa and
; rust-scoped-noalias give LLVM and the direction that decided.
;
; LLVM's AAResults, with only our analyses in the pipeline, answers the
; same for every question:
; RUN: env PLUGIN=%plugin LLVM_BIN=%llvm_bin %python %S/../../checks/inspect/explain-vs-llvm.py %s | FileCheck %s --check-prefix=SAME
; SAME: explain vs LLVM AAResults: 1 modules, 17 answers (2 load/store, 8 call, 3 call-call, 4 mask, 0 errno); 0 mismatches, 0 modules differ
;
; RUN: %aliaskit explain %s | FileCheck %s
; The call's !noalias against the store's !alias.scope:
; CHECK:      NoModRef [scoped-noalias] in @scoped
; CHECK-NEXT:   first:  call void @g(ptr %q), !noalias ![[A:[0-9]+]]
; CHECK-NEXT:   second: store i32 1, ptr %p, align 4, !alias.scope ![[A]]
; CHECK-NEXT:   why: getModRefInfo(call, store): !alias.scope {"A" in "dom"} of the store vs !noalias {"A" in "dom"} of the call: every scope of !alias.scope {"A" in "dom"} in domain "dom" is in the !noalias list {"A" in "dom"}
; The other way: the call's !alias.scope against the store's !noalias.
; CHECK:      NoModRef [scoped-noalias] in @scoped
; CHECK-NEXT:   first:  call void @g(ptr %p), !alias.scope ![[B:[0-9]+]]
; CHECK-NEXT:   second: store i32 2, ptr %q, align 4, !noalias ![[B]]
; CHECK-NEXT:   why: getModRefInfo(call, store): !alias.scope {"B" in "dom"} of the call vs !noalias {"B" in "dom"} of the store: every scope
; Call against call:
; CHECK:      NoModRef [scoped-noalias] in @scoped
; CHECK-NEXT:   first:  call void @h(ptr %q), !noalias ![[B]]
; CHECK-NEXT:   second: call void @g(ptr %p), !alias.scope ![[B]]
; CHECK-NEXT:   why: getModRefInfo(call, call): !alias.scope {"B" in "dom"} of the second call vs !noalias {"B" in "dom"} of the first call
; CHECK:      NoModRef [tbaa] in @tagged
; CHECK-NEXT:   first:  call void @g(ptr %p), !tbaa
; CHECK-NEXT:   second: store float 1.000000e+00, ptr %q, align 4, !tbaa
; CHECK-NEXT:   why: getModRefInfo(call, store): !tbaa {base "int", access "int", offset 0} vs {base "float", access "float", offset 0}: neither access can be to a subobject of the other
; CHECK-NOT:  ModRef in
; CHECK-NOT:  @h(ptr %p)
;
; --may: the ModRef pairs too, with both analyses' reasons.
; RUN: %aliaskit explain --may --function tagged %s | FileCheck %s --check-prefix=MAY
; MAY:      ModRef in @tagged
; MAY-NEXT:   first:  call void @g(ptr %p), !tbaa
; MAY-NEXT:   second: store i32 0, ptr %p, align 4, !tbaa
; MAY-NEXT:   why: getModRefInfo(call, store): tbaa: !tbaa {base "int", access "int", offset 0} vs {base "int", access "int", offset 0}: both accesses carry the same tag; scoped-noalias: nothing to exclude
;
; --json: "kind" says which question.
; RUN: %aliaskit explain --json %s | FileCheck %s --check-prefix=JSON
; JSON: {"kind":"call","function":"scoped","first":"call void @g(ptr %q), !noalias !{{[0-9]+}}","second":"store i32 1, ptr %p, align 4, !alias.scope !{{[0-9]+}}","answer":"NoModRef","analysis":"scoped-noalias","why":"getModRefInfo(call, store): {{.*}}"}
; JSON: {"kind":"call-call","function":"scoped","first":"call void @h(ptr %q), !noalias !{{[0-9]+}}","second":"call void @g(ptr %p), !alias.scope !{{[0-9]+}}","answer":"NoModRef","analysis":"scoped-noalias",
;
; --summary: the call pairs after the load/store pairs.
; RUN: %aliaskit explain --summary %s | FileCheck %s --check-prefix=SUMMARY
; SUMMARY:      @scoped: 1 pairs
; SUMMARY:        MayAlias from scoped: scopes not covered by !noalias (1)
; SUMMARY-NEXT:   9 call pairs (getModRefInfo):
; SUMMARY-NEXT:     NoModRef by tbaa only             0    0.0%
; SUMMARY-NEXT:     NoModRef by scoped only           3   33.3%
; SUMMARY-NEXT:     NoModRef by both                  0    0.0%
; SUMMARY-NEXT:     NoModRef by an immutable tag      0    0.0%
; SUMMARY-NEXT:     ModRef (neither)                  6   66.7%
; SUMMARY-NEXT: @tagged: 1 pairs
; RUN: %aliaskit explain --summary --json %s | FileCheck %s --check-prefix=SUMJSON
; SUMJSON: {"function":"scoped","pairs":1,"tbaa":0,"scoped-noalias":0,"both":0,"neither":1,"may_alias_reasons":{{.*}},"calls":{"pairs":9,"tbaa":0,"scoped-noalias":3,"both":0,"immutable":0,"neither":6},"mask":0,"errno":0}
; SUMJSON: {"function":"tagged","pairs":1,{{.*}}"calls":{"pairs":2,"tbaa":1,"scoped-noalias":0,"both":0,"immutable":0,"neither":1},"mask":0,"errno":0}

declare void @g(ptr)
declare void @h(ptr)

define void @scoped(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !3
  call void @g(ptr %q), !noalias !3
  call void @g(ptr %p), !alias.scope !4
  store i32 2, ptr %q, align 4, !noalias !4
  call void @h(ptr %q), !noalias !4
  ; No alias metadata: both analyses answer ModRef; not asked about.
  call void @h(ptr %p)
  ret void
}

define void @tagged(ptr %p, ptr %q) {
  call void @g(ptr %p), !tbaa !14
  store i32 0, ptr %p, align 4, !tbaa !14
  store float 1.0, ptr %q, align 4, !tbaa !13
  ret void
}

!1 = distinct !{!1, !"dom"}
!2 = distinct !{!2, !1, !"A"}
!3 = !{!2}
!5 = distinct !{!5, !1, !"B"}
!4 = !{!5}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!"omnipotent char", !10, i64 0}
!15 = !{!"int", !11, i64 0}
!16 = !{!"float", !11, i64 0}
!13 = !{!16, !16, i64 0}
!14 = !{!15, !15, i64 0}
