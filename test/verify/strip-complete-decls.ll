; verify-alias-md<strip> must leave no attachment with an error: verifying
; its output again, by LLVM and by verify-alias-md, finds nothing. Here: two
; bad noalias.scope.decl calls in one function. LLVM's verifier stops
; checking a function's declarations at the first failure, and so does
; verify-alias-md (scope-decl.ll): only the first call is reported. <strip>
; removes it, verifies again, finds the second (a list of two scopes) and
; removes it too.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt -disable-verify -passes='verify-alias-md<strip>' -S %s -o %t/out.ll 2>&1 | FileCheck %s
; RUN: %opt-llvm -passes=verify -disable-output %t/out.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/out.ll 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=IR < %t/out.ll

; CHECK: note: verify-alias-md: removed llvm.experimental.noalias.scope.decl from @f: call void @llvm.experimental.noalias.scope.decl(metadata !"x")
; CHECK: note: verify-alias-md: removed llvm.experimental.noalias.scope.decl from @f: call void @llvm.experimental.noalias.scope.decl(metadata !3)
; IR-LABEL: define void @f(
; IR-NEXT:    call void @llvm.experimental.noalias.scope.decl(metadata [[S1:![0-9]+]])
; IR-NEXT:    ret void
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !"x")
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  ret void
}
!0 = distinct !{!0, !"dom"}
!1 = distinct !{!1, !0, !"s1"}
!2 = distinct !{!2, !0, !"s2"}
!3 = !{!1, !2}
!4 = !{!1}
