#!/usr/bin/env bash
# The runtime as a program links it: target/release/sanitize/libaliaskit_rt.a,
# one object whose only global symbols are the __aliaskit_* entry points.
#
# usage: runtime/archive.sh [TARGET_DIR]   (default: target/release)
#
# Cargo's staticlib carries its own copy of Rust's standard library. Linked
# into a Rust program, which has its own, the two copies' symbols would
# clash; linked into a C program, they could clash with another Rust
# library's. So the archive's members are linked into one relocatable
# object (ld.lld -r), every symbol but the entry points is made local and
# the debug information (the runtime's own, never shown) is dropped
# (llvm-objcopy), and the object is archived alone (llvm-ar).
# Also copies runtime/rustc-link there (rustc's linker for instrumented
# Rust programs). Needs LLVM 22's ld.lld, llvm-objcopy and llvm-ar (LLVM_BIN).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"
dir=${1:-$ROOT/target/release}
in=$dir/libaliaskit_rt.a
out=$dir/sanitize
[[ -f $in ]] || { echo "runtime/archive.sh: $in missing (cargo build --release -p aliaskit-rt)" >&2; exit 1; }
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/aliaskit-rt.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$LLVM_BIN/ld.lld" -r --whole-archive "$in" -o "$tmp/rt.o"
"$LLVM_BIN/llvm-objcopy" --strip-debug --wildcard --keep-global-symbol='__aliaskit_*' "$tmp/rt.o" "$tmp/aliaskit_rt.o"
rm -f "$tmp/lib.a"
"$LLVM_BIN/llvm-ar" rcs "$tmp/lib.a" "$tmp/aliaskit_rt.o"
mv -f "$tmp/lib.a" "$out/libaliaskit_rt.a"
# rustc's linker for instrumented Rust programs, beside the runtime.
cp -f "$ROOT/runtime/rustc-link" "$out/rustc-link"
