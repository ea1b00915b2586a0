; check-captures<why-not>: for each claimed parameter nothing is reported
; for, a note with what the checker saw: each use that captures nothing and
; why (the address of an access, a private slot whose copies are followed,
; a store overwritten before anything can read it, a callee whose body
; captures nothing), and each capture the claim allows. Parameters with a
; finding get no note. aliaskit captures --why-not is the same.
;
; RUN: %opt -passes='check-captures<why-not;warn>' -disable-output %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
; RUN: %opt -passes='check-captures<why-not;json;warn>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=JSON
; RUN: %aliaskit captures --why-not --warn %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
; RUN: not %opt -passes='check-captures<why>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=BAD

@g = global ptr null

define i32 @get(ptr %x) {
  %v = load i32, ptr %x
  ret i32 %v
}

define i32 @f(ptr captures(none) %p, ptr captures(address_is_null) %q, ptr captures(none) %r) {
  %s = alloca ptr
  store ptr %p, ptr %s
  %l = load ptr, ptr %s
  %v = call i32 @get(ptr %l)
  store ptr %p, ptr @g
  store ptr null, ptr @g
  %c = icmp eq ptr %q, null
  store ptr %r, ptr @g
  ret i32 %v
}

define void @unused(ptr captures(none) %u) {
  ret void
}

; CHECK:note: check-captures [why-not]: @f: parameter %p (argument 0) is declared captures(none), and no use captures more
; CHECK-NEXT:  slot: store ptr %p, ptr %s, align 8: it is stored into the function's own memory, whose address does not escape; what is loaded back is followed
; CHECK-NEXT:  callee-body: %v = call i32 @get(ptr %l): it is passed to a function whose body captures nothing of it
; CHECK-NEXT:  overwritten: store ptr %p, ptr @g, align 8: it is stored, then overwritten in the same block before anything can read it
; CHECK-NEXT:note: check-captures [why-not]: @f: parameter %q (argument 1) is declared captures(address_is_null), and no use captures more
; CHECK-NEXT:  allowed [inspected]: %c = icmp eq ptr %q, null: it is compared with null (address_is_null)
; CHECK-NEXT:error: check-captures [stored-visible]: @f: parameter %r (argument 2) is declared captures(none), but the function captures address, provenance of it
; CHECK:note: check-captures [why-not]: @unused: parameter %u (argument 0) is declared captures(none), and no use captures more
; CHECK-NEXT:  it has no use that reaches memory, a comparison, a call or a return

; JSON:{"tool":"check-captures","severity":"note","rule":"why-not","function":"f","parameter":"%p (argument 0)",{{.*}}"seen":[{"why":"slot",{{.*}}},{"why":"callee-body",{{.*}}},{"why":"overwritten",{{.*}}}],"allowed":[]}

; BAD:{{.*}}invalid check-captures pass parameter 'why'{{.*}}expected warn, json or why-not{{.*}}
