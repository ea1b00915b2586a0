#!/usr/bin/env python3
"""aliaskit sanitize on programs with known answers (programs/MANIFEST.json).

usage: programs.py [--slice] [--only NAME,...] [--jobs N] [--keep DIR]

Each program (C with `restrict`, Rust with `&mut`/`&` parameters, Fortran
with dummy arguments) either breaks a no-alias promise of its parameters
("violation") or comes close without breaking it ("clean"). Each is built
as its front end leaves it (no LLVM pass), instrumented at -O2 by `aliaskit
sanitize` (both points), linked with the runtime and run. What must hold:

  violation  at least one report whose kind is noalias-argument or
             scoped-noalias and that names the manifest's function (the
             report's function, or the function whose parameter a deciding
             scope stands for, once inlined); exit status 66; with a
             manifest `part` ("callee writes"), such a report has an access
             of that part
  clean      no report at all; exit status 0
  clean      also: the program's output is the -O0 build's (the checker
             changes nothing the program writes)

A manifest `define` (NAME) builds the variant of a source shared by two
programs: -DNAME for C and Fortran (a .F90 file is preprocessed), --cfg NAME
for Rust.

--slice: 5 violating and 4 clean programs, one of each language at least
(make test); default: all of them (make bench). Prints a line a program
and a summary; exits 1 when a program fails.
env: LLVM_BIN, ALIASKIT (target/release/aliaskit), JOBS.
"""

import argparse
import concurrent.futures
import functools
import json
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'lib'))
from kit import env  # noqa: E402
from kit import proc  # noqa: E402
from kit.proc import run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
PROGRAMS = os.path.join(HERE, 'programs')
SLICE = ['c_copy_overlap', 'c_inline_same_ptr', 'rs_two_mut_noinline', 'rs_same_slice_inline', 'f_shift',
         'c_copy_disjoint', 'c_threads_clean', 'rs_split_at_mut', 'f_shift_distinct']
BUILD_TIMEOUT = 300
RUN_TIMEOUT = 120


must = functools.partial(proc.must, timeout=BUILD_TIMEOUT)


def variant(p):
    """The front end's flags that choose the program's variant of its source."""
    if 'define' not in p:
        return []
    return ['--cfg', p['define']] if p['language'] == 'rust' else ['-D' + p['define']]


def build_plain(p, d):
    """The -O0 build, whose output is the reference."""
    src, exe = os.path.join(PROGRAMS, p['file']), os.path.join(d, 'plain')
    if p['language'] == 'c':
        must([env.tool('clang'), '-O0', src, '-o', exe, '-pthread'] + variant(p), 'clang -O0')
    elif p['language'] == 'fortran':
        must([env.tool('flang'), '-O0', src, '-o', exe] + variant(p), 'flang -O0', cwd=d)
    else:
        must(['rustc', '-C', 'opt-level=0', src, '-o', exe] + variant(p), 'rustc', cwd=d)
    return exe


def build_sanitized(p, d, flags):
    """The front end's IR, instrumented at -O2, linked with the runtime."""
    src, exe, bc, inst = (os.path.join(PROGRAMS, p['file']), os.path.join(d, 'checked'),
                          os.path.join(d, 'p.bc'), os.path.join(d, 'p.inst.bc'))
    lang = p['language']
    if lang == 'rust':
        environ = dict(os.environ, ALIASKIT_RUST_BC=bc)
        link = os.path.join(os.path.dirname(env.ALIASKIT), 'sanitize', 'rustc-link')
        must(['rustc', '-O', '-g', '-C', 'codegen-units=1', '-C', 'no-prepopulate-passes',
              '--emit=llvm-bc=%s,link' % bc, '-C', 'linker=' + link, src, '-o', exe] + variant(p),
             'rustc with the sanitizing linker', environ=environ, cwd=d)
        return exe
    if lang == 'c':
        must([env.tool('clang'), '-O2', '-g', '-Xclang', '-disable-llvm-passes', '-emit-llvm', '-c',
              src, '-o', bc] + variant(p), 'clang')
    else:
        must([env.tool('flang'), '-O2', '-g', '-emit-llvm', '-c', '-mllvm', '-opt-bisect-limit=0',
              src, '-o', bc] + variant(p), 'flang', cwd=d)
    must([env.ALIASKIT, 'sanitize', bc, '-o', inst, '-O2'], 'aliaskit sanitize')
    driver = env.tool('clang') if lang == 'c' else env.tool('flang')
    must([driver, inst, '-o', exe, '-pthread'] + flags, 'link', cwd=d)
    return exe


def names_function(report, p):
    """Whether a JSON report names the manifest's function."""
    fn = p['function']
    want = {'c': [fn], 'fortran': [fn + '_', '_QP' + fn], 'rust': []}[p['language']]
    texts = [report.get('function', '')] + list(report.get('scope', []))
    for t in texts:
        if any(t == w or t.startswith('"%s:' % w) for w in want):
            return True
        # A Rust symbol: its path ends in ::fn (legacy mangling: <len>fn17h<hash>E).
        if p['language'] == 'rust' and ('%d%s17h' % (len(fn), fn)) in t:
            return True
    return False


def check(p, flags, keep):
    d = tempfile.mkdtemp(prefix='aliaskit-sanitize-%s.' % p['name'])
    try:
        plain = build_plain(p, d)
        rc0, out0, _, _ = run([plain], RUN_TIMEOUT, cwd=d)
        exe = build_sanitized(p, d, flags)
        log = os.path.join(d, 'reports.jsonl')
        environ = dict(os.environ, ALIASKIT_SANITIZE_LOG=log)
        rc, out, err, timed_out = run([exe], RUN_TIMEOUT, environ=environ, cwd=d)
        reports = []
        if os.path.exists(log):
            reports = [json.loads(line) for line in open(log) if line.strip()]
        problems = []
        if timed_out:
            problems.append('ran out of time')
        # A clean program prints what its -O0 build prints. A violating one
        # may not: other claims than the checked ones (Flang's TBAA of
        # dummy arguments, rustc's own MIR optimizations) still hold.
        if p['expect'] == 'clean' and out != out0:
            problems.append('output differs from -O0: %r vs %r' % (out[:200], out0[:200]))
        if p['expect'] == 'violation':
            if not any(names_function(r, p) for r in reports):
                problems.append('no report names %s (%d reports: %s)' % (
                    p['function'], len(reports), sorted({r.get('function') for r in reports})))
            elif p.get('part') and not any(
                    names_function(r, p) and p['part'] in (r['first'].get('part'), r['second'].get('part'))
                    for r in reports):
                problems.append('no report of %s has an access of part %r' % (p['function'], p['part']))
            if rc != 66:
                problems.append('exit status %s, not 66' % rc)
        else:
            if reports:
                problems.append('%d false reports, first: %s' % (len(reports), reports[0].get('claim')))
            if rc != 0:
                problems.append('exit status %s, not 0' % rc)
        summary = [l for l in err.decode(errors='replace').splitlines() if 'summary:' in l]
        return p, problems, len(reports), (summary[-1] if summary else '')
    except RuntimeError as e:
        return p, [str(e)], 0, ''
    finally:
        if keep:
            shutil.copytree(d, os.path.join(keep, p['name']), dirs_exist_ok=True)
        shutil.rmtree(d, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--slice', action='store_true')
    ap.add_argument('--only')
    ap.add_argument('--jobs', type=int, default=env.JOBS)
    ap.add_argument('--keep', help='keep each program\'s work files in KEEP/NAME')
    a = ap.parse_args()
    programs = json.load(open(os.path.join(PROGRAMS, 'MANIFEST.json')))
    if a.slice:
        programs = [p for p in programs if p['name'] in SLICE]
    if a.only:
        want = set(a.only.split(','))
        programs = [p for p in programs if p['name'] in want]
    flags = proc.sanitize_ldflags('programs.py')
    failed = 0
    counts = {'violation': [0, 0], 'clean': [0, 0]}
    with concurrent.futures.ThreadPoolExecutor(max(1, a.jobs)) as pool:
        for p, problems, n, summary in pool.map(lambda p: check(p, flags, a.keep), programs):
            ok = not problems
            counts[p['expect']][0 if ok else 1] += 1
            failed += not ok
            print('%-26s %-9s %-8s %2d reports  %s' % (p['name'], p['expect'], 'ok' if ok else 'FAILED', n,
                                                       '; '.join(problems) or summary), flush=True)
    print('sanitize programs: violations found %d of %d, clean programs without a report %d of %d' % (
        counts['violation'][0], sum(counts['violation']), counts['clean'][0], sum(counts['clean'])))
    sys.exit(1 if failed else 0)


if __name__ == '__main__':
    main()
