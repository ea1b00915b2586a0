#!/usr/bin/env bash
# Builds a corpus of real C code compiled by clang-22 with its real TBAA
# (!tbaa, !tbaa.struct, !llvm.errno.tbaa), for checks/corpus/check.sh.
#
# usage: corpora/real-c.sh [--csmith N] [--seed S] [--no-large] [--manifest FILE]
#   --csmith N   number of csmith programs (default 200), seeds S, S+1, ...
#   --seed S     first csmith seed (default 1)
#   --no-large   skip the binutils modules
#   --manifest F where to write the manifest (default target/corpus/MANIFEST)
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), JOBS (default nproc),
#      CORPUS (default target/corpus), LARGE_GROUPS (default 6 modules)
#
# Output, all under target/corpus/ (git-ignored):
#   csmith/s<seed>/x.c       csmith program (csmith --seed <seed>)
#   csmith/s<seed>/x.ll      clang -O1 -Xclang -disable-llvm-passes -S -emit-llvm
#                            (odd seeds: plus -Xclang -new-struct-path-tbaa)
#   csmith/s<seed>/x.O0      -O0 executable, x.O0.out its output (the checksum),
#                            x.status: ok | skip-timeout | skip-exit<rc>
#   large/binutils-<i>.{bc,ll,files}  binutils 2.40 (Debian's binutils-source):
#                            libiberty, bfd, opcodes, libsframe, zlib built with
#                            clang -flto -O1, llvm-link'ed into a few modules
#   large/STATS              functions / instructions / distinct !tbaa tags
#   MANIFEST                 one module a line: <kind> <path> <name> <checksum>
#                            kind: csmith-old | csmith-new | large;
#                            path relative to target/corpus; checksum: ok |
#                            skip-... (csmith) or - (large)
# Each csmith program is rebuilt only when its inputs (csmith and clang
# versions, flags) changed; the binutils build is reused when complete.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../tools/lib/env.sh"

# ---------------------------------------------------------------- worker ---
# corpora/real-c.sh --csmith-worker SEED: builds one csmith program.
if [[ "${1:-}" == "--csmith-worker" ]]; then
    seed=$2
    d="$CORPUS/csmith/s$seed"
    key="csmith=$CSMITH_VERSION clang=$CLANG_VERSION inc=$CSMITH_INC"
    if ((seed % 2)); then
        kind=csmith-new
        tbaaflags=(-Xclang -new-struct-path-tbaa)
    else
        kind=csmith-old
        tbaaflags=()
    fi
    key="$key kind=$kind"
    if [[ -f "$d/stamp" && "$(cat "$d/stamp")" == "$key" ]]; then
        echo "$kind csmith/s$seed/x.ll s$seed $(cat "$d/x.status")"
        exit 0
    fi
    rm -rf "$d"
    mkdir -p "$d"
    cd "$d"
    csmith --seed "$seed" -o x.c >/dev/null
    "$LLVM_BIN/clang" -O1 -Xclang -disable-llvm-passes "${tbaaflags[@]}" \
        -S -emit-llvm -I"$CSMITH_INC" -w x.c -o x.ll
    "$LLVM_BIN/clang" -O0 -I"$CSMITH_INC" -w x.c -o x.O0
    rc=0
    timeout 10 ./x.O0 >x.O0.out 2>&1 || rc=$?
    if ((rc == 0)); then
        status=ok
    elif ((rc == 124)); then
        status=skip-timeout
    else
        status=skip-exit$rc
    fi
    echo "$status" >x.status
    echo "$key" >stamp
    echo "$kind csmith/s$seed/x.ll s$seed $status"
    exit 0
fi

# ------------------------------------------------------------------ main ---
ncsmith=200
seed=1
large=1
manifest="$CORPUS/MANIFEST"
while (($#)); do
    case $1 in
    --csmith) ncsmith=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --no-large) large=0; shift ;;
    --manifest) manifest=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "real-c.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ "$ncsmith" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ ]] || { echo "real-c.sh: --csmith and --seed take numbers" >&2; exit 2; }

need_tools real-c.sh clang opt llvm-link llvm-dis llvm-ar llvm-ranlib llvm-nm || exit 1

# Debian packages, installed only when missing.
pkgs=(csmith libcsmith-dev libc6-dev libgcc-12-dev binutils)
((large)) && pkgs+=(binutils-source make xz-utils)
need_packages real-c.sh "${pkgs[@]}"

CSMITH_INC=$(dpkg -L libcsmith-dev | grep '/csmith\.h$' | head -1)
CSMITH_INC=${CSMITH_INC%/csmith.h}
[[ -f "$CSMITH_INC/csmith.h" ]] || { echo "real-c.sh: csmith.h not found (libcsmith-dev)" >&2; exit 1; }
CSMITH_VERSION=$(dpkg-query -W -f='${Version}' csmith)
CLANG_VERSION=$("$LLVM_BIN/clang" --version | head -1)
export CSMITH_INC CSMITH_VERSION CLANG_VERSION

start=$SECONDS
mkdir -p "$CORPUS"
tmpman=$(mktemp "$CORPUS/.manifest.XXXXXX")
trap 'rm -f "$tmpman"' EXIT
{
    echo "# aliaskit corpus manifest: <kind> <path relative to $CORPUS> <name> <checksum>"
    echo "# $CLANG_VERSION; csmith $CSMITH_VERSION"
} >"$tmpman"

# Counts defined functions, instructions and distinct !tbaa tags of a .ll.
ll_stats() {
    awk '
        /^define / { f++; inf = 1; next }
        inf && /^}/ { inf = 0; next }
        inf && /^  [^ ;]/ { i++ }
        inf { while (match($0, /!tbaa ![0-9]+/)) { t[substr($0, RSTART + 7, RLENGTH - 7)] = 1; $0 = substr($0, RSTART + RLENGTH) } }
        END { n = 0; for (k in t) n++; printf "%d %d %d\n", f, i, n }' "$1"
}

# ---------------------------------------------------------- a) csmith ---
if ((ncsmith > 0)); then
    echo "real-c.sh: $ncsmith csmith programs, seeds $seed..$((seed + ncsmith - 1)) (odd seeds: new struct-path TBAA)"
    seq "$seed" $((seed + ncsmith - 1)) |
        xargs -P "$JOBS" -n 1 bash "$SELF" --csmith-worker >"$tmpman.cs"
    sort -t' ' -k3.2,3n "$tmpman.cs" >>"$tmpman"
    rm -f "$tmpman.cs"
    awk '!/^#/ && /^csmith/ { n++; k[$1]++; if ($4 != "ok") s++ }
         END { printf "real-c.sh: csmith: %d programs (%d old, %d new), %d skipped for the checksum check (-O0 run > 10 s or failed)\n", n, k["csmith-old"], k["csmith-new"], s }' "$tmpman"
    tf=0 ti=0 tt=0
    while read -r f; do
        read -r nf ni nt < <(ll_stats "$CORPUS/$f")
        tf=$((tf + nf)) ti=$((ti + ni)) tt=$((tt + nt))
    done < <(awk '/^csmith/ { print $2 }' "$tmpman")
    echo "real-c.sh: csmith: $tf functions, $ti instructions, $tt distinct !tbaa tags (summed over modules)"
fi

# ----------------------------------------------------- b) large: binutils ---
if ((large)); then
    tarball=$(dpkg -L binutils-source | grep -E '/usr/src/binutils/binutils-[0-9.]+\.tar\.(xz|gz|bz2)$' | head -1)
    [[ -n "$tarball" ]] || { echo "real-c.sh: no binutils tarball in binutils-source" >&2; exit 1; }
    ver=$(basename "$tarball")
    ver=${ver%.tar.*}
    bdir="$CORPUS/build/$ver"
    key="$tarball $CLANG_VERSION"
    if [[ ! -f "$bdir/stamp" || "$(cat "$bdir/stamp")" != "$key" ]]; then
        echo "real-c.sh: building $ver (libiberty, bfd, opcodes) with clang -flto -O1"
        t0=$SECONDS
        rm -rf "$bdir"
        mkdir -p "$bdir/obj"
        tar -xf "$tarball" -C "$bdir"
        (
            cd "$bdir/obj"
            "../$ver/configure" CC="$LLVM_BIN/clang -flto" CFLAGS="-O1 -g0" \
                AR="$LLVM_BIN/llvm-ar" RANLIB="$LLVM_BIN/llvm-ranlib" NM="$LLVM_BIN/llvm-nm" \
                --disable-werror --disable-nls --disable-shared \
                --disable-gdb --disable-gdbserver --disable-sim --disable-gprofng \
                >configure.log 2>&1 || { tail -30 configure.log >&2; exit 1; }
            make -j"$JOBS" all-libiberty all-bfd all-opcodes >make.log 2>&1 || { tail -40 make.log >&2; exit 1; }
        )
        echo "$key" >"$bdir/stamp"
        echo "real-c.sh: built $ver in $((SECONDS - t0)) s"
    fi

    # The archives' members (LLVM bitcode), named <lib>__<member>.
    objs="$bdir/objs"
    rm -rf "$objs"
    mkdir -p "$objs"
    for a in libiberty/libiberty.a bfd/.libs/libbfd.a opcodes/.libs/libopcodes.a \
        libsframe/.libs/libsframe.a zlib/libz.a; do
        [[ -f "$bdir/obj/$a" ]] || { echo "real-c.sh: $a was not built" >&2; exit 1; }
        lib=${a%%/*}
        mkdir -p "$objs/$lib"
        (cd "$objs/$lib" && "$LLVM_BIN/llvm-ar" x "$bdir/obj/$a")
        for o in "$objs/$lib"/*.o; do
            # Only bitcode is useful (all of it should be, with -flto).
            if [[ "$(head -c 4 "$o" | od -An -tx1 | tr -d ' ')" == "4243c0de" ]]; then
                mv "$o" "$objs/${lib}__$(basename "$o")"
            else
                echo "real-c.sh: warning: $lib/$(basename "$o") is not bitcode, left out" >&2
            fi
        done
        rmdir "$objs/$lib" 2>/dev/null || rm -rf "${objs:?}/$lib"
    done

    # Group by file name (sorted) into GROUPS contiguous runs of roughly equal
    # size, and link each run into one module.
    NGROUPS=${LARGE_GROUPS:-6}
    out="$CORPUS/large"
    rm -rf "$out"
    mkdir -p "$out"
    # shellcheck disable=SC2012 # plain archive member names
    (cd "$objs" && ls -1 ./*.o | sed 's|^\./||' | sort | xargs stat -c '%s %n') |
        awk -v g="$NGROUPS" -v out="$out" '
            { size[NR] = $1; name[NR] = $2; total += $1 }
            END {
                grp = 1; acc = 0
                for (i = 1; i <= NR; i++) {
                    if (acc >= total * grp / g && grp < g) grp++
                    acc += size[i]
                    print name[i] > (out "/binutils-" grp ".files")
                }
            }'
    # shellcheck disable=SC2012
    echo "real-c.sh: linking $(ls "$objs" | wc -l) bitcode objects into $NGROUPS modules"
    printf '%-22s %9s %9s %12s %8s  %s\n' module objects functions instructions tags files >"$out/STATS"
    for f in "$out"/binutils-*.files; do
        m=${f%.files}
        (cd "$objs" && xargs "$LLVM_BIN/llvm-link" -o "$m.bc" <"$f")
        "$LLVM_BIN/opt" -passes=verify -disable-output "$m.bc"
        "$LLVM_BIN/llvm-dis" "$m.bc" -o "$m.ll"
        read -r nf ni nt < <(ll_stats "$m.ll")
        printf '%-22s %9d %9d %12d %8d  %s .. %s\n' "$(basename "$m")" "$(wc -l <"$f")" "$nf" "$ni" "$nt" \
            "$(head -1 "$f")" "$(tail -1 "$f")" >>"$out/STATS"
        echo "large large/$(basename "$m").bc $(basename "$m") -" >>"$tmpman"
    done
    # Whole-corpus tag count (tags are uniqued metadata, so link all once).
    (cd "$objs" && "$LLVM_BIN/llvm-link" -o "$out/.all.bc" ./*.o)
    "$LLVM_BIN/llvm-dis" "$out/.all.bc" -o "$out/.all.ll"
    read -r nf ni nt < <(ll_stats "$out/.all.ll")
    # shellcheck disable=SC2012
    printf '%-22s %9d %9d %12d %8d  (all linked together)\n' total "$(ls "$objs" | wc -l)" "$nf" "$ni" "$nt" >>"$out/STATS"
    grep -q '^!llvm.errno.tbaa' "$out/.all.ll" && echo "(!llvm.errno.tbaa present)" >>"$out/STATS"
    rm -f "$out/.all.bc" "$out/.all.ll"
    cat "$out/STATS"
fi

mkdir -p "$(dirname "$manifest")"
mv "$tmpman" "$manifest"
trap - EXIT
echo "real-c.sh: $(grep -vc '^#' "$manifest") modules in $manifest ($((SECONDS - start)) s)"
