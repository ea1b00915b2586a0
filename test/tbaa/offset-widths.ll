; Offsets need not be i64: the verifier only asks that a tag's offset and
; the field offsets along its path have the same bit width. LLVM reads them
; zero-extended to 64 bits (i8 200 is 200, not -56), for any width up to
; 64 and wider ones whose value fits. rust-tbaa must read them the same
; way. Same scheme as tbaa-path-new.ll: NoAlias lets GVN forward the 1.
;
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=aa-eval -evaluate-aa-metadata -print-no-aliases -print-may-aliases -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL
; RUN: %opt-llvm -aa-pipeline=tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN
; RUN: %opt -aa-pipeline=rust-tbaa,basic-aa -passes=gvn -S %s | FileCheck %s --check-prefix=GVN

; old32_match: old format, i32 offsets: Rec::w0 vs Box::r.w0: MayAlias.
; EVAL-LABEL: Function: old32_match:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @old32_match(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @old32_match(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !11
  store i32 4, ptr %b, align 4, !tbaa !13
  %v = load i32, ptr %a, align 4, !tbaa !11
  ret i32 %v
}

; old32_miss: old format, i32 offsets: Rec::w0 vs Box::r.w1: NoAlias.
; EVAL-LABEL: Function: old32_miss:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: NoAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @old32_miss(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @old32_miss(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !11
  store i32 4, ptr %b, align 4, !tbaa !16
  %v = load i32, ptr %a, align 4, !tbaa !11
  ret i32 %v
}

; new128_match: new format, i128 offsets and sizes: Rec::w0 vs Box::r.w0: MayAlias.
; EVAL-LABEL: Function: new128_match:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @new128_match(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @new128_match(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !41
  store i32 4, ptr %b, align 4, !tbaa !43
  %v = load i32, ptr %a, align 4, !tbaa !41
  ret i32 %v
}

; new128_miss: new format, i128 offsets and sizes: Rec::w0 vs Box::r.w1: NoAlias.
; EVAL-LABEL: Function: new128_miss:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: NoAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @new128_miss(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @new128_miss(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !41
  store i32 4, ptr %b, align 4, !tbaa !46
  %v = load i32, ptr %a, align 4, !tbaa !41
  ret i32 %v
}

; old8_far_match: old format, i8 offsets above 127: Big::x (200) vs Huge::big.x (200 + 8): MayAlias.
; EVAL-LABEL: Function: old8_far_match:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: MayAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: MayAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @old8_far_match(
; GVN: %v = load i32, ptr %a, align 4
; GVN-NEXT: ret i32 %v
define i32 @old8_far_match(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !53
  store i32 4, ptr %b, align 4, !tbaa !54
  %v = load i32, ptr %a, align 4, !tbaa !53
  ret i32 %v
}

; old8_far_miss: old format, i8 offsets above 127: Big::x (200) vs Big::y (240): NoAlias.
; EVAL-LABEL: Function: old8_far_miss:
; EVAL-NEXT: MayAlias: i32* %a, i32* %b
; EVAL-NEXT: NoAlias: %v = load i32, ptr %a, align 4, !tbaa !{{[0-9]+}} <-> store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}}
; EVAL-NEXT: NoAlias: store i32 4, ptr %b, align 4, !tbaa !{{[0-9]+}} <-> store i32 1, ptr %a, align 4, !tbaa !{{[0-9]+}}
; GVN-LABEL: define i32 @old8_far_miss(
; GVN-NOT: load
; GVN: ret i32 1
define i32 @old8_far_miss(ptr %a, ptr %b) {
  store i32 1, ptr %a, align 4, !tbaa !53
  store i32 4, ptr %b, align 4, !tbaa !55
  %v = load i32, ptr %a, align 4, !tbaa !53
  ret i32 %v
}

; Old format, i32 offsets throughout (scalars included).
!0 = !{!"Simple C++ TBAA"}
!1 = !{!"omnipotent char", !0, i32 0}
!2 = !{!"int", !1, i32 0}
!3 = !{!"short", !1, i32 0}
!4 = !{!"Rec", !3, i32 0, !2, i32 4, !3, i32 8, !2, i32 12}
!5 = !{!"Box", !3, i32 0, !4, i32 4, !2, i32 20}
!11 = !{!4, !2, i32 4}
!13 = !{!5, !2, i32 8}
!16 = !{!5, !2, i32 16}
; New format, i128 offsets and sizes.
!30 = !{!0, i128 1, !"omnipotent char"}
!31 = !{!30, i128 4, !"int"}
!32 = !{!30, i128 2, !"short"}
!34 = !{!30, i128 16, !"Rec", !32, i128 0, i128 2, !31, i128 4, i128 4, !32, i128 8, i128 2, !31, i128 12, i128 4}
!35 = !{!30, i128 24, !"Box", !32, i128 0, i128 2, !34, i128 4, i128 16, !31, i128 20, i128 4}
!41 = !{!34, !31, i128 4, i128 4}
!43 = !{!35, !31, i128 8, i128 4}
!46 = !{!35, !31, i128 16, i128 4}
; Old format, i8 offsets: Big = {int x @200, int y @240}, Huge = {int @0, Big big @8}.
!49 = !{!"omnipotent char", !0, i8 0}
!50 = !{!"int", !49, i8 0}
!51 = !{!"Big", !50, i8 200, !50, i8 240}
!52 = !{!"Huge", !50, i8 0, !51, i8 8}
!53 = !{!51, !50, i8 200}
!54 = !{!52, !50, i8 208}
!55 = !{!51, !50, i8 240}
