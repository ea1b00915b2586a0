#!/usr/bin/env bash
# check-captures against LLVM's own captures(...) inference on real C code
# (the corpus of corpora/real-c.sh: csmith programs and binutils modules)
# and on random modules from aliaskit-modgen.
#
# usage: checks/captures/corpus.sh [--slice K] [--modgen N] [--max-cases N]
#                                 [--manifest FILE]
#   (no option)   every module of target/corpus/MANIFEST (built by
#                 corpora/real-c.sh when missing) and 100 modgen modules
#   --slice K     only the first K csmith programs of the manifest (built
#                 with corpora/real-c.sh --csmith K --no-large when missing)
#                 and K modgen modules: the quick run
#   --modgen N    number of modgen modules (seeds 1..N; default 100, or K
#                 with --slice)
#   --max-cases N at most N narrowed parameters per module and pipeline
#                 (default: all; a deterministic choice)
#   --manifest F  the modules listed in F instead
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), JOBS (default nproc), MODGEN
#      (default target/release/aliaskit-modgen), CORPUS (default
#      target/corpus), WORK (default target/captures-corpus), OPT_TIMEOUT
#      (seconds per opt run, default 600), KEEP=1 keeps the modules.
#
# For each module, these versions of it (the pipelines):
#   input     the module as it is. The binutils modules went through
#             clang's -flto -O1 pre-link pipeline: their captures(...) are
#             LLVM's, inferred before later passes changed the code (they
#             may be stale); csmith and modgen modules have none.
#   fa        input, every captures(...) of a definition's parameter
#             removed, then -passes=function-attrs: LLVM's inference on
#             exactly the code checked
#   sroa-fa   -passes='function(sroa,early-cse)', captures removed, then
#             function-attrs
#   O2        -passes='default<O2>', as LLVM leaves it (function-attrs ran
#             inside, before later passes: the claims may be stale)
#   O2-fa     the O2 output, captures removed, then function-attrs
# 1. no false alarms: opt -passes='check-captures<warn;json>' on each
#    version. Every captures(...) there is LLVM's (inferred, or on
#    declarations from its library-call knowledge). On the fresh versions
#    errors must be 0; warnings are counted by rule. On the as-produced
#    versions an error is a stale claim: a pass that ran after
#    function-attrs made LLVM's own claim false (SCEV expansion turning a
#    pointer into ptrtoint arithmetic, the loop vectorizer's runtime checks
#    comparing addresses); LLVM's fresh inference on the same code (the
#    fresh version made from it) drops the claim. They are listed, and
#    counted apart. The summary shows the fresh versions
#    (fa, sroa-fa, O2-fa) apart from the as-produced ones (input, O2),
#    and a guess at the cause of each error (through a call result,
#    null test of a phi/select, ptrtoint, another comparison).
# 2. narrowing: each pointer parameter of a definition whose captures is
#    wider than none (LLVM inferred a wider one, or none at all) is
#    narrowed to captures(none), nothing else changed; check-captures must
#    report it: error, warning or missed (per rule). Parameters are
#    packed into batches whose verdicts are those of one narrowing per
#    module (see capkit.py narrow). Done on fa, sroa-fa and O2-fa, and on
#    the input of the binutils modules. For missed cases the summary gives
#    the checker's own reason: its why-not note (check-captures<why-not>:
#    the uses that capture nothing and why). LLVM's own inference is the
#    oracle for which narrowed claims are in fact true: function-attrs on
#    the version with its definitions' claims removed, with capture
#    tracking's use limit raised from 100 to 1000000 (at the default it
#    gives up on pointers with many uses and says "captured"); where it
#    infers captures(none), the case is not a capture to detect (a miss is
#    right, an error a false alarm, which fails the run), and detection is
#    counted among the other cases.
# A crash is any opt run that fails (a pipeline, check-captures<warn;json>
# on a version or on a narrowed module) or check-captures printing
# anything but findings.
# Exit status: 0 when the fresh versions have no error, no error is on a
# claim LLVM proves true, and nothing crashed; 1 otherwise.
# Outputs under $WORK: stats.tsv (per module and version), cases.tsv (per
# narrowed parameter), findings.jsonl (every part-1 finding), crashes.txt.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
KIT="$HERE/capkit.py"
WORK=${WORK:-target/captures-corpus}
case $WORK in /*) ;; *) WORK=$ROOT/$WORK ;; esac
OPT_TIMEOUT=${OPT_TIMEOUT:-600}
KEEP=${KEEP:-0}
MAX_CASES=${MAX_CASES:-}
export WORK OPT_TIMEOUT KIT KEEP MAX_CASES

PIPES=(input fa sroa-fa O2 O2-fa)
# pipeline: "<from> <passes>"; <from> is input or an earlier pipeline;
# "strip" removes the definitions' captures before the passes.
declare -A PASSES=(
    [input]='input -'
    [fa]='input strip function-attrs'
    [sroa-fa]='input function(sroa,early-cse) strip function-attrs'
    [O2]='input default<O2>'
    [O2-fa]='O2 strip function-attrs'
)
NARROW=(fa sroa-fa O2-fa)

# ---------------------------------------------------------------- worker ---
# corpus.sh --worker "<kind> <path> <name>": one module, every pipeline.
# Writes $WORK/res/<name>.stats (name kind pipe key=value...), .cases
# (name kind pipe <capkit classify columns>), .crash (one line per crash),
# .findings (part-1 JSON lines, prefixed with name and pipe), .time.
if [[ "${1:-}" == "--worker" ]]; then
    read -r kind path name <<<"$2"
    w="$WORK/mod/$name"
    res="$WORK/res/$name"
    rm -rf "$w"
    mkdir -p "$w"
    : >"$res.stats"
    : >"$res.cases"
    : >"$res.crash"
    : >"$res.findings"
    t0=$(date +%s.%N)
    crash() { echo "$name $1: $2" >>"$res.crash"; }
    check() { # check IN.ll OUT.json [PARAMS]: check-captures<warn;json[;PARAMS]>, 0 on success
        local rc=0
        opt_plugin -passes="check-captures<warn;json${3:+;$3}>" -disable-output "$1" 2>"$2" || rc=$?
        return $rc
    }
    if [[ $kind == modgen ]]; then
        in="$w/input.ll"
        "$MODGEN" --seed "$path" --functions 12 --accesses 24 >"$in"
    else
        in="$CORPUS/$path"
    fi
    strip() { sed -E '/^define / s/ captures\([^()]*\)//g' "$1" >"$2"; }
    for p in "${PIPES[@]}"; do
        out="$w/$p.ll"
        read -r from steps <<<"${PASSES[$p]}"
        src=$in
        [[ $from == input ]] || src="$w/$from.ll"
        if [[ ! -f $src ]]; then
            continue  # its source pipeline crashed (reported)
        fi
        rc=0
        # Text first (the binutils inputs are bitcode): strip works on text.
        opt_timed -S "$src" -o "$out.0.ll" 2>>"$out.err" || rc=$?
        for step in $steps; do
            case $step in
            -) ;;
            strip) strip "$out.0.ll" "$out.1.ll" && mv "$out.1.ll" "$out.0.ll" ;;
            *) opt_timed -passes="$step" -S "$out.0.ll" -o "$out.1.ll" 2>>"$out.err" || rc=$?
               ((rc)) && break
               mv "$out.1.ll" "$out.0.ll" ;;
            esac
        done
        if ((rc)); then
            crash "$p" "pipeline exit $rc: $(head -c 300 "$out.err" | tr '\n' ' ')"
            rm -f "$out.0.ll" "$out.1.ll"
            continue
        fi
        # Through opt -S once more: the same text form for every version.
        opt_timed -S "$out.0.ll" -o "$out" 2>>"$out.err" || rc=$?
        rm -f "$out.0.ll"
        if ((rc)); then
            crash "$p" "opt -S exit $rc: $(head -c 300 "$out.err" | tr '\n' ' ')"
            rm -f "$out"
            continue
        fi
        rc=0
        check "$out" "$w/$p.json" || rc=$?
        if ((rc)); then
            crash "$p" "check-captures<warn;json> exit $rc: $(grep -v '^{' "$w/$p.json" | head -c 300 | tr '\n' ' ')"
        fi
        stats=$(python3 "$KIT" stats "$out" "$w/$p.json" 2>"$w/$p.stats.err")
        echo "$name $kind $p $stats" >>"$res.stats"
        if grep -q 'other_stderr=[1-9]' <<<"$stats"; then
            crash "$p" "check-captures printed non-findings: $(head -c 300 "$w/$p.stats.err" | tr '\n' ' ')"
        fi
        grep '^{' "$w/$p.json" | sed "s|^|$name $p |" >>"$res.findings" || true
        # Narrowing.
        if ! [[ " ${NARROW[*]} " == *" $p "* || ($p == input && $kind == large) ]]; then
            continue
        fi
        nd="$w/$p.narrow"
        python3 "$KIT" narrow "$out" "$nd" ${MAX_CASES:+--max "$MAX_CASES"} --key "$name/$p" >/dev/null
        for b in "$nd"/b*.ll; do
            [[ -e $b ]] || break
            rc=0
            check "$b" "${b%.ll}.json" why-not || rc=$?
            if ((rc)); then
                crash "$p/narrow/$(basename "$b")" "check-captures<warn;json> exit $rc: $(grep -v '^{' "${b%.ll}.json" | head -c 300 | tr '\n' ' ')"
                rm -f "${b%.ll}.json"
            elif grep -qv '^{' "${b%.ll}.json"; then
                crash "$p/narrow/$(basename "$b")" "check-captures printed non-findings: $(grep -v '^{' "${b%.ll}.json" | head -c 300 | tr '\n' ' ')"
            fi
        done
        # LLVM's own verdict with its capture tracking unbounded: the
        # version's definitions stripped of their claims, then
        # function-attrs exploring any number of uses (the default gives up
        # after 100 and says "captured").
        strip "$out" "$w/$p.oracle.0.ll"
        opt_timed -passes=function-attrs -capture-tracking-max-uses-to-explore=1000000 \
            -S "$w/$p.oracle.0.ll" -o "$w/$p.oracle.ll" 2>>"$out.err" ||
            crash "$p/oracle" "function-attrs exit $?"
        python3 "$KIT" classify "$nd" --oracle "$w/$p.oracle.ll" | sed "s|^|$name\t$kind\t$p\t|" >>"$res.cases"
    done
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", b - a }' >"$res.time"
    ((KEEP)) || rm -rf "$w"
    exit 0
fi

# ------------------------------------------------------------------ main ---
slice=
nmodgen=
manifest=
while (($#)); do
    case $1 in
    --slice) slice=$2; shift 2 ;;
    --modgen) nmodgen=$2; shift 2 ;;
    --max-cases) MAX_CASES=$2; export MAX_CASES; shift 2 ;;
    --manifest) manifest=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "captures/corpus.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
for v in slice nmodgen MAX_CASES; do
    [[ -z "${!v}" || "${!v}" =~ ^[0-9]+$ ]] || { echo "captures/corpus.sh: $v takes a number" >&2; exit 2; }
done
need_tools captures/corpus.sh opt || exit 1
[[ -f "$PLUGIN" ]] || { echo "captures/corpus.sh: $PLUGIN missing (cargo build --release)" >&2; exit 1; }
[[ -x "$MODGEN" ]] || { echo "captures/corpus.sh: $MODGEN missing (cargo build --release --workspace)" >&2; exit 1; }

start=$SECONDS
if [[ -n "$slice" ]]; then
    nmodgen=${nmodgen:-$slice}
    if [[ -z "$manifest" ]]; then
        manifest="$CORPUS/MANIFEST.captures-slice-$slice"
        if ((slice > 0)); then
            need=0
            for s in $(seq 1 "$slice"); do
                [[ -f "$CORPUS/csmith/s$s/x.ll" ]] || need=1
            done
            if ((need)); then
                bash "$ROOT/corpora/real-c.sh" --csmith "$slice" --no-large --manifest "$manifest" >&2
            fi
        fi
        {
            echo "# captures slice: csmith seeds 1..$slice"
            for s in $(seq 1 "$slice"); do
                k=$((s % 2 ? 1 : 0))
                echo "$([[ $k == 1 ]] && echo csmith-new || echo csmith-old) csmith/s$s/x.ll s$s -"
            done
        } >"$manifest"
    fi
else
    nmodgen=${nmodgen:-100}
    if [[ -z "$manifest" ]]; then
        manifest="$CORPUS/MANIFEST"
        [[ -f "$manifest" ]] || bash "$ROOT/corpora/real-c.sh" >&2
    fi
fi
[[ -f "$manifest" ]] || { echo "captures/corpus.sh: no manifest $manifest" >&2; exit 1; }

rm -rf "$WORK/res" "$WORK/mod"
mkdir -p "$WORK/res" "$WORK/mod"
list="$WORK/modules"
{
    awk '!/^#/ && NF >= 3 { print $1, $2, $3 }' "$manifest"
    for s in $(seq 1 "$nmodgen"); do echo "modgen $s modgen-$s"; done
} >"$list"
nmod=$(wc -l <"$list")
echo "captures/corpus.sh: $nmod modules ($(awk '{ k[$1]++ } END { for (x in k) printf "%s%s %d", (n++ ? ", " : ""), x, k[x] }' "$list")), pipelines ${PIPES[*]}, $JOBS jobs"

xrc=0
tr '\n' '\0' <"$list" | xargs -0 -P "$JOBS" -n 1 bash "$SELF" --worker || xrc=$?
if ((xrc)); then
    echo "workers: xargs exit $xrc (a worker failed)" >>"$WORK/res/zz-workers.crash"
fi

cat "$WORK"/res/*.stats >"$WORK/stats.tsv"
cat "$WORK"/res/*.cases >"$WORK/cases.tsv"
cat "$WORK"/res/*.crash >"$WORK/crashes.txt"
cat "$WORK"/res/*.findings >"$WORK/findings.jsonl"
secs=$((SECONDS - start))

python3 - "$WORK" "$secs" "$JOBS" <<'EOF'
import collections, json, sys
work, secs, jobs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
pipes = ['input', 'O2', 'fa', 'sroa-fa', 'O2-fa']
fresh = {'fa', 'sroa-fa', 'O2-fa'}
stats = collections.defaultdict(collections.Counter)
kinds = {}
for ln in open(work + '/stats.tsv'):
    f = ln.split()
    if len(f) < 3:
        continue
    name, kind, pipe = f[:3]
    kinds[name] = kind
    c = stats[pipe]
    c['modules'] += 1
    for kv in f[3:]:
        k, v = kv.rsplit('=', 1)
        c[k] += int(v)
print('\n== 1. no false alarms: check-captures<warn;json> on LLVM\'s captures(...)')
print('%-8s %8s %10s %11s %11s %7s %9s  %s' % ('version', 'modules', 'functions', 'ptr params',
      'w/captures', 'errors', 'warnings', 'warnings by rule / [the captures(...) checked]'))
tot = collections.Counter()
for p in pipes:
    if p == 'fa':
        print('-- fresh: LLVM\'s inference on the very code checked')
    c = stats[p]
    rules = ', '.join('%s %d' % (k[2:], v) for k, v in sorted(c.items()) if k.startswith('W:'))
    caps = ', '.join('%s %d' % (k[4:-1], v) for k, v in sorted(c.items(), key=lambda kv: -kv[1]) if k.startswith('cap['))
    print('%-8s %8d %10d %11d %11d %7d %9d  %s' % (p, c['modules'], c['functions'], c['ptr_params'],
          c['captures_params'], c['errors'], c['warnings'], rules or '-'))
    print('%-8s %8s %10s %11s %11s %7s %9s  [%s]' % ('', '', '', '', '', '', '', caps or '-'))
    tot.update(c)
def sub(keys):
    c = collections.Counter()
    for p in keys:
        c.update(stats[p])
    return c
fr, ap = sub(fresh), sub(['input', 'O2'])
print('fresh (fa, sroa-fa, O2-fa): %d parameters with captures(...), %d errors, %d warnings (%s)' % (
    fr['captures_params'], fr['errors'], fr['warnings'],
    ', '.join('%s %d' % (k[2:], v) for k, v in sorted(fr.items()) if k.startswith('W:')) or '-'))
print('as produced (input, O2):    %d parameters with captures(...), %d errors, %d warnings (%s)' % (
    ap['captures_params'], ap['errors'], ap['warnings'],
    ', '.join('%s %d' % (k[2:], v) for k, v in sorted(ap.items()) if k.startswith('W:')) or '-'))

def cause(x):
    uses = x.get('uses', [])
    last = uses[-1] if uses else ''
    inner = uses[1:-1]
    if any(re.match(r'%\S+ = (tail |musttail |notail )?(call|invoke)\b', u) for u in inner):
        return 'through a call result'
    if 'icmp' in last and last.rstrip().endswith('null') and any(re.match(r'%\S+ = (phi|select)\b', u) for u in inner):
        return 'null test of a phi/select'
    if 'icmp' in last and ('%bound' in last or 'scevgep' in last):
        return 'comparison: a loop versioning runtime check'
    if 'ptrtoint' in last:
        return 'ptrtoint'
    if 'icmp' in last:
        return 'comparison'
    return x.get('rule', '?')
import re
errs = collections.OrderedDict()
for ln in open(work + '/findings.jsonl'):
    name, pipe, js = ln.split(' ', 2)
    x = json.loads(js)
    if x.get('severity') != 'error':
        continue
    key = (name, x.get('function'), x.get('parameter'), x.get('rule'), cause(x))
    errs.setdefault(key, []).append(pipe)
print('errors, per module, function, parameter and rule (%d; the versions they occur in; a guess at the cause;' % len(errs))
print('  only in input/O2: a stale claim, LLVM\'s fresh inference on that code drops it):')
for (name, fn, par, rule, c), ps in list(errs.items())[:40]:
    print('  %s @%s %s [%s] (%s): %s' % (name, fn, par, rule, c, ' '.join(sorted(set(ps), key=pipes.index))))

print('\n== 2. narrowing one captures(...) to captures(none): detected?')
cases = [ln.rstrip('\n').split('\t') for ln in open(work + '/cases.tsv') if ln.strip()]
by = collections.defaultdict(collections.Counter)
rules = collections.defaultdict(collections.Counter)
orig = collections.defaultdict(collections.Counter)
missed = []
for c in cases:
    name, kind, pipe, b, fn, idx, pname, o, verdict, reason, proved, evidence = (c + [''] * 12)[:12]
    v = verdict.split(':')[0]
    for key in (pipe, 'total'):
        by[key][v] += 1
        by[key]['cases'] += 1
        orig[key][(o, v)] += 1
        # LLVM, with capture tracking unbounded, proves the narrowed
        # claim true: not a capture to detect.
        if proved == 'none':
            by[key]['true'] += 1
            by[key]['true-' + v] += 1
    if ':' in verdict:
        for r in verdict.split(':', 1)[1].split(','):
            rules[v][r] += 1
    if v == 'missed':
        missed.append((name, pipe, fn, idx, pname, o, reason, evidence))
print('%-8s %7s %7s %9s %7s %8s   %-28s  %s' % ('pipeline', 'cases', 'errors', 'warnings', 'missed', 'nobatch',
      'LLVM proves true (e/w/m)', 'detected, of the rest'))
for p in pipes + ['total']:
    c = by[p]
    rest = c['cases'] - c['true']
    found = c['error'] + c['warning'] - c['true-error'] - c['true-warning']
    print('%-8s %7d %7d %9d %7d %8d   %6d (%d/%d/%d)%s  %s' % (
        p, c['cases'], c['error'], c['warning'], c['missed'], c['nobatch'], c['true'],
        c['true-error'], c['true-warning'], c['true-missed'], ' ' * 8,
        '%.2f%%' % (100.0 * found / rest) if rest else '-'))
print('  (LLVM proves true: function-attrs with -capture-tracking-max-uses-to-explore=1000000 on the version')
print('   with its definitions\' claims removed infers captures(none) for the parameter; an error there is a')
print('   false alarm, a warning imprecision, a miss correct. "detected" counts errors and warnings among the')
print('   other cases.)')
tot = by['total']
if tot['true-error']:
    print('FALSE ALARMS: %d errors on claims LLVM proves true' % tot['true-error'])
for v in ('error', 'warning'):
    print('%s rules (a case may have several): %s' % (v, ', '.join('%s %d' % kv for kv in rules[v].most_common()) or '-'))
print('by the captures LLVM left (error/warning/missed):')
os_ = sorted({o for (o, v) in orig['total']})
for o in os_:
    t = orig['total']
    print('  %-34s %6d / %6d / %6d' % (o if o != '-' else '(no attribute)', t[(o, 'error')], t[(o, 'warning')], t[(o, 'missed')]))
reasons = collections.Counter(m[6] for m in missed)
print('missed: %d, by the reasons of check-captures<why-not> (the kinds of use it saw capture nothing): %s' % (
    len(missed), ', '.join('%s %d' % kv for kv in reasons.most_common()) or '-'))
print('  (slot: stored into an alloca whose copies are followed; overwritten: stored, then overwritten')
print('   before anything reads it; callee-body: a defined callee captures nothing of it; address-only:')
print('   only accessed through; allowed: only captures the claim allows; unused: no use at all)')
shown = collections.Counter()
for name, pipe, fn, idx, pname, o, reason, ev in missed:
    if shown[reason] >= 3:
        continue
    shown[reason] += 1
    print('  [%s] %s %s @%s arg %s %s (was %s): %s' % (reason, name, pipe, fn, idx, pname, o, ev[:400]))

crashes = [ln.strip() for ln in open(work + '/crashes.txt') if ln.strip()]
print('\n== crashes: %d' % len(crashes))
for ln in crashes[:20]:
    print('  ' + ln[:400])
times = []
import glob
for f in glob.glob(work + '/res/*.time'):
    times.append((float(open(f).read() or 0), f.split('/')[-1][:-5]))
times.sort(reverse=True)
print('\ntime: %d s wall (%s jobs); slowest modules: %s' % (secs, jobs,
      ', '.join('%s %.1f s' % (n, t) for t, n in times[:3])))
ok = fr['errors'] == 0 and not crashes and not tot['true-error']
print('captures/corpus.sh: %s' % ('PASS' if ok else 'FAIL'))
sys.exit(0 if ok else 1)
EOF
