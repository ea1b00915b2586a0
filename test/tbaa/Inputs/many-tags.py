"""A function with more distinct !tbaa tags than rust-tbaa remembers answers
for (4096 rows), so that pairs beyond that bound are decided each time,
before the query path's panic guard or under it; in the old or the new
(size-aware) format (argv[1]).

Per struct S_k {int, int}: tags for its two fields; in the new format,
every 100th struct also has a tag for the whole of it (an aggregate
access: not a simple tag, and invalid in the old format); every 100th
struct also sits at offset 0 of a T_k {S_k, int} with tags for T_k's
fields at offsets 0 and 8. One access each through !{int, int} and
!{char, char}. Every access goes through %base itself, so aa-eval asks
only the load/store and store/store pairs, and the may-alias ones are
few enough to print. Accesses take the tags in order, then 200 of them
in a shuffled order, then the first 200 again, so that rows are first
seen in order and some pairs are asked again, in both orders.
"""
import random
import sys

new = sys.argv[1:] == ["new"]
lines = []


def node(text):
    lines.append("!%d = %s" % (len(lines), text))
    return len(lines) - 1


root = node('!{!"many tags root"}')


def scalar(name, parent, size):
    if new:
        return node('!{!%d, i64 %d, !"%s"}' % (parent, size, name))
    return node('!{!"%s", !%d, i64 0}' % (name, parent))


def struct(name, size, fields):
    if new:
        body = "".join(", !%d, i64 %d, i64 %d" % f for f in fields)
        return node('!{!%d, i64 %d, !"%s"%s}' % (char, size, name, body))
    return node('!{!"%s"%s}' % (name, "".join(", !%d, i64 %d" % (t, o) for t, o, _ in fields)))


def tag(base, access, offset, size):
    if new:
        return node("!{!%d, !%d, i64 %d, i64 %d}" % (base, access, offset, size))
    return node("!{!%d, !%d, i64 %d}" % (base, access, offset))


char = scalar("omnipotent char", root, 1)
int_ = scalar("int", char, 4)
tags = [tag(int_, int_, 0, 4), tag(char, char, 0, 1)]
for k in range(2200):
    s = struct("S%d" % k, 8, [(int_, 0, 4), (int_, 4, 4)])
    tags += [tag(s, int_, 0, 4), tag(s, int_, 4, 4)]
    if new and k % 100 == 0:
        tags.append(tag(s, s, 0, 8))
    if k % 100 == 0:
        t = struct("T%d" % k, 12, [(s, 0, 8), (int_, 8, 4)])
        tags += [tag(t, int_, 0, 4), tag(t, int_, 8, 4)]

# More rows than the answer matrix holds (AnswerMatrix::MAX_SIDE).
assert len(set(tags)) > 4096 + 100
rng = random.Random(4096)
order = tags[2:] + rng.sample(tags[2:], 200) + tags[:2] + tags[2:202]
print("define void @f(ptr %base) {")
for i, t in enumerate(order):
    if i % 2:
        print("  store i32 %d, ptr %%base, align 4, !tbaa !%d" % (i, t))
    else:
        print("  %%v%d = load i32, ptr %%base, align 4, !tbaa !%d" % (i, t))
print("  ret void\n}")
print("\n".join(lines))
