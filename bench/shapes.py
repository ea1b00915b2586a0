"""The functions bench.py measures: textual LLVM IR, deterministic.

Every function is `@f(ptr %base)` with i32 loads and stores at distinct
offsets of %base, so that with one analysis alone in the AA pipeline every
pair reaches it. What varies is the metadata:

  tag_function        N sibling scalar tags (plain scalar accesses), or
                      with fields=True the two int fields of N/2 structs;
                      old or new (size-aware) format.
  clang_function      a clang-shaped type DAG: scalar types under
                      omnipotent char, structs of scalars, nested structs,
                      arrays of structs; tags for every field path, in
                      random order over the accesses; old or new format.
  scoped_function     random `!alias.scope` / `!noalias` lists over a few
                      domains (the P1 shape).
  scoped_random       thousands of random lists over tens of domains.
  scoped_inlined      the shape inlining `noalias` arguments makes in Rust
                      code: each inlined call is a domain with a scope per
                      noalias argument, calls nest, and an access inside a
                      nest of calls carries the scopes of every level.
"""

import random


def access_function(naccesses, metadata_of):
    """The lines of `@f(ptr %base)`: `naccesses` i32 loads and stores at
    distinct offsets of %base, access i with the attachments
    `metadata_of(i)` (called once per access, in order; None for none)."""
    lines = ["define void @f(ptr %base) {"]
    for i in range(naccesses):
        md = metadata_of(i)
        md = ", " + md if md else ""
        lines.append("  %%p%d = getelementptr i32, ptr %%base, i64 %d" % (i, i))
        if i % 2:
            lines.append("  store i32 %d, ptr %%p%d, align 4%s" % (i, i, md))
        else:
            lines.append("  %%v%d = load i32, ptr %%p%d, align 4%s" % (i, i, md))
    lines.append("  ret void\n}")
    return lines


class TypeNodes:
    """Numbered metadata lines for a type DAG in either TBAA format."""

    def __init__(self, new_format, first=0):
        self.new = new_format
        self.lines = []
        self.next = first
        self.root = self._add('!{!"bench root"}')
        self.char = self.scalar("omnipotent char", self.root, 1)

    def _add(self, text):
        n = self.next
        self.next += 1
        self.lines.append("!%d = %s" % (n, text))
        return n

    def scalar(self, name, parent, size):
        if self.new:
            return self._add('!{!%d, i64 %d, !"%s"}' % (parent, size, name))
        return self._add('!{!"%s", !%d, i64 0}' % (name, parent))

    def struct(self, name, fields, size):
        """fields: [(type node, offset, size)]."""
        if self.new:
            body = "".join(", !%d, i64 %d, i64 %d" % f for f in fields)
            return self._add('!{!%d, i64 %d, !"%s"%s}' % (self.char, size, name, body))
        body = "".join(", !%d, i64 %d" % (t, off) for t, off, _ in fields)
        return self._add('!{!"%s"%s}' % (name, body))

    def tag(self, base, access, offset, size):
        if self.new:
            return self._add("!{!%d, !%d, i64 %d, i64 %d}" % (base, access, offset, size))
        return self._add("!{!%d, !%d, i64 %d}" % (base, access, offset))


def tag_function(ntags, naccesses, fields=False, new_format=False):
    """`naccesses` accesses cycling over `ntags` distinct tags: plain
    scalar tags (siblings under char), or with `fields` the two int fields
    (offsets 0 and 4) of ntags/2 sibling structs. Every pair of different
    tags is NoAlias."""
    t = TypeNodes(new_format)
    tags = []
    if fields:
        int_ty = t.scalar("int", t.char, 4)
        for k in range(max(ntags // 2, 1)):
            s = t.struct("struct %d" % k, [(int_ty, 0, 4), (int_ty, 4, 4)], 8)
            tags += [t.tag(s, int_ty, 0, 4), t.tag(s, int_ty, 4, 4)]
    else:
        for k in range(ntags):
            ty = t.scalar("type %d" % k, t.char, 4)
            tags.append(t.tag(ty, ty, 0, 4))
    lines = access_function(naccesses, lambda i: "!tbaa !%d" % tags[i % len(tags)])
    return "\n".join(lines + t.lines) + "\n"


CLANG_SCALARS = [("int", 4), ("short", 2), ("long", 8), ("long long", 8), ("float", 4),
                 ("double", 8), ("any pointer", 8), ("p1 int", 8), ("p1 omnipotent char", 8),
                 ("_Bool", 1), ("unsigned int", 4), ("p2 int", 8)]


def clang_function(ntags, naccesses, new_format=False, seed=1):
    """A type DAG shaped like clang's for a C code base, with at least
    `ntags` distinct access tags: the scalar tags, then structs of scalars
    and of earlier structs (nested), some containing a small array of an
    earlier struct, each contributing a tag for every scalar reached
    through its fields (clang tags `s.a.b` as {S, int, offset}). Accesses
    draw tags at random."""
    rng = random.Random(seed)
    t = TypeNodes(new_format)
    scalars = []
    for name, size in CLANG_SCALARS:
        scalars.append((t.scalar(name, t.char, size), size))
    tags = [t.tag(ty, ty, 0, size) for ty, size in scalars]
    # Each struct: (node, size, [(scalar node, offset, size)] of its leaves).
    structs = []
    k = 0
    while len(tags) < ntags:
        fields, leaves, offset = [], [], 0
        for _ in range(rng.randrange(2, 7)):
            if structs and rng.random() < 0.3:
                inner, isize, ileaves = rng.choice(structs[-40:])
                count = rng.choice([1, 1, 1, 2, 3])
                for c in range(count):
                    fields.append((inner, offset, isize))
                    leaves += [(ty, offset + off, size) for ty, off, size in ileaves]
                    offset += isize
            else:
                ty, size = rng.choice(scalars)
                offset = (offset + size - 1) // size * size
                fields.append((ty, offset, size))
                leaves.append((ty, offset, size))
                offset += size
        size = (offset + 7) // 8 * 8
        node = t.struct("struct s%d" % k, fields, size)
        structs.append((node, size, leaves))
        tags += [t.tag(node, ty, off, sz) for ty, off, sz in leaves]
        k += 1
    tags = tags[:max(ntags, len(scalars))]
    lines = access_function(naccesses, lambda i: "!tbaa !%d" % rng.choice(tags))
    return "\n".join(lines + t.lines) + "\n"


def scoped_function(naccesses, ndomains=4, scopes_per_domain=6, nlists=24, seed=1):
    """Each access carries an `!alias.scope` and a `!noalias` list drawn
    from `nlists` random lists over `ndomains` domains: a mix of NoAlias
    and MayAlias answers."""
    rng = random.Random(seed)
    first_list = 10 * ndomains * (scopes_per_domain + 1) + 1000

    def lists(_):
        a = first_list + rng.randrange(nlists)
        n = first_list + rng.randrange(nlists)
        return "!alias.scope !%d, !noalias !%d" % (a, n)

    lines = access_function(naccesses, lists)
    scopes = []
    for d in range(ndomains):
        dom = d * (scopes_per_domain + 1)
        lines.append('!%d = distinct !{!%d, !"domain %d"}' % (dom, dom, d))
        for k in range(scopes_per_domain):
            s = dom + 1 + k
            lines.append('!%d = distinct !{!%d, !%d, !"scope %d.%d"}' % (s, s, dom, d, k))
            scopes.append(s)
    for l in range(nlists):
        chosen = sorted(set(rng.sample(scopes, rng.randrange(1, 6))))
        lines.append("!%d = !{%s}" % (first_list + l, ", ".join("!%d" % c for c in chosen)))
    return "\n".join(lines) + "\n"


def scoped_random(naccesses, nlists, ndomains, scopes_per_domain=8, seed=2):
    return scoped_function(naccesses, ndomains, scopes_per_domain, nlists, seed)


def scoped_inlined(naccesses, ncalls, seed=3, max_depth=8, new_root=0.1):
    """Accesses inside nests of inlined calls. Each inlined call is a
    domain with one scope per noalias argument (1 to 3); calls nest up to
    `max_depth` deep, in a few trees (a call starts a new tree with
    probability `new_root`). An access made through one argument at each level of
    its nest carries, as the inliner leaves it, `!alias.scope` = the scopes
    of those arguments and `!noalias` = the scopes of the other arguments
    of every level. Returns (IR text, number of distinct lists)."""
    rng = random.Random(seed)
    md = []
    next_id = [0]

    def node(text_of):
        n = next_id[0]
        next_id[0] += 1
        md.append("!%d = %s" % (n, text_of(n)))
        return n

    # Calls: (parent call or None, [scope nodes]).
    calls = []
    for c in range(ncalls):
        parent = None
        if calls and rng.random() >= new_root:
            candidate = rng.randrange(len(calls))
            depth, p = 1, calls[candidate][0]
            while p is not None:
                depth, p = depth + 1, calls[p][0]
            if depth < max_depth:
                parent = candidate
        dom = node(lambda n: 'distinct !{!%d, !"inlined call %d"}' % (n, c))
        scopes = [node(lambda n: 'distinct !{!%d, !%d, !"call %d: %%arg%d"}' % (n, dom, c, a))
                  for a in range(rng.randrange(1, 4))]
        calls.append((parent, scopes))
    lists = {}

    def list_node(scopes):
        key = tuple(scopes)
        if key not in lists:
            lists[key] = node(lambda n: "!{%s}" % ", ".join("!%d" % s for s in key))
        return lists[key]

    def metadata(_):
        c = rng.randrange(len(calls))
        alias, noalias = [], []
        while c is not None:
            parent, scopes = calls[c]
            arg = rng.randrange(len(scopes))
            alias.append(scopes[arg])
            noalias += [s for i, s in enumerate(scopes) if i != arg]
            c = parent
        if not noalias:
            return "!alias.scope !%d" % list_node(alias)
        return "!alias.scope !%d, !noalias !%d" % (list_node(alias), list_node(noalias))

    lines = access_function(naccesses, metadata)
    return "\n".join(lines + md) + "\n", len(lists)
