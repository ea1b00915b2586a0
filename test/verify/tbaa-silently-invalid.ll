; verify-alias-md [tbaa-silently-invalid]: a tag whose struct path reaches a
; two-operand type node that is not a valid scalar type (spec §4.3 step 1).
; LLVM's verifier rejects such a tag without printing anything, so the
; module passes `opt -passes=verify` (exit 0); but the bitcode reader runs
; the same silent check and, finding one invalid tag, drops every !tbaa of
; the module (§4.10), valid ones included, while other metadata stays.
; verify-alias-md reports it as an error, for every instruction carrying
; such a tag (it is a tag-level finding), whether the bad node is the base
; type (%a, %b) or a field on the path (%c). No -disable-verify: the input
; passes LLVM's verifier.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt -passes=verify-alias-md -disable-output %t/silent.bad.ll 2>&1 | FileCheck %s --check-prefix=SILENT --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/silent.bad.ll
; RUN: llvm-as -disable-verify < %t/silent.bad.ll | %opt-llvm -passes=verify -S | FileCheck %s --check-prefix=STRIPPED
;
; The positive variant (the two-operand node is a valid scalar, used as
; the access type): no finding, and bitcode keeps its tags.
; RUN: %opt -passes=verify-alias-md -disable-output %t/silent.good.ll 2>&1 | count 0
; RUN: llvm-as < %t/silent.good.ll | %opt-llvm -passes=verify -S | FileCheck %s --check-prefix=KEPT

; SILENT:      error: verify-alias-md [tbaa-silently-invalid]: LLVM's verifier rejects this tag without a message (its struct path reaches a two-operand type node that is not a valid scalar type), so the module passes verification, but LLVM's bitcode reader drops every !tbaa of the module
; SILENT-NEXT:   in @f, !tbaa:
; SILENT-NEXT:   %a = load i32, ptr %p, align 4, !tbaa !10
; SILENT-NEXT: !10 = !{!3, !2, i64 0}
; SILENT-NEXT: !3 = !{!"bad", i64 40}
; SILENT-NEXT: error: verify-alias-md [tbaa-silently-invalid]: LLVM's verifier rejects this tag without a message
; SILENT-NEXT:   in @f, !tbaa:
; SILENT-NEXT:   %b = load i32, ptr %p, align 4, !tbaa !10
; SILENT-NEXT: !10 = !{!3, !2, i64 0}
; SILENT-NEXT: !3 = !{!"bad", i64 40}
; SILENT-NEXT: error: verify-alias-md [tbaa-silently-invalid]: LLVM's verifier rejects this tag without a message
; SILENT-NEXT:   in @f, !tbaa:
; SILENT-NEXT:   %c = load i32, ptr %p, align 4, !tbaa !11
; SILENT-NEXT: !11 = !{!4, !2, i64 0}
; SILENT-NEXT: !3 = !{!"bad", i64 40}
; SILENT-NEXT: LLVM ERROR: verify-alias-md: 3 errors in alias metadata

; STRIPPED-LABEL: define i32 @f(
; STRIPPED-NOT:   !tbaa
; STRIPPED:       store i32 %a, ptr %q, align 4, !alias.scope !0
; STRIPPED-NOT:   !tbaa

; KEPT-LABEL: define i32 @f(
; KEPT:       %a = load i32, ptr %p, align 4, !tbaa ![[#]]
; KEPT:       %c = load i32, ptr %p, align 4, !tbaa ![[#]]
; KEPT:       store i32 %a, ptr %q, align 4, !tbaa ![[#]], !alias.scope ![[#]]

;--- silent.bad.ll
define i32 @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !10
  %c = load i32, ptr %p, align 4, !tbaa !11
  store i32 %a, ptr %q, align 4, !tbaa !12, !alias.scope !22
  %s = add i32 %b, %c
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"bad", i64 40}
!4 = !{!"S", !3, i64 0, !2, i64 4}
!10 = !{!3, !2, i64 0}
!11 = !{!4, !2, i64 0}
!12 = !{!2, !2, i64 0}
!20 = distinct !{!20, !"domain"}
!21 = distinct !{!21, !20, !"scope"}
!22 = !{!21}

;--- silent.good.ll
define i32 @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !tbaa !10
  %b = load i32, ptr %p, align 4, !tbaa !10
  %c = load i32, ptr %p, align 4, !tbaa !11
  store i32 %a, ptr %q, align 4, !tbaa !12, !alias.scope !22
  %s = add i32 %b, %c
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1}
!4 = !{!"S", !3, i64 0, !2, i64 4}
!10 = !{!3, !3, i64 0}
!11 = !{!4, !3, i64 0}
!12 = !{!2, !2, i64 0}
!20 = distinct !{!20, !"domain"}
!21 = distinct !{!21, !20, !"scope"}
!22 = !{!21}
