; Struct-path TBAA in the old format (clang's default): the matrix of struct
; field accesses that LLVM's tbaa-path.ll covers, on a type DAG of our
; own. Each function stores through one pointer, stores through a second
; pointer with another (or the same) tag, and reloads through the first.
; Where TBAA says NoAlias, aa-eval prints NoAlias for both pairs and GVN
; forwards the first store (ret 1); where it says MayAlias, the reload stays.
; rust-tbaa must give exactly the answers of the built-in tbaa.
;
; The metadata is what clang-22 -O1 emits by default for:
;   typedef unsigned short u16; typedef unsigned int u32;
;   struct Rec { u16 h0; u32 w0; u16 h1; u32 w1; };        // size 16
;   struct Box { u16 h; Rec r; u32 tail; };                 // r@4, tail@20
;   struct P1 { u16 h; u32 w; };  struct P2 { u16 h; u32 w; };
;   struct Outer1 { u16 h; Box b; u32 t; };                 // b@4
;   struct Outer2 { u16 h; Box b; u32 t; char c; };         // b@4
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN

; k1: *p (int) vs r->w0 (Rec::w0): MayAlias (the int tag accesses a whole object of the common type int).
; EVAL-LABEL: Function: k1:
; EVAL-NEXT: MayAlias: i32* %p, i32* %r
; EVAL-NEXT: MayAlias: %v = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %r, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %p, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k1(
; GVN: %v = load i32, ptr %p, align 4
; GVN-NEXT: ret i32 %v
define i32 @k1(ptr %p, ptr %r) {
  store i32 1, ptr %p, align 4, !tbaa !10
  store i32 4, ptr %r, align 4, !tbaa !11
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}

; k2: *p (int) vs r->h0 (Rec::h0): NoAlias (common type char; neither access path reaches the other base).
; EVAL-LABEL: Function: k2:
; EVAL-NEXT: MayAlias: i32* %p, i16* %r
; EVAL-NEXT: NoAlias: %v = load i32, ptr %p, align 4, !tbaa !{{[0-9]+}} <-> store i16 4, ptr %r, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i16 4, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %p, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k2(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k2(ptr %p, ptr %r) {
  store i32 1, ptr %p, align 4, !tbaa !10
  store i16 4, ptr %r, align 4, !tbaa !12
  %v = load i32, ptr %p, align 4, !tbaa !10
  ret i32 %v
}

; k3: r->w0 vs b->r.w0 (Box::r.w0, offset 8): MayAlias (Box@8 leads to Rec@4, which is Rec::w0).
; EVAL-LABEL: Function: k3:
; EVAL-NEXT: MayAlias: i32* %b, i32* %r
; EVAL-NEXT: MayAlias: %v = load i32, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %r, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k3(
; GVN: %v = load i32, ptr %r, align 4
; GVN-NEXT: ret i32 %v
define i32 @k3(ptr %r, ptr %b) {
  store i32 1, ptr %r, align 4, !tbaa !11
  store i32 4, ptr %b, align 4, !tbaa !13
  %v = load i32, ptr %r, align 4, !tbaa !11
  ret i32 %v
}

; k4: r->w0 vs b->r.h0 (Box::r.h0, offset 4): NoAlias (common type char).
; EVAL-LABEL: Function: k4:
; EVAL-NEXT: MayAlias: i16* %b, i32* %r
; EVAL-NEXT: NoAlias: %v = load i32, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i16 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i16 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %r, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k4(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k4(ptr %r, ptr %b) {
  store i32 1, ptr %r, align 4, !tbaa !11
  store i16 4, ptr %b, align 4, !tbaa !14
  %v = load i32, ptr %r, align 4, !tbaa !11
  ret i32 %v
}

; k5: r->w0 vs b->tail (Box::tail, offset 20): NoAlias (the path from Box@20 never enters Rec).
; EVAL-LABEL: Function: k5:
; EVAL-NEXT: MayAlias: i32* %b, i32* %r
; EVAL-NEXT: NoAlias: %v = load i32, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %r, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k5(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k5(ptr %r, ptr %b) {
  store i32 1, ptr %r, align 4, !tbaa !11
  store i32 4, ptr %b, align 4, !tbaa !15
  %v = load i32, ptr %r, align 4, !tbaa !11
  ret i32 %v
}

; k6: r->w0 vs b->r.w1 (Box::r.w1, offset 16): NoAlias (Box@16 leads to Rec@12, not Rec@4).
; EVAL-LABEL: Function: k6:
; EVAL-NEXT: MayAlias: i32* %b, i32* %r
; EVAL-NEXT: NoAlias: %v = load i32, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %r, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k6(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k6(ptr %r, ptr %b) {
  store i32 1, ptr %r, align 4, !tbaa !11
  store i32 4, ptr %b, align 4, !tbaa !16
  %v = load i32, ptr %r, align 4, !tbaa !11
  ret i32 %v
}

; k7: r->w0 vs s->w (P1::w): NoAlias (unrelated structs, even though the offsets agree).
; EVAL-LABEL: Function: k7:
; EVAL-NEXT: MayAlias: i32* %r, i32* %s
; EVAL-NEXT: NoAlias: %v = load i32, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %s, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %s, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %r, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k7(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k7(ptr %r, ptr %s) {
  store i32 1, ptr %r, align 4, !tbaa !11
  store i32 4, ptr %s, align 4, !tbaa !17
  %v = load i32, ptr %r, align 4, !tbaa !11
  ret i32 %v
}

; k8: r->w0 vs s->h (P1::h): NoAlias.
; EVAL-LABEL: Function: k8:
; EVAL-NEXT: MayAlias: i32* %r, i16* %s
; EVAL-NEXT: NoAlias: %v = load i32, ptr %r, align 4, !tbaa !{{[0-9]+}} <-> store i16 4, ptr %s, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i16 4, ptr %s, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %r, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k8(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k8(ptr %r, ptr %s) {
  store i32 1, ptr %r, align 4, !tbaa !11
  store i16 4, ptr %s, align 4, !tbaa !18
  %v = load i32, ptr %r, align 4, !tbaa !11
  ret i32 %v
}

; k9: s->w (P1::w) vs t->w (P2::w): NoAlias (two structs with one layout are still different types).
; EVAL-LABEL: Function: k9:
; EVAL-NEXT: MayAlias: i32* %s, i32* %t
; EVAL-NEXT: NoAlias: %v = load i32, ptr %s, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %t, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %t, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %s, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k9(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k9(ptr %s, ptr %t) {
  store i32 1, ptr %s, align 4, !tbaa !17
  store i32 4, ptr %t, align 4, !tbaa !19
  %v = load i32, ptr %s, align 4, !tbaa !17
  ret i32 %v
}

; k10: s->w (P1::w) vs t->h (P2::h): NoAlias.
; EVAL-LABEL: Function: k10:
; EVAL-NEXT: MayAlias: i32* %s, i16* %t
; EVAL-NEXT: NoAlias: %v = load i32, ptr %s, align 4, !tbaa !{{[0-9]+}} <-> store i16 4, ptr %t, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i16 4, ptr %t, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %s, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k10(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k10(ptr %s, ptr %t) {
  store i32 1, ptr %s, align 4, !tbaa !17
  store i16 4, ptr %t, align 4, !tbaa !20
  %v = load i32, ptr %s, align 4, !tbaa !17
  ret i32 %v
}

; k11: c->b.r.w0 (Outer1) vs d->b.r.w0 (Outer2): NoAlias (neither outer struct contains the other).
; EVAL-LABEL: Function: k11:
; EVAL-NEXT: MayAlias: i32* %c, i32* %d
; EVAL-NEXT: NoAlias: %v = load i32, ptr %c, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %d, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %d, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %c, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k11(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @k11(ptr %c, ptr %d) {
  store i32 1, ptr %c, align 4, !tbaa !21
  store i32 4, ptr %d, align 4, !tbaa !22
  %v = load i32, ptr %c, align 4, !tbaa !21
  ret i32 %v
}

; k12: one tag, Box::r.w0, through two pointers: MayAlias (identical tags always may alias).
; EVAL-LABEL: Function: k12:
; EVAL-NEXT: MayAlias: i32* %b1, i32* %b2
; EVAL-NEXT: MayAlias: %v = load i32, ptr %b1, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b2, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b2, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %b1, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @k12(
; GVN: %v = load i32, ptr %b1, align 4
; GVN-NEXT: ret i32 %v
define i32 @k12(ptr %b1, ptr %b2) {
  store i32 1, ptr %b1, align 4, !tbaa !13
  store i32 4, ptr %b2, align 4, !tbaa !13
  %v = load i32, ptr %b1, align 4, !tbaa !13
  ret i32 %v
}

; k13: *q (char) vs b->tail (Box::tail): MayAlias (char is the common type and the char tag accesses a whole char).
; EVAL-LABEL: Function: k13:
; EVAL-NEXT: MayAlias: i32* %b, i8* %q
; EVAL-NEXT: MayAlias: %v = load i8, ptr %q, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i8 1, ptr %q, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i8 @k13(
; GVN: %v = load i8, ptr %q, align 4
; GVN-NEXT: ret i8 %v
define i8 @k13(ptr %q, ptr %b) {
  store i8 1, ptr %q, align 4, !tbaa !23
  store i32 4, ptr %b, align 4, !tbaa !15
  %v = load i8, ptr %q, align 4, !tbaa !23
  ret i8 %v
}

; k14: b->r.h0 (Box::r.h0) vs *h (short): MayAlias (the short tag accesses a whole object of the common type short).
; EVAL-LABEL: Function: k14:
; EVAL-NEXT: MayAlias: i16* %b, i16* %h
; EVAL-NEXT: MayAlias: %v = load i16, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i16 4, ptr %h, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i16 4, ptr %h, align 4, !tbaa !{{[0-9]+}} <-> store i16 1, ptr %b, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i16 @k14(
; GVN: %v = load i16, ptr %b, align 4
; GVN-NEXT: ret i16 %v
define i16 @k14(ptr %b, ptr %h) {
  store i16 1, ptr %b, align 4, !tbaa !14
  store i16 4, ptr %h, align 4, !tbaa !24
  %v = load i16, ptr %b, align 4, !tbaa !14
  ret i16 %v
}

; Every NoAlias above, and nothing else: 9 functions x 2 pairs.
; EVAL-LABEL: ===== Alias Analysis Evaluator Report =====
; EVAL: 18 no alias responses

; Type DAG (old format: name, then parent or field type/offset pairs).
!0 = !{!"Simple C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"short", !1, i64 0}
!4 = !{!"_ZTS3Rec", !3, i64 0, !2, i64 4, !3, i64 8, !2, i64 12}
!5 = !{!"_ZTS3Box", !3, i64 0, !4, i64 4, !2, i64 20}
!6 = !{!"_ZTS2P1", !3, i64 0, !2, i64 4}
!7 = !{!"_ZTS2P2", !3, i64 0, !2, i64 4}
!8 = !{!"_ZTS6Outer1", !3, i64 0, !5, i64 4, !2, i64 28}
!9 = !{!"_ZTS6Outer2", !3, i64 0, !5, i64 4, !2, i64 28, !1, i64 32}
; Access tags.
!10 = !{!2, !2, i64 0}    ; int
!11 = !{!4, !2, i64 4}    ; Rec::w0
!12 = !{!4, !3, i64 0}    ; Rec::h0
!13 = !{!5, !2, i64 8}    ; Box::r.w0
!14 = !{!5, !3, i64 4}    ; Box::r.h0
!15 = !{!5, !2, i64 20}   ; Box::tail
!16 = !{!5, !2, i64 16}   ; Box::r.w1
!17 = !{!6, !2, i64 4}    ; P1::w
!18 = !{!6, !3, i64 0}    ; P1::h
!19 = !{!7, !2, i64 4}    ; P2::w
!20 = !{!7, !3, i64 0}    ; P2::h
!21 = !{!8, !2, i64 12}   ; Outer1::b.r.w0
!22 = !{!9, !2, i64 12}   ; Outer2::b.r.w0
!23 = !{!1, !1, i64 0}    ; char
!24 = !{!3, !3, i64 0}    ; short
