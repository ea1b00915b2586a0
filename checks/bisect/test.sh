#!/usr/bin/env bash
# The build-and-test command of the bisect corpus, for `aliaskit bisect`.
#
# usage: checks/bisect/test.sh MODULE.ll EXPECTED
#   builds MODULE at O2 with aliaskit's analyses in the AA pipeline
#   (opt -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa
#   -passes='default<O2>'), links it with clang, runs it and compares its
#   output (stdout and stderr, then a line "[exit N]") with EXPECTED.
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), BUILD_TIMEOUT (seconds for opt and
#      for clang, default 120), RUN_TIMEOUT (seconds, default 10); and
#      ALIASKIT_BISECT / ALIASKIT_BISECT_LOG as `aliaskit bisect` sets them.
#
# Exit status: 0 the output is EXPECTED; 1 it differs (the first lines of
# the difference are printed); 3 the build failed; 4 the program ran out
# of time.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
BUILD_TIMEOUT=${BUILD_TIMEOUT:-120}
RUN_TIMEOUT=${RUN_TIMEOUT:-10}
[[ $# == 2 ]] || { echo "usage: test.sh MODULE.ll EXPECTED" >&2; exit 2; }

d=$(mktemp -d "${TMPDIR:-/tmp}/aliaskit-bisect-test.XXXXXX")
trap 'rm -rf "$d"' EXIT
OPT_TIMEOUT=$BUILD_TIMEOUT opt_plugin -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa -passes='default<O2>' \
    "$1" -o "$d/p.bc" || { echo "test.sh: opt failed"; exit 3; }
timeout "$BUILD_TIMEOUT" "$LLVM_BIN/clang" -w "$d/p.bc" -o "$d/p" ||
    { echo "test.sh: clang failed"; exit 3; }
run_and_compare "$d" "$2" p
