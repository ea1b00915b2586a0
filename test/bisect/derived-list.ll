; SimplifyCFG sinks the two stores to %p into one, merging their lists
; (MDNode::getMostGenericAliasScope for !alias.scope, MDNode::intersect
; for !noalias): both merged lists are nodes the input does not have,
; written !new.N, and the decision that lets DSE delete the merged store
; says what its !noalias list was made from, with the input's numbers.
;
; RUN: rm -f %t.log
; RUN: env ALIASKIT_BISECT_LOG=%t.log %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes='simplifycfg<sink-common-insts>,dse' -disable-output %s
; RUN: FileCheck %s < %t.log
; CHECK: "first":{"instruction":"%w = load i32, ptr %q, align 4, !alias.scope !9","metadata":"!alias.scope {!3 in !0, !4 in !20}"},"second":{"instruction":"store i32 1, ptr %p, align 4, !alias.scope !new.{{[0-9]+}}, !noalias !new.{{[0-9]+}}","metadata":"!noalias {!3 in !0} (not in the input: the intersection of the input's !noalias lists !7 {!3 in !0, !1 in !0} and !8 {!3 in !0, !2 in !0})"}

define i32 @h(i1 %c, ptr %p, ptr %q) {
entry:
  br i1 %c, label %a, label %b
a:
  store i32 1, ptr %p, align 4, !alias.scope !5, !noalias !7
  br label %join
b:
  store i32 1, ptr %p, align 4, !alias.scope !6, !noalias !8
  br label %join
join:
  %w = load i32, ptr %q, align 4, !alias.scope !9
  store i32 3, ptr %p, align 4
  ret i32 %w
}

; Domain !0: scopes !1, !2 (of the two stores to %p) and !3 (of %q);
; domain !20: scope !4 (of %q too).
!0 = distinct !{!0}
!1 = distinct !{!1, !0}
!2 = distinct !{!2, !0}
!3 = distinct !{!3, !0}
!4 = distinct !{!4, !20}
!20 = distinct !{!20}
!5 = !{!1}
!6 = !{!2}
!7 = !{!3, !1}
!8 = !{!3, !2}
!9 = !{!3, !4}
