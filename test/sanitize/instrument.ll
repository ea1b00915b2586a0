; aliaskit-sanitize<end> instruments the accesses that take part in a
; claimed no-alias pair with a write, and nothing else: here @f has a
; store and a load the scopes claim apart (instrumented), two loads
; claimed apart (read-read: not instrumented), an access without lists
; (not instrumented), and a memcpy with lists (destination and source are
; two sites: the store is claimed apart from both). Each decl gets a call
; that starts an instance of its scope; the function a
; frame (enter at the entry, exit before the return); the module a table,
; registered by a constructor, and the summary destructor.
;
; RUN: %opt -passes='aliaskit-sanitize<end;stats>' -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
;
; CHECK:      @__aliaskit_table.end = private constant [{{[0-9]+}} x i8] c"AKSAN\00\00\03
; CHECK:      @llvm.global_ctors = appending global {{.*}} @__aliaskit_ctor.end
; CHECK:      @llvm.global_dtors = appending global {{.*}} i32 101, ptr @__aliaskit_fini
; CHECK-LABEL: define void @f(
; CHECK-NEXT:   %[[FA:[0-9]+]] = call ptr @llvm.frameaddress.p0(i32 0)
; CHECK-NEXT:   %[[H:[0-9]+]] = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end, i32 0, i32 4, i32 4, ptr %[[FA]], ptr @__aliaskit_hosts.f, i32 1), !nosanitize
; CHECK-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !{{[0-9]+}})
; CHECK-NEXT:   call void @__aliaskit_scope(ptr %[[H]], i32 0), !nosanitize
; CHECK-NEXT:   call void @llvm.experimental.noalias.scope.decl(metadata !{{[0-9]+}})
; CHECK-NEXT:   call void @__aliaskit_scope(ptr %[[H]], i32 1), !nosanitize
; CHECK-NEXT:   call void @__aliaskit_access(ptr %[[H]], i32 0, ptr %p, i64 4), !nosanitize
; CHECK-NEXT:   store i32 1, ptr %p
; CHECK-NEXT:   call void @__aliaskit_access(ptr %[[H]], i32 1, ptr %q, i64 4), !nosanitize
; CHECK-NEXT:   %v = load i32, ptr %q
; CHECK-NEXT:   %r1 = load i32, ptr %r
; CHECK-NEXT:   %r2 = load i32, ptr %s
; CHECK-NEXT:   %u = load i32, ptr %t
; CHECK-NEXT:   call void @__aliaskit_access(ptr %[[H]], i32 2, ptr %s, i64 %n), !nosanitize
; CHECK-NEXT:   call void @__aliaskit_access(ptr %[[H]], i32 3, ptr %t, i64 %n), !nosanitize
; CHECK-NEXT:   call void @llvm.memcpy
; CHECK-NEXT:   call void @__aliaskit_exit(ptr %[[H]]), !nosanitize
; CHECK-NEXT:   ret void
; CHECK:      declare void @__aliaskit_access(ptr, i32, ptr readnone captures(address), i64) #[[QUIET:[0-9]+]]
; CHECK:      attributes #[[QUIET]] = { nounwind willreturn memory(inaccessiblemem: readwrite) }
;
; STATS: aliaskit-sanitize<end>: 6 accesses with scope lists; 4 instrumented in 1 functions (2 filtered out: no claimed partner with a write, or, for 0 of them, every claimed pair proven apart); 0 calls with lists not checked; 0 scopes of per-loop domains not checked; 0 malformed lists; 0 functions with a malformed decl

define void @f(ptr %p, ptr %q, ptr %r, ptr %s, ptr %t, i64 %n) {
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  store i32 1, ptr %p, !alias.scope !2, !noalias !3
  %v = load i32, ptr %q, !alias.scope !3, !noalias !2
  %r1 = load i32, ptr %r, !alias.scope !5, !noalias !6
  %r2 = load i32, ptr %s, !alias.scope !6, !noalias !5
  %u = load i32, ptr %t
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %t, i64 %n, i1 false), !noalias !10
  ret void
}

declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

!0 = distinct !{!0, !"f"}
!1 = distinct !{!1, !0, !"f: %p"}
!2 = !{!1}
!3 = !{!4}
!4 = distinct !{!4, !0, !"f: %q"}
!5 = !{!7}
!6 = !{!8}
!7 = distinct !{!7, !9, !"reads: a"}
!8 = distinct !{!8, !9, !"reads: b"}
!9 = distinct !{!9, !"reads"}
!10 = !{!1, !4}
