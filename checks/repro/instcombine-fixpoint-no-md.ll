; LLVM 22.1.8: instcombine fails its own check that one iteration reached a
; fixpoint, on a function with no metadata at all and any AA pipeline (none
; given, basic-aa alone, or LLVM's analyses). Reduced with
; checks/repro/reduce.sh (the reduction removed every tag) from fuzz
; module m01939 of the 8,087-module run, where standalone instcombine
; failed this way only with aliaskit's analyses: which stores earlier folds
; remove, and so which folds are left for a second iteration, depends on
; the alias answers.
;
;   opt -passes=instcombine -disable-output instcombine-fixpoint-no-md.ll
;   LLVM ERROR: Instruction Combining on f2 did not reach a fixpoint after
;   1 iterations. Use 'instcombine<no-verify-fixpoint>' ...     (exit 1)
;
; The check is a development aid: `instcombine<no-verify-fixpoint>`
; finishes, and default<O2> runs instcombine with it off. checks/fuzz
; counts this failure as LLVM's when instcombine<no-verify-fixpoint>
; finishes with our analyses (test/repro/llvm-passes.test).

declare void @ext_read(ptr)

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias writeonly captures(none), ptr noalias readonly captures(none), i64, i1 immarg) #0

define i64 @f2(ptr %a0) {
entry:
  store float 0.000000e+00, ptr %a0, align 1
  call void @ext_read(ptr %a0)
  store i8 0, ptr %a0, align 1
  call void @llvm.memcpy.p0.p0.i64(ptr %a0, ptr null, i64 0, i1 false)
  store i32 0, ptr %a0, align 4
  store ptr null, ptr %a0, align 1
  store float 0.000000e+00, ptr %a0, align 1
  store float 0.000000e+00, ptr %a0, align 1
  store ptr null, ptr %a0, align 1
  store ptr null, ptr %a0, align 1
  store ptr %a0, ptr %a0, align 1
  store float 0.000000e+00, ptr %a0, align 1
  store ptr null, ptr %a0, align 1
  store float 0.000000e+00, ptr %a0, align 1
  store i64 0, ptr %a0, align 1
  %0 = ptrtoint ptr %a0 to i64
  %1 = trunc i64 %0 to i32
  store i32 %1, ptr %a0, align 1
  store i8 0, ptr %a0, align 1
  %v30 = load float, ptr %a0, align 1
  %c31 = fptosi float %v30 to i64
  %c34 = ptrtoint ptr %a0 to i64
  %s35 = or i64 %c31, %c34
  ret i64 %s35
}

attributes #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
