; A region's access call whose site is a phi of two sites (SimplifyCFG
; sank two calls into one) runs once an instance of the region's scope,
; but as either site: the two sites' own claim (scope "f: %a", never
; begun in the frame, so it holds for the whole call) pairs its runs in
; different iterations, which the log compares. The call and the load
; claimed against it stay in the log: no region. The input is
; aliaskit-sanitize<end>'s output with the two store checks sunk by hand.
;
; RUN: %opt -passes='aliaskit-sanitize-in-place<stats>' -S %s -o - 2> %t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.err
;
; STATS: aliaskit-sanitize-in-place: 0 frames checked in place;{{.*}}; 0 regions of them
; CHECK-LABEL: define void @sunk_loop(
; CHECK:         call void @__aliaskit_access(ptr %1, i32 0, ptr %q, i64 4)
; CHECK:       join:
; CHECK:         call void @__aliaskit_access(ptr %1, i32 %site, ptr %at, i64 4)


source_filename = "sunk_loop.ll"

@__aliaskit_table.end = private constant [547 x i8] c"AKSAN\00\00\03\13\02\00\00\00\00\00\00\01\01\03\00\00\01\00\09\01\01\01\00\0B\01\01\00\01\02\0D\04\00\01\03\04\04\00\00\01\01\02\00\01\01\00\02\EE\03\0Csunk_loop.ll\01\01\09sunk_loop\CA\E6\D2\A2\B3\C7\E2\9FO\03+%w = load i32, ptr %q, align 4, !noalias !6\00\00\00\00\01\00\09.store i32 %w, ptr %p, align 4, !alias.scope !7\00\00\01\01\01\00\0B;store i32 %w, ptr %r, align 4, !alias.scope !6, !noalias !3\00\00\01\01\00\01\02\0D\03\A2\DB\D3\EA\DC\9E\D6\8E\F4\01\01\00\10{\22g: %b\22 in \22g\22}\A1\A0\FD\87\9B\9A\C8\84\ED\01\02\00\01 {\22g: %b\22 in \22g\22, \22f: %a\22 in \22f\22}\89\E0\B6\A4\8E\D6\C9\EE\EF\01\01\01\10{\22f: %a\22 in \22f\22}\02\00\07\22g: %b\22\01(made by the inliner for argument %b of g\01<call void @llvm.experimental.noalias.scope.decl(metadata !6)\01\01g\01\07\22f: %a\22\01(made by the inliner for argument %a of f\00\01\01f\02\03\22g\22\03\22f\22", align 8
@__aliaskit_name.sunk_loop = private unnamed_addr constant [10 x i8] c"sunk_loop\00"
@__aliaskit_hosts.sunk_loop = private unnamed_addr constant [1 x { i64, ptr }] [{ i64, ptr } { i64 5710434839414747978, ptr @__aliaskit_name.sunk_loop }]
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 0, ptr @__aliaskit_ctor.end, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 101, ptr @__aliaskit_fini, ptr null }]

define void @sunk_loop(ptr %ps, ptr %rs, ptr %qs, i64 %n, i1 %c) {
entry:
  %0 = call ptr @llvm.frameaddress.p0(i32 0)
  %1 = call ptr @__aliaskit_enter(ptr @__aliaskit_table.end, i32 0, i32 3, i32 2, ptr %0, ptr @__aliaskit_hosts.sunk_loop, i32 1), !nosanitize !0
  br label %loop

loop:                                             ; preds = %join, %entry
  %i = phi i64 [ 0, %entry ], [ %i1, %join ]
  call void @llvm.experimental.noalias.scope.decl(metadata !1)
  call void @__aliaskit_scope(ptr %1, i32 0), !nosanitize !0
  %pa = getelementptr ptr, ptr %ps, i64 %i
  %p = load ptr, ptr %pa, align 8
  %ra = getelementptr ptr, ptr %rs, i64 %i
  %r = load ptr, ptr %ra, align 8
  %qa = getelementptr ptr, ptr %qs, i64 %i
  %q = load ptr, ptr %qa, align 8
  call void @__aliaskit_access(ptr %1, i32 0, ptr %q, i64 4), !nosanitize !0
  %w = load i32, ptr %q, align 4, !noalias !1
  br i1 %c, label %a, label %b

a:                                                ; preds = %loop
  store i32 %w, ptr %p, align 4, !alias.scope !4
  br label %join

b:                                                ; preds = %loop
  store i32 %w, ptr %r, align 4, !alias.scope !1, !noalias !7
  br label %join

join:                                             ; preds = %b, %a
  %site = phi i32 [ 1, %a ], [ 2, %b ]
  %at = phi ptr [ %p, %a ], [ %r, %b ]
  call void @__aliaskit_access(ptr %1, i32 %site, ptr %at, i64 4), !nosanitize !0
  %i1 = add i64 %i, 1
  %again = icmp ult i64 %i1, %n
  br i1 %again, label %loop, label %done

done:                                             ; preds = %join
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
declare void @__aliaskit_delegated_run(i32, ptr readnone captures(address), i64, i64, i64) #2

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
!2 = distinct !{!2, !3, !"g: %b"}
!3 = distinct !{!3, !"g"}
!4 = !{!2, !5}
!5 = distinct !{!5, !6, !"f: %a"}
!6 = distinct !{!6, !"f"}
!7 = !{!5}
