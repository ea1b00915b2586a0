; The inline fast path of --tbaa (sanitize_tbaa_fast.cpp; the start marks
; the calls, the end of the pipeline expands them): before calling
; the runtime, the program reads the shadow (the two-level table at
; @__aliaskit_tbaa_shadow), and the call runs only when the access's bytes
; are on two pages, their ids differ, or their one id is neither 0 nor of
; the site's answer's class (@__aliaskit_tbaa_ok, @__aliaskit_tbaa_classes)
; nor, for a store, its own id; a store
; that passes writes its own id itself. A load in a page that does not exist
; passes (untyped); a store there calls the runtime (which makes it).
; An access's cells are read at once (a volatile vector load: a load atomic
; cannot be a vector), compared with its first; a store writes them at once.
; Accesses of more than 8 bytes and immutable loads (which mark their
; bytes) always call. Five answer cells a site: three answers (the newest
; first, on the hot path; the two older ones in a block of their own, on
; the way to the runtime), and a per-call load's two answers across calls.
;
; Per-call accesses (a Flang procedure's own tree, @relax): a store's own
; id is the one the runtime gave it in this call instance, kept in two
; cells of its function (the instance and the id; none until the runtime
; returns one); a load also passes bytes whose class across calls
; (@__aliaskit_tbaa_across: one per per-call store site) is one of its two
; answers across calls, when their id was given before its instance began
; (@__aliaskit_tbaa_next_id, read right after __aliaskit_tbaa_call):
; another call's, whose hit the runtime decided already.
;
; RUN: %opt -passes='aliaskit-sanitize-tbaa<stats>,aliaskit-sanitize-tbaa<fast-path;stats>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; STATS: 0 heap blocks reset (allocated, freed, reallocated), 7 checks to put behind the inline fast path
; STATS: aliaskit-sanitize-tbaa: 0 loops to check before they run, 6 checks behind the inline fast path (0 of them outlined), 2 resets inline
;
; CHECK: @__aliaskit_tbaa_ok = internal global [40 x i32] zeroinitializer
; CHECK: @__aliaskit_tbaa_shadow = external global ptr
; CHECK: @__aliaskit_tbaa_classes = external global ptr
;
; CHECK-LABEL: define float @pun(
; CHECK:         %[[BASE:[0-9]+]] = load atomic i32, ptr @__aliaskit_tbaa_base monotonic
; CHECK-NEXT:    %[[OWN:[0-9]+]] = add i32 %[[BASE]], 0
; CHECK:         load atomic ptr, ptr @__aliaskit_tbaa_shadow acquire
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.l2, label %[[SLOW:[^,]+]]
; CHECK:       aliaskit.tbaa.l2:
; CHECK:         br i1 %{{[0-9]+}}, label %[[SLOW]], label %aliaskit.tbaa.page
; CHECK:       aliaskit.tbaa.page:
; CHECK:         br i1 %{{[0-9]+}}, label %[[SLOW]], label %aliaskit.tbaa.cells
; CHECK:       aliaskit.tbaa.cells:
; CHECK-NEXT:    %[[FIRST:[0-9]+]] = getelementptr i32, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
; CHECK:         %[[CELLS:[0-9]+]] = load volatile <4 x i32>, ptr %[[FIRST]], align 4
; CHECK-NEXT:    %[[CELL0:[0-9]+]] = extractelement <4 x i32> %[[CELLS]], i64 0
; CHECK:         %[[EQ:[0-9]+]] = icmp eq <4 x i32> %[[CELLS]], %{{[.a-z0-9]+}}
; CHECK-NEXT:    call i1 @llvm.vector.reduce.and.v4i1(<4 x i1> %[[EQ]])
; CHECK:         %[[CLASSES:[0-9]+]] = load atomic ptr, ptr @__aliaskit_tbaa_classes monotonic
; CHECK:         %[[CLASS:[0-9]+]] = load atomic i32, ptr %{{[0-9]+}} monotonic
; CHECK:         %[[OK:[0-9]+]] = load atomic i32, ptr @__aliaskit_tbaa_ok monotonic
; CHECK-NEXT:    icmp eq i32 %[[CLASS]], %[[OK]]
; CHECK:         icmp ne i32 %[[CLASS]], 0
; CHECK-NOT:     @__aliaskit_tbaa_ok
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.write, label %aliaskit.tbaa.older
; CHECK:       aliaskit.tbaa.write:
; CHECK:         store volatile <4 x i32> %{{[.a-z0-9]+}}, ptr %[[FIRST]], align 4
; CHECK:       aliaskit.tbaa.older:
; CHECK-NEXT:    load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 1) monotonic
; CHECK:         load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 2) monotonic
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.write, label %[[SLOW]]
; CHECK:       [[SLOW]]:
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 0, ptr %i, i64 4)
; CHECK:         store i32 1, ptr %i
; The load: a missing table or page passes.
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.l2{{[0-9]+}}, label %[[LSLOW:[^,]+]]
; CHECK:         br i1 %{{[0-9]+}}, label %[[DONE:[^,]+]], label %aliaskit.tbaa.page
; CHECK:         br i1 %{{[0-9]+}}, label %[[DONE]], label %aliaskit.tbaa.cells
; CHECK:         load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 5) monotonic
; CHECK-NOT:     @__aliaskit_tbaa_ok
; CHECK:         br i1 %{{[0-9]+}}, label %[[DONE]], label %[[LOLDER:[^,]+]]
; CHECK:       [[LOLDER]]:
; CHECK-NEXT:    load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 6) monotonic
; CHECK:         load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 7) monotonic
; CHECK:         br i1 %{{[0-9]+}}, label %[[DONE]], label %[[LSLOW]]
; CHECK:       [[LSLOW]]:
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 1, ptr %f, i64 4)
; CHECK:       [[DONE]]:
; CHECK-NEXT:    %v = load float, ptr %f
;
; CHECK-LABEL: define <4 x i32> @wide(
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 2, ptr %p, i64 16)
; CHECK-NEXT:    load <4 x i32>
; CHECK-LABEL: define i32 @constant(
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 3, ptr %p, i64 4)
; CHECK-NEXT:    load i32
;
; CHECK-LABEL: define void @relax(
; CHECK-NEXT:    %[[CCALL:.+]] = alloca i64
; CHECK-NEXT:    %[[CID:.+]] = alloca i32
; CHECK-NEXT:    store i64 0, ptr %[[CCALL]]
; CHECK-NEXT:    %aliaskit.call = call i64 @__aliaskit_tbaa_call()
; CHECK-NEXT:    %[[NEXT:[0-9]+]] = load atomic i32, ptr @__aliaskit_tbaa_next_id monotonic
; The store: its own id from the cells, when they hold this instance.
; CHECK:         %[[C:[0-9]+]] = load i64, ptr %[[CCALL]]
; CHECK-NEXT:    %[[SAME:[0-9]+]] = icmp eq i64 %[[C]], %aliaskit.call
; CHECK-NEXT:    %[[ID:[0-9]+]] = load i32, ptr %[[CID]]
; CHECK-NEXT:    %[[POWN:[0-9]+]] = select i1 %[[SAME]], i32 %[[ID]], i32 0
; CHECK:       aliaskit.tbaa.cells{{[0-9]*}}:
; CHECK:         icmp ne i32 %[[POWN]], 0
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.write{{[0-9]*}}, label %aliaskit.tbaa.older{{[0-9]*}}
; CHECK:       aliaskit.tbaa.write{{[0-9]*}}:
; CHECK-NEXT:    %[[SPLAT:.+]] = insertelement <8 x i32> poison, i32 %[[POWN]], i64 0
; CHECK:         store volatile <8 x i32> %{{.+}}, ptr %{{[0-9]+}}, align 4
; CHECK:       aliaskit.tbaa.older{{[0-9]*}}:
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.write{{[0-9]*}}, label %[[PSLOW:[^,]+]]
; CHECK:       [[PSLOW]]:
; CHECK-NEXT:    %[[GIVEN:[0-9]+]] = call i32 @__aliaskit_tbaa_store_in(ptr @__aliaskit_tbaa_base, i32 4, i64 %aliaskit.call, ptr %unew, i64 8)
; CHECK-NEXT:    store i64 %aliaskit.call, ptr %[[CCALL]]
; CHECK-NEXT:    store i32 %[[GIVEN]], ptr %[[CID]]
; The load: its answer, or its answer across calls for an id below NEXT.
; CHECK:         %[[LCELLS:[0-9]+]] = load volatile <8 x i32>, ptr %{{[0-9]+}}, align 4
; CHECK-NEXT:    %[[LCELL:[0-9]+]] = extractelement <8 x i32> %[[LCELLS]], i64 0
; CHECK:         load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 25) monotonic
; CHECK:         load atomic ptr, ptr @__aliaskit_tbaa_across monotonic
; CHECK:         load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 28) monotonic
; CHECK:         load atomic i32, ptr getelementptr ([40 x i32], ptr @__aliaskit_tbaa_ok, i64 0, i64 29) monotonic
; CHECK:         icmp ult i32 %[[LCELL]], %[[NEXT]]
; CHECK:         call void @__aliaskit_tbaa_load_in(ptr @__aliaskit_tbaa_base, i32 5, i64 %aliaskit.call, ptr %u, i64 8)
; CHECK-NEXT:    br label
; CHECK:         %v = load double, ptr %u

; A small reset (an escaping local, at its frame's entry and end) sets its
; cells itself, when they are on one page and the page exists; a big one
; calls the runtime.
; CHECK-LABEL: define void @locals(
; CHECK:         %small = alloca i64
; CHECK:         %big = alloca [1024 x i8]
; CHECK:         load atomic ptr, ptr @__aliaskit_tbaa_shadow acquire
; CHECK:         br i1 %{{[0-9]+}}, label %aliaskit.tbaa.l2{{[0-9]*}}, label %[[RSLOW:[^,]+]], !prof
; CHECK:         br i1 %{{[0-9]+}}, label %[[RDONE:[^,]+]], label %aliaskit.tbaa.page{{[0-9]*}}, !prof
; CHECK:         br i1 %{{[0-9]+}}, label %[[RDONE]], label %aliaskit.tbaa.cells{{[0-9]*}}, !prof
; CHECK:       aliaskit.tbaa.cells{{[0-9]*}}:
; CHECK-NEXT:    %[[RFIRST:[0-9]+]] = getelementptr i32, ptr %{{[0-9]+}}, i64 %{{[0-9]+}}
; CHECK:         call void @llvm.memset.p0.i64(ptr align 4 %[[RFIRST]], i8 0, i64 32, i1 true)
; CHECK-NEXT:    br label %[[RDONE]]
; CHECK:       [[RSLOW]]:
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %small, i64 8)
; CHECK:         call void @__aliaskit_tbaa_reset(ptr %big, i64 1024)
define float @pun(ptr %i, ptr %f) {
  store i32 1, ptr %i, align 4, !tbaa !5
  %v = load float, ptr %f, align 4, !tbaa !6
  ret float %v
}

define <4 x i32> @wide(ptr %p) {
  %v = load <4 x i32>, ptr %p, align 16, !tbaa !5
  ret <4 x i32> %v
}

define i32 @constant(ptr %p) {
  %v = load i32, ptr %p, align 4, !tbaa !7
  ret i32 %v
}

define void @relax(ptr %u, ptr %unew) {
  store double 5.0, ptr %unew, align 8, !tbaa !16
  %v = load double, ptr %u, align 8, !tbaa !15
  ret void
}

; Two accesses of one pointer (plus a constant) in one block: the second
; reads its cells in the page the first found, when it lies there (the
; first's end keeps the page, none on its ways to the runtime), else walks.
; CHECK-LABEL: define float @fields(
; CHECK:       aliaskit.tbaa.cells{{[0-9]*}}:
; CHECK-NEXT:    %[[FFIRST:[0-9]+]] = getelementptr i32, ptr %[[FPAGE:[0-9]+]], i64
; CHECK-NEXT:    %[[FSTART:[0-9]+]] = and i64 %{{[0-9]+}}, -4096
; CHECK:         %aliaskit.near.start = phi i64 {{.*}}[ %[[FSTART]], %aliaskit.tbaa.write{{[0-9]*}} ]{{.*}}[ 0, %{{[.a-z0-9]+}} ]
; CHECK-NEXT:    %aliaskit.near.page = phi ptr {{.*}}[ %[[FPAGE]], %aliaskit.tbaa.write{{[0-9]*}} ]{{.*}}[ null, %{{[.a-z0-9]+}} ]
; CHECK:         %[[D:[0-9]+]] = sub i64 %{{[0-9]+}}, %aliaskit.near.start
; CHECK-NEXT:    %[[IN:[0-9]+]] = icmp ule i64 %[[D]], 4092
; CHECK-NEXT:    %[[HAS:[0-9]+]] = icmp ne ptr %aliaskit.near.page, null
; CHECK-NEXT:    %[[BOTH:[0-9]+]] = and i1 %[[IN]], %[[HAS]]
; CHECK-NEXT:    br i1 %[[BOTH]], label %aliaskit.tbaa.near, label %aliaskit.tbaa.walk
; CHECK:       aliaskit.tbaa.near:
; CHECK-NEXT:    %[[NFIRST:[0-9]+]] = getelementptr i32, ptr %aliaskit.near.page, i64 %[[D]]
; CHECK-NEXT:    br label %aliaskit.tbaa.at
; CHECK:       aliaskit.tbaa.walk:
; CHECK:       aliaskit.tbaa.at:
; CHECK-NEXT:    %[[AT:[0-9]+]] = phi ptr [ %{{[0-9]+}}, %aliaskit.tbaa.cells{{[0-9]+}} ], [ %[[NFIRST]], %aliaskit.tbaa.near ]
; CHECK:         load volatile <4 x i32>, ptr %[[AT]], align 4
; CHECK-NOT:     aliaskit.near.page
; CHECK:         %v = load float, ptr %g
define void @locals() {
  %small = alloca i64, align 8
  %big = alloca [1024 x i8], align 8
  call void @escape(ptr %small, ptr %big)
  ret void
}

declare void @escape(ptr, ptr)

define float @fields(ptr %s) {
  store i32 1, ptr %s, align 4, !tbaa !5
  %g = getelementptr i8, ptr %s, i64 4
  %v = load float, ptr %g, align 4, !tbaa !6
  ret float %v
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}
!7 = !{!2, !2, i64 0, i1 true}
!10 = !{!"Flang function root _QPrelax"}
!11 = !{!"any access", !10, i64 0}
!12 = !{!"dummy arg data", !11, i64 0}
!13 = !{!"dummy arg data/_QFrelaxEu", !12, i64 0}
!14 = !{!"dummy arg data/_QFrelaxEunew", !12, i64 0}
!15 = !{!13, !13, i64 0}
!16 = !{!14, !14, i64 0}
