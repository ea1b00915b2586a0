#!/usr/bin/env bash
# Runs rust-tbaa against LLVM's built-in tbaa on the corpus of real C code
# built by corpora/real-c.sh.
#
# usage: checks/corpus/check.sh [--slice K] [--seed S] [--manifest FILE]
#   (no option)  every module of target/corpus/MANIFEST (run corpora/real-c.sh first)
#   --slice K    only the K csmith programs with seeds S..S+K-1 (odd seeds in
#                the new struct-path TBAA format, even seeds in the old one),
#                no large module; they are built (corpora/real-c.sh --no-large)
#                when missing. This is the quick check for `make test`.
#   --seed S     first seed of the slice (default 1)
#   --manifest F check the modules listed in F instead
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), JOBS (default nproc), CORPUS (default
#      target/corpus), OPT_TIMEOUT (seconds per opt run, default 600),
#      KEEP=1 keeps every module's outputs under target/corpus/work/
#
# For each module (the plugin is loaded in every opt run; AA pipelines
# basic-aa,scoped-noalias-aa + tbaa | rust-tbaa | nothing):
#   O2    -passes='default<O2>'
#   gvn   -passes='function(sroa),function(gvn)'
#   dse   -passes='function(sroa),function(dse)'
#   licm  -passes='function(sroa),function(loop-mssa(licm))'
#     the -S outputs (and stderr) with tbaa and with rust-tbaa must be
#     byte-identical, and no run may fail; the run without TBAA only shows
#     whether TBAA changes the output at all ("TBAA matters").
#   tbaa-diff  opt -passes='tbaa-diff<fatal>' must exit 0 with 0 disagreements.
#   checksum   (csmith) the O2 rust-tbaa output, compiled with clang -O0 and
#     run (timeout 10 s), must print what the -O0 build of the C file printed.
# Failing modules keep their input and outputs under target/corpus/failures/.
# Exit status: 0 when every check passed, 1 otherwise. Per-module results are
# in target/corpus/results.txt. One run at a time per CORPUS directory (work/,
# results/ and failures/ are cleared at the start).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
OPT_TIMEOUT=${OPT_TIMEOUT:-600}
export OPT_TIMEOUT

PIPES=(O2 gvn dse licm)
declare -A PASSES=(
    [O2]='default<O2>'
    [gvn]='function(sroa),function(gvn)'
    [dse]='function(sroa),function(dse)'
    [licm]='function(sroa),function(loop-mssa(licm))'
)
AA_BASE=basic-aa,scoped-noalias-aa
declare -A AA=([none]="$AA_BASE" [tbaa]="$AA_BASE,tbaa" [rust]="$AA_BASE,rust-tbaa")

# ---------------------------------------------------------------- worker ---
# checks/corpus/check.sh --worker "<manifest line>": checks one module and
# writes one result line to $RESULTS/<name>:
#   name kind O2 gvn dse licm mO2 mgvn mdse mlicm pairs merges disagreements
#   tbaa-diff checksum seconds
# (O2..licm: same | DIFF | CRASH; m*: 1 when TBAA changes that output, 0 when
# not, - when unknown; tbaa-diff: ok | FAIL; checksum: match | MISMATCH |
# skip | -).
if [[ "${1:-}" == "--worker" ]]; then
    read -r kind path name checksum <<<"$2"
    in="$CORPUS/$path"
    w="$WORK/$name"
    rm -rf "$w"
    mkdir -p "$w"
    t0=$(date +%s.%N)
    bad=0
    opt_run() { # opt_run OUT AA PASSES: -S output in OUT, stderr in OUT.err
        opt_plugin -aa-pipeline="$2" -passes="$3" -S "$in" -o "$1" 2>"$1.err"
    }
    st=() eff=()
    for p in "${PIPES[@]}"; do
        crash=0
        declare -A rcs=()
        for v in none tbaa rust; do
            rc=0
            opt_run "$w/$p.$v.ll" "${AA[$v]}" "${PASSES[$p]}" || rc=$?
            rcs[$v]=$rc
            if ((rc != 0)); then
                echo "exit status $rc" >>"$w/$p.$v.ll.err"
                [[ $v == none ]] || crash=1
            fi
        done
        if ((crash)); then
            st+=(CRASH)
            bad=1
        elif cmp -s "$w/$p.tbaa.ll" "$w/$p.rust.ll" && cmp -s "$w/$p.tbaa.ll.err" "$w/$p.rust.ll.err"; then
            st+=(same)
        else
            st+=(DIFF)
            bad=1
            diff -u "$w/$p.tbaa.ll" "$w/$p.rust.ll" | head -c 1000000 >"$w/$p.diff" || true
            diff -u "$w/$p.tbaa.ll.err" "$w/$p.rust.ll.err" >>"$w/$p.diff" || true
        fi
        if ((rcs[none] == 0 && rcs[tbaa] == 0)); then
            if cmp -s "$w/$p.none.ll" "$w/$p.tbaa.ll"; then eff+=(0); else eff+=(1); fi
        else
            eff+=(-)
        fi
    done

    # tbaa-diff<fatal>
    rc=0
    opt_plugin -passes='tbaa-diff<fatal>' -disable-output "$in" >"$w/tbaa-diff.out" 2>&1 || rc=$?
    summary=$(grep -E '^tbaa-diff: [0-9]+ pairs, [0-9]+ merges, [0-9]+ disagreements' "$w/tbaa-diff.out" | tail -1 || true)
    read -r pairs merges dis < <(sed -E 's/^tbaa-diff: ([0-9]+) pairs, ([0-9]+) merges, ([0-9]+) disagreements.*/\1 \2 \3/' <<<"${summary:-tbaa-diff: 0 pairs, 0 merges, 0 disagreements}")
    if ((rc == 0)) && [[ -n "$summary" ]] && ((dis == 0)); then
        td=ok
    else
        td=FAIL
        bad=1
        echo "exit status $rc" >>"$w/tbaa-diff.out"
        [[ -n "$summary" ]] || dis=-1
    fi

    # csmith's own check: the checksum of the O2 (rust-tbaa) build.
    cs=-
    if [[ $kind == csmith-* ]]; then
        ref="$(dirname "$in")/x.O0.out"
        if [[ $checksum != ok ]]; then
            cs=skip
        elif [[ ${st[0]} == CRASH ]]; then
            cs=MISMATCH
        elif ! "$LLVM_BIN/clang" -O0 -w "$w/O2.rust.ll" -o "$w/x.o2" 2>"$w/x.o2.err"; then
            cs=MISMATCH
            echo "compiling O2.rust.ll failed" >>"$w/x.o2.err"
        else
            rc=0
            timeout 10 "$w/x.o2" >"$w/x.o2.out" 2>&1 || rc=$?
            if ((rc == 0)) && cmp -s "$ref" "$w/x.o2.out"; then
                cs=match
            else
                cs=MISMATCH
                echo "exit status $rc" >>"$w/x.o2.out"
            fi
        fi
        [[ $cs == MISMATCH ]] && bad=1
    fi

    secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    echo "$name $kind ${st[*]} ${eff[*]} $pairs $merges $dis $td $cs $secs" >"$RESULTS/$name"
    if ((bad)); then
        f="$CORPUS/failures/$name"
        rm -rf "$f"
        mkdir -p "$f"
        cp -r "$w"/. "$f"/
        cp "$in" "$f/input.${in##*.}"
        if [[ $kind == csmith-* ]]; then cp "$(dirname "$in")"/x.c "$(dirname "$in")"/x.O0.out "$f"/ 2>/dev/null || true; fi
        echo "$2" >"$f/MANIFEST-LINE"
    fi
    [[ "${KEEP:-0}" == 1 ]] || rm -rf "$w"
    exit 0
fi

# ------------------------------------------------------------------ main ---
slice=0
seed=1
manifest=""
while (($#)); do
    case $1 in
    --slice) slice=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --manifest) manifest=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "corpus/check.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
[[ "$slice" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ ]] || { echo "corpus/check.sh: --slice and --seed take numbers" >&2; exit 2; }

need_tools corpus/check.sh opt clang || exit 1
[[ -f "$PLUGIN" ]] || { echo "corpus/check.sh: plugin $PLUGIN missing (run cargo build --release)" >&2; exit 1; }

start=$SECONDS
if ((slice > 0)); then
    manifest="$CORPUS/MANIFEST.slice-$seed-$slice"
    JOBS=$JOBS "$ROOT/corpora/real-c.sh" --csmith "$slice" --seed "$seed" --no-large --manifest "$manifest"
elif [[ -z "$manifest" ]]; then
    manifest="$CORPUS/MANIFEST"
fi
[[ -f "$manifest" ]] || { echo "corpus/check.sh: $manifest missing (run corpora/real-c.sh first)" >&2; exit 1; }

WORK="$CORPUS/work"
RESULTS="$CORPUS/results"
rm -rf "$WORK" "$RESULTS" "$CORPUS/failures"
mkdir -p "$WORK" "$RESULTS"
export WORK RESULTS

n=$(grep -vc '^#' "$manifest" || true)
echo "corpus/check.sh: $n modules from $manifest, $JOBS jobs, plugin $PLUGIN"
# Large modules first (longest first, so the jobs stay busy).
{ grep '^large ' "$manifest" || true; grep -v '^#' "$manifest" | grep -v '^large ' || true; } |
    tr '\n' '\0' | xargs -0 -P "$JOBS" -n 1 bash "$SELF" --worker || true

elapsed=$((SECONDS - start))
missing=0
for name in $(grep -v '^#' "$manifest" | awk '{print $3}'); do
    [[ -f "$RESULTS/$name" ]] || { echo "corpus/check.sh: no result for $name (worker died)"; missing=$((missing + 1)); }
done

cat "$RESULTS"/* 2>/dev/null | sort -k2,2 -k1,1V >"$CORPUS/results.txt" || true
awk -v elapsed="$elapsed" -v missing="$missing" -v failures="$CORPUS/failures" '
    {
        mods++; kind[$2]++
        for (i = 0; i < 4; i++) {
            s = $(3 + i)
            if (s == "same") same[i]++; else { bad[$1] = 1; if (s == "DIFF") diffn[i]++; else crash[i]++ }
            if ($(7 + i) == "1") { eff[i]++; effk[i, $2]++ }
        }
        pairs += $11; merges += $12
        if ($13 > 0) dis += $13
        if ($14 != "ok") { tdfail++; bad[$1] = 1 }
        if ($15 == "match") cm++; else if ($15 == "MISMATCH") { cx++; bad[$1] = 1 } else if ($15 == "skip") cs++
        secs[$2] += $16
    }
    END {
        split("O2 gvn dse licm", P, " ")
        nb = 0; for (k in bad) nb++
        printf "\n== check-corpus summary ==\n"
        printf "modules checked: %d (csmith-old %d, csmith-new %d, large %d)\n", mods, kind["csmith-old"], kind["csmith-new"], kind["large"]
        printf "%-6s %-26s %9s %6s %6s   %s\n", "", "tbaa vs rust-tbaa output", "identical", "differ", "crash", "TBAA matters (output differs without TBAA): all / csmith-old / csmith-new / large"
        for (i = 0; i < 4; i++)
            printf "%-6s %-26s %9d %6d %6d   %d / %d / %d / %d\n", P[i + 1], "", same[i], diffn[i], crash[i], eff[i], effk[i, "csmith-old"], effk[i, "csmith-new"], effk[i, "large"]
        printf "tbaa-diff: %d pairs, %d merges, %d disagreements, %d failed runs\n", pairs, merges, dis, tdfail
        if (kind["csmith-old"] + kind["csmith-new"] > 0)
            printf "csmith checksums: %d matched, %d mismatched, %d skipped (-O0 run > 10 s)\n", cm, cx, cs
        printf "time: %d s wall (module time summed over jobs: csmith %.0f s, large %.0f s)\n", elapsed, secs["csmith-old"] + secs["csmith-new"], secs["large"]
        if (missing > 0) printf "workers that died: %d\n", missing
        if (nb > 0) { printf "FAILED modules (kept under %s):", failures; for (k in bad) printf " %s", k; printf "\n" }
        printf "check-corpus: %d passed, %d failed\n", mods - nb, nb + missing
        exit (nb + missing > 0)
    }' "$CORPUS/results.txt"
