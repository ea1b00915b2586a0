; The plugin loads and rust-tbaa answers like the built-in tbaa.
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S < %s | FileCheck %s
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S < %s | FileCheck %s

; CHECK-LABEL: @test0_yes
; CHECK: add i8 %x, %x
define i8 @test0_yes(ptr %a, ptr %b) nounwind {
  %x = load i8, ptr %a, !tbaa !1
  store i8 0, ptr %b, !tbaa !2
  %y = load i8, ptr %a, !tbaa !1
  %z = add i8 %x, %y
  ret i8 %z
}
!0 = !{}
!1 = !{!"foo", !0}
!2 = !{!"bar", !0}
