; The start of the pipeline turns noalias parameters into scopes as the
; inliner would when inlining the function: a domain named after it, a
; scope per used noalias pointer parameter (named `f: %p`, or
; `f: argument N` for an unnamed one), a decl of each at the entry, and
; the inliner's lists on each access. The attributes go, from the
; function and its calls, so that basic-aa cannot use the claim before it
; is checked. An access only to the function's own stack objects gets no
; list. An access that cannot be classified (through a pointer loaded
; after both parameters were captured) is counted at the end, where the
; conversion is completed.
;
; RUN: %opt -passes='aliaskit-sanitize<start>' -S %s -o - | FileCheck %s --check-prefix=START
; RUN: %opt -passes='aliaskit-sanitize<start>,aliaskit-sanitize<end>' -S %s -o - | FileCheck %s --check-prefix=END
;
; START-LABEL: define void @copy(ptr %out, ptr %in, ptr %other, ptr %slot)
; START-NOT:     {{ptr noalias}}
; START:         call void @llvm.experimental.noalias.scope.decl(metadata ![[LO:[0-9]+]])
; START:         call void @llvm.experimental.noalias.scope.decl(metadata ![[LI:[0-9]+]])
; START:         %v = load i32, ptr %in, align 4, !alias.scope ![[LI]], !noalias ![[LO]]
; START:         store i32 %v, ptr %out, align 4, !alias.scope ![[LO]], !noalias ![[LI]]
; START:         store i32 0, ptr %other, align 4, !noalias ![[BOTH:[0-9]+]]
; START:         store i32 1, ptr %local, align 4, !aliaskit.access !{{[0-9]+}}{{$}}
; START:         store ptr %in, ptr %slot, align 8, !noalias ![[BOTH]]
; START-LABEL: define void @caller(
; START:         call void @copy(ptr %a, ptr %b, ptr %c, ptr %d)
; START-DAG:   ![[DOMAIN:[0-9]+]] = distinct !{![[DOMAIN]], !"copy"}
; START-DAG:   ![[LO]] = !{![[SO:[0-9]+]]}
; START-DAG:   ![[SO]] = distinct !{![[SO]], ![[DOMAIN]], !"copy: %out"}
; START-DAG:   ![[SI:[0-9]+]] = distinct !{![[SI]], ![[DOMAIN]], !"copy: %in"}
; START-DAG:   ![[BOTH]] = !{![[SO]], ![[SI]]}
;
; END:       @__aliaskit.unclassified = private global i64 0, align 8
; END-LABEL: define void @copy(
; END:         %p = load ptr, ptr %slot
; END-NEXT:    atomicrmw add ptr @__aliaskit.unclassified, i64 1 monotonic, align 8, !nosanitize
; END-NEXT:    store i32 2, ptr %p
; END-NOT:   !aliaskit.noalias

define void @copy(ptr noalias %out, ptr noalias %in, ptr %other, ptr %slot) {
  %local = alloca i32
  %v = load i32, ptr %in
  store i32 %v, ptr %out
  store i32 0, ptr %other
  store i32 1, ptr %local
  call void @use(ptr %local)
  store ptr %in, ptr %slot
  store ptr %out, ptr %other
  %p = load ptr, ptr %slot
  store i32 2, ptr %p
  ret void
}

declare void @use(ptr)

define void @caller(ptr %a, ptr %b, ptr %c, ptr %d) {
  call void @copy(ptr noalias %a, ptr noalias %b, ptr %c, ptr %d)
  ret void
}
