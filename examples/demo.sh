#!/usr/bin/env bash
# Runs GVN over the bundled examples with LLVM's built-in tbaa and with
# aliaskit's rust-tbaa side by side, and shows which reloads each removed.
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
exit $status
