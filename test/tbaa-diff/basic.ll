; tbaa-diff compares rust-tbaa with LLVM's built-in TBAA on every pair of
; distinct tags of the module (both orders: alias answers and most generic
; tags), plus every tag's immutability and, with !llvm.errno.tbaa, errno.
; Here: 4 distinct tags -> 6 pairs, 12 merges; all agree.
;
; RUN: %opt -passes=tbaa-diff -disable-output %s 2>&1 | FileCheck %s --check-prefix=CLEAN
; RUN: %opt -passes='tbaa-diff<fatal>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CLEAN
; CLEAN-NOT: disagreement
; CLEAN: tbaa-diff: 6 pairs, 12 merges, 0 disagreements{{$}}
;
; A test-only switch inverts one rust-tbaa answer as tbaa-diff sees it: the
; disagreement is reported with both instructions, both tags and both
; answers; opt still succeeds unless <fatal> is given.
; RUN: %opt -passes=tbaa-diff -aliaskit-diff-flip=1 -disable-output %s 2>&1 | FileCheck %s --check-prefix=FLIP
; FLIP: tbaa-diff: disagreement: alias(A, B): rust-tbaa NoAlias, tbaa MayAlias
; FLIP-NEXT: A: @f:   %x = load i32, ptr %p, align 4, !tbaa ![[INT:[0-9]+]]
; FLIP-NEXT: ![[INT]] = !{![[INTTY:[0-9]+]], ![[INTTY]], i64 0}
; FLIP-NEXT: B: @f:   store i32 1, ptr %q, align 4, !tbaa ![[SB:[0-9]+]]
; FLIP-NEXT: ![[SB]] = !{![[S:[0-9]+]], ![[INTTY]], i64 4}
; FLIP: tbaa-diff: 6 pairs, 12 merges, 1 disagreements{{$}}
;
; RUN: not %opt -passes='tbaa-diff<fatal>' -aliaskit-diff-flip=2 -disable-output %s 2>&1 | FileCheck %s --check-prefix=FATAL
; FATAL: tbaa-diff: disagreement: alias(A, B): rust-tbaa NoAlias, tbaa MayAlias
; FATAL: tbaa-diff: 6 pairs, 12 merges, 1 disagreements
; FATAL: LLVM ERROR: tbaa-diff: 1 disagreements between rust-tbaa and tbaa
;
; Too many tags: max-tags samples them evenly and says so.
; RUN: %opt -passes='tbaa-diff<max-tags=2>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CAP
; CAP: tbaa-diff: 1 pairs, 2 merges, 0 disagreements (sampled 2 of 4 tags)
; RUN: %opt -passes='tbaa-diff<fatal;max-tags=3>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CAP3
; CAP3: tbaa-diff: 3 pairs, 6 merges, 0 disagreements (sampled 3 of 4 tags)
;
; It sits anywhere in a pipeline and leaves the module alone.
; RUN: %opt -passes='tbaa-diff,function(gvn),tbaa-diff' -aa-pipeline=basic-aa,rust-tbaa -S %s 2>%t.err | FileCheck %s --check-prefix=IR
; RUN: FileCheck %s --check-prefix=TWICE < %t.err
; IR-LABEL: define i32 @g(
; IR: add i32 %x, %x
; TWICE-COUNT-2: tbaa-diff: {{[0-9]+}} pairs
;
; RUN: not %opt -passes='tbaa-diff<bogus>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: invalid tbaa-diff pass parameter 'bogus' (expected fatal or max-tags=N)
; RUN: not %opt -passes='tbaa-diff<max-tags=abc>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BADN
; BADN: invalid tbaa-diff pass parameter 'max-tags=abc' (max-tags takes a number)

define i32 @f(ptr %p, ptr %q, ptr %r, ptr %s) {
  %x = load i32, ptr %p, align 4, !tbaa !4
  store i32 1, ptr %q, align 4, !tbaa !6
  store float 1.0, ptr %r, align 4, !tbaa !7
  %y = load i32, ptr %p, align 4, !tbaa !4
  %c = load i8, ptr %s, align 1, !tbaa !8
  %z = add i32 %x, %y
  ret i32 %z
}

define i32 @g(ptr %p, ptr %r) {
  %x = load i32, ptr %p, align 4, !tbaa !4
  store float 1.0, ptr %r, align 4, !tbaa !7
  %y = load i32, ptr %p, align 4, !tbaa !4
  %z = add i32 %x, %y
  ret i32 %z
}

!0 = !{!"root"}
!1 = !{!"char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!4 = !{!2, !2, i64 0}
!5 = !{!"S", !2, i64 0, !2, i64 4}
!6 = !{!5, !2, i64 4}
!7 = !{!3, !3, i64 0}
!8 = !{!1, !1, i64 0, i64 1}
