; A noalias parameter in a function whose noalias.scope.decl names no
; node: the start point converts the parameter, the parameters stage
; completes its lists, and neither stops at the malformed decl (a fuzzed
; module once made the second abort on it); the function is not checked.
;
; RUN: %opt -disable-verify -passes='aliaskit-sanitize<start>,aliaskit-sanitize<parameters>,aliaskit-sanitize<end>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=WARN < %t.err
;
; WARN: warning: aliaskit-sanitize: @f has a malformed llvm.experimental.noalias.scope.decl; its claims are not checked
; CHECK-LABEL: define void @f(
; CHECK-NOT:     __aliaskit_access
; CHECK:         ret void

define void @f(ptr noalias %p, ptr %q) {
  call void @llvm.experimental.noalias.scope.decl(metadata !"scope")
  store i32 0, ptr %p
  store i32 1, ptr %q
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)
