; The end point: the claims that reach code generation are checked by the
; start's own calls. @get loads a float that @put stored: float against
; float, no claim. The test pass aliaskit-test-retag gives the load an int
; tag on the way, as a pass that rewrote tags wrongly would: at code
; generation LLVM would take the load and the store apart (int, float:
; NoAlias). The start's claims (before the pass) hold; the end's are
; broken, and the report says so, with the tags that reached code
; generation. Without the pass, no report; with the start's claims only
; (<hosts>), no report; with the end's only (<end-only>), the report.
;
; RUN: rm -rf %t && mkdir -p %t
; RUN: %aliaskit sanitize --ldflags > %t/ldflags
; RUN: %opt -enable-tbaa=false -passes='aliaskit-sanitize-tbaa' -S %s -o - | FileCheck %s --check-prefix=MARK
; RUN: %opt -enable-tbaa=false -passes='aliaskit-sanitize-tbaa,function(aliaskit-test-retag),aliaskit-sanitize-tbaa<end;stats>' -S %s -o %t/broken.ll 2> %t/stats
; RUN: FileCheck %s --check-prefix=END < %t/broken.ll
; RUN: FileCheck %s --check-prefix=STATS < %t/stats
; RUN: %opt -enable-tbaa=false -passes='aliaskit-sanitize-tbaa,aliaskit-sanitize-tbaa<end>' %s -o %t/right.bc
; RUN: %opt -enable-tbaa=false -passes='aliaskit-sanitize-tbaa,function(aliaskit-test-retag),aliaskit-sanitize-tbaa<hosts>' %s -o %t/start.bc
; RUN: %opt -enable-tbaa=false -passes='aliaskit-sanitize-tbaa,function(aliaskit-test-retag),aliaskit-sanitize-tbaa<end-only>' %s -o %t/only.bc
; RUN: %python -c "import subprocess,sys; f=open(sys.argv[1]).read().split(); [subprocess.run(['%llvm_bin/clang', b + ('.ll' if b.endswith('broken') else '.bc'), '-o', b] + f, check=True) for b in sys.argv[2:]]" %t/ldflags %t/broken %t/right %t/start %t/only
; RUN: %python %S/../sanitize/Inputs/status.py %t/broken > %t/out 2> %t/err
; RUN: FileCheck %s < %t/err
; RUN: FileCheck %s --check-prefix=OUT < %t/out
; RUN: %python %S/../sanitize/Inputs/status.py %t/right 2>&1 | FileCheck %s --check-prefix=RIGHT
; RUN: %python %S/../sanitize/Inputs/status.py %t/start 2>&1 | FileCheck %s --check-prefix=RIGHT
; RUN: %python %S/../sanitize/Inputs/status.py %t/only 2>&1 | FileCheck %s
;
; MARK-LABEL: define float @get(
; MARK:         call void @__aliaskit_tbaa_load(
; MARK:         load float, ptr %p, align 4, !tbaa ![[FLOAT:[0-9]+]], !aliaskit.test.retag !{{[0-9]+}}, !aliaskit.tbaa.site ![[SITE:[0-9]+]]
; MARK:         call void @__aliaskit_tbaa_register_v4(ptr @__aliaskit_tbaa_table, ptr null, ptr @__aliaskit_tbaa_ok, ptr @__aliaskit_tbaa_base)
; MARK:       ![[SITE]] = !{![[FLOAT]], i32 {{[0-9]+}}}
;
; END:        @__aliaskit_tbaa_end = private constant [{{[0-9]+}} x i8] c"AKTBE\00\00\01
; END-NOT:    aliaskit.tbaa.site
; END:        call void @__aliaskit_tbaa_register_v4(ptr @__aliaskit_tbaa_table, ptr @__aliaskit_tbaa_end, ptr @__aliaskit_tbaa_ok, ptr @__aliaskit_tbaa_base)
; END-NOT:    aliaskit.tbaa.site
; STATS:      aliaskit-sanitize-tbaa: at the end, 2 sites reach code generation (1 with another tag, 0 copies with different tags: not checked there), 0 tagged loads and stores made on the way are not checked
;
; CHECK:      aliaskit-sanitize: tbaa: a no-alias claim is broken in @get
; CHECK:        !tbaa {{.*}}"float"
; CHECK:        !tbaa {{.*}}"int"
; CHECK:        claim: the two tags do not alias
; CHECK:        checked: the claims that reached code generation, instrumented after optimization
; CHECK:      summary: {{.*}} 1 reports
; OUT: exit 66
; RIGHT-NOT: a no-alias claim is broken
; RIGHT: summary: {{.*}} 0 reports{{.*}} 1 tagged loads checked
; RIGHT: exit 0

target triple = "x86_64-pc-linux-gnu"

define void @put(ptr %p) noinline {
  store float 1.0, ptr %p, align 4, !tbaa !5
  ret void
}

define float @get(ptr %p) noinline {
  %v = load float, ptr %p, align 4, !tbaa !5, !aliaskit.test.retag !6
  ret float %v
}

define i32 @main() {
  %x = alloca float, align 4
  call void @put(ptr %x)
  %v = call float @get(ptr %x)
  %i = fptosi float %v to i32
  %r = sub i32 %i, 1
  ret i32 %r
}

!0 = !{!"Simple C/C++ TBAA"}
!1 = !{!"omnipotent char", !0, i64 0}
!2 = !{!"int", !1, i64 0}
!3 = !{!"float", !1, i64 0}
!5 = !{!3, !3, i64 0}
!6 = !{!2, !2, i64 0}
