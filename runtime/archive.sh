#!/usr/bin/env bash
# The runtime as a program links it: target/release/sanitize/libaliaskit_rt.a,
# one object whose only global symbols are the __aliaskit_* entry points.
#
# Cargo's staticlib carries its own copy of Rust's standard library. Linked
# into a Rust program, which has its own, the two copies' symbols would
# clash; linked into a C program, they could clash with another Rust
# library's. So the archive's members are linked into one relocatable
# object (ld.lld -r), every symbol but the entry points is made local and
# the debug information (the runtime's own, never shown) is dropped
# (llvm-objcopy), and the object is archived alone (llvm-ar).
# The staticlib comes from the `runtime` profile (Cargo.toml: whole-program
# LTO), built as `make build` does:
#   cargo rustc --profile runtime -p aliaskit-rt --lib --crate-type staticlib
# so that only what the entry points reach is in it: the core's analyses,
# the reader's and most of the standard library are not, and no page of
# them is in an instrumented program's memory (text 2.2 -> 0.84 MB, peak
# RSS 4.5 -> 3.3 MiB for `c_blas 300` of bench/sanitize.py).
# Two more things keep the runtime's pages out of the program's memory
# (peak RSS of `c_blas 3000`: 3.7 -> 3.2 MiB; plain 2.3):
# - The functions a run of the runtime executes, listed (as patterns) in
#   runtime/hot-functions.txt, are gathered into one section,
#   .text.aliaskit_hot (a linker script for the ld.lld -r step). Scattered
#   over the runtime's 750 KB of text, they brought in most of it: the
#   kernel maps a file's pages 64 KiB at a time around each one touched.
#   A function a run executes that is not in the list costs the program a
#   64 KiB window of cold text; the list is made by runtime/hot_functions.py
#   (`make hot-functions`), and test/sanitize/hot-run.test fails when a run
#   of c_blas executes a function outside the section.
# - The runtime's unwinder (Rust's panics are caught, never let out) is
#   libgcc's static one, linked in and made local like the rest, so that the
#   program does not load libgcc_s.so (100 KiB) for it: `--ldflags` has no
#   -lgcc_s. The program's own unwinding is untouched.
# Also copies runtime/rustc-link there (rustc's linker for instrumented
# Rust programs). Needs LLVM 22's ld.lld, llvm-objcopy, llvm-ar and clang
# (LLVM_BIN; clang finds libgcc_eh.a).
#
# usage: runtime/archive.sh [IN_DIR [OUT_DIR]]
#   (default: target/runtime, target/release: the archive goes to
#   OUT_DIR/sanitize/libaliaskit_rt.a)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"
in=${1:-$ROOT/target/runtime}/libaliaskit_rt.a
out=${2:-$ROOT/target/release}/sanitize
[[ -f $in ]] || { echo "runtime/archive.sh: $in missing (cargo rustc --profile runtime -p aliaskit-rt --lib --crate-type staticlib)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aliaskit-rt.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
unwinder=$("$LLVM_BIN/clang" -print-file-name=libgcc_eh.a)
[[ -f $unwinder ]] || { echo "runtime/archive.sh: libgcc_eh.a not found (clang -print-file-name=libgcc_eh.a; Debian: libgcc-12-dev)" >&2; exit 1; }
# One input section description per pattern: the hot section holds them
# in the list's order. The rest of the runtime's cold functions
# (.text.unlikely.*) go into one section of their own: left as they are,
# GNU ld would put them first in the program's text, before and beside the
# program's own code, whose pages a run touches.
{
  echo 'SECTIONS {'
  echo ' .text.aliaskit_hot : {'
  grep -v '^#' "$ROOT/runtime/hot-functions.txt" | while read -r f; do
    [[ -n $f ]] && echo "  *(.text.$f* .text.unlikely.$f*)"
  done
  echo ' }'
  echo ' .text.aliaskit_cold : { *(.text.unlikely .text.unlikely.*) }'
  echo '}'
} >"$tmp/hot.ld"
"$LLVM_BIN/ld.lld" -r -T "$tmp/hot.ld" --whole-archive "$in" --no-whole-archive "$unwinder" -o "$tmp/rt.o"
"$LLVM_BIN/llvm-objcopy" --strip-debug --wildcard --keep-global-symbol='__aliaskit_*' "$tmp/rt.o" "$tmp/aliaskit_rt.o"
rm -f "$tmp/lib.a"
"$LLVM_BIN/llvm-ar" rcs "$tmp/lib.a" "$tmp/aliaskit_rt.o"
mv -f "$tmp/lib.a" "$out/libaliaskit_rt.a"
# rustc's linker for instrumented Rust programs, beside the runtime.
cp -f "$ROOT/runtime/rustc-link" "$out/rustc-link"
