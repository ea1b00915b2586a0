; ALIASKIT_BISECT selects which decisions of rust-tbaa keep their definite
; answer; ALIASKIT_BISECT_LOG records every decision. Here GVN forwards the
; two loads of %i past the float and the short store only while the
; (int, float) and (int, short) decisions are kept.
;
; Everything kept (the variable unset, and 'y'): both loads are forwarded.
; RUN: %opt -aa-pipeline=rust-tbaa -passes=gvn -S %s | FileCheck %s --check-prefix=ALL
; RUN: env ALIASKIT_BISECT=y %opt -aa-pipeline=rust-tbaa -passes=gvn -S %s | FileCheck %s --check-prefix=ALL
; ALL-LABEL: define i32 @f(
; ALL-NOT:   load
; ALL:       ret i32 2
;
; Nothing kept: every answer is conservative, both loads stay.
; RUN: env ALIASKIT_BISECT=n %opt -aa-pipeline=rust-tbaa -passes=gvn -S %s | FileCheck %s --check-prefix=NONE
; NONE-LABEL: define i32 @f(
; NONE:       %a = load i32
; NONE:       %b = load i32
; NONE:       %r = add i32 %a, %b
;
; The log of a run: one JSON line per decision, with id, analysis, the
; function, both instructions, both tags in readable form and why.
; RUN: rm -f %t.log
; RUN: env ALIASKIT_BISECT_LOG=%t.log %opt -aa-pipeline=rust-tbaa -passes=gvn -disable-output %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; RUN: grep -c '"id"' %t.log | FileCheck %s --check-prefix=COUNT
; COUNT: 2
; LOG-DAG: {"id":"{{[0-9a-f]+}}","analysis":"tbaa","question":"tag-pair","answer":"NoAlias","kept":true,"module":"{{.*}}gvn.ll","module_key":"{{[0-9a-f]+}}","function":"f","first":{"instruction":"store float 0.000000e+00, ptr %fl, align 4, !tbaa !{{[0-9]+}}","metadata":"!tbaa {base \"float\", access \"float\", offset 0}"},"second":{"instruction":"store i32 1, ptr %i, align 4, !tbaa !{{[0-9]+}}","metadata":"!tbaa {base \"int\", access \"int\", offset 0}"},"why":"neither access can be to a subobject of the other (common type \"omnipotent char\")"}
; LOG-DAG: "function":"f","first":{"instruction":"store i16 0, ptr %s, align 2, !tbaa !{{[0-9]+}}","metadata":"!tbaa {base \"short\", access \"short\", offset 0}"}
;
; Dropping one decision by its id ('y -x<id>', here read from a file with
; '@'): only the load after the short store stays.
; RUN: grep short %t.log | sed -e 's/^{"id":"\([0-9a-f]*\)".*/y -x\1/' > %t.sel
; RUN: env ALIASKIT_BISECT=@%t.sel %opt -aa-pipeline=rust-tbaa -passes=gvn -S %s | FileCheck %s --check-prefix=DROP
; DROP-LABEL: define i32 @f(
; DROP-NOT:   %a = load
; DROP:       %b = load i32
; DROP:       %r = add i32 1, %b
;
; A log of a run that dropped it says kept:false for that one decision.
; RUN: rm -f %t.drop.log
; RUN: env ALIASKIT_BISECT=@%t.sel ALIASKIT_BISECT_LOG=%t.drop.log %opt -aa-pipeline=rust-tbaa -passes=gvn -disable-output %s
; RUN: FileCheck %s --check-prefix=KEPT < %t.drop.log
; KEPT-DAG: "kept":true,{{.*}}store float
; KEPT-DAG: "kept":false,{{.*}}store i16
;
; The same ids in a second run (ids come from names and contents, not
; pointers or query order); when DSE runs first and asks other questions
; too, GVN's decisions keep their ids.
; RUN: rm -f %t.2.log %t.3.log
; RUN: env ALIASKIT_BISECT_LOG=%t.2.log %opt -aa-pipeline=rust-tbaa -passes=gvn -disable-output %s
; RUN: env ALIASKIT_BISECT_LOG=%t.3.log %opt -aa-pipeline=rust-tbaa -passes='dse,gvn' -disable-output %s
; RUN: grep -o '"id":"[0-9a-f]*"' %t.log | sort > %t.ids1
; RUN: grep -o '"id":"[0-9a-f]*"' %t.2.log | sort > %t.ids2
; RUN: grep -o '"id":"[0-9a-f]*"' %t.3.log | sort > %t.ids3
; RUN: diff %t.ids1 %t.ids2
; RUN: grep -F -x -f %t.ids1 %t.ids3 > %t.common
; RUN: diff %t.ids1 %t.common
;
; A bad selection is reported and answers everything conservatively.
; RUN: env ALIASKIT_BISECT=maybe %opt -aa-pipeline=rust-tbaa -passes=gvn -S %s 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: error: aliaskit::bisect: ALIASKIT_BISECT: bad term 'maybe' (expected y, n, [+-]BITS of 0, 1 and ., [+-]xHEXID, [+-]mBITS or [+-]mxHEXKEY:BITS); every decision is answered conservatively
; BAD: %b = load i32

define i32 @f(ptr %i, ptr %fl, ptr %s) {
  store i32 1, ptr %i, align 4, !tbaa !1
  store float 0.0, ptr %fl, align 4, !tbaa !4
  %a = load i32, ptr %i, align 4, !tbaa !1
  store i16 0, ptr %s, align 2, !tbaa !6
  %b = load i32, ptr %i, align 4, !tbaa !1
  %r = add i32 %a, %b
  ret i32 %r
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!2, !2, i64 0}
!2 = !{!"int", !3, i64 0}
!3 = !{!"omnipotent char", !0, i64 0}
!4 = !{!5, !5, i64 0}
!5 = !{!"float", !3, i64 0}
!6 = !{!7, !7, i64 0}
!7 = !{!"short", !3, i64 0}
