; verify-alias-md<strip>: removes exactly the attachments with errors, reports
; each removal, and goes on with IR that LLVM's verifier and verify-alias-md
; both accept. What is removed: a !tbaa LLVM rejects (from every instruction
; carrying a tag that reaches a bad type node, though LLVM reports the node
; once: %a and %b), a silently invalid tag (%c), an immutable tag on a
; store, a !tbaa on an add, a bad !noalias list, the !noalias of an
; instruction whose scope is in both its lists (its !alias.scope stays), a
; bad !tbaa.struct, a bad noalias.scope.decl call (the whole call), and a
; bad operand of !llvm.errno.tbaa. What stays: every valid attachment, and
; attachments with warnings only (the !tbaa.struct on the load). The input
; is rejected by LLVM's verifier, hence -disable-verify; exit code 0.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: not %opt-llvm -passes=verify -disable-output %s 2>&1 | FileCheck %s --check-prefix=BROKEN
; RUN: %opt -disable-verify -passes='verify-alias-md<strip>' -S %s -o %t/out.ll 2>&1 | FileCheck %s --check-prefix=STRIP
; RUN: FileCheck %s --check-prefix=IR < %t/out.ll
; RUN: %opt-llvm -passes=verify -disable-output %t/out.ll
; RUN: %opt -passes=verify-alias-md -disable-output %t/out.ll 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not=verify-alias-md

; BROKEN: error: input module is broken!

; The findings come first, as without <strip>.
; STRIP:      error: verify-alias-md [tbaa-offset-not-zero]
; STRIP:      error: verify-alias-md [tbaa-old-struct-operands]
; STRIP:      error: verify-alias-md [tbaa-silently-invalid]
; STRIP:      error: verify-alias-md [tbaa-immutable-store]
; STRIP:      error: verify-alias-md [tbaa-not-memory-instruction]
; STRIP:      error: verify-alias-md [scope-list-not-nodes]
; STRIP:      error: verify-alias-md [scope-in-both-lists]
; STRIP:      error: verify-alias-md [tbaa-struct-order]
; STRIP:      warning: verify-alias-md [tbaa-struct-not-copy]
; STRIP:      error: verify-alias-md [scope-decl-single-scope]
; STRIP-NEXT:   in @scopes, llvm.experimental.noalias.scope.decl:
; STRIP:      error: verify-alias-md [scope-decl-single-scope]
; STRIP-NEXT:   in @decls, llvm.experimental.noalias.scope.decl:
; STRIP:      error: verify-alias-md [tbaa-offset-not-zero]
; STRIP-NEXT:   in !llvm.errno.tbaa, operand 1:
; Then the removals, in instruction order.
; STRIP:      note: verify-alias-md: removed !tbaa from @tags: store i32 0, ptr %p, align 4, !tbaa !20
; STRIP-NEXT: note: verify-alias-md: removed !tbaa from @tags: %a = load i32, ptr %q, align 4, !tbaa !21
; STRIP-NEXT: note: verify-alias-md: removed !tbaa from @tags: %b = load i32, ptr %q, align 4, !tbaa !22
; STRIP-NEXT: note: verify-alias-md: removed !tbaa from @tags: %c = load i32, ptr %q, align 4, !tbaa !23
; STRIP-NEXT: note: verify-alias-md: removed !tbaa from @tags: store i32 %a, ptr %p, align 4, !tbaa !24
; STRIP-NEXT: note: verify-alias-md: removed !tbaa from @tags: %d = add i32 %a, %b, !tbaa !10
; STRIP-NEXT: note: verify-alias-md: removed !noalias from @scopes: store i32 0, ptr %p, align 4, !noalias !40
; STRIP-NEXT: note: verify-alias-md: removed !noalias from @scopes: store i32 1, ptr %p, align 4, !alias.scope !41, !noalias !43
; STRIP-NEXT: note: verify-alias-md: removed !tbaa.struct from @scopes: call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 8, i1 false), !tbaa.struct !51
; STRIP-NEXT: note: verify-alias-md: removed llvm.experimental.noalias.scope.decl from @scopes: call void @llvm.experimental.noalias.scope.decl(metadata !43)
; STRIP-NEXT: note: verify-alias-md: removed llvm.experimental.noalias.scope.decl from @decls: call void @llvm.experimental.noalias.scope.decl(metadata !43)
; STRIP-NEXT: note: verify-alias-md: removed !llvm.errno.tbaa operand 1
; STRIP-NOT:  {{.}}

; IR-LABEL: define i32 @tags(
; IR-NEXT:    store i32 0, ptr %p, align 4{{$}}
; IR-NEXT:    %a = load i32, ptr %q, align 4{{$}}
; IR-NEXT:    %b = load i32, ptr %q, align 4{{$}}
; IR-NEXT:    %c = load i32, ptr %q, align 4{{$}}
; IR-NEXT:    store i32 %a, ptr %p, align 4{{$}}
; IR-NEXT:    %d = add i32 %a, %b{{$}}
; IR-NEXT:    %e = load i32, ptr %q, align 4, !tbaa [[PAIR_B:![0-9]+]]{{$}}
; IR-NEXT:    %f = load i32, ptr %q, align 4, !tbaa [[MIXED:![0-9]+]]{{$}}
; IR-LABEL: define void @scopes(
; IR-NEXT:    store i32 0, ptr %p, align 4{{$}}
; IR-NEXT:    store i32 1, ptr %p, align 4, !alias.scope [[S1:![0-9]+]]{{$}}
; IR-NEXT:    store i32 2, ptr %q, align 4, !alias.scope [[S1]], !noalias [[S2:![0-9]+]]{{$}}
; IR-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 8, i1 false), !tbaa.struct [[TS:![0-9]+]]{{$}}
; IR-NEXT:    call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 8, i1 false){{$}}
; IR-NEXT:    %v = load i32, ptr %q, align 4, !tbaa [[INT:![0-9]+]], !tbaa.struct [[TS]]{{$}}
; IR-NEXT:    call void @llvm.experimental.noalias.scope.decl(metadata [[S2]])
; IR-NEXT:    ret void
; IR-LABEL: define void @decls(
; IR-NEXT:    call void @llvm.experimental.noalias.scope.decl(metadata [[S1]])
; IR-NEXT:    ret void
; IR:       !llvm.errno.tbaa = !{[[INT]]}
; IR:       [[INT]] = !{[[INTTY:![0-9]+]], [[INTTY]], i64 0}

; Only the warning is left.
; AGAIN:      warning: verify-alias-md [tbaa-struct-not-copy]
; AGAIN-NEXT:   in @scopes, !tbaa.struct:
; AGAIN-NEXT:   %v = load i32, ptr %q, align 4, !tbaa !0, !tbaa.struct !13

declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.experimental.noalias.scope.decl(metadata)

define i32 @tags(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !20
  %a = load i32, ptr %q, align 4, !tbaa !21
  %b = load i32, ptr %q, align 4, !tbaa !22
  %c = load i32, ptr %q, align 4, !tbaa !23
  store i32 %a, ptr %p, align 4, !tbaa !24
  %d = add i32 %a, %b, !tbaa !10
  %e = load i32, ptr %q, align 4, !tbaa !11
  %f = load i32, ptr %q, align 4, !tbaa !25
  %s1 = add i32 %d, %c
  %s2 = add i32 %s1, %e
  %s3 = add i32 %s2, %f
  ret i32 %s3
}

define void @scopes(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !noalias !40
  store i32 1, ptr %p, align 4, !alias.scope !41, !noalias !44
  store i32 2, ptr %q, align 4, !alias.scope !41, !noalias !42
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %q, i64 8, i1 false), !tbaa.struct !50
  call void @llvm.memcpy.p0.p0.i64(ptr %q, ptr %p, i64 8, i1 false), !tbaa.struct !51
  %v = load i32, ptr %q, align 4, !tbaa !10, !tbaa.struct !50
  call void @llvm.experimental.noalias.scope.decl(metadata !42)
  call void @llvm.experimental.noalias.scope.decl(metadata !43)
  ret void
}

define void @decls() {
  call void @llvm.experimental.noalias.scope.decl(metadata !44)
  call void @llvm.experimental.noalias.scope.decl(metadata !41)
  ret void
}

!llvm.errno.tbaa = !{!10, !26}

!0 = !{!"Simple C TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"Pair", !2, i64 0, !2, i64 4}
!4 = !{!"Bad", !2, i64 0, !2}
!5 = !{!"bad scalar", i64 40}
!7 = !{!"Mixed", !2, i64 0}
!10 = !{!2, !2, i64 0}
!11 = !{!3, !2, i64 4}
!20 = !{!3, !2, i64 2}
!21 = !{!4, !2, i64 0}
!22 = !{!4, !2, i64 4}
!23 = !{!5, !2, i64 0}
!24 = !{!2, !2, i64 0, i64 1}
!25 = !{!7, !2, i64 0}
!26 = !{!2, !2, i64 4}

!30 = distinct !{!30, !"domain"}
!31 = distinct !{!31, !30, !"s1"}
!32 = distinct !{!32, !30, !"s2"}
!40 = !{!"not a scope"}
!41 = !{!31}
!42 = !{!32}
!43 = !{!31, !32}
!44 = !{!31, !32}
!50 = !{i64 0, i64 4, !10, i64 4, i64 4, !11}
!51 = !{i64 0, i64 8, !10, i64 4, i64 4, !10}
