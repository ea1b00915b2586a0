#!/usr/bin/env bash
# The bundled examples:
#  1. examples/shapes.c: GVN with LLVM's built-in tbaa and with aliaskit's
#     rust-tbaa side by side, and which reloads each removed;
#  2. examples/signal.c, a program with a strict-aliasing bug: what it prints
#     at -O0 and at -O2, then `aliaskit bisect` naming the alias answer that
#     breaks it, `aliaskit explain` on that function, and `aliaskit dot`
#     drawing the program's type DAG (target/demo/signal.svg);
#  3. examples/restrict.c, a program that breaks a restrict promise:
#     `aliaskit sanitize` builds it so that it reports the broken claim when
#     it runs, and `aliaskit bisect` names the same decision id.
#
# Usage: examples/demo.sh   (LLVM_BIN, PLUGIN may be set; see Makefile)
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
PLUGIN=${PLUGIN:-target/release/libaliaskit.so}
OUT=target/demo
mkdir -p "$OUT"

opt() { "$LLVM_BIN/opt" -load-pass-plugin="$PLUGIN" "$@"; }

# Number of loads left in each function of an .ll file: "name loads".
loads_per_function() {
  awk '/^define/ { match($0, /@[A-Za-z0-9_]+/); f = substr($0, RSTART + 1, RLENGTH - 1); n[f] = 0; order[++k] = f }
       /= load / { n[f]++ }
       END { for (i = 1; i <= k; i++) print order[i], n[order[i]] }' "$1"
}

status=0
for variant in old new; do
  flags=()
  [ "$variant" = new ] && flags=(-Xclang -new-struct-path-tbaa)
  ll="$OUT/shapes.$variant.ll"
  "$LLVM_BIN/clang" -O1 -Xclang -disable-llvm-passes "${flags[@]}" -S -emit-llvm \
    examples/shapes.c -o "$ll"
  for aa in basic-aa basic-aa,tbaa basic-aa,rust-tbaa; do
    opt -aa-pipeline="$aa" -passes='sroa,gvn' "$ll" -S -o "$OUT/shapes.$variant.${aa//,/+}.ll"
  done
  echo "== examples/shapes.c, $variant struct-path TBAA: loads left after GVN =="
  printf '%-24s %10s %10s %10s\n' function "no TBAA" "tbaa" "rust-tbaa"
  join <(loads_per_function "$OUT/shapes.$variant.basic-aa.ll") \
       <(join <(loads_per_function "$OUT/shapes.$variant.basic-aa+tbaa.ll") \
              <(loads_per_function "$OUT/shapes.$variant.basic-aa+rust-tbaa.ll")) |
    while read -r f none builtin ours; do
      printf '%-24s %10s %10s %10s\n' "$f" "$none" "$builtin" "$ours"
    done
  if cmp -s "$OUT/shapes.$variant.basic-aa+tbaa.ll" "$OUT/shapes.$variant.basic-aa+rust-tbaa.ll"; then
    echo "output IR with tbaa and with rust-tbaa: identical"
  else
    echo "output IR with tbaa and with rust-tbaa: DIFFERENT"
    diff "$OUT/shapes.$variant.basic-aa+tbaa.ll" "$OUT/shapes.$variant.basic-aa+rust-tbaa.ll" || true
    status=1
  fi
  echo
done

echo "== why: rust-tbaa's reasoning for one query (RUST_LOG=aliaskit=debug) =="
RUST_LOG=aliaskit=debug opt -aa-pipeline=basic-aa,rust-tbaa -passes='sroa,gvn' \
  "$OUT/shapes.old.ll" -disable-output 2>&1 | grep -m 3 'NoAlias\|MayAlias' || true
echo

ALIASKIT=$(dirname "$PLUGIN")/aliaskit
expected="flipped -3.250"
echo "== examples/signal.c: a strict-aliasing bug =="
"$LLVM_BIN/clang" -O0 examples/signal.c -o "$OUT/signal.O0"
"$LLVM_BIN/clang" -O2 examples/signal.c -o "$OUT/signal.O2"
echo "clang -O0: $("$OUT/signal.O0")"
echo "clang -O2: $("$OUT/signal.O2")"
"$LLVM_BIN/clang" -O2 -Xclang -disable-llvm-passes -S -emit-llvm examples/signal.c -o "$OUT/signal.ll"
echo
echo "\$ aliaskit bisect -- examples/build-and-test.sh $OUT/signal.ll '$expected'"
PLUGIN=$PLUGIN LLVM_BIN=$LLVM_BIN "$ALIASKIT" bisect -- examples/build-and-test.sh "$OUT/signal.ll" "$expected" ||
  status=1
echo
# After SROA the function's accesses are the ones through its parameters.
opt -passes=sroa "$OUT/signal.ll" -S -o "$OUT/signal.sroa.ll"
echo "\$ aliaskit explain --function flip_sign $OUT/signal.sroa.ll"
"$ALIASKIT" explain --function flip_sign "$OUT/signal.sroa.ll" || status=1
echo
"$ALIASKIT" dot "$OUT/signal.ll" -o "$OUT/signal.svg" || status=1
echo "aliaskit dot: the type DAG of examples/signal.c is in $OUT/signal.svg"
echo

echo "== examples/restrict.c: a broken restrict promise, found while the program runs =="
"$LLVM_BIN/clang" -O0 examples/restrict.c -o "$OUT/restrict.O0"
"$LLVM_BIN/clang" -O2 examples/restrict.c -o "$OUT/restrict.O2"
echo "clang -O0: $("$OUT/restrict.O0")"
echo "clang -O2: $("$OUT/restrict.O2")"
"$LLVM_BIN/clang" -O2 -g -Xclang -disable-llvm-passes -emit-llvm -c examples/restrict.c -o "$OUT/restrict.bc"
echo "\$ aliaskit sanitize $OUT/restrict.bc -o $OUT/restrict.checked.bc -O2"
"$ALIASKIT" sanitize "$OUT/restrict.bc" -o "$OUT/restrict.checked.bc" -O2 || status=1
# shellcheck disable=SC2046
"$LLVM_BIN/clang" -O2 -Xclang -disable-llvm-passes "$OUT/restrict.checked.bc" $("$ALIASKIT" sanitize --ldflags) -o "$OUT/restrict.checked" || status=1
echo "\$ $OUT/restrict.checked"
rc=0
ALIASKIT_SANITIZE_LOG="$OUT/restrict.reports.jsonl" "$OUT/restrict.checked" 2>"$OUT/restrict.err" || rc=$?
# The end point's report (the claim as the optimizer used it; its decision
# ids are the ones bisect finds) and the summary line.
python3 - "$OUT/restrict.err" <<'PY'
import sys
reports = open(sys.argv[1]).read().split("\naliaskit-sanitize: ")
end = [r for r in reports if "reached code generation" in r]
print("aliaskit-sanitize: " + (end or reports)[0].split("SUMMARY:")[0].strip().removeprefix("aliaskit-sanitize: "))
PY
tail -1 "$OUT/restrict.err"
echo "(exit status $rc)"
[ "$rc" = 66 ] || status=1
echo
echo "\$ aliaskit bisect -- examples/build-and-test.sh $OUT/restrict.ll 'ramp 10 11 12 27'"
"$LLVM_BIN/clang" -O2 -g -Xclang -disable-llvm-passes -S -emit-llvm examples/restrict.c -o "$OUT/restrict.ll"
PLUGIN=$PLUGIN LLVM_BIN=$LLVM_BIN "$ALIASKIT" bisect -- examples/build-and-test.sh "$OUT/restrict.ll" 'ramp 10 11 12 27' ||
  status=1
exit $status
