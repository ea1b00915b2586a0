; verify-alias-md reports tbaa-silently-invalid ("... LLVM's bitcode reader
; drops every !tbaa of the module") for an !llvm.errno.tbaa operand, but
; LLVM's bitcode reader only checks the !tbaa of instructions: this module
; passes LLVM's verifier, and after a bitcode round trip the store keeps its
; !tbaa. (Found by checks/verify/parity.sh: disagreement
; strip:silent-on-errno-only.)
;
; opt -passes=verify -disable-output x.ll                      -> exit 0
; llvm-as -disable-verify x.ll -o - | opt -passes=verify -S    -> store keeps !tbaa
; opt -load-pass-plugin=target/release/libaliaskit.so -disable-verify \
;     -passes='verify-alias-md<warn;json>' -disable-output x.ll -> tbaa-silently-invalid
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !3
  ret void
}

!llvm.errno.tbaa = !{!5}
!0 = !{!"root"}
!1 = !{!"int", !0, i64 0}
!3 = !{!1, !1, i64 0}
!4 = !{!"x", i64 0}
!5 = !{!4, !1, i64 0}
