; Definite captures that check-captures missed before de162e3 (found while
; writing these tests). Each function below captures its captures(none)
; parameter beyond doubt, so opt must fail and report each as an error
; (before de162e3 it reported none of them and exited 0).
; LLVM's own function-attrs infers no captures(...) for any of them (shown
; by the INFER run), so they are not false alarms against LLVM either.
;
;  @partial_overwrite: the "overwrite" is a 1-byte store: 7 bytes of %b
;    stay in @glb after the call (check-captures treated any store to the
;    same address as overwriting, whatever its size).
;  @read_back: %b is read back from @glb before the overwrite and returned
;    (the overwrite check ignored loads of the slot in between).
;  @volatile_memcpy: %a is the source address of a volatile memcpy
;    (condition 4; LangRef names llvm.memcpy among the volatile accesses;
;    the intrinsic's captures(none) parameter attribute was taken at face
;    value).
;
; RUN: not %opt -passes=check-captures -disable-output %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
; RUN: sed -E '/^define/ s/ captures\([^)]*\)//g' %s | %opt-llvm -passes=function-attrs -S | FileCheck %s --check-prefix=INFER

@glb = global ptr null

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define void @partial_overwrite(ptr captures(none) %b) {
  store ptr %b, ptr @glb
  store i8 0, ptr @glb
  ret void
}

define ptr @read_back(ptr captures(none) %b) {
  store ptr %b, ptr @glb
  %x = load ptr, ptr @glb
  store ptr null, ptr @glb
  ret ptr %x
}

define void @volatile_memcpy(ptr captures(none) %a, ptr %d) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %a, i64 8, i1 true)
  ret void
}

; CHECK:error: check-captures [stored-visible]: @partial_overwrite: parameter %b (argument 0) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:  condition 1: its bits are stored where the caller can read them after the call: {{.+}}
; CHECK-NEXT:  store ptr %b, ptr @glb, align 8
; CHECK-NEXT:  uses: %b -> store ptr %b, ptr @glb, align 8
; CHECK:error: check-captures [returned]: @read_back: parameter %b (argument 0) is declared captures(none), but the function captures address, provenance of it through its return value
; CHECK-NEXT:  condition 1: its bits are returned to the caller: it is returned
; CHECK-NEXT:  ret ptr %x
; CHECK-NEXT:  uses: %b -> store ptr %b, ptr @glb, align 8 -> %x = load ptr, ptr @glb, align 8 -> ret ptr %x
; CHECK:error: check-captures [volatile]: @volatile_memcpy: parameter %a (argument 0) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:  condition 4: it is the address of a volatile access: {{.+}}
; CHECK-NEXT:  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %a, i64 8, i1 true)
; CHECK-NEXT:  uses: %a -> call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %a, i64 8, i1 true)
; CHECK:LLVM ERROR: check-captures: 3 definite captures beyond what captures(...) allows

; INFER: define void @partial_overwrite(ptr %b)
; INFER: define ptr @read_back(ptr %b)
; INFER: define void @volatile_memcpy(ptr readonly %a, ptr writeonly %d)
