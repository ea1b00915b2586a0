#!/usr/bin/env bash
# make install into a temporary prefix, then the installed tree alone:
# `make install PREFIX=$tmp/prefix`, the tree moved elsewhere (nothing may
# depend on where it was installed), and then, with PATH holding only the
# prefix's bin (LLVM tools by absolute path) and ALIASKIT_PLUGIN /
# ALIASKIT_RUNTIME unset:
#   - `aliaskit paths` names the installed plugin, runtime and rustc-link
#     (nothing of this build tree);
#   - `aliaskit verify` on examples/signal.c's IR (exit 0), on a module
#     with a wrong tag (exit 1), and on both at once (a line each, exit 1);
#   - `aliaskit sanitize` on examples/restrict.c, linked with `aliaskit
#     sanitize --ldflags`: the run reports the broken restrict promise
#     (exit 66), as in make demo;
#   - rustc with the installed rustc-link (when rustc is on PATH): a small
#     Rust program builds, runs and prints what it should;
#   - with the installed plugin taken away, the command says it is not
#     found (exit 2) rather than use this build tree's.
# usage: checks/install/check.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
cd "$ROOT"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aliaskit-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "checks/install: FAIL: $*" >&2; failures=$((failures + 1)); }

make --no-print-directory -s install PREFIX="$tmp/prefix" >/dev/null
mv "$tmp/prefix" "$tmp/moved"
prefix=$tmp/moved
for f in bin/aliaskit lib/aliaskit/libaliaskit.so lib/aliaskit/sanitize/libaliaskit_rt.a lib/aliaskit/sanitize/rustc-link; do
  [[ -f $prefix/$f ]] || fail "make install did not put $f in the prefix"
done

# The installed command, with nothing pointing back at this tree.
ak() { env -u ALIASKIT_PLUGIN -u ALIASKIT_RUNTIME -u PLUGIN PATH="$prefix/bin" LLVM_BIN="$LLVM_BIN" aliaskit "$@"; }
status() { local rc=0; "$@" >"$tmp/out" 2>&1 || rc=$?; echo "$rc"; }

ak paths >"$tmp/paths" || fail "aliaskit paths exits $? in the installed tree: $(cat "$tmp/paths")"
for want in "aliaskit: $prefix/bin/aliaskit" "plugin: $prefix/lib/aliaskit/libaliaskit.so" \
            "runtime: $prefix/lib/aliaskit/sanitize/libaliaskit_rt.a" "rustc-link: $prefix/lib/aliaskit/sanitize/rustc-link"; do
  grep -qxF "$want" "$tmp/paths" || fail "aliaskit paths lacks '$want': $(tr '\n' ';' <"$tmp/paths")"
done
if grep -qF "$ROOT/" "$tmp/paths"; then fail "the installed command uses the build tree: $(tr '\n' ';' <"$tmp/paths")"; fi

# verify: a clean example, a wrong tag, both.
"$LLVM_BIN/clang" -O1 -S -emit-llvm examples/signal.c -o "$tmp/signal.ll"
cat >"$tmp/bad.ll" <<'IR'
define void @f(ptr %p) {
  store i32 0, ptr %p, align 4, !tbaa !0
  ret void
}
!0 = !{!1, !1, i64 2}
!1 = !{!"int", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
IR
[[ $(status ak verify "$tmp/signal.ll") = 0 ]] || fail "installed aliaskit verify signal.ll: $(cat "$tmp/out")"
[[ $(status ak verify "$tmp/bad.ll") = 1 ]] || fail "installed aliaskit verify bad.ll is not exit 1: $(cat "$tmp/out")"
grep -q 'tbaa-offset-not-zero' "$tmp/out" || fail "installed aliaskit verify bad.ll: no finding"
[[ $(status ak verify -j 2 "$tmp/signal.ll" "$tmp/bad.ll") = 1 ]] || fail "installed aliaskit verify on two files is not exit 1"
grep -qxF "total: 2 files, 1 ok, 1 found something, 0 bad input" "$tmp/out" || fail "installed aliaskit verify on two files: $(tail -3 "$tmp/out")"

# sanitize: examples/restrict.c's broken promise, caught while it runs.
"$LLVM_BIN/clang" -O2 -g -Xclang -disable-llvm-passes -emit-llvm -c examples/restrict.c -o "$tmp/restrict.bc"
if ak sanitize "$tmp/restrict.bc" -o "$tmp/restrict.checked.bc" -O2 2>"$tmp/out"; then
  ldflags=$(ak sanitize --ldflags) || fail "installed aliaskit sanitize --ldflags"
  [[ $ldflags == *"$prefix/lib/aliaskit/sanitize/libaliaskit_rt.a"* ]] || fail "--ldflags does not name the installed runtime: $ldflags"
  # shellcheck disable=SC2086
  "$LLVM_BIN/clang" -O2 -Xclang -disable-llvm-passes "$tmp/restrict.checked.bc" $ldflags -o "$tmp/restrict.checked"
  rc=$(status "$tmp/restrict.checked")
  [[ $rc = 66 ]] || fail "the sanitized restrict.c exits $rc, not 66"
  grep -q '^aliaskit-sanitize: ' "$tmp/out" || fail "the sanitized restrict.c reports nothing: $(head -3 "$tmp/out")"
else
  fail "installed aliaskit sanitize: $(cat "$tmp/out")"
fi

# rustc through the installed rustc-link.
if command -v rustc >/dev/null; then
  cat >"$tmp/hello.rs" <<'RS'
fn add(a: &mut [i32], b: &[i32]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += *y;
    }
}
fn main() {
    let mut a = vec![1, 2, 3];
    let b = vec![10, 20, 30];
    add(&mut a, &b);
    println!("sum {:?}", a);
}
RS
  if (cd "$tmp" && PATH="$prefix/bin:$PATH" ALIASKIT_RUST_BC="$tmp/hello.bc" env -u ALIASKIT_PLUGIN -u ALIASKIT_RUNTIME \
        rustc -O -g -C codegen-units=1 -C no-prepopulate-passes --emit=llvm-bc="$tmp/hello.bc",link \
        -C linker="$prefix/lib/aliaskit/sanitize/rustc-link" hello.rs -o hello) >"$tmp/out" 2>&1; then
    out=$("$tmp/hello" 2>"$tmp/err") || fail "the Rust program built through rustc-link failed: $(cat "$tmp/err")"
    [[ $out == "sum [11, 22, 33]" ]] || fail "the Rust program built through rustc-link printed $out"
    # The runtime is in: its summary, with nothing to report.
    grep -q '^aliaskit-sanitize: summary: .* 0 reports' "$tmp/err" || fail "the Rust program built through rustc-link: no runtime summary: $(cat "$tmp/err")"
  else
    fail "rustc with the installed rustc-link: $(tail -5 "$tmp/out")"
  fi
else
  echo "checks/install: rustc not on PATH, rustc-link not tried"
fi

# No silent fallback: without the installed plugin the command stops.
mv "$prefix/lib/aliaskit/libaliaskit.so" "$tmp/away.so"
[[ $(status ak verify "$tmp/signal.ll") = 2 ]] || fail "installed aliaskit verify without its plugin is not exit 2: $(cat "$tmp/out")"
grep -qF "plugin not found: $prefix/bin/libaliaskit.so or $prefix/bin/../lib/aliaskit/libaliaskit.so" "$tmp/out" \
  || fail "installed aliaskit verify without its plugin: $(cat "$tmp/out")"
[[ $(status ak paths) = 2 ]] || fail "aliaskit paths without the plugin is not exit 2"

if ((failures)); then
  echo "checks/install: $failures failures"
  exit 1
fi
echo "checks/install: make install (moved prefix): paths, verify, sanitize (C$(command -v rustc >/dev/null && echo ', Rust')) and the missing-plugin check: ok"
