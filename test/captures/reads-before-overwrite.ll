; A store of the pointer that is overwritten before the function returns
; does not capture it (LangRef, reference 003: @f's %b), unless the bits
; are read back in between. A load of the very address reads them for
; certain (missed.ll: @read_back); a load of a nearby address or through
; another pointer may read some of them: the view has no offsets and no
; alias information, so what such a load yields is followed as a possible
; copy (warnings). Loads of private memory (an alloca) cannot read them.
;
;  @read_near: the load at %a + 2 reads 6 of %b's 8 bytes; their bits
;    decide the result (found on aliaskit-modgen output by
;    checks/captures/corpus.sh: narrowed parameters of this shape were
;    reported as not captured).
;  @read_other: %c may point where %a points.
;  @read_private: only an alloca is read: no finding.
;
; RUN: %opt -passes=check-captures -disable-output %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:

define i64 @read_near(ptr %a, ptr captures(none) %b) {
  store ptr %b, ptr %a
  %g = getelementptr inbounds i8, ptr %a, i64 2
  %v = load ptr, ptr %g
  %i = ptrtoint ptr %v to i64
  store ptr null, ptr %a
  ret i64 %i
}

define void @read_other(ptr %a, ptr captures(none) %b, ptr %c, ptr %out) {
  store ptr %b, ptr %a
  %v = load ptr, ptr %c
  store ptr null, ptr %a
  store ptr %v, ptr %out
  ret void
}

define i64 @read_private(ptr %a, ptr captures(none) %b) {
  %s = alloca ptr
  store ptr %b, ptr %a
  %v = load ptr, ptr %s
  %i = ptrtoint ptr %v to i64
  store ptr null, ptr %a
  ret i64 %i
}

; CHECK:warning: check-captures [inspected]: @read_near: parameter %b (argument 1) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:  condition 3: {{.+}}
; CHECK-NEXT:  %i = ptrtoint ptr %v to i64
; CHECK-NEXT:  uses: %b -> store ptr %b, ptr %a, align 8 -> %v = load ptr, ptr %g, align 8 -> %i = ptrtoint ptr %v to i64
; CHECK:warning: check-captures [stored-visible]: @read_other: parameter %b (argument 1) is declared captures(none), but the function captures address, provenance of it
; CHECK-NEXT:  condition 1: {{.+}}
; CHECK-NEXT:  store ptr %v, ptr %out, align 8
; CHECK-NEXT:  uses: %b -> store ptr %b, ptr %a, align 8 -> %v = load ptr, ptr %c, align 8 -> store ptr %v, ptr %out, align 8
