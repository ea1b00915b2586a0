#!/usr/bin/env python3
"""P3: the cost of verify-alias-md above parsing, against LLVM's verifier.

usage: bench/p3.py [--runs 7] [--no-callgrind] [--jobs N] [FILE.bc ...]

On the largest corpus modules (default: target/corpus/large/*.bc, built by
corpora/real-c.sh), three opt runs per module, each with the plugin loaded (so
that loading it is part of the baseline, not of our pass):

  base   opt -load-pass-plugin=$PLUGIN -disable-verify -passes=''                    -disable-output x.bc
  llvm   opt -load-pass-plugin=$PLUGIN -disable-verify -passes=verify                -disable-output x.bc
  ours   opt -load-pass-plugin=$PLUGIN -disable-verify -passes='verify-alias-md<warn>' -disable-output x.bc

* time: CPU time (user + sys of the child, from wait4), median of N runs
  (default 7), interleaved (each round runs the three in a rotating order);
* Ir: instructions executed, valgrind --tool=callgrind (exact; the three
  runs of a module in parallel up to --jobs).

Goal: (ours - base) <= 0.25 x (llvm - base), per module and in total.
Prints a markdown table; exit status 1 when the goal is missed on the total
instruction count (or, with --no-callgrind, on the total time).
env: LLVM_BIN, PLUGIN, JOBS.
"""

import argparse
import concurrent.futures as cf
import glob
import os
import shutil
import statistics
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tools', 'lib'))
from kit import env, proc  # noqa: E402

PIPES = {'base': '', 'llvm': 'verify', 'ours': 'verify-alias-md<warn>'}
GOAL = 0.25


def cmd(kind, path):
    return proc.opt_cmd(['-disable-verify', '-passes=' + PIPES[kind], '-disable-output', path])


def ratio(ours, llvm, base):
    d = llvm - base
    return (ours - base) / d if d > 0 else float('nan')


def fmt_ratio(r):
    ok = r <= GOAL
    return '%.3f %s' % (r, 'ok' if ok else 'MISSED')


def print_table(files, values, num, unit):
    """One markdown table: per module (values[f][pipeline]) and in total,
    the costs and ours / verify above parsing; returns the total ratio."""
    print()
    print('| module | parse only%s | + verify%s | + verify-alias-md%s | verify above parse%s '
          '| ours above parse%s | ours / verify |' % ((unit,) * 5))
    print('|---|---:|---:|---:|---:|---:|---:|')
    row = '| %s | ' + ' | '.join([num] * 5) + ' | %s |'
    tot = {k: 0 for k in PIPES}
    for f in files:
        m = values[f]
        for k in PIPES:
            tot[k] += m[k]
        print(row % (os.path.basename(f), m['base'], m['llvm'], m['ours'], m['llvm'] - m['base'],
                     m['ours'] - m['base'], fmt_ratio(ratio(m['ours'], m['llvm'], m['base']))))
    total = ratio(tot['ours'], tot['llvm'], tot['base'])
    print(row % (
        '**total**', tot['base'], tot['llvm'], tot['ours'], tot['llvm'] - tot['base'],
        tot['ours'] - tot['base'], '**%s**' % fmt_ratio(total)))
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('files', nargs='*')
    ap.add_argument('--runs', type=int, default=7)
    ap.add_argument('--no-callgrind', action='store_true')
    ap.add_argument('--jobs', type=int, default=env.JOBS)
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(env.TARGET, 'corpus', 'large', '*.bc')))
    if not files:
        print('no modules: build target/corpus/large with corpora/real-c.sh', file=sys.stderr)
        return 2
    for f in (env.OPT, env.PLUGIN):
        if not os.path.exists(f):
            print('missing %s' % f, file=sys.stderr)
            return 2
    # A private copy of the plugin: a rebuild during the run changes nothing.
    tmpdir = tempfile.mkdtemp(prefix='p3-')
    env.snapshot_plugin(tmpdir)
    try:
        return measure(a, files)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


def measure(a, files):

    times = {f: {k: [] for k in PIPES} for f in files}
    order = list(PIPES)
    for r in range(a.runs):
        for f in files:
            rot = order[r % 3:] + order[:r % 3]
            for k in rot:
                times[f][k].append(proc.cpu_time(cmd(k, f))[0])
    med = {f: {k: statistics.median(v) for k, v in times[f].items()} for f in files}

    ir = {}
    if not a.no_callgrind:
        with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            futs = {(f, k): ex.submit(proc.instructions, cmd(k, f)) for f in files for k in PIPES}
            ir = {f: {k: futs[(f, k)].result() for k in PIPES} for f in files}

    print('P3: verify-alias-md vs LLVM `verify`, cost above parsing (plugin loaded in all runs)')
    print()
    print('CPU time (user+sys), median of %d interleaved runs:' % a.runs)
    time_ratio = print_table(files, med, '%.4f', ' (s)')
    ir_ratio = None
    if ir:
        print()
        print('Instructions executed (valgrind --tool=callgrind, exact):')
        ir_ratio = print_table(files, ir, '%d', '')
    print()
    print('Goal: (ours - parse) <= %.2f x (verify - parse).' % GOAL)
    decisive = ir_ratio if ir_ratio is not None else time_ratio
    return 0 if decisive <= GOAL else 1


if __name__ == '__main__':
    sys.exit(main())
