; check-captures with the components of captures(...): address_is_null
; within address, read_provenance within provenance, the ret: location,
; !captures on stores, callees' captures, copies through a private alloca,
; argument memory, phi and select. One split file per topic; in each, the
; functions whose claim holds must not be reported (--implicit-check-not).
;
; RUN: rm -rf %t && split-file %s %t
; RUN: not %opt -passes=check-captures -disable-output %t/null.ll 2>&1 | FileCheck %s --check-prefix=NULL --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/addr.ll 2>&1 | FileCheck %s --check-prefix=ADDR --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/ret.ll 2>&1 | FileCheck %s --check-prefix=RET --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/md.ll 2>&1 | FileCheck %s --check-prefix=MD --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: %opt -passes=check-captures -disable-output %t/callees.ll 2>&1 | FileCheck %s --check-prefix=CALLEES --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/memory.ll 2>&1 | FileCheck %s --check-prefix=MEM --match-full-lines --strict-whitespace --implicit-check-not=check-captures
; RUN: not %opt -passes=check-captures -disable-output %t/phi.ll 2>&1 | FileCheck %s --check-prefix=PHI --match-full-lines --strict-whitespace --implicit-check-not=check-captures
;
; LLVM's function-attrs infers, for the same bodies without attributes,
; what the passing functions declare (checked on null.ll, addr.ll, ret.ll
; and md.ll: the claims that pass are LLVM's own inference, and LLVM
; infers nothing narrower than what the reported functions do).
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %t/null.ll > %t/null.bare.ll
; RUN: %opt-llvm -passes=function-attrs -S %t/null.bare.ll | FileCheck %s --check-prefix=NULL-INFER
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %t/addr.ll > %t/addr.bare.ll
; RUN: %opt-llvm -passes=function-attrs -S %t/addr.bare.ll | FileCheck %s --check-prefix=ADDR-INFER
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %t/ret.ll > %t/ret.bare.ll
; RUN: %opt-llvm -passes=function-attrs -S %t/ret.bare.ll | FileCheck %s --check-prefix=RET-INFER
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %t/md.ll > %t/md.bare.ll
; RUN: %opt-llvm -passes=function-attrs -S %t/md.bare.ll | FileCheck %s --check-prefix=MD-INFER

;--- null.ll
; A null test of the pointer itself captures address_is_null only; a null
; test of a GEP of it captures the address (gep(p, -ptrtoint(q)) == null
; is p == q); an ordered comparison with null is not a null test.
define i1 @null_ok(ptr captures(address_is_null) %a) {
  %c = icmp eq ptr %a, null
  ret i1 %c
}

define i1 @null_ne_ok(ptr captures(address_is_null) %a) {
  %c = icmp ne ptr null, %a
  ret i1 %c
}

define i1 @null_none(ptr captures(none) %a) {
  %c = icmp eq ptr %a, null
  ret i1 %c
}

define i1 @gep_null(ptr captures(address_is_null) %a) {
  %g = getelementptr i8, ptr %a, i64 4
  %c = icmp eq ptr %g, null
  ret i1 %c
}

define i1 @ordered_null(ptr captures(address_is_null) %a) {
  %c = icmp ugt ptr %a, null
  ret i1 %c
}

; NULL:error: check-captures [inspected]: @null_none: parameter %a (argument 0) is declared captures(none), but the function captures address_is_null of it
; NULL-NEXT:  condition 3: the function's behaviour depends on its bits: it is compared with null
; NULL-NEXT:  %c = icmp eq ptr %a, null
; NULL-NEXT:  uses: %a -> %c = icmp eq ptr %a, null
; NULL-NEXT:error: check-captures [inspected]: @gep_null: parameter %a (argument 0) is declared captures(address_is_null), but the function captures address of it
; NULL-NEXT:  condition 3: the function's behaviour depends on its bits: its address is compared
; NULL-NEXT:  %c = icmp eq ptr %g, null
; NULL-NEXT:  uses: %a -> %g = getelementptr i8, ptr %a, i64 4 -> %c = icmp eq ptr %g, null
; NULL-NEXT:error: check-captures [inspected]: @ordered_null: parameter %a (argument 0) is declared captures(address_is_null), but the function captures address of it
; NULL-NEXT:  condition 3: the function's behaviour depends on its bits: its address is compared
; NULL-NEXT:  %c = icmp ugt ptr %a, null
; NULL-NEXT:  uses: %a -> %c = icmp ugt ptr %a, null
; NULL-NEXT:LLVM ERROR: check-captures: 3 definite captures beyond what captures(...) allows
; NULL-NOT:{{.}}

; NULL-INFER: define i1 @null_ok(ptr readnone captures(address_is_null) %a)
; NULL-INFER: define i1 @null_ne_ok(ptr readnone captures(address_is_null) %a)
; NULL-INFER: define i1 @null_none(ptr readnone captures(address_is_null) %a)
; NULL-INFER: define i1 @gep_null(ptr readnone captures(address) %a)
; NULL-INFER: define i1 @ordered_null(ptr readnone captures(address) %a)

;--- addr.ll
; ptrtoaddr depends on the address only; ptrtoint on everything (it is not
; followed: the integer may become a pointer again).
define i64 @ptrtoaddr_ok(ptr captures(address) %a) {
  %i = ptrtoaddr ptr %a to i64
  ret i64 %i
}

define i64 @ptrtoaddr_null(ptr captures(address_is_null) %a) {
  %i = ptrtoaddr ptr %a to i64
  ret i64 %i
}

define i64 @ptrtoint_addr(ptr captures(address) %a) {
  %i = ptrtoint ptr %a to i64
  ret i64 %i
}

@glb = global i8 0

define i1 @cmp_ok(ptr captures(address) %a) {
  %c = icmp eq ptr %a, @glb
  ret i1 %c
}

; ADDR:error: check-captures [inspected]: @ptrtoaddr_null: parameter %a (argument 0) is declared captures(address_is_null), but the function captures address of it
; ADDR-NEXT:  condition 3: the function's behaviour depends on its bits: its address is taken (ptrtoaddr)
; ADDR-NEXT:  %i = ptrtoaddr ptr %a to i64
; ADDR-NEXT:  uses: %a -> %i = ptrtoaddr ptr %a to i64
; ADDR-NEXT:error: check-captures [inspected]: @ptrtoint_addr: parameter %a (argument 0) is declared captures(address), but the function captures address, provenance of it
; ADDR-NEXT:  condition 3: the function's behaviour depends on its bits: it is converted to an integer (ptrtoint)
; ADDR-NEXT:  %i = ptrtoint ptr %a to i64
; ADDR-NEXT:  uses: %a -> %i = ptrtoint ptr %a to i64
; ADDR-NEXT:LLVM ERROR: check-captures: 2 definite captures beyond what captures(...) allows
; ADDR-NOT:{{.}}

; ADDR-INFER: define i64 @ptrtoaddr_ok(ptr captures(address) %a)
; ADDR-INFER: define i64 @ptrtoaddr_null(ptr captures(address) %a)
; ADDR-INFER: define i64 @ptrtoint_addr(ptr %a)
; ADDR-INFER: define i1 @cmp_ok(ptr readnone captures(address) %a)

;--- ret.ll
; ret: limits what may escape through the return value alone: returning a
; GEP of the pointer (or the pointer after a null test) is fine under
; captures(ret: address, provenance), returning it is not fine under
; captures(none), and ret: does not allow storing it. An address-only
; ret: does not allow returning the pointer. The result of a call whose
; parameter is captures(ret: ...) may be a copy: followed (returning it is
; fine under ret:); with `returned` it is one, so storing it is an error.
; (Storing the result of a call that only may return the pointer is a
; possible capture: see false-errors.ll.)
@glb = global ptr null

define ptr @ret_gep(ptr captures(ret: address, provenance) %a) {
  %g = getelementptr inbounds i8, ptr %a, i64 8
  ret ptr %g
}

define ptr @ret_select(ptr captures(address_is_null, ret: address, provenance) %a) {
  %c = icmp eq ptr %a, null
  %s = select i1 %c, ptr @glb, ptr %a
  ret ptr %s
}

define ptr @ret_gep_none(ptr captures(none) %a) {
  %g = getelementptr inbounds i8, ptr %a, i64 8
  ret ptr %g
}

define ptr @ret_store(ptr captures(ret: address, provenance) %a) {
  store ptr %a, ptr @glb
  ret ptr %a
}

define ptr @ret_address_only(ptr captures(ret: address) %a) {
  ret ptr %a
}

declare ptr @id(ptr captures(ret: address, provenance))

define ptr @through_call(ptr captures(ret: address, provenance) %a) {
  %r = call ptr @id(ptr %a)
  ret ptr %r
}

declare ptr @id_returned(ptr returned captures(ret: address, provenance))

define void @returned_stored(ptr captures(ret: address, provenance) %a) {
  %r = call ptr @id_returned(ptr %a)
  store ptr %r, ptr @glb
  ret void
}

; RET:error: check-captures [returned]: @ret_gep_none: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it through its return value
; RET-NEXT:  condition 1: its bits are returned to the caller: it is returned
; RET-NEXT:  ret ptr %g
; RET-NEXT:  uses: %a -> %g = getelementptr inbounds i8, ptr %a, i64 8 -> ret ptr %g
; RET-NEXT:error: check-captures [stored-visible]: @ret_store: parameter %a (argument 0) is declared captures(ret: address, provenance), but the function captures address, provenance of it
; RET-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; RET-NEXT:  store ptr %a, ptr @glb, align 8
; RET-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8
; RET-NEXT:error: check-captures [returned]: @ret_address_only: parameter %a (argument 0) is declared captures(ret: address), but the function captures address, provenance of it through its return value
; RET-NEXT:  condition 1: its bits are returned to the caller: it is returned
; RET-NEXT:  ret ptr %a
; RET-NEXT:  uses: %a -> ret ptr %a
; RET-NEXT:error: check-captures [stored-visible]: @returned_stored: parameter %a (argument 0) is declared captures(ret: address, provenance), but the function captures address, provenance of it
; RET-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; RET-NEXT:  store ptr %r, ptr @glb, align 8
; RET-NEXT:  uses: %a -> %r = call ptr @id_returned(ptr %a) -> store ptr %r, ptr @glb, align 8
; RET-NEXT:LLVM ERROR: check-captures: 4 definite captures beyond what captures(...) allows
; RET-NOT:{{.}}

; RET-INFER: define nonnull ptr @ret_gep(ptr readnone captures(ret: address, provenance) %a)
; RET-INFER: define nonnull ptr @ret_select(ptr readnone captures(address_is_null, ret: address, provenance) %a)
; RET-INFER: define nonnull ptr @ret_gep_none(ptr readnone captures(ret: address, provenance) %a)
; RET-INFER: define ptr @ret_store(ptr returned %a)
; RET-INFER: define ptr @ret_address_only(ptr readnone returned captures(ret: address, provenance) %a)
; RET-INFER: define ptr @through_call(ptr captures(ret: address, provenance) %a)
; RET-INFER: define void @returned_stored(ptr %a)

;--- md.ll
; !captures on a store limits what the store captures of the stored value.
@glb = global ptr null

define void @md_ok(ptr captures(address, read_provenance) %a) {
  store ptr %a, ptr @glb, !captures !0
  ret void
}

define void @md_none(ptr captures(none) %a) {
  store ptr %a, ptr @glb, !captures !0
  ret void
}

define void @md_address(ptr captures(address) %a) {
  store ptr %a, ptr @glb, !captures !0
  ret void
}

define void @md_null_ok(ptr captures(address_is_null) %a) {
  store ptr %a, ptr @glb, !captures !1
  ret void
}

!0 = !{!"address", !"read_provenance"}
!1 = !{!"address_is_null"}

; MD:error: check-captures [stored-visible]: @md_none: parameter %a (argument 0) is declared captures(none), but the function captures address, read_provenance of it
; MD-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; MD-NEXT:  store ptr %a, ptr @glb, align 8, !captures !0
; MD-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8, !captures !0
; MD-NEXT:error: check-captures [stored-visible]: @md_address: parameter %a (argument 0) is declared captures(address), but the function captures address, read_provenance of it
; MD-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; MD-NEXT:  store ptr %a, ptr @glb, align 8, !captures !0
; MD-NEXT:  uses: %a -> store ptr %a, ptr @glb, align 8, !captures !0
; MD-NEXT:LLVM ERROR: check-captures: 2 definite captures beyond what captures(...) allows
; MD-NOT:{{.}}

; MD-INFER: define void @md_ok(ptr captures(address, read_provenance) %a)
; MD-INFER: define void @md_none(ptr captures(address, read_provenance) %a)
; MD-INFER: define void @md_address(ptr captures(address, read_provenance) %a)
; MD-INFER: define void @md_null_ok(ptr captures(address_is_null) %a)

;--- callees.ll
; Passing the pointer on: to a callee whose parameter is captures(none)
; (or no wider than the claim) is fine; to a declared function without
; captures, or with a wider captures, or through an indirect call, it may
; be captured: warnings (passed-on), and opt exits 0. Being the callee of
; an indirect call is no capture.
declare void @ext_none(ptr captures(none))
declare void @ext(ptr)
declare void @ext_ro(ptr captures(address, read_provenance))
declare void @ext_null(ptr captures(address_is_null))

define void @to_none(ptr captures(none) %a) {
  call void @ext_none(ptr %a)
  ret void
}

define void @to_unknown(ptr captures(none) %a) {
  call void @ext(ptr %a)
  ret void
}

define void @to_wider(ptr captures(address) %a) {
  call void @ext_ro(ptr %a)
  ret void
}

define void @to_same(ptr captures(address, read_provenance) %a) {
  call void @ext_ro(ptr %a)
  call void @ext_null(ptr %a)
  ret void
}

define void @to_narrower_at_site(ptr captures(none) %a) {
  call void @ext(ptr captures(none) %a)
  ret void
}

define void @indirect(ptr captures(none) %a, ptr %fp) {
  call void %fp(ptr %a)
  ret void
}

define void @as_callee(ptr captures(none) %fp) {
  call void %fp()
  ret void
}

; CALLEES:warning: check-captures [passed-on]: @to_unknown: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; CALLEES-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to @ext, whose parameter has no captures attribute (it may capture anything)
; CALLEES-NEXT:  call void @ext(ptr %a)
; CALLEES-NEXT:  uses: %a -> call void @ext(ptr %a)
; CALLEES-NEXT:warning: check-captures [passed-on]: @to_wider: parameter %a (argument 0) is declared captures(address), but the function captures address, read_provenance of it
; CALLEES-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to @ext_ro, whose parameter is declared captures(address, read_provenance)
; CALLEES-NEXT:  call void @ext_ro(ptr %a)
; CALLEES-NEXT:  uses: %a -> call void @ext_ro(ptr %a)
; CALLEES-NEXT:warning: check-captures [passed-on]: @indirect: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; CALLEES-NEXT:  it is passed to a callee that may capture more than declared: it is passed as argument 0 to an indirect callee, whose parameter has no captures attribute (it may capture anything)
; CALLEES-NEXT:  call void %fp(ptr %a)
; CALLEES-NEXT:  uses: %a -> call void %fp(ptr %a)
; CALLEES-NOT:{{.}}

;--- memory.ll
; Stored into memory: a private alloca (its loads are copies, followed:
; here returned), memory reachable through an argument (visible to the
; caller), an alloca whose address escapes, memory of unknown origin.
@glb = global ptr null
declare void @ext(ptr)
declare ptr @malloc(i64)

define ptr @slot_returned(ptr captures(none) %a) {
  %s = alloca ptr
  store ptr %a, ptr %s
  %l = load ptr, ptr %s
  ret ptr %l
}

define i32 @slot_deref_ok(ptr captures(none) %a) {
  %s = alloca ptr
  store ptr %a, ptr %s
  %l = load ptr, ptr %s
  %v = load i32, ptr %l
  ret i32 %v
}

define void @into_argument(ptr captures(none) %a, ptr %out) {
  %f = getelementptr inbounds i8, ptr %out, i64 8
  store ptr %a, ptr %f
  ret void
}

define void @slot_escapes(ptr captures(none) %a) {
  %s = alloca ptr
  store ptr %a, ptr %s
  call void @ext(ptr %s)
  ret void
}

define void @into_heap(ptr captures(none) %a) {
  %m = call ptr @malloc(i64 8)
  store ptr %a, ptr %m
  ret void
}

; MEM:error: check-captures [returned]: @slot_returned: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it through its return value
; MEM-NEXT:  condition 1: its bits are returned to the caller: it is returned
; MEM-NEXT:  ret ptr %l
; MEM-NEXT:  uses: %a -> store ptr %a, ptr %s, align 8 -> %l = load ptr, ptr %s, align 8 -> ret ptr %l
; MEM-NEXT:error: check-captures [stored-visible]: @into_argument: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; MEM-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into memory the caller can reach through an argument
; MEM-NEXT:  store ptr %a, ptr %f, align 8
; MEM-NEXT:  uses: %a -> store ptr %a, ptr %f, align 8
; MEM-NEXT:warning: check-captures [stored-unknown]: @slot_escapes: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; MEM-NEXT:  condition 1, possibly: it is stored into memory whose escape cannot be ruled out: {{.+}}
; MEM-NEXT:  store ptr %a, ptr %s, align 8
; MEM-NEXT:  uses: %a -> store ptr %a, ptr %s, align 8
; MEM-NEXT:warning: check-captures [stored-unknown]: @into_heap: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; MEM-NEXT:  condition 1, possibly: it is stored into memory whose escape cannot be ruled out: {{.+}}
; MEM-NEXT:  store ptr %a, ptr %m, align 8
; MEM-NEXT:  uses: %a -> store ptr %a, ptr %m, align 8
; MEM-NEXT:LLVM ERROR: check-captures: 2 definite captures beyond what captures(...) allows
; MEM-NOT:{{.}}

;--- phi.ll
; phi and select pass the pointer on (a select's condition does not).
@glb = global ptr null

define void @phi(ptr captures(none) %a, i1 %c) {
entry:
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %p = phi ptr [ %a, %entry ], [ null, %then ]
  store ptr %p, ptr @glb
  ret void
}

define ptr @select(ptr captures(none) %a, ptr %b, i1 %c) {
  %s = select i1 %c, ptr %a, ptr %b
  ret ptr %s
}

define ptr @select_cond_ok(ptr captures(address_is_null) %a, ptr %b, ptr %d) {
  %c = icmp eq ptr %a, null
  %s = select i1 %c, ptr %b, ptr %d
  ret ptr %s
}

; PHI:error: check-captures [stored-visible]: @phi: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; PHI-NEXT:  condition 1: its bits are stored where the caller can read them after the call: it is stored into a global
; PHI-NEXT:  store ptr %p, ptr @glb, align 8
; PHI-NEXT:  uses: %a -> %p = phi ptr [ %a, %entry ], [ null, %then ] -> store ptr %p, ptr @glb, align 8
; PHI-NEXT:error: check-captures [returned]: @select: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it through its return value
; PHI-NEXT:  condition 1: its bits are returned to the caller: it is returned
; PHI-NEXT:  ret ptr %s
; PHI-NEXT:  uses: %a -> %s = select i1 %c, ptr %a, ptr %b -> ret ptr %s
; PHI-NEXT:LLVM ERROR: check-captures: 2 definite captures beyond what captures(...) allows
; PHI-NOT:{{.}}
