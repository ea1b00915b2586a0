; A noalias.scope.decl that dominates another one of its scope (what an
; unroller that copies a decl without cloning its scope leaves) is an error
; of verify-alias-md (scope-decl-dominates), but its scope is well-formed:
; the sanitizer still checks the function, each execution of either decl
; beginning an instance. Only a decl whose scope cannot be read stops the
; function's checks (test/sanitize/malformed.ll).
;
; RUN: %opt -disable-verify -passes='aliaskit-sanitize<end>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: not grep -q 'malformed' %t.err
; RUN: not %opt -disable-verify -passes=verify-alias-md -disable-output %s 2>&1 | FileCheck %s --check-prefix=VERIFY
;
; VERIFY: error: verify-alias-md [scope-decl-dominates]
;
; CHECK-LABEL: define void @twice(
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata ![[L:[0-9]+]])
; CHECK-NEXT:    call void @__aliaskit_scope(ptr %{{[0-9]+}}, i32 0)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[0-9]+}}, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[0-9]+}}, ptr %p, i64 4)
; CHECK:         call void @llvm.experimental.noalias.scope.decl(metadata ![[L]])
; CHECK-NEXT:    call void @__aliaskit_scope(ptr %{{[0-9]+}}, i32 0)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[0-9]+}}, ptr %q, i64 4)
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 {{[0-9]+}}, ptr %p, i64 4)

define void @twice(ptr %p, ptr %q) {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %v = load i32, ptr %q, align 4, !noalias !3
  store i32 %v, ptr %p, align 4, !alias.scope !3
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  %w = load i32, ptr %q, align 4, !noalias !3
  store i32 %w, ptr %p, align 4, !alias.scope !3
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!1 = distinct !{!1, !"f"}
!2 = distinct !{!2, !1, !"f: %a"}
!3 = !{!2}
