; aliaskit explain on memory intrinsics: their destination and source
; locations (MemoryLocation::getForDest, getForSource) carry the call's own
; !tbaa, !alias.scope and !noalias; no alias query reads !tbaa.struct.
;
; RUN: env PLUGIN=%plugin LLVM_BIN=%llvm_bin %python %S/../../checks/inspect/explain-vs-llvm.py --quiet %s | FileCheck %s --check-prefix=SAME
; SAME: explain vs LLVM AAResults: 1 modules, {{[0-9]+}} answers ({{.*}}); 0 mismatches, 0 modules differ
;
; A copy with !tbaa.struct and no !tbaa is untagged for rust-tbaa: ModRef,
; and the reason says so and lists its fields; the load later derived
; from its "float" field (as SROA/InstCombine make them) is decided.
; RUN: %aliaskit explain --may --function struct_only %s | FileCheck %s --check-prefix=STRUCT
; STRUCT:      NoAlias [tbaa] in @struct_only
; STRUCT-NEXT:   first:  %f = load float, ptr %s, align 4, !tbaa
; STRUCT-NEXT:   second: store i32 0, ptr %x, align 4, !tbaa
; STRUCT:      ModRef in @struct_only
; STRUCT-NEXT:   first:  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct
; STRUCT-NEXT:   second: store i32 0, ptr %x, align 4, !tbaa
; STRUCT-NEXT:   why: getModRefInfo(copy, store): tbaa: !tbaa none vs {base "int", access "int", offset 0}: an access without a tag may alias anything; scoped-noalias: nothing to exclude: !alias.scope none vs !noalias none; the copy has !tbaa.struct and no !tbaa: its locations (getForDest, getForSource) carry its own !tbaa, !alias.scope and !noalias, and no alias query reads !tbaa.struct, so rust-tbaa sees it untagged (its !tbaa.struct fields: offset 0 size 4 {base "int", access "int", offset 0}, offset 4 size 4 {base "float", access "float", offset 0}; a scalar access later derived from one of them has that field's tag and can be decided where the copy was not)
; RUN: %aliaskit explain --may --json --function struct_only %s | FileCheck %s --check-prefix=SJSON
; SJSON: {"kind":"call","function":"struct_only","first":"call void @llvm.memcpy{{.*}}","answer":"ModRef","analysis":null,"why":"{{.*}}!tbaa.struct fields: offset 0 size 4 {{.*}}","locations":{"dest":"MayAlias","source":"MayAlias"},"reasons":{"tbaa":"no !tbaa on one side","scoped-noalias":"no scope lists on one side"}}
;
; A copy with !tbaa is decided by it, for both of its locations; a memset
; has one location.
; RUN: %aliaskit explain --json --function tagged %s | FileCheck %s --check-prefix=TAGGED
; TAGGED: {"kind":"call","function":"tagged","first":"call void @llvm.memcpy{{.*}}, !tbaa !{{[0-9]+}}","second":"store float 1.000000e+00, ptr %x, align 4, !tbaa !{{[0-9]+}}, !noalias !{{[0-9]+}}","answer":"NoModRef","analysis":"tbaa","why":"getModRefInfo(copy, store): !tbaa {base \"long\", access \"long\", offset 0} vs {base \"float\", access \"float\", offset 0}: neither access can be to a subobject of the other{{.*}}","locations":{"dest":"NoAlias","source":"NoAlias"}}
; TAGGED: {"kind":"call","function":"tagged","first":"call void @llvm.memset{{.*}}","second":"store float 1.000000e+00, ptr %x, align 4, !tbaa !{{[0-9]+}}, !noalias !{{[0-9]+}}","answer":"NoModRef","analysis":"scoped-noalias","why":"getModRefInfo(memset, store): {{.*}}","locations":{"dest":"NoAlias"}}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias, ptr noalias, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define float @struct_only(ptr %d, ptr %s, ptr %x) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa.struct !20
  store i32 0, ptr %x, align 4, !tbaa !14
  %f = load float, ptr %s, align 4, !tbaa !13
  ret float %f
}

define void @tagged(ptr %d, ptr %s, ptr %x) {
  call void @llvm.memcpy.p0.p0.i64(ptr %d, ptr %s, i64 8, i1 false), !tbaa !12
  call void @llvm.memset.p0.i64(ptr %d, i8 0, i64 8, i1 false), !alias.scope !3
  store float 1.0, ptr %x, align 4, !tbaa !13, !noalias !3
  ret void
}

!1 = distinct !{!1, !"dom"}
!2 = distinct !{!2, !1, !"A"}
!3 = !{!2}
!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!"omnipotent char", !10, i64 0}
!15 = !{!"int", !11, i64 0}
!16 = !{!"float", !11, i64 0}
!17 = !{!"long", !11, i64 0}
!12 = !{!17, !17, i64 0}
!13 = !{!16, !16, i64 0}
!14 = !{!15, !15, i64 0}
!20 = !{i64 0, i64 4, !14, i64 4, i64 4, !13}
