; The inliner turns noalias arguments into scopes. For each inlined call of
; @accumulate it makes a fresh domain "accumulate" with one scope per
; noalias argument ("accumulate: %acc", "accumulate: %in"), declares them
; with llvm.experimental.noalias.scope.decl, and tags each copied access:
; !alias.scope = the arguments it is based on, !noalias = the others.
; Two inlinings give two distinct domains, so the copies say nothing about
; each other: in @twice, %p and %q, %r and %q may well alias.
;
; RUN: %opt-llvm -passes=inline -S %s | FileCheck %s --check-prefix=INLINE
; RUN: %opt -passes=inline -S %s | FileCheck %s --check-prefix=INLINE
;
; After inlining, only the metadata tells the two arguments apart: GVN
; forwards %x across the store to %acc within each copy, but not the first
; copy's load of %q to the second copy's. (The pipeline is spelled
; cgscc(inline),function(gvn): written inline,function(gvn), opt runs GVN
; inside the call-graph walk, on @accumulate before it is inlined, where
; BasicAA alone sees the noalias arguments.)
; RUN: %opt-llvm -aa-pipeline=basic-aa,scoped-noalias-aa -passes='cgscc(inline),function(gvn)' -S %s | FileCheck %s --check-prefixes=GVN,SCOPED
; RUN: %opt -aa-pipeline=basic-aa,rust-scoped-noalias -passes='cgscc(inline),function(gvn)' -S %s | FileCheck %s --check-prefixes=GVN,SCOPED
; RUN: %opt -aa-pipeline=basic-aa -passes='cgscc(inline),function(gvn)' -S %s | FileCheck %s --check-prefixes=GVN,BASIC
;
; scoped-diff on the inlined module: 4 distinct !alias.scope lists and 4
; distinct !noalias lists ({acc} and {in} of each copy, used both ways):
; 16 pairs, 12 + 12 merges.
; RUN: %opt -passes='cgscc(inline),scoped-diff<fatal>' -disable-output %s 2>&1 | FileCheck %s --check-prefix=DIFF
; RUN: %opt-llvm -passes=inline -S %s | %opt -passes='scoped-diff<fatal>' -disable-output 2>&1 | FileCheck %s --check-prefix=DIFF
; DIFF-NOT: disagreement
; DIFF: scoped-diff: 16 pairs, 24 merges, 0 disagreements{{$}}

define internal i32 @accumulate(ptr noalias %acc, ptr noalias %in) {
  %x = load i32, ptr %in, align 4
  %old = load i32, ptr %acc, align 4
  %new = add i32 %old, %x
  store i32 %new, ptr %acc, align 4
  %again = load i32, ptr %in, align 4
  %r = mul i32 %x, %again
  ret i32 %r
}

; INLINE-LABEL: define i32 @twice(
; INLINE-NEXT:  call void @llvm.experimental.noalias.scope.decl(metadata ![[ACC1:[0-9]+]])
; INLINE-NEXT:  call void @llvm.experimental.noalias.scope.decl(metadata ![[IN1:[0-9]+]])
; INLINE-NEXT:  %x.i = load i32, ptr %q, align 4, !alias.scope ![[IN1]], !noalias ![[ACC1]]
; INLINE-NEXT:  %old.i = load i32, ptr %p, align 4, !alias.scope ![[ACC1]], !noalias ![[IN1]]
; INLINE-NEXT:  %new.i = add
; INLINE-NEXT:  store i32 %new.i, ptr %p, align 4, !alias.scope ![[ACC1]], !noalias ![[IN1]]
; INLINE-NEXT:  %again.i = load i32, ptr %q, align 4, !alias.scope ![[IN1]], !noalias ![[ACC1]]
; INLINE-NEXT:  %r.i = mul
; INLINE-NEXT:  call void @llvm.experimental.noalias.scope.decl(metadata ![[ACC2:[0-9]+]])
; INLINE-NEXT:  call void @llvm.experimental.noalias.scope.decl(metadata ![[IN2:[0-9]+]])
; INLINE-NEXT:  %x.i1 = load i32, ptr %q, align 4, !alias.scope ![[IN2]], !noalias ![[ACC2]]
; INLINE-NEXT:  %old.i2 = load i32, ptr %r, align 4, !alias.scope ![[ACC2]], !noalias ![[IN2]]
; INLINE-NEXT:  %new.i3 = add
; INLINE-NEXT:  store i32 %new.i3, ptr %r, align 4, !alias.scope ![[ACC2]], !noalias ![[IN2]]
; INLINE-NEXT:  %again.i4 = load i32, ptr %q, align 4, !alias.scope ![[IN2]], !noalias ![[ACC2]]
; The callee was internal: once inlined twice it is gone.
; INLINE-NOT:   @accumulate
;
; Each list holds one scope; the scopes of a copy share a domain, and the
; two copies' domains are different nodes (CHECK-DAG matches never
; overlap, so DOM1 and DOM2 are two definitions).
; INLINE-DAG:   ![[ACC1]] = !{![[SACC1:[0-9]+]]}
; INLINE-DAG:   ![[IN1]] = !{![[SIN1:[0-9]+]]}
; INLINE-DAG:   ![[SACC1]] = distinct !{![[SACC1]], ![[DOM1:[0-9]+]], !"accumulate: %acc"}
; INLINE-DAG:   ![[SIN1]] = distinct !{![[SIN1]], ![[DOM1]], !"accumulate: %in"}
; INLINE-DAG:   ![[ACC2]] = !{![[SACC2:[0-9]+]]}
; INLINE-DAG:   ![[IN2]] = !{![[SIN2:[0-9]+]]}
; INLINE-DAG:   ![[SACC2]] = distinct !{![[SACC2]], ![[DOM2:[0-9]+]], !"accumulate: %acc"}
; INLINE-DAG:   ![[SIN2]] = distinct !{![[SIN2]], ![[DOM2]], !"accumulate: %in"}
; INLINE-DAG:   ![[DOM1]] = distinct !{![[DOM1]], !"accumulate"}
; INLINE-DAG:   ![[DOM2]] = distinct !{![[DOM2]], !"accumulate"}

; GVN-LABEL:   define i32 @twice(
; GVN:         %x.i = load i32, ptr %q
; GVN:         store i32 %new.i, ptr %p
; SCOPED-NEXT: %r.i = mul i32 %x.i, %x.i
; BASIC-NEXT:  %again.i = load i32, ptr %q
; BASIC-NEXT:  %r.i = mul i32 %x.i, %again.i
; With the scopes, the second copy must still load %q once: copy 1 stored
; to %p, which may be %q, and copy 2's scopes are in another domain.
; SCOPED:      %x.i1 = load i32, ptr %q
; SCOPED:      store i32 %new.i3, ptr %r
; SCOPED-NEXT: %r.i{{[0-9]+}} = mul i32 %x.i1, %x.i1
; (BasicAA alone reuses %again.i for copy 2's first load, there being no
; store in between, and reloads after the store to %r.)
; BASIC:       store i32 %new.i3, ptr %r
; BASIC-NEXT:  %again.i4 = load i32, ptr %q
; GVN-NOT:     load i32, ptr %q
; GVN:         ret i32
define i32 @twice(ptr %p, ptr %q, ptr %r) {
  %one = call i32 @accumulate(ptr %p, ptr %q)
  %two = call i32 @accumulate(ptr %r, ptr %q)
  %s = add i32 %one, %two
  ret i32 %s
}
