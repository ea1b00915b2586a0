; `!llvm.errno.tbaa` lists the access tags errno may be accessed with. A call
; that may only write errno (memory(errnomem: write)) clobbers a load only
; if the load's tag may alias one of them. The question is asked by BasicAA
; (through AAResults::aliasErrno), so it needs basic-aa in the pipeline; the
; TBAA analysis answers it. rust-tbaa must answer like the built-in tbaa:
;  * with basic-aa: a float load is reused across the call, an int load (the
;    errno tag) is not; neither is an untagged load or a char load (char
;    aliases int), a struct field of type float is reused, one of type int
;    is not;
;  * TBAA alone (no basic-aa): nobody asks, nothing is reused;
;  * without the named metadata: nothing is known about errno, nothing is
;    reused;
;  * errno tags int and float: the float load is no longer reused either;
;  * an empty list (rejected by the verifier, so -disable-verify): no tag
;    aliases errno, so even the int load is reused.
;
; RUN: rm -rf %t && split-file %s %t
; RUN: %opt-llvm -aa-pipeline=basic-aa,tbaa -passes=gvn -S %t/int.ll | FileCheck %s --check-prefix=WITH
; RUN: %opt -aa-pipeline=basic-aa,rust-tbaa -passes=gvn -S %t/int.ll | FileCheck %s --check-prefix=WITH
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes='early-cse<memssa>' -S %t/int.ll | FileCheck %s --check-prefix=WITH
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes='early-cse<memssa>' -S %t/int.ll | FileCheck %s --check-prefix=WITH
; RUN: %opt-llvm -aa-pipeline=tbaa -passes=gvn -S %t/int.ll | FileCheck %s --check-prefix=NONE
; RUN: %opt -aa-pipeline=rust-tbaa -passes=gvn -S %t/int.ll | FileCheck %s --check-prefix=NONE
; RUN: %opt-llvm -aa-pipeline=basic-aa,tbaa -passes=gvn -S %t/absent.ll | FileCheck %s --check-prefix=NONE
; RUN: %opt -aa-pipeline=basic-aa,rust-tbaa -passes=gvn -S %t/absent.ll | FileCheck %s --check-prefix=NONE
; RUN: %opt-llvm -aa-pipeline=basic-aa,tbaa -passes=gvn -S %t/two.ll | FileCheck %s --check-prefix=TWO
; RUN: %opt -aa-pipeline=basic-aa,rust-tbaa -passes=gvn -S %t/two.ll | FileCheck %s --check-prefix=TWO
; RUN: %opt-llvm -disable-verify -aa-pipeline=basic-aa,tbaa -passes=gvn -S %t/empty.ll | FileCheck %s --check-prefix=EMPTY
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-tbaa -passes=gvn -S %t/empty.ll | FileCheck %s --check-prefix=EMPTY

; Shared by the checks below: the float load is reused iff its add uses %a twice.
; WITH-LABEL: define float @float_load(
; WITH: fadd float %a, %a
; WITH-LABEL: define i32 @int_load(
; WITH: add i32 %a, %b
; WITH-LABEL: define i32 @untagged_load(
; WITH: add i32 %a, %b
; WITH-LABEL: define i8 @char_load(
; WITH: add i8 %a, %b
; WITH-LABEL: define float @float_field(
; WITH: fadd float %a, %a
; WITH-LABEL: define i32 @int_field(
; WITH: add i32 %a, %b

; NONE-LABEL: define float @float_load(
; NONE: fadd float %a, %b
; NONE-LABEL: define i32 @int_load(
; NONE: add i32 %a, %b
; NONE-LABEL: define i32 @untagged_load(
; NONE: add i32 %a, %b
; NONE-LABEL: define i8 @char_load(
; NONE: add i8 %a, %b
; NONE-LABEL: define float @float_field(
; NONE: fadd float %a, %b
; NONE-LABEL: define i32 @int_field(
; NONE: add i32 %a, %b

; TWO-LABEL: define float @float_load(
; TWO: fadd float %a, %b
; TWO-LABEL: define i32 @int_load(
; TWO: add i32 %a, %b
; TWO-LABEL: define i16 @short_load(
; TWO: add i16 %a, %a

; EMPTY-LABEL: define float @float_load(
; EMPTY: fadd float %a, %a
; EMPTY-LABEL: define i32 @int_load(
; EMPTY: add i32 %a, %a
; EMPTY-LABEL: define i32 @untagged_load(
; EMPTY: add i32 %a, %b

;--- int.ll
declare void @set_errno() memory(errnomem: write)

define float @float_load(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !13
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !13
  %s = fadd float %a, %b
  ret float %s
}

define i32 @int_load(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !12
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !12
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @untagged_load(ptr %p) {
  %a = load i32, ptr %p, align 4
  call void @set_errno()
  %b = load i32, ptr %p, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

define i8 @char_load(ptr %p) {
  %a = load i8, ptr %p, align 1, !tbaa !11
  call void @set_errno()
  %b = load i8, ptr %p, align 1, !tbaa !11
  %s = add i8 %a, %b
  ret i8 %s
}

; Reading Mixed::f (a float at offset 4) and Mixed::i (an int at offset 0).
define float @float_field(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !15
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !15
  %s = fadd float %a, %b
  ret float %s
}

define i32 @int_field(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !16
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !16
  %s = add i32 %a, %b
  ret i32 %s
}

!llvm.errno.tbaa = !{!12}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!"Mixed", !2, i64 0, !3, i64 4}
!11 = !{!1, !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
!15 = !{!4, !3, i64 4}
!16 = !{!4, !2, i64 0}

;--- absent.ll
; The same functions, but the module does not say how errno is accessed.
declare void @set_errno() memory(errnomem: write)

define float @float_load(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !13
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !13
  %s = fadd float %a, %b
  ret float %s
}

define i32 @int_load(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !12
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !12
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @untagged_load(ptr %p) {
  %a = load i32, ptr %p, align 4
  call void @set_errno()
  %b = load i32, ptr %p, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

define i8 @char_load(ptr %p) {
  %a = load i8, ptr %p, align 1, !tbaa !11
  call void @set_errno()
  %b = load i8, ptr %p, align 1, !tbaa !11
  %s = add i8 %a, %b
  ret i8 %s
}

define float @float_field(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !15
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !15
  %s = fadd float %a, %b
  ret float %s
}

define i32 @int_field(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !16
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !16
  %s = add i32 %a, %b
  ret i32 %s
}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!"Mixed", !2, i64 0, !3, i64 4}
!11 = !{!1, !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
!15 = !{!4, !3, i64 4}
!16 = !{!4, !2, i64 0}

;--- two.ll
; errno may be accessed as int or as float (one list, two tags).
declare void @set_errno() memory(errnomem: write)

define float @float_load(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !13
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !13
  %s = fadd float %a, %b
  ret float %s
}

define i32 @int_load(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !12
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !12
  %s = add i32 %a, %b
  ret i32 %s
}

define i16 @short_load(ptr %p) {
  %a = load i16, ptr %p, align 2, !tbaa !14
  call void @set_errno()
  %b = load i16, ptr %p, align 2, !tbaa !14
  %s = add i16 %a, %b
  ret i16 %s
}

!llvm.errno.tbaa = !{!12, !13}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!5 = !{!"short", !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
!14 = !{!5, !5, i64 0}

;--- empty.ll
; An empty list: the verifier rejects it, both analyses conclude that no
; tagged access can touch errno.
declare void @set_errno() memory(errnomem: write)

define float @float_load(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !13
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !13
  %s = fadd float %a, %b
  ret float %s
}

define i32 @int_load(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !12
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !12
  %s = add i32 %a, %b
  ret i32 %s
}

define i32 @untagged_load(ptr %p) {
  %a = load i32, ptr %p, align 4
  call void @set_errno()
  %b = load i32, ptr %p, align 4
  %s = add i32 %a, %b
  ret i32 %s
}

!llvm.errno.tbaa = !{}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
