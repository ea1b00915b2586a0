#!/usr/bin/env python3
"""aliaskit sanitize on the bisect corpus's wrong !noalias injections
(with --tbaa: its wrong !tbaa injections, checked by `sanitize --tbaa`).

usage: bisect.py [--tbaa] [--slice] [--only NAME,...] [--jobs N] [--rebisect]

checks/bisect/ injects one wrong alias fact into each of its programs
(injections.json); 19 are wrong !noalias facts: a store and a later load
of one function get a scope of an "injected domain" (load !alias.scope,
store !noalias) although they touch the same bytes, so the O2 build
prints a wrong result, and `aliaskit bisect` names the decision that
answered NoAlias for them (the *culprit*). Here each of those programs is
built as checks/bisect/corpus.py builds it (the same base.ll, the same
injection through inject.py), instrumented by `aliaskit sanitize -O2`
(both points), linked with the runtime and run with
ALIASKIT_SANITIZE_LOG. What must hold:

  (1) at least one report;
  (2) one report gives the culprit's id (what ALIASKIT_BISECT='y -xID'
      turns off) among its decision ids (`id`, `other_id`, `ids`: the
      claim's decisions in every function its code ran in), i.e. the report
      names the very decision bisect names.

Each line shows the culprit, the reports' ids (with the point, start or
end, and the kind of each), which point found the culprit, and whether
the checked build printed the right result (the -O0 build's output; not
a condition: it does not exploit the claims it checks); then
"found the injected decision in N of M". Exits 1 when one is not found
(or a build fails).

The culprit: `aliaskit bisect --json -- checks/bisect/test.sh MUTATED
EXPECTED`, as corpus.py runs it. Taken from target/bisect-corpus/NAME/
bisect.json when that run bisected the same mutated module (byte for
byte) with the plugin as it is now built (the file is newer) and named
only injected decisions, else from this script's own earlier run
(target/sanitize-bisect/NAME/bisect.json, same module, same plugin), else
bisect runs here (seconds; the plugin is copied first, see
env.snapshot_plugin). --rebisect: always run it here.

--tbaa: the 34 wrong !tbaa facts instead (access I of a function gets a
fresh type of its own, so rust-tbaa answers NoAlias for it against every
other type), instrumented by `aliaskit sanitize --tbaa -O2`; the same
conditions, work files in target/sanitize-bisect-tbaa/.

--slice: 3 programs (own C, hand-written .ll, csmith); --only: the
programs named. The csmith programs come from corpora/real-c.sh, run for
the needed seeds only (--csmith 1 --seed S --no-large).
Work files: target/sanitize-bisect/NAME/ (base.ll, expected, mutated.ll,
bisect.json, p.inst.bc, prog, stats, reports.jsonl, stderr) and
target/sanitize-bisect/results.json.
env: LLVM_BIN, ALIASKIT (target/release/aliaskit: the sanitizer and
bisect), PLUGIN (target/release/libaliaskit.so: test.sh, for bisect),
CORPUS, JOBS.
"""

import argparse
import concurrent.futures
import functools
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BISECT = os.path.normpath(os.path.join(HERE, '..', 'bisect'))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools', 'lib'))
sys.path.insert(0, BISECT)
sys.dont_write_bytecode = True
from kit import env  # noqa: E402
from kit import proc  # noqa: E402
from kit.proc import run  # noqa: E402
import corpus  # noqa: E402  (Program: base.ll and expected as the bisect check makes them)
import inject  # noqa: E402
import report as bisect_report  # noqa: E402

WORK = os.path.join(env.TARGET, 'sanitize-bisect')
MANIFEST = os.path.join(BISECT, 'injections.json')
SLICE = ['c-hash', 'll-flang-smooth', 'csmith-s175']
SLICE_TBAA = ['c-accounts', 'll-c-restrict', 'csmith-s104']
# The injections' kind (`--tbaa`: tbaa) and the sanitizer's extra flags.
KIND = 'noalias'
SANITIZE_FLAGS = []
BUILD_TIMEOUT = 300
RUN_TIMEOUT = 60
BISECT_TIMEOUT = 1800


must = functools.partial(proc.must, timeout=BUILD_TIMEOUT)


def csmith_module(name):
    """target/corpus/csmith/sS/x.ll of corpora/real-c.sh, built (or found
    up to date) for this one seed."""
    seed = name[len('csmith-s'):]
    man = os.path.join(WORK, name, 'MANIFEST')
    os.makedirs(os.path.dirname(man), exist_ok=True)
    rc, out, err, _ = run(['bash', os.path.join(env.ROOT, 'corpora', 'real-c.sh'), '--csmith', '1',
                           '--seed', seed, '--no-large', '--manifest', man], BUILD_TIMEOUT,
                          environ=dict(os.environ, LLVM_BIN=env.LLVM_BIN, CORPUS=env.CORPUS, JOBS='1'))
    if rc != 0:
        raise RuntimeError('corpora/real-c.sh --seed %s failed: %s' % (seed, (err or out).decode(errors='replace')[-300:]))
    return os.path.join(env.CORPUS, 'csmith', 's' + seed, 'x.ll')


def program(name):
    """The bisect check's Program for `name`, its work files here."""
    if name.startswith('csmith-'):
        p = corpus.Program(name, 'csmith', csmith_module(name))
    else:
        kind, _, stem = name.partition('-')
        ext = '.c' if kind == 'c' else '.ll'
        # corpus.HERE, as corpus.py names it: clang records the path in the
        # module (source_filename), and decision ids hash it.
        p = corpus.Program(name, 'c' if kind == 'c' else 'll', os.path.join(corpus.HERE, 'programs', stem + ext))
    p.dir = os.path.join(WORK, name)
    p.base, p.expected, p.mutated = (os.path.join(p.dir, f) for f in ('base.ll', 'expected', 'mutated.ll'))
    return p


def digest(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()


def exact_culprits(text, inj):
    """The culprits of a bisect.json text when each involves the injected
    scope (else None)."""
    try:
        culprits = json.loads(text)['culprits']
    except (ValueError, KeyError):
        return None
    mark = inject.marker(inj)
    if culprits and all(mark in c['first']['metadata'] or mark in c['second']['metadata'] for c in culprits):
        return culprits
    return None


def culprits_of(p, inj, rebisect):
    """(the culprits bisect names for the mutated module, where from)."""
    # Ids are the plugin's: a culprit bisected with another build of it
    # may carry ids of another scheme. Theirs must be newer than the
    # plugin (its copy keeps the build's time); ours is stamped with it.
    built = os.stat(env.PLUGIN)
    h = '%s plugin %d %d' % (digest(p.mutated), built.st_mtime_ns, built.st_size)
    theirs = os.path.join(env.TARGET, 'bisect-corpus', p.name)
    if not rebisect and os.path.exists(os.path.join(theirs, 'mutated.ll')) \
            and digest(os.path.join(theirs, 'mutated.ll')) == digest(p.mutated) \
            and os.path.exists(os.path.join(theirs, 'bisect.json')) \
            and os.stat(os.path.join(theirs, 'bisect.json')).st_mtime_ns >= built.st_mtime_ns:
        c = exact_culprits(open(os.path.join(theirs, 'bisect.json')).read(), inj)
        if c:
            return c, 'checks/bisect/corpus.py'
    mine, stamp = os.path.join(p.dir, 'bisect.json'), os.path.join(p.dir, 'bisect.key')
    if not rebisect and os.path.exists(mine) and os.path.exists(stamp) and open(stamp).read() == h:
        c = exact_culprits(open(mine).read(), inj)
        if c:
            return c, 'cache'
    # As corpus.bisect() runs it.
    cmd = [env.ALIASKIT, 'bisect', '--json', '--timeout',
           str(2 * corpus.BUILD_TIMEOUT + corpus.BISECT_RUN_TIMEOUT + 30), '--',
           'bash', corpus.TEST, p.mutated, p.expected]
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                           env=corpus.test_env(corpus.BISECT_RUN_TIMEOUT), timeout=BISECT_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise RuntimeError('aliaskit bisect ran longer than %d s' % BISECT_TIMEOUT)
    out = r.stdout.decode(errors='replace')
    with open(mine, 'w') as f:
        f.write(out)
    with open(stamp, 'w') as f:
        f.write(h)
    c = exact_culprits(out, inj)
    if r.returncode != 0 or not c:
        raise RuntimeError('aliaskit bisect did not name the injected decision (exit %d): %s' % (
            r.returncode, (r.stderr.decode(errors='replace').strip().splitlines() or [''])[-1][:300]))
    return c, 'bisect'


def check(name, inj, flags, rebisect):
    """Everything for one program: a result dict."""
    res = {'name': name, 'injection': inj}
    try:
        p = program(name)
        why = p.prepare()
        if why:
            raise RuntimeError('program not usable: ' + why)
        with open(p.base) as f:
            text = f.read()
        with open(p.mutated, 'w') as f:
            f.write(inject.apply(text, inj))
        culprits, source = culprits_of(p, inj, rebisect)
        res['culprits'] = [{'id': c['id'], 'function': c['function'],
                            'first': c['first']['instruction'], 'second': c['second']['instruction']}
                           for c in culprits]
        res['culprits_from'] = source
        inst, exe = os.path.join(p.dir, 'p.inst.bc'), os.path.join(p.dir, 'prog')
        _, stats = must([env.ALIASKIT, 'sanitize', '--stats'] + SANITIZE_FLAGS + [p.mutated, '-o', inst, '-O2'],
                        'aliaskit sanitize')
        with open(os.path.join(p.dir, 'stats'), 'wb') as f:
            f.write(stats)
        must([env.tool('clang'), '-w', inst, '-o', exe] + flags, 'link', cwd=p.dir)
        log = os.path.join(p.dir, 'reports.jsonl')
        if os.path.exists(log):
            os.remove(log)
        rc, out, err, timed_out = run([exe], RUN_TIMEOUT, stdin=subprocess.DEVNULL, cwd=p.dir,
                                      environ=dict(os.environ, ALIASKIT_SANITIZE_LOG=log))
        with open(os.path.join(p.dir, 'stderr'), 'wb') as f:
            f.write(err)
        reports = []
        if os.path.exists(log):
            reports = [json.loads(line) for line in open(log) if line.strip()]
        res['exit'] = 'timeout' if timed_out else rc
        # Not a condition, for the reader: the checked build does not use
        # the claims it checks, so it should print the right result.
        with open(p.expected) as f:
            right = f.read().rsplit('[exit ', 1)[0]
        res['output_right'] = out.decode(errors='replace') == right
        res['reports'] = [{k: r.get(k) for k in ('id', 'other_id', 'ids', 'point', 'kind', 'function', 'code_of')}
                          for r in reports]
        want = {c['id'] for c in culprits}

        def named(r):
            """Every decision id a report gives (ids: in each function its
            code ran in, both ways)."""
            return {r.get('id'), r.get('other_id')} | {d['id'] for d in r.get('ids') or []}
        res['found'] = sorted({(r['point'], r['kind']) for r in reports if named(r) & want})
        problems = []
        if timed_out:
            problems.append('ran out of time')
        if not reports:
            problems.append('no report')
        elif not res['found']:
            problems.append('no report has the culprit id')
        if reports and rc != 66 and not timed_out:
            problems.append('exit status %s, not 66' % rc)
        res['problems'] = problems
    except (RuntimeError, ValueError, OSError) as e:
        res['problems'] = [str(e)]
    return res


def line(r):
    culprit = ','.join('%s @%s' % (c['id'], c['function']) for c in r.get('culprits', [])) or '-'
    seen = {}
    for x in r.get('reports', []):
        seen.setdefault((x['id'], x['function']), []).append('%s %s' % (x['point'], x['kind']))
    ids = '; '.join('%s @%s (%s)' % (i, f, ', '.join(w)) for (i, f), w in seen.items()) or 'none'
    found = ', '.join('%s %s' % pk for pk in r.get('found', []))
    verdict = ('found by ' + found) if not r['problems'] else 'MISSED: ' + '; '.join(r['problems'])
    output = {True: ' (output right)', False: ' (output WRONG)'}.get(r.get('output_right'), '')
    return '%-16s culprit %s  reports: %s  %s%s' % (r['name'], culprit, ids, verdict, output)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--slice', action='store_true')
    ap.add_argument('--only')
    ap.add_argument('--jobs', type=int, default=env.JOBS)
    ap.add_argument('--rebisect', action='store_true', help='run aliaskit bisect even when a result is known')
    ap.add_argument('--tbaa', action='store_true', help='the wrong !tbaa injections, with sanitize --tbaa')
    a = ap.parse_args()
    global WORK, KIND, SANITIZE_FLAGS, SLICE
    if a.tbaa:
        WORK, KIND, SANITIZE_FLAGS, SLICE = WORK + '-tbaa', 'tbaa', ['--tbaa'], SLICE_TBAA
    for tool in (env.tool('clang'), env.ALIASKIT):
        if not os.path.exists(tool):
            sys.exit('bisect.py: %s missing (cargo build --release --workspace; LLVM 22)' % tool)
    manifest = json.load(open(MANIFEST))
    names = sorted((n for n, inj in manifest.items() if inj['kind'] == KIND), key=bisect_report.name_order)
    total = len(names)
    if a.slice:
        names = [n for n in names if n in SLICE]
    if a.only:
        want = set(a.only.split(','))
        unknown = want - set(names)
        if unknown:
            sys.exit('bisect.py: not a %s injection of %s: %s' % (KIND, MANIFEST, ', '.join(sorted(unknown))))
        names = [n for n in names if n in want]
    os.makedirs(WORK, exist_ok=True)
    # bisect's builds (test.sh) load PLUGIN: a copy, so that a rebuild
    # during the run changes nothing.
    if os.path.exists(env.PLUGIN):
        env.snapshot_plugin(os.path.join(WORK, 'plugin'))
    flags = proc.sanitize_ldflags('bisect.py')
    results = []
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for r in pool.map(lambda n: check(n, manifest[n], flags, a.rebisect), names):
            results.append(r)
            print(line(r), flush=True)
    with open(os.path.join(WORK, 'results.json'), 'w') as f:
        json.dump(results, f, indent=1)
    found = sum(1 for r in results if not r['problems'])
    print('sanitize on the bisect corpus: found the injected decision in %d of %d%s' % (
        found, len(results), '' if len(results) == total else ' (of the %d %s injections)' % (total, KIND)))
    sys.exit(1 if found < len(results) else 0)


if __name__ == '__main__':
    main()
