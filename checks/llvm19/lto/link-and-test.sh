#!/usr/bin/env bash
# link-and-test.sh DIR: links DIR/set_and_read.o and DIR/main.o (bitcode
# from an older clang with -flto or -flto=thin, LTO=... says which) with
# LLVM 22's clang and ld.lld, aliaskit's analyses in the LTO AA pipeline;
# runs the program and checks its output. Exit 0 when it is right, 1 when
# it is wrong, 2 when the link fails. The command for
#
#   aliaskit bisect -- ./link-and-test.sh DIR
#
# Environment: LLVM_BIN (/usr/lib/llvm-22/bin), PLUGIN (the repository's
# target/release/libaliaskit.so), LTO (-flto).
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
PLUGIN=$(realpath "${PLUGIN:-$here/../../../target/release/libaliaskit.so}")
dir=$1
# Runs going at once (aliaskit bisect -j) link programs of their own.
prog=$dir/prog${ALIASKIT_BISECT_SLOT:-}
"$LLVM_BIN/clang" -O2 "${LTO:--flto}" -fuse-ld=lld "$dir/set_and_read.o" "$dir/main.o" -o "$prog" \
    -Wl,--load-pass-plugin="$PLUGIN" -Xlinker --lto-aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa || exit 2
out=$("$prog") || exit 2
echo "$out"
[[ $out == "read 5, stored 5" ]]
