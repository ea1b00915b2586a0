; aliaskit explain on what rust-tbaa answers beyond alias pairs: a
; location whose tag is immutable (getModRefInfoMask: NoModRef), a call
; whose tag is immutable (getMemoryEffects: no memory, which
; getModRefInfo(Call1, Call2) asks and LLVM 22's getModRefInfo(Call, Loc)
; does not), and, with
; !llvm.errno.tbaa, the locations that cannot touch errno (aliasErrno).
;
; RUN: env PLUGIN=%plugin LLVM_BIN=%llvm_bin %python %S/../../checks/inspect/explain-vs-llvm.py --quiet %s | FileCheck %s --check-prefix=SAME
; SAME: explain vs LLVM AAResults: 1 modules, 23 answers (6 load/store, 8 call, 1 call-call, 4 mask, 4 errno); 0 mismatches, 0 modules differ
;
; RUN: %aliaskit explain %s | FileCheck %s
; CHECK:      NoModRef [tbaa] in @f
; CHECK-NEXT:   first:  call void @g(ptr %p), !tbaa ![[INT:[0-9]+]]
; CHECK-NEXT:   second: %c = load i32, ptr %k, align 4, !tbaa ![[CONST:[0-9]+]]
; CHECK-NEXT:   why: getModRefInfo(call, load): !tbaa {base "int", access "int", offset 0, immutable} of the load is immutable: getModRefInfoMask masks its location to NoModRef (constant memory)
; CHECK:        second: call void @g(ptr %p), !tbaa ![[INT]]
; CHECK-NEXT:   why: getModRefInfo(call, call): !tbaa {base "int", access "int", offset 0, immutable} of the first call is immutable: rust-tbaa's getMemoryEffects says the call accesses no memory
; CHECK:      NoModRef [tbaa] mask in @f
; CHECK-NEXT:   access: %c = load i32, ptr %k, align 4, !tbaa ![[CONST]]
; CHECK-NEXT:   why: getModRefInfoMask: !tbaa {base "int", access "int", offset 0, immutable} is immutable: the location is constant memory, which nothing modifies (NoModRef)
; CHECK:      NoAlias [tbaa] errno in @f
; CHECK-NEXT:   access: store float 1.000000e+00, ptr %q, align 4, !tbaa
; CHECK-NEXT:   why: aliasErrno: !tbaa {base "float", access "float", offset 0} aliases none of the module's !llvm.errno.tbaa tags ({base "int", access "int", offset 0}): the access cannot touch errno
; The "int" accesses may be errno, and the untagged one too: nothing said.
; CHECK-NOT:  errno in
;
; --may: the conservative answers too; against a store, the call's
; immutable tag changes nothing.
; RUN: %aliaskit explain --may %s | FileCheck %s --check-prefix=MAY
; MAY:        why: getModRefInfo(call, store): tbaa: !tbaa {base "int", access "int", offset 0, immutable} vs {base "int", access "int", offset 0}: {{.*}}
; MAY:      ModRef mask in @f
; MAY-NEXT:   access: store i32 0, ptr %p, align 4, !tbaa
; MAY-NEXT:   why: getModRefInfoMask: !tbaa {base "int", access "int", offset 0} is not immutable
; MAY-NEXT: MayAlias errno in @f
; MAY-NEXT:   access: store i32 0, ptr %p, align 4, !tbaa
; MAY-NEXT:   why: aliasErrno: !tbaa {base "int", access "int", offset 0} may alias the !llvm.errno.tbaa tag {base "int", access "int", offset 0}
; MAY:      MayAlias errno in @f
; MAY-NEXT:   access: store i8 0, ptr %u, align 1
; MAY-NEXT:   why: aliasErrno: no !tbaa
;
; RUN: %aliaskit explain --summary --json %s | FileCheck %s --check-prefix=SUMJSON
; SUMJSON: "calls":{"pairs":9,"tbaa":2,"scoped-noalias":0,"both":0,"immutable":3,"neither":4},"mask":1,"errno":1}
; RUN: %aliaskit explain --summary %s | FileCheck %s --check-prefix=SUMMARY
; SUMMARY:      immutable locations (mask): 1
; SUMMARY-NEXT: locations that cannot touch errno: 1

declare void @g(ptr)

define i32 @f(ptr %p, ptr %q, ptr %k, ptr %u) {
  %c = load i32, ptr %k, align 4, !tbaa !30
  call void @g(ptr %p), !tbaa !14
  call void @g(ptr %p), !tbaa !30
  store i32 0, ptr %p, align 4, !tbaa !14
  store float 1.0, ptr %q, align 4, !tbaa !13
  store i8 0, ptr %u, align 1
  ret i32 %c
}

!10 = !{!"Simple C/C++ TBAA"}
!11 = !{!"omnipotent char", !10, i64 0}
!15 = !{!"int", !11, i64 0}
!16 = !{!"float", !11, i64 0}
!13 = !{!16, !16, i64 0}
!14 = !{!15, !15, i64 0}
!30 = !{!15, !15, i64 0, i1 true}
!llvm.errno.tbaa = !{!14}
