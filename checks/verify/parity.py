#!/usr/bin/env python3
"""Parity of verify-alias-md with LLVM 22's verifier on a mutation corpus.

usage: parity.py [--count N] [--seed S] [--slice] [--keep]
                 [--check-table] [--print-table]

Builds N modules by damaging valid ones (mutate.py; sources: aliaskit-modgen
in every encoding with and without scoped metadata, the clang-compiled
csmith modules of target/corpus, a few of its large binutils modules, and
sources/kinds.ll, which has every kind of instruction the verifier tells
apart),
then, for each module:

  LLVM   opt -verify-noalias-scope-decl-dom -passes=verify -disable-output x.ll
         broken iff exit 1; its messages are the lines of stderr that are not
         a printed object (instruction, `!N = ...`, number).
         Where LLVM accepts a module with !tbaa attachments:
         llvm-as -disable-verify x.ll | opt -passes=verify -S; no `!tbaa`
         left means the bitcode reader stripped it.
  ours   opt -load-pass-plugin=$PLUGIN -disable-verify
             -passes='verify-alias-md<warn;json>' -disable-output x.ll

and checks
  (a) verdict:   LLVM broken <=> we report an error of a parity rule;
  (b) messages:  the multiset of LLVM's messages equals the multiset of the
                 messages of our parity-rule findings, and each of our
                 parity findings carries the rule id its message maps to
                 (PARITY below, read from `aliaskit rules --json`;
                 checks/verify/PARITY.md);
  (c) stripping: LLVM accepts but its bitcode reader strips TBAA <=> we
                 report tbaa-silently-invalid (stripped modules where we only
                 report another error LLVM misses are counted separately);
  crashes:       our run never crashes (signal, exit >= 128, 'LLVM ERROR')
                 or hangs (20 s); where LLVM's verifier crashes (it does on
                 some null operands) we must report at least one error.

Every module is deterministic in (seed, index). Output under
target/verify-corpus/ (modules/, failures/<module>/, summary.json).
Exit status 0 iff there is no disagreement, no crash and no hang of ours.
env: LLVM_BIN, PLUGIN, CLI, MODGEN, JOBS, CORPUS (default target/corpus).
"""

import argparse
import collections
import concurrent.futures as cf
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, '..', '..', 'tools', 'lib'))
sys.dont_write_bytecode = True
import mutate  # noqa: E402
from kit import env, proc  # noqa: E402

# ---------------------------------------------------------------------------
# LLVM 22.1.8 verifier message -> our rule id (Verifier.cpp function): the
# rules! table of core/src/verify/mod.rs, as `aliaskit rules --json` prints
# it, plus LLVM's messages no rule reports.
UNREPORTED = [
    # Unreachable from visitTBAAMetadata: its walk stops at roots (nodes with
    # fewer than two operands) before it checks a base node.
    ('Base nodes must have at least two operands', 'verifyTBAABaseNode'),
]


def load_parity():
    """[(LLVM message, rule id or None, LLVM function)] from the CLI."""
    try:
        out = subprocess.run([env.CLI, 'rules', '--json'], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        sys.exit('parity.py: cannot read the rule table from %s rules --json (%s); '
                 'build it (cargo build --release --workspace) or set CLI' % (env.CLI, e))
    rules = [json.loads(line) for line in out.decode().splitlines()]
    return ([(r['llvm_message'], r['id'], r['llvm_function']) for r in rules if r['llvm_message']]
            + [(m, None, fn) for m, fn in UNREPORTED])


PARITY = load_parity()
MSG_TO_RULE = {m: r for m, r, _ in PARITY}
RULE_TO_MSG = {r: m for m, r, _ in PARITY if r}
PARITY_RULES = set(RULE_TO_MSG)
# Not LLVM messages, but about what LLVM does: reported as errors by us.
SILENT_RULE = 'tbaa-silently-invalid'
NULL_RULE = 'scope-list-null'

OBJECT_LINE = re.compile(r'^(\s|!(\d+|[A-Za-z_.$][\w.$-]*) = |-?\d+$)')
NOISE_LINE = re.compile(r'(: error: input module is broken!$|^PLEASE submit|^Stack dump|^\s*#\d+ |'
                        r'^\d+\.\s+Program arguments|^Segmentation fault)')
# LLVM printing a metadata operand that is not a node where its message
# prints a node: it read a non-node as an MDNode (getFieldNodeFromTBAABaseNode
# does `cast<MDNode>` on the "last field" of a new-format type without fields,
# which is op 0, whatever it is); what it says afterwards is undefined.
UB_LINE = re.compile(r'^(i\d+ -?\d+|i1 (true|false)|ptr .*|!"[^"]*"|null)$')
PARSE_ERROR = re.compile(r'\.ll:\d+:\d+: error:')
TIMEOUT_OURS = 20
# LLVM's verifier with the check it makes only on request, which
# verify-alias-md always makes (scope-decl-dominates).
LLVM_VERIFY = ['-verify-noalias-scope-decl-dom', '-passes=verify']
TIMEOUT_LLVM = 120


OUT = os.path.join(env.TARGET, 'verify-corpus')


def crashed(rc, err):
    return rc is not None and (rc >= 128 or b'LLVM ERROR' in err)


def llvm_messages(stderr):
    """LLVM's verifier messages (object lines and noise dropped), and the
    lines that show it read a non-node as a node."""
    msgs, ub = [], []
    for line in stderr.decode('utf-8', 'replace').split('\n'):
        if not line.strip() or OBJECT_LINE.match(line) or NOISE_LINE.search(line):
            continue
        (ub if UB_LINE.match(line) else msgs).append(line)
    return msgs, ub


def our_findings(stderr):
    found, other = [], []
    for line in stderr.decode('utf-8', 'replace').split('\n'):
        if line.startswith('{"tool":"verify-alias-md"'):
            try:
                found.append(json.loads(line))
            except json.JSONDecodeError:
                other.append(line)
        elif line.strip():
            other.append(line)
    return found, other


def crash_site(stderr):
    """The first LLVM function of a stack dump (below the signal handlers)."""
    for line in stderr.decode('utf-8', 'replace').split('\n'):
        m = re.match(r'\s*#\d+ 0x[0-9a-f]+ (llvm::\S+?)\(', line)
        if m and 'sys::' not in m.group(1):
            return m.group(1)
    return '?'


HAS_TBAA = re.compile(rb'!tbaa !\d')


# ---------------------------------------------------------------- sources --
def corpus_modules():
    """(csmith .ll paths, large .ll paths) from target/corpus/MANIFEST."""
    manifest = os.path.join(env.CORPUS, 'MANIFEST')
    csmith, large = [], []
    if not os.path.exists(manifest):
        return csmith, large
    for line in open(manifest):
        parts = line.split()
        if len(parts) < 3 or line.startswith('#'):
            continue
        path = os.path.join(env.CORPUS, parts[1])
        if parts[0].startswith('csmith') and os.path.exists(path):
            csmith.append(path)
        elif parts[0] == 'large':
            ll = path[:-3] + '.ll' if path.endswith('.bc') else path
            if os.path.exists(ll):
                large.append(ll)
    return csmith, large


# A hand-written module with every instruction kind (invoke, callbr, va_arg,
# atomics, fence, ...), scope lists on an invoke, and llvm.errno.tbaa.
KINDS = os.path.join(HERE, 'sources', 'kinds.ll')
ENCODINGS = ['old', 'new', 'scalar', 'mixed']
SCOPES = ['none', 'some', 'many']


def plan(count, seed, csmith, large, slice_mode):
    """The source of every module: ('modgen', seed, encoding, scopes) or
    ('file', path)."""
    specs = []
    for i in range(count):
        r = random.Random('aliaskit-parity:%s:%d' % (seed, i))
        p = r.random()
        if p < 0.05:
            src = ('file', KINDS)
        elif csmith and p < 0.43:
            src = ('file', r.choice(csmith))
        elif large and not slice_mode and p < 0.44:
            src = ('file', r.choice(large))
        else:
            src = ('modgen', r.randrange(1, 1 << 30), r.choice(ENCODINGS),
                   r.choices(SCOPES, [1, 2, 2])[0])
        specs.append({'index': i, 'name': 'm%05d' % i, 'source': src,
                      'mutation_seed': '%s:%d' % (seed, i)})
    return specs


def source_path(src):
    if src[0] == 'file':
        return src[1]
    _, s, enc, sc = src
    return os.path.join(OUT, 'src', 'modgen-%d-%s-%s.1decl.ll' % (s, enc, sc))


MD_DEF = re.compile(rb'^(![\w.]+) = (.*)$', re.M)
DECL = re.compile(rb'^\s*(?:tail )?call void @llvm\.experimental\.noalias\.scope\.decl\(metadata (![\w.]+)\)')


def one_decl_per_scope(text):
    """aliaskit-modgen declares a scope list again now and then, where an
    earlier declaration of it may dominate the new one, which LLVM's
    verifier rejects with -verify-noalias-scope-decl-dom (and we always do:
    scope-decl-dominates). A source must pass, so keep the first declaration
    of each list per function (the file's `.1decl` in its name). `text` is
    opt -S output, where one node has one number; the operands are
    compared as well, to be safe."""
    defs = {m.group(1): m.group(2) for m in MD_DEF.finditer(text)}
    out, seen = [], set()
    for line in text.splitlines(keepends=True):
        if line.startswith(b'define '):
            seen = set()
        m = DECL.match(line)
        if m:
            d = defs.get(m.group(1), m.group(1))
            key = m.group(1) if d.startswith(b'distinct') else d
            if key in seen:
                continue
            seen.add(key)
        out.append(line)
    return b''.join(out)


def source_label(src):
    if src[0] == 'modgen':
        return 'modgen-%s%s' % (src[2], '' if src[3] == 'none' else '+scopes')
    if src[1] == KINDS:
        return 'hand-written'
    rel = os.path.relpath(src[1], env.CORPUS)
    return 'large' if rel.startswith('large') else 'csmith'


def prepare_source(src):
    """Generates a modgen source if needed; checks that LLVM accepts it and
    that we report no parity error on it. Returns (src, problem or None,
    our error rules on it as {rule: count})."""
    path = source_path(src)
    if src[0] == 'modgen' and not os.path.exists(path):
        _, s, enc, sc = src
        rc, out, err, _ = proc.run([env.MODGEN, '--seed', str(s), '--encoding', enc, '--scopes', sc], 60)
        if rc != 0:
            return src, 'modgen failed: %s' % err.decode()[-200:], {}
        # opt -S merges the lists that are one node (uniqued, equal
        # operands) into one number first.
        rc, out, err, _ = proc.opt(['-S', '-', '-o', '-'], TIMEOUT_LLVM, plugin=False, input=out)
        if rc != 0:
            return src, 'opt -S on the modgen output failed: %s' % err.decode()[-200:], {}
        tmp = path + '.tmp%d' % os.getpid()
        with open(tmp, 'wb') as f:
            f.write(one_decl_per_scope(out))
        os.replace(tmp, path)
    rc, _, err, to = proc.opt(LLVM_VERIFY + ['-disable-output', path], TIMEOUT_LLVM, plugin=False)
    if rc != 0:
        return src, 'LLVM rejects the source (rc %s)' % rc, {}
    rc, _, err, to = proc.opt(['-disable-verify', '-passes=verify-alias-md<warn;json>', '-disable-output', path],
                              TIMEOUT_OURS * 5)
    found, _ = our_findings(err)
    bad = [f['rule'] for f in found if f['rule'] in PARITY_RULES or f['rule'] == SILENT_RULE]
    errors = dict(collections.Counter(f['rule'] for f in found if f['severity'] == 'error'))
    if rc != 0 or bad:
        return src, 'our run on the source: rc %s, parity errors %s' % (rc, sorted(set(bad))), errors
    return src, None, errors


# ----------------------------------------------------------------- checks --
_SOURCE_CACHE = {}


def check_module(spec):
    t0 = time.time()
    src = spec['source']
    path = source_path(src)
    if path not in _SOURCE_CACHE:
        if len(_SOURCE_CACHE) > 8:
            _SOURCE_CACHE.clear()
        with open(path) as f:
            _SOURCE_CACHE[path] = f.read()
    text, done = mutate.mutate(_SOURCE_CACHE[path], spec['mutation_seed'])
    res = {'name': spec['name'], 'source': source_label(src), 'source_path': path,
           'mutations': done if text else [], 'problems': []}
    if text is None:
        res['status'] = 'no-mutation'
        return res
    ll = os.path.join(OUT, 'modules', spec['name'] + '.ll')
    with open(ll, 'w') as f:
        f.write(text)
    res['file'] = ll
    res['kinds'] = sorted({d.split(':')[0] for d in done})

    # LLVM's verdict.
    rc, _, err, to = proc.opt(LLVM_VERIFY + ['-disable-output', ll], TIMEOUT_LLVM, plugin=False)
    llvm_err = err
    res['llvm_rc'] = rc
    if PARSE_ERROR.search(err.decode('utf-8', 'replace')):
        res['status'] = 'parse-error'
        res['problems'].append('the mutated module does not parse')
    elif crashed(rc, err) or to:
        parser = b'LLParser' in err or b'parseAssembly' in err
        res['status'] = 'parser-crash' if parser else 'llvm-crash'
        res['llvm_crash_at'] = crash_site(err)
    else:
        res['status'] = 'ok'
    res['llvm_messages'], ub = llvm_messages(err) if res['status'] == 'ok' else ([], [])
    if ub:
        res['status'] = 'llvm-ub'
        res['llvm_ub_lines'] = ub[:3]

    # Ours.
    rc2, _, err2, to2 = proc.opt(['-disable-verify', '-passes=verify-alias-md<warn;json>', '-disable-output', ll],
                                 TIMEOUT_OURS)
    found, other = our_findings(err2)
    res['our_rc'] = rc2
    res['our_hang'] = to2
    res['our_crash'] = crashed(rc2, err2) and res['status'] != 'parser-crash'
    if b'Could not load library' in err2:
        res['our_crash'] = False
        res['problems'].append('the plugin did not load: %s' % err2.decode('utf-8', 'replace')[:200])
    res['our_exit'] = rc2 not in (0, None) and not res['our_crash'] and res['status'] != 'parser-crash'
    res['our_rules'] = [f['rule'] for f in found]
    res['our_errors'] = [f['rule'] for f in found if f['severity'] == 'error']
    # Errors the mutation added (the sources may break rules beyond LLVM).
    res['new_errors'] = sorted((collections.Counter(res['our_errors'])
                                - collections.Counter(spec.get('source_errors', {}))).elements())
    parity = [f for f in found if f['rule'] in PARITY_RULES]
    res['our_parity_messages'] = [f['message'] for f in parity]
    res['our_other_output'] = other[:5]
    if res['our_crash']:
        res['problems'].append('our pass crashed (rc %s)' % rc2)
    if to2:
        res['problems'].append('our pass hung (> %d s)' % TIMEOUT_OURS)
    if res['our_exit']:
        res['problems'].append('our pass exited with %s under <warn>' % rc2)

    disagreements = []
    if res['status'] == 'ok' and not to2 and not res['our_crash']:
        llvm_broken = rc == 1
        ours_broken = any(f['severity'] == 'error' for f in parity)
        res['llvm_broken'] = llvm_broken
        unknown = [m for m in res['llvm_messages'] if not MSG_TO_RULE.get(m)]
        if unknown:
            disagreements.append(('llvm-unknown-message', unknown[:3]))
        if llvm_broken and not ours_broken:
            disagreements.append(('verdict:llvm-only', []))
        elif ours_broken and not llvm_broken:
            disagreements.append(('verdict:ours-only', sorted({f['rule'] for f in parity})))
        lm = collections.Counter(m for m in res['llvm_messages'] if MSG_TO_RULE.get(m))
        om = collections.Counter(res['our_parity_messages'])
        if lm != om:
            disagreements.append(('messages', {'llvm-only': dict(lm - om), 'ours-only': dict(om - lm)}))
        wrong = sorted({(f['rule'], f['message']) for f in parity if RULE_TO_MSG[f['rule']] != f['message']})
        if wrong:
            disagreements.append(('rule-id', wrong[:3]))
        silent = SILENT_RULE in res['our_errors']
        # Our silent-rejection findings on llvm.errno.tbaa operands only:
        # LLVM's bitcode reader checks instruction tags only.
        silent_on = {f['attachment'] for f in found if f['rule'] == SILENT_RULE}
        no_strip_kind = ('strip:silent-on-errno-only' if silent_on == {'!llvm.errno.tbaa'}
                         else 'strip:silent-without-strip')
        res['strip'] = None
        if not llvm_broken and HAS_TBAA.search(text.encode()):
            rc3, bc, err3, _ = proc.run([env.tool('llvm-as'), '-disable-verify', ll, '-o', '-'], TIMEOUT_LLVM)
            if rc3 == 0:
                rc4, out4, err4, _ = proc.opt(['-passes=verify', '-S', '-', '-o', '-'], TIMEOUT_LLVM, plugin=False, input=bc)
            if rc3 != 0 or rc4 != 0:
                res['strip'] = 'llvm-failed'
                res['problems'].append('bitcode round trip failed: %s' % (err3 if rc3 else err4)
                                       .decode('utf-8', 'replace')[-300:])
                if crashed(rc3, err3) or (rc3 == 0 and crashed(rc4, err4)):
                    res['status'] = 'llvm-crash-bitcode'
            else:
                res['strip'] = not HAS_TBAA.search(out4)
            if res['strip'] is True:
                beyond = [r for r in res['new_errors'] if r not in PARITY_RULES and r != SILENT_RULE]
                if silent:
                    res['strip_verdict'] = 'stripped, we report it'
                elif beyond:
                    res['strip_verdict'] = 'stripped, we report another error'
                else:
                    res['strip_verdict'] = 'stripped, we miss it'
                    disagreements.append(('strip:missed', []))
            elif res['strip'] is False:
                res['strip_verdict'] = 'kept, we report it' if silent else 'kept, we do not report it'
                if silent:
                    disagreements.append((no_strip_kind, []))
        elif not llvm_broken:
            res['strip_verdict'] = ('no !tbaa, we report it' if silent
                                    else 'no !tbaa, we do not report it')
            if silent:
                disagreements.append((no_strip_kind, []))
    elif res['status'] in ('llvm-crash', 'llvm-ub'):
        if not res['new_errors']:
            disagreements.append((res['status'] + '-unreported', []))
    res['disagreements'] = disagreements
    res['failed'] = bool(disagreements or res['our_crash'] or to2 or res['our_exit']
                         or res['problems'] and res['status'] != 'llvm-crash-bitcode')
    if res['failed']:
        d = os.path.join(OUT, 'failures', spec['name'])
        os.makedirs(d, exist_ok=True)
        shutil.copy(ll, os.path.join(d, 'module.ll'))
        with open(os.path.join(d, 'llvm.stderr'), 'wb') as f:
            f.write(llvm_err)
        with open(os.path.join(d, 'ours.stderr'), 'wb') as f:
            f.write(err2)
        with open(os.path.join(d, 'result.json'), 'w') as f:
            json.dump(res, f, indent=1, default=str)
    res['seconds'] = time.time() - t0
    return res


# ---------------------------------------------------------------- report --
def parity_table_md():
    lines = ['| LLVM 22.1.8 verifier message | our rule id | LLVM function |', '|---|---|---|']
    for m, r, fn in PARITY:
        lines.append('| `%s` | %s | `%s` |' % (m, '`%s`' % r if r else '(none)', fn))
    return '\n'.join(lines)


def check_table():
    """Each message of the table is one LLVM 22's verifier prints: it is in
    libLLVM's text, word for word."""
    lib_dir = os.path.join(os.path.dirname(env.LLVM_BIN.rstrip('/')), 'lib')
    libs = sorted(n for n in os.listdir(lib_dir) if n.startswith('libLLVM') and '.so' in n)
    if not libs:
        return ['no libLLVM*.so in %s' % lib_dir]
    with open(os.path.join(lib_dir, libs[-1]), 'rb') as f:
        text = f.read()
    return ['message %r (%s) is not in %s' % (m, r or 'no rule', libs[-1])
            for m, r, _ in PARITY if m.encode() not in text]


def summarize(results, sources_info, elapsed, args):
    c = collections.Counter
    total = len(results)
    status = c(r['status'] for r in results)
    by_source = c(r['source'] for r in results)
    kinds = c(k for r in results for k in r.get('kinds', []))
    dis = c(d[0] for r in results for d in r['disagreements'])
    compared = [r for r in results if r['status'] == 'ok' and 'llvm_broken' in r]
    kinds_of = [{d[0] for d in r['disagreements']} for r in compared]
    agree = sum(1 for k in kinds_of if not k)
    agree_a = sum(1 for k in kinds_of if not k & {'verdict:llvm-only', 'verdict:ours-only'})
    agree_b = sum(1 for k in kinds_of if not k & {'messages', 'rule-id', 'llvm-unknown-message'})
    llvm_broken = sum(1 for r in compared if r['llvm_broken'])
    accepts = [r for r in compared if not r['llvm_broken']]
    agree_c = sum(1 for r in accepts if not any(d[0].startswith('strip:') for d in r['disagreements']))
    strip = c(r.get('strip_verdict') for r in accepts if r.get('strip_verdict'))
    llvm_crash = [r for r in results if r['status'] in ('llvm-crash', 'llvm-crash-bitcode', 'llvm-ub')]
    our_crash = [r for r in results if r['our_crash']]
    our_hang = [r for r in results if r['our_hang']]
    our_exit = [r for r in results if r['our_exit']]
    llvm_msgs = c(m for r in compared for m in r['llvm_messages'])
    our_rules = c(x for r in results for x in r.get('our_rules', []))
    beyond_when_llvm_accepts = c(x for r in accepts for x in set(r['new_errors']) if x not in PARITY_RULES)
    crash_rules = c(x for r in llvm_crash for x in set(r['new_errors']))
    failed = [r for r in results if r['failed']]
    n_dis = sum(1 for r in results if r['disagreements'])

    out = []
    p = out.append
    p('verify-alias-md parity with the LLVM 22 verifier (seed %s, %s)' % (
        args.seed, 'slice' if args.slice else 'full'))
    p('  plugin: copy of %s built %s' % (os.environ.get('PLUGIN', 'target/release/libaliaskit.so'),
                                         time.strftime('%Y-%m-%d %H:%M:%S',
                                                       time.localtime(os.path.getmtime(env.PLUGIN)))))
    p('  modules: %d  (%s)' % (total, ', '.join('%s %d' % kv for kv in sorted(by_source.items()))))
    p('  sources: %d distinct, %d rejected%s' % (sources_info[0], len(sources_info[1]),
                                               ''.join('\n    ' + x for x in sources_info[1][:5])))
    p('  mutations: %s' % ', '.join('%s %d' % kv for kv in sorted(kinds.items())))
    p('  LLVM: %s' % ', '.join('%s %d' % kv for kv in sorted(status.items())))
    p('  compared: %d (LLVM broken %d, accepts %d)' % (len(compared), llvm_broken, len(accepts)))
    p('    agreements, all checks:      %d / %d' % (agree, len(compared)))
    p('    (a) verdict:                 %d / %d' % (agree_a, len(compared)))
    p('    (b) message multisets:       %d / %d' % (agree_b, len(compared)))
    p('    (c) bitcode stripping:       %d / %d modules LLVM accepts' % (agree_c, len(accepts)))
    for k, n in sorted(strip.items()):
        p('          %-36s %d' % (k, n))
    p('  disagreements: %d modules%s' % (n_dis, ''.join('\n    %-32s %d' % kv for kv in sorted(dis.items()))))
    p('  LLVM crashes / undefined behaviour (not compared): %d (%s); we report a new error on %d' % (
        len(llvm_crash), ', '.join('%s %d' % kv for kv in sorted(c(r['status'] for r in llvm_crash).items())),
        sum(1 for r in llvm_crash if r['new_errors'])))
    p('    where LLVM crashed: %s' % ', '.join('%s %d' % kv for kv in c(
        r.get('llvm_crash_at', '?') for r in llvm_crash if r['status'] == 'llvm-crash').most_common()))
    p('    our new errors there (modules): %s' % ', '.join('%s %d' % kv for kv in crash_rules.most_common()))
    p('  our crashes: %d, hangs: %d, bad exits: %d' % (len(our_crash), len(our_hang), len(our_exit)))
    p('  LLVM messages (compared modules), with our rule:')
    for m, n in llvm_msgs.most_common():
        p('    %7d  %-28s %s' % (n, MSG_TO_RULE.get(m) or '?', m[:70]))
    p('  our findings by rule (all modules):')
    for rule, n in sorted(our_rules.items(), key=lambda kv: (-kv[1], kv[0])):
        p('    %7d  %s%s' % (n, rule, '' if rule in PARITY_RULES else '  (beyond LLVM)'))
    p('  new errors LLVM misses, in modules it accepts (modules): %s' % (
        ', '.join('%s %d' % kv for kv in beyond_when_llvm_accepts.most_common()) or 'none'))
    p('  time: %.1f s wall, %d jobs' % (elapsed, args.jobs))
    if failed:
        p('  failing modules (kept under %s):' % os.path.relpath(os.path.join(OUT, 'failures'), env.ROOT))
        for r in failed[:30]:
            p('    %s [%s] %s %s' % (r['name'], r['source'],
                                     '; '.join(d[0] for d in r['disagreements']) or '',
                                     '; '.join(r['problems'])))
            for m in r['mutations']:
                p('        %s' % m[:150])
    return '\n'.join(out), failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--count', type=int, default=None)
    ap.add_argument('--seed', default='1')
    ap.add_argument('--slice', action='store_true', help='~100 modules, no large ones (for make test)')
    ap.add_argument('--jobs', type=int, default=env.JOBS)
    ap.add_argument('--keep', action='store_true', help='keep target/verify-corpus/modules')
    ap.add_argument('--check-table', action='store_true')
    ap.add_argument('--print-table', action='store_true')
    args = ap.parse_args()
    if args.print_table:
        print(parity_table_md())
        return 0
    problems = check_table()
    if problems or args.check_table:
        print('\n'.join(problems) or 'parity table: ok (%d messages)' % len(PARITY))
        return 1 if problems else 0
    count = args.count if args.count is not None else (100 if args.slice else 1200)
    for tool in (env.OPT, env.tool('llvm-as'), env.PLUGIN, env.MODGEN):
        if not os.path.exists(tool):
            print('parity.py: missing %s (run cargo build --release)' % tool, file=sys.stderr)
            return 2
    t0 = time.time()
    for d in ('modules', 'failures'):
        shutil.rmtree(os.path.join(OUT, d), ignore_errors=True)
        os.makedirs(os.path.join(OUT, d))
    # A private copy of the plugin: a rebuild during the run changes nothing.
    env.snapshot_plugin(OUT)
    os.makedirs(os.path.join(OUT, 'src'), exist_ok=True)
    csmith, large = corpus_modules()
    if not csmith:
        print('note: no csmith corpus under %s (corpora/real-c.sh builds it); modgen sources only' % env.CORPUS)
    specs = plan(count, args.seed, csmith, large, args.slice)
    sources = sorted({s['source'] for s in specs}, key=str)
    with cf.ProcessPoolExecutor(max_workers=args.jobs) as ex:
        prepared = list(ex.map(prepare_source, sources))
        bad_sources = {src: prob for src, prob, _ in prepared if prob}
        source_errors = {src: errors for src, _, errors in prepared}
        todo = [s for s in specs if s['source'] not in bad_sources]
        for s in todo:
            s['source_errors'] = source_errors[s['source']]
        results = list(ex.map(check_module, todo, chunksize=4))
    elapsed = time.time() - t0
    text, failed = summarize(results, (len(sources), ['%s: %s' % (source_path(s), p)
                                                      for s, p in bad_sources.items()]), elapsed, args)
    print(text)
    with open(os.path.join(OUT, 'summary.json'), 'w') as f:
        json.dump({'seed': args.seed, 'count': count, 'results': results}, f, indent=0, default=str)
    with open(os.path.join(OUT, 'summary.txt'), 'w') as f:
        f.write(text + '\n')
    if not args.keep:
        shutil.rmtree(os.path.join(OUT, 'modules'), ignore_errors=True)
    return 1 if failed or bad_sources else 0


if __name__ == '__main__':
    sys.exit(main())
