; A call with scope lists to a function defined in the module stands for
; its callee's accesses: it is two sites of the caller ("callee reads",
; "callee writes"), surrounded by __aliaskit_delegate_begin (with the
; stack pointer before the call) and __aliaskit_delegate_end (after a call;
; in both destinations of an invoke), and it calls a clone of its callee
; instead: internal, noinline, each access told by __aliaskit_delegated
; before it, each call to a defined function sent to that function's
; clone (@g calls itself: one clone). A call with lists to a declaration
; (@ext) is not checked and counted; a call in a clone to a declaration
; is not followed and counted. The original @h and @g are unchanged.
; The start point leaves such calls to the end point (a noinline clone
; would keep the callee from being inlined): counted, not checked.
;
; RUN: %opt -passes='aliaskit-sanitize<end;stats>' -S %s -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: %opt -passes='aliaskit-sanitize<start;stats>' -S %s -o - 2>%t.start | FileCheck %s --check-prefix=START
; RUN: FileCheck %s --check-prefix=START-STATS < %t.start
;
; START-NOT: aliaskit.callee
; START-NOT: __aliaskit_delegate
; START-STATS: aliaskit-sanitize<start>: 1 accesses with scope lists; 0 instrumented in 0 functions (1 filtered out: no claimed partner with a write, or, for 0 of them, every claimed pair proven apart); 3 calls with lists not checked;
;
; The table global holds the shape; the whole table, with the texts of the
; sites' parts, is a global apart, after the read-only data a run reads.
; CHECK:      @__aliaskit_table.end = private constant
; CHECK-NEXT: @__aliaskit_texts.end = {{.*}}callee reads{{.*}}callee writes{{.*}}, section ".rodata1", align 1
; CHECK-LABEL: define void @f(
; CHECK:        call void @__aliaskit_access(ptr %[[H:[0-9]+]], i32 0, ptr %p, i64 4), !nosanitize
; CHECK-NEXT:   store i32 1, ptr %p
; CHECK-NEXT:   %[[SP:[0-9]+]] = call ptr @llvm.stacksave.p0()
; CHECK-NEXT:   call void @__aliaskit_delegate_begin(ptr %[[H]], i32 1, i32 2, ptr %[[SP]]), !nosanitize
; CHECK-NEXT:   call void @h.aliaskit.callee(ptr %q), !noalias
; CHECK-NEXT:   call void @__aliaskit_delegate_end(ptr %[[H]]), !nosanitize
; CHECK-NEXT:   call void @ext(ptr %q), !noalias
; CHECK-NEXT:   %[[SP2:[0-9]+]] = call ptr @llvm.stacksave.p0()
; CHECK-NEXT:   call void @__aliaskit_delegate_begin(ptr %[[H]], i32 3, i32 4, ptr %[[SP2]]), !nosanitize
; CHECK-NEXT:   invoke void @h.aliaskit.callee(ptr %q)
; CHECK:      ok:
; CHECK-NEXT:   call void @__aliaskit_delegate_end(ptr %[[H]]), !nosanitize
; CHECK-NEXT:   call void @__aliaskit_exit(ptr %[[H]])
; CHECK:      lp:
; CHECK-NEXT:   landingpad
; CHECK-NEXT:   cleanup
; CHECK-NEXT:   call void @__aliaskit_delegate_end(ptr %[[H]]), !nosanitize
; CHECK-LABEL: define void @h(ptr %b) {
; CHECK-NEXT:   %v = load i32, ptr %b
; CHECK-NEXT:   store i32 %v, ptr %b
; CHECK-NEXT:   call void @llvm.memset
; CHECK-NEXT:   call void @g(ptr %b)
; CHECK-LABEL: define void @g(ptr %b) {
; CHECK-NEXT:   store i32 2, ptr %b
; CHECK-NEXT:   call void @g(ptr %b)
; CHECK:      declare void @__aliaskit_delegate_begin(ptr, i32, i32, ptr readnone captures(address)) #[[QUIET:[0-9]+]]
; CHECK:      declare void @__aliaskit_delegate_end(ptr) #[[QUIET]]
; CHECK:      declare void @__aliaskit_delegated(ptr readnone captures(address), i64, i32) #[[QUIET]]
; CHECK:      define internal void @h.aliaskit.callee(ptr %b) #[[CLONE:[0-9]+]] {
; CHECK-NEXT:   call void @__aliaskit_delegated(ptr %b, i64 4, i32 0), !nosanitize
; CHECK-NEXT:   %v = load i32, ptr %b
; CHECK-NEXT:   call void @__aliaskit_delegated(ptr %b, i64 4, i32 1), !nosanitize
; CHECK-NEXT:   store i32 %v, ptr %b
; CHECK-NEXT:   call void @__aliaskit_delegated(ptr %b, i64 4, i32 1), !nosanitize
; CHECK-NEXT:   call void @llvm.memset
; CHECK-NEXT:   call void @g.aliaskit.callee(ptr %b)
; CHECK-NEXT:   call void @ext(ptr %b)
; CHECK:      define internal void @g.aliaskit.callee(ptr %b) #[[CLONE]] {
; CHECK-NEXT:   call void @__aliaskit_delegated(ptr %b, i64 4, i32 1), !nosanitize
; CHECK-NEXT:   store i32 2, ptr %b
; CHECK-NEXT:   call void @g.aliaskit.callee(ptr %b)
; CHECK:      attributes #[[QUIET]] = { nounwind willreturn memory(inaccessiblemem: readwrite) }
; CHECK:      attributes #[[CLONE]] = { noinline "aliaskit-delegated" }
;
; STATS: aliaskit-sanitize<end>: 5 accesses with scope lists; 5 instrumented in 1 functions (0 filtered out: no claimed partner with a write, or, for 0 of them, every claimed pair proven apart); 1 calls with lists not checked;
; STATS: aliaskit-sanitize<end>: 2 calls checked for their callees' accesses (2 clones), 0 not (musttail, funclet, setjmp); 1 calls in clones not followed (external or indirect); 0 accesses in clones not seen

define void @f(ptr %p, ptr %q) personality ptr @pers {
entry:
  call void @llvm.experimental.noalias.scope.decl(metadata !2)
  store i32 1, ptr %p, !alias.scope !2
  call void @h(ptr %q), !noalias !2
  call void @ext(ptr %q), !noalias !2
  invoke void @h(ptr %q) to label %ok unwind label %lp, !noalias !2
ok:
  ret void
lp:
  %x = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %x
}

define void @h(ptr %b) {
  %v = load i32, ptr %b
  store i32 %v, ptr %b
  call void @llvm.memset.p0.i64(ptr %b, i8 0, i64 4, i1 false)
  call void @g(ptr %b)
  call void @ext(ptr %b)
  ret void
}

define void @g(ptr %b) {
  store i32 2, ptr %b
  call void @g(ptr %b)
  ret void
}

declare void @ext(ptr)
declare i32 @pers(...)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

!0 = distinct !{!0, !"D"}
!1 = distinct !{!1, !0, !"D: a"}
!2 = !{!1}
