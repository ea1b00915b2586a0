#!/usr/bin/env python3
"""Damages the alias metadata of a valid LLVM module, deterministically.

usage: mutate.py IN.ll OUT.ll --seed S [--mutations K]

Only metadata changes: `!tbaa` access tags and the type nodes they reach,
`!alias.scope` / `!noalias` lists, their scopes and domains,
`!tbaa.struct`, `!llvm.errno.tbaa`, the argument of
`llvm.experimental.noalias.scope.decl`, and where these are attached
(`!tbaa` on a non-memory instruction, a scope in both lists, an attachment
pointing at the wrong kind of node). The code of the module is untouched,
so whatever LLVM's verifier says about the result is about alias metadata.

A mutation either edits a node in place (every user sees it) or first
clones the node and redirects one user to the clone (one bad site among good
ones). The same input and seed always give the same output; the mutations
applied are written at the top of the output as `; mutation: ...` lines.

The one thing avoided on purpose: a `!tbaa` attachment whose first operand
is `null` crashes LLVM's .ll parser (UpgradeTBAANode) before any verifier
runs, in `opt` and therefore also under our plugin; such a module tests
nothing, so mutations producing one are retried. (`null` operands are used
everywhere else, including `!llvm.errno.tbaa` operands and scope lists, where
LLVM's own verifier crashes on them.)
"""

import argparse
import os
import random
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tools', 'lib'))
from kit import ll  # noqa: E402
from kit.ll import node_id, split_ops  # noqa: E402

DECL = re.compile(r'(@llvm\.experimental\.noalias\.scope\.decl\(metadata )([^)]*)(\))')
INT_OP = re.compile(r'^i(\d+) (-?\d+|true|false)$')
# Instructions that may not carry !tbaa (the verifier only allows loads,
# stores, calls, va_arg, atomicrmw and cmpxchg); one line each.
NON_MEMORY = re.compile(
    r'^  (%[-\w.$]+ = )?(add|sub|mul|and|or|xor|shl|lshr|ashr|icmp|fcmp|'
    r'getelementptr|select|zext|sext|trunc|bitcast|alloca|fadd|fmul|fsub|'
    r'fdiv|fneg|sdiv|udiv|srem|urem|ptrtoint|inttoptr|sitofp|fptosi|uitofp|'
    r'fptoui|fpext|fptrunc|freeze|extractvalue|insertvalue|br|ret|'
    r'unreachable|fence|invoke|callbr|landingpad|resume)\b')
MEMORY = re.compile(r'^  (%[-\w.$]+ = )?(load|store|call|tail call|atomicrmw|cmpxchg)\b')


def replace_attachment(line, k, old, new):
    return re.sub(r'!%s !%d\b' % (re.escape(k), old), '!%s !%d' % (k, new), line, count=1)


def kind(op):
    if op == 'null':
        return 'null'
    if ll.REF.match(op):
        return 'node'
    if op.startswith('!"'):
        return 'str'
    if INT_OP.match(op):
        return 'int'
    return 'other'


def int_value(op):
    m = INT_OP.match(op or '')
    if not m:
        return None
    v = m.group(2)
    if v in ('true', 'false'):
        return int(v == 'true')
    return int(v)


def int_bits(op):
    m = INT_OP.match(op or '')
    return int(m.group(1)) if m else None


class Module:
    def __init__(self, text):
        self.lines = text.split('\n')
        self.md = {}          # id -> {'distinct': bool, 'ops': [str], 'line': int|None}
        self.named = {}       # name -> {'ops': [str], 'line': int|None}
        self.sites = []       # [line index, attachment kind, node id]
        self.decls = []       # [line index, argument text]
        self.decl_function = {}  # line index of a declaration -> its function's first line
        self.nonmem = []      # line indices of non-memory instructions
        self.memory = []      # line indices of memory instructions
        self.dirty = set()
        self.dirty_named = set()
        for i, line in enumerate(self.lines):
            m = ll.NODE.match(line)
            if m:
                self.md[int(m.group(1))] = {'distinct': bool(m.group(2)),
                                            'ops': split_ops(m.group(3)), 'line': i}
                continue
            m = ll.NAMED.match(line)
            if m:
                self.named[m.group(1)] = {'ops': split_ops(m.group(2)), 'line': i}
        for _, start, end in ll.functions(self.lines):
            for i in range(start + 1, end):
                line = self.lines[i]
                if not line.startswith('  '):
                    continue
                for a in ll.ALIAS.finditer(line):
                    self.sites.append([i, a.group(1), int(a.group(2))])
                d = DECL.search(line)
                if d:
                    self.decls.append([i, d.group(2)])
                    self.decl_function[i] = start
                if NON_MEMORY.match(line) and '!tbaa ' not in line:
                    self.nonmem.append(i)
                elif MEMORY.match(line) and 'noalias.scope.decl' not in line:
                    self.memory.append(i)
        self.next_id = max(self.md, default=-1) + 1
        self.compute_roles()

    # ------------------------------------------------------------ roles --
    def compute_roles(self):
        tags, lists, tstructs = set(), set(), set()
        for _, k, n in self.sites:
            if k == 'tbaa':
                tags.add(n)
            elif k == 'tbaa.struct':
                tstructs.add(n)
            else:
                lists.add(n)
        self.errno = [node_id(o) for o in self.named.get('llvm.errno.tbaa', {}).get('ops', [])]
        tags |= {n for n in self.errno if n is not None}
        for t in tstructs:
            for j, o in enumerate(self.ops(t)):
                if j % 3 == 2 and node_id(o) is not None:
                    tags.add(node_id(o))
        for _, arg in self.decls:
            if node_id(arg) is not None:
                lists.add(node_id(arg))
        types, todo = set(), []
        for t in tags:
            todo += [node_id(o) for o in self.ops(t)[:2]]
        while todo:
            n = todo.pop()
            if n is None or n in types or n not in self.md:
                continue
            types.add(n)
            todo += [node_id(o) for o in self.ops(n)]
        scopes = {node_id(o) for l in lists for o in self.ops(l)} - {None}
        domains = {node_id(self.ops(s)[1]) for s in scopes if len(self.ops(s)) > 1} - {None}
        self.tags = sorted(t for t in tags if t in self.md)
        self.types = sorted(types)
        self.lists = sorted(l for l in lists if l in self.md)
        self.scopes = sorted(s for s in scopes if s in self.md)
        self.domains = sorted(d for d in domains if d in self.md)
        self.tstructs = sorted(t for t in tstructs if t in self.md)
        self.roots = [t for t in self.types if len(self.ops(t)) < 2]
        self.structs = [t for t in self.types if self.fields(t)]

    def ops(self, n):
        return self.md[n]['ops'] if n in self.md else []

    def set_ops(self, n, ops):
        self.md[n]['ops'] = list(ops)
        self.dirty.add(n)

    def new_node(self, ops, distinct=False):
        n = self.next_id
        self.next_id += 1
        self.md[n] = {'distinct': distinct, 'ops': list(ops), 'line': None}
        self.dirty.add(n)
        return n

    def is_new_type(self, n):
        ops = self.ops(n)
        return len(ops) >= 3 and kind(ops[0]) == 'node'

    def fields(self, n):
        """(index of field type, index of offset) pairs of a struct node."""
        ops = self.ops(n)
        if self.is_new_type(n):
            return [(i, i + 1) for i in range(3, len(ops) - 1, 3)]
        if len(ops) > 3 and kind(ops[0]) == 'str':
            return [(i, i + 1) for i in range(1, len(ops) - 1, 2)]
        return []

    def parent_index(self, n):
        ops = self.ops(n)
        if self.is_new_type(n):
            return 0
        if len(ops) >= 2 and kind(ops[1]) == 'node' and len(ops) <= 3:
            return 1
        return None

    def tag_is_new(self, t):
        ops = self.ops(t)
        return len(ops) >= 2 and node_id(ops[1]) is not None and self.is_new_type(node_id(ops[1]))

    def users(self, n):
        """(node, operand index) pairs referring to n."""
        ref = '!%d' % n
        return [(u, j) for u, d in self.md.items() for j, o in enumerate(d['ops'])
                if o == ref and u != n]

    # ------------------------------------------------------------- edit --
    def redirect_site(self, site, new):
        line, k, old = site
        self.lines[line] = replace_attachment(self.lines[line], k, old, new)
        site[2] = new

    def clone_for_one_user(self, n, rng):
        """Clone n and make one of its users (a site, an errno slot, or a
        node operand) refer to the clone; returns the clone (or n)."""
        sites = [s for s in self.sites if s[2] == n]
        errno = [i for i, e in enumerate(self.errno) if e == n]
        users = self.users(n)
        choices = ([('site', s) for s in sites] + [('errno', i) for i in errno]
                   + [('node', u) for u in users])
        if not choices:
            return n, ''
        how, what = rng.choice(choices)
        c = self.new_node(self.ops(n), self.md[n]['distinct'])
        if how == 'site':
            self.redirect_site(what, c)
            where = 'line %d' % (what[0] + 1)
        elif how == 'errno':
            ops = self.named['llvm.errno.tbaa']['ops']
            ops[what] = '!%d' % c
            self.dirty_named.add('llvm.errno.tbaa')
            self.errno[what] = c
            where = 'llvm.errno.tbaa[%d]' % what
        else:
            u, j = what
            ops = list(self.ops(u))
            ops[j] = '!%d' % c
            self.set_ops(u, ops)
            where = '!%d[%d]' % (u, j)
        return c, ' (clone !%d of !%d, used by %s)' % (c, n, where)

    def text(self):
        lines = list(self.lines)
        extra = []
        for n in sorted(self.dirty):
            d = self.md[n]
            s = '!%d = %s!{%s}' % (n, 'distinct ' if d['distinct'] else '', ', '.join(d['ops']))
            if d['line'] is None:
                extra.append(s)
            else:
                lines[d['line']] = s
        for name in sorted(self.dirty_named):
            d = self.named[name]
            s = '!%s = !{%s}' % (name, ', '.join(d['ops']))
            if d['line'] is None:
                extra.append(s)
            else:
                lines[d['line']] = s
        while lines and lines[-1] == '':
            lines.pop()
        return '\n'.join(lines + extra) + '\n'

    def parser_safe(self):
        """No !tbaa attachment whose first operand is null (LLParser crash)."""
        for _, k, n in self.sites:
            if k == 'tbaa' and n in self.md:
                ops = self.ops(n)
                if ops and ops[0] == 'null':
                    return False
        return True


# ------------------------------------------------------------ operands --
STRINGS = ['!"mut"', '!"int"', '!"omnipotent char"', '!""', '!"vtable pointer"']
INTS = ['i64 0', 'i64 1', 'i64 4', 'i64 -1', 'i32 0', 'i32 8', 'i1 true', 'i8 3', 'i64 4096']


def rand_node(m, rng, self_id, prefer=()):
    r = rng.random()
    if r < 0.15 and self_id is not None:
        return '!%d' % self_id
    if r < 0.65 and prefer:
        return '!%d' % rng.choice(list(prefer))
    return '!%d' % rng.choice(sorted(m.md))


def rand_operand(m, rng, k, self_id=None, prefer=()):
    if k == 'node':
        return rand_node(m, rng, self_id, prefer)
    if k == 'str':
        return rng.choice(STRINGS)
    if k == 'int':
        return rng.choice(INTS)
    return 'null'


def retype(m, rng, op, self_id=None, prefer=(), allow_null=True):
    """The operand replaced by one of another kind (node/string/int/null)."""
    kinds = [k for k in ('node', 'str', 'int', 'null') if k != kind(op)]
    if not allow_null and 'null' in kinds:
        kinds.remove('null')
    k = rng.choice(kinds)
    return k, rand_operand(m, rng, k, self_id, prefer)


def generic_ops_mutation(m, rng, n, role, prefer, allow_null_first=True):
    """drop / add / swap / retype one operand of node n."""
    ops = list(m.ops(n))
    choice = rng.choice(['drop', 'add', 'swap', 'retype', 'retype'])
    if choice == 'drop' and ops:
        j = rng.randrange(len(ops))
        desc = 'drop operand %d (%s)' % (j, ops[j])
        del ops[j]
    elif choice == 'swap' and len(ops) >= 2:
        i, j = rng.sample(range(len(ops)), 2)
        ops[i], ops[j] = ops[j], ops[i]
        desc = 'swap operands %d and %d' % (i, j)
    elif choice == 'retype' and ops:
        j = rng.randrange(len(ops))
        k, new = retype(m, rng, ops[j], n, prefer, allow_null=allow_null_first or j > 0)
        desc = 'retype operand %d: %s -> %s' % (j, ops[j], new)
        ops[j] = new
    else:
        k = rng.choice(['node', 'str', 'int', 'int', 'null'])
        new = rand_operand(m, rng, k, n, prefer)
        j = rng.randrange(len(ops) + 1)
        ops.insert(j, new)
        desc = 'insert operand %d: %s' % (j, new)
    m.set_ops(n, ops)
    return '%s !%d: %s' % (role, n, desc)


def pick_tag(m, rng, clone_pct=50):
    if not m.tags:
        return None, ''
    t = rng.choice(m.tags)
    if rng.random() * 100 < clone_pct:
        return m.clone_for_one_user(t, rng)
    return t, ''


def pick(m, rng, nodes, clone_p):
    """One of `nodes` and how it was picked: with probability `clone_p` a
    copy made for one of its users (Module.clone_for_one_user)."""
    if rng.random() < clone_p:
        return m.clone_for_one_user(rng.choice(nodes), rng)
    return rng.choice(nodes), ''


def rewritten(m, kind, n, what, ops, how):
    """Sets the operands of node `n` (a `kind`) to `ops`; the mutation's line."""
    m.set_ops(n, ops)
    return '%s !%d: %s -> %s%s' % (kind, n, what, ', '.join(ops), how)


# ----------------------------------------------------------- mutations --
def mut_tag_ops(m, rng):
    t, how = pick_tag(m, rng)
    if t is None:
        return None
    return generic_ops_mutation(m, rng, t, 'tag', m.types, allow_null_first=False) + how


def mut_tag_empty(m, rng):
    t, how = pick_tag(m, rng)
    if t is None:
        return None
    m.set_ops(t, [])
    return 'tag !%d: no operands%s' % (t, how)


def mut_tag_offset(m, rng):
    t, how = pick_tag(m, rng, 60)
    if t is None or len(m.ops(t)) < 3:
        return None
    ops = list(m.ops(t))
    base = node_id(ops[0])
    off = int_value(ops[2])
    bits = int_bits(ops[2]) or 64
    what = rng.choice(['i32', 'before', 'middle', 'past', 'plus1', 'retype', 'huge'])
    fields = m.fields(base) if base is not None else []
    offs = sorted(int_value(m.ops(base)[o]) or 0 for _, o in fields) if fields else []
    if what == 'i32' and off is not None:
        new = 'i%d %d' % (rng.choice([32, 32, 16, 128]), off)
    elif what == 'before' and offs:
        new = 'i%d %d' % (bits, offs[0] - 1 if offs[0] > 0 else -1)
    elif what == 'middle' and offs:
        i = rng.randrange(len(offs))
        nxt = offs[i + 1] if i + 1 < len(offs) else offs[i] + 8
        new = 'i%d %d' % (bits, offs[i] + max(1, (nxt - offs[i]) // 2))
    elif what == 'past':
        size = int_value(m.ops(base)[1]) if base is not None and m.is_new_type(base) else None
        end = size if size is not None else (offs[-1] + 8 if offs else 8)
        new = 'i%d %d' % (bits, end + rng.choice([0, 1, 64]))
    elif what == 'retype':
        _, new = retype(m, rng, ops[2], t, m.types)
    elif what == 'huge':
        new = rng.choice(['i64 -1', 'i64 -8', 'i128 18446744073709551616', 'i64 4294967296'])
    else:
        new = 'i%d %d' % (bits, (off or 0) + 1)
    desc = 'tag !%d: offset (%s) %s -> %s%s' % (t, what, ops[2], new, how)
    ops[2] = new
    m.set_ops(t, ops)
    return desc


def mut_tag_flag(m, rng):
    t, how = pick_tag(m, rng)
    if t is None or len(m.ops(t)) < 3:
        return None
    ops = list(m.ops(t))
    new_fmt = m.tag_is_new(t)
    at = 4 if new_fmt else 3
    if len(ops) < at:
        ops.append('i64 %d' % rng.choice([1, 4, 8]))
    flag = rng.choice(['i64 2', 'i64 3', 'i64 3', 'i64 -1', 'i32 1', 'i1 false', 'i1 true',
                       'i64 1', '!"const"', 'null', '!%d' % t])
    ops[at:] = [flag]
    m.set_ops(t, ops)
    return 'tag !%d: immutability flag %s%s' % (t, flag, how)


def mut_tag_size(m, rng):
    cands = [t for t in m.tags if m.tag_is_new(t) and len(m.ops(t)) >= 4]
    if not cands:
        return None
    t = rng.choice(cands)
    if rng.random() < 0.5:
        t, how = m.clone_for_one_user(t, rng)
    else:
        how = ''
    ops = list(m.ops(t))
    new = rng.choice(['null', '!"8"', 'i32 4', 'i64 0', 'i64 -1', '!%d' % t, 'i64 1000'])
    desc = 'tag !%d: size %s -> %s%s' % (t, ops[3], new, how)
    ops[3] = new
    m.set_ops(t, ops)
    return desc


def mut_tag_types(m, rng):
    t, how = pick_tag(m, rng)
    if t is None or len(m.ops(t)) < 2 or not m.types:
        return None
    ops = list(m.ops(t))
    what = rng.choice(['base=access', 'access=base', 'swap', 'base', 'access', 'access-struct',
                       'access-other-root', 'base-root'])
    if what == 'base=access':
        ops[0] = ops[1]
    elif what == 'access=base':
        ops[1] = ops[0]
    elif what == 'swap':
        ops[0], ops[1] = ops[1], ops[0]
    elif what == 'base':
        ops[0] = '!%d' % rng.choice(m.types)
    elif what == 'access':
        ops[1] = '!%d' % rng.choice(m.types)
    elif what == 'access-struct' and m.structs:
        ops[1] = '!%d' % rng.choice(m.structs)
    elif what == 'base-root' and m.roots:
        ops[0] = '!%d' % rng.choice(m.roots)
    else:
        root = m.new_node(['!"another root"'])
        if m.tag_is_new(t):
            scalar = m.new_node(['!%d' % root, 'i64 4', '!"int"'])
        else:
            scalar = m.new_node(['!"int"', '!%d' % root, 'i64 0'])
        ops[1] = '!%d' % scalar
        what = 'access-other-root'
    if ops[0] == 'null':
        return None
    m.set_ops(t, ops)
    return 'tag !%d: %s -> %s%s' % (t, what, ', '.join(ops[:2]), how)


def pick_type(m, rng, pool=None, clone_pct=30):
    pool = pool if pool is not None else m.types
    if not pool:
        return None, ''
    y = rng.choice(pool)
    if rng.random() * 100 < clone_pct:
        return m.clone_for_one_user(y, rng)
    return y, ''


def mut_type_ops(m, rng):
    y, how = pick_type(m, rng)
    if y is None:
        return None
    return generic_ops_mutation(m, rng, y, 'type', m.types) + how


def mut_parent_cycle(m, rng):
    cands = [y for y in m.types if m.parent_index(y) is not None]
    if not cands:
        return None
    y = rng.choice(cands)
    chain, cur = [], y
    while cur is not None and cur in m.md and cur not in chain and len(m.ops(cur)) >= 2:
        chain.append(cur)
        p = m.parent_index(cur)
        cur = node_id(m.ops(cur)[p]) if p is not None else None
    z = rng.choice(chain)
    p = m.parent_index(z)
    if p is None:
        return None
    ops = list(m.ops(z))
    ops[p] = '!%d' % y
    m.set_ops(z, ops)
    return 'type !%d: parent -> !%d (cycle through %s)' % (
        z, y, ' '.join('!%d' % c for c in chain[:chain.index(z) + 1]))


def mut_field_cycle(m, rng):
    if not m.structs:
        return None
    s = rng.choice(m.structs)
    containers = [t for t in m.structs
                  if any(m.ops(t)[f] == '!%d' % s for f, _ in m.fields(t))]
    target = rng.choice(containers) if containers and rng.random() < 0.6 else s
    f, _ = rng.choice(m.fields(s))
    ops = list(m.ops(s))
    ops[f] = '!%d' % target
    m.set_ops(s, ops)
    return 'struct !%d: field operand %d -> !%d (contains itself)' % (s, f, target)


def mut_field_offset(m, rng):
    y, how = pick_type(m, rng, m.structs)
    if y is None:
        return None
    flds = m.fields(y)
    ops = list(m.ops(y))
    what = rng.choice(['i32', 'decrease', 'retype', 'shift', 'past', 'swap-fields', 'remove'])
    i = rng.randrange(len(flds))
    f, o = flds[i]
    if what == 'i32':
        v = int_value(ops[o])
        ops[o] = 'i32 %d' % (v if v is not None else 0)
    elif what == 'decrease' and len(flds) >= 2:
        j = rng.randrange(1, len(flds))
        ops[flds[j][1]] = 'i64 %d' % ((int_value(ops[flds[j - 1][1]]) or 0) - 1)
    elif what == 'retype':
        _, ops[o] = retype(m, rng, ops[o], y, m.types)
    elif what == 'past':
        size = int_value(ops[1]) if m.is_new_type(y) else None
        ops[o] = 'i64 %d' % ((size or 64) + rng.choice([0, 8]))
    elif what == 'swap-fields' and len(flds) >= 2:
        j = rng.randrange(len(flds))
        ops[f], ops[flds[j][0]] = ops[flds[j][0]], ops[f]
    elif what == 'remove':
        step = 3 if m.is_new_type(y) else 2
        del ops[f:f + step]
    else:
        v = int_value(ops[o]) or 0
        ops[o] = 'i64 %d' % (v + rng.choice([1, 2, 3]))
    m.set_ops(y, ops)
    return 'struct !%d: field %d (%s)%s' % (y, i, what, how)


def mut_member_size(m, rng):
    cands = [y for y in m.structs if m.is_new_type(y)]
    cands2 = [y for y in m.types if m.is_new_type(y)]
    if not cands2:
        return None
    if cands and rng.random() < 0.5:
        y = rng.choice(cands)
        f, _ = rng.choice(m.fields(y))
        j, what = f + 2, 'member size'
    else:
        y = rng.choice(cands2)
        j, what = 1, 'type size'
    ops = list(m.ops(y))
    if j >= len(ops):
        return None
    _, new = retype(m, rng, ops[j], y, m.types)
    ops[j] = new
    m.set_ops(y, ops)
    return 'type !%d: %s -> %s' % (y, what, new)


def mut_scalar(m, rng):
    """Old-format scalar: nonzero third operand, name not a string, two
    operands that do not make a scalar (the verifier's silent rejection)."""
    cands = [y for y in m.types if 2 <= len(m.ops(y)) <= 3 and not m.is_new_type(y)]
    new_scalars = [y for y in m.types if len(m.ops(y)) == 3 and m.is_new_type(y)]
    if not cands and not new_scalars:
        return None
    pool = cands or new_scalars
    y, how = pick_type(m, rng, pool)
    ops = list(m.ops(y))
    what = rng.choice(['flag', 'name', 'two-ops', 'two-ops', 'parent'])
    if what == 'flag':
        ops[2:] = [rng.choice(['i64 1', 'i64 2', 'i32 0', '!"x"'])]
    elif what == 'name':
        ops[0] = rng.choice(['i64 0', '!%d' % rng.choice(m.types), 'null'])
    elif what == 'two-ops':
        ops = rng.choice([[ops[0], 'i64 0'], [ops[0], '!"parent"'], ['!"x"', 'null'],
                          ['i64 1', ops[1] if len(ops) > 1 else 'null'], [ops[0], 'i32 7']])
    else:
        k, ops[1] = retype(m, rng, ops[1], y, m.types)
    m.set_ops(y, ops)
    return 'scalar !%d: %s -> %s%s' % (y, what, ', '.join(ops), how)


def mut_silent_field(m, rng):
    """A two-operand node that is not a valid scalar type, as a field type
    of one struct (or as the base type of one tag): LLVM's verifier rejects
    tags reaching it without a message, and its bitcode reader then strips
    every !tbaa of the module."""
    bad = rng.choice([['!"x"', 'i64 0'], ['!"x"', '!"y"'], ['i64 0', '!"x"'],
                      ['!"x"', '!%d' % rng.choice(m.structs or m.types or [0])],
                      ['!"x"', 'null'], ['!%d' % rng.choice(m.types or [0]), 'i64 8']])
    if m.structs and rng.random() < 0.7:
        y, how = pick_type(m, rng, m.structs)
        f, _ = rng.choice(m.fields(y))
        ops = list(m.ops(y))
        x = m.new_node(bad)
        ops[f] = '!%d' % x
        m.set_ops(y, ops)
        return 'struct !%d: field operand %d -> !%d = !{%s}%s' % (y, f, x, ', '.join(bad), how)
    t, how = pick_tag(m, rng, 70)
    if t is None or len(m.ops(t)) < 3:
        return None
    ops = list(m.ops(t))
    x = m.new_node(bad)
    ops[0] = '!%d' % x
    m.set_ops(t, ops)
    return 'tag !%d: base -> !%d = !{%s}%s' % (t, x, ', '.join(bad), how)


def mut_root(m, rng):
    if not m.roots:
        return None
    r = rng.choice(m.roots)
    ops = list(m.ops(r))
    ops.append(rng.choice(['!"x"', 'i64 0', '!%d' % rng.choice(m.types), 'null', 'i64 1']))
    m.set_ops(r, ops)
    return 'root !%d: -> %d operands (%s)' % (r, len(ops), ', '.join(ops))


def mut_node(m, rng, kind, nodes, clone_p, whats, edit, pool):
    """Damages one of `nodes` (each a `kind`), picked as pick() does: for
    the `what` drawn from `whats`, `edit(n, ops, what)` changes node n's
    operands `ops` in place and says whether it could; if not, a generic
    mutation with operands preferred from `pool()`."""
    if not nodes:
        return None
    n, how = pick(m, rng, nodes, clone_p)
    ops = list(m.ops(n))
    what = rng.choice(whats)
    if not edit(n, ops, what):
        return generic_ops_mutation(m, rng, n, kind, pool()) + how
    return rewritten(m, kind, n, what, ops, how)


def mut_list(m, rng):
    def edit(l, ops, what):
        if what == 'empty':
            ops.clear()
        elif what == 'domain' and m.domains:
            ops.insert(rng.randrange(len(ops) + 1), '!%d' % rng.choice(m.domains))
        elif what == 'tag' and m.tags:
            ops.insert(rng.randrange(len(ops) + 1), '!%d' % rng.choice(m.tags))
        elif what == 'null':
            ops.insert(rng.randrange(len(ops) + 1), 'null')
        else:
            return False
        return True
    return mut_node(m, rng, 'scope list', m.lists, 0.5, ['ops', 'ops', 'empty', 'domain', 'tag', 'null'], edit,
                    lambda: m.scopes)


def mut_scope(m, rng):
    def edit(s, ops, what):
        if what == 'id' and ops:
            ops[0] = rng.choice(['!%d' % rng.choice(sorted(m.md)), 'i64 0', 'null', '!"s"'])
        elif what == 'domain' and len(ops) >= 2:
            ops[1] = rng.choice(['!"dom"', 'i64 1', 'null', '!%d' % s,
                                 '!%d' % rng.choice(m.scopes), '!%d' % rng.choice(sorted(m.md))])
        elif what == 'name':
            ops[2:] = [rng.choice(['i64 0', '!%d' % s, 'null', '!"n"'])]
        else:
            return False
        return True
    return mut_node(m, rng, 'scope', m.scopes, 0.4, ['ops', 'ops', 'id', 'domain', 'name'], edit,
                    lambda: m.domains + m.scopes)


def mut_domain(m, rng):
    def edit(d, ops, what):
        if what == 'id' and ops:
            ops[0] = rng.choice(['!%d' % rng.choice(sorted(m.md)), 'i64 0', 'null'])
        elif what == 'name':
            ops[1:] = [rng.choice(['i64 0', '!%d' % d, 'null', '!"n"'])]
        elif what == 'disjoint':
            ops[1:] = [rng.choice(['i1 true', 'i1 false'])]
        else:
            return False
        return True
    return mut_node(m, rng, 'domain', m.domains, 0.4, ['ops', 'ops', 'id', 'name', 'disjoint'], edit,
                    lambda: m.domains)


def mut_both_lists(m, rng):
    """A scope in both !alias.scope and !noalias of one instruction."""
    scoped = [s for s in m.sites if s[1] == 'alias.scope']
    if not scoped:
        return None
    line, _, l = rng.choice(scoped)
    text = m.lines[line]
    mm = re.search(r'!noalias !(\d+)\b', text)
    if mm:
        old = int(mm.group(1))
        new = m.new_node(m.ops(old) + m.ops(l)[:1])
        m.lines[line] = replace_attachment(text, 'noalias', old, new)
    else:
        m.lines[line] = text + ', !noalias !%d' % l
        new = l
    m.sites.append([line, 'noalias', new])
    return 'line %d: !noalias shares a scope with !alias.scope !%d' % (line + 1, l)


def mut_decl(m, rng):
    if not m.decls:
        return None
    k = rng.randrange(len(m.decls))
    line, arg = m.decls[k]
    what = rng.choice(['string', 'int', 'ptr', 'empty', 'two', 'bad-scope', 'null', 'inline'])
    l = node_id(arg)
    if what == 'string':
        new = '!"scope"'
    elif what == 'int':
        new = 'i64 0'
    elif what == 'ptr':
        new = 'ptr null'
    elif what == 'inline':
        new = '!{}'
    elif what == 'empty':
        new = '!%d' % m.new_node([])
    elif what == 'two' and m.scopes:
        new = '!%d' % m.new_node(m.ops(l)[:1] + ['!%d' % rng.choice(m.scopes)] if l in m.md else [])
    elif what == 'null':
        new = '!%d' % m.new_node(['null'])
    else:
        if not m.scopes:
            return None
        s = m.new_node(m.ops(rng.choice(m.scopes)))
        generic_ops_mutation(m, rng, s, 'scope', m.domains)
        new = '!%d' % m.new_node(['!%d' % s])
    m.lines[line] = DECL.sub(lambda g: g.group(1) + new + g.group(3), m.lines[line], count=1)
    m.decls[k][1] = new
    return 'noalias.scope.decl line %d: %s -> %s (%s)' % (line + 1, arg, new, what)


def mut_decl_same(m, rng):
    """Two declarations of one scope in a function, as a pass duplicating a
    body without cloning its scopes leaves them: another declaration of the
    function gets this one's list (it may or may not dominate it: branches),
    or, when it has no other, the declaration is repeated right after itself."""
    if not m.decls:
        return None
    k = rng.randrange(len(m.decls))
    line, arg = m.decls[k]
    others = [d for d in m.decls
              if d[0] != line and m.decl_function.get(d[0]) == m.decl_function.get(line) and d[1] != arg]
    if others:
        other = rng.choice(others)
        old = other[1]
        m.lines[other[0]] = DECL.sub(lambda g: g.group(1) + arg + g.group(3), m.lines[other[0]], count=1)
        other[1] = arg
        return 'noalias.scope.decl line %d: %s -> %s (as line %d)' % (other[0] + 1, old, arg, line + 1)
    text = m.lines[line]
    m.lines[line] = text + '\n  ' + text.strip()
    return 'noalias.scope.decl line %d repeated' % (line + 1)


def mut_tbaa_struct(m, rng):
    if not m.tstructs:
        return None
    t, how = pick(m, rng, m.tstructs, 0.5)
    ops = list(m.ops(t))
    what = rng.choice(['ops', 'overlap', 'unsorted', 'bad-tag', 'on-load'])
    if what == 'overlap' and len(ops) >= 3:
        ops[1] = 'i64 %d' % ((int_value(ops[1]) or 0) + 8)
    elif what == 'unsorted' and len(ops) >= 6:
        ops = ops[3:6] + ops[0:3] + ops[6:]
    elif what == 'bad-tag' and len(ops) >= 3:
        ops[2] = '!%d' % m.new_node(rng.choice([[], ['!"x"'], ['!%d' % rng.choice(m.types), 'i64 0'],
                                                 ['!%d' % rng.choice(m.types)] * 2 + ['i64 7']]))
    elif what == 'on-load' and m.memory:
        line = rng.choice(m.memory)
        m.lines[line] += ', !tbaa.struct !%d' % t
        m.sites.append([line, 'tbaa.struct', t])
        return '!tbaa.struct !%d attached to line %d' % (t, line + 1)
    else:
        m.set_ops(t, ops)
        return generic_ops_mutation(m, rng, t, 'tbaa.struct', m.tags) + how
    m.set_ops(t, ops)
    return 'tbaa.struct !%d: %s%s' % (t, what, how)


def mut_errno(m, rng):
    if 'llvm.errno.tbaa' not in m.named or rng.random() < 0.25:
        # Add or extend !llvm.errno.tbaa with a (possibly damaged) tag.
        src = rng.choice(m.tags) if m.tags else None
        if src is None:
            return None
        t = m.new_node(m.ops(src))
        if rng.random() < 0.7:
            generic_ops_mutation(m, rng, t, 'tag', m.types)
        d = m.named.setdefault('llvm.errno.tbaa', {'ops': [], 'line': None})
        d['ops'].append('!%d' % t)
        m.dirty_named.add('llvm.errno.tbaa')
        m.errno.append(t)
        return '!llvm.errno.tbaa: add !%d = !{%s}' % (t, ', '.join(m.ops(t)))
    slots = [i for i, e in enumerate(m.errno) if e is not None]
    if not slots:
        return None
    i = rng.choice(slots)
    t = m.new_node(m.ops(m.errno[i]))
    m.named['llvm.errno.tbaa']['ops'][i] = '!%d' % t
    m.dirty_named.add('llvm.errno.tbaa')
    m.errno[i] = t
    what = rng.choice(['ops', 'ops', 'empty', 'old-style', 'offset', 'type', 'flag', 'silent'])
    ops = list(m.ops(t))
    if what == 'silent' and ops:
        ops[0] = '!%d' % m.new_node(rng.choice([['!"x"', 'i64 0'], ['!"x"', '!"y"']]))
    elif what == 'empty':
        ops = []
    elif what == 'old-style':
        ops = rng.choice([['!"int"', ops[1] if len(ops) > 1 else 'null', 'i64 0'], ['null'] + ops[1:],
                          ['!"x"']])
    elif what == 'offset' and len(ops) >= 3:
        ops[2] = rng.choice(['i64 4', 'i32 0', 'null', '!"0"'])
    elif what == 'type' and m.types:
        ops = list(m.ops(rng.choice(m.types)))
    elif what == 'flag':
        ops = ops[:4 if m.tag_is_new(t) else 3] + [rng.choice(['i64 2', 'i64 3', '!"c"'])]
    else:
        m.set_ops(t, ops)
        return generic_ops_mutation(m, rng, t, 'errno tag', m.types) + ' (llvm.errno.tbaa[%d])' % i
    m.set_ops(t, ops)
    return 'llvm.errno.tbaa[%d] -> !%d = !{%s} (%s)' % (i, t, ', '.join(ops), what)


def mut_nonmem(m, rng):
    if not m.nonmem or not m.tags:
        return None
    line = rng.choice(m.nonmem)
    t = rng.choice(m.tags)
    m.lines[line] += ', !tbaa !%d' % t
    m.sites.append([line, 'tbaa', t])
    m.nonmem.remove(line)
    return 'line %d: !tbaa !%d on a non-memory instruction' % (line + 1, t)


def mut_retarget(m, rng):
    sites = [s for s in m.sites if s[1] == 'tbaa']
    if not sites:
        return None
    s = rng.choice(sites)
    pool = [n for n in sorted(m.md) if m.ops(n)[:1] != ['null']]
    prefer = m.types + m.scopes + m.lists + m.domains + m.tstructs
    new = rng.choice(prefer if prefer and rng.random() < 0.7 else pool)
    if m.ops(new)[:1] == ['null']:
        return None
    old = s[2]
    m.redirect_site(s, new)
    return 'line %d: !tbaa !%d -> !%d (%s)' % (s[0] + 1, old, new, ', '.join(m.ops(new))[:60])


def mut_scope_on_nonmem(m, rng):
    """Valid: LLVM allows scope lists on any instruction."""
    if not m.nonmem or not m.lists:
        return None
    line = rng.choice(m.nonmem)
    k = rng.choice(['alias.scope', 'noalias'])
    l = rng.choice(m.lists)
    m.lines[line] += ', !%s !%d' % (k, l)
    m.sites.append([line, k, l])
    m.nonmem.remove(line)
    return 'line %d: !%s !%d on a non-memory instruction' % (line + 1, k, l)


MUTATIONS = [
    # (name, weight, function)
    ('tag-ops', 10, mut_tag_ops),
    ('tag-empty', 2, mut_tag_empty),
    ('tag-offset', 8, mut_tag_offset),
    ('tag-flag', 5, mut_tag_flag),
    ('tag-size', 3, mut_tag_size),
    ('tag-types', 6, mut_tag_types),
    ('type-ops', 8, mut_type_ops),
    ('parent-cycle', 4, mut_parent_cycle),
    ('field-cycle', 4, mut_field_cycle),
    ('field-offset', 7, mut_field_offset),
    ('member-size', 3, mut_member_size),
    ('scalar', 6, mut_scalar),
    ('root', 2, mut_root),
    ('silent-field', 5, mut_silent_field),
    ('scope-list', 6, mut_list),
    ('scope', 6, mut_scope),
    ('domain', 5, mut_domain),
    ('both-lists', 2, mut_both_lists),
    ('decl', 4, mut_decl),
    ('decl-same', 2, mut_decl_same),
    ('tbaa-struct', 4, mut_tbaa_struct),
    ('errno', 5, mut_errno),
    ('tbaa-nonmem', 3, mut_nonmem),
    ('retarget', 3, mut_retarget),
    ('scope-nonmem', 1, mut_scope_on_nonmem),
]


def mutate(text, seed, count=None):
    """Returns (mutated text, [descriptions]) or (None, reason)."""
    rng = random.Random('aliaskit-mutate:%s' % seed)
    if count is None:
        count = rng.choices([1, 2, 3], [65, 25, 10])[0]
    for attempt in range(20):
        m = Module(text)
        done = []
        tries = 0
        while len(done) < count and tries < 60:
            tries += 1
            names = [x[0] for x in MUTATIONS]
            name = rng.choices(names, [x[1] for x in MUTATIONS])[0]
            fn = dict((x[0], x[2]) for x in MUTATIONS)[name]
            desc = fn(m, rng)
            if desc:
                done.append('%s: %s' % (name, desc))
                m.compute_roles()
        if done and m.parser_safe():
            header = ''.join('; mutation: %s\n' % d for d in done)
            return header + m.text(), done
    return None, 'no applicable mutation'


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('input')
    ap.add_argument('output')
    ap.add_argument('--seed', required=True)
    ap.add_argument('--mutations', type=int)
    a = ap.parse_args()
    with open(a.input) as f:
        text = f.read()
    out, done = mutate(text, a.seed, a.mutations)
    if out is None:
        print('mutate.py: %s' % done, file=sys.stderr)
        return 1
    with open(a.output, 'w') as f:
        f.write(out)
    for d in done:
        print(d)
    return 0


if __name__ == '__main__':
    sys.exit(main())
