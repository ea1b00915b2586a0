#!/usr/bin/env python3
"""Helpers for checks/captures/corpus.sh: reading the captures(...) of the
pointer parameters of a textual module's definitions, counting what
check-captures<warn;json> reported, narrowing parameters to captures(none)
and classifying what check-captures said about each narrowed parameter.

  capkit.py stats MODULE.ll FINDINGS.json
      one line of key=value counts: defined functions, pointer parameters,
      parameters with captures(...) narrower than all (by spelling),
      findings by severity and rule, and whether the stderr holds anything
      that is neither a finding nor empty (an internal error, a crash).
  capkit.py narrow MODULE.ll OUTDIR [--max N] [--key K]
      for each pointer parameter of a definition whose captures(...) is
      wider than none (or absent), one case: that attribute replaced by
      captures(none), nothing else changed. Cases are packed into batches
      (OUTDIR/b<i>.ll) such that each case's verdict is the one it would
      get alone: check-captures judges a parameter by its function's body
      and the captures of the functions it calls, so no function in a
      batch refers to another function of the batch, and a function that
      refers to itself has one narrowed parameter per batch. OUTDIR/cases
      lists batch, function, argument index, name and the original
      captures. --max N keeps N cases (a deterministic choice by --key).
  capkit.py classify OUTDIR [--oracle MODULE.ll]
      for each case: error | warning:<rules> | missed, from
      OUTDIR/b<i>.json (the check-captures<warn;json;why-not> output of
      each batch); a missed case gets the checker's own reason from its
      why-not note (the kinds of use that capture nothing, e.g.
      slot+callee-body) and the instructions the note names. With
      --oracle, each case also gets the captures(...) LLVM infers for that
      parameter in MODULE (the version with its definitions' claims
      removed, through function-attrs with capture tracking's use limit
      raised): 'none' there means LLVM itself proves the narrowed claim
      true. Prints one tab-separated line per case: batch, function,
      argument, name, original captures, verdict, reason, oracle, evidence.
"""

import argparse
import hashlib
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'lib'))
from kit import ll  # noqa: E402
from kit.ll import NAME  # noqa: E402

REF_RE = re.compile(r'@(' + NAME + r')')
CAPTURES_RE = re.compile(r'\s*\bcaptures\([^()]*\)')


class Param:
    def __init__(self, index, text, span):
        self.index = index
        self.text = text
        self.span = span
        t = text.strip()
        self.is_pointer = re.match(r'ptr\b', t) is not None
        m = re.search(r'\bcaptures\(([^()]*)\)', t)
        self.captures = m.group(1) if m else None
        m = re.search(r'(%' + NAME + r')\s*$', t)
        self.name = m.group(1) if m else None

    def narrower_than_all(self):
        return self.captures is not None and self.captures != 'address, provenance'

    def wider_than_none(self):
        return self.captures != 'none'


class Function:
    def __init__(self, name, line_no, params, body):
        self.name = name
        self.line_no = line_no
        self.params = params
        self.body = body  # lines after the define line, up to '}'
        self.refs = set()
        for ln in body:
            for m in REF_RE.finditer(ln):
                self.refs.add(m.group(1))


def read_module(path):
    with open(path, encoding='utf-8', errors='surrogateescape') as f:
        lines = f.read().split('\n')
    functions = []
    for name, i, end in ll.functions(lines):
        ln = lines[i]
        spans, _ = ll.params(ln, ll.DEFINE.match(ln).end() - 1)
        params = [Param(k, ln[a:b], (a, b)) for k, (a, b) in enumerate(spans)]
        params = [p for p in params if p.text.strip() != '...']
        functions.append(Function(name, i, params, lines[i + 1:end]))
    return lines, functions


def findings(path):
    """(list of finding dicts, list of other non-empty stderr lines)."""
    out, other = [], []
    with open(path, encoding='utf-8', errors='replace') as f:
        for ln in f:
            ln = ln.rstrip('\n')
            if not ln.strip():
                continue
            if ln.startswith('{"tool":"check-captures"'):
                try:
                    out.append(json.loads(ln))
                    continue
                except ValueError:
                    pass
            other.append(ln)
    return out, other


def cmd_stats(module, findings_path):
    _, functions = read_module(module)
    ptr = narrow = 0
    kinds = {}
    for f in functions:
        for p in f.params:
            if not p.is_pointer:
                continue
            ptr += 1
            if p.narrower_than_all():
                narrow += 1
                kinds[p.captures] = kinds.get(p.captures, 0) + 1
    fs, other = findings(findings_path)
    counts = {'functions': len(functions), 'ptr_params': ptr, 'captures_params': narrow,
              'errors': 0, 'warnings': 0, 'other_stderr': len(other)}
    for k, v in kinds.items():
        counts['cap[' + k.replace(' ', '') + ']'] = v
    for x in fs:
        sev = x.get('severity')
        counts['errors' if sev == 'error' else 'warnings'] += 1
        key = ('E:' if sev == 'error' else 'W:') + x.get('rule', '?')
        counts[key] = counts.get(key, 0) + 1
    print(' '.join('%s=%d' % kv for kv in counts.items()))
    for ln in other[:5]:
        print('other-stderr: ' + ln[:300], file=sys.stderr)


def cmd_narrow(module, outdir, max_cases, key):
    lines, functions = read_module(module)
    defined = {f.name for f in functions}
    cases = []
    for fi, f in enumerate(functions):
        for p in f.params:
            if p.is_pointer and p.wider_than_none() and p.name is not None:
                cases.append((fi, p))
    if max_cases is not None and len(cases) > max_cases:
        def h(c):
            fi, p = c
            s = '%s|%s|%d' % (key, functions[fi].name, p.index)
            return hashlib.sha1(s.encode()).hexdigest()
        cases = sorted(sorted(cases, key=h)[:max_cases], key=lambda c: (c[0], c[1].index))
    # Group the cases of one function; pack the groups into batches.
    by_fn = {}
    for fi, p in cases:
        by_fn.setdefault(fi, []).append(p)
    pending = [(fi, p) for fi in sorted(by_fn) for p in by_fn[fi]]
    batches = []  # each: dict fi -> [params]
    while pending:
        batch = {}
        names = set()
        rest = []
        for fi, p in pending:
            f = functions[fi]
            if fi in batch:
                if f.name in f.refs:
                    rest.append((fi, p))  # self-referencing: one per batch
                else:
                    batch[fi].append(p)
                continue
            conflict = (f.refs & names) or any(f.name in functions[g].refs for g in batch)
            if conflict:
                rest.append((fi, p))
                continue
            batch[fi] = [p]
            names.add(f.name)
        batches.append(batch)
        pending = rest
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, 'cases'), 'w') as cf:
        for b, batch in enumerate(batches):
            out = list(lines)
            for fi in sorted(batch):
                f = functions[fi]
                ln = out[f.line_no]
                # Rewrite the parameters from the last to the first: spans stay valid.
                for p in sorted(batch[fi], key=lambda p: -p.span[0]):
                    a, b2 = p.span
                    t = CAPTURES_RE.sub('', ln[a:b2])
                    t = re.sub(r'(\s%' + NAME + r')\s*$', r' captures(none)\1', t)
                    ln = ln[:a] + t + ln[b2:]
                    cf.write('%d\t%s\t%d\t%s\t%s\n' % (b, f.name, p.index, p.name,
                                                       p.captures or '-'))
                out[f.line_no] = ln
            with open(os.path.join(outdir, 'b%d.ll' % b), 'w', encoding='utf-8',
                      errors='surrogateescape') as f:
                f.write('\n'.join(out))
    print('cases=%d batches=%d' % (sum(len(v) for v in by_fn.values()), len(batches)))


PARAM_RE = re.compile(r'(?:^|\()argument (\d+)\)?$')


def cmd_classify(outdir, oracle_path=None):
    oracle = {}
    if oracle_path:
        _, fl = read_module(oracle_path)
        oracle = {(f.name, p.index): p.captures or '-' for f in fl for p in f.params}
    with open(os.path.join(outdir, 'cases')) as cf:
        cases = [ln.rstrip('\n').split('\t') for ln in cf if ln.strip()]
    seen_batches = {}
    notes = {}
    for b, fn, idx, name, orig in cases:
        if b not in seen_batches:
            res = {}
            path = os.path.join(outdir, 'b%s.json' % b)
            fs = findings(path)[0] if os.path.exists(path) else None
            if fs is not None:
                for x in fs:
                    if x.get('rule') in ('call-site-claim', 'why-not'):
                        m = PARAM_RE.search(x.get('parameter', ''))
                        if x.get('rule') == 'why-not' and m:
                            notes[(b, x.get('function'), int(m.group(1)))] = x
                        continue
                    m = PARAM_RE.search(x.get('parameter', ''))
                    if not m:
                        continue
                    res.setdefault((x.get('function'), int(m.group(1))), []).append(x)
            seen_batches[b] = (fs is not None, res)
        ok, res = seen_batches[b]
        fname = fn[1:-1] if fn.startswith('"') else fn
        xs = res.get((fname, int(idx)), [])
        if not ok:
            verdict = 'nobatch'
        elif any(x['severity'] == 'error' for x in xs):
            verdict = 'error:' + ','.join(sorted({x['rule'] for x in xs if x['severity'] == 'error'}))
        elif xs:
            verdict = 'warning:' + ','.join(sorted({x['rule'] for x in xs}))
        else:
            verdict = 'missed'
        evidence = reason = ''
        if verdict == 'missed':
            reason, evidence = why_not(notes.get((b, fname, int(idx))))
        proved = oracle.get((fn, int(idx)), '?') if oracle_path else ''
        print('\t'.join([b, fn, idx, name, orig, verdict, reason, proved, evidence]))


def why_not(note):
    """The reason of a why-not note (the kinds of use it names, joined
    with '+'; 'allowed' when only captures the claim allows; 'unused'
    when it names nothing) and the instructions it names."""
    if note is None:
        return 'no-note', ''
    seen = note.get('seen', [])
    kinds = sorted({x['why'] for x in seen} | ({'allowed'} if note.get('allowed') else set()))
    evidence = ' | '.join(x['instruction'][:160] for x in seen[:6])
    return '+'.join(kinds) or 'unused', evidence


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0],
                                 epilog=__doc__.split('\n\n', 1)[1],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='command', required=True)
    p = sub.add_parser('stats', help='key=value counts of a module and its findings')
    p.add_argument('module', metavar='MODULE.ll')
    p.add_argument('findings', metavar='FINDINGS.json')
    p = sub.add_parser('narrow', help='each wider-than-none claim narrowed to captures(none), in batches')
    p.add_argument('module', metavar='MODULE.ll')
    p.add_argument('outdir', metavar='OUTDIR')
    p.add_argument('--max', type=int, dest='max_cases', metavar='N', help='keep N cases')
    p.add_argument('--key', default='', metavar='K', help='what the choice of --max is made by')
    p = sub.add_parser('classify', help="each narrowed case's verdict, one tab-separated line")
    p.add_argument('outdir', metavar='OUTDIR')
    p.add_argument('--oracle', metavar='MODULE.ll', help="the version LLVM's inference ran on")
    a = ap.parse_args()
    if a.command == 'stats':
        cmd_stats(a.module, a.findings)
    elif a.command == 'narrow':
        cmd_narrow(a.module, a.outdir, a.max_cases, a.key)
    else:
        cmd_classify(a.outdir, a.oracle)


if __name__ == '__main__':
    main()
