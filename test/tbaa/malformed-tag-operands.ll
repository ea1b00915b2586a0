; Access tags with operands of the wrong kind or missing: an offset that is
; null, a string, a node or a float, a tag with no operands at all, and a
; two-operand tag in llvm.errno.tbaa (tags in that list are not upgraded
; by the IR reader, unlike tags on instructions). The verifier rejects all
; of them, hence -disable-verify. LLVM reads such operands with unchecked
; casts: it crashes on most of them and misreads the rest (undefined
; behaviour). rust-tbaa must not crash: queries that read the operand get
; MayAlias and one warning names the tag; other queries are unaffected.
;
; RUN: rm -rf %t && split-file %s %t
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/offset-null.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/offset-null.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-NULL
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/offset-null.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-NULL
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/offset-string.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/offset-string.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-STRING
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/offset-string.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-STRING
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/offset-node.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/offset-node.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-NODE
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/offset-node.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-NODE
;
; A float offset: LLVM takes the float for an integer and, in this build,
; goes on with a meaningless offset instead of crashing; it is not run.
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/offset-float.ll 2>&1 | FileCheck %s --check-prefixes=EVAL,EVAL-FLOAT
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/offset-float.ll 2>&1 | FileCheck %s --check-prefixes=GVN,GVN-FLOAT
;
; `!tbaa !{}`: LLVM reads operand 1 of an empty node, out of bounds; in this
; build that happens not to crash, so it is not run.
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/empty.ll 2>&1 | FileCheck %s --check-prefix=EMPTY
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=basic-aa,tbaa -passes=gvn -disable-output %t/errno-short.ll
; RUN: %opt -disable-verify -aa-pipeline=basic-aa,rust-tbaa -passes=gvn -S %t/errno-short.ll 2>&1 | FileCheck %s --check-prefix=ERRNO

; The same functions for each offset: a store through the bad tag (Duo::b,
; offset 4 if it were written right) and stores tagged int and short. The
; int query is decided before the offset is read (the int tag is a whole
; int, the common type); the short query reads it: one warning, MayAlias.
; EVAL-LABEL: Function: three_stores:
; EVAL-NOT: warning:
; EVAL: MayAlias: store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; EVAL-NULL-NEXT: warning: aliaskit::tbaa: malformed TBAA node {{.*}}null{{.*}}: operand 2 should be an integer constant; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL-STRING-NEXT: warning: aliaskit::tbaa: malformed TBAA node {{.*}}four{{.*}}: operand 2 should be an integer constant; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL-NODE-NEXT: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Duo{{.*}}: operand 2 should be an integer constant; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL-FLOAT-NEXT: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Duo{{.*}}: operand 2 should be an integer constant; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EVAL-NEXT: MayAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i16 3, ptr %c, align 2, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NOT: warning:
; EVAL: Alias Analysis Evaluator Report

; GVN-NULL: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: operand 2 should be an integer constant;
; GVN-STRING: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: operand 2 should be an integer constant;
; GVN-NODE: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: operand 2 should be an integer constant;
; GVN-FLOAT: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: operand 2 should be an integer constant;
; GVN-NOT: warning:
; GVN-LABEL: define i16 @reload(
; GVN: %v = load i16, ptr %a
; GVN-NEXT: ret i16 %v

;--- offset-null.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Duo", !2, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !2, null, i64 4}

;--- offset-string.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Duo", !2, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !2, !"four", i64 4}

;--- offset-node.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Duo", !2, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !2, !2, i64 4}

;--- offset-float.ll
define void @three_stores(ptr %a, ptr %b, ptr %c) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !4
  store i16 3, ptr %c, align 2, !tbaa !5
  ret void
}

define i16 @reload(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 2, !tbaa !5
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i16, ptr %a, align 2, !tbaa !5
  ret i16 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Duo", !2, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !2, float 4.0, i64 4}

;--- empty.ll
; EMPTY: warning: aliaskit::tbaa: malformed TBAA node !{}: operand 1 is missing; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; EMPTY-NOT: warning:
; EMPTY-LABEL: define i32 @reload(
; EMPTY: %v = load i32, ptr %a
; EMPTY-NEXT: ret i32 %v
; EMPTY-LABEL: define i32 @reload_again(
; EMPTY: %v = load i32, ptr %a
; EMPTY-NEXT: ret i32 %v
; EMPTY-NOT: warning:
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

define i32 @reload_again(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !5
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !5
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 4, !"float"}
!4 = !{!2, !2, i64 0, i64 4}
!5 = !{!3, !3, i64 0, i64 4}
!12 = !{}

;--- errno-short.ll
; errno is declared as accessed through `!{!Pair, !int}`: no offset.
; ERRNO: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Pair{{.*}}: operand 2 is missing; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; ERRNO-NOT: warning:
; ERRNO-LABEL: define i32 @field_across_errno(
; ERRNO: call void @set_errno()
; ERRNO-NEXT: %b = load i32, ptr %p
; ERRNO-NEXT: %s = add i32 %a, %b
declare void @set_errno() memory(errnomem: write)

define i32 @field_across_errno(ptr %p) {
  %a = load i32, ptr %p, align 4, !tbaa !13
  call void @set_errno()
  %b = load i32, ptr %p, align 4, !tbaa !13
  %s = add i32 %a, %b
  ret i32 %s
}

!llvm.errno.tbaa = !{!12}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!10 = !{!"Pair", !2, i64 0, !3, i64 4}
!12 = !{!10, !2}
!13 = !{!10, !2, i64 0}
