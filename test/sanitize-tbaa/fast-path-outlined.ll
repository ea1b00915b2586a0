; The fast path outlined (sanitize_tbaa_fast.cpp, Outliner): in a function
; with more than 16 fast paths, an access outside a tight loop calls one
; function per runtime function and size, whose body is the inline fast
; path with the site an argument (its own id the module's base plus it,
; its answer cells at 5 * site); the runtime call in it is a tail call, so
; a report's stack starts in the access's function. An access in a tight
; loop keeps its fast path inline. (A function with at most 16, as in
; fast-path.ll, keeps all inline.)
;
; RUN: %opt -passes='aliaskit-sanitize-tbaa<stats>,aliaskit-sanitize-tbaa<fast-path;stats>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; RUN: %llvm_bin/llc -O2 %t.ll -o - | FileCheck %s --check-prefix=ASM
; STATS: 19 checks behind the inline fast path (18 of them outlined), 0 resets inline
;
; CHECK-LABEL: define float @many(
; CHECK:         call void @aliaskit.tbaa.fast.__aliaskit_tbaa_store.4(i32 0, ptr %p) #[[CALL:[0-9]+]], !nosanitize
; CHECK-NEXT:    store i32 0, ptr %p
; CHECK:         call void @aliaskit.tbaa.fast.__aliaskit_tbaa_load.4(i32 1, ptr %q) #[[CALL]], !nosanitize
; CHECK:         call void @aliaskit.tbaa.fast.__aliaskit_tbaa_load.4(i32 17, ptr %q8)
; CHECK-NOT:     call void @aliaskit.tbaa.fast
; CHECK:       loop:
; CHECK:         load atomic ptr, ptr @__aliaskit_tbaa_shadow acquire
; CHECK:         call void @__aliaskit_tbaa_load(ptr nonnull @__aliaskit_tbaa_base, i32 18, ptr %at, i64 4)
;
; CHECK:       define internal void @aliaskit.tbaa.fast.__aliaskit_tbaa_store.4(i32 %[[SITE:[0-9]+]], ptr %[[PTR:[0-9]+]]) #[[HELPER:[0-9]+]] {
; CHECK:         %[[BASE:[0-9]+]] = load atomic i32, ptr @__aliaskit_tbaa_base monotonic
; CHECK-NEXT:    %{{[0-9]+}} = add i32 %[[BASE]], %[[SITE]]
; CHECK:         load atomic ptr, ptr @__aliaskit_tbaa_shadow acquire
; CHECK:         %[[Z:[0-9]+]] = zext i32 %[[SITE]] to i64
; CHECK-NEXT:    %[[M:[0-9]+]] = mul i64 %[[Z]], 5
; CHECK:         getelementptr [95 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64
; CHECK:         store volatile <4 x i32>
; CHECK:         tail call void @__aliaskit_tbaa_store(ptr nonnull @__aliaskit_tbaa_base, i32 %[[SITE]], ptr %[[PTR]], i64 4), !nosanitize
; CHECK-NEXT:    br label
; CHECK:         ret void
; CHECK:       define internal void @aliaskit.tbaa.fast.__aliaskit_tbaa_load.4(i32 %{{[0-9]+}}, ptr %{{[0-9]+}}) #[[HELPER]] {
; CHECK-NOT:     aliaskit.tbaa.home
; CHECK:         tail call void @__aliaskit_tbaa_load(
; CHECK:       attributes #[[HELPER]] = { noinline nounwind }
;
; ASM-LABEL: aliaskit.tbaa.fast.__aliaskit_tbaa_load.4:
; ASM:         jmp __aliaskit_tbaa_load@PLT # TAILCALL

define float @many(ptr %p, ptr %q, i64 %n) {
entry:
  %p0 = getelementptr i8, ptr %p, i64 0
  store i32 0, ptr %p0, align 4, !tbaa !5
  %q0 = getelementptr i8, ptr %q, i64 0
  %v0 = load float, ptr %q0, align 4, !tbaa !6
  %p1 = getelementptr i8, ptr %p, i64 64
  store i32 1, ptr %p1, align 4, !tbaa !5
  %q1 = getelementptr i8, ptr %q, i64 64
  %v1 = load float, ptr %q1, align 4, !tbaa !6
  %p2 = getelementptr i8, ptr %p, i64 128
  store i32 2, ptr %p2, align 4, !tbaa !5
  %q2 = getelementptr i8, ptr %q, i64 128
  %v2 = load float, ptr %q2, align 4, !tbaa !6
  %p3 = getelementptr i8, ptr %p, i64 192
  store i32 3, ptr %p3, align 4, !tbaa !5
  %q3 = getelementptr i8, ptr %q, i64 192
  %v3 = load float, ptr %q3, align 4, !tbaa !6
  %p4 = getelementptr i8, ptr %p, i64 256
  store i32 4, ptr %p4, align 4, !tbaa !5
  %q4 = getelementptr i8, ptr %q, i64 256
  %v4 = load float, ptr %q4, align 4, !tbaa !6
  %p5 = getelementptr i8, ptr %p, i64 320
  store i32 5, ptr %p5, align 4, !tbaa !5
  %q5 = getelementptr i8, ptr %q, i64 320
  %v5 = load float, ptr %q5, align 4, !tbaa !6
  %p6 = getelementptr i8, ptr %p, i64 384
  store i32 6, ptr %p6, align 4, !tbaa !5
  %q6 = getelementptr i8, ptr %q, i64 384
  %v6 = load float, ptr %q6, align 4, !tbaa !6
  %p7 = getelementptr i8, ptr %p, i64 448
  store i32 7, ptr %p7, align 4, !tbaa !5
  %q7 = getelementptr i8, ptr %q, i64 448
  %v7 = load float, ptr %q7, align 4, !tbaa !6
  %p8 = getelementptr i8, ptr %p, i64 512
  store i32 8, ptr %p8, align 4, !tbaa !5
  %q8 = getelementptr i8, ptr %q, i64 512
  %v8 = load float, ptr %q8, align 4, !tbaa !6
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ %v8, %entry ], [ %s.next, %loop ]
  %at = getelementptr float, ptr %q, i64 %i
  %x = load float, ptr %at, align 4, !tbaa !6
  %s.next = fadd float %s, %x
  %i.next = add i64 %i, 1
  %more = icmp ult i64 %i.next, %n
  br i1 %more, label %loop, label %exit
exit:
  ret float %s.next
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}
