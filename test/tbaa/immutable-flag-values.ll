; The immutability flag is read as "bit 0 of an integer constant of any
; width"; anything that is not an integer means mutable. The verifier only
; accepts 0 and 1 (of any integer type), so the other values need
; -disable-verify; the built-in tbaa reads them without trouble, and
; rust-tbaa must read them the same way. Each function reloads a value
; across an untagged store: reused iff the tag counts as immutable.
;
; RUN: %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s 2>&1 | FileCheck %s
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s 2>&1 | FileCheck %s

; CHECK-NOT: warning:

; CHECK-LABEL: define i32 @flag_i32_one(
; CHECK: %sum = add i32 %one, %one
define i32 @flag_i32_one(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !20
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !20
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @flag_three(
; CHECK: %sum = add i32 %one, %one
define i32 @flag_three(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !21
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !21
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @flag_two(
; CHECK: %sum = add i32 %one, %two
define i32 @flag_two(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !22
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !22
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @flag_minus_one_i8(
; CHECK: %sum = add i32 %one, %one
define i32 @flag_minus_one_i8(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !23
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !23
  %sum = add i32 %one, %two
  ret i32 %sum
}

; 2^64 + 1 needs 65 bits; bit 0 is set.
; CHECK-LABEL: define i32 @flag_wide_odd(
; CHECK: %sum = add i32 %one, %one
define i32 @flag_wide_odd(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !24
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !24
  %sum = add i32 %one, %two
  ret i32 %sum
}

; 2^64 + 2: bit 0 clear.
; CHECK-LABEL: define i32 @flag_wide_even(
; CHECK: %sum = add i32 %one, %two
define i32 @flag_wide_even(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !25
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !25
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @flag_string(
; CHECK: %sum = add i32 %one, %two
define i32 @flag_string(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !26
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !26
  %sum = add i32 %one, %two
  ret i32 %sum
}

; The old format reads the flag at operand 3.
; CHECK-LABEL: define i32 @old_flag_three(
; CHECK: %sum = add i32 %one, %one
define i32 @old_flag_three(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !32
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !32
  %sum = add i32 %one, %two
  ret i32 %sum
}

; CHECK-LABEL: define i32 @old_flag_two(
; CHECK: %sum = add i32 %one, %two
; CHECK-NOT: warning:
define i32 @old_flag_two(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !tbaa !33
  store i32 0, ptr %q, align 4
  %two = load i32, ptr %p, align 4, !tbaa !33
  %sum = add i32 %one, %two
  ret i32 %sum
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!20 = !{!2, !2, i64 0, i64 4, i32 1}
!21 = !{!2, !2, i64 0, i64 4, i64 3}
!22 = !{!2, !2, i64 0, i64 4, i64 2}
!23 = !{!2, !2, i64 0, i64 4, i8 -1}
!24 = !{!2, !2, i64 0, i64 4, i128 18446744073709551617}
!25 = !{!2, !2, i64 0, i64 4, i128 18446744073709551618}
!26 = !{!2, !2, i64 0, i64 4, !"yes"}
!30 = !{!"omnipotent char", !0, i64 0}
!31 = !{!"int", !30, i64 0}
!32 = !{!31, !31, i64 0, i64 3}
!33 = !{!31, !31, i64 0, i64 2}
