#!/usr/bin/env bash
# verify-alias-md on the real-C corpus (clang-22's own TBAA): no errors.
#
# usage: checks/verify/clean.sh [--manifest FILE]
#   Every module of target/corpus/MANIFEST (csmith programs, old and new
#   struct-path TBAA, and the large binutils modules); when the manifest is
#   missing, the corpus is built first with `corpora/real-c.sh --csmith 200`.
# env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
#      target/release/libaliaskit.so), JOBS (default nproc), CORPUS (default
#      target/corpus), OPT_TIMEOUT (seconds per opt run, default 600)
#
# For each module: LLVM's verdict (opt -verify-noalias-scope-decl-dom
# -passes=verify, with the check verify-alias-md always makes; it must accept it)
# and ours (opt -disable-verify -passes='verify-alias-md<warn;json>'), which
# must report 0 errors, and no crash. Warnings are counted by rule. Results:
# target/verify-corpus/clean/<name>.{json,llvm} and clean/SUMMARY.
# Exit status 0 iff every module passed.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/lib/env.sh"
cd "$ROOT"
OUT=$ROOT/target/verify-corpus/clean
manifest=$CORPUS/MANIFEST
if [[ "${1:-}" == "--manifest" ]]; then manifest=$2; fi
export OUT

# checks/verify/clean.sh --worker "<manifest line>"
if [[ "${1:-}" == "--worker" ]]; then
    read -r kind path name _ <<<"$2"
    in="$CORPUS/$path"
    t0=$(date +%s.%N)
    rc=0
    opt_timed -verify-noalias-scope-decl-dom -passes=verify -disable-output "$in" 2>"$OUT/$name.llvm" || rc=$?
    echo "$rc" >"$OUT/$name.llvm.rc"
    rc=0
    opt_plugin -disable-verify -passes='verify-alias-md<warn;json>' -disable-output "$in" 2>"$OUT/$name.json" || rc=$?
    echo "$rc $kind $(awk -v a="$t0" -v b="$(date +%s.%N)" "BEGIN{print b-a}")" >"$OUT/$name.rc"
    exit 0
fi

if [[ ! -f "$manifest" ]]; then
    echo "no $manifest: building the corpus (corpora/real-c.sh --csmith 200)"
    JOBS=$JOBS corpora/real-c.sh --csmith 200
fi
[[ -f "$PLUGIN" ]] || { echo "missing $PLUGIN (cargo build --release)"; exit 2; }
rm -rf "$OUT"
mkdir -p "$OUT"
# A private copy of the plugin: a rebuild during the run changes nothing.
cp "$PLUGIN" "$OUT/libaliaskit.so"
PLUGIN=$OUT/libaliaskit.so
t0=$(date +%s)
grep -v '^#' "$manifest" | xargs -P "$JOBS" -I{} -d '\n' "$SELF" --worker {}
echo "wall: $(($(date +%s) - t0)) s, $JOBS jobs" >"$OUT/WALL"

python3 - "$manifest" <<'EOF'
import collections, json, os, sys
out = os.environ['OUT']
errors, warnings, per_kind = collections.Counter(), collections.Counter(), collections.Counter()
bad, modules, secs = [], 0, 0.0
wkind = collections.defaultdict(collections.Counter)
for line in open(sys.argv[1]):
    if line.startswith('#') or not line.strip():
        continue
    kind, path, name = line.split()[:3]
    modules += 1
    per_kind[kind] += 1
    rc, _, t = open(os.path.join(out, name + '.rc')).read().split()
    secs += float(t)
    llvm_rc = open(os.path.join(out, name + '.llvm.rc')).read().strip()
    stderr = open(os.path.join(out, name + '.json'), errors='replace').read()
    found = [json.loads(l) for l in stderr.splitlines() if l.startswith('{"tool":"verify-alias-md"')]
    other = [l for l in stderr.splitlines() if l.strip() and not l.startswith('{"tool"')]
    e = [f for f in found if f['severity'] == 'error']
    for f in found:
        (errors if f['severity'] == 'error' else warnings)[f['rule']] += 1
        if f['severity'] != 'error':
            wkind[kind][f['rule']] += 1
    problems = []
    if rc != '0':
        problems.append('our exit %s' % rc)
    if 'LLVM ERROR' in stderr:
        problems.append('LLVM ERROR')
    if e:
        problems.append('%d errors (%s)' % (len(e), ', '.join(sorted({f['rule'] for f in e}))))
    if llvm_rc != '0':
        problems.append('LLVM verifier rejects it (rc %s)' % llvm_rc)
    if other:
        problems.append('other output: %s' % other[0][:100])
    if problems:
        bad.append((name, problems))
lines = ['verify-alias-md on the real-C corpus (%s)' % sys.argv[1],
         '  modules: %d (%s)' % (modules, ', '.join('%s %d' % kv for kv in sorted(per_kind.items()))),
         '  errors: %d%s' % (sum(errors.values()), ''.join('\n    %6d  %s' % (n, r) for r, n in errors.most_common())),
         '  warnings: %d' % sum(warnings.values())]
for r, n in warnings.most_common():
    lines.append('    %6d  %-28s (%s)' % (n, r, ', '.join('%s %d' % (k, wkind[k][r]) for k in sorted(wkind) if wkind[k][r])))
lines.append('  modules failing: %d' % len(bad))
for name, p in bad[:20]:
    lines.append('    %s: %s' % (name, '; '.join(p)))
lines.append('  cpu-ish time (sum of per-module wall): %.1f s; %s' % (secs, open(os.path.join(out, 'WALL')).read().strip()))
text = '\n'.join(lines)
print(text)
open(os.path.join(out, 'SUMMARY'), 'w').write(text + '\n')
sys.exit(1 if bad else 0)
EOF
