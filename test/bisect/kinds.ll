; Every kind of definite answer is a decision that ALIASKIT_BISECT can
; turn conservative: rust-scoped-noalias's NoAlias, rust-tbaa's immutable
; memory and its errno answer. Each function's second load is forwarded
; by GVN only while its decision is kept.
;
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa -passes=gvn -S %s | FileCheck %s --check-prefix=KEEP
; RUN: env ALIASKIT_BISECT=n %opt -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa -passes=gvn -S %s | FileCheck %s --check-prefix=NONE
; KEEP-LABEL: @scoped(
; KEEP:       ret i32 1
; KEEP-LABEL: @immutable(
; KEEP:       add i32 %a, %a
; KEEP-LABEL: @errno(
; KEEP:       add i32 %a, %a
; NONE-LABEL: @scoped(
; NONE:       %v = load i32
; NONE-LABEL: @immutable(
; NONE:       add i32 %a, %b
; NONE-LABEL: @errno(
; NONE:       add i32 %a, %b
;
; RUN: rm -f %t.log
; RUN: env ALIASKIT_BISECT=n ALIASKIT_BISECT_LOG=%t.log %opt -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa -passes=gvn -disable-output %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; LOG-DAG: "analysis":"scoped-noalias","question":"scope-lists","answer":"NoAlias","kept":false,{{.*}}"function":"scoped","first":{"instruction":"store i32 2, ptr %q, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}","metadata":"!alias.scope {\"scoped: %q\" in \"scoped\"}"},"second":{"instruction":"store i32 1, ptr %p, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}","metadata":"!noalias {\"scoped: %q\" in \"scoped\"}"},"why":"every scope of !alias.scope {\"scoped: %q\" in \"scoped\"} in domain \"scoped\" is in the !noalias list {\"scoped: %q\" in \"scoped\"} (\"scoped: %q\": made by the inliner for argument %q of scoped)"}
; LOG-DAG: "analysis":"tbaa","question":"immutable","answer":"NoModRef (immutable memory)","kept":false,{{.*}}"function":"immutable","first":{"instruction":"%a = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}}","metadata":"!tbaa {base \"int\", access \"int\", offset 0, immutable}"}
; LOG-DAG: "analysis":"tbaa","question":"errno","answer":"NoAlias with errno","kept":false,{{.*}}"function":"errno",{{.*}}"metadata":"!llvm.errno.tbaa {base \"int\", access \"int\", offset 0}"

define i32 @scoped(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !alias.scope !11, !noalias !12
  store i32 2, ptr %q, align 4, !alias.scope !12, !noalias !11
  %v = load i32, ptr %p, align 4, !alias.scope !11, !noalias !12
  ret i32 %v
}

declare void @g()

define i32 @immutable(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !8
  call void @g()
  %b = load i32, ptr %p, align 4, !tbaa !8
  %r = add i32 %a, %b
  ret i32 %r
}

declare float @sqrtf(float) #0

define i32 @errno(ptr %p, float %x) {
  %a = load i32, ptr %p, align 4, !tbaa !4
  %s = call float @sqrtf(float %x)
  %b = load i32, ptr %p, align 4, !tbaa !4
  %r = add i32 %a, %b
  ret i32 %r
}

attributes #0 = { memory(errnomem: write) }

!llvm.errno.tbaa = !{!1}
!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}
!4 = !{!5, !5, i64 0}
!5 = !{!"float", !3, i64 0}
!8 = !{!2, !2, i64 0, i64 1}
!9 = distinct !{!9, !"scoped"}
!10 = distinct !{!10, !9, !"scoped: %p"}
!13 = distinct !{!13, !9, !"scoped: %q"}
!11 = !{!10}
!12 = !{!13}
