; Access paths that LLVM cannot walk. To decide whether one access may be
; to a subobject of the other, LLVM follows the first tag's offset down
; from its base type, one field at a time:
;  * new format, the walk leaves the type DAG (the field at that offset is
;    a scalar of another type, which has no fields) before it meets the
;    access type: LLVM asserts, or in a release build dereferences null;
;  * old format, the offset lies before the struct's first field: LLVM
;    indexes before the field list and crashes;
;  * the walk comes back to a struct it has visited (a struct that holds
;    itself at that offset): LLVM loops forever. Those cases are not run
;    with the built-in tbaa.
; The verifier rejects all of these, hence -disable-verify. rust-tbaa must
; not crash or hang: the query gets MayAlias and one warning names the tag
; or type, once; other queries keep their answers.
;
; RUN: rm -rf %t && split-file %s %t
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/off-path.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %t/off-path.ll 2>&1 | FileCheck %s --check-prefix=OFF-EVAL
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/off-path.ll 2>&1 | FileCheck %s --check-prefix=OFF-GVN
;
; RUN: not --crash %opt-llvm -disable-verify -aa-pipeline=tbaa,basic-aa -passes=gvn -disable-output %t/before-first.ll
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/before-first.ll 2>&1 | FileCheck %s --check-prefix=BEFORE
;
; The built-in tbaa hangs on these two (not run).
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/loop-old.ll 2>&1 | FileCheck %s --check-prefix=LOOP-OLD
; RUN: %opt -disable-verify -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %t/loop-new.ll 2>&1 | FileCheck %s --check-prefix=LOOP-NEW

;--- off-path.ll
; Trio is {short @0, int @4}, but the tag claims an int at offset 0. The
; walk from Trio@0 reaches the short, which has no fields. Against the two
; fields of Other it runs off (one warning for both queries). Against a
; short it meets the short's base first and is decided as usual.
; OFF-EVAL-LABEL: Function: four_stores:
; OFF-EVAL-NOT: warning:
; OFF-EVAL: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Trio{{.*}}: the access path ends before reaching the access type; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; OFF-EVAL-NEXT: MayAlias: store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; OFF-EVAL-NEXT: MayAlias: store i32 3, ptr %c, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; OFF-EVAL-NEXT: NoAlias: store i32 3, ptr %c, align 4, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}}
; OFF-EVAL-NEXT: MayAlias: store i16 4, ptr %d, align 2, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; OFF-EVAL-NEXT: NoAlias: store i16 4, ptr %d, align 2, !tbaa !{{[0-9]+}} <-> store i32 2, ptr %b, align 4, !tbaa !{{[0-9]+}}
; OFF-EVAL-NEXT: NoAlias: store i16 4, ptr %d, align 2, !tbaa !{{[0-9]+}} <-> store i32 3, ptr %c, align 4, !tbaa !{{[0-9]+}}
; OFF-EVAL-NOT: warning:
; OFF-EVAL: Alias Analysis Evaluator Report

; OFF-GVN: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Trio{{.*}}: the access path ends before reaching the access type; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; OFF-GVN-NOT: warning:
; OFF-GVN-LABEL: define i32 @reload(
; OFF-GVN: %v = load i32, ptr %a
; OFF-GVN-NEXT: ret i32 %v

define void @four_stores(ptr %a, ptr %b, ptr %c, ptr %d) {
  store i32 1, ptr %a, align 4, !tbaa !12
  store i32 2, ptr %b, align 4, !tbaa !13
  store i32 3, ptr %c, align 4, !tbaa !14
  store i16 4, ptr %d, align 2, !tbaa !5
  ret void
}

define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !13
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !13
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!5 = !{!3, !3, i64 0, i64 2}
!10 = !{!1, i64 8, !"Trio", !3, i64 0, i64 2, !2, i64 4, i64 4}
!11 = !{!1, i64 8, !"Other", !2, i64 0, i64 4, !2, i64 4, i64 4}
; Trio at offset 0 is a short, not an int.
!12 = !{!10, !2, i64 0, i64 4}
!13 = !{!11, !2, i64 4, i64 4}
!14 = !{!11, !2, i64 0, i64 4}

;--- before-first.ll
; Gap's first field is at offset 4; the tag asks for offset 0.
; BEFORE: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Gap{{.*}}: offset 0 lies before its first field; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; BEFORE-NOT: warning:
; BEFORE-LABEL: define i32 @reload(
; BEFORE: %v = load i32, ptr %a
; BEFORE-NEXT: ret i32 %v
; BEFORE-LABEL: define i32 @reload_again(
; BEFORE: %v = load i32, ptr %a
; BEFORE-NEXT: ret i32 %v
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !4
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !4
  ret i32 %v
}

define i32 @reload_again(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !13
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !13
  ret i32 %v
}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!4 = !{!2, !2, i64 0}
!10 = !{!"Gap", !3, i64 4, !2, i64 8}
!11 = !{!"Plain", !2, i64 0, !2, i64 4}
!12 = !{!10, !2, i64 0}
!13 = !{!11, !2, i64 4}

;--- loop-old.ll
; Ouro's field at offset 0 is Ouro itself.
; LOOP-OLD: warning: aliaskit::tbaa: malformed TBAA node {{.*}}Ouro{{.*}}: the access path from it visits a type twice; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; LOOP-OLD-NOT: warning:
; LOOP-OLD-LABEL: define i32 @reload(
; LOOP-OLD: %v = load i32, ptr %a
; LOOP-OLD-NEXT: ret i32 %v
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !13
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !13
  ret i32 %v
}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!10 = !{!"Ouro", !10, i64 0, !2, i64 4}
!11 = !{!"Plain", !2, i64 0, !2, i64 4}
!12 = !{!10, !2, i64 0}
!13 = !{!11, !2, i64 4}

;--- loop-new.ll
; Boros (new format) holds a Ring at 0, and the Ring a Boros at 0.
; LOOP-NEW: warning: aliaskit::tbaa: malformed TBAA node {{.*}}: the access path from it visits a type twice; queries that reach it (first: {{.+}} vs {{.+}}) are answered MayAlias
; LOOP-NEW-NOT: warning:
; LOOP-NEW-LABEL: define i32 @reload(
; LOOP-NEW: %v = load i32, ptr %a
; LOOP-NEW-NEXT: ret i32 %v
define i32 @reload(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !13
  store i32 2, ptr %b, align 4, !tbaa !12
  %v = load i32, ptr %a, align 4, !tbaa !13
  ret i32 %v
}

!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!10 = !{!1, i64 8, !"Boros", !11, i64 0, i64 4, !2, i64 4, i64 4}
!11 = !{!1, i64 8, !"Ring", !10, i64 0, i64 4, !2, i64 4, i64 4}
!14 = !{!1, i64 8, !"Plain", !2, i64 0, i64 4, !2, i64 4, i64 4}
!12 = !{!10, !2, i64 0, i64 4}
!13 = !{!14, !2, i64 4, i64 4}
