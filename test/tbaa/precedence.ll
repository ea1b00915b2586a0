; The order of the AA pipeline matters: AAResults returns the first answer
; that is not MayAlias. TBAA ignores pointers, so for two accesses of
; different types through the same pointer it says NoAlias (type punning is
; undefined behaviour); BasicAA sees the same pointer and says MustAlias (or
; PartialAlias for an overlap). Whichever comes first wins, for rust-tbaa
; exactly as for the built-in tbaa:
;  * TBAA alone, or TBAA before basic-aa: the float store is ignored and
;    the int load folds to the int stored first (0);
;  * basic-aa first: the float's bits are forwarded (1.0f = 1065353216), and
;    the partially overlapping short store keeps the load.
;
; RUN: %opt-llvm -aa-pipeline=tbaa -passes=gvn,instcombine -S %s | FileCheck %s --check-prefix=TBAA-FIRST
; RUN: %opt -aa-pipeline=rust-tbaa -passes=gvn,instcombine -S %s | FileCheck %s --check-prefix=TBAA-FIRST
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn,instcombine -S %s | FileCheck %s --check-prefix=TBAA-FIRST
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn,instcombine -S %s | FileCheck %s --check-prefix=TBAA-FIRST
; RUN: %opt-llvm -aa-pipeline=basic-aa,tbaa -passes=gvn,instcombine -S %s | FileCheck %s --check-prefix=BASIC-FIRST
; RUN: %opt -aa-pipeline=basic-aa,rust-tbaa -passes=gvn,instcombine -S %s | FileCheck %s --check-prefix=BASIC-FIRST

; TBAA-FIRST-LABEL: define i32 @pun_float(
; TBAA-FIRST: ret i32 0
; BASIC-FIRST-LABEL: define i32 @pun_float(
; BASIC-FIRST: ret i32 1065353216
define i32 @pun_float(ptr %slot) {
  store i32 0, ptr %slot, align 4, !tbaa !12
  store float 1.0, ptr %slot, align 4, !tbaa !13
  %v = load i32, ptr %slot, align 4, !tbaa !12
  ret i32 %v
}

; TBAA-FIRST-LABEL: define i32 @pun_short_inside(
; TBAA-FIRST-NOT: load
; TBAA-FIRST: ret i32 0
; BASIC-FIRST-LABEL: define i32 @pun_short_inside(
; BASIC-FIRST: %v = load i32, ptr %slot
; BASIC-FIRST: ret i32 %v
define i32 @pun_short_inside(ptr %slot) {
  %half = getelementptr i8, ptr %slot, i64 2
  store i32 0, ptr %slot, align 4, !tbaa !12
  store i16 1, ptr %half, align 2, !tbaa !14
  %v = load i32, ptr %slot, align 4, !tbaa !12
  ret i32 %v
}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!"short", !1, i64 0}
!12 = !{!2, !2, i64 0}
!13 = !{!3, !3, i64 0}
!14 = !{!4, !4, i64 0}
