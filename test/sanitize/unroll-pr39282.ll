; The class of LLVM's old PR39282 (seen in rust#54878): f(int *restrict a,
; int *restrict b) { *a = *b; } is inlined into a loop, and the unroller
; (before LLVM 12) copied the body without giving each copy its own
; scopes, and without a noalias.scope.decl. @copy2 is that loop unrolled
; twice, as it was left: the store of the first copy (to a[i+1]) and the
; load of the second (of a[i+1]) are claimed apart by the shared scopes,
; which is wrong: they are two calls of f. Without a decl, the scopes'
; instance is the call of @copy2, so the checker sees both accesses in one
; instance and reports (and likewise the second copy's store against the
; next iteration's first load). @copy2.fixed is the same loop as LLVM 12 and later
; leave it (each copy with its scopes and their decls): nothing reported.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %opt -passes='aliaskit-sanitize<end>' %s -o %t/p.bc
; RUN: %aliaskit sanitize --ldflags > %t/ldflags
; RUN: %python -c "import subprocess,sys; f=open(sys.argv[1]).read().split(); subprocess.run(['%llvm_bin/clang', sys.argv[2], '-o', sys.argv[3]] + f, check=True)" %t/ldflags %t/p.bc %t/p
; RUN: %python %S/Inputs/status.py %t/p > %t/out 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: FileCheck %s --check-prefix=OUT < %t/out
; CHECK:      aliaskit-sanitize: scoped-noalias: a no-alias claim is broken in @copy2
; CHECK-NEXT:   first access:  write of `store i32 %v0, ptr %d0, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}`
; CHECK-NEXT:       !alias.scope {"f: %a" in "f"}, !noalias {"f: %b" in "f"}
; CHECK-NEXT:   second access: read of `%v1 = load i32, ptr %s1, align 4, !alias.scope !{{[0-9]+}}, !noalias !{{[0-9]+}}`
; CHECK-NEXT:       !alias.scope {"f: %b" in "f"}, !noalias {"f: %a" in "f"}
; CHECK-NEXT:   overlapping bytes: [0x{{[0-9a-f]+}}, 0x{{[0-9a-f]+}}) (4 bytes)
; CHECK-NEXT:   claim: every scope of the {{first|second}} access's !alias.scope {"f: %{{a|b}}" in "f"} in domain "f" is in the {{first|second}} access's !noalias list {"f: %{{a|b}}" in "f"}
; CHECK-NEXT:   deciding scope "f: %{{a|b}}" (made by the inliner for argument %{{a|b}} of f) in domain "f"; instance: one call of @copy2 (no noalias.scope.decl of the scope in it)
; CHECK:        decisions {{[0-9a-f]+}} and {{[0-9a-f]+}} in @copy2: ALIASKIT_BISECT='y -x{{[0-9a-f]+}} -x{{[0-9a-f]+}}' answers it conservatively
; The second copy's store (a[i+2]) and the next iteration's first load:
; claimed apart by the same scopes, another static pair.
; CHECK:      aliaskit-sanitize: scoped-noalias: a no-alias claim is broken in @copy2
; CHECK-NEXT:   first access:  read of `%v0 = load i32, ptr %s0
; CHECK-NEXT:       !alias.scope {"f: %b" in "f"}, !noalias {"f: %a" in "f"}
; CHECK-NEXT:   second access: write of `store i32 %v1, ptr %d1
; CHECK-NOT:  a no-alias claim is broken in @copy2.fixed
; CHECK:      aliaskit-sanitize: summary: {{[0-9]+}} accesses checked, {{[0-9]+}} instances, 2 reports
; OUT: exit 66

target triple = "x86_64-pc-linux-gnu"

define void @copy2(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i2, %loop ]
  %s0 = getelementptr i32, ptr %a, i64 %i
  %d0 = getelementptr i32, ptr %s0, i64 1
  %v0 = load i32, ptr %s0, align 4, !alias.scope !3, !noalias !4
  store i32 %v0, ptr %d0, align 4, !alias.scope !4, !noalias !3
  %i1 = add i64 %i, 1
  %s1 = getelementptr i32, ptr %a, i64 %i1
  %d1 = getelementptr i32, ptr %s1, i64 1
  %v1 = load i32, ptr %s1, align 4, !alias.scope !3, !noalias !4
  store i32 %v1, ptr %d1, align 4, !alias.scope !4, !noalias !3
  %i2 = add i64 %i, 2
  %done = icmp uge i64 %i2, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define void @copy2.fixed(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i2, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %s0 = getelementptr i32, ptr %a, i64 %i
  %d0 = getelementptr i32, ptr %s0, i64 1
  %v0 = load i32, ptr %s0, align 4, !alias.scope !3, !noalias !4
  store i32 %v0, ptr %d0, align 4, !alias.scope !4, !noalias !3
  call void @llvm.experimental.noalias.scope.decl(metadata !13)
  call void @llvm.experimental.noalias.scope.decl(metadata !14)
  %i1 = add i64 %i, 1
  %s1 = getelementptr i32, ptr %a, i64 %i1
  %d1 = getelementptr i32, ptr %s1, i64 1
  %v1 = load i32, ptr %s1, align 4, !alias.scope !13, !noalias !14
  store i32 %v1, ptr %d1, align 4, !alias.scope !14, !noalias !13
  %i2 = add i64 %i, 2
  %done = icmp uge i64 %i2, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

@buf = global [9 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9]
@buf2 = global [9 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9]

define i32 @main() {
  call void @copy2(ptr @buf, i64 8)
  call void @copy2.fixed(ptr @buf2, i64 8)
  ret i32 0
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"f"}
!1 = distinct !{!1, !0, !"f: %a"}
!2 = distinct !{!2, !0, !"f: %b"}
!3 = !{!2}
!4 = !{!1}
!10 = distinct !{!10, !"f"}
!11 = distinct !{!11, !10, !"f: %a"}
!12 = distinct !{!12, !10, !"f: %b"}
!13 = !{!12}
!14 = !{!11}
