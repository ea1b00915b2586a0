#!/usr/bin/env python3
"""aliaskit bisect on a project of many files: libiberty, built by make.

usage: many.py [--mode both|stamps|full] [--module M] [--search]
               [--no-write] [--jobs J]

The project (checks/bisect/many/: Makefile, build-and-test.sh) builds
binutils' libiberty and its testsuite's programs one object a file: X.c ->
X.ll by clang once, X.ll -> X.o by opt with aliaskit's analyses and llc
in each run, only the objects whose inputs changed. One wrong !tbaa is
injected into one module (inject.py; default cp-demangle.ll, the C++
demangler test-demangle exercises), so that the testsuite fails with
every decision kept, passes with ALIASKIT_BISECT=n, and fails again with
only the decisions about the injected node kept.

Steps:
  prepare   the sources (corpora/libiberty.sh), libiberty's configure
            (config.h and the library's files), the .ll files
            (target/bisect-many/ll/clean/);
  injection the one in checks/bisect/many/injection.json when it still
            breaks the testsuite so, else a search (corpus.py's: every
            tbaa candidate of the module at once, then halves, then
            eighths) that passes over the file's `skip` list (injections
            that break the testsuite only beside legitimate decisions, so
            that bisect names those too: not what this measures), whose
            result is written there; --search ignores the file's
            injection, --module M searches in M.ll;
  measure   the Makefile's stamps, by hand: a build-and-test with an
            empty stamps directory builds every object, one with every
            stamp older than its object none, one with the injected
            module's stamp rewritten that object alone (else exit 1);
            the times of the first and the third, and the decisions of
            the first (how many, in how many modules);
  bisect    `aliaskit bisect -v --json -j J -- build-and-test.sh` on the
            injected project, for each mode:
              stamps  the build directories kept between runs: make builds
                      again what the driver's stamps say changed (every
                      object when the driver gives no stamps);
              full    FULL=1: every run builds every object (the comparison).
            For each: the verdict, whether the culprits are the injected
            decision, the repair, runs, decisions, wall time, and the
            objects built in each run (build-and-test.sh's MANY_LOG).
The summary is printed; with --mode both and without --no-write it is also
written to checks/bisect/many/RESULTS.md.
Work files: target/bisect-many/ (sources, configure, .ll, build
directories, runs-MODE.jsonl, bisect-MODE.json / .err, results.json).
Exit status: 0 when each bisection names the injected decision among its
culprits (a real program can need legitimate decisions beside it: they
shape what the optimizer inlines; the summary says so); 1 when one does
not, or the stamps do not work; 2 when the project cannot be prepared or
no injection is found.
env: LLVM_BIN, PLUGIN, ALIASKIT, JOBS (aliaskit bisect's -j, default
nproc) as in tools/lib/kit/env.py.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools', 'lib'))
sys.dont_write_bytecode = True
import corpus  # noqa: E402  (the injection search and the test environment)
import inject  # noqa: E402
from kit import env  # noqa: E402

PROJECT = os.path.join(HERE, 'many')
BUILD_AND_TEST = os.path.join(PROJECT, 'build-and-test.sh')
MAKEFILE = os.path.join(PROJECT, 'Makefile')
INJECTION = os.path.join(PROJECT, 'injection.json')
RESULTS = os.path.join(PROJECT, 'RESULTS.md')
WORK = os.path.join(env.TARGET, 'bisect-many')
CONF = os.path.join(WORK, 'conf')
LL = {k: os.path.join(WORK, 'll', k) for k in ('clean', 'search', 'injected')}
MODULE = 'cp-demangle'    # the module injected by default: test-demangle's C++ demangler
LLVM_VERSION = 'LLVM'     # opt --version's, set in main
RUN_TIMEOUT = 20          # seconds, each test program
BUILD_TIMEOUT = 600       # seconds, one build-and-test
BUDGET = 60               # builds the search may spend
BISECT_TIMEOUT = 3600     # seconds, one aliaskit bisect


class Prepare:
    """The sources, configure's output and the clean .ll files."""

    def __init__(self):
        out = subprocess.run([os.path.join(env.ROOT, 'corpora', 'libiberty.sh'), os.path.join(WORK, 'src')],
                             check=True, capture_output=True, text=True).stdout
        self.src = os.path.join(out.strip(), 'libiberty')

    def configure(self):
        if os.path.exists(os.path.join(CONF, 'config.h')):
            return
        shutil.rmtree(CONF, ignore_errors=True)
        os.makedirs(CONF)
        e = dict(os.environ, CC=env.tool('clang'), CFLAGS='-O2 -w')
        with open(os.path.join(CONF, 'configure.log'), 'w') as log:
            subprocess.run([os.path.join(self.src, 'configure'), '--quiet'], cwd=CONF, env=e,
                           stdout=log, stderr=subprocess.STDOUT, check=True)

    def library(self):
        """The library's files (without .c), as configure chose them."""
        show = 'show-lib:\n\t@echo $(REQUIRED_OFILES) $(EXTRA_OFILES) $(LIBOBJS)\n'
        out = subprocess.run(['make', '-s', '--no-print-directory', '-f', 'Makefile', '-f', '-', 'show-lib'],
                             cwd=CONF, input=show, capture_output=True, text=True, check=True).stdout
        return [os.path.basename(o)[:-2] for o in out.split()]

    def ll(self):
        self.configure()
        subprocess.run(['make', '-s', '-j%d' % env.JOBS, '-f', MAKEFILE, 'll', 'LL=' + LL['clean'],
                        'SRC=' + self.src, 'CONF=' + CONF, 'LIB=' + ' '.join(self.library()),
                        'LLVM_BIN=' + env.LLVM_BIN], check=True)


def copy_ll(to, module=None, module_text=None):
    """LL[to]: the clean .ll files, `module`'s replaced by module_text; a
    file is written only when its content differs (make sees no change
    elsewhere)."""
    os.makedirs(LL[to], exist_ok=True)
    for f in sorted(os.listdir(LL['clean'])):
        with open(os.path.join(LL['clean'], f)) as g:
            text = g.read()
        if f == '%s.ll' % module and module_text is not None:
            text = module_text
        dest = os.path.join(LL[to], f)
        if os.path.exists(dest):
            with open(dest) as g:
                if g.read() == text:
                    continue
        with open(dest, 'w') as g:
            g.write(text)


def build_and_test(ll, out, selection=None, log=None, many_log=None, full=False, stamps=None):
    """build-and-test.sh's exit status and its line."""
    e = corpus.test_env(RUN_TIMEOUT, selection)
    e.update(LL=LL[ll], OUT=os.path.join(WORK, 'build', out))
    for k, v in (('ALIASKIT_BISECT_LOG', log), ('MANY_LOG', many_log), ('FULL', '1' if full else None),
                 ('ALIASKIT_BISECT_STAMPS', stamps)):
        e.pop(k, None)
        if v:
            e[k] = v
    return corpus.run(['bash', BUILD_AND_TEST], BUILD_TIMEOUT, environ=e)


class Project(corpus.Program):
    """corpus.py's program, its module one module of the project: what
    the injection search (corpus.Search) builds and tests."""

    def __init__(self, module):
        self.module = module
        self.name = 'libiberty-' + module
        self.dir = os.path.join(WORK, 'search')
        self.run_timeout = RUN_TIMEOUT
        os.makedirs(self.dir, exist_ok=True)

    def test(self, module, run_timeout, selection=None, log=None):
        """0 right, 1 wrong, 3 build failed, 4 hang (build-and-test.sh's)."""
        # A new module file, even with the same text: it is built again,
        # so that a log sees its decisions.
        shutil.copyfile(module, os.path.join(LL['search'], self.module + '.ll'))
        return build_and_test('search', 'search', selection, log)[0]


def known_injection():
    """injection.json's object: module, injection, skip (injections the
    search passes over, each with why), ...; {} without the file."""
    if not os.path.exists(INJECTION):
        return {}
    with open(INJECTION) as f:
        return json.load(f)


def find_injection(module, again):
    """(injection, how, builds), or (None, why, builds)."""
    with open(os.path.join(LL['clean'], module + '.ll')) as f:
        text = f.read()
    copy_ll('search')
    s = corpus.Search(Project(module), text, BUDGET)
    known = known_injection()
    inj = known.get('injection')
    if not again and known.get('module') == module and inj and inject.check(inject.Module(text), inj) is None \
            and s.good(inj):
        return inj, 'checks/bisect/many/injection.json', s.builds
    skip = [k['injection'] for k in known.get('skip', []) if known.get('module') == module]
    groups = [[i for i in g if i not in skip] for g in s.groups('tbaa')]
    if not groups or not s.bad(groups[0]):
        return None, 'every tbaa candidate of %s at once does not break the testsuite' % module, s.builds
    inj = s.kind(groups)
    if inj is None:
        return None, 'no injection within %d builds' % BUDGET, s.builds
    if known.get('module') != module:
        known = {}  # the skip list is another module's
    known.update(module=module, injection=inj, candidates=len(groups[0]), builds=s.builds)
    with open(INJECTION, 'w') as f:
        json.dump(known, f, indent=1)
        f.write('\n')
    return inj, 'search', s.builds


def measure(module):
    """The stamps of the Makefile at work, as aliaskit bisect leaves them,
    in three runs of the injected project: with no stamp yet, every object
    is built; with each module's stamp older than its object, none; with
    `module`'s stamp rewritten, that object alone. The times of the first
    and the third, and the decisions of the first; or a RuntimeError that
    says which run built what."""
    log = os.path.join(WORK, 'measure.jsonl')
    runs = os.path.join(WORK, 'measure-runs.jsonl')
    stamps = os.path.join(WORK, 'measure-stamps')
    shutil.rmtree(stamps, ignore_errors=True)
    os.makedirs(stamps)
    for f in (log, runs):
        if os.path.exists(f):
            os.remove(f)
    build_and_test('injected', 'measure', 'y', log=log, many_log=runs, stamps=stamps)
    old = time.time() - 86400
    for f in os.listdir(LL['injected']):
        stamp = os.path.join(stamps, f[:-3] + '.c.stamp')
        open(stamp, 'w').close()
        os.utime(stamp, (old, old))
    build_and_test('injected', 'measure', 'y', many_log=runs, stamps=stamps)
    os.utime(os.path.join(stamps, module + '.c.stamp'))
    build_and_test('injected', 'measure', 'y', many_log=runs, stamps=stamps)
    with open(runs) as f:
        built = [json.loads(line) for line in f]
    want = [sorted(f[:-3] for f in os.listdir(LL['injected'])), [], [module]]
    if [b['rebuilt'] for b in built] != want:
        raise RuntimeError('the stamps do not work: the runs built %s, not %s' % (
            [b['rebuilt'] for b in built], want))
    modules, decisions = set(), set()
    with open(log) as f:
        for line in f:
            r = json.loads(line)
            if 'event' not in r:
                decisions.add(r['id'])
                modules.add(r['module'])
    os.remove(log)
    return {'full_seconds': built[0]['seconds'], 'full_objects': built[0]['objects'],
            'one_seconds': built[2]['seconds'], 'one_objects': built[2]['objects'],
            'decisions': len(decisions), 'modules_with_decisions': len(modules)}


def bisect(mode, inj, jobs):
    """One aliaskit bisect of the injected project; its result fields."""
    runs_log = os.path.join(WORK, 'runs-%s.jsonl' % mode)
    if os.path.exists(runs_log):
        os.remove(runs_log)
    e = corpus.test_env(RUN_TIMEOUT)
    e.update(LL=LL['injected'], OUT=os.path.join(WORK, 'build', mode), MANY_LOG=runs_log)
    e.pop('FULL', None)
    if mode == 'full':
        e['FULL'] = '1'
    cmd = [env.ALIASKIT, 'bisect', '-v', '--json', '-j', str(jobs), '--timeout', str(BUILD_TIMEOUT),
           '--', BUILD_AND_TEST]
    t0 = time.time()
    try:
        r = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=e,
                           timeout=BISECT_TIMEOUT)
        rc, out, err = r.returncode, r.stdout, r.stderr
    except subprocess.TimeoutExpired:
        rc, out, err = 124, '', 'aliaskit bisect ran longer than %d s' % BISECT_TIMEOUT
    res = {'mode': mode, 'jobs': jobs, 'exit': rc, 'wall': round(time.time() - t0, 1)}
    for ext, text in (('json', out), ('err', err)):
        with open(os.path.join(WORK, 'bisect-%s.%s' % (mode, ext)), 'w') as f:
            f.write(text)
    try:
        rep = json.loads(out)
    except ValueError:
        rep = {'verdict': 'no JSON', 'message': (err.strip().splitlines() or ['exit %d' % rc])[-1]}
    mark = inject.marker(inj)
    culprits = [{'id': c['id'], 'analysis': c['analysis'], 'module': os.path.basename(c['module']),
                 'function': c['function'],
                 'involves': any(mark in c[k]['metadata'] for k in ('first', 'second'))}
                for c in rep.get('culprits', [])]
    res.update(verdict=rep.get('verdict'), message=rep.get('message'), culprits=culprits,
               found=any(c['involves'] for c in culprits),
               exact=bool(culprits) and all(c['involves'] for c in culprits),
               repair=(rep.get('repair') or {}).get('passes'),
               runs=rep.get('runs'), decisions=rep.get('decisions'), modules=rep.get('modules'),
               seconds=rep.get('seconds'))
    res['builds'] = []
    if os.path.exists(runs_log):
        with open(runs_log) as f:
            res['builds'] = sorted((json.loads(line) for line in f), key=lambda b: int(b['run'] or 0))
    return res


def verdict_line(r):
    if r['exact']:
        found = 'the culprits are the injected decision'
    elif r['found']:
        found = 'the injected decision is among the culprits, with %d other(s)' % sum(
            1 for c in r['culprits'] if not c['involves'])
    else:
        found = 'no culprit involves the injected node'
    repair = {True: 'the repair passes', False: 'the repair fails (other decisions break it too)'}.get(
        r.get('repair'), 'no repair')
    return '- %s: verdict **%s**%s; %s; %s' % (
        r['mode'], r['verdict'], ' (%s)' % r['message'] if r.get('message') else '', found, repair)


def describe(r, objects):
    """The lines of one bisection."""
    b = r['builds']
    built = [x['objects'] for x in b]
    lines = [verdict_line(r)]
    for c in r['culprits']:
        lines.append('  - culprit %s: %s in @%s (%s)%s' % (c['id'], c['analysis'], c['function'], c['module'],
                                                       '' if c['involves'] else ', not about the injected node'))
    lines.append('  - %s runs (-j%d), %s decisions in %s modules; %.0f s' % (
        r['runs'], r['jobs'], r['decisions'], r['modules'], r['wall']))
    if built:
        lines.append('  - objects built: %d in all, %.1f full builds\' worth (%d objects each); median %g a run; '
                     '%d of %d runs built every object; %d ran with stamps' % (
                         sum(built), sum(built) / objects, objects, statistics.median(built),
                         sum(1 for x in b if x['full']), len(b), sum(1 for x in b if x['stamps'])))
        if r['mode'] == 'stamps' and not any(x['stamps'] for x in b):
            lines.append('  - aliaskit bisect gave no ALIASKIT_BISECT_STAMPS: every run with another selection '
                         'built every object, as in the full mode')
        lines.append('  - objects built per run: ' + ' '.join(str(x) for x in built))
        lines.append('  - build-and-test: %.0f s in all, median %.1f s a run' % (
            sum(x['seconds'] for x in b), statistics.median(x['seconds'] for x in b)))
    return lines


def summary(m, module, inj, how, builds, results):
    lines = ['## aliaskit bisect on a project of many files: libiberty', '',
             'Made by `checks/bisect/many.sh` (%s). binutils\' libiberty and its testsuite\'s programs, '
             'one object a file (`checks/bisect/many/`: clang -O2 -Xclang -disable-llvm-passes once, '
             'then by make opt `default<O2>` with aliaskit\'s analyses and llc); one wrong !tbaa '
             'injected into %s.ll.' % (LLVM_VERSION, module), '',
             '- injection: %s of %s.ll (%s, %d builds)' % (inject.describe(inj), module, how, builds),
             '- one build-and-test: %.1f s building every object (%d), %.1f s building %s.o alone' % (
                 m['full_seconds'], m['full_objects'], m['one_seconds'], module),
             '- decisions of a full build: %d, in %d modules' % (m['decisions'], m['modules_with_decisions'])]
    for r in results:
        lines += describe(r, m['full_objects'])
    return '\n'.join(lines) + '\n'


def main():
    global LLVM_VERSION
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--mode', choices=('both', 'stamps', 'full'), default='both')
    ap.add_argument('--module', help='the module to inject into (default: the one of injection.json, else %s)'
                    % MODULE)
    ap.add_argument('--search', action='store_true', help='search an injection again')
    ap.add_argument('--no-write', action='store_true', help='leave RESULTS.md alone')
    ap.add_argument('--jobs', type=int, default=env.JOBS, help="aliaskit bisect's -j (default JOBS)")
    a = ap.parse_args()
    out = subprocess.run([env.OPT, '--version'], capture_output=True, text=True).stdout
    LLVM_VERSION = next((x.strip() for x in out.splitlines() if 'LLVM version' in x), 'LLVM')
    try:
        Prepare().ll()
    except subprocess.CalledProcessError as e:
        print('many.py: preparing the project failed: %s' % e, file=sys.stderr)
        return 2
    module = a.module or known_injection().get('module') or MODULE
    inj, how, builds = find_injection(module, a.search)
    if inj is None:
        print('many.py: no injection: %s' % how, file=sys.stderr)
        return 2
    print('many.py: injection %s of %s.ll (%s, %d builds)' % (inject.describe(inj), module, how, builds),
          flush=True)
    with open(os.path.join(LL['clean'], module + '.ll')) as f:
        copy_ll('injected', module, inject.apply(f.read(), inj))
    try:
        m = measure(module)
    except RuntimeError as e:
        print('many.py: %s' % e, file=sys.stderr)
        return 1
    results = []
    for mode in (['stamps', 'full'] if a.mode == 'both' else [a.mode]):
        results.append(bisect(mode, inj, a.jobs))
        print('\n'.join(describe(results[-1], m['full_objects'])), flush=True)
    text = summary(m, module, inj, how, builds, results)
    with open(os.path.join(WORK, 'results.json'), 'w') as f:
        json.dump({'measure': m, 'module': module, 'injection': inj, 'results': results}, f, indent=1)
    print(text)
    if a.mode == 'both' and not a.no_write:
        with open(RESULTS, 'w') as f:
            f.write(text)
    return 0 if all(r['found'] for r in results) else 1


if __name__ == '__main__':
    sys.exit(main())
