; verify-alias-md on !tbaa.struct (spec §2), which LLVM 22's verifier does
; not check at all (its upstream test Verifier/tbaa-struct.ll accepts all of
; these, with a FIXME): a flat list of (offset, size, tag) triples, offsets
; and sizes integer constants, tags valid access tags, regions sorted and
; not overlapping, and only on memory copies (llvm.memcpy, llvm.memmove and
; their inline variants). Every negative module passes LLVM's verifier
; (shown by running it). Findings about a node are made once and reported
; at every instruction carrying it: each negative module attaches the node
; to two copies.
;
; RUN: rm -rf %t && split-file %s %t
;
; tbaa-struct-shape
; RUN: not %opt -passes=verify-alias-md -disable-output %t/shape.bad.ll 2>&1 | FileCheck %s --check-prefix=SHAPE --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/shape.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/shape.good.ll 2>&1 | count 0
;
; tbaa-struct-offset
; RUN: not %opt -passes=verify-alias-md -disable-output %t/offset.bad.ll 2>&1 | FileCheck %s --check-prefix=OFFSET --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/offset.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/offset.good.ll 2>&1 | count 0
;
; tbaa-struct-size
; RUN: not %opt -passes=verify-alias-md -disable-output %t/size.bad.ll 2>&1 | FileCheck %s --check-prefix=SIZE --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/size.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/size.good.ll 2>&1 | count 0
;
; tbaa-struct-tag
; RUN: not %opt -passes=verify-alias-md -disable-output %t/tag.bad.ll 2>&1 | FileCheck %s --check-prefix=TAG --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/tag.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/tag.good.ll 2>&1 | count 0
;
; tbaa-struct-order
; RUN: not %opt -passes=verify-alias-md -disable-output %t/order.bad.ll 2>&1 | FileCheck %s --check-prefix=ORDER --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/order.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/order.good.ll 2>&1 | count 0
;
; tbaa-struct-not-copy
; RUN: %opt -passes=verify-alias-md -disable-output %t/notcopy.bad.ll 2>&1 | FileCheck %s --check-prefix=NOTCOPY --implicit-check-not=verify-alias-md
; RUN: %opt-llvm -passes=verify -disable-output %t/notcopy.bad.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/notcopy.good.ll 2>&1 | count 0

;--- shape.bad.ll
; Two operands: a triple without its tag.
; SHAPE:      error: verify-alias-md [tbaa-struct-shape]: !tbaa.struct must be a list of (offset, size, tag) triples, but it has 2 operands
; SHAPE-NEXT:   in @f, !tbaa.struct:
; SHAPE-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; SHAPE-NEXT: !10 = !{i64 0, i64 4}
; SHAPE-NEXT: error: verify-alias-md [tbaa-struct-shape]: !tbaa.struct must be a list of (offset, size, tag) triples, but it has 2 operands
; SHAPE-NEXT:   in @f, !tbaa.struct:
; SHAPE-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
; SHAPE-NEXT: !10 = !{i64 0, i64 4}
; SHAPE-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4}

;--- shape.good.ll
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3}

;--- offset.bad.ll
; OFFSET:      error: verify-alias-md [tbaa-struct-offset]: the offset of region 1 of !tbaa.struct is not an integer constant
; OFFSET-NEXT:   in @f, !tbaa.struct:
; OFFSET-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; OFFSET-NEXT: !10 = !{i64 0, i64 4, !3, !"4", i64 4, !3}
; OFFSET-NEXT: error: verify-alias-md [tbaa-struct-offset]: the offset of region 1 of !tbaa.struct is not an integer constant
; OFFSET-NEXT:   in @f, !tbaa.struct:
; OFFSET-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
; OFFSET-NEXT: !10 = !{i64 0, i64 4, !3, !"4", i64 4, !3}
; OFFSET-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, !"4", i64 4, !3}

;--- offset.good.ll
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}

;--- size.bad.ll
; SIZE:      error: verify-alias-md [tbaa-struct-size]: the size of region 0 of !tbaa.struct is not an integer constant
; SIZE-NEXT:   in @f, !tbaa.struct:
; SIZE-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; SIZE-NEXT: !10 = !{i64 0, !"4", !3, i64 4, i64 4, !3}
; SIZE-NEXT: error: verify-alias-md [tbaa-struct-size]: the size of region 0 of !tbaa.struct is not an integer constant
; SIZE-NEXT:   in @f, !tbaa.struct:
; SIZE-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
; SIZE-NEXT: !10 = !{i64 0, !"4", !3, i64 4, i64 4, !3}
; SIZE-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, !"4", !3, i64 4, i64 4, !3}

;--- size.good.ll
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}

;--- tag.bad.ll
; A tag LLVM's verifier would reject on an instruction (offset 4 into an
; int), a string, and a tag LLVM rejects silently (tbaa-silently-invalid).
; TAG:      error: verify-alias-md [tbaa-struct-tag]: the tag of region 0 of !tbaa.struct is not a valid access tag
; TAG-NEXT:   in @f, !tbaa.struct:
; TAG-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; TAG-NEXT: !10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
; TAG-NEXT: error: verify-alias-md [tbaa-struct-tag]: the tag of region 1 of !tbaa.struct is not a valid access tag
; TAG-NEXT:   in @f, !tbaa.struct:
; TAG-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; TAG-NEXT: !10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
; TAG-NEXT: error: verify-alias-md [tbaa-struct-tag]: the tag of region 2 of !tbaa.struct is not a valid access tag
; TAG-NEXT:   in @f, !tbaa.struct:
; TAG-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; TAG-NEXT: !10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
; TAG-NEXT: error: verify-alias-md [tbaa-struct-tag]: the tag of region 0 of !tbaa.struct is not a valid access tag
; TAG-NEXT:   in @f, !tbaa.struct:
; TAG-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
; TAG-NEXT: !10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
; TAG-NEXT: error: verify-alias-md [tbaa-struct-tag]: the tag of region 1 of !tbaa.struct is not a valid access tag
; TAG-NEXT:   in @f, !tbaa.struct:
; TAG-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
; TAG-NEXT: !10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
; TAG-NEXT: error: verify-alias-md [tbaa-struct-tag]: the tag of region 2 of !tbaa.struct is not a valid access tag
; TAG-NEXT:   in @f, !tbaa.struct:
; TAG-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
; TAG-NEXT: !10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
; TAG-NEXT: LLVM ERROR: verify-alias-md: 6 errors in alias metadata
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !4, i64 4, i64 2, !"int", i64 6, i64 2, !5}
!4 = !{!2, !2, i64 4}
!5 = !{!6, !2, i64 0}
!6 = !{!"bad", i64 40}

;--- tag.good.ll
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !10
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, i64 4, i64 2, !3, i64 6, i64 2, !3}

;--- order.bad.ll
; Regions out of order in one node, overlapping regions in another.
; ORDER:      error: verify-alias-md [tbaa-struct-order]: region 1 of !tbaa.struct (offset 0) comes before region 0 (offset 4): regions must be sorted
; ORDER-NEXT:   in @f, !tbaa.struct:
; ORDER-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
; ORDER-NEXT: !10 = !{i64 4, i64 4, !3, i64 0, i64 4, !3}
; ORDER-NEXT: error: verify-alias-md [tbaa-struct-order]: regions 0 (offset 0, size 8) and 1 (offset 4) of !tbaa.struct overlap
; ORDER-NEXT:   in @f, !tbaa.struct:
; ORDER-NEXT:   call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !11
; ORDER-NEXT: !11 = !{i64 0, i64 8, !3, i64 4, i64 4, !3}
; ORDER-NEXT: LLVM ERROR: verify-alias-md: 2 errors in alias metadata
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !11
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 4, i64 4, !3, i64 0, i64 4, !3}
!11 = !{i64 0, i64 8, !3, i64 4, i64 4, !3}

;--- order.good.ll
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.p0.p0.i64(ptr %s, ptr %d, i64 8, i1 false), !tbaa.struct !11
  ret void
}
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}
!11 = !{i64 0, i64 2, !3, i64 4, i64 4, !3}

;--- notcopy.bad.ll
; On a load, a call that is not a copy, and a memset: a warning each.
; NOTCOPY:      warning: verify-alias-md [tbaa-struct-not-copy]: !tbaa.struct describes the regions of a memory copy, but this instruction does not copy memory (LLVM ignores it here)
; NOTCOPY-NEXT:   in @f, !tbaa.struct:
; NOTCOPY-NEXT:   %v = load i32, ptr %s, align 4, !tbaa.struct !10
; NOTCOPY-NEXT: !10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}
; NOTCOPY-NEXT: warning: verify-alias-md [tbaa-struct-not-copy]: !tbaa.struct describes the regions of a memory copy, but this instruction does not copy memory (LLVM ignores it here)
; NOTCOPY-NEXT:   in @f, !tbaa.struct:
; NOTCOPY-NEXT:   call void @g(ptr %d), !tbaa.struct !10
; NOTCOPY-NEXT: !10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}
; NOTCOPY-NEXT: warning: verify-alias-md [tbaa-struct-not-copy]: !tbaa.struct describes the regions of a memory copy, but this instruction does not copy memory (LLVM ignores it here)
; NOTCOPY-NEXT:   in @f, !tbaa.struct:
; NOTCOPY-NEXT:   call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 8, i1 false), !tbaa.struct !10
; NOTCOPY-NEXT: !10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}
declare void @g(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
define i32 @f(ptr %d, ptr %s) {
  %v = load i32, ptr %s, align 4, !tbaa.struct !10
  call void @g(ptr %d), !tbaa.struct !10
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 8, i1 false), !tbaa.struct !10
  ret i32 %v
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}

;--- notcopy.good.ll
; memcpy, memmove, and their inline variants.
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memmove.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memcpy.inline.p0.p0.i64(ptr, ptr, i64, i1)
define void @f(ptr %d, ptr %s) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memmove.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  call void @llvm.memcpy.inline.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !10
  ret void
}
!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!2, !2, i64 0}
!10 = !{i64 0, i64 4, !3, i64 4, i64 4, !3}
