#!/usr/bin/env bash
# Builds the extra modules of P2 (bench/bench.py), as clang-22 leaves them
# before optimization (-O2 -Xclang -disable-llvm-passes, TBAA included):
#   sqlite3.bc     sqlite3's amalgamation, a member of LLVM's CTMark
#                  compile-time suite, from the crates.io package
#                  libsqlite3-sys (bundled feature), fetched with cargo
#   shapes-cxx.bc  corpora/shapes.cpp through clang++: classes with
#                  vtables, templates, the standard containers, pointer TBAA
# usage: corpora/p2.sh [OUTDIR]      (default: target/corpus/p2)
# Prints the modules' paths; rebuilds only what is missing.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"
out=${1:-$ROOT/target/corpus/p2}
SQLITE_SYS=0.30.1
mkdir -p "$out"

if [[ ! -s $out/sqlite3.bc ]]; then
    fetch=$ROOT/target/p2-fetch
    mkdir -p "$fetch/src"
    cat > "$fetch/Cargo.toml" <<TOML
[package]
name = "p2-fetch"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
libsqlite3-sys = { version = "=$SQLITE_SYS", features = ["bundled"] }

[workspace]
TOML
    echo 'fn main() {}' > "$fetch/src/main.rs"
    cargo fetch --quiet --manifest-path "$fetch/Cargo.toml"
    src=$(cargo metadata --quiet --format-version 1 --manifest-path "$fetch/Cargo.toml" |
        python3 -c 'import json, os, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "libsqlite3-sys":
        print(os.path.join(os.path.dirname(p["manifest_path"]), "sqlite3", "sqlite3.c"))')
    [[ -s $src ]] || { echo "modules.sh: no sqlite3.c in libsqlite3-sys $SQLITE_SYS" >&2; exit 1; }
    "$LLVM_BIN/clang" -O2 -Xclang -disable-llvm-passes -emit-llvm -w -c "$src" -o "$out/sqlite3.bc.tmp"
    mv "$out/sqlite3.bc.tmp" "$out/sqlite3.bc"
fi
if [[ ! -s $out/shapes-cxx.bc || $HERE/shapes.cpp -nt $out/shapes-cxx.bc ]]; then
    "$LLVM_BIN/clang++" -O2 -Xclang -disable-llvm-passes -emit-llvm -c "$HERE/shapes.cpp" \
        -o "$out/shapes-cxx.bc.tmp"
    mv "$out/shapes-cxx.bc.tmp" "$out/shapes-cxx.bc"
fi
echo "$out/sqlite3.bc"
echo "$out/shapes-cxx.bc"
