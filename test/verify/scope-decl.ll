; verify-alias-md: LLVM 22's checks of llvm.experimental.noalias.scope.decl
; (verifyNoAliasScopeDecl, spec §4.8), run for each function after its
; instructions: the argument is metadata, a node, a list of exactly one
; scope, and that list passes the scope-list checks. The first failed
; check of the routine ends it for the function: later declarations in the
; same function are not checked (problems inside the list do not end it).
; One negative and one positive module per rule, each negative one also
; given to LLVM's verifier.
;
; scope-decl-argument: a well-declared intrinsic can only take metadata, so
; LLVM's own message for this rule is unreachable. The only way to get a
; non-metadata argument is to declare the intrinsic with another type;
; LLVM's verifier then rejects the declaration ("Intrinsic has incorrect
; argument type!") and never gets to the call. We report the call.
;
; RUN: rm -rf %t && split-file %s %t
;
; scope-decl-argument
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/declarg.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLARG --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/declarg.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLARG-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/declarg.good.ll 2>&1 | count 0
;
; scope-decl-not-node
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/declnode.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLNODE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/declnode.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLNODE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/declnode.good.ll 2>&1 | count 0
;
; scope-decl-single-scope
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/declsingle.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLSINGLE --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/declsingle.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLSINGLE-LLVM
; RUN: %opt -passes=verify-alias-md -disable-output %t/declsingle.good.ll 2>&1 | count 0
;
; order: a function's declarations are checked after its instructions, function by function
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %t/declorder.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLORDER --implicit-check-not=verify-alias-md
; RUN: not %opt-llvm -passes=verify -disable-output %t/declorder.bad.ll 2>&1 | FileCheck %s --check-prefix=DECLORDER-LLVM

;--- declarg.bad.ll
; DECLARG:      error: verify-alias-md [scope-decl-argument]: llvm.experimental.noalias.scope.decl must have a MetadataAsValue argument
; DECLARG-NEXT:   in @f, llvm.experimental.noalias.scope.decl:
; DECLARG-NEXT:   call void @llvm.experimental.noalias.scope.decl(i32 0)
; DECLARG-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata
; DECLARG-LLVM:      Intrinsic has incorrect argument type!
; DECLARG-LLVM-NEXT: ptr @llvm.experimental.noalias.scope.decl
; DECLARG-LLVM-NEXT: error: input module is broken!
declare void @llvm.experimental.noalias.scope.decl(i32)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(i32 0)
  ret void
}

;--- declarg.good.ll
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !10)
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!10 = !{!1}

;--- declnode.bad.ll
; A string, and in @g a constant, as the argument. In @f the bad
; list of the second declaration is not checked: the first failure
; ended the routine for @f.
; DECLNODE:      error: verify-alias-md [scope-decl-not-node]: !id.scope.list must point to an MDNode
; DECLNODE-NEXT:   in @f, llvm.experimental.noalias.scope.decl:
; DECLNODE-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !"scope")
; DECLNODE-NEXT: error: verify-alias-md [scope-decl-not-node]: !id.scope.list must point to an MDNode
; DECLNODE-NEXT:   in @g, llvm.experimental.noalias.scope.decl:
; DECLNODE-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata i32 0)
; DECLNODE-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
; DECLNODE-LLVM:      !id.scope.list must point to an MDNode
; DECLNODE-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !"scope")
; DECLNODE-LLVM-NEXT: !id.scope.list must point to an MDNode
; DECLNODE-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata i32 0)
; DECLNODE-LLVM-NEXT: error: input module is broken!
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !"scope")
  call void @llvm.experimental.noalias.scope.decl(metadata !11)
  ret void
}
define void @g() {
  call void @llvm.experimental.noalias.scope.decl(metadata i32 0)
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = distinct !{!2, !0, !"scope 2"}
!11 = !{!1, !2}

;--- declnode.good.ll
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !10)
  call void @llvm.experimental.noalias.scope.decl(metadata !11)
  ret void
}
define void @g() {
  call void @llvm.experimental.noalias.scope.decl(metadata !10)
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = distinct !{!2, !0, !"scope 2"}
!10 = !{!1}
!11 = !{!2}

;--- declsingle.bad.ll
; Two scopes, then an empty list. In @g, the first declaration's list
; holds a bad scope: reported (attachment: the declaration), and the
; routine goes on to the second declaration.
; DECLSINGLE:      error: verify-alias-md [scope-decl-single-scope]: !id.scope.list must point to a list with a single scope
; DECLSINGLE-NEXT:   in @f, llvm.experimental.noalias.scope.decl:
; DECLSINGLE-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !11)
; DECLSINGLE-NEXT: error: verify-alias-md [scope-operands]: scope must have two or three operands
; DECLSINGLE-NEXT:   in @g, llvm.experimental.noalias.scope.decl:
; DECLSINGLE-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !12)
; DECLSINGLE-NEXT: !3 = !{!"scope without domain"}
; DECLSINGLE-NEXT: error: verify-alias-md [scope-decl-single-scope]: !id.scope.list must point to a list with a single scope
; DECLSINGLE-NEXT:   in @g, llvm.experimental.noalias.scope.decl:
; DECLSINGLE-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !13)
; DECLSINGLE-NEXT: LLVM ERROR: verify-alias-md: 3 errors in alias metadata
; DECLSINGLE-LLVM:      !id.scope.list must point to a list with a single scope
; DECLSINGLE-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !0)
; DECLSINGLE-LLVM-NEXT: scope must have two or three operands
; DECLSINGLE-LLVM-NEXT: !5 = !{!"scope without domain"}
; DECLSINGLE-LLVM-NEXT: !id.scope.list must point to a list with a single scope
; DECLSINGLE-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !6)
; DECLSINGLE-LLVM-NEXT: error: input module is broken!
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !11)
  ret void
}
define void @g() {
  call void @llvm.experimental.noalias.scope.decl(metadata !12)
  call void @llvm.experimental.noalias.scope.decl(metadata !13)
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = distinct !{!2, !0, !"scope 2"}
!3 = !{!"scope without domain"}
!11 = !{!1, !2}
!12 = !{!3}
!13 = !{}

;--- declsingle.good.ll
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f() {
  call void @llvm.experimental.noalias.scope.decl(metadata !11)
  ret void
}
define void @g() {
  call void @llvm.experimental.noalias.scope.decl(metadata !12)
  call void @llvm.experimental.noalias.scope.decl(metadata !13)
  ret void
}
!0 = distinct !{!0, !"domain"}
!1 = distinct !{!1, !0, !"scope"}
!2 = distinct !{!2, !0, !"scope 2"}
!3 = !{!"scope with domain", !0}
!11 = !{!1}
!12 = !{!3}
!13 = !{!2}

;--- declorder.bad.ll
; DECLORDER:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; DECLORDER-NEXT:   in @f, !tbaa:
; DECLORDER-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; DECLORDER-NEXT: !10 = !{!2, !2, i64 4}
; DECLORDER-NEXT: 4
; DECLORDER-NEXT: error: verify-alias-md [scope-decl-not-node]: !id.scope.list must point to an MDNode
; DECLORDER-NEXT:   in @f, llvm.experimental.noalias.scope.decl:
; DECLORDER-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !"x")
; DECLORDER-NEXT: error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; DECLORDER-NEXT:   in @g, !tbaa:
; DECLORDER-NEXT:   store i32 0, ptr %p, align 4, !tbaa !10
; DECLORDER-NEXT: !10 = !{!2, !2, i64 4}
; DECLORDER-NEXT: 4
; DECLORDER-NEXT: error: verify-alias-md [scope-decl-not-node]: !id.scope.list must point to an MDNode
; DECLORDER-NEXT:   in @h, llvm.experimental.noalias.scope.decl:
; DECLORDER-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !"y")
; DECLORDER-NEXT: LLVM ERROR: verify-alias-md: 4 errors in alias metadata
; DECLORDER-LLVM:      Offset not zero at the point of scalar access
; DECLORDER-LLVM-NEXT:   store i32 0, ptr %p, align 4, !tbaa !0
; DECLORDER-LLVM-NEXT: !0 = !{!1, !1, i64 4}
; DECLORDER-LLVM-NEXT: 4
; DECLORDER-LLVM-NEXT: !id.scope.list must point to an MDNode
; DECLORDER-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !"x")
; DECLORDER-LLVM-NEXT: Offset not zero at the point of scalar access
; DECLORDER-LLVM-NEXT:   store i32 0, ptr %p, align 4, !tbaa !0
; DECLORDER-LLVM-NEXT: !0 = !{!1, !1, i64 4}
; DECLORDER-LLVM-NEXT: 4
; DECLORDER-LLVM-NEXT: !id.scope.list must point to an MDNode
; DECLORDER-LLVM-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !"y")
; DECLORDER-LLVM-NEXT: error: input module is broken!
declare void @llvm.experimental.noalias.scope.decl(metadata)
define void @f(ptr %p) {
  call void @llvm.experimental.noalias.scope.decl(metadata !"x")
  store i32 0, ptr %p, align 4, !tbaa !10
  ret void
}
define void @g(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !10
  ret void
}
define void @h() {
  call void @llvm.experimental.noalias.scope.decl(metadata !"y")
  ret void
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!2, !2, i64 4}
