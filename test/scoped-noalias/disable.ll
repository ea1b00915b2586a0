; Switching scoped no-alias off. The built-in scoped-noalias-aa has the
; hidden option -enable-scoped-noalias; rust-scoped-noalias has
; -aliaskit-enable-scoped-noalias and the environment variable
; ALIASKIT_ENABLE_SCOPED_NOALIAS. Switched off, every answer is the
; conservative one (MayAlias, ModRef) and no transform can use the lists.
;
; Switched on (the default), for reference:
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: env ALIASKIT_ENABLE_SCOPED_NOALIAS=1 %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: %opt -aliaskit-enable-scoped-noalias=true -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL-ON
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL-ON
;
; Switched off:
; RUN: %opt-llvm -enable-scoped-noalias=false -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: %opt -aliaskit-enable-scoped-noalias=false -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: env ALIASKIT_ENABLE_SCOPED_NOALIAS=0 %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: env ALIASKIT_ENABLE_SCOPED_NOALIAS=false %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,OFF
; RUN: %opt-llvm -enable-scoped-noalias=false -aa-pipeline=basic-aa,scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL-OFF
; RUN: %opt -aliaskit-enable-scoped-noalias=false -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL-OFF
; RUN: env ALIASKIT_ENABLE_SCOPED_NOALIAS=0 %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s 2>&1 | FileCheck %s --check-prefix=EVAL-OFF
;
; The plugin's switches are rust-scoped-noalias's own: the built-in
; scoped-noalias-aa, in the same opt, keeps working.
; RUN: %opt -aliaskit-enable-scoped-noalias=false -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON
; RUN: env ALIASKIT_ENABLE_SCOPED_NOALIAS=0 %opt -aa-pipeline=basic-aa,scoped-noalias-aa -passes=gvn -S %s | FileCheck %s --check-prefixes=CHECK,ON

declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @overwrite(ptr)
declare i32 @measure(ptr) memory(read)

; A load across a store (alias query).
; CHECK-LABEL: define i32 @across_store(
; CHECK:       store i32 7, ptr %q
; ON-NEXT:     %sum = add i32 %one, %one
; OFF-NEXT:    %two = load i32, ptr %p
; OFF-NEXT:    %sum = add i32 %one, %two
; EVAL-ON:     NoAlias:   %one = load i32, ptr %p, align 4, !alias.scope ![[L:[0-9]+]] <->   store i32 7, ptr %q, align 4, !noalias ![[L]]
; EVAL-OFF:    MayAlias:   %one = load i32, ptr %p, align 4, !alias.scope ![[L:[0-9]+]] <->   store i32 7, ptr %q, align 4, !noalias ![[L]]
; EVAL-OFF-NOT: NoAlias
define i32 @across_store(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !alias.scope !2
  store i32 7, ptr %q, align 4, !noalias !2
  %two = load i32, ptr %p, align 4, !alias.scope !2
  %sum = add i32 %one, %two
  ret i32 %sum
}

; A load across a memset (call vs location).
; CHECK-LABEL: define i32 @across_memset(
; CHECK:       call void @llvm.memset
; ON-NEXT:     %sum = add i32 %one, %one
; OFF-NEXT:    %two = load i32, ptr %p
; OFF-NEXT:    %sum = add i32 %one, %two
define i32 @across_memset(ptr %p, ptr %q) {
  %one = load i32, ptr %p, align 4, !noalias !2
  call void @llvm.memset.p0.i64(ptr %q, i8 0, i64 8, i1 false), !alias.scope !2
  %two = load i32, ptr %p, align 4, !noalias !2
  %sum = add i32 %one, %two
  ret i32 %sum
}

; A read-only call across a writing call (call vs call).
; CHECK-LABEL: define i32 @across_call(
; CHECK:       call void @overwrite(ptr %q)
; ON-NEXT:     %sum = add i32 %one, %one
; OFF-NEXT:    %two = call i32 @measure(ptr %p)
; OFF-NEXT:    %sum = add i32 %one, %two
define i32 @across_call(ptr %p, ptr %q) {
  %one = call i32 @measure(ptr %p), !alias.scope !2
  call void @overwrite(ptr %q), !noalias !2
  %two = call i32 @measure(ptr %p), !alias.scope !2
  %sum = add i32 %one, %two
  ret i32 %sum
}

!0 = distinct !{!0, !"switch"}
!1 = distinct !{!1, !0, !"switch: p"}
!2 = !{!1}
