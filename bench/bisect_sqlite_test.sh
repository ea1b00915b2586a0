#!/usr/bin/env bash
# The build-and-test command of section B-SQL (bench/bisect_sqlite.py),
# for `aliaskit bisect`.
#
# usage: bench/bisect_sqlite_test.sh MODULE.ll DRIVER.o EXPECTED [ARG...]
#   builds MODULE at O2 with aliaskit's analyses in the AA pipeline (opt
#   -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa
#   -passes='default<O2>'), generates code with llc -O2
#   -relocation-model=pic, links it with DRIVER.o (and -lm) through clang,
#   runs it with the ARGs in a fresh directory and compares its output
#   (stdout and stderr, then a line "[exit N]") with EXPECTED.
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), BUILD_TIMEOUT (seconds for opt and
#      for llc, default 300), RUN_TIMEOUT (seconds, default 20); and
#      ALIASKIT_BISECT / ALIASKIT_BISECT_LOG as `aliaskit bisect` sets them.
#
# Exit status as checks/bisect/test.sh's: 0 the output is EXPECTED; 1 it
# differs (the first lines of the difference are printed); 3 the build
# failed; 4 the program ran out of time.
set -u
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"
BUILD_TIMEOUT=${BUILD_TIMEOUT:-300}
RUN_TIMEOUT=${RUN_TIMEOUT:-20}
[[ $# -ge 3 ]] || { echo "usage: bisect_sqlite_test.sh MODULE.ll DRIVER.o EXPECTED [ARG...]" >&2; exit 2; }
module=$1 driver=$2 expected=$3
shift 3

d=$(mktemp -d "${TMPDIR:-/tmp}/aliaskit-bisect-sqlite.XXXXXX")
trap 'rm -rf "$d"' EXIT
OPT_TIMEOUT=$BUILD_TIMEOUT opt_plugin -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa -passes='default<O2>' \
    "$module" -o "$d/p.bc" || { echo "bisect_sqlite_test.sh: opt failed"; exit 3; }
timeout "$BUILD_TIMEOUT" "$LLVM_BIN/llc" -O2 -relocation-model=pic -filetype=obj "$d/p.bc" -o "$d/p.o" ||
    { echo "bisect_sqlite_test.sh: llc failed"; exit 3; }
rm -f "$d/p.bc"
"$LLVM_BIN/clang" "$d/p.o" "$driver" -lm -o "$d/p" || { echo "bisect_sqlite_test.sh: link failed"; exit 3; }
rm -f "$d/p.o"
run_and_compare "$d" "$expected" p "$@"
