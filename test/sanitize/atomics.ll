; An atomic read-modify-write or compare-exchange with scope lists is an
; access like a store of its value (a fuzzed module once made the pass
; abort on it: getLoadStoreType takes loads and stores only).
;
; RUN: %opt -passes='aliaskit-sanitize<end>' -S %s -o - | FileCheck %s
;
; CHECK-LABEL: define void @f(
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 0, ptr %p, i64 4)
; CHECK-NEXT:    cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 1, ptr %q, i64 8)
; CHECK-NEXT:    atomicrmw add ptr %q, i64 1 seq_cst
; CHECK:         call void @__aliaskit_access(ptr %{{[0-9]+}}, i32 2, ptr %r, i64 4)
; CHECK-NEXT:    store i32 0, ptr %r

define void @f(ptr %p, ptr %q, ptr %r) {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  %x = cmpxchg ptr %p, i32 0, i32 1 monotonic monotonic, !alias.scope !2
  %y = atomicrmw add ptr %q, i64 1 seq_cst, !alias.scope !2
  store i32 0, ptr %r, !noalias !2
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"d"}
!1 = distinct !{!1, !0, !"s"}
!2 = !{!1}
