#!/usr/bin/env bash
# Modules from three front ends other than clang's C, as each front end
# leaves them before LLVM's optimization, metadata included:
#
#   flang/  Fortran 77 of SciPy 1.11.4's sdist (PyPI): QUADPACK, MINPACK,
#           ODEPACK, ODRPACK, through flang-22 -O2 -emit-llvm -S
#           -mllvm -opt-bisect-limit=0 (Flang's TBAA, one root per
#           function, no LLVM pass run)
#   cxx/    C++ of fastText 0.9.3's sdist (PyPI) and corpora/shapes.cpp,
#           through clang++-22 -O2 -Xclang -disable-llvm-passes (pointer
#           TBAA, vtable pointers, templates, the standard containers)
#   rust/   crates from crates.io (memchr, regex and its parts, smallvec,
#           hashbrown, serde_json and its parts), through rustc
#           --emit=llvm-bc -C no-prepopulate-passes -C codegen-units=1
#           (noalias arguments: inlining them during O2 makes the scopes)
#
# usage: corpora/frontends.sh [--slice]
#   --slice   a few modules of each front end (make test); the full corpus
#             is for make bench
# Writes target/corpus/frontends/<front end>/*.{ll,bc} and prints their
# paths, one per line, as "<front end> <path>"; builds only what is
# missing.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"
out=$ROOT/target/corpus/frontends
fetch=$ROOT/target/frontends/fetch
slice=0
for arg in "$@"; do
    case $arg in
        --slice) slice=1 ;;
        *) echo "frontends.sh: unknown option '$arg' (see the header for usage)" >&2; exit 2 ;;
    esac
done
need_packages frontends.sh flang-22
mkdir -p "$out"/{flang,cxx,rust}

# ------------------------------------------------------------- Flang ---
scipy=$(python3 "$HERE/pypi_sdist.py" scipy 1.11.4 "$fetch")
fortran=(integrate/quadpack optimize/minpack integrate/odepack odr/odrpack)
src=$ROOT/target/frontends/scipy
if [[ ! -f $src/.extracted ]]; then
    rm -rf "$src"; mkdir -p "$src"
    tar -xzf "$scipy" -C "$src" --strip-components=2 \
        "${fortran[@]/#/scipy-1.11.4/scipy/}"
    touch "$src/.extracted"
fi
n=0
for dir in "${fortran[@]}"; do
    for f in "$src/$dir"/*.f; do
        n=$((n + 1))
        ((slice)) && ((n % 8 != 1)) && continue
        name=$(basename "$dir")-$(basename "$f" .f)
        ll=$out/flang/$name.ll
        if [[ ! -s $ll ]]; then
            "$LLVM_BIN/flang" -O2 -w -emit-llvm -S -mllvm -opt-bisect-limit=0 -c "$f" \
                -o "$ll.tmp" 2>/dev/null
            mv "$ll.tmp" "$ll"
        fi
        echo "flang $ll"
    done
done

# ----------------------------------------------------------- clang++ ---
fasttext=$(python3 "$HERE/pypi_sdist.py" fasttext 0.9.3 "$fetch")
src=$ROOT/target/frontends/fasttext
if [[ ! -f $src/.extracted ]]; then
    rm -rf "$src"; mkdir -p "$src"
    tar -xzf "$fasttext" -C "$src" --strip-components=1 fasttext-0.9.3/src
    touch "$src/.extracted"
fi
n=0
for f in "$src"/src/*.cc "$HERE/shapes.cpp"; do
    n=$((n + 1))
    ((slice)) && ((n % 5 != 1)) && continue
    name=$(basename "${f%.*}")
    bc=$out/cxx/$name.bc
    if [[ ! -s $bc || $f -nt $bc ]]; then
        "$LLVM_BIN/clang++" -std=c++17 -O2 -Xclang -disable-llvm-passes -emit-llvm -w \
            -c "$f" -o "$bc.tmp"
        mv "$bc.tmp" "$bc"
    fi
    echo "cxx $bc"
done

# ------------------------------------------------------------- rustc ---
crates=$ROOT/target/frontends/crates
if [[ ! -f $crates/.built ]]; then
    mkdir -p "$crates/src"
    cat >"$crates/Cargo.toml" <<'TOML'
[package]
name = "frontends-rust"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
memchr = "=2.7.4"
regex = "=1.11.1"
smallvec = "=1.13.2"
hashbrown = "=0.15.2"
serde_json = "=1.0.133"

[workspace]
TOML
    echo 'fn main() {}' >"$crates/src/main.rs"
    # Every crate's version, the dependencies' too, as when the corpus was made.
    cp "$HERE/rust-crates.lock" "$crates/Cargo.lock"
    # Bitcode as rustc leaves it: every crate one module, no LLVM pass run.
    RUSTFLAGS="--emit=llvm-bc,link -C no-prepopulate-passes -C codegen-units=1" \
        cargo build --quiet --locked --release --manifest-path "$crates/Cargo.toml" \
        --target-dir "$crates/target"
    touch "$crates/.built"
fi
for bc in "$crates"/target/release/deps/*.bc; do
    name=$(basename "$bc" .bc); name=${name%-*}
    [[ $name == frontends_rust ]] && continue
    if ((slice)); then
        case $name in memchr|itoa|smallvec) ;; *) continue ;; esac
    fi
    cp -u "$bc" "$out/rust/$name.bc"
    echo "rust $out/rust/$name.bc"
done
