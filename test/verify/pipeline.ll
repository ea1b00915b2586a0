; verify-alias-md inside a pipeline: on a valid module, verifications before
; and after instcombine, then gvn, report nothing and exit 0, and the passes
; do their work (gvn, with TBAA saying the short store does not clobber the
; int, forwards the stored 1 to the load). Between two verifications, the
; test-only pass aliaskit-test-break-tbaa gives the first load a tag with
; offset 1: the first verification is silent, the second reports it. The
; broken module also fails opt's own verification of its output, hence
; -disable-verify when the pipeline is meant to finish (<warn>), and
; LLVM's "Broken module found" after our report when it is not.
;
; RUN: %opt -passes='verify-alias-md,function(instcombine),verify-alias-md,function(gvn)' -S %s 2>%t.err | FileCheck %s --check-prefix=IR
; RUN: count 0 < %t.err
;
; RUN: %opt -disable-verify -passes='verify-alias-md,aliaskit-test-break-tbaa,verify-alias-md<warn>' -S %s 2>&1 | FileCheck %s --check-prefix=BREAK-WARN
; RUN: not %opt -disable-verify -passes='verify-alias-md,aliaskit-test-break-tbaa,verify-alias-md' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BREAK-ERROR
; RUN: not --crash %opt -passes='verify-alias-md,aliaskit-test-break-tbaa,verify-alias-md<warn>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BREAK-LLVM

; IR-LABEL: define i32 @f(
; IR-NEXT:    store i32 1, ptr %p, align 4, !tbaa [[INT:![0-9]+]]
; IR-NEXT:    store i16 2, ptr %q, align 2, !tbaa [[SHORT:![0-9]+]]
; IR-NEXT:    ret i32 1
; IR-NEXT:  }

; The first verification reports nothing; the second reports the broken
; tag (as an error: <warn> only changes the exit code). The broken tag is
; not in the input: it is written `!new.N`, while the nodes it points to
; keep their numbers in this file.
; BREAK-WARN-NOT:  verify-alias-md
; BREAK-WARN:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; BREAK-WARN-NEXT:   in @f, !tbaa:
; BREAK-WARN-NEXT:   %v = load i32, ptr %p, align 4, !tbaa ![[NEW:new\.[0-9]+]]
; BREAK-WARN-NEXT: ![[NEW]] = !{!2, !2, i64 1}
; BREAK-WARN-NEXT: 1
; BREAK-WARN-NOT:  verify-alias-md
; BREAK-WARN-LABEL: define i32 @f(
; BREAK-WARN:        %v = load i32, ptr %p, align 4, !tbaa [[BROKEN:![0-9]+]]
; BREAK-WARN:      [[BROKEN]] = !{[[INTTY:![0-9]+]], [[INTTY]], i64 1}

; BREAK-ERROR-NOT:  verify-alias-md
; BREAK-ERROR:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; BREAK-ERROR-NEXT:   in @f, !tbaa:
; BREAK-ERROR-NEXT:   %v = load i32, ptr %p, align 4, !tbaa ![[NEW:new\.[0-9]+]]
; BREAK-ERROR-NEXT: ![[NEW]] = !{!2, !2, i64 1}
; BREAK-ERROR-NEXT: 1
; BREAK-ERROR-NEXT: LLVM ERROR: verify-alias-md: 1 error in alias metadata

; BREAK-LLVM:      error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; BREAK-LLVM:      Offset not zero at the point of scalar access
; BREAK-LLVM-NEXT:   %v = load i32, ptr %p, align 4, !tbaa !6
; BREAK-LLVM-NEXT: !6 = !{!1, !1, i64 1}
; BREAK-LLVM-NEXT: 1
; BREAK-LLVM-NEXT: LLVM ERROR: Broken module found, compilation aborted!

define i32 @f(ptr %p, ptr %q) {
  store i32 1, ptr %p, align 4, !tbaa !5
  store i16 2, ptr %q, align 2, !tbaa !6
  %v = load i32, ptr %p, align 4, !tbaa !5
  %a = add i32 %v, 0
  ret i32 %a
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}
