; A type whose chain of parent types is a cycle. LLVM collects the parents
; of both access types to find their least common type and stops with
; "LLVM ERROR: Cycle found in TBAA metadata." when a type repeats. The
; verifier does not check the parents of a new-format access type, so the
; new-format cases below are even verifier-clean (old format: rejected).
; rust-tbaa must not crash: queries that need the chain get MayAlias, and
; one warning names the node (once, however many queries reach it); other
; queries keep their precise answers.
;
; RUN: rm -rf %t && split-file %s %t
;
; Two new-format types that are each other's parent.
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/new.ll 2>&1 | FileCheck %s --check-prefix=LLVM
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/new.ll 2>&1 | FileCheck %s --check-prefix=NEW-EVAL
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/new.ll 2>&1 | FileCheck %s --check-prefix=NEW-GVN
;
; A new-format type that is its own parent.
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/self.ll 2>&1 | FileCheck %s --check-prefix=LLVM
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/self.ll 2>&1 | FileCheck %s --check-prefix=SELF
;
; Old-format scalar types that are each other's parent.
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/old.ll 2>&1 | FileCheck %s --check-prefix=LLVM
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/old.ll 2>&1 | FileCheck %s --check-prefix=OLD
;
; The cycle is in the access type of the llvm.errno.tbaa tag; a call that
; writes errno is checked against it.
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,tbaa -passes=gvn -disable-output %t/errno.ll 2>&1 | FileCheck %s --check-prefix=LLVM
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-tbaa -passes=gvn -S %t/errno.ll 2>&1 | FileCheck %s --check-prefix=ERRNO
;
; Tags whose access types are the same cyclic type: the least common type
; is found without following parents, so neither analysis meets the cycle
; and both answer as usual (MayAlias for whole objects, NoAlias for two
; fields of one struct at different offsets), without a warning.
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %t/same.ll 2>&1 | FileCheck %s --check-prefix=SAME
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/same.ll 2>&1 | FileCheck %s --check-prefix=SAME

; LLVM: LLVM ERROR: Cycle found in TBAA metadata.

;--- new.ll
; Three stores: ping vs int and ping vs short reach the cycle (one warning
; for the node), short vs int does not and stays NoAlias.
; NEW-EVAL-LABEL: Function: three_stores:
; NEW-EVAL: warning: aliaskit::tbaa: malformed TBAA node {{.*}}ping{{.*}}: its chain of parent types is a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; NEW-EVAL-NOT: warning:
; NEW-EVAL: MayAlias: store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; NEW-EVAL-NEXT: MayAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; NEW-EVAL-NEXT: NoAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}}
; NEW-EVAL-NOT: warning:
; NEW-EVAL-LABEL: Function: reload:
; NEW-EVAL-NOT: warning:
; NEW-EVAL: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b
; NEW-EVAL-NOT: warning:
; NEW-EVAL: Alias Analysis Evaluator Report

; NEW-GVN: warning: aliaskit::tbaa: malformed TBAA node {{.*}}ping{{.*}}: its chain of parent types is a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; NEW-GVN-NOT: warning:
; NEW-GVN-LABEL: define i32 @reload(
; NEW-GVN: %v = load i32, ptr %a
; NEW-GVN-NEXT: ret i32 %v
; NEW-GVN-LABEL: define i16 @reload_short(
; NEW-GVN-NOT: load
; NEW-GVN: ret i16 1

define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

; short vs int is unaffected.
define i16 @reload_short(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i32 2, ptr %b, align 4, !tbaa !4
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!11, i64 4, !"ping"}
!11 = !{!10, i64 4, !"pong"}
!12 = !{!10, !10, i64 0, i64 4}

;--- self.ll
; SELF: warning: aliaskit::tbaa: malformed TBAA node {{.*}}narcissus{{.*}}: its chain of parent types is a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; SELF-NOT: warning:
; SELF-LABEL: define i32 @reload(
; SELF: %v = load i32, ptr %a
; SELF-NEXT: ret i32 %v
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!4 = !{!2, !2, i64 0, i64 4}
!10 = !{!10, i64 4, !"narcissus"}
!12 = !{!10, !10, i64 0, i64 4}

;--- old.ll
; OLD: warning: aliaskit::tbaa: malformed TBAA node {{.*}}tick{{.*}}: its chain of parent types is a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; OLD-NOT: warning:
; OLD-LABEL: define i32 @reload(
; OLD: %v = load i32, ptr %a
; OLD-NEXT: ret i32 %v
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!4 = !{!2, !2, i64 0}
!10 = !{!"tick", !11, i64 0}
!11 = !{!"tock", !10, i64 0}
!12 = !{!10, !10, i64 0}

;--- errno.ll
; ERRNO: warning: aliaskit::tbaa: malformed TBAA node {{.*}}ping{{.*}}: its chain of parent types is a cycle; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; ERRNO-NOT: warning:
; ERRNO-LABEL: define float @float_across_errno(
; ERRNO: call void @set_errno()
; ERRNO-NEXT: %b = load float, ptr %p
; ERRNO-NEXT: %s = fadd float %a, %b
declare void @set_errno() memory(errnomem: write)

define float @float_across_errno(ptr %p) {
  %a = load float, ptr %p, align 4, !tbaa !5
  call void @set_errno()
  %b = load float, ptr %p, align 4, !tbaa !5
  %s = fadd float %a, %b
  ret float %s
}

!llvm.errno.tbaa = !{!12}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!3 = !{!1, i64 4, !"float"}
!5 = !{!3, !3, i64 0, i64 4}
!10 = !{!11, i64 4, !"ping"}
!11 = !{!10, i64 4, !"pong"}
!12 = !{!10, !10, i64 0, i64 4}

;--- same.ll
; SAME-NOT: warning:
; SAME-LABEL: define i32 @whole_objects(
; SAME: %v = load i32, ptr %a
; SAME-NEXT: ret i32 %v
; SAME-LABEL: define i32 @two_fields(
; SAME-NOT: load
; SAME: ret i32 1
; SAME-NOT: warning:
define i32 @whole_objects(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !13
  %v = load i32, ptr %a, align 4, !tbaa !12
  ret i32 %v
}

define i32 @two_fields(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !15
  store i32 2, ptr %b, align 4, !tbaa !16
  %v = load i32, ptr %a, align 4, !tbaa !15
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!10 = !{!11, i64 4, !"ping"}
!11 = !{!10, i64 4, !"pong"}
; The same cyclic type, once as it is and once marked immutable (two tags).
!12 = !{!10, !10, i64 0, i64 4}
!13 = !{!10, !10, i64 0, i64 4, i64 0}
; A struct with two fields of the cyclic type.
!14 = !{!1, i64 8, !"Twin", !10, i64 0, i64 4, !10, i64 4, i64 4}
!15 = !{!14, !10, i64 0, i64 4}
!16 = !{!14, !10, i64 4, i64 4}
