"""The summary of the bisect corpus (corpus.py): stdout and RESULTS.md.

Functions of corpus.py's result dicts (one per program; fields: name,
source c|ll|csmith, status, injection, found_by, search_builds, runs,
decisions, seconds, wall, culprits, message).
"""

import math
import statistics

SOURCES = {'c': 'own C', 'll': 'hand-written .ll', 'csmith': 'csmith'}
KINDS = {'tbaa': 'wrong !tbaa', 'noalias': 'wrong !noalias'}


def failed(r):
    """A miss: the bisection did not name the injected decision, or the
    program could not be used though it should have been."""
    return r['status'] in ('wrong-culprits', 'bisect-failed', 'baseline-fails') \
        or r['status'].startswith('build-failed')


def shown_args(argv):
    """The options worth showing in the report (not --jobs)."""
    out, skip = [], False
    for a in argv:
        if skip or a.startswith('--jobs'):
            skip = a == '--jobs'
            continue
        out.append(a)
    return out


def name_order(name):
    src, _, rest = name.partition('-')
    seed = rest[1:] if src == 'csmith' else ''
    return ({'c': 0, 'll': 1, 'csmith': 2}.get(src, 3),
            int(seed) if seed.isdigit() else 0, rest)


def order(r):
    return name_order(r['name'])


def two_log2(d):
    return 2 * math.log2(d) if d > 1 else 0.0


def line(r):
    """One progress line."""
    s = '%-18s %-15s' % (r['name'], r['status'])
    inj = r.get('injection')
    if inj:
        s += ' %-7s @%-10s' % (inj['kind'], inj['function'][:10])
    if 'runs' in r:
        s += ' %3d runs, %5d decisions, %6.1f s, %d culprit(s)' % (
            r['runs'], r['decisions'], r['seconds'], len(r['culprits']))
    if 'search_builds' in r:
        s += ' [%s, %d builds]' % (r['found_by'], r['search_builds'])
    if r.get('message') and r['status'] != 'no-injection':
        s += ': ' + r['message']
    return s


def stats_row(name, xs, fmt='%d'):
    if not xs:
        return '| %s | - | - | - | - |' % name
    return '| %s | %s | %s | %s | %s |' % (
        name, fmt % min(xs), fmt % statistics.median(xs), '%.1f' % statistics.mean(xs),
        fmt % max(xs))


def summary(results, wall, llvm='', command='checks/bisect/corpus.sh'):
    used = [r for r in results if 'injection' in r]
    exact = [r for r in used if r['status'] == 'exact']
    misses = [r for r in results if failed(r)]
    bisected = [r for r in used if 'runs' in r]
    version = next((w.strip() for w in llvm.splitlines() if 'LLVM version' in w), 'LLVM ?')
    out = ['## Bisect corpus: injected alias bugs', '',
           'Made by `%s` (%s). Each program gets one injected'
           ' wrong alias fact, chosen so that its O2 build with aliaskit\'s analyses'
           ' prints a wrong result and the build with `ALIASKIT_BISECT=n` the right'
           ' one; `aliaskit bisect --json` must then name only decisions that involve'
           ' the injected node.' % (command, version), '']
    by_src = {s: sum(r['source'] == s for r in used) for s in SOURCES}
    by_kind = {k: sum(r['injection']['kind'] == k for r in used) for k in KINDS}
    out.append('- programs with an injection: **%d** (%s; %s)' % (
        len(used), ', '.join('%s %d' % (SOURCES[s], n) for s, n in by_src.items()),
        ', '.join('%s %d' % (KINDS[k], n) for k, n in by_kind.items())))
    out.append('- found exactly: **%d of %d**' % (len(exact), len(used)))
    out.append('- misses: %s' % (len(misses) if misses else 'none'))
    for r in misses:
        inj = r.get('injection')
        out.append('  - `%s` (%s): %s%s' % (
            r['name'], r['status'], ('%s; ' % describe(inj)) if inj else '', r.get('message', '')))
    cs = [r for r in results if r['source'] == 'csmith']
    if cs:
        skipped = sorted({r['status'] for r in cs if r['status'].startswith('skip')})
        none = [r for r in cs if r['status'] == 'no-injection']
        probe = sum(r.get('found_by', '').endswith('probe') for r in none)
        out.append('- csmith programs: %d tried, %d with an injection, %d without (%d given up'
                   ' after the probe, %d after a search), %d skipped (%s)' % (
                       len(cs), sum('injection' in r for r in cs), len(none), probe,
                       len(none) - probe,
                       sum(r['status'].startswith('skip') for r in cs),
                       ', '.join(skipped) or '-'))
    other = [r for r in results if r['source'] != 'csmith' and 'injection' not in r and not failed(r)]
    for r in other:
        out.append('- `%s`: %s' % (r['name'], r['status']))
    out.append('- wall time of the whole run: %.0f s' % wall)
    searched = [r['search_builds'] for r in used if r.get('found_by') == 'search']
    how = {h: sum(r.get('found_by') == h for r in used) for h in ('search', 'cache', 'manifest')}
    out.append('- injections from: %s' % ', '.join('%s %d' % kv for kv in how.items()))
    out += ['', '| per program | min | median | mean | max |', '|---|---|---|---|---|',
            stats_row('runs of the command', [r['runs'] for r in bisected]),
            stats_row('decisions (all kept)', [r['decisions'] for r in bisected]),
            stats_row('bisect wall time (s)', [r['seconds'] for r in bisected], '%.1f'),
            stats_row('culprits named', [len(r['culprits']) for r in bisected]),
            stats_row('builds of a search that found one', searched)]
    if bisected:
        out += ['', 'Runs against 2·log2(decisions) (runs count every run of the command:'
                ' the two premise runs and the confirmation too):', '',
                '| decisions | bisections | median runs | median 2·log2(d) | runs <= 2·log2(d) |'
                ' runs <= 2·log2(d) + 3 |', '|---|---|---|---|---|---|']
        for lo, hi in ((1, 8), (9, 64), (65, 10 ** 9)):
            rs = [r for r in bisected if lo <= r['decisions'] <= hi]
            if not rs:
                continue
            out.append('| %s | %d | %s | %.1f | %d | %d |' % (
                '%d-%d' % (lo, hi) if hi < 10 ** 9 else '%d+' % lo, len(rs),
                fmt_num(statistics.median(r['runs'] for r in rs)),
                statistics.median(two_log2(r['decisions']) for r in rs),
                sum(r['runs'] <= two_log2(r['decisions']) for r in rs),
                sum(r['runs'] <= two_log2(r['decisions']) + 3 for r in rs)))
        out.append('| all | %d | %s | %.1f | %d | %d |' % (
            len(bisected), fmt_num(statistics.median(r['runs'] for r in bisected)),
            statistics.median(two_log2(r['decisions']) for r in bisected),
            sum(r['runs'] <= two_log2(r['decisions']) for r in bisected),
            sum(r['runs'] <= two_log2(r['decisions']) + 3 for r in bisected)))
    out += ['', '| program | injection | decisions | runs | 2·log2(d) | seconds | culprits | result |',
            '|---|---|---|---|---|---|---|---|']
    for r in used:
        out.append('| %s | %s | %s | %s | %s | %s | %s | %s |' % (
            r['name'], describe(r['injection']), r.get('decisions', '-'), r.get('runs', '-'),
            '%.1f' % two_log2(r['decisions']) if 'decisions' in r else '-',
            '%.1f' % r['seconds'] if 'seconds' in r else '-',
            culprit_text(r), r['status']))
    return '\n'.join(out) + '\n'


def fmt_num(x):
    return '%d' % x if x == int(x) else '%.1f' % x


def describe(inj):
    if inj['kind'] == 'tbaa':
        return 'tbaa @%s access %d' % (inj['function'], inj['access'])
    return 'noalias @%s store %d load %d' % (inj['function'], inj['store'], inj['load'])


def culprit_text(r):
    cs = r.get('culprits')
    if not cs:
        return '-'
    fns = sorted({c['function'] for c in cs})
    return '%d %s in %s' % (len(cs), cs[0]['analysis'], ', '.join('@' + f for f in fns))
