#!/usr/bin/env bash
# Reduces a stale captures(...) claim left by LLVM 22's default<O2> to a
# minimal reproducer, with llvm-extract and llvm-reduce.
#
# usage: checks/repro/reduce-captures.sh IN FUNCTION OUT.ll [PIPELINE]
#   FUNCTION is extracted from IN (its callees become declarations; its
#   captures(...) claims are the ones LLVM inferred when IN was made, or
#   none: a front end's output). The module is interesting while
#   check-captures finds nothing wrong with it, and, after `opt
#   -passes=PIPELINE` (default: default<O2>), reports a definite capture of
#   FUNCTION's beyond a claim: the pipeline inferred or kept the claim, and
#   a pass of it then made the claim false.
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), RECURSIVE=1 (extract the functions
#      FUNCTION calls too: when the claim goes stale only once they are
#      inlined)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
[[ $# -eq 3 || $# -eq 4 ]] || { sed -n '2,12p' "$SELF" >&2; exit 2; }
in=$1 fn=$2 out=$3 pipeline=${4:-default<O2>}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$LLVM_BIN/llvm-extract" --func="$fn" ${RECURSIVE:+--recursive} "$in" -S -o "$work/start.ll"
match="\"severity\":\"error\",\"rule\":\"inspected\",\"function\":\"$fn\""
{
    echo '#!/usr/bin/env bash'
    printf 'before=$(%q -load-pass-plugin=%q -passes=%q -disable-output "$1" 2>&1) || exit 1\n' \
        "$LLVM_BIN/opt" "$PLUGIN" 'check-captures<warn;json>'
    printf 'grep -qF %q <<<"$before" && exit 1\n' "\"severity\":\"error\""
    printf '%q -passes=%q "$1" -o "$1.o2.bc" 2>/dev/null || exit 1\n' "$LLVM_BIN/opt" "$pipeline"
    printf 'err=$(%q -load-pass-plugin=%q -passes=%q -disable-output "$1.o2.bc" 2>&1)\n' \
        "$LLVM_BIN/opt" "$PLUGIN" 'check-captures<warn;json>'
    echo 'rm -f "$1.o2.bc"'
    printf 'grep -qF %q <<<"$err"\n' "$match"
} >"$work/test.sh"
chmod +x "$work/test.sh"
"$work/test.sh" "$work/start.ll" || { echo "reduce-captures.sh: @$fn alone is not interesting" >&2; exit 1; }
"$LLVM_BIN/llvm-reduce" -j 2 --test="$work/test.sh" "$work/start.ll" -o "$work/reduced.ll" \
    >"$work/log" 2>&1 || { tail -5 "$work/log" >&2; exit 1; }
cp "$work/reduced.ll" "$out"
echo "reduce-captures.sh: @$fn: $(wc -l <"$work/start.ll") lines -> $(wc -l <"$out") lines: $out"
