; ALIASKIT_VERIFY_EACH=1: verify-alias-md runs before the first pass (the
; input) and after every pass of any pipeline, reports only findings not
; seen before, and names the first pass after which a new finding appears.
; Findings are warnings here (exit 0). The test-only pass
; aliaskit-test-break-tbaa gives the first load a tag with offset 1.
;
; clean.ll: a valid input; instcombine changes nothing we check, the break
; pass is named, and gvn, which keeps the broken tag, adds nothing new.
; dirty.ll: the input already has a finding (a bad !noalias list); it is
; reported as the input's, and not attributed to any pass; the break pass
; is still the first pass named.
; The same pipelines without the variable print nothing.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: env ALIASKIT_VERIFY_EACH=1 %opt -disable-verify -passes='function(instcombine),aliaskit-test-break-tbaa,function(gvn)' -disable-output %t/clean.ll 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=verify-alias-md
; RUN: env ALIASKIT_VERIFY_EACH=1 %opt -disable-verify -passes='function(instcombine),aliaskit-test-break-tbaa,function(gvn)' -disable-output %t/dirty.ll 2>&1 | FileCheck %s --check-prefix=DIRTY --implicit-check-not=verify-alias-md
; RUN: %opt -disable-verify -passes='function(instcombine),aliaskit-test-break-tbaa,function(gvn)' -disable-output %t/clean.ll 2>&1 | count 0
; RUN: env ALIASKIT_VERIFY_EACH=1 %opt -passes='function(instcombine),function(gvn)' -disable-output %t/clean.ll 2>&1 | count 0

;--- clean.ll
; CLEAN:      warning: verify-alias-md: the first pass after which a new finding appears is 'aliaskit-test-break-tbaa'
; CLEAN-NEXT: note: verify-alias-md: new findings after pass 'aliaskit-test-break-tbaa':
; CLEAN-NEXT: error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; CLEAN-NEXT:   in @f, !tbaa:
; CLEAN-NEXT:   %a = load i32, ptr %p, align 4, !tbaa ![[NEW:new\.[0-9]+]]
; CLEAN-NEXT: ![[NEW]] = !{!2, !2, i64 1}
; CLEAN-NEXT: 1
define i32 @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !tbaa !5
  store i16 2, ptr %q, align 2, !tbaa !6
  %b = load i32, ptr %p, align 4, !tbaa !5
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}

;--- dirty.ll
; DIRTY:      note: verify-alias-md: findings in the input, before any pass:
; DIRTY-NEXT: error: verify-alias-md [scope-list-not-nodes]: scope list must consist of MDNodes
; DIRTY-NEXT:   in @f, !noalias:
; DIRTY-NEXT:   store i16 2, ptr %q, align 2, !tbaa !6, !noalias !20
; DIRTY-NEXT: !20 = !{!"not a scope"}
; DIRTY-NEXT: warning: verify-alias-md: the first pass after which a new finding appears is 'aliaskit-test-break-tbaa'
; DIRTY-NEXT: note: verify-alias-md: new findings after pass 'aliaskit-test-break-tbaa':
; DIRTY-NEXT: error: verify-alias-md [tbaa-offset-not-zero]: Offset not zero at the point of scalar access
; DIRTY-NEXT:   in @f, !tbaa:
; DIRTY-NEXT:   %a = load i32, ptr %p, align 4, !tbaa ![[NEW:new\.[0-9]+]]
; DIRTY-NEXT: ![[NEW]] = !{!2, !2, i64 1}
; DIRTY-NEXT: 1
define i32 @f(ptr %p, ptr %q) {
  %a = load i32, ptr %p, align 4, !tbaa !5
  store i16 2, ptr %q, align 2, !tbaa !6, !noalias !20
  %b = load i32, ptr %p, align 4, !tbaa !5
  %s = add i32 %a, %b
  ret i32 %s
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}
!20 = !{!"not a scope"}
