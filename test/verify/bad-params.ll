; Pass parameters that do not parse get LLVM's error naming them, as
; LLVM's own passes do ("invalid GVN pass parameter 'bogus'"), not
; "unknown pass name".
; RUN: not %opt -passes='verify-alias-md<bogus>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=VERIFY
; VERIFY: invalid verify-alias-md pass parameter 'bogus' (expected warn, strip or json)
; RUN: not %opt -passes='verify-alias-md<warn;nope>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=SECOND
; SECOND: invalid verify-alias-md pass parameter 'nope' (expected warn, strip or json)
; RUN: not %opt -passes='check-captures<strip>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=CAPTURES
; CAPTURES: invalid check-captures pass parameter 'strip' (expected warn, json or why-not)
; RUN: not %opt -passes='aliaskit-explain<loud>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=EXPLAIN
; EXPLAIN: invalid aliaskit-explain pass parameter 'loud' (expected may, summary, json or function=NAME)
; RUN: not %opt -passes='aliaskit-dot<function=>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DOT
; DOT: invalid aliaskit-dot pass parameter 'function=' (function= takes a name)
; Names that merely start with ours are other passes.
; RUN: not %opt -passes='verify-alias-mdx' -disable-output %s 2>&1 | FileCheck %s --check-prefix=OTHER
; OTHER: unknown pass name 'verify-alias-mdx'

define void @f() {
  ret void
}
