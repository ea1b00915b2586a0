#!/usr/bin/env bash
# aliaskit on bitcode from an older LLVM: Debian's clang-19 (installed if
# missing). LLVM 22 reads older bitcode, so the plugin, opt-22 and ld.lld-22
# take it as it is. Checks:
#   - clang-19's bitcode of examples/signal.c and examples/restrict.c, both
#     from before LLVM's passes (-O2 -Xclang -disable-llvm-passes) and
#     optimized (-O2): aliaskit verify finds nothing, explain --summary
#     answers (TBAA NoAlias pairs in signal.c; scoped ones in restrict.c's
#     O2 bitcode, where clang-19 inlined the restrict function);
#   - aliaskit bisect over opt-22's O2 of the unoptimized bitcode
#     (examples/build-and-test.sh) names the TBAA decision in flip_sign and
#     the scoped one in main, with the same ids as for clang-22's bitcode of
#     the same files;
#   - on clang-19's optimized bitcode, bisect stops at its premise (the
#     program is already wrong with every answer conservative: clang-19's
#     own passes made the transform);
#   - lto/: two files compiled by clang-19 with -flto and -flto=thin,
#     linked by clang-22 and ld.lld-22 with our analyses: a wrong result,
#     and bisect names the scoped decision of the link.
# Works in target/llvm19/. Exit 0 when every check holds, 1 when one fails,
# 2 on a setup error.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
[[ -f $PLUGIN ]] || { echo "llvm19 check: no plugin at $PLUGIN (run make build)" >&2; exit 2; }
need_packages "llvm19 check" clang-19
need_tools "llvm19 check" clang ld.lld llvm-bcanalyzer || exit 2
CC19=${CC19:-clang-19}
aliaskit=$ROOT/target/release/aliaskit
work=$ROOT/target/llvm19
rm -rf "$work"; mkdir -p "$work"
check_begin "llvm19 check"
echo "llvm19 check: $("$CC19" --version | sed 1q)"

cd "$ROOT"
for x in signal restrict; do
    "$CC19" -O2 -g -Xclang -disable-llvm-passes -c -emit-llvm "examples/$x.c" -o "$work/$x.bc"
    "$CC19" -O2 -g -c -emit-llvm "examples/$x.c" -o "$work/$x.O2.bc"
    "$LLVM_BIN/clang" -O2 -g -Xclang -disable-llvm-passes -c -emit-llvm "examples/$x.c" -o "$work/$x.22.bc"
    # The bitcode's identification block names the LLVM that wrote it.
    producer=$("$LLVM_BIN/llvm-bcanalyzer" -dump "$work/$x.bc" | sed -n "s/.*record string = '\(LLVM[0-9.]*\)'.*/\1/p" | head -1)
    [[ $producer == LLVM19.* ]] || fail "$x.bc: written by ${producer:-an unknown producer}, not LLVM 19"
done
files=("$work"/{signal,restrict}.bc "$work"/{signal,restrict}.O2.bc)

# verify: a line per file, every one ok.
if "$aliaskit" verify "${files[@]}" >"$work/verify.out" 2>&1; then
    grep '^total' "$work/verify.out" | sed 's/^/  verify: /'
else
    fail "aliaskit verify on clang-19 bitcode exited non-zero (see $work/verify.out)"
fi

# explain --summary: answers from the old metadata.
for f in signal.bc restrict.O2.bc; do
    "$aliaskit" explain --summary "$work/$f" >"$work/$f.summary" 2>&1 ||
        fail "aliaskit explain --summary $f exited non-zero"
done
tbaa=$(awk '/NoAlias by tbaa only/ {n += $(NF - 1)} END {print n + 0}' "$work/signal.bc.summary")
scoped=$(awk '/NoAlias by scoped only|NoAlias by both/ {n += $(NF - 1)} END {print n + 0}' "$work/restrict.O2.bc.summary")
echo "  explain --summary: signal.bc $tbaa pairs NoAlias by TBAA; restrict.O2.bc $scoped NoAlias by scopes"
((tbaa > 0)) || fail "explain: no TBAA NoAlias pair in clang-19's signal.bc"
((scoped > 0)) || fail "explain: no scoped NoAlias pair in clang-19's restrict.O2.bc"

# bisect FILE EXPECTED: prints "ANALYSIS FUNCTION ID" of the one culprit.
# The single culprit of a bisect --json file: "analysis function id runs
# decisions", or nothing.
culprit() {
    python3 - "$1" <<'PY'
import json, sys
try:
    r = json.load(open(sys.argv[1]))
except ValueError:
    sys.exit(0)
c = r.get("culprits", [])
if len(c) == 1:
    print(c[0]["analysis"], c[0]["function"], c[0]["id"], r["runs"], r["decisions"])
PY
}

bisect() {
    "$aliaskit" bisect --json -- examples/build-and-test.sh "$1" "$2" >"$1.bisect.json" 2>"$1.bisect.err" || true
    culprit "$1.bisect.json"
}
check_bisect() { # NAME EXPECTED EXPECTED-ANALYSIS EXPECTED-FUNCTION
    local got ref
    got=$(bisect "$work/$1.bc" "$2")
    ref=$(bisect "$work/$1.22.bc" "$2")
    echo "  bisect $1.bc (clang-19): ${got:-no single culprit}; clang-22's bitcode: ${ref:-no single culprit}"
    read -r a f id _ <<<"$got"
    [[ ${a:-} == "$3" && ${f:-} == "$4" ]] || fail "bisect on clang-19's $1.bc did not name $3 in $4 (see $work/$1.bc.bisect.*)"
    [[ -n ${id:-} && $(cut -d' ' -f3 <<<"$ref") == "$id" ]] || fail "$1: the culprit's id differs from clang-22's"
}
check_bisect signal "flipped -3.250" tbaa flip_sign
check_bisect restrict "ramp 10 11 12 27" scoped-noalias main

# Optimized by clang-19 already: the premise fails, with a clear message.
if "$aliaskit" bisect -- examples/build-and-test.sh "$work/signal.O2.bc" "flipped -3.250" >"$work/O2.out" 2>&1; then
    fail "bisect on clang-19's optimized signal.O2.bc succeeded (expected: the premise fails)"
else
    echo "  bisect signal.O2.bc: $(grep -o 'the command fails with no decision kept[^:]*' "$work/O2.out" | head -1 || true)"
    grep -q 'no decision kept' "$work/O2.out" || fail "bisect on signal.O2.bc: unexpected message (see $work/O2.out)"
fi

# LTO: clang-19's -flto objects, LLVM 22's link.
for lto in -flto -flto=thin; do
    d=$work/lto${lto#-flto}
    mkdir -p "$d"
    for f in set_and_read main; do "$CC19" -O2 "$lto" -c "$HERE/lto/$f.c" -o "$d/$f.o"; done
    export LTO=$lto
    y=$("$HERE/lto/link-and-test.sh" "$d") && fail "$lto: the program is right with our analyses: $y"
    n=$(ALIASKIT_BISECT=n "$HERE/lto/link-and-test.sh" "$d") || fail "$lto: the program is wrong with ALIASKIT_BISECT=n: $n"
    "$aliaskit" bisect --json -- "$HERE/lto/link-and-test.sh" "$d" >"$d/bisect.json" 2>"$d/bisect.err" || true
    got=$(culprit "$d/bisect.json")
    echo "  $lto objects from clang-19, ld.lld-22: '$y', with ALIASKIT_BISECT=n '$n'; bisect: ${got:-no single culprit}"
    read -r a f _ <<<"$got"
    [[ ${a:-} == scoped-noalias && ${f:-} == run ]] || fail "$lto: bisect did not name the scoped decision in run (see $d/bisect.*)"
done
unset LTO
check_end
