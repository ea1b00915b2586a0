; Old-style scalar TBAA types (`!{!"name", parent}`, attached directly as
; the tag and upgraded to struct-path tags by the IR parser), as in LLVM's
; aliastest.ll:
;  * two types under one common root `!{}` do not alias, so GVN reuses the
;    first load across the intervening store;
;  * a type under a different root (another type system) may alias anything;
;  * a load tagged immutable (`i1 1`) cannot be clobbered even by an untagged
;    store; with the flag `i1 0` it can.
; rust-tbaa must behave exactly like the built-in tbaa.
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S < %s | FileCheck %s
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S < %s | FileCheck %s

; CHECK-LABEL: define i16 @same_root(
; CHECK: store i16 7, ptr %dst
; CHECK-NOT: load
; CHECK: %sum = add i16 %first, %first
define i16 @same_root(ptr %src, ptr %dst) {
  %first = load i16, ptr %src, !tbaa !11
  store i16 7, ptr %dst, !tbaa !12
  %second = load i16, ptr %src, !tbaa !11
  %sum = add i16 %first, %second
  ret i16 %sum
}

; The store's type hangs off another root: no common type, MayAlias.
; CHECK-LABEL: define i16 @other_root(
; CHECK: %second = load i16, ptr %src
; CHECK: %sum = add i16 %first, %second
define i16 @other_root(ptr %src, ptr %dst) {
  %first = load i16, ptr %src, !tbaa !11
  store i16 7, ptr %dst, !tbaa !21
  %second = load i16, ptr %src, !tbaa !11
  %sum = add i16 %first, %second
  ret i16 %sum
}

; The same two types but with the store's node written out again: uniquing
; makes it the same node as !12, so this still does not alias.
; CHECK-LABEL: define i16 @same_root_respelled(
; CHECK: store i16 7, ptr %dst
; CHECK-NOT: load
; CHECK: %sum = add i16 %first, %first
define i16 @same_root_respelled(ptr %src, ptr %dst) {
  %first = load i16, ptr %src, !tbaa !11
  store i16 7, ptr %dst, !tbaa !13
  %second = load i16, ptr %src, !tbaa !11
  %sum = add i16 %first, %second
  ret i16 %sum
}

; apple (loads) is a child of fruit (store): they may alias.
; CHECK-LABEL: define i16 @ancestor(
; CHECK: %second = load i16, ptr %src
; CHECK: %sum = add i16 %first, %second
define i16 @ancestor(ptr %src, ptr %dst) {
  %first = load i16, ptr %src, !tbaa !11
  store i16 7, ptr %dst, !tbaa !14
  %second = load i16, ptr %src, !tbaa !11
  %sum = add i16 %first, %second
  ret i16 %sum
}

; The loads are tagged immutable (`i1 1`): an untagged store cannot write
; that memory.
; CHECK-LABEL: define i16 @const_loads(
; CHECK: store i16 7, ptr %dst
; CHECK-NOT: load
; CHECK: %sum = add i16 %first, %first
define i16 @const_loads(ptr %src, ptr %dst) {
  %first = load i16, ptr %src, !tbaa !31
  store i16 7, ptr %dst
  %second = load i16, ptr %src, !tbaa !31
  %sum = add i16 %first, %second
  ret i16 %sum
}

; The same with the flag cleared (`i1 0`): the untagged store clobbers.
; CHECK-LABEL: define i16 @nonconst_loads(
; CHECK: %second = load i16, ptr %src
; CHECK: %sum = add i16 %first, %second
define i16 @nonconst_loads(ptr %src, ptr %dst) {
  %first = load i16, ptr %src, !tbaa !32
  store i16 7, ptr %dst
  %second = load i16, ptr %src, !tbaa !32
  %sum = add i16 %first, %second
  ret i16 %sum
}

; One type system, rooted at the empty node: fruit and pear under the root,
; apple under fruit. !13 is spelled like !12, so it is the same node.
!10 = !{}
!11 = !{!"apple", !14}
!12 = !{!"pear", !10}
!13 = !{!"pear", !10}
!14 = !{!"fruit", !10}
; Another type system.
!20 = !{!"elsewhere"}
!21 = !{!"pear", !20}
; Old-style three-operand types with a constant flag.
!31 = !{!"quince", !10, i1 1}
!32 = !{!"quince", !10, i1 0}
