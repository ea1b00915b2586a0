#!/usr/bin/env python3
"""`aliaskit explain` and `aliaskit dot` on the real-C corpus.

usage: checks/inspect/check.py [--slice N] [--manifest FILE]
env:   LLVM_BIN, PLUGIN, ALIASKIT (default target/release/aliaskit), JOBS,
       CORPUS (default target/corpus, built by corpora/real-c.sh)

For every module of the corpus manifest (the first N csmith modules with
--slice N, all modules otherwise):
  * explain: its NoAlias pairs (`explain --summary --json`, per function)
    add up to aa-eval's count of NoAlias responses for the module (with
    only rust-scoped-noalias and rust-tbaa in the pipeline, only the
    load/store pairs can be NoAlias); and on modules with at most
    PAIR_LIMIT pairs, the NoAlias records equal aa-eval's NoAlias lines per
    function, pair for pair (checks/inspect/explain-vs-aa-eval.py; aa-eval prints
    each instruction with a fresh slot tracker, which makes printing
    millions of pairs take minutes);
  * dot, for the TBAA DAG and for the scope domains: graphviz's `dot`
    accepts the picture, and its node and edge counts equal the counts
    computed here, independently, from the module's textual metadata:
      TBAA   nodes = distinct !tbaa attachments + type nodes they reach
             edges = per tag 1 (base = access) or 2, per type node one per
                     node operand (parent, fields)
      scopes nodes = distinct !alias.scope / !noalias lists + their scopes
                     + those scopes' domains
             edges = per list one per scope operand, per scope 1 to its
                     domain
Prints one line per failing module and a summary; exits 1 on any failure.
"""

import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "lib"))
from kit import env, ll, proc  # noqa: E402

PAIR_LIMIT = 200000
ATTACH = {"tbaa": ll.TBAA, "scopes": ll.SCOPES}


def metadata(path):
    """Node definitions (number -> operand strings) and the attachments of
    each kind, in a textual module."""
    nodes = {}
    used = {k: set() for k in ATTACH}
    for line in open(path, errors="replace"):
        m = ll.NODE.match(line)
        if m:
            nodes[int(m.group(1))] = ll.split_ops(m.group(3))
        elif line.startswith("  "):
            for kind, rx in ATTACH.items():
                used[kind].update(int(x) for x in rx.findall(line))
    return nodes, used


def refs(ops):
    return [ll.node_id(o) for o in ops if ll.node_id(o) is not None]


def expected_tbaa(nodes, tags):
    edges = 0
    seen = set(tags)
    work = []
    for t in tags:
        ops = nodes.get(t, [])
        b = ll.node_id(ops[0]) if ops else None
        a = ll.node_id(ops[1]) if len(ops) > 1 else None
        if b is not None and a is not None:
            edges += 1 if a == b else 2
            work += [b, a]
    types = set()
    while work:
        n = work.pop()
        if n in types or n in tags:
            continue
        types.add(n)
        r = refs(nodes.get(n, []))
        edges += len(r)
        work += r
    return len(seen | types), edges


def expected_scopes(nodes, lists):
    scopes, domains, edges = set(), set(), 0
    for l in lists:
        r = refs(nodes.get(l, []))
        edges += len(r)
        scopes.update(r)
    for s in scopes:
        ops = nodes.get(s, [])
        d = ll.node_id(ops[1]) if len(ops) > 1 else None
        if d is not None:
            domains.add(d)
            edges += 1
    return len(set(lists) | scopes | domains), edges


def drawn(text):
    nodes = len(re.findall(r"^  n\d+ \[", text, re.M))
    edges = len(re.findall(r" -> ", text))
    return nodes, edges


def check_module(path):
    """Problems found in one module (empty list: all good)."""
    if path.endswith(".bc"):
        # The counts are read from text: disassemble, check the text.
        with tempfile.TemporaryDirectory() as tmp:
            text = os.path.join(tmp, os.path.basename(path)[:-3] + ".ll")
            subprocess.run([env.tool("llvm-dis"), path, "-o", text], check=True)
            return check_module(text)
    problems = []
    nodes, used = metadata(path)
    for kind, flag in (("tbaa", []), ("scopes", ["--scopes"])):
        with tempfile.NamedTemporaryFile(suffix=".dot") as out:
            r = subprocess.run([env.ALIASKIT, "dot", *flag, path, "-o", out.name], capture_output=True, text=True)
            if r.returncode != 0:
                problems.append(f"dot {kind}: exit {r.returncode}: {r.stderr.strip()[:200]}")
                continue
            text = open(out.name).read()
            g = subprocess.run(["dot", "-Tsvg", "-o", os.devnull, out.name], capture_output=True, text=True)
            if g.returncode != 0:
                problems.append(f"graphviz rejects the {kind} picture: {g.stderr.strip()[:200]}")
        got = drawn(text)
        want = (expected_tbaa(nodes, used["tbaa"]) if kind == "tbaa"
                else expected_scopes(nodes, used["scopes"]))
        if got != want:
            problems.append(f"dot {kind}: {got[0]} nodes / {got[1]} edges drawn, metadata has {want[0]} / {want[1]}")
    # explain's NoAlias count per function against aa-eval's total.
    r = subprocess.run([env.ALIASKIT, "explain", "--summary", "--json", path], capture_output=True, text=True)
    if r.returncode != 0:
        problems.append(f"explain: exit {r.returncode}: {r.stderr.strip()[:200]}")
        return problems, (len(used["tbaa"]), len(used["scopes"]), 0, 0)
    rows = [json.loads(l) for l in r.stdout.splitlines()]
    pairs = sum(x["pairs"] for x in rows)
    no_alias = sum(x["tbaa"] + x["scoped-noalias"] + x["both"] for x in rows)
    rc, _, err, _ = proc.opt(["-aa-pipeline=rust-scoped-noalias,rust-tbaa", "-passes=aa-eval",
                              "-evaluate-aa-metadata", "-disable-output", path])
    err = err.decode("utf-8", "replace")
    m = re.search(r"(\d+) no alias responses", err)
    if rc != 0 or not m:
        problems.append(f"aa-eval failed: {err.strip()[-200:]}")
    elif int(m.group(1)) != no_alias:
        problems.append(f"explain: {no_alias} NoAlias pairs, aa-eval {m.group(1)} NoAlias responses")
    if pairs <= PAIR_LIMIT and not problems:
        c = subprocess.run([sys.executable, os.path.join(HERE, "explain-vs-aa-eval.py"), "--quiet", path],
                           capture_output=True, text=True)
        if c.returncode != 0:
            problems.append("explain pair for pair: " + "; ".join(c.stdout.strip().splitlines()[:2]))
    stats = (len(used["tbaa"]), len(used["scopes"]), len(rows), no_alias, pairs, pairs <= PAIR_LIMIT)
    return problems, stats



def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--slice", type=int, default=0)
    ap.add_argument("--manifest", default=os.path.join(env.CORPUS, "MANIFEST"))
    args = ap.parse_args()
    paths = [p for p in env.manifest_modules(args.manifest, args.slice) if os.path.exists(p)]
    if not paths:
        sys.exit(f"check.py: no modules in {args.manifest} (run corpora/real-c.sh)")
    jobs = env.JOBS
    failed = 0
    totals = [0, 0, 0, 0, 0, 0]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for path, (problems, stats) in zip(paths, pool.map(check_module, paths)):
            totals = [a + b for a, b in zip(totals, stats)]
            if problems:
                failed += 1
                print(f"FAIL {os.path.relpath(path, env.ROOT)}: " + " | ".join(problems))
    print(f"inspect/check.py: {len(paths)} modules ({totals[0]} distinct tags, {totals[1]} scope lists, "
          f"{totals[2]} functions, {totals[4]} pairs, {totals[3]} NoAlias): explain = aa-eval "
          f"(pair for pair on {totals[5]} modules), graphviz accepts every picture, node and edge "
          f"counts match: {'PASS' if not failed else f'{failed} FAILED'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
