; verify-alias-md<json>: one JSON object per finding, one per line, on
; stderr, with tool, severity, rule, message, function (null for
; !llvm.errno.tbaa), attachment, instruction (null for errno), nodes (as
; opt -S numbers them), numbers and path. <warn;json> exits 0 with errors;
; <json> alone exits non-zero like the plain pass; <strip;json> reports
; each removal as an object too. Strings are JSON-escaped (the node of the
; !noalias list holds a string with quotes and a backslash, which LLVM
; prints as \22 and \\).
;
; RUN: %opt -disable-verify -passes='verify-alias-md<warn;json>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=FINDINGS,END --match-full-lines --strict-whitespace
; RUN: not %opt -disable-verify -passes='verify-alias-md<json>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=FINDINGS,FATAL --match-full-lines --strict-whitespace
; RUN: %opt -disable-verify -passes='verify-alias-md<strip;json>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=FINDINGS,REMOVED --match-full-lines --strict-whitespace

; FINDINGS:{"tool":"verify-alias-md","severity":"error","rule":"tbaa-offset-not-zero","message":"Offset not zero at the point of scalar access","function":"f","attachment":"!tbaa","instruction":"store i32 0, ptr %p, align 4, !tbaa !10, !noalias !20","nodes":["!10 = !{!3, !2, i64 2, i64 4}"],"numbers":[2],"path":[]}
; FINDINGS-NEXT:{"tool":"verify-alias-md","severity":"error","rule":"scope-list-not-nodes","message":"scope list must consist of MDNodes","function":"f","attachment":"!noalias","instruction":"store i32 0, ptr %p, align 4, !tbaa !10, !noalias !20","nodes":["!20 = !{!\"a \\22scope\\22 \\\\ no\"}"],"numbers":[],"path":[]}
; FINDINGS-NEXT:{"tool":"verify-alias-md","severity":"error","rule":"tbaa-access-path","message":"walking from the base type at offset 4 as the alias analysis does does not reach the access type at offset 0: it ends without reaching the access type","function":"f","attachment":"!tbaa","instruction":"%v = load i32, ptr %q, align 4, !tbaa !11","nodes":["!11 = !{!2, !1, i64 4, i64 0}"],"numbers":[],"path":[{"type":"!2","offset":4}]}
; FINDINGS-NEXT:{"tool":"verify-alias-md","severity":"warning","rule":"tbaa-access-outside-base","message":"the access (offset 4, size 8) does not lie inside its base type (size 8)","function":"f","attachment":"!tbaa","instruction":"%w = load i32, ptr %q, align 4, !tbaa !12","nodes":["!12 = !{!3, !2, i64 4, i64 8}","!3 = !{!1, i64 8, !\"Pair\", !2, i64 0, i64 4, !2, i64 4, i64 4}"],"numbers":[],"path":[]}
; FINDINGS-NEXT:{"tool":"verify-alias-md","severity":"error","rule":"tbaa-old-style","message":"Old-style TBAA is no longer allowed, use struct-path TBAA instead","function":null,"attachment":"!llvm.errno.tbaa","instruction":null,"nodes":[],"numbers":[],"path":[]}
; END-NOT:{{.}}
; FATAL-NEXT:LLVM ERROR: verify-alias-md: 4 errors in alias metadata
; REMOVED-NEXT:{"tool":"verify-alias-md","removed":"!tbaa","function":"f","from":"store i32 0, ptr %p, align 4, !tbaa !10, !noalias !20"}
; REMOVED-NEXT:{"tool":"verify-alias-md","removed":"!noalias","function":"f","from":"store i32 0, ptr %p, align 4, !noalias !20"}
; REMOVED-NEXT:{"tool":"verify-alias-md","removed":"!tbaa","function":"f","from":"%v = load i32, ptr %q, align 4, !tbaa !11"}
; REMOVED-NEXT:{"tool":"verify-alias-md","removed":"!llvm.errno.tbaa","function":null,"from":"operand 1"}
; REMOVED-NOT:{{.}}

define i32 @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !10, !noalias !20
  %v = load i32, ptr %q, align 4, !tbaa !11
  %w = load i32, ptr %q, align 4, !tbaa !12
  %s = add i32 %v, %w
  ret i32 %s
}
!llvm.errno.tbaa = !{!13, !14}
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
!10 = !{!3, !2, i64 2, i64 4}
!11 = !{!2, !1, i64 4, i64 0}
!12 = !{!3, !2, i64 4, i64 8}
!13 = !{!2, !2, i64 0, i64 4}
!14 = !{!"int", !1, i64 0}
!20 = !{!"a \22scope\22 \5C no"}
