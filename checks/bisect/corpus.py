#!/usr/bin/env python3
"""Inject-and-find: does `aliaskit bisect` name an injected alias bug?

usage: corpus.py [--slice] [--csmith N] [--only NAME,...] [--budget B]
                 [--search] [--no-write] [--jobs J]

Programs (each built to a module `base.ll` and a reference output):
  c-<name>       checks/bisect/programs/<name>.c: clang -O1 -Xclang
                 -disable-llvm-passes (-Xclang -new-struct-path-tbaa when
                 the file says "tbaa: new"); reference: the -O0 build's output
  ll-<name>      checks/bisect/programs/<name>.ll, front-end style modules
                 with scope metadata; reference: clang -O0 of the module
  csmith-s<S>    target/corpus/csmith/s<S>/x.ll of corpora/real-c.sh (run
                 here with --csmith N --no-large); reference x.O0.out.
                 Programs whose x.status is not ok are skipped.
For each program, one wrong alias fact is injected (inject.py: a load or
store gets a tag of a fresh type, or a store/load pair a wrong !noalias),
chosen so that the O2 build with aliaskit's analyses (test.sh) prints a
wrong result, the build with ALIASKIT_BISECT=n the right one, and the
build that keeps only the decisions involving the injected node (ids from
ALIASKIT_BISECT_LOG) a wrong one again: the injected fact breaks the
program by itself, not only together with a legitimate answer. Tried
first: the injection cached under target/bisect-corpus/<name>/ and the one
recorded in checks/bisect/injections.json; then a search over the
candidates in inject.py's order for the program, by group testing (all
candidates of a kind that touch distinct instructions at once, then
halves, then eighths), at most B builds (default 40) per kind, after a
probe (all tbaa candidates at once) that gives up on a program it does not
break; a search that found nothing is cached too. A hang counts as
breaking a group, not as the effect of the one injection. Then
`aliaskit bisect --json -- test.sh MUTATED.ll EXPECTED` must name only
decisions that involve the injected node: every culprit's first or second
metadata mentions "injected type" / "injected scope".

--slice: the programs of SLICE below (2 own C, 1 .ll, 2 csmith), for `make
test`; otherwise every program, with csmith seeds 1..N (default 500).
Without --slice, --only or --no-write, checks/bisect/injections.json and
checks/bisect/RESULTS.md are rewritten. --search ignores the cache and the
manifest.
Outputs: the summary on stdout; target/bisect-corpus/results.json (every
program), target/bisect-corpus/<name>/ (base.ll, expected, mutated.ll,
bisect.json, bisect.err, injection.json).
Exit status: 0 when every program with an injection was found exactly
(with --slice or --only also: every program has an injection); 1 otherwise.
env: LLVM_BIN (default /usr/lib/llvm-22/bin), PLUGIN (default
target/release/libaliaskit.so), ALIASKIT (default target/release/aliaskit),
JOBS (default nproc), CORPUS (default target/corpus).
"""

import argparse
import concurrent.futures as cf
import hashlib
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools', 'lib'))
sys.dont_write_bytecode = True
import inject  # noqa: E402
import report  # noqa: E402
from kit import env, proc  # noqa: E402

WORK = os.path.join(env.TARGET, 'bisect-corpus')
MANIFEST = os.path.join(HERE, 'injections.json')
RESULTS = os.path.join(HERE, 'RESULTS.md')
TEST = os.path.join(HERE, 'test.sh')
SLICE = ['c-accounts', 'c-hash', 'll-rust-slices', 'csmith-s2', 'csmith-s7']
LLVM_VERSION = ''  # opt --version, set in main
SLICE_CSMITH = 7          # seeds 1..7 give the slice's csmith programs
BUILD_TIMEOUT = 120       # seconds, opt and clang each
SEARCH_RUN_TIMEOUT = 5    # at most, seconds a program may run during the search
BISECT_RUN_TIMEOUT = 10   # ... and under aliaskit bisect
SLOW = 30                 # a baseline build and run slower than this: skipped
BISECT_TIMEOUT = 1800     # seconds for one aliaskit bisect
# Runs of one bisection at once (aliaskit bisect -j): the corpus already
# runs --jobs programs at once, and with one run at a time a bisection's
# runs compare one for one with earlier corpus results.
BISECT_JOBS = 1


def run(cmd, timeout, environ=None, cwd=None):
    """(exit status, stdout+stderr); 124 on timeout."""
    rc, out, _, timed_out = proc.run(cmd, timeout, stdin=subprocess.DEVNULL, environ=environ, cwd=cwd, merge=True)
    if timed_out:
        return 124, 'timeout after %d s' % timeout
    return rc, out.decode(errors='replace')


def test_env(run_timeout, selection=None):
    e = dict(os.environ, LLVM_BIN=env.LLVM_BIN, PLUGIN=env.PLUGIN,
             BUILD_TIMEOUT=str(BUILD_TIMEOUT), RUN_TIMEOUT=str(run_timeout))
    for k in ('ALIASKIT_BISECT', 'ALIASKIT_BISECT_LOG'):
        e.pop(k, None)
    if selection is not None:
        e['ALIASKIT_BISECT'] = selection
    return e


class Program:
    def __init__(self, name, source, path):
        self.name, self.source, self.path = name, source, path
        self.dir = os.path.join(WORK, name)
        self.base = os.path.join(self.dir, 'base.ll')
        self.expected = os.path.join(self.dir, 'expected')
        self.mutated = os.path.join(self.dir, 'mutated.ll')

    def prepare(self):
        """Builds base.ll and expected; None, or why the program is skipped."""
        os.makedirs(self.dir, exist_ok=True)
        clang = env.tool('clang')
        if self.source == 'csmith':
            d = os.path.dirname(self.path)
            with open(os.path.join(d, 'x.status')) as f:
                status = f.read().strip()
            if status != 'ok':
                return 'skip-' + status.replace('skip-', '')
            with open(self.path) as f, open(self.base, 'w') as g:
                g.write(f.read())
            with open(os.path.join(d, 'x.O0.out')) as f:
                out = f.read()
            with open(self.expected, 'w') as g:
                g.write(out + '[exit 0]\n')
            return None
        ref = os.path.join(self.dir, 'ref')
        if self.source == 'c':
            with open(self.path) as f:
                new = 'tbaa: new' in f.read()
            flags = ['-Xclang', '-new-struct-path-tbaa'] if new else []
            rc, out = run([clang, '-O1', '-Xclang', '-disable-llvm-passes'] + flags +
                          ['-S', '-emit-llvm', '-w', self.path, '-o', self.base], BUILD_TIMEOUT)
            if rc:
                return 'build-failed: ' + out.strip().splitlines()[-1:][0]
        else:
            with open(self.path) as f, open(self.base, 'w') as g:
                g.write(f.read())
        rc, out = run([clang, '-O0', '-w', self.path, '-o', ref], BUILD_TIMEOUT)
        if rc:
            return 'build-failed: ' + out.strip()
        rc, out = run([ref], BISECT_RUN_TIMEOUT, cwd=self.dir)
        if rc == 124:
            return 'skip-timeout'
        with open(self.expected, 'w') as g:
            g.write(out + '[exit %d]\n' % rc)
        return None

    def test(self, module, run_timeout, selection=None, log=None):
        """test.sh's exit status: 0 right, 1 wrong, 3 build failed, 4 hang."""
        e = test_env(run_timeout, selection)
        if log:
            e['ALIASKIT_BISECT_LOG'] = log
        rc, _ = run(['bash', TEST, module, self.expected], 2 * BUILD_TIMEOUT + run_timeout + 30, environ=e)
        return rc

    def injected_alone(self, module, mark, run_timeout):
        """Whether keeping only the decisions whose metadata mention `mark`
        (the injected node) makes `module` print a wrong result."""
        log = module + '.log'
        if os.path.exists(log):
            os.remove(log)
        if self.test(module, run_timeout, log=log) != 1:
            return False
        ids = set()
        with open(log) as f:
            for line in f:
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                if 'event' in r:  # what the plugin saw, not a decision
                    continue
                if mark in r['first']['metadata'] or mark in r['second']['metadata']:
                    ids.add(r['id'])
        os.remove(log)
        sel = ' '.join('x' + i for i in sorted(ids))
        return bool(ids) and self.test(module, run_timeout, sel) == 1


def programs(args):
    own = sorted(os.listdir(os.path.join(HERE, 'programs')))
    ps = [Program(('c-' if f.endswith('.c') else 'll-') + f.rsplit('.', 1)[0],
                  'c' if f.endswith('.c') else 'll', os.path.join(HERE, 'programs', f))
          for f in own if f.endswith(('.c', '.ll'))]
    n = SLICE_CSMITH if args.slice else args.csmith
    if n:
        man = os.path.join(WORK, 'MANIFEST.csmith-%d' % n)
        os.makedirs(WORK, exist_ok=True)
        rc, out = run(['bash', os.path.join(env.ROOT, 'corpora', 'real-c.sh'), '--csmith', str(n),
                       '--no-large', '--manifest', man], None,
                      environ=dict(os.environ, LLVM_BIN=env.LLVM_BIN, CORPUS=env.CORPUS))
        if rc:
            sys.exit('corpus.py: corpora/real-c.sh failed:\n' + out)
        with open(man) as f:
            for line in f:
                w = line.split()
                if len(w) == 4 and w[0].startswith('csmith'):
                    ps.append(Program('csmith-' + w[2], 'csmith', os.path.join(env.CORPUS, w[1])))
    if args.slice:
        ps = [p for p in ps if p.name in SLICE]
    if args.only:
        want = set(args.only.split(','))
        ps = [p for p in ps if p.name in want]
    return ps


class Search:
    """Finds one injection that breaks a program, counting builds."""

    def __init__(self, p, text, budget):
        self.p, self.text, self.budget, self.builds = p, text, budget, 0
        self.scratch = os.path.join(p.dir, 'search.ll')
        self.memo = {}

    def rc(self, injs, selection=None):
        """test.sh's exit status for the program with `injs` (remembered)."""
        key = (json.dumps(injs, sort_keys=True), selection)
        if key not in self.memo:
            self.builds += 1
            with open(self.scratch, 'w') as f:
                f.write(inject.apply(self.text, injs))
            self.memo[key] = self.p.test(self.scratch, self.p.run_timeout, selection)
        return self.memo[key]

    def bad(self, injs):
        """A wrong result, or a hang: some injection of `injs` matters."""
        return self.rc(injs) in (1, 4)

    def good(self, inj):
        """A wrong result (not a hang) with every decision kept, the right
        one with none, and a wrong one with only the decisions that
        involve the injected node kept."""
        if self.rc([inj]) != 1 or self.rc([inj], 'n') != 0:
            return False
        self.builds += 2
        alone = os.path.join(self.p.dir, 'alone.ll')
        with open(alone, 'w') as f:
            f.write(inject.apply(self.text, [inj]))
        return self.p.injected_alone(alone, inject.marker(inj), self.p.run_timeout)

    def isolate(self, group, limit):
        """One injection of `group` (which is bad) that is bad alone."""
        while len(group) > 1 and self.builds < limit:
            half = len(group) // 2
            parts = [group[:half], group[half:]]
            if len(group) > 8:
                # Neither half alone: try eighths before giving up.
                k = -(-len(group) // 8)
                parts += [group[i:i + k] for i in range(0, len(group), k)]
            for part in parts:
                if self.builds >= limit:
                    return None
                if self.bad(part):
                    group = part
                    break
            else:
                return None
        return group[0] if len(group) == 1 else None

    def groups(self, kind):
        """The candidates of a kind packed first-fit into groups whose
        injections touch distinct instructions (one group for tbaa)."""
        groups = []
        for inj in inject.candidates(self.text, self.p.name, kind):
            t = {(inj['function'], i) for i in inject.touched(inj)}
            for g in groups:
                if not t & g[0]:
                    g[0].update(t)
                    g[1].append(inj)
                    break
            else:
                groups.append((t, [inj]))
        return [g[1] for g in groups]

    def kind(self, groups):
        """An injection from these groups (one kind), or None, within the
        budget."""
        limit = self.builds + self.budget
        for group in groups:
            # A found injection that is not good (it needs a legitimate
            # decision to break the program, say) leaves the group.
            while group and self.builds < limit and self.bad(group):
                one = self.isolate(group, limit)
                if one is None:
                    break
                if self.good(one):
                    return one
                group = [g for g in group if g is not one]
        return None


def key_of(p, budget):
    """What a cached search result depends on: the module, LLVM, the budget."""
    h = hashlib.sha256()
    with open(p.base, 'rb') as f:
        h.update(f.read())
    h.update(LLVM_VERSION.encode())
    return '%s budget=%d' % (h.hexdigest()[:16], budget)


def find_injection(p, text, known, budget):
    """(injection or None, how, builds): from the cache, the manifest
    (`known`; None: use neither) or a search. The cache also remembers a
    search that found nothing."""
    s = Search(p, text, budget)
    cache = os.path.join(p.dir, 'injection.json')
    key = key_of(p, budget)
    tried = []
    if known is not None and os.path.exists(cache):
        with open(cache) as f:
            c = json.load(f)
        if c.get('key') == key:
            if c['injection'] is None and not known:
                return None, 'cache ' + c.get('how', 'search'), 0
            if c['injection'] is not None:
                tried.append(('cache', c['injection']))
    if known:
        tried.append(('manifest', known))
    tried = [t for i, t in enumerate(tried) if t[1] not in [u[1] for u in tried[:i]]]
    for how, inj in tried:
        if inject.check(inject.Module(text), inj) is None and s.good(inj):
            with open(cache, 'w') as f:
                json.dump({'key': key, 'injection': inj, 'how': how}, f)
            return inj, how, s.builds
    # Kinds in an order set by the name, so both get their share. First a
    # probe, when the module has tbaa candidates: all of them at once. When
    # that does not break the program (wrong result or hang), the search
    # stops there: in this corpus every program with a tbaa candidate and
    # an injection of either kind breaks with all tbaa candidates at once.
    kinds = ['tbaa', 'noalias']
    if inject.rng_for(p.name).random() < 0.5:
        kinds.reverse()
    groups = {k: s.groups(k) for k in kinds}
    found, how = None, 'probe'
    if not groups['tbaa'] or s.bad(groups['tbaa'][0]):
        how = 'search'
        for kind in kinds:
            found = s.kind(groups[kind])
            if found is not None:
                break
    with open(cache, 'w') as f:
        json.dump({'key': key, 'injection': found, 'how': how}, f)
    return found, how, s.builds


def culprits_of(rep, inj):
    """The culprits of `aliaskit bisect --json`'s object `rep`, each with
    whether its first or second metadata mentions the node that `inj`
    injected ("involves")."""
    mark = inject.marker(inj)
    out = []
    for c in rep['culprits']:
        mds = (c['first']['metadata'], c['second']['metadata'])
        out.append({'id': c['id'], 'analysis': c['analysis'], 'function': c['function'],
                    'first': mds[0], 'second': mds[1],
                    'involves': any(mark in m for m in mds)})
    return out


def exact(culprits):
    """Whether a bisection named exactly the injected decision: culprits
    (culprits_of), every one involving the injected node."""
    return bool(culprits) and all(c['involves'] for c in culprits)


def bisect(p, inj):
    """Runs aliaskit bisect on the mutated program; the result fields."""
    with open(p.mutated, 'w') as f:
        f.write(inject.apply(open(p.base).read(), inj))
    t0 = time.time()
    try:
        r = subprocess.run([env.ALIASKIT, 'bisect', '--json', '-j', str(BISECT_JOBS), '--timeout',
                            str(2 * BUILD_TIMEOUT + BISECT_RUN_TIMEOUT + 30), '--',
                            'bash', TEST, p.mutated, p.expected],
                           stdin=subprocess.DEVNULL, capture_output=True, env=test_env(BISECT_RUN_TIMEOUT),
                           timeout=BISECT_TIMEOUT)
        rc, out, err = r.returncode, r.stdout.decode(errors='replace'), r.stderr.decode(errors='replace')
    except subprocess.TimeoutExpired:
        rc, out, err = 124, '', 'aliaskit bisect ran longer than %d s' % BISECT_TIMEOUT
    wall = time.time() - t0
    with open(os.path.join(p.dir, 'bisect.json'), 'w') as f:
        f.write(out)
    with open(os.path.join(p.dir, 'bisect.err'), 'w') as f:
        f.write(err)
    res = {'wall': round(wall, 2), 'exit': rc}
    if rc != 0:
        res['status'] = 'bisect-failed'
        res['message'] = (err.strip().splitlines() or ['exit %d' % rc])[0][:300]
        return res
    try:
        rep = json.loads(out)
    except ValueError as e:
        res['status'] = 'bisect-failed'
        res['message'] = 'output is not JSON: %s' % e
        return res
    mark = inject.marker(inj)
    culprits = culprits_of(rep, inj)
    res.update(runs=rep['runs'], decisions=rep['decisions'], seconds=round(rep['seconds'], 2),
               culprits=culprits)
    if exact(culprits):
        res['status'] = 'exact'
        return res
    res['status'] = 'wrong-culprits'
    bad = [c for c in culprits if not c['involves']]
    good = [c['id'] for c in culprits if c['involves']]
    # Do the culprits that involve the injected node fail without the others?
    alone = bool(good) and p.test(p.mutated, BISECT_RUN_TIMEOUT,
                                  ' '.join('x' + i for i in good)) == 1
    res['message'] = '%d of %d culprits do not involve the %s (%s): %s' % (
        len(bad), len(culprits), mark,
        'the others fail without them' if alone else 'the others do not fail without them',
        '; '.join('%s in @%s: %s / %s' % (c['analysis'], c['function'], c['first'], c['second'])
                  for c in bad)[:600])
    return res


def one(p, known, args):
    """Everything for one program: a result dict."""
    t0 = time.time()
    res = {'name': p.name, 'source': p.source}
    why = p.prepare()
    if why:
        res['status'] = why
        return res
    with open(p.base) as f:
        text = f.read()
    t = time.time()
    rc = p.test(p.base, BISECT_RUN_TIMEOUT)
    if rc != 0:
        res['status'] = 'baseline-fails'
        res['message'] = 'the unmutated module fails test.sh (exit %d)' % rc
        return res
    t = time.time() - t
    if t > SLOW:
        res['status'] = 'skip-slow'
        return res
    # The search's run timeout: twice the baseline build and run, 1 to 5 s.
    p.run_timeout = max(1, min(SEARCH_RUN_TIMEOUT, round(2 * t + 0.5)))
    inj, how, builds = find_injection(p, text, None if args.search else known or {}, args.budget)
    res.update(found_by=how, search_builds=builds)
    if inj is None:
        res['status'] = 'no-injection'
        res['message'] = ('no injection breaks the program within %d builds a kind' % args.budget
                          if how.endswith('search') else
                          'every tbaa candidate at once does not break it (the probe)')
    else:
        res['injection'] = inj
        res.update(bisect(p, inj))
    res['total'] = round(time.time() - t0, 2)
    return res


def main():
    global BISECT_JOBS
    ap = argparse.ArgumentParser(description='aliaskit bisect against injected alias bugs')
    ap.add_argument('--slice', action='store_true')
    ap.add_argument('--csmith', type=int, default=500)
    ap.add_argument('--only')
    ap.add_argument('--budget', type=int, default=40)
    ap.add_argument('--search', action='store_true')
    ap.add_argument('--no-write', action='store_true')
    ap.add_argument('--jobs', type=int, default=env.JOBS)
    ap.add_argument('--bisect-jobs', type=int, default=BISECT_JOBS,
                    help='runs of one bisection at once (aliaskit bisect -j; default 1)')
    args = ap.parse_args()
    BISECT_JOBS = args.bisect_jobs
    for tool in (env.OPT, env.tool('clang'), env.PLUGIN, env.ALIASKIT):
        if not os.path.exists(tool):
            sys.exit('corpus.py: %s missing (cargo build --release --workspace; LLVM 22)' % tool)
    global LLVM_VERSION
    LLVM_VERSION = run([env.OPT, '--version'], 30)[1]
    t0 = time.time()
    ps = programs(args)
    manifest = {}
    if os.path.exists(MANIFEST):
        with open(MANIFEST) as f:
            manifest = json.load(f)
    results = []
    print('bisect corpus: %d programs, %d jobs' % (len(ps), args.jobs), flush=True)
    with cf.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futs = {pool.submit(one, p, manifest.get(p.name), args): p for p in ps}
        for fut in cf.as_completed(futs):
            r = fut.result()
            results.append(r)
            print('  ' + report.line(r), flush=True)
    results.sort(key=report.order)
    wall = time.time() - t0
    with open(os.path.join(WORK, 'results.json'), 'w') as f:
        json.dump({'results': results, 'wall': wall}, f, indent=1)
    text = report.summary(results, wall, llvm=LLVM_VERSION,
                          command=' '.join(['checks/bisect/corpus.sh'] + report.shown_args(sys.argv[1:])))
    print(text)
    full = not (args.slice or args.only or args.no_write)
    if full:
        for r in results:
            if 'injection' in r:
                manifest[r['name']] = r['injection']
        with open(MANIFEST, 'w') as f:
            f.write('{\n' + ',\n'.join('  %s: %s' % (json.dumps(k), json.dumps(manifest[k]))
                                      for k in sorted(manifest, key=report.name_order)) + '\n}\n')
        with open(RESULTS, 'w') as f:
            f.write(text)
    # A slice or a chosen program must have its injection; the whole
    # corpus has programs without one.
    bad = [r for r in results if report.failed(r)
           or ((args.slice or args.only) and r['status'] == 'no-injection')]
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
