#!/usr/bin/env bash
# aliaskit inside the linker: binutils' libiberty and its testsuite built
# with clang-22 -O2 -flto=thin (and -flto), linked by ld.lld with the
# plugin's analyses in the LTO pipeline:
#
#   -fuse-ld=lld -Wl,--load-pass-plugin=libaliaskit.so
#   -Xlinker --lto-aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa
#   -Wl,--thinlto-jobs=2          (ThinLTO: two backend threads)
#
# For each LTO mode the library's bitcode is compiled once, then the
# testsuite's programs (test-demangle runs libiberty's ~840 demangling
# cases, test-expandargv, test-pexecute, test-strtol) are linked and run
# under five AA pipelines:
#
#   ours-1, ours-2, ours-3  basic-aa,rust-scoped-noalias,rust-tbaa
#   logged                  the same, with ALIASKIT_BISECT_LOG set: every
#                           definite answer the backends give is logged
#   builtin                 basic-aa,scoped-noalias-aa,tbaa
#   basic                   basic-aa (no metadata analysis)
#
# and it checks: every testsuite passes; ours-1..3 and logged are
# byte-identical (the backends' threads and the log do not change the
# result); ours equals builtin byte for byte; basic differs from builtin
# in at least one program (the metadata analyses change the binary, so the
# comparison has teeth); the log holds TBAA decisions made in the link.
#
# usage: checks/lto/libiberty.sh [--thin|--full]
#   --thin / --full   one LTO mode only (default: both)
# Works in target/lto/ (sources extracted once, the library built once per
# mode, the testsuite relinked every run): about 40 s from scratch.
# Needs: make setup (LLVM 22, lld), binutils-source (installed if missing).
# Exit 0 when every check holds, 1 when one fails, 2 on a setup error.
set -euo pipefail
make_jobs=${JOBS:-2}    # the library's build: JOBS, else 2 (not nproc)
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
work=$ROOT/target/lto
modes=(thin full)
for arg in "$@"; do
    case $arg in
        --thin) modes=(thin) ;;
        --full) modes=(full) ;;
        *) echo "libiberty.sh: unknown option '$arg' (see the header for usage)" >&2; exit 2 ;;
    esac
done
need_tools libiberty.sh clang ld.lld llvm-ar llvm-ranlib || exit 2
[[ -f $PLUGIN ]] || { echo "libiberty.sh: no plugin at $PLUGIN (run make build)" >&2; exit 2; }
PLUGIN=$(realpath "$PLUGIN")    # the links run in the build tree

need_packages libiberty.sh make

# ------------------------------------------------------------ sources ---
src=$("$ROOT/corpora/libiberty.sh" "$work/src") || exit 2

declare -A AA=(
    [ours-1]=basic-aa,rust-scoped-noalias,rust-tbaa
    [ours-2]=basic-aa,rust-scoped-noalias,rust-tbaa
    [ours-3]=basic-aa,rust-scoped-noalias,rust-tbaa
    [logged]=basic-aa,rust-scoped-noalias,rust-tbaa
    [builtin]=basic-aa,scoped-noalias-aa,tbaa
    [basic]=basic-aa
)
configs=(ours-1 ours-2 ours-3 logged builtin basic)
programs=(test-demangle test-expandargv test-pexecute test-strtol)
failed=0
fail() { echo "libiberty.sh: FAIL: $*"; failed=1; }

for mode in "${modes[@]}"; do
    case $mode in
        thin) lto=-flto=thin; jobs=(-Wl,--thinlto-jobs=2) ;;
        full) lto=-flto; jobs=() ;;
    esac
    build=$work/$mode
    start=$SECONDS
    if [[ ! -f $build/libiberty.a ]]; then
        rm -rf "$build"; mkdir -p "$build"
        (cd "$build" && CC="$LLVM_BIN/clang" CFLAGS="-O2 $lto -w" AR="$LLVM_BIN/llvm-ar" \
            RANLIB="$LLVM_BIN/llvm-ranlib" "$src/libiberty/configure" --quiet >configure.log 2>&1) ||
            { echo "libiberty.sh: configure failed, see $build/configure.log" >&2; exit 2; }
        make -s -C "$build" -j"$make_jobs" >"$build/make.log" 2>&1 ||
            { echo "libiberty.sh: make failed, see $build/make.log" >&2; exit 2; }
    fi
    for c in "${configs[@]}"; do
        # The testsuite's Makefile does not inherit configure's LDFLAGS:
        # they are given again here.
        ldflags="-fuse-ld=lld -Wl,--load-pass-plugin=$PLUGIN -Xlinker --lto-aa-pipeline=${AA[$c]} ${jobs[*]}"
        out=$build/out/$c
        rm -rf "$out"; mkdir -p "$out"
        make -s -C "$build/testsuite" clean >/dev/null 2>&1 || true
        log_env=()
        [[ $c == logged ]] && log_env=(ALIASKIT_BISECT_LOG="$out/decisions.jsonl")
        if ! env "${log_env[@]}" make -C "$build/testsuite" check CC="$LLVM_BIN/clang" CFLAGS="-O2 $lto -w" \
            LDFLAGS="$ldflags" >"$out/check.log" 2>&1; then
            fail "$mode/$c: the testsuite fails, see $out/check.log"
            continue
        fi
        grep -q '^FAIL' "$out/check.log" && fail "$mode/$c: a test reports FAIL, see $out/check.log"
        for p in "${programs[@]}"; do
            [[ -f $build/testsuite/$p ]] || { fail "$mode/$c: $p was not built"; continue; }
            cp "$build/testsuite/$p" "$out/$p"
        done
    done
    # test-demangle: "./test-demangle: N tests, 0 failures", once per file
    # of expected demanglings; the other programs print PASS: lines.
    log=$build/out/ours-1/check.log
    demangled=$(awk '/test-demangle: [0-9]+ tests, 0 failures/ {n += $2} END {print n + 0}' "$log")
    passes=$(grep -c '^PASS' "$log" || true)
    same_builds=0 same_builtin=0 differ_basic=0
    for p in "${programs[@]}"; do
        a=$build/out/ours-1/$p
        [[ -f $a ]] || continue
        if cmp -s "$a" "$build/out/ours-2/$p" && cmp -s "$a" "$build/out/ours-3/$p"; then
            same_builds=$((same_builds + 1))
        else
            fail "$mode: $p differs between three builds with our analyses"
        fi
        cmp -s "$a" "$build/out/logged/$p" || fail "$mode: $p changes when decisions are logged"
        if cmp -s "$a" "$build/out/builtin/$p"; then
            same_builtin=$((same_builtin + 1))
        else
            fail "$mode: $p with our analyses differs from $p with the built-in ones"
        fi
        cmp -s "$build/out/builtin/$p" "$build/out/basic/$p" || differ_basic=$((differ_basic + 1))
    done
    ((differ_basic > 0)) ||
        fail "$mode: no program changes without the metadata analyses (the comparison has no teeth)"
    decisions=$build/out/logged/decisions.jsonl
    # Decision lines only (event lines, which say what the plugin saw,
    # start with "event").
    tbaa=$(grep -v '^{"event"' "$decisions" 2>/dev/null | grep -c '"analysis":"tbaa"' || true)
    scoped=$(grep -v '^{"event"' "$decisions" 2>/dev/null | grep -c '"analysis":"scoped-noalias"' || true)
    # (libiberty is C without `restrict`: no scope lists to decide on.)
    ((tbaa > 0)) || fail "$mode: the link logged no TBAA decision"
    printf 'libiberty.sh: %-4s LTO: %d programs, %d same over 3 builds, %d same as built-in, %d changed without the metadata analyses; %d TBAA and %d scoped decisions logged; testsuite: %d names demangled, %d other tests passed (%ds)\n' \
        "$mode" "${#programs[@]}" "$same_builds" "$same_builtin" "$differ_basic" \
        "${tbaa:-0}" "${scoped:-0}" "$demangled" "$passes" $((SECONDS - start))
done
exit $failed
