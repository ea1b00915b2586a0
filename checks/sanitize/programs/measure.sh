#!/usr/bin/env bash
# Build every program of MANIFEST.json at -O0 and -O2, run both, and check the manifest's
# miscompiled_at_O2 (outputs differ) and inlined_at_O2 (no call of `function` left in the -O2 IR).
# Usage: measure.sh [NAME...]   (default: all programs). Exit 1 on any mismatch or failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
LLVM=${LLVM:-/usr/lib/llvm-22/bin}
CLANG=${CLANG:-$LLVM/clang}
FLANG=${FLANG:-$LLVM/flang}
RUSTC=${RUSTC:-rustc}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# name language expect function inlined miscompiled file define (- for none), one program a line
python3 - "$here/MANIFEST.json" "$@" >"$tmp/list" <<'EOF' || exit 1
import json, sys
m = json.load(open(sys.argv[1]))
want = set(sys.argv[2:])
for o in m:
    if want and o["name"] not in want:
        continue
    print(o["name"], o["language"], o["expect"], o["function"],
          json.dumps(o["inlined_at_O2"]), json.dumps(o["miscompiled_at_O2"]), o["file"], o.get("define", "-"))
EOF

variant() { # lang define: the front end's flags that choose the variant of a shared source
  local lang=$1 define=$2
  if [ "$define" = - ]; then return; fi
  if [ "$lang" = rust ]; then echo "--cfg $define"; else echo "-D$define"; fi
}

build() { # lang src out opt define
  local lang=$1 src=$2 out=$3 opt=$4 v
  v=$(variant "$lang" "$5")
  case $lang in
    c) "$CLANG" -O"$opt" -g $v "$src" -o "$out" -lpthread ;;
    rust)
      if [ "$opt" = 0 ]; then "$RUSTC" -C opt-level=0 -g $v "$src" -o "$out"
      else "$RUSTC" -O -g $v "$src" -o "$out"; fi ;;
    fortran) (cd "$(dirname "$out")" && "$FLANG" -O"$opt" -g $v "$src" -o "$out") ;;
  esac
}

ir() { # lang src out define: the -O2 IR
  local lang=$1 src=$2 out=$3 v
  v=$(variant "$lang" "$4")
  case $lang in
    c) "$CLANG" -O2 -S -emit-llvm $v "$src" -o "$out" ;;
    rust) "$RUSTC" -O --emit=llvm-ir $v "$src" -o "$out" ;;
    fortran) (cd "$(dirname "$out")" && "$FLANG" -O2 -S -emit-llvm $v "$src" -o "$out") ;;
  esac
}

called() { # lang function ir: is there a call of the function left?
  local lang=$1 fn=$2 f=$3 pat
  case $lang in
    c) pat="@$fn\\(" ;;
    fortran) pat="@${fn}_\\(" ;;
    rust) pat="@_ZN[0-9A-Za-z_\$.]*[^0-9]${#fn}${fn}17h[0-9a-f]{16}E\\(" ;;
  esac
  grep -E "^[^;]*\\b(call|invoke)\\b[^;]*$pat" "$f" >/dev/null
}

fail=0
printf '%-24s %-9s %-10s %-11s %-10s %s\n' name expect differs manifest inlined result
while read -r name lang expect fn inl mis file define; do
  d="$tmp/$name"; mkdir -p "$d"
  src="$here/$file"
  ok=1 why=""
  for o in 0 2; do
    if ! build "$lang" "$src" "$d/bin$o" "$o" "$define" >"$d/build$o.log" 2>&1; then
      ok=0 why="build -O$o failed"; cat "$d/build$o.log" >&2
    elif ! timeout 10 "$d/bin$o" >"$d/out$o" 2>"$d/err$o"; then
      ok=0 why="run -O$o failed"
    fi
  done
  differs=false
  if [ $ok = 1 ] && ! cmp -s "$d/out0" "$d/out2"; then differs=true; fi
  inlined=?
  if ir "$lang" "$src" "$d/o2.ll" "$define" >"$d/ir.log" 2>&1; then
    if called "$lang" "$fn" "$d/o2.ll"; then inlined=false; else inlined=true; fi
  else
    ok=0 why="${why:+$why; }IR build failed"
  fi
  if [ $ok = 1 ] && [ "$differs" != "$mis" ]; then ok=0 why="miscompiled_at_O2 is $mis, measured $differs"; fi
  if [ $ok = 1 ] && [ "$inl" != null ] && [ "$inlined" != "$inl" ]; then
    ok=0 why="inlined_at_O2 is $inl, measured $inlined"
  fi
  if [ $ok = 1 ]; then res=ok; else res="MISMATCH: $why"; fail=1; fi
  printf '%-24s %-9s %-10s %-11s %-10s %s\n' "$name" "$expect" "$differs" "$mis" "$inlined" "$res"
  if [ "$differs" = true ]; then
    printf '    -O0: %s\n    -O2: %s\n' "$(head -c 200 "$d/out0" | tr '\n' ' ')" "$(head -c 200 "$d/out2" | tr '\n' ' ')"
  fi
done <"$tmp/list"

if [ $fail = 0 ]; then echo "measure.sh: all programs match MANIFEST.json"; else echo "measure.sh: MISMATCH" >&2; fi
exit $fail
