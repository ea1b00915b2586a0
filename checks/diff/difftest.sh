#!/usr/bin/env bash
# Differential test: rust-tbaa and rust-scoped-noalias (the aliaskit plugin)
# against LLVM's built-in tbaa and scoped-noalias-aa, on random modules from
# aliaskit-modgen.
#
# usage: checks/diff/difftest.sh [FIRST_SEED] [COUNT]        (defaults: 1 500)
# env:   LLVM_BIN (default /usr/lib/llvm-22/bin)
#        PLUGIN   (default target/release/libaliaskit.so)
#        JOBS     (default nproc)
#        GEN      (default target/release/aliaskit-modgen; built if missing
#                 or out of date)
#        SCOPES   auto (default: `many` for seeds divisible by 3, else
#                 `some`), some, many, or none (TBAA comparisons only)
#        SCOPED_FUNCTIONS  functions per scoped module (default 2)
#        EFFECT_SAMPLE     count gvn/ecse effects on one seed in N (default 5)
#        OPT_TIMEOUT CPU seconds per opt run (default 120; `ulimit -t`, which
#                 unlike timeout(1) costs no extra process per run)
#
# Per seed, two modules (encoding old/new/scalar/mixed by seed % 4):
#   in.ll      `--scopes none`: TBAA only, as before scopes existed;
#   scoped.ll  `--scopes some|many --functions SCOPED_FUNCTIONS`: the same
#              kind of module plus domains, scopes, `!alias.scope` /
#              `!noalias` lists, scope declarations and, sometimes, callees
#              with noalias parameters to inline.
# opt checks its input, so there is no separate verify run: when a run fails,
# `-passes=verify` tells an invalid module from a crash.
# Comparisons, LLVM's analyses vs aliaskit's (the plugin is loaded in every
# run); outputs (stdout and stderr) must be byte-identical and any non-zero
# exit is a crash:
#   on in.ll, `-aa-pipeline=tbaa` vs `rust-tbaa` and `basic-aa,tbaa` vs
#   `basic-aa,rust-tbaa`, each with
#     aa     -passes=aa-eval -print-all-alias-modref-info -evaluate-aa-metadata
#     gvn    -passes=gvn -S
#     ecse   -passes='early-cse<memssa>,dse' -S
#   on scoped.ll,
#     sdiff  -passes='scoped-diff<fatal>' -disable-output must exit 0 (every
#            mayAliasInScopes pair and merge against LLVM's functions); for
#            modules with callees, `scoped-diff<fatal>,cgscc(inline),
#            scoped-diff<fatal>`, so also on the scopes the inliner makes
#     saa    aa-eval, `scoped-noalias-aa` vs `rust-scoped-noalias`
#     saab   aa-eval, `basic-aa,scoped-noalias-aa,tbaa` vs
#            `basic-aa,rust-scoped-noalias,rust-tbaa`
#     sgvn   gvn, `basic-aa,scoped-noalias-aa` vs `basic-aa,rust-scoped-noalias`
#     secse  early-cse<memssa>,dse, the same pipelines
#     sinl   (modules with callees) -passes='cgscc(inline),function(aa-eval)',
#            `scoped-noalias-aa` vs `rust-scoped-noalias`
# Failing seeds keep their inputs and diffs in target/difftest/seed-N/.
# To show the test is not vacuous it counts the aa-eval answers and, on one
# seed in EFFECT_SAMPLE, the modules whose gvn/ecse output changes when TBAA
# (scoped-noalias-aa) is added to the pipeline (baseline: scoped-noalias-aa,
# inert on in.ll, or basic-aa alone).
set -u -o pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"

if [[ "${1:-}" == "--worker" ]]; then
    seed=$2
    enc_names=(old new scalar mixed)
    enc=${enc_names[$((seed % 4))]}
    scopes=$SCOPES
    if [[ $scopes == auto ]]; then
        if ((seed % 3 == 0)); then scopes=many; else scopes=some; fi
    fi
    w="$WORK/s$seed"
    mkdir -p "$w"
    # The shell's own messages (e.g. "Segmentation fault") go with the seed.
    exec 2>"$w/worker.err"
    ulimit -t "$OPT_TIMEOUT"
    res="$WORK/res/$seed"
    in="$w/in.ll" sc="$w/scoped.ll"
    keep() { # keep the seed's files for inspection
        local d="$OUTDIR/seed-$seed"
        rm -rf "$d"
        mkdir -p "$d"
        cp -r "$w"/. "$d"/
    }
    result() { # result STATUS [FIELDS...]
        echo "$seed $enc $scopes $*" >"$res"
    }
    if ! "$GEN" --seed "$seed" --encoding "$enc" --scopes none >"$in" 2>"$w/gen.err" ||
        { [[ $scopes != none ]] &&
            ! "$GEN" --seed "$seed" --encoding "$enc" --scopes "$scopes" \
                --functions "$SCOPED_FUNCTIONS" >"$sc" 2>>"$w/gen.err"; }; then
        result genfail 0 0 0
        keep
        exit 0
    fi
    # opt checks its input, so there is no separate verify run; a module is
    # found invalid when some run fails.
    invalid() { # invalid INPUT: the module fails the verifier
        ! "$OPT" -passes=verify -disable-output "$1" >"$w/verify.out" 2>&1
    }
    opt_run() { # opt_run OUTFILE INPUT AAPIPELINE ARGS...  (AAPIPELINE "": none)
        local out=$1 input=$2 aa=$3
        shift 3
        local aaopt=()
        [[ -n $aa ]] && aaopt=(-aa-pipeline="$aa")
        "$OPT" -load-pass-plugin="$PLUGIN" "${aaopt[@]}" "$@" "$input" >"$out" 2>&1
        local rc=$?
        if ((rc != 0)); then echo "exit status $rc" >>"$out"; fi
        return $rc
    }
    ncomp=0 nmis=0 ncrash=0 failed=0
    declare -A count
    aa_outs=()
    comps=(aa aab gvn gvnb ecse ecseb)
    if [[ $scopes != none ]]; then
        # The generator names the callees to inline on the second line.
        inline=0
        { read -r _ && read -r line2; } <"$sc"
        [[ ${line2:-} == "; inline:"* ]] && inline=1
        count[inline]=$inline
        # scoped-diff<fatal>: mayAliasInScopes for every (!alias.scope,
        # !noalias) pair and every merge, against LLVM's own functions.
        passes='scoped-diff<fatal>'
        ((inline)) && passes+=',cgscc(inline),scoped-diff<fatal>'
        ncomp=$((ncomp + 1))
        count[s_comp]=1
        if ! opt_run "$w/sdiff.out" "$sc" "" -passes="$passes" -disable-output; then
            if invalid "$sc"; then
                result invalid 0 0 0
                keep
                exit 0
            fi
            if grep -q 'disagreements between' "$w/sdiff.out"; then
                nmis=$((nmis + 1))
                count[s_mis]=1
                echo "sdiff: scoped-diff reports disagreements" >>"$w/failures"
            else
                ncrash=$((ncrash + 1))
                count[s_crash]=1
                echo "sdiff: scoped-diff exited non-zero" >>"$w/failures"
            fi
            failed=1
        fi
        count[sd_pairs]=0 count[sd_merges]=0 count[sd_dis]=0
        re='^scoped-diff: ([0-9]+) pairs, ([0-9]+) merges, ([0-9]+) disagreements'
        while IFS= read -r l; do
            if [[ $l =~ $re ]]; then
                count[sd_pairs]=$((count[sd_pairs] + BASH_REMATCH[1]))
                count[sd_merges]=$((count[sd_merges] + BASH_REMATCH[2]))
                count[sd_dis]=$((count[sd_dis] + BASH_REMATCH[3]))
            fi
        done <"$w/sdiff.out"
        comps+=(saa saab sgvn secse)
        ((inline)) && comps+=(sinl)
    fi
    for comp in "${comps[@]}"; do
        input=$in
        case $comp in
            aa | gvn | ecse) theirs=tbaa ours=rust-tbaa base=scoped-noalias-aa ;;
            aab | gvnb | ecseb) theirs=basic-aa,tbaa ours=basic-aa,rust-tbaa base=basic-aa ;;
            saa | sinl) theirs=scoped-noalias-aa ours=rust-scoped-noalias input=$sc ;;
            saab) theirs=basic-aa,scoped-noalias-aa,tbaa ours=basic-aa,rust-scoped-noalias,rust-tbaa input=$sc ;;
            *) theirs=basic-aa,scoped-noalias-aa ours=basic-aa,rust-scoped-noalias base=basic-aa input=$sc ;;
        esac
        case $comp in
            aa | aab | saa | saab) args=(-passes=aa-eval -print-all-alias-modref-info -evaluate-aa-metadata -disable-output) ;;
            sinl) args=('-passes=cgscc(inline),function(aa-eval)' -print-all-alias-modref-info -evaluate-aa-metadata -disable-output) ;;
            *gvn*) args=(-passes=gvn -S) ;;
            *) args=('-passes=early-cse<memssa>,dse' -S) ;;
        esac
        ncomp=$((ncomp + 1))
        [[ $comp == s* ]] && count[s_comp]=$((count[s_comp] + 1))
        a="$w/$comp.llvm.out" b="$w/$comp.aliaskit.out"
        opt_run "$a" "$input" "$theirs" "${args[@]}"
        rca=$?
        opt_run "$b" "$input" "$ours" "${args[@]}"
        rcb=$?
        if ((rca != 0 || rcb != 0)); then
            if invalid "$input"; then
                result invalid 0 0 0
                keep
                exit 0
            fi
            ncrash=$((ncrash + 1))
            [[ $comp == s* ]] && count[s_crash]=$((${count[s_crash]:-0} + 1))
            echo "$comp: exit status $theirs=$rca $ours=$rcb" >>"$w/failures"
            failed=1
        fi
        if ! cmp -s "$a" "$b"; then
            nmis=$((nmis + 1))
            [[ $comp == s* ]] && count[s_mis]=$((${count[s_mis]:-0} + 1))
            diff -u "$a" "$b" >"$w/$comp.diff"
            echo "$comp: outputs differ ($theirs vs $ours)" >>"$w/failures"
            failed=1
        fi
        case $comp in
            aa | aab | saa | saab | sinl) aa_outs+=("$a") ;;
            *)
                # Does TBAA (scoped-noalias-aa) change the result at all, vs.
                # the same pipeline without it? (scoped-noalias-aa is inert on
                # the module without scopes.) Sampled: one seed in
                # EFFECT_SAMPLE, as these runs test nothing.
                if ((seed % EFFECT_SAMPLE == 0)); then
                    if [[ $comp == s* ]]; then count[s_sampled]=1; else count[t_sampled]=1; fi
                    opt_run "$w/$comp.base.out" "$input" "$base" "${args[@]}"
                    if cmp -s "$a" "$w/$comp.base.out"; then count[${comp}_eff]=0; else count[${comp}_eff]=1; fi
                fi
                ;;
        esac
    done
    # aa-eval answers of LLVM's runs, per comparison: COMP_no=N COMP_may=N ...
    counts=$(awk '
        FNR == 1 { if (f != "") out(); f = FILENAME; sub(/.*\//, "", f); sub(/\.llvm\.out$/, "", f); delete n }
        /^ *NoAlias:/ { n["no"]++ } /^ *MayAlias:/ { n["may"]++ } /^ *MustAlias:/ { n["must"]++ }
        /^ *PartialAlias:/ { n["partial"]++ } /^ *NoModRef:/ { n["nomr"]++ }
        function out(  k, s) { s = ""; split("no may must partial nomr", ks, " ")
            for (k = 1; k <= 5; k++) s = s " " f "_" ks[k] "=" (n[ks[k]] + 0)
            printf "%s", s }
        END { if (f != "") out() }' "${aa_outs[@]}")
    status=ok
    ((nmis > 0)) && status=mismatch
    ((ncrash > 0)) && status=crash
    extra=""
    for k in "${!count[@]}"; do extra+=" $k=${count[$k]}"; done
    result "$status $ncomp $nmis $ncrash$counts$extra"
    if ((failed)); then keep; fi
    rm -rf "$w"
    exit 0
fi

cd "$ROOT" || exit 2
FIRST=${1:-1}
COUNT=${2:-500}
# GEN unset: cargo's own build of the generator, brought up to date below.
own_gen=0
[[ -z ${GEN:-} ]] && own_gen=1
GEN=${GEN:-target/release/aliaskit-modgen}
export SCOPES=${SCOPES:-auto}
export SCOPED_FUNCTIONS=${SCOPED_FUNCTIONS:-2}
export EFFECT_SAMPLE=${EFFECT_SAMPLE:-5}
export OPT_TIMEOUT=${OPT_TIMEOUT:-120}
export OUTDIR="$ROOT/target/difftest"

case $SCOPES in auto | none | some | many) ;; *) echo "difftest: SCOPES must be auto, none, some or many" >&2; exit 2 ;; esac
[[ -x "$OPT" ]] || { echo "difftest: $OPT not found" >&2; exit 2; }
[[ -f "$PLUGIN" ]] || { echo "difftest: plugin $PLUGIN not built (cargo build --release)" >&2; exit 2; }
if [[ ! -x "$GEN" ]] || ((own_gen)); then # (a no-op when up to date)
    cargo build --release -q -p aliaskit-modgen || exit 2
fi
mkdir -p "$OUTDIR"
# Scratch space: TMPDIR if set, else tmpfs (aa-eval writes its report in
# tens of thousands of unbuffered writes, much cheaper there), else /tmp.
tmp=${TMPDIR:-/tmp}
[[ -z ${TMPDIR:-} && -d /dev/shm && -w /dev/shm ]] && tmp=/dev/shm
WORK=$(mktemp -d "$tmp/difftest.XXXXXX") || exit 2
export WORK
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/res"
# Snapshot the binaries so that a rebuild during the run cannot interfere.
cp "$PLUGIN" "$WORK/libaliaskit.so" && cp "$GEN" "$WORK/aliaskit-modgen" || exit 2
export PLUGIN="$WORK/libaliaskit.so" GEN="$WORK/aliaskit-modgen"

start=$(date +%s)
seq "$FIRST" $((FIRST + COUNT - 1)) | xargs -P "$JOBS" -n 1 bash "$SELF" --worker
end=$(date +%s)

cat "$WORK"/res/* 2>/dev/null | awk -v secs=$((end - start)) -v outdir="$OUTDIR" '
{
    seeds++
    enc = $2; sc = $3; st = $4
    if (st == "genfail") { genfail++; failseeds = failseeds " " $1 "(generator)"; next }
    if (st == "invalid") { invalid++; failseeds = failseeds " " $1 "(invalid module)"; next }
    modules++; comps += $5; mis += $6; crash += $7
    if (st != "ok") failseeds = failseeds " " $1 "(" st ")"
    emod[enc]++
    delete v
    for (i = 8; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2]; tot[kv[1]] += kv[2]; etot[enc, kv[1]] += kv[2] }
    if (sc != "none") {
        scoped++; smod[sc]++; sinl += v["inline"]
        for (k in v) stot[sc, k] += v[k]
    }
}
function row(label, c) {
    printf "  %-30s %9d %9d %9d %9d %9d\n", label, tot[c "_no"], tot[c "_may"], tot[c "_must"], tot[c "_partial"], tot[c "_nomr"]
}
# A line per name of NAMES (space-separated) with modules (MODS): its
# modules, "LABEL no/may" for each LABEL:KEY of PAIRS (TOTAL[name, KEY "_no"],
# TOTAL[name, KEY "_may"]), then "changed" and TOTAL[name, C] for each C of
# CHANGED, joined by "/".
function breakdown(names, mods, total, pairs, changed,    n, ns, np, ps, nc, cs, k, m, i, kl, line) {
    n = split(names, ns, " "); np = split(pairs, ps, " "); nc = split(changed, cs, " ")
    for (k = 1; k <= n; k++) {
        m = ns[k]
        if (!(m in mods)) continue
        line = sprintf("    %-7s %5d", m, mods[m])
        for (i = 1; i <= np; i++) {
            split(ps[i], kl, ":")
            line = line sprintf("  %s %7d/%-7d", kl[1], total[m, kl[2] "_no"], total[m, kl[2] "_may"])
        }
        line = line "  changed"
        for (i = 1; i <= nc; i++) line = line (i == 1 ? " " : "/") sprintf("%d", total[m, cs[i]])
        print line
    }
}
END {
    printf "difftest: %d seeds, %d modules (%d with scoped metadata), %d comparisons, %d mismatches\n", seeds, modules, scoped, comps, mis
    printf "  crashes/non-zero exits: %d, generator failures: %d, modules failing verify: %d, runtime %ds\n", crash, genfail, invalid, secs
    printf "  %-30s %9s %9s %9s %9s %9s\n", "aa-eval answers (tbaa)", "NoAlias", "MayAlias", "MustAlias", "Partial", "NoModRef"
    row("aa[tbaa]", "aa")
    row("aa[basic-aa,tbaa]", "aab")
    printf "  modules whose output changes when TBAA is added (of %d sampled): gvn[tbaa] %d, gvn[basic-aa,tbaa] %d, ecse-dse[tbaa] %d, ecse-dse[basic-aa,tbaa] %d\n", tot["t_sampled"], tot["gvn_eff"], tot["gvnb_eff"], tot["ecse_eff"], tot["ecseb_eff"]
    printf "  per encoding: modules, aa[tbaa] NoAlias/MayAlias, aa[basic-aa,tbaa] NoAlias/MayAlias, TBAA-changed gvn/gvn-basic/ecse/ecse-basic\n"
    breakdown("old new scalar mixed", emod, etot, "aa:aa aab:aab", "gvn_eff gvnb_eff ecse_eff ecseb_eff")
    if (scoped > 0) {
        printf "scoped: %d modules with scopes (some %d, many %d; %d with callees inlined), %d comparisons, %d mismatches, %d crashes\n",
            scoped, smod["some"], smod["many"], sinl, tot["s_comp"], tot["s_mis"], tot["s_crash"]
        printf "  scoped-diff<fatal>: %d (!alias.scope, !noalias) pairs, %d merges, %d disagreements (before and after inlining)\n",
            tot["sd_pairs"], tot["sd_merges"], tot["sd_dis"]
        printf "  %-30s %9s %9s %9s %9s %9s\n", "aa-eval answers (scoped)", "NoAlias", "MayAlias", "MustAlias", "Partial", "NoModRef"
        row("aa[scoped-noalias-aa]", "saa")
        row("aa[basic-aa,scoped,tbaa]", "saab")
        row("aa[inline; scoped-noalias-aa]", "sinl")
        printf "  modules whose output changes when scoped-noalias-aa is added to basic-aa (of %d sampled): gvn %d, ecse-dse %d\n", tot["s_sampled"], tot["sgvn_eff"], tot["secse_eff"]
        printf "  per scopes mode: modules, aa[scoped] NoAlias/MayAlias, aa[basic-aa,scoped,tbaa] NoAlias/MayAlias, inline NoAlias/MayAlias, changed gvn/ecse\n"
        breakdown("some many", smod, stot, "aa:saa aab:saab inl:sinl", "sgvn_eff secse_eff")
    }
    if (failseeds != "") printf "  failing seeds (kept in %s):%s\n", outdir, failseeds
    exit (mis > 0 || crash > 0 || genfail > 0 || invalid > 0 || seeds == 0) ? 1 : 0
}'
