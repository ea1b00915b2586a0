; A noalias parameter's claim is made as the inliner reads the function's
; body: after the function's own simplification, its callees inlined and
; its pointers out of the stack slots SROA removes. Here each access of
; @add and @sub reaches memory through a call's result (@get, as a Rust
; body reaches a slice's elements through its iterator) and a pointer kept
; in a stack slot; neither is known at the start of the pipeline. So the
; conversion is completed at the end of each function's simplification in
; the CGSCC walk (ScalarOptimizerLateEP), where both are gone.
;
; @add is `alwaysinline`: the always-inliner, before the CGSCC walk, would
; inline its body as the front end left it, with no list for those
; accesses (and @twice has no noalias parameter of its own). So it loses the
; attribute at the start and gets it back once its conversion is complete;
; the CGSCC inliner then inlines it, lists and all. @keep, whose noalias
; parameters are unused, has no conversion to wait for: it keeps the
; attribute throughout (the always-inliner inlines it into @twice), and no
; string attribute is left behind.
;
; RUN: %aliaskit sanitize %s -o %t.ll -O2
; RUN: FileCheck %s < %t.ll
;
; @twice's frame, checked in place, compares two pairs: @add's load and
; store (slots 0 and 1) and @sub's (slots 2 and 3).
; CHECK:       @__aliaskit_frame.twice = private unnamed_addr constant [37 x i64] [i64 2, i64 4, i64 4, i64 4294967296, i64 12884901890,
; CHECK:       define void @keep({{.*}}) {{.*}}#[[KEEP:[0-9]+]] {
; CHECK-LABEL: define void @twice(
; CHECK-NOT:     call void @keep
; CHECK:         load i64, ptr %w, {{.*}}!alias.scope ![[ADD_B:[0-9]+]], !noalias ![[ADD_A:[0-9]+]]
; CHECK:         store i64 {{.*}}, ptr %v, {{.*}}!alias.scope ![[ADD_A]], !noalias ![[ADD_B]]
; CHECK:         load i64, ptr %w, {{.*}}!alias.scope ![[SUB_B:[0-9]+]], !noalias ![[SUB_A:[0-9]+]]
; CHECK:         store i64 {{.*}}, ptr %v, {{.*}}!alias.scope ![[SUB_A]], !noalias ![[SUB_B]]
; CHECK:         call void @__aliaskit_conflicts({{.*}}, ptr @__aliaskit_frame.twice,
; CHECK-NOT:     call void @__aliaskit_conflicts(
; CHECK-NOT:   aliaskit-alwaysinline
; CHECK:       attributes #[[KEEP]] = { alwaysinline
; CHECK-DAG:   ![[ADD_A]] = !{![[SA:[0-9]+]]}
; CHECK-DAG:   ![[SA]] = distinct !{![[SA]], ![[DA:[0-9]+]], !"add: %a"}
; CHECK-DAG:   ![[SUB_A]] = !{![[SS:[0-9]+]]}
; CHECK-DAG:   ![[SS]] = distinct !{![[SS]], ![[DS:[0-9]+]], !"sub: %a"}

define internal ptr @get(ptr %p) {
  ret ptr %p
}

define internal void @add(ptr noalias %a, ptr noalias %b) alwaysinline {
  %slot = alloca ptr
  store ptr %a, ptr %slot
  %pa = load ptr, ptr %slot
  %x = call ptr @get(ptr %pa)
  %y = call ptr @get(ptr %b)
  %vy = load i64, ptr %y
  %vx = load i64, ptr %x
  %s = add i64 %vx, %vy
  store i64 %s, ptr %x
  ret void
}

define internal void @sub(ptr noalias %a, ptr noalias %b) {
  %slot = alloca ptr
  store ptr %a, ptr %slot
  %pa = load ptr, ptr %slot
  %x = call ptr @get(ptr %pa)
  %y = call ptr @get(ptr %b)
  %vy = load i64, ptr %y
  %vx = load i64, ptr %x
  %s = sub i64 %vx, %vy
  store i64 %s, ptr %x
  ret void
}

define void @keep(ptr noalias %a, ptr noalias %b) alwaysinline {
  ret void
}

define void @twice(ptr %v, ptr %w) {
  call void @keep(ptr %v, ptr %w)
  call void @add(ptr %v, ptr %w)
  call void @sub(ptr %v, ptr %w)
  ret void
}
