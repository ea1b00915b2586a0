; check-captures<warn> reports the same findings and exits 0; <json>
; prints one JSON object per finding on stderr (and still fails on
; errors); <warn;json> prints the objects and exits 0. Without findings
; every mode is silent.
;
; RUN: %opt -passes='check-captures<warn>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=TEXT --match-full-lines --strict-whitespace
; RUN: not %opt -passes=check-captures -disable-output %s 2>&1 | FileCheck %s --check-prefixes=TEXT,FATAL --match-full-lines --strict-whitespace
; RUN: %opt -passes='check-captures<warn;json>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=JSON --match-full-lines --strict-whitespace
; RUN: not %opt -passes='check-captures<json>' -disable-output %s 2>&1 | FileCheck %s --check-prefixes=JSON,JFATAL --match-full-lines --strict-whitespace
; RUN: sed -e 's/captures(none) %a/%a/' -e 's/captures(none) %c/%c/' %s > %t.clean.ll
; RUN: %opt -passes='check-captures<warn>' -disable-output %t.clean.ll 2>&1 | count 0
; RUN: %opt -passes='check-captures<json>' -disable-output %t.clean.ll 2>&1 | count 0
; RUN: %opt -passes='check-captures<warn;json>' -disable-output %t.clean.ll 2>&1 | count 0

@glb = global ptr null
declare void @ext(ptr)

define void @f(ptr captures(none) %a, ptr captures(none) %c) {
  %g = getelementptr inbounds i8, ptr %a, i64 8
  store ptr %g, ptr @glb
  call void @ext(ptr %c)
  ret void
}

; TEXT:error: check-captures [stored-visible]: @f: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; TEXT-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; TEXT-NEXT:  store ptr %g, ptr @glb, align 8
; TEXT-NEXT:  uses: %a -> %g = getelementptr inbounds i8, ptr %a, i64 8 -> store ptr %g, ptr @glb, align 8
; TEXT-NEXT:warning: check-captures [passed-on]: @f: parameter %c (argument 1) is declared captures(none), but the function captures address, provenance of it
; TEXT-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to @ext, whose parameter has no captures attribute (it may capture anything)
; TEXT-NEXT:  call void @ext(ptr %c)
; TEXT-NEXT:  uses: %c -> call void @ext(ptr %c)
; FATAL-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows
; TEXT-NOT:{{.}}

; JSON:{"tool":"check-captures","severity":"error","rule":"stored-visible","function":"f","parameter":"%a (argument 0)","message":"parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it","condition":"condition 1: its bits are stored where the caller can read them after the call","reason":"it is stored into a global","instruction":"store ptr %g, ptr @glb, align 8","uses":["%a","%g = getelementptr inbounds i8, ptr %a, i64 8","store ptr %g, ptr @glb, align 8"],"chain":[{"function":"f","instruction":"%g = getelementptr inbounds i8, ptr %a, i64 8"},{"function":"f","instruction":"store ptr %g, ptr @glb, align 8"}]}
; JSON-NEXT:{"tool":"check-captures","severity":"warning","rule":"passed-on","function":"f","parameter":"%c (argument 1)","message":"parameter %c (argument 1) is declared captures(none), but the function captures address, provenance of it","condition":"it is passed to a callee that may capture more than declared","reason":"it is passed as argument 0 to @ext, whose parameter has no captures attribute (it may capture anything)","instruction":"call void @ext(ptr %c)","uses":["%c","call void @ext(ptr %c)"],"chain":[{"function":"f","instruction":"call void @ext(ptr %c)"}]}
; JFATAL-NEXT:LLVM ERROR: check-captures: 1 definite capture beyond what captures(...) allows
; JSON-NOT:{{.}}
