; The end point catches a claim that a pass makes wrong during the
; pipeline, which the start point (before it) cannot see. @shift runs
; f(a + i + 1, a + i) { *a = *b; } inlined into a loop: each iteration
; declares its scopes, so the claims hold within one iteration only, and
; they are true (a[i+1] and a[i] are two objects). The test pass
; aliaskit-test-forget-loop-decls removes the decls, as a buggy loop
; transform would: the scopes then hold, wrongly, across iterations, where
; the store of iteration i (a[i+1]) and the load of iteration i+1 (a[i+1])
; overlap. The start point, which saw the decls, reports nothing; the end
; point reports it. Without the test pass, neither reports.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %aliaskit sanitize --ldflags > %t/ldflags
; RUN: %opt -enable-scoped-noalias=false -passes='aliaskit-sanitize<start>,function(aliaskit-test-forget-loop-decls),aliaskit-sanitize<end>' %s -o %t/broken.bc
; RUN: %opt -enable-scoped-noalias=false -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>' %s -o %t/right.bc
; RUN: %python -c "import subprocess,sys; f=open(sys.argv[1]).read().split(); [subprocess.run(['%llvm_bin/clang', b + '.bc', '-o', b] + f, check=True) for b in sys.argv[2:]]" %t/ldflags %t/broken %t/right
; RUN: %python %S/Inputs/status.py %t/broken > %t/out 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: FileCheck %s --check-prefix=OUT < %t/out
; RUN: %python %S/Inputs/status.py %t/right 2>&1 | FileCheck %s --check-prefix=RIGHT
; CHECK:      aliaskit-sanitize: scoped-noalias: a no-alias claim is broken in @shift
; CHECK:        instance: one call of @shift (no noalias.scope.decl of the scope in it)
; CHECK-NEXT:   checked: the claims that reached code generation, instrumented after optimization
; CHECK-NOT:  a no-alias claim is broken
; CHECK:      summary: {{[0-9]+}} accesses checked, {{[0-9]+}} instances, 1 reports
; OUT: exit 66
; RIGHT-NOT: a no-alias claim is broken
; RIGHT: summary: {{[0-9]+}} accesses checked, {{[0-9]+}} instances, 0 reports
; RIGHT: exit 0

target triple = "x86_64-pc-linux-gnu"

define void @shift(ptr %a, i64 %n) {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i1, %loop ]
  call void @llvm.experimental.noalias.scope.decl(metadata !3)
  call void @llvm.experimental.noalias.scope.decl(metadata !4)
  %s = getelementptr i32, ptr %a, i64 %i
  %d = getelementptr i32, ptr %s, i64 1
  %v = load i32, ptr %s, align 4, !alias.scope !3, !noalias !4
  store i32 %v, ptr %d, align 4, !alias.scope !4, !noalias !3
  %i1 = add i64 %i, 1
  %done = icmp uge i64 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

@buf = global [9 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9]

define i32 @main() {
  call void @shift(ptr @buf, i64 8)
  ret i32 0
}

declare void @llvm.experimental.noalias.scope.decl(metadata)

!0 = distinct !{!0, !"f"}
!1 = distinct !{!1, !0, !"f: %a"}
!2 = distinct !{!2, !0, !"f: %b"}
!3 = !{!2}
!4 = !{!1}
