#!/usr/bin/env python3
"""aliaskit sanitize on real, correct programs: no report, same output.

usage: clean.py [--slice] [--only NAME,...] [--jobs N] [--keep DIR]
                [--csmith N] [--allow-known] [--list] [--tbaa]

--tbaa: `aliaskit sanitize --tbaa` (ALIASKIT_SANITIZE=1,tbaa for
libiberty): the !tbaa claims are checked too, and must give no report
either (reports of kind tbaa-per-call, a Flang procedure's claim met by
accesses that may have run in two calls, are not program errors).

Every program here is correct: whatever no-alias promise it makes (C
`restrict`, Rust references, Fortran dummy arguments) it keeps. Each is
built twice from the same front-end bitcode (no LLVM pass run on it):
plain (clang -O2, nothing instrumented) and sanitized (`aliaskit sanitize
-O2`, both points, linked with `aliaskit sanitize --ldflags`); both run
with the same arguments in their own directory. What must hold:

  - no report (ALIASKIT_SANITIZE_LOG stays empty; a false report is the
    worst bug the checker can have);
  - the same exit status and the same standard output (and the same output
    files, where a program writes some) as the plain build: the checker
    changes nothing the program does;
  - csmith programs also print the -O0 checksum of corpora/real-c.sh;
  - the Rust program's bitcode, instrumented twice, gives the same module
    both times (the final stage once guarded its checks in the order the
    blocks were allocated in: rs_collections came out different each run).

The programs:

  own      clean/*: C with `restrict` kernels (BLAS-like, convolutions,
           disjoint halves of one buffer, read-only aliasing), C++ with the
           standard containers, Rust with Vec/HashMap/slices/&mut methods,
           Fortran with array dummies and sections, and corpora/shapes.cpp
  regress  clean/ reproducers of false reports this check found, fixed
           since (c_hoisted_load, c_lost_decl, cxx_vector_relocate)
  known    reproducers of known false reports not fixed yet (KNOWN, empty
           today): they fail; --allow-known counts a report of theirs as
           expected (XFAIL) and a clean run as XPASS (which fails: move it
           to the regressions)
  scipy    SciPy's Fortran 77 QUADPACK and MINPACK (corpora/frontends.sh)
           under clean/f_quadpack_minpack.f90: dqags, dqagi, dqng, dqag,
           hybrd1, lmdif1, lmder1
  sqlite   sqlite3's amalgamation (corpora/p2.sh's libsqlite3-sys) driven
           by clean/sqlite_driver.c: inserts, joins, updates, window
           functions, VACUUM, an on-disk database (about 1 s plain)
  csmith   target/corpus/csmith/s<seed>/x.ll (corpora/real-c.sh), the seeds
           whose -O0 run finished; --csmith N caps their number
  libiberty binutils' libiberty and its testsuite (test-demangle, ...),
           configured and built twice with clang -O2: plain, and under
           ALIASKIT_SANITIZE=1 with the plugin (-fpass-plugin); `make
           check` must pass both times with the same log

--slice: the own programs, scipy, the reproducers and 12 csmith programs (make
test, about 2 minutes on 2 cores); default: everything (make bench).
--list prints the programs and exits. Prints a line a program with its
summary line (accesses checked) and a total; exits 1 when a program fails.
env: LLVM_BIN, ALIASKIT (target/release/aliaskit; the plugin and the
runtime are found next to it), JOBS, CORPUS.
"""

import argparse
import concurrent.futures
import filecmp
import functools
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'lib'))
from kit import env  # noqa: E402
from kit import proc  # noqa: E402
from kit.proc import run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
CLEAN = os.path.join(HERE, 'clean')
# The sanitizer's extra flags (--tbaa: ['--tbaa']).
SANITIZE_FLAGS = []
BUILD_TIMEOUT = 900
RUN_TIMEOUT = 600
SLICE_CSMITH = 12

# Correct programs the checker reports today, with the reason. Each is a
# reduced reproducer; the diagnosis is in the file's header.
KNOWN = {}
# Reproducers of false reports found by this check and fixed since (the
# diagnosis is in each file's header): they must stay clean.
REGRESSIONS = ['c_hoisted_load', 'c_lost_decl', 'cxx_vector_relocate']


def src(*parts):
    return os.path.join(CLEAN, *parts)


def own_programs():
    """The programs of clean/ and corpora/shapes.cpp: name -> description."""
    p = []
    p.append(dict(name='c_blas', kind='own', lang='c', files=[src('c_blas.c')], args=['2'], slice_args=['1']))
    p.append(dict(name='cxx_containers', kind='own', lang='c++', files=[src('cxx_containers.cpp')],
                  args=['3'], slice_args=['1']))
    p.append(dict(name='rs_collections', kind='own', lang='rust', files=[src('rs_collections.rs')],
                  args=['3'], slice_args=['1']))
    p.append(dict(name='f_kernels', kind='own', lang='fortran', files=[src('f_kernels.f90')],
                  args=['4'], slice_args=['1']))
    p.append(dict(name='c_conv2d_rows', kind='own', lang='c', files=[src('c_conv2d_rows.c')], args=['256'],
                  slice_args=['64']))
    p.append(dict(name='cxx_shapes', kind='own', lang='c++', files=[os.path.join(env.ROOT, 'corpora', 'shapes.cpp')],
                  args=[], slice_args=[]))
    for name, lang, ext in (('c_hoisted_load', 'c', 'c'), ('c_lost_decl', 'c', 'c'),
                            ('cxx_vector_relocate', 'c++', 'cpp')):
        p.append(dict(name=name, kind='known' if name in KNOWN else 'regress', lang=lang,
                      files=[src('%s.%s' % (name, ext))], args=[], slice_args=[]))
    return p


QUADPACK = ['dqags', 'dqagse', 'dqagi', 'dqagie', 'dqng', 'dqag', 'dqage', 'dqk15', 'dqk21', 'dqk31', 'dqk41',
            'dqk51', 'dqk61', 'dqk15i', 'dqelg', 'dqpsrt']


def scipy_program():
    """SciPy's QUADPACK and MINPACK (corpora/frontends.sh extracts them)
    under clean/f_quadpack_minpack.f90."""
    root = os.path.join(env.TARGET, 'frontends', 'scipy')
    if not os.path.exists(os.path.join(root, '.extracted')):
        run([os.path.join(env.ROOT, 'corpora', 'frontends.sh'), '--slice'], BUILD_TIMEOUT)
    if not os.path.exists(os.path.join(root, '.extracted')):
        return None
    files = [src('f_quadpack_minpack.f90')]
    files += [os.path.join(root, 'integrate', 'quadpack', f + '.f') for f in QUADPACK]
    files += sorted(glob.glob(os.path.join(root, 'optimize', 'minpack', '*.f')))
    return dict(name='f_quadpack_minpack', kind='scipy', lang='fortran', files=files, args=['200'],
                slice_args=['5'])


def sqlite_program():
    """sqlite3.c of libsqlite3-sys (fetched by corpora/p2.sh) and the driver."""
    found = glob.glob(os.path.expanduser('~/.cargo/registry/src/*/libsqlite3-sys-0.30.1/sqlite3/sqlite3.c'))
    if not found:
        rc, out, err, _ = run([os.path.join(env.ROOT, 'corpora', 'p2.sh')], BUILD_TIMEOUT)
        found = glob.glob(os.path.expanduser('~/.cargo/registry/src/*/libsqlite3-sys-0.30.1/sqlite3/sqlite3.c'))
    if not found:
        return None
    inc = os.path.dirname(found[0])
    return dict(name='sqlite3', kind='sqlite', lang='c', files=[found[0], src('sqlite_driver.c')],
                cflags=['-I' + inc, '-w', '-DSQLITE_THREADSAFE=0'], libs=['-lm'],
                args=['60', 'work.db'], slice_args=['3', 'work.db'])


def csmith_programs(limit):
    """The csmith programs of the corpus whose -O0 run gave a checksum."""
    root = os.path.join(env.CORPUS, 'csmith')
    seeds = []
    for d in glob.glob(os.path.join(root, 's*')):
        m = re.match(r's(\d+)$', os.path.basename(d))
        try:
            ok = open(os.path.join(d, 'x.status')).read().strip() == 'ok'
        except OSError:
            ok = False
        if m and ok and os.path.exists(os.path.join(d, 'x.ll')) and os.path.exists(os.path.join(d, 'x.O0.out')):
            seeds.append(int(m.group(1)))
    seeds.sort()
    if limit is not None:
        seeds = seeds[:limit]
    return [dict(name='csmith-s%d' % s, kind='csmith', lang='ll', files=[os.path.join(root, 's%d' % s, 'x.ll')],
                 expect=os.path.join(root, 's%d' % s, 'x.O0.out'), args=[], slice_args=[]) for s in seeds]


must = functools.partial(proc.must, timeout=BUILD_TIMEOUT)


def front_end(p, d):
    """The program's bitcode as its front end leaves it: one module."""
    lang = p['lang']
    if lang == 'll':
        return p['files'][0]
    bcs = []
    for i, f in enumerate(p['files']):
        bc = os.path.join(d, 'fe%d.bc' % i)
        if lang == 'fortran':
            # Flang's -O2 pipeline, every pass skipped: its claims as made.
            must([env.tool('flang'), '-O2', '-g', '-w', '-emit-llvm', '-c', '-mllvm', '-opt-bisect-limit=0',
                  f, '-o', bc], 'flang', cwd=d)
        else:
            driver = env.tool('clang++' if lang == 'c++' or f.endswith('.cpp') else 'clang')
            must([driver, '-O2', '-g', '-Xclang', '-disable-llvm-passes', '-emit-llvm', '-c', f, '-o', bc]
                 + p.get('cflags', []), 'clang', cwd=d)
        bcs.append(bc)
    if len(bcs) == 1:
        return bcs[0]
    linked = os.path.join(d, 'fe.bc')
    must([env.tool('llvm-link')] + bcs + ['-o', linked], 'llvm-link')
    return linked


def driver_for(p):
    return env.tool({'c': 'clang', 'll': 'clang', 'c++': 'clang++', 'fortran': 'flang'}[p['lang']])


def build(p, d, flags):
    """(plain executable, sanitized executable)."""
    plain, checked = os.path.join(d, 'plain'), os.path.join(d, 'checked')
    if p['lang'] == 'rust':
        srcf = p['files'][0]
        must(['rustc', '-O', '-g', '-C', 'codegen-units=1', srcf, '-o', plain], 'rustc', cwd=d)
        bc = os.path.join(d, 'p.bc')
        link = os.path.join(os.path.dirname(env.ALIASKIT), 'sanitize', 'rustc-link')
        must(['rustc', '-O', '-g', '-C', 'codegen-units=1', '-C', 'no-prepopulate-passes',
              '--emit=llvm-bc=%s,link' % bc, '-C', 'linker=' + link, srcf, '-o', checked],
             'rustc with the sanitizing linker', environ=dict(os.environ, ALIASKIT_RUST_BC=bc), cwd=d)
        twice = [os.path.join(d, 'again%d.bc' % k) for k in (1, 2)]
        for t in twice:
            must([env.ALIASKIT, 'sanitize', bc, '-o', t, '-O2'] + SANITIZE_FLAGS, 'aliaskit sanitize', cwd=d)
        if not filecmp.cmp(twice[0], twice[1], shallow=False):
            raise RuntimeError('aliaskit sanitize made two different modules of one input')
        return plain, checked
    bc = front_end(p, d)
    drv = driver_for(p)
    libs = p.get('libs', [])
    must([drv, '-O2', '-w', bc, '-o', plain, '-pthread'] + libs, 'plain build', cwd=d)
    inst = os.path.join(d, 'inst.bc')
    rc, out, err, timed_out = run([env.ALIASKIT, 'sanitize', bc, '-o', inst, '-O2', '--stats'] + SANITIZE_FLAGS,
                                  BUILD_TIMEOUT)
    if rc != 0 or timed_out:
        raise RuntimeError('aliaskit sanitize failed (%s): %s' % (rc, err.decode(errors='replace').strip()[-400:]))
    p['stats'] = stats_of(err)
    # Code generation at -O2, the module as instrumented: no LLVM pass
    # runs on it again (flang has no -disable-llvm-passes; a bisect limit
    # of 0 skips every pass).
    again = (['-mllvm', '-opt-bisect-limit=0'] if p['lang'] == 'fortran'
             else ['-Xclang', '-disable-llvm-passes'])
    must([drv, '-O2'] + again + [inst, '-o', checked, '-pthread'] + libs + flags, 'link', cwd=d)
    return plain, checked


def stats_of(err):
    """What --stats says: accesses with lists and instrumented, per point,
    and the noalias parameters made scopes."""
    text = err.decode(errors='replace')
    st = {}
    for point in ('start', 'end'):
        m = re.search(r'aliaskit-sanitize<%s>: (\d+) accesses with scope lists; (\d+) instrumented' % point, text)
        if m:
            st[point] = (int(m.group(1)), int(m.group(2)))
    m = re.search(r'aliaskit-sanitize: (\d+) noalias parameters', text)
    if m:
        st['parameters'] = int(m.group(1))
    return st


# Kinds of report that are not program errors: a claim of a procedure's
# own TBAA tree (Flang) met by accesses that may have run in two calls.
NOT_ERRORS = {'tbaa-per-call'}


def read_reports(log):
    """The reports of program errors in the log (NOT_ERRORS left out)."""
    reports = []
    for f in glob.glob(log + '*'):
        for line in open(f, errors='replace'):
            if line.strip():
                try:
                    r = json.loads(line)
                    if r.get('kind') not in NOT_ERRORS:
                        reports.append(r)
                except ValueError:
                    reports.append({'claim': line.strip()[:200]})
    return reports


def summary_of(err):
    lines = [l for l in err.decode(errors='replace').splitlines() if 'aliaskit-sanitize: summary:' in l]
    return lines[-1].split('summary: ', 1)[1] if lines else ''


def output_files(d):
    """The files a run left in its directory (name -> path)."""
    return {f: os.path.join(d, f) for f in sorted(os.listdir(d)) if os.path.isfile(os.path.join(d, f))}


def run_both(plain, checked, args, d):
    """Runs both builds, each in its own directory: the problems, the
    reports, the summary line and the two times."""
    problems = []
    results = {}
    for which, exe in (('plain', plain), ('checked', checked)):
        wd = os.path.join(d, 'run-' + which)
        os.makedirs(wd, exist_ok=True)
        log = os.path.join(d, 'reports-%s.jsonl' % which)
        environ = dict(os.environ, ALIASKIT_SANITIZE_LOG=log)
        t0 = time.time()
        rc, out, err, timed_out = run([exe] + args, RUN_TIMEOUT, environ=environ, cwd=wd)
        results[which] = (rc, out, err, timed_out, time.time() - t0, wd, log)
    rc0, out0, _, to0, t_plain, wd0, _ = results['plain']
    rc1, out1, err1, to1, t_checked, wd1, log1 = results['checked']
    if to0:
        problems.append('the plain build ran out of time')
    if to1:
        problems.append('the sanitized build ran out of time (%d s)' % RUN_TIMEOUT)
    reports = read_reports(log1)
    if rc1 != rc0 and not to1:
        problems.append('exit status %s, plain %s' % (rc1, rc0))
    if out1 != out0:
        problems.append('output differs from the plain build: %r vs %r' % (out1[:160], out0[:160]))
    f0, f1 = output_files(wd0), output_files(wd1)
    if sorted(f0) != sorted(f1):
        problems.append('files written differ: %s vs %s' % (sorted(f1), sorted(f0)))
    else:
        for name in f0:
            if not filecmp.cmp(f0[name], f1[name], shallow=False):
                problems.append('file %s differs from the plain build\'s' % name)
    return problems, reports, summary_of(err1), out0, t_plain, t_checked


def check(p, flags, a):
    d = tempfile.mkdtemp(prefix='aliaskit-clean-%s.' % p['name'])
    try:
        plain, checked = build(p, d, flags)
        args = p['slice_args'] if a.slice else p['args']
        problems, reports, summary, out0, tp, tc = run_both(plain, checked, args, d)
        if p.get('expect'):
            want = open(p['expect'], 'rb').read()
            if out0 != want:
                problems.append('the plain build does not print the -O0 checksum')
        if reports:
            first = reports[0]
            problems.append('%d reports, first: %s in %s (%s)' % (
                len(reports), first.get('kind'), first.get('function'), first.get('point')))
        return p, problems, len(reports), summary, tp, tc
    except RuntimeError as e:
        return p, [str(e)], 0, '', 0, 0
    finally:
        if a.keep:
            shutil.copytree(d, os.path.join(a.keep, p['name']), dirs_exist_ok=True)
        shutil.rmtree(d, ignore_errors=True)


# ----------------------------------------------------------- libiberty ---

def libiberty(flags, a):
    """libiberty and its testsuite, built plain and instrumented under clang."""
    tarball = None
    q = subprocess.run(['dpkg-query', '-W', '-f=${Status}', 'binutils-source'], capture_output=True, text=True)
    if 'ok installed' not in q.stdout:
        # As tools/lib/env.sh's need_packages: Debian's package, when missing.
        print('clean.py: installing binutils-source', flush=True)
        sudo = [] if os.getuid() == 0 else ['sudo']
        run(sudo + ['apt-get', 'update', '-qq'], BUILD_TIMEOUT)
        run(sudo + ['apt-get', 'install', '-y', '-qq', 'binutils-source'], BUILD_TIMEOUT,
            environ=dict(os.environ, DEBIAN_FRONTEND='noninteractive'))
    q = subprocess.run(['dpkg', '-L', 'binutils-source'], capture_output=True, text=True)
    for line in q.stdout.splitlines():
        if re.search(r'/binutils-[0-9.]+\.tar\.(xz|gz|bz2)$', line):
            tarball = line
    p = dict(name='libiberty', kind='libiberty')
    if not tarball:
        return p, ['binutils-source is not installed (apt-get install binutils-source)'], 0, '', 0, 0
    top = re.sub(r'\.tar\..*$', '', os.path.basename(tarball))
    work = os.path.join(env.TARGET, 'sanitize-clean', 'libiberty')
    srcdir = os.path.join(work, 'src', top)
    if not os.path.exists(os.path.join(srcdir, '.extracted')):
        shutil.rmtree(os.path.join(work, 'src'), ignore_errors=True)
        os.makedirs(os.path.join(work, 'src'))
        must(['tar', '-xf', tarball, '-C', os.path.join(work, 'src'), '--wildcards'] +
             ['%s/%s' % (top, x) for x in ('libiberty', 'include', 'config', 'config.guess', 'config.sub',
                                          'install-sh', 'mkinstalldirs', 'move-if-change', 'missing',
                                          'ltmain.sh')], 'tar')
        open(os.path.join(srcdir, '.extracted'), 'w').close()
    plugin = os.path.join(os.path.dirname(env.ALIASKIT), 'libaliaskit.so')
    logs = {}
    summaries = []
    problems = []
    times = {}
    for which in ('plain', 'checked'):
        b = os.path.join(work, which)
        shutil.rmtree(b, ignore_errors=True)
        os.makedirs(b)
        environ = dict(os.environ)
        cflags = '-O2 -g -w'
        ldf = ''
        if which == 'checked':
            environ['ALIASKIT_SANITIZE'] = '1,tbaa' if SANITIZE_FLAGS else '1'
            cflags += ' -fpass-plugin=' + plugin
            # The testsuite links with $(CC) alone, the runtime before
            # ../libiberty.a: --ldflags links it whole for that.
            ldf = ' '.join(flags)
            environ['ALIASKIT_SANITIZE_LOG'] = os.path.join(b, 'reports.jsonl')
            # test-pexecute checks what its children write to stderr: the
            # runtime's own lines go to files (log_path), as a user of a
            # sanitizer does with such a testsuite.
            environ['ALIASKIT_SANITIZE_OPTIONS'] = 'log_path=' + os.path.join(b, 'aliaskit-log')
        environ.update(CC=env.tool('clang'), CFLAGS=cflags, LDFLAGS=ldf, AR=env.tool('llvm-ar'),
                       RANLIB=env.tool('llvm-ranlib'))
        try:
            must([os.path.join(srcdir, 'libiberty', 'configure'), '--quiet'], 'libiberty configure (%s)' % which,
                 environ=environ, cwd=b)
            must(['make', '-s', '-j%d' % max(1, a.jobs)], 'libiberty make (%s)' % which, environ=environ, cwd=b)
            t0 = time.time()
            rc, out, err, to = run(['make', '-C', 'testsuite', 'check', 'CC=%s %s' % (env.tool('clang'), ldf),
                                    'CFLAGS=' + cflags, 'LDFLAGS='], BUILD_TIMEOUT, environ=environ,
                                   cwd=b, merge=True)
            times[which] = time.time() - t0
        except RuntimeError as e:
            return p, [str(e)], 0, '', 0, 0
        text = out.decode(errors='replace')
        if rc != 0 or to:
            problems.append('%s: make check failed (%s): %s' % (which, rc, text.strip()[-300:]))
        if re.search(r'^FAIL', text, re.M):
            problems.append('%s: a test reports FAIL' % which)
        for log in glob.glob(os.path.join(b, 'aliaskit-log.*')):
            with open(log, errors='replace') as f:
                summaries += re.findall(r'aliaskit-sanitize: summary: (.*)', f.read())
        # What the tests print, less the build's own lines.
        logs[which] = [l for l in text.splitlines()
                       if re.match(r'(PASS|FAIL|\./test-\S+: \d+ tests)', l)]
    reports = read_reports(os.path.join(work, 'checked', 'reports.jsonl'))
    if logs.get('plain') != logs.get('checked'):
        problems.append('the testsuite\'s results differ: %s vs %s' % (logs.get('checked'), logs.get('plain')))
    if reports:
        problems.append('%d reports, first: %s in %s' % (len(reports), reports[0].get('kind'),
                                                         reports[0].get('function')))
    tests = sum(int(m) for m in re.findall(r'(\d+) tests, 0 failures', '\n'.join(logs.get('checked', []))))
    checked = sum(int(re.match(r'(\d+)', s).group(1)) for s in summaries if re.match(r'\d+', s))
    summary = '%d programs run, %d accesses checked in all; %d demanglings, %d PASS lines' % (
        len(summaries), checked, tests, sum(1 for l in logs.get('checked', []) if l.startswith('PASS')))
    return p, problems, len(reports), summary, times.get('plain', 0), times.get('checked', 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--slice', action='store_true')
    ap.add_argument('--only', help='NAME,... (csmith-sN, libiberty, sqlite3, ...)')
    ap.add_argument('--jobs', type=int, default=env.JOBS)
    ap.add_argument('--keep', help='keep each program\'s work files in KEEP/NAME')
    ap.add_argument('--csmith', type=int, help='at most N csmith programs (slice: %d)' % SLICE_CSMITH)
    ap.add_argument('--allow-known', action='store_true',
                    help='a known false report (KNOWN) is expected: XFAIL, and XPASS fails')
    ap.add_argument('--list', action='store_true')
    ap.add_argument('--tbaa', action='store_true', help='check the !tbaa claims too (sanitize --tbaa)')
    a = ap.parse_args()
    if a.tbaa:
        SANITIZE_FLAGS.append('--tbaa')
    start = time.time()
    programs = own_programs()
    q = scipy_program()
    if q:
        programs.insert(4, q)
    else:
        print('clean.py: no SciPy sources (corpora/frontends.sh failed); f_quadpack_minpack left out')
    if not a.slice:
        s = sqlite_program()
        if s:
            programs.append(s)
        else:
            print('clean.py: no sqlite3.c (corpora/p2.sh could not fetch libsqlite3-sys); sqlite3 left out')
    programs += csmith_programs(a.csmith if a.csmith is not None else (SLICE_CSMITH if a.slice else None))
    with_libiberty = not a.slice
    if a.only:
        want = set(a.only.split(','))
        programs = [p for p in programs if p['name'] in want]
        with_libiberty = 'libiberty' in want
    if a.list:
        for p in programs:
            print(p['name'], p['kind'], ' '.join(p['files']))
        if with_libiberty:
            print('libiberty libiberty')
        return
    if not [p for p in programs if p['kind'] == 'csmith'] and not a.only:
        print('clean.py: no csmith program in %s (run corpora/real-c.sh --csmith 200 --no-large)' % env.CORPUS)
    flags = proc.sanitize_ldflags('clean.py')
    failed = 0
    counts = {}
    with_claims = {}
    checked_total = 0
    slow = []

    def report(p, problems, n, summary, tp, tc):
        nonlocal failed, checked_total
        known = p['name'] in KNOWN
        if known and a.allow_known:
            status = 'XFAIL' if n else 'XPASS'
            bad = not n or any('report' not in x and not x.startswith('exit status 66,') for x in problems)
        else:
            status = 'FAILED' if problems else 'ok'
            bad = bool(problems)
        failed += bad
        c = counts.setdefault(p['kind'], [0, 0])
        c[0 if not bad else 1] += 1
        m = re.search(r'(\d+) accesses checked', summary)
        if m:
            checked_total += int(m.group(1))
        if tc > 1 and tc > 20 * max(tp, 0.01):
            slow.append('%s %.1fx' % (p['name'], tc / tp))
        note = '; '.join(problems) if problems else summary
        st = p.get('stats')
        if st is not None:
            instrumented = st.get('start', (0, 0))[1] + st.get('end', (0, 0))[1]
            lists = st.get('start', (0, 0))[0] + st.get('end', (0, 0))[0]
            w = with_claims.setdefault(p['kind'], [0, 0])
            w[0] += instrumented > 0
            w[1] += 1
            if not summary:
                note = (note + ' ' if note else '') + '(%d noalias parameters, %d accesses with lists, ' \
                    '%d instrumented: nothing to check)' % (st.get('parameters', 0), lists, instrumented)
        if known and problems:
            note += ' [known: %s]' % KNOWN[p['name']]
        print('%-22s %-9s %-6s %3d reports  %5.2fs/%6.2fs  %s' % (p['name'], p['kind'], status, n, tp, tc, note),
              flush=True)

    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        futures = [pool.submit(check, p, flags, a) for p in programs]
        for f in futures:
            report(*f.result())
    if with_libiberty:
        report(*libiberty(flags, a))
    total = sum(sum(c) for c in counts.values())
    print('sanitize clean: %d of %d programs without a report and with the plain build\'s output (%s); '
          '%d accesses checked; %.0f s' % (
              total - failed, total, ', '.join('%s %d/%d' % (k, c[0], sum(c)) for k, c in sorted(counts.items())),
              checked_total, time.time() - start))
    if with_claims:
        print('sanitize clean: programs with an instrumented access: %s' % ', '.join(
            '%s %d/%d' % (k, w[0], w[1]) for k, w in sorted(with_claims.items())))
    if slow:
        print('sanitize clean: more than 20 times slower when sanitized: %s' % ', '.join(slow))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
