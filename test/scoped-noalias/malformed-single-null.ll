; A scope list whose only operand is null, !{null}, used as !noalias and as
; !alias.scope (-disable-verify: the verifier crashes on it). LLVM 22's
; scoped-noalias-aa dereferences the null and crashes, as for any null in
; a list it reads (malformed.ll). rust-scoped-noalias must answer MayAlias
; and warn once about the node, as it does for {s, null}.
;
; (The plugin reads metadata through the C API, whose LLVMMetadataAsValue
; canonicalises a node with a single null operand to the empty node !{};
; so !{null} looks like the harmless empty list !{}.)
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -disable-output %s
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s

; CHECK-LABEL: Function: null_noalias:
; CHECK:       warning: aliaskit::scoped: malformed scope metadata {{.*}}: operand 0 of the scope list is null; a query that reads it is answered MayAlias / ModRef
; CHECK-NEXT:  MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[S:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[NULL:[0-9]+]]
; CHECK-NOT:   warning:
; CHECK-LABEL: Function: null_scope:
; CHECK:       MayAlias:   %a = load i32, ptr %p, align 4, !alias.scope ![[NULL2:[0-9]+]] <->   store i32 1, ptr %q, align 4, !noalias ![[S2:[0-9]+]]
; CHECK-NOT:   warning:
define void @null_noalias(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !2
  store i32 1, ptr %q, align 4, !noalias !3
  ret void
}

define void @null_scope(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !alias.scope !3
  store i32 1, ptr %q, align 4, !noalias !2
  ret void
}

!0 = distinct !{!0, !"lonely"}
!1 = distinct !{!1, !0, !"lonely: s"}
!2 = !{!1}
!3 = !{null}
