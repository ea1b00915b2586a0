; New-format TBAA with aggregate access types: tags whose access type is a
; struct (a whole-object access, or an access to a struct member of another
; struct). Such an access may alias an access to any of its fields at any
; depth (the hasField rule), and a whole-object access of a struct may alias
; an access to one of that struct's fields (the subobject rule's extra
; clauses). Sizes in tags are not used by LLVM 22. Each function stores
; through %a, stores through %b and reloads %a; see tbaa-path-new.ll for the
; scheme. rust-tbaa must give exactly the built-in tbaa's answers.
;
; Types (all under "omnipotent char"):
;   Pair  { int lo @0; int hi @4; }            size 8
;   Wrap  { short tag @0; Pair p @4; }         size 12
;   Shell { int n @0; Wrap w @4; }             size 16
;   Other { int x @0; int y @4; }              size 8
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN

; hi_vs_whole: Pair::hi, then a whole Pair (the spec's {S,int,4,4} vs {S,S,0,8}): MayAlias.
; EVAL-LABEL: Function: hi_vs_whole:
; EVAL-NEXT: MayAlias: i32* %a, i64* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @hi_vs_whole(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @hi_vs_whole(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !25
  store i64 4, ptr %b, align 4, !tbaa !23
  %v = load i32, ptr %a, align 4, !tbaa !25
  ret i32 %v
}

; whole_vs_hi: a whole Pair, then Pair::hi (same pair, other order): MayAlias.
; EVAL-LABEL: Function: whole_vs_hi:
; EVAL-NEXT: MayAlias: i64* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i64, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i64 @whole_vs_hi(
; GVN: %v = load i64, ptr %a, align 4
; GVN-NEXT: ret i64 %v
define i64 @whole_vs_hi(ptr %a, ptr %b) {
  store i64 1, ptr %a, align 4, !tbaa !23
  store i32 4, ptr %b, align 4, !tbaa !25
  %v = load i64, ptr %a, align 4, !tbaa !23
  ret i64 %v
}

; lo_vs_hi: Pair::lo vs Pair::hi (scalar fields, for contrast): NoAlias.
; EVAL-LABEL: Function: lo_vs_hi:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: NoAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @lo_vs_hi(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @lo_vs_hi(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !24
  store i32 4, ptr %b, align 4, !tbaa !25
  %v = load i32, ptr %a, align 4, !tbaa !24
  ret i32 %v
}

; int_vs_pair: int vs a whole Pair (Pair has int fields: hasField): MayAlias.
; EVAL-LABEL: Function: int_vs_pair:
; EVAL-NEXT: MayAlias: i32* %a, i64* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @int_vs_pair(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @int_vs_pair(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !20
  store i64 4, ptr %b, align 4, !tbaa !23
  %v = load i32, ptr %a, align 4, !tbaa !20
  ret i32 %v
}

; short_vs_pair: short vs a whole Pair (no short inside Pair): NoAlias.
; EVAL-LABEL: Function: short_vs_pair:
; EVAL-NEXT: MayAlias: i16* %a, i64* %b
; EVAL-NEXT: NoAlias: %v = load i16, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i16 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i16 @short_vs_pair(
; GVN-NOT: load
; GVN: ret i16 1
define i16 @short_vs_pair(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 4, !tbaa !21
  store i64 4, ptr %b, align 4, !tbaa !23
  %v = load i16, ptr %a, align 4, !tbaa !21
  ret i16 %v
}

; float_vs_wrap: float vs a whole Wrap (no float anywhere inside): NoAlias.
; EVAL-LABEL: Function: float_vs_wrap:
; EVAL-NEXT: MayAlias: i32* %a, i96* %b
; EVAL-NEXT: NoAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @float_vs_wrap(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @float_vs_wrap(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !22
  store i96 4, ptr %b, align 4, !tbaa !26
  %v = load i32, ptr %a, align 4, !tbaa !22
  ret i32 %v
}

; short_vs_wrap: short vs a whole Wrap (Wrap::tag is a short): MayAlias.
; EVAL-LABEL: Function: short_vs_wrap:
; EVAL-NEXT: MayAlias: i16* %a, i96* %b
; EVAL-NEXT: MayAlias: %v = load i16, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i16 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i16 @short_vs_wrap(
; GVN: %v = load i16, ptr %a, align 4
; GVN-NEXT: ret i16 %v
define i16 @short_vs_wrap(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 4, !tbaa !21
  store i96 4, ptr %b, align 4, !tbaa !26
  %v = load i16, ptr %a, align 4, !tbaa !21
  ret i16 %v
}

; hi_vs_wrap: Pair::hi vs a whole Wrap (Wrap contains a Pair): MayAlias.
; EVAL-LABEL: Function: hi_vs_wrap:
; EVAL-NEXT: MayAlias: i32* %a, i96* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @hi_vs_wrap(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @hi_vs_wrap(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !25
  store i96 4, ptr %b, align 4, !tbaa !26
  %v = load i32, ptr %a, align 4, !tbaa !25
  ret i32 %v
}

; lo_vs_shell: Pair::lo vs a whole Shell (Shell > Wrap > Pair: hasField recurses): MayAlias.
; EVAL-LABEL: Function: lo_vs_shell:
; EVAL-NEXT: MayAlias: i32* %a, i128* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i128 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i128 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @lo_vs_shell(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @lo_vs_shell(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !24
  store i128 4, ptr %b, align 4, !tbaa !28
  %v = load i32, ptr %a, align 4, !tbaa !24
  ret i32 %v
}

; hi_vs_shell_w: Pair::hi vs Shell::w, an aggregate member (walk Shell@4 to Wrap, then hasField): MayAlias.
; EVAL-LABEL: Function: hi_vs_shell_w:
; EVAL-NEXT: MayAlias: i32* %a, i96* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i96 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @hi_vs_shell_w(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @hi_vs_shell_w(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !25
  store i96 4, ptr %b, align 4, !tbaa !29
  %v = load i32, ptr %a, align 4, !tbaa !25
  ret i32 %v
}

; pair_vs_other: a whole Pair vs a whole Other (neither contains the other): NoAlias.
; EVAL-LABEL: Function: pair_vs_other:
; EVAL-NEXT: MayAlias: i64* %a, i64* %b
; EVAL-NEXT: NoAlias: %v = load i64, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i64 @pair_vs_other(
; GVN-NOT: load
; GVN: ret i64 1
define i64 @pair_vs_other(ptr %a, ptr %b) {
  store i64 1, ptr %a, align 4, !tbaa !23
  store i64 4, ptr %b, align 4, !tbaa !30
  %v = load i64, ptr %a, align 4, !tbaa !23
  ret i64 %v
}

; pair_vs_wrap_hi: a whole Pair vs Wrap::p.hi (the walk from Wrap@8 enters Pair, whose tag is a whole-object access): MayAlias.
; EVAL-LABEL: Function: pair_vs_wrap_hi:
; EVAL-NEXT: MayAlias: i64* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i64, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i64 @pair_vs_wrap_hi(
; GVN: %v = load i64, ptr %a, align 4
; GVN-NEXT: ret i64 %v
define i64 @pair_vs_wrap_hi(ptr %a, ptr %b) {
  store i64 1, ptr %a, align 4, !tbaa !23
  store i32 4, ptr %b, align 4, !tbaa !27
  %v = load i64, ptr %a, align 4, !tbaa !23
  ret i64 %v
}

; lo_vs_wrap_hi: Pair::lo vs Wrap::p.hi (Wrap@8 is Pair@4, not Pair@0): NoAlias.
; EVAL-LABEL: Function: lo_vs_wrap_hi:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: NoAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @lo_vs_wrap_hi(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @lo_vs_wrap_hi(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !24
  store i32 4, ptr %b, align 4, !tbaa !27
  %v = load i32, ptr %a, align 4, !tbaa !24
  ret i32 %v
}

; hi_vs_wrap_hi: Pair::hi vs Wrap::p.hi (Wrap@8 is Pair@4): MayAlias.
; EVAL-LABEL: Function: hi_vs_wrap_hi:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @hi_vs_wrap_hi(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @hi_vs_wrap_hi(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !25
  store i32 4, ptr %b, align 4, !tbaa !27
  %v = load i32, ptr %a, align 4, !tbaa !25
  ret i32 %v
}

; wrap_p_vs_lo: Wrap::p, an aggregate member, vs Pair::lo (Wrap@4 is Pair@0): MayAlias.
; EVAL-LABEL: Function: wrap_p_vs_lo:
; EVAL-NEXT: MayAlias: i64* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i64, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i64 @wrap_p_vs_lo(
; GVN: %v = load i64, ptr %a, align 4
; GVN-NEXT: ret i64 %v
define i64 @wrap_p_vs_lo(ptr %a, ptr %b) {
  store i64 1, ptr %a, align 4, !tbaa !31
  store i32 4, ptr %b, align 4, !tbaa !24
  %v = load i64, ptr %a, align 4, !tbaa !31
  ret i64 %v
}

; short_vs_wrap_p: short vs Wrap::p (the member Pair holds no short): NoAlias.
; EVAL-LABEL: Function: short_vs_wrap_p:
; EVAL-NEXT: MayAlias: i16* %a, i64* %b
; EVAL-NEXT: NoAlias: %v = load i16, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i64 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i16 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i16 @short_vs_wrap_p(
; GVN-NOT: load
; GVN: ret i16 1
define i16 @short_vs_wrap_p(ptr %a, ptr %b) {
  store i16 1, ptr %a, align 4, !tbaa !21
  store i64 4, ptr %b, align 4, !tbaa !31
  %v = load i16, ptr %a, align 4, !tbaa !21
  ret i16 %v
}

; wrap_p_vs_wrap_hi: Wrap::p vs Wrap::p.hi: same base, offsets 4 and 8; sizes are not used, so NoAlias although the bytes overlap: NoAlias.
; EVAL-LABEL: Function: wrap_p_vs_wrap_hi:
; EVAL-NEXT: MayAlias: i64* %a, i32* %b
; EVAL-NEXT: NoAlias: %v = load i64, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i64 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i64 @wrap_p_vs_wrap_hi(
; GVN-NOT: load
; GVN: ret i64 1
define i64 @wrap_p_vs_wrap_hi(ptr %a, ptr %b) {
  store i64 1, ptr %a, align 4, !tbaa !31
  store i32 4, ptr %b, align 4, !tbaa !27
  %v = load i64, ptr %a, align 4, !tbaa !31
  ret i64 %v
}

; EVAL-LABEL: ===== Alias Analysis Evaluator Report =====
; EVAL: 14 no alias responses

; Type DAG (new format).
!0 = !{!"Simple C++ TBAA"}
!1 = !{!0, i64 1, !"omnipotent char"}
!2 = !{!1, i64 4, !"int"}
!3 = !{!1, i64 2, !"short"}
!4 = !{!1, i64 4, !"float"}
!5 = !{!1, i64 8, !"Pair", !2, i64 0, i64 4, !2, i64 4, i64 4}
!6 = !{!1, i64 12, !"Wrap", !3, i64 0, i64 2, !5, i64 4, i64 8}
!7 = !{!1, i64 16, !"Shell", !2, i64 0, i64 4, !6, i64 4, i64 12}
!8 = !{!1, i64 8, !"Other", !2, i64 0, i64 4, !2, i64 4, i64 4}
; Access tags; the aggregate ones have a struct as their access type.
!20 = !{!2, !2, i64 0, i64 4}     ; int
!21 = !{!3, !3, i64 0, i64 2}     ; short
!22 = !{!4, !4, i64 0, i64 4}     ; float
!23 = !{!5, !5, i64 0, i64 8}     ; a whole Pair
!24 = !{!5, !2, i64 0, i64 4}     ; Pair::lo
!25 = !{!5, !2, i64 4, i64 4}     ; Pair::hi
!26 = !{!6, !6, i64 0, i64 12}    ; a whole Wrap
!27 = !{!6, !2, i64 8, i64 4}     ; Wrap::p.hi
!28 = !{!7, !7, i64 0, i64 16}    ; a whole Shell
!29 = !{!7, !6, i64 4, i64 12}    ; Shell::w (a Wrap)
!30 = !{!8, !8, i64 0, i64 8}     ; a whole Other
!31 = !{!6, !5, i64 4, i64 8}     ; Wrap::p (a Pair)
