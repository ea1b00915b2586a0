; Malformed !tbaa (everything verify-alias-md reports) is never a claim:
; one warning names the tag, its load is not checked and its store resets
; the bytes as an untagged store would; the well-formed tags of the module
; are checked. A module without any !tbaa says so once and gets nothing.
;
; RUN: %opt -disable-verify -passes='aliaskit-sanitize-tbaa<no-fast-path>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: %opt -passes=aliaskit-sanitize-tbaa -S %S/Inputs/untagged.ll -o %t2.ll 2> %t2.err
; RUN: FileCheck %s --check-prefix=NONE < %t2.err
; RUN: FileCheck %s --check-prefix=NONE-IR < %t2.ll
;
; WARN: warning: aliaskit-sanitize: !tbaa !7 of `store float 1.000000e+00, ptr %f, align 4, !tbaa !7` is not checked (tbaa-
; WARN-NOT: warning
;
; CHECK-LABEL: define float @f(
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 0, ptr %i, i64 4)
; CHECK-NEXT:    store i32 1, ptr %i
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %f, i64 4)
; CHECK-NEXT:    store float 1.000000e+00, ptr %f
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 1, ptr %i, i64 4)
; CHECK-NEXT:    load i32, ptr %i
; CHECK-NEXT:    load float, ptr %f
; CHECK-NEXT:    ret float
;
; NONE: remark: aliaskit-sanitize-tbaa: {{.*}}untagged.ll has no !tbaa on its accesses: nothing to check
; NONE-IR-NOT: __aliaskit

define float @f(ptr %i, ptr %f) {
  store i32 1, ptr %i, align 4, !tbaa !5
  store float 1.0, ptr %f, align 4, !tbaa !7
  %a = load i32, ptr %i, align 4, !tbaa !5
  %b = load float, ptr %f, align 4, !tbaa !7
  ret float %b
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!5 = !{!2, !2, i64 0}
; Base "int", access "float": the access path never meets "float".
!7 = !{!2, !3, i64 0}
