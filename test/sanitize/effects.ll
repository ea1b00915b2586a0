; The memory effects a function was given before the sanitizer ran (by
; the front end; FunctionAttrs' come later in the pipeline) must hold
; after it: @copy gets runtime calls (inaccessible memory) at the start
; point, so it and its caller @user (and the call, which has effects of
; its own) read and write other and inaccessible memory from then on.
; @other and @leaf have nothing of the sanitizer's and call nothing that
; has: they keep theirs.
;
; RUN: %opt -passes='aliaskit-sanitize<start>' -S %s -o - | FileCheck %s
;
; CHECK:       define void @copy({{.*}}) #[[WIDE:[0-9]+]] {{.*}}{
; CHECK:         call void @__aliaskit_access(
; CHECK:       define void @user({{.*}}) #[[WIDE]] {
; CHECK-NEXT:    call void @copy(ptr %a, ptr %b) #[[WIDE]]
; CHECK:       define void @other({{.*}}) #[[KEPT:[0-9]+]] {
; CHECK-NEXT:    call void @leaf(ptr %a) #[[KEPT]]
; CHECK:       define void @leaf({{.*}}) #[[KEPT]] {
; CHECK:       attributes #[[WIDE]] = { memory(readwrite,
; CHECK:       attributes #[[KEPT]] = { memory(argmem: readwrite) }

define void @copy(ptr noalias %d, ptr noalias %s) #0 {
  %v = load i32, ptr %s, align 4
  store i32 %v, ptr %d, align 4
  ret void
}

define void @user(ptr %a, ptr %b) #0 {
  call void @copy(ptr %a, ptr %b) #0
  ret void
}

define void @other(ptr %a) #0 {
  call void @leaf(ptr %a) #0
  ret void
}

define void @leaf(ptr %a) #0 {
  store i32 0, ptr %a, align 4
  ret void
}

attributes #0 = { memory(argmem: readwrite) }
