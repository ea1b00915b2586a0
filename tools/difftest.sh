#!/usr/bin/env bash
# Differential test: rust-tbaa (the aliaskit plugin) against LLVM's built-in
# tbaa, on random modules from aliaskit-modgen.
#
# usage: tools/difftest.sh [FIRST_SEED] [COUNT]        (defaults: 1 500)
# env:   LLVM_BIN (default /usr/lib/llvm-22/bin)
#        PLUGIN   (default target/release/libaliaskit.so)
#        JOBS     (default nproc)
#        GEN      (default target/release/aliaskit-modgen; built if missing)
#        OPT_TIMEOUT seconds per opt run (default 120)
#
# For each seed the module is generated (encoding old/new/scalar/mixed by
# seed % 4), verified, and run through three opt pipelines, each with
# `-aa-pipeline=tbaa` vs `rust-tbaa` and `basic-aa,tbaa` vs `basic-aa,rust-tbaa`
# (the plugin is loaded in every run):
#   aa     -passes=aa-eval -print-all-alias-modref-info -evaluate-aa-metadata
#   gvn    -passes=gvn -S
#   ecse   -passes='early-cse<memssa>,dse' -S
# Outputs (stdout and stderr) must be byte-identical; any non-zero exit is a
# crash. Failing seeds keep their input and diffs in target/difftest/seed-N/.
# To show the test is not vacuous it also counts the aa-eval answers and, for
# gvn/ecse, the modules whose output changes when TBAA is added to the
# pipeline (baseline: scoped-noalias-aa, which is inert here, or basic-aa).
set -u -o pipefail

if [[ "${1:-}" == "--worker" ]]; then
    seed=$2
    enc_names=(old new scalar mixed)
    enc=${enc_names[$((seed % 4))]}
    w="$WORK/s$seed"
    mkdir -p "$w"
    res="$WORK/res/$seed"
    in="$w/in.ll"
    keep() { # keep the seed's files for inspection
        local d="$OUTDIR/seed-$seed"
        rm -rf "$d"
        mkdir -p "$d"
        cp -r "$w"/. "$d"/
    }
    if ! "$GEN" --seed "$seed" --encoding "$enc" >"$in" 2>"$w/gen.err"; then
        echo "$seed $enc genfail 0 0 1" >"$res"
        keep
        exit 0
    fi
    if ! timeout "$OPT_TIMEOUT" "$OPT" -passes=verify -disable-output "$in" >"$w/verify.out" 2>&1; then
        echo "$seed $enc invalid 0 0 1" >"$res"
        keep
        exit 0
    fi
    opt_run() { # opt_run OUTFILE AAPIPELINE ARGS...
        local out=$1 aa=$2
        shift 2
        (timeout "$OPT_TIMEOUT" "$OPT" -load-pass-plugin="$PLUGIN" -aa-pipeline="$aa" "$@" "$in" \
            >"$out" 2>&1) 2>/dev/null
        local rc=$?
        if ((rc != 0)); then echo "exit status $rc" >>"$out"; fi
        return $rc
    }
    ncomp=0 nmis=0 ncrash=0
    declare -A count
    failed=0
    for comp in aa aab gvn gvnb ecse ecseb; do
        case $comp in
            aa | gvn | ecse) pre="" base="scoped-noalias-aa" ;;
            *) pre="basic-aa," base="basic-aa" ;;
        esac
        case $comp in
            aa*) args=(-passes=aa-eval -print-all-alias-modref-info -evaluate-aa-metadata -disable-output) ;;
            gvn*) args=(-passes=gvn -S) ;;
            ecse*) args=('-passes=early-cse<memssa>,dse' -S) ;;
        esac
        ncomp=$((ncomp + 1))
        a="$w/$comp.tbaa.out" b="$w/$comp.rust-tbaa.out"
        opt_run "$a" "${pre}tbaa" "${args[@]}"
        rca=$?
        opt_run "$b" "${pre}rust-tbaa" "${args[@]}"
        rcb=$?
        if ((rca != 0 || rcb != 0)); then
            ncrash=$((ncrash + 1))
            echo "$comp: exit status tbaa=$rca rust-tbaa=$rcb" >>"$w/failures"
            failed=1
        fi
        if ! cmp -s "$a" "$b"; then
            nmis=$((nmis + 1))
            diff -u "$a" "$b" >"$w/$comp.diff"
            echo "$comp: outputs differ" >>"$w/failures"
            failed=1
        fi
        case $comp in
            aa*)
                count[${comp}_no]=$(grep -c '^ *NoAlias:' "$a")
                count[${comp}_may]=$(grep -c '^ *MayAlias:' "$a")
                count[${comp}_must]=$(grep -c '^ *MustAlias:' "$a")
                count[${comp}_partial]=$(grep -c '^ *PartialAlias:' "$a")
                count[${comp}_nomr]=$(grep -c '^ *NoModRef:' "$a")
                ;;
            *)
                # Does TBAA change the result at all (vs. the same pipeline
                # without it)?
                opt_run "$w/$comp.base.out" "$base" "${args[@]}"
                if cmp -s "$a" "$w/$comp.base.out"; then count[${comp}_eff]=0; else count[${comp}_eff]=1; fi
                ;;
        esac
    done
    status=ok
    ((nmis > 0)) && status=mismatch
    ((ncrash > 0)) && status=crash
    echo "$seed $enc $status $ncomp $nmis $ncrash" \
        "${count[aa_no]} ${count[aa_may]} ${count[aa_must]} ${count[aa_partial]} ${count[aa_nomr]}" \
        "${count[aab_no]} ${count[aab_may]} ${count[aab_must]} ${count[aab_partial]} ${count[aab_nomr]}" \
        "${count[gvn_eff]} ${count[gvnb_eff]} ${count[ecse_eff]} ${count[ecseb_eff]}" >"$res"
    if ((failed)); then keep; fi
    rm -rf "$w"
    exit 0
fi

cd "$(dirname "$0")/.." || exit 2
FIRST=${1:-1}
COUNT=${2:-500}
export LLVM_BIN=${LLVM_BIN:-/usr/lib/llvm-22/bin}
export OPT="$LLVM_BIN/opt"
PLUGIN=${PLUGIN:-target/release/libaliaskit.so}
GEN=${GEN:-target/release/aliaskit-modgen}
JOBS=${JOBS:-$(nproc)}
export OPT_TIMEOUT=${OPT_TIMEOUT:-120}
export OUTDIR="$PWD/target/difftest"

[[ -x "$OPT" ]] || { echo "difftest: $OPT not found" >&2; exit 2; }
[[ -f "$PLUGIN" ]] || { echo "difftest: plugin $PLUGIN not built (cargo build --release)" >&2; exit 2; }
if [[ ! -x "$GEN" ]]; then
    cargo build --release -q -p aliaskit-modgen || exit 2
fi
mkdir -p "$OUTDIR"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX")
export WORK
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/res"
# Snapshot the binaries so that a rebuild during the run cannot interfere.
cp "$PLUGIN" "$WORK/libaliaskit.so" && cp "$GEN" "$WORK/aliaskit-modgen" || exit 2
export PLUGIN="$WORK/libaliaskit.so" GEN="$WORK/aliaskit-modgen"

start=$(date +%s)
seq "$FIRST" $((FIRST + COUNT - 1)) | xargs -P "$JOBS" -n 1 bash "$0" --worker
end=$(date +%s)

cat "$WORK"/res/* 2>/dev/null | awk -v secs=$((end - start)) -v outdir="$OUTDIR" '
{
    seeds++
    enc = $2; st = $3
    if (st == "genfail") { genfail++; failseeds = failseeds " " $1 "(generator)"; next }
    if (st == "invalid") { invalid++; failseeds = failseeds " " $1 "(invalid module)"; next }
    modules++; comps += $4; mis += $5; crash += $6
    if (st != "ok") failseeds = failseeds " " $1 "(" st ")"
    emod[enc]++
    for (i = 7; i <= NF; i++) { tot[i] += $i; etot[enc, i] += $i }
}
END {
    printf "difftest: %d seeds, %d modules, %d comparisons, %d mismatches\n", seeds, modules, comps, mis
    printf "  crashes/non-zero exits: %d, generator failures: %d, modules failing verify: %d, runtime %ds\n", crash, genfail, invalid, secs
    printf "  %-26s %9s %9s %9s %9s %9s\n", "aa-eval answers (tbaa)", "NoAlias", "MayAlias", "MustAlias", "Partial", "NoModRef"
    printf "  %-26s %9d %9d %9d %9d %9d\n", "aa[tbaa]", tot[7], tot[8], tot[9], tot[10], tot[11]
    printf "  %-26s %9d %9d %9d %9d %9d\n", "aa[basic-aa,tbaa]", tot[12], tot[13], tot[14], tot[15], tot[16]
    printf "  modules whose output changes when TBAA is added: gvn[tbaa] %d, gvn[basic-aa,tbaa] %d, ecse-dse[tbaa] %d, ecse-dse[basic-aa,tbaa] %d\n", tot[17], tot[18], tot[19], tot[20]
    printf "  per encoding: modules, aa[tbaa] NoAlias/MayAlias, aa[basic-aa,tbaa] NoAlias/MayAlias, TBAA-changed gvn/gvn-basic/ecse/ecse-basic\n"
    n = split("old new scalar mixed", encs, " ")
    for (k = 1; k <= n; k++) {
        e = encs[k]
        if (!(e in emod)) continue
        printf "    %-7s %5d  aa %7d/%-7d  aab %7d/%-7d  changed %d/%d/%d/%d\n", e, emod[e],
            etot[e, 7], etot[e, 8], etot[e, 12], etot[e, 13], etot[e, 17], etot[e, 18], etot[e, 19], etot[e, 20]
    }
    if (failseeds != "") printf "  failing seeds (kept in %s):%s\n", outdir, failseeds
    exit (mis > 0 || crash > 0 || genfail > 0 || invalid > 0 || seeds == 0) ? 1 : 0
}'
