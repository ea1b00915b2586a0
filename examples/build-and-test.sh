#!/bin/sh
# build-and-test.sh MODULE EXPECTED: the test `aliaskit bisect` runs.
#
# Builds MODULE (LLVM IR from the front end, before any LLVM pass) at O2
# with aliaskit's analyses in the AA pipeline, links it, runs it, and exits
# 0 when the output contains EXPECTED, 1 when it does not.
#   env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#   target/release/libaliaskit.so)
# The link step runs no optimization (clang without -O), so every alias
# answer that shapes the program is one of ours.
set -eu
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
PLUGIN=${PLUGIN:-target/release/libaliaskit.so}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" \
  -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa -passes='default<O2>' \
  "$1" -o "$dir/prog.bc"
"$LLVM_BIN/clang" "$dir/prog.bc" -o "$dir/prog"
"$dir/prog" > "$dir/out"
grep -qF -- "$2" "$dir/out"
