; What aliaskit-sanitize-tbaa instruments: a tagged load is checked, a
; tagged store re-types its bytes, an untagged write (a store, memset, an
; untagged memcpy's destination) resets them, a tagged memcpy checks its
; source and re-types its destination; a stack object that may be checked
; is reset at the entry, at each lifetime.start and where its frame ends
; (dynamic ones: what a stackrestore or the end frees); a local that does not
; escape and whose tags all may alias is left alone; the table and its
; registration are added.
;
; RUN: %opt -passes='aliaskit-sanitize-tbaa<stats;no-fast-path>' -S %s -o %t.ll 2> %t.err
; RUN: FileCheck %s < %t.ll
; RUN: FileCheck %s --check-prefix=STATS < %t.err
; STATS: aliaskit-sanitize-tbaa: 8 tagged accesses instrumented, 3 untagged writes reset the shadow, 3 accesses to 1 locals left out (their tags all may alias), 0 malformed tags not checked
; STATS: aliaskit-sanitize-tbaa: 3 heap blocks reset (allocated, freed, reallocated)
;
; CHECK: @__aliaskit_tbaa_table = private constant [{{[0-9]+}} x i8] c"AKTBA\00\00\01
; CHECK: @__aliaskit_tbaa_base = internal global i32 0
; CHECK: @llvm.global_ctors = appending global {{.*}} @__aliaskit_tbaa_ctor
; CHECK: @llvm.global_dtors = appending global {{.*}} i32 101, ptr @__aliaskit_fini
;
; CHECK-LABEL: define float @pun(
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 0, ptr %i, i64 4), !nosanitize
; CHECK-NEXT:    store i32 1, ptr %i, align 4, !tbaa ![[INT:[0-9]+]]
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 1, ptr %f, i64 4), !nosanitize
; CHECK-NEXT:    %v = load float, ptr %f, align 4, !tbaa ![[FLOAT:[0-9]+]]
define float @pun(ptr %i, ptr %f) {
  store i32 1, ptr %i, align 4, !tbaa !5
  %v = load float, ptr %f, align 4, !tbaa !6
  ret float %v
}

; CHECK-LABEL: define void @untagged(
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %p, i64 8), !nosanitize
; CHECK-NEXT:    store i64 0, ptr %p
; CHECK-NEXT:    load i32, ptr %p
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %p, i64 %n), !nosanitize
; CHECK-NEXT:    call void @llvm.memset
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %p, i64 %n), !nosanitize
; CHECK-NEXT:    call void @llvm.memcpy
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 2, ptr %q, i64 %n), !nosanitize
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 3, ptr %p, i64 %n), !nosanitize
; CHECK-NEXT:    call void @llvm.memcpy{{.*}} !tbaa
; A copy with !tbaa.struct: each field of the source checked, the
; destination reset, each field of it set (a field beyond a constant
; length is left out).
; CHECK:         call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 4, ptr %q, i64 4)
; CHECK-NEXT:    %[[B:[0-9]+]] = getelementptr i8, ptr %q, i64 4
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 5, ptr %[[B]], i64 4)
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %p, i64 8)
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 7, ptr %p, i64 4)
; CHECK-NEXT:    %[[D:[0-9]+]] = getelementptr i8, ptr %p, i64 4
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 8, ptr %[[D]], i64 4)
; CHECK-NEXT:    call void @llvm.memcpy{{.*}}!tbaa.struct
define void @untagged(ptr %p, ptr %q, i64 %n) {
  store i64 0, ptr %p
  %x = load i32, ptr %p
  call void @llvm.memset.p0.i64(ptr %p, i8 0, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 %n, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 %n, i1 false), !tbaa !5
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 8, i1 false), !tbaa.struct !8
  ret void
}

; %quiet is only loaded and stored, as int each time: left alone. %seen
; escapes to @use: reset at the entry, at its lifetime.start and where the
; frame ends (its bytes become stack the IR does not own: a later call's
; outgoing arguments, read by va_arg), and its accesses instrumented.
; CHECK-LABEL: define i32 @locals(
; CHECK:         %quiet = alloca i32
; CHECK:         %seen = alloca float
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %seen, i64 4), !nosanitize
; CHECK-NOT:     __aliaskit_tbaa_reset(ptr %quiet
; CHECK:         call void @llvm.lifetime.start.p0(ptr %seen)
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %seen, i64 4), !nosanitize
; CHECK-NEXT:    call void @__aliaskit_tbaa_store(ptr @__aliaskit_tbaa_base, i32 10, ptr %seen, i64 4), !nosanitize
; CHECK-NEXT:    store float
; CHECK-NEXT:    store i32 2, ptr %quiet, align 4, !tbaa
; CHECK-NEXT:    call void @use(ptr %seen)
; CHECK-NEXT:    call void @__aliaskit_tbaa_load(ptr @__aliaskit_tbaa_base, i32 11, ptr %seen, i64 4), !nosanitize
; CHECK-NEXT:    load float, ptr %seen
; CHECK-NEXT:    load i32, ptr %quiet, align 4, !tbaa
; CHECK-NEXT:    load i32, ptr %quiet, align 4, !tbaa
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %seen, i64 4), !nosanitize
; CHECK-NOT:     __aliaskit_tbaa_reset(ptr %quiet
; CHECK-NEXT:    ret i32 %b
define i32 @locals() {
  %quiet = alloca i32
  %seen = alloca float
  call void @llvm.lifetime.start.p0(ptr %seen)
  store float 1.0, ptr %seen, align 4, !tbaa !6
  store i32 2, ptr %quiet, align 4, !tbaa !5
  call void @use(ptr %seen)
  %a = load float, ptr %seen, align 4, !tbaa !6
  %b = load i32, ptr %quiet, align 4, !tbaa !5
  %c = load i32, ptr %quiet, align 4, !tbaa !5
  ret i32 %b
}

; A dynamic alloca is reset when made; what a stackrestore frees, and what
; is left when the frame ends, is reset from the stack pointer there up to
; the saved one (the entry's, below the static frame).
; CHECK-LABEL: define void @vla(
; CHECK:         %[[TOP:[0-9]+]] = call ptr @llvm.stacksave.p0()
; CHECK:         %v = alloca float, i64 %n
; CHECK-NEXT:    %[[SIZE:[0-9]+]] = mul i64 %n, 4
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %v, i64 %[[SIZE]]), !nosanitize
; CHECK:         call void @use(ptr %v)
; CHECK-NEXT:    %[[NOW:[0-9]+]] = call ptr @llvm.stacksave.p0()
; CHECK-NEXT:    %[[A:[0-9]+]] = ptrtoint ptr %sp to i64
; CHECK-NEXT:    %[[B:[0-9]+]] = ptrtoint ptr %[[NOW]] to i64
; CHECK-NEXT:    %[[FREED:[0-9]+]] = sub i64 %[[A]], %[[B]]
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %[[NOW]], i64 %[[FREED]]), !nosanitize
; CHECK-NEXT:    call void @llvm.stackrestore.p0(ptr %sp)
; CHECK-NEXT:    %[[END:[0-9]+]] = call ptr @llvm.stacksave.p0()
; CHECK-NEXT:    %[[C:[0-9]+]] = ptrtoint ptr %[[TOP]] to i64
; CHECK-NEXT:    %[[D:[0-9]+]] = ptrtoint ptr %[[END]] to i64
; CHECK-NEXT:    %[[LEFT:[0-9]+]] = sub i64 %[[C]], %[[D]]
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %[[END]], i64 %[[LEFT]]), !nosanitize
; CHECK-NEXT:    ret void
define void @vla(i64 %n) {
  %sp = call ptr @llvm.stacksave.p0()
  %v = alloca float, i64 %n
  store float 1.0, ptr %v, align 4, !tbaa !6
  call void @use(ptr %v)
  call void @llvm.stackrestore.p0(ptr %sp)
  ret void
}

; Heap blocks: what an allocation function returns is untyped (exactly
; its size), what free gets is untyped (whole) before it goes.
; CHECK-LABEL: define void @heap(
; CHECK:         %b = call ptr @malloc(i64 %n)
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %b, i64 %n), !nosanitize
; CHECK:         %c = call ptr @_Znwm(i64 16)
; CHECK-NEXT:    call void @__aliaskit_tbaa_reset(ptr %c, i64 16), !nosanitize
; CHECK:         call void @__aliaskit_tbaa_reset_block(ptr %b), !nosanitize
; CHECK-NEXT:    call void @free(ptr %b)
define void @heap(i64 %n) {
  %b = call ptr @malloc(i64 %n)
  %c = call ptr @_Znwm(i64 16)
  store i32 1, ptr %c, align 4, !tbaa !5
  call void @free(ptr %b)
  ret void
}

; CHECK-LABEL: define internal void @__aliaskit_tbaa_ctor(
; CHECK-NEXT:    call void @__aliaskit_tbaa_register_v4(ptr @__aliaskit_tbaa_table, ptr null, ptr @__aliaskit_tbaa_ok, ptr @__aliaskit_tbaa_base), !nosanitize

declare void @use(ptr)
declare ptr @malloc(i64)
declare ptr @_Znwm(i64)
declare void @free(ptr)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.lifetime.start.p0(ptr)

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!5 = !{!2, !2, i64 0}
!6 = !{!3, !3, i64 0}
!8 = !{i64 0, i64 4, !5, i64 4, i64 4, !6, i64 8, i64 4, !5}
