#!/usr/bin/env python3
"""One wrong alias fact, injected into the text of an LLVM module.

usage: inject.py list MODULE.ll [--name NAME] [--count N]
       inject.py apply MODULE.ll INJECTION.json OUT.ll
(INJECTION.json: one injection, or a list of them, applied together)

An injection names its instruction by function and by index among that
function's loads and stores (every `load` and `store` line of the body, in
order, volatile and atomic ones included), so it can be re-applied to the
same module:

  {"kind": "tbaa", "function": F, "access": I}
      access I (a load or store with a !tbaa tag) gets a fresh tag of a new
      scalar type "injected type" under the module's omnipotent char: old
      format !{!"injected type", !char, i64 0} with tag !{T, T, i64 0}; new
      format !{!char, i64 SIZE, !"injected type"} with tag
      !{T, T, i64 0, i64 SIZE}, SIZE the size of the tag it replaces.
      rust-tbaa then answers NoAlias for it and any access of another type
      that is not char.
  {"kind": "noalias", "function": F, "store": S, "load": L}
      store S and the later load L (neither with !alias.scope or !noalias)
      get a new distinct domain "injected domain" with one scope "injected
      scope": L gets !alias.scope !{scope}, S gets !noalias !{scope}, so
      rust-scoped-noalias answers NoAlias for the pair.

New metadata nodes are numbered above the module's largest. `candidates`
gives injections in a deterministic pseudo-random order seeded by a name
(the program's), skipping accesses that are unlikely to matter: volatile
and atomic ones, and those straight to an alloca (SROA removes them); for
noalias, the loads nearest after a store come first.
`list` prints that order, one JSON object a line.
"""

import argparse
import hashlib
import json
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'lib'))
from kit import ll  # noqa: E402
from kit.ll import split_ops  # noqa: E402  (top-level operands, quotes and brackets kept whole)

TYPE_NAME = 'injected type'
DOMAIN_NAME = 'injected domain'
SCOPE_NAME = 'injected scope'
WINDOW = 64  # loads tried per store

ACCESS = re.compile(r'^\s+(?:(%[-\w.$"]+) = )?(load|store)\b(.*)$')
ALLOCA = re.compile(r'^\s+(%[-\w.$"]+) = alloca\b')
TBAA_ATT = re.compile(r', !tbaa !(\d+)')


class Access:
    """One load or store line of a function body."""

    def __init__(self, line, op, rest):
        self.line = line  # index into Module.lines
        self.op = op
        words = rest.split(',')[0].split()
        self.volatile = 'volatile' in words or 'atomic' in words
        self.tbaa = None
        self.scoped = False
        self.pointer = ''
        self.rest = rest

    def parse(self, text):
        m = TBAA_ATT.search(text)
        self.tbaa = int(m.group(1)) if m else None
        self.scoped = ', !alias.scope ' in text or ', !noalias ' in text
        ops = split_ops(self.rest)
        # load TYPE, ptr P, ...   store TYPE V, ptr P, ...
        if len(ops) > 1 and ops[1].strip().startswith('ptr '):
            self.pointer = ops[1].strip()[4:].strip()


class Function:
    def __init__(self, name):
        self.name = name
        self.accesses = []
        self.allocas = set()


class Module:
    def __init__(self, text):
        self.lines = text.split('\n')
        self.functions = {}
        self.order = []
        self.md = {}
        for i, line in enumerate(self.lines):
            m = ll.NUMBERED.match(line)
            if m:
                self.md[int(m.group(1))] = line[m.end():]
        for name, start, end in ll.functions(self.lines):
            cur = Function(name)
            self.functions[name] = cur
            self.order.append(name)
            for i in range(start + 1, end):
                line = self.lines[i]
                m = ALLOCA.match(line)
                if m:
                    cur.allocas.add(m.group(1))
                    continue
                m = ACCESS.match(line)
                if m:
                    a = Access(i, m.group(2), m.group(3))
                    a.parse(line)
                    cur.accesses.append(a)

    def max_md(self):
        return max(self.md, default=-1)

    def char_node(self):
        """(number, 'old'|'new') of the omnipotent char type, or None
        (found once: each injection asks)."""
        if not hasattr(self, '_char'):
            self._char = None
            for n, body in sorted(self.md.items()):
                if re.fullmatch(r'!\{!"omnipotent char", !\d+, i64 0\}', body):
                    self._char = n, 'old'
                    break
                if re.fullmatch(r'!\{!\d+, i64 \d+, !"omnipotent char"\}', body):
                    self._char = n, 'new'
                    break
        return self._char

    def tag_size(self, tag):
        ops = split_ops(self.md.get(tag, '').strip()[2:-1])
        if len(ops) >= 4:
            m = re.fullmatch(r'\s*i64 (\d+)\s*', ops[3])
            if m:
                return int(m.group(1))
        return None

    def text(self):
        return '\n'.join(self.lines)


def useful(f, a):
    """Whether an access is worth an injection."""
    return not a.volatile and a.pointer and a.pointer not in f.allocas


def check(mod, inj):
    """Why `inj` does not apply to `mod`, or None."""
    f = mod.functions.get(inj.get('function'))
    if f is None:
        return 'no function %s' % inj.get('function')
    n = len(f.accesses)
    if inj.get('kind') == 'tbaa':
        i = inj.get('access')
        if not isinstance(i, int) or not 0 <= i < n:
            return 'no access %s in %s' % (i, f.name)
        if f.accesses[i].tbaa is None:
            return 'access %d of %s has no !tbaa' % (i, f.name)
        c = mod.char_node()
        if c is None:
            return 'no omnipotent char node'
        if c[1] == 'new' and mod.tag_size(f.accesses[i].tbaa) is None:
            return 'the tag of access %d of %s has no size' % (i, f.name)
        return None
    if inj.get('kind') == 'noalias':
        s, l = inj.get('store'), inj.get('load')
        if not (isinstance(s, int) and isinstance(l, int) and 0 <= s < l < n):
            return 'no store %s before load %s in %s' % (s, l, f.name)
        if f.accesses[s].op != 'store' or f.accesses[l].op != 'load':
            return 'access %d is not a store or %d not a load' % (s, l)
        if f.accesses[s].scoped or f.accesses[l].scoped:
            return 'the store or load has scope metadata already'
        return None
    return 'unknown kind %s' % inj.get('kind')


def apply(text, injs):
    """The module text with the injections `injs` (a list, or one) applied;
    ValueError if one does not apply or two touch the same instruction.
    Each tbaa injection has its own type, each noalias one its own scope
    in one injected domain."""
    if isinstance(injs, dict):
        injs = [injs]
    mod = Module(text)
    k = mod.max_md() + 1
    new, used, domain, types = [], set(), None, 0
    for inj in injs:
        why = check(mod, inj)
        if why:
            raise ValueError(why)
        f = mod.functions[inj['function']]
        lines = [f.accesses[i].line for i in touched(inj)]
        if used & set(lines):
            raise ValueError('two injections touch one instruction')
        used |= set(lines)
        if inj['kind'] == 'tbaa':
            # Each its own type (the first "injected type", then
            # "injected type #2", ...): two injected accesses do not alias.
            a = f.accesses[inj['access']]
            char, fmt = mod.char_node()
            types += 1
            name = TYPE_NAME + ('' if types == 1 else ' #%d' % types)
            if fmt == 'old':
                new += ['!%d = !{!"%s", !%d, i64 0}' % (k, name, char),
                        '!%d = !{!%d, !%d, i64 0}' % (k + 1, k, k)]
            else:
                size = mod.tag_size(a.tbaa)
                new += ['!%d = !{!%d, i64 %d, !"%s"}' % (k, char, size, name),
                        '!%d = !{!%d, !%d, i64 0, i64 %d}' % (k + 1, k, k, size)]
            mod.lines[a.line] = TBAA_ATT.sub(', !tbaa !%d' % (k + 1), mod.lines[a.line], count=1)
            k += 2
        else:
            if domain is None:
                domain = k
                new.append('!%d = distinct !{!%d, !"%s"}' % (k, k, DOMAIN_NAME))
                k += 1
            new += ['!%d = distinct !{!%d, !%d, !"%s"}' % (k, k, domain, SCOPE_NAME),
                    '!%d = !{!%d}' % (k + 1, k)]
            mod.lines[f.accesses[inj['load']].line] += ', !alias.scope !%d' % (k + 1)
            mod.lines[f.accesses[inj['store']].line] += ', !noalias !%d' % (k + 1)
            k += 2
    while mod.lines and mod.lines[-1] == '':
        mod.lines.pop()
    mod.lines.append('')
    mod.lines += ['; aliaskit bisect corpus: ' + describe(inj) for inj in injs]
    mod.lines += new + ['']
    return mod.text()


def touched(inj):
    """The access indices an injection changes."""
    return [inj['access']] if inj['kind'] == 'tbaa' else [inj['store'], inj['load']]


def describe(inj):
    if inj['kind'] == 'tbaa':
        return 'wrong !tbaa on access %d of @%s' % (inj['access'], inj['function'])
    return 'wrong !noalias: store %d, load %d of @%s' % (inj['store'], inj['load'], inj['function'])


def marker(inj):
    """The name that every culprit's metadata must mention."""
    return TYPE_NAME if inj['kind'] == 'tbaa' else SCOPE_NAME


def rng_for(name):
    return random.Random(int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], 'big'))


def candidates(text, name, kind):
    """Injections of one kind, in the deterministic order for `name`."""
    mod = Module(text)
    rng = rng_for(name + '/' + kind)
    if kind == 'tbaa':
        if mod.char_node() is None:
            return
        new = mod.char_node()[1] == 'new'
        pool = [(fn, i) for fn in mod.order
                for i, a in enumerate(mod.functions[fn].accesses)
                if a.tbaa is not None and useful(mod.functions[fn], a)
                and (not new or mod.tag_size(a.tbaa) is not None)]
        rng.shuffle(pool)
        for fn, i in pool:
            yield {'kind': 'tbaa', 'function': fn, 'access': i}
        return
    # noalias: a store, then a later load of the same function. Each store
    # has its loads in order: those of the same type as the store first
    # (the ones that may really alias it), nearest first, then the others,
    # nearest first; the stores are shuffled. The candidates are every
    # store's first load, then every store's second one, and so on, up to
    # WINDOW loads a store.
    prefs = []
    for fn in mod.order:
        f = mod.functions[fn]
        for i, s in enumerate(f.accesses):
            if s.op != 'store' or s.scoped or not useful(f, s):
                continue
            later = [j for j in range(i + 1, len(f.accesses))
                     if f.accesses[j].op == 'load' and not f.accesses[j].scoped
                     and useful(f, f.accesses[j]) and f.accesses[j].pointer != s.pointer]
            same = [j for j in later if f.accesses[j].tbaa == s.tbaa]
            other = [j for j in later if f.accesses[j].tbaa != s.tbaa]
            if later:
                prefs.append((fn, i, (same + other)[:WINDOW]))
    rng.shuffle(prefs)
    for rank in range(WINDOW):
        for fn, i, loads in prefs:
            if rank < len(loads):
                yield {'kind': 'noalias', 'function': fn, 'store': i, 'load': loads[rank]}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    sub = ap.add_subparsers(dest='command', required=True)
    p = sub.add_parser('list', help='the candidates, in their order, one JSON object a line')
    p.add_argument('module', metavar='MODULE.ll')
    p.add_argument('--name', help='the name that seeds the order (default: MODULE.ll)')
    p.add_argument('--count', type=int, default=20, help='candidates of each kind (default 20)')
    p = sub.add_parser('apply', help='MODULE.ll with the injection (or the list of them) of INJECTION.json')
    p.add_argument('module', metavar='MODULE.ll')
    p.add_argument('injection', metavar='INJECTION.json')
    p.add_argument('out', metavar='OUT.ll')
    a = ap.parse_args()
    if a.command == 'list':
        text = open(a.module).read()
        name = a.name if a.name is not None else a.module
        for kind in ('tbaa', 'noalias'):
            for k, inj in enumerate(candidates(text, name, kind)):
                if k >= a.count:
                    break
                print(json.dumps(inj))
        return 0
    inj = json.load(open(a.injection))
    try:
        out = apply(open(a.module).read(), inj)
    except ValueError as e:
        print('inject.py: %s' % e, file=sys.stderr)
        return 1
    open(a.out, 'w').write(out)
    return 0


if __name__ == '__main__':
    sys.exit(main())
