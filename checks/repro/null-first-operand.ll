; LLVM 22.1.8: SIGSEGV in TypeBasedAAResult::alias (libLLVM.so.22.1+0x68b5488)
; on a new-format type chain whose last node has a null operand 0
; (!7 = !{null, i64 8, !"any pointer"}). Written by hand from two fuzz
; modules (checks/fuzz m04011 and m05727 of the 10,000-module run: mutation
; type-ops on clang's pointer TBAA, where tbaa-diff's call into LLVM's
; analysis crashed). **The IR verifier accepts this module.**
;
;   opt -disable-verify -aa-pipeline=tbaa -passes=aa-eval -evaluate-aa-metadata -disable-output null-first-operand.ll
;   Stack dump: ...                                      (exit 139, SIGSEGV)
;
; getLeastCommonType climbs the parents of the pointer tag's access type;
; TBAANode::getParent asks isNewFormatTypeNode(!7), which does
; isa<MDNode>(operand 0) on a null operand. aliaskit: MayAlias for the
; pair, a warning naming !7; tbaa-diff skips the pair instead of asking
; LLVM; verify-alias-md reports tbaa-null-first-operand
; (test/repro/llvm-crashes.test).

define void @f(ptr %p, ptr %q) {
  store i32 0, ptr %p, align 4, !tbaa !0
  store ptr null, ptr %q, align 8, !tbaa !4
  ret void
}

!0 = !{!1, !1, i64 0, i64 4}
!1 = !{!2, i64 4, !"int"}
!2 = !{!3, i64 1, !"omnipotent char"}
!3 = !{!"Simple C/C++ TBAA"}
!4 = !{!5, !5, i64 0, i64 8}
!5 = !{!6, i64 8, !"p2 omnipotent char"}
!6 = !{!7, i64 8, !"any p2 pointer"}
!7 = !{null, i64 8, !"any pointer"}
