; Two accesses of one frame that a pass sank into one call (SimplifyCFG's
; sinking: the site a phi of the two sites): the frame is still checked in
; place, the slot's pairs those of either site, and the conflicts call
; gets the site that ran (kept on the stack with the slot's address: the
; runtime asks the claim of that site). The input
; is aliaskit-sanitize<end>'s output with the two calls sunk by hand.
;
; RUN: %opt -passes='aliaskit-sanitize-in-place<stats>' -S %s -o - 2> %t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
;
; STATS: aliaskit-sanitize-in-place: 1 frames checked in place;{{.*}} 0 with a site not known
; The sunk slot (slot 1) keeps its site (word 0) and its address (word 1)
; on the stack, at 1 and 2; slot 0 is OWN, its first at 0.
; CHECK:       @__aliaskit_frame.sunk = private unnamed_addr constant [20 x i64] [i64 1, i64 2, i64 3, i64 4294967296, i64 130, i64 0, i64 0, i64 4, i64 0, i64 1, i64 0, i64 1, i64 3, i64 1, i64 2, i64 4, i64 0, i64 1, i64 0, i64 1]
; CHECK-LABEL: define void @sunk(
; CHECK-NOT:     @__aliaskit_enter
; CHECK:         [[REC:%[0-9]+]] = alloca [3 x i64]
; CHECK:       done:
; CHECK:         %site = phi i32 [ 1, %a ], [ 2, %b ]
; CHECK:         [[SITE:%[0-9]+]] = zext i32 %site to i64
; CHECK-NEXT:    [[KEPT:%[0-9]+]] = getelementptr inbounds i64, ptr [[REC]], i64 1
; CHECK-NEXT:    store i64 [[SITE]], ptr [[KEPT]]
; CHECK-NEXT:    [[AT:%[0-9]+]] = getelementptr inbounds i64, ptr [[REC]], i64 2
; CHECK-NEXT:    store i64 %{{[0-9]+}}, ptr [[AT]]
; CHECK:         call void @__aliaskit_conflicts(ptr @__aliaskit_table.end, i32 0, ptr @__aliaskit_hosts.sunk, i32 1, ptr @__aliaskit_frame.sunk, ptr [[REC]], i64 2)
; CHECK:         call align 8 ptr @llvm.threadlocal.address.p0(ptr align 8 @__aliaskit_counts)
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK:         add i64 %{{[0-9]+}}, 2
; CHECK-NEXT:    store
; CHECK-NEXT:    ret void

source_filename = "phi.ll"

@__aliaskit_table.end = private constant [380 x i8] c"AKSAN\00\00\03l\01\00\00\00\00\00\00\01\01\03\00\00\01\00\01\01\01\00\00\03\01\01\00\00\05\02\00\01\01\00\01\00\01\01\CF\02\06phi.ll\01\01\04sunk\E3\D7\BB\EC\EC\B9\FA\D4a\03+%v = load i32, ptr %q, align 4, !noalias !1\00\00\00\00\01\00\01.store i32 %v, ptr %p, align 4, !alias.scope !1\00\00\01\01\00\00\03.store i32 %v, ptr %r, align 4, !alias.scope !1\00\00\01\01\00\00\05\01\89\E0\B6\A4\8E\D6\C9\EE\EF\01\01\00\10{\22f: %a\22 in \22f\22}\01\00\07\22f: %a\22\01(made by the inliner for argument %a of f\01<call void @llvm.experimental.noalias.scope.decl(metadata !1)\01\01f\01\03\22f\22", align 8
@__aliaskit_name.sunk = private unnamed_addr constant [5 x i8] c"sunk\00"
@__aliaskit_hosts.sunk = private unnamed_addr constant [1 x { i64, ptr }] [{ i64, ptr } { i64 7037412967164341219, ptr @__aliaskit_name.sunk }]
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 0, ptr @__aliaskit_ctor.end, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__aliaskit_fini, ptr null }]

define void @sunk(ptr %p, ptr %q, ptr %r, i1 %c) {
entry:
  %0 = call ptr @llvm.frameaddress.p0(i32 0)
  %1 = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end, i32 0, i32 3, i32 1, ptr %0, ptr @__aliaskit_hosts.sunk, i32 1), !nosanitize !0
  call void @llvm.experimental.noalias.scope.decl(metadata !1)
  call void @__aliaskit_scope(ptr %1, i32 0), !nosanitize !0
  call void @__aliaskit_access(ptr %1, i32 0, ptr %q, i64 4), !nosanitize !0
  %v = load i32, ptr %q, align 4, !noalias !1
  br i1 %c, label %a, label %b

a:                                                ; preds = %entry
  br label %done

b:                                                ; preds = %entry
  br label %done

done:                                             ; preds = %b, %a
  %site = phi i32 [ 1, %a ], [ 2, %b ]
  %at = phi ptr [ %p, %a ], [ %r, %b ]
  call void @__aliaskit_access(ptr %1, i32 %site, ptr %at, i64 4), !nosanitize !0
  store i32 %v, ptr %at, align 4, !alias.scope !1
  call void @__aliaskit_exit(ptr %1), !nosanitize !0
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @llvm.experimental.noalias.scope.decl(metadata) #0

; Function Attrs: nounwind willreturn memory(argmem: read, inaccessiblemem: readwrite)
declare ptr @__aliaskit_enter(ptr, i32, i32, i32, ptr, ptr, i32) #1

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_exit(ptr) #2

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_scope(ptr, i32) #2

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_access(ptr, i32, ptr readnone captures(address), i64) #2

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_access_run(ptr, i32, ptr readnone captures(address), i64, i64, i64) #2

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_access_grid(ptr, i32, ptr readnone captures(address), i64, i64, i64, i64, i64) #2

declare void @__aliaskit_register(ptr)

declare void @__aliaskit_fini()

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(none)
declare ptr @llvm.frameaddress.p0(i32 immarg) #3

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_delegate_begin(ptr, i32, i32, ptr readnone captures(address)) #2

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_delegate_end(ptr) #2

; Function Attrs: nounwind willreturn memory(inaccessiblemem: readwrite)
declare void @__aliaskit_delegated(ptr readnone captures(address), i64, i32) #2

define internal void @__aliaskit_ctor.end() {
  call void @__aliaskit_register(ptr @__aliaskit_table.end), !nosanitize !0
  ret void
}

attributes #0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #1 = { nounwind willreturn memory(argmem: read, inaccessiblemem: readwrite) }
attributes #2 = { nounwind willreturn memory(inaccessiblemem: readwrite) }
attributes #3 = { nocallback nofree nosync nounwind willreturn memory(none) }

!0 = !{}
!1 = !{!2}
!2 = distinct !{!2, !3, !"f: %a"}
!3 = distinct !{!3, !"f"}
