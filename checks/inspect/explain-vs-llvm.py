#!/usr/bin/env python3
"""Checks every answer of `aliaskit explain` against LLVM's AAResults.

usage: explain-vs-llvm.py [--quiet] [--slice N] [--frontends K] [--pair-limit P]
                          [--pipeline PASSES] [--manifest FILE] [MODULE...]
env:   LLVM_BIN, PLUGIN, JOBS, CORPUS (default target/corpus)

For each module (those given, else the corpora's: the real-C manifest's,
the first N csmith modules with --slice N, and the front-end modules of
corpora/frontends.sh, the K smallest of each front end with --frontends K,
all by default, one with --slice), runs

    opt -load-pass-plugin=PLUGIN -aa-pipeline=rust-scoped-noalias,rust-tbaa \\
        -passes='aliaskit-explain<json;may>'        (explain's answers)
    opt ... -passes='aliaskit-explain<json;may;llvm>'  (LLVM's answers)

The second run asks the functions' AAResults the same questions, in the
same order (src/plugin/llvm_answers.cpp): `alias` of each load/store pair,
`getModRefInfo` of each call against each load, store and earlier call
(and, for a memory intrinsic against a load or store, `alias` of its
destination and source locations), `getModRefInfoMask` of each location
and, with `!llvm.errno.tbaa`, `aliasErrno`. Every record must match: the
same question, the same answer. The outputs are compared as they stream,
record by record. A module with more than P load/store pairs (default
2000000; `explain --summary` counts them first) is compared without them
(`calls-only`): checks/inspect/check.py compares those with aa-eval.
With --pipeline (e.g. 'default<O2>'), both runs explain the module as
those passes leave it (with our analyses as the AA pipeline: the same IR
in both runs), so that the inliner's scopes and the copies' derived tags
are asked about too.

Prints one line per module that differs (its first difference), then the
numbers: modules, records compared per kind, mismatches; exits 1 on any
mismatch or failure.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "lib"))
from kit import env, proc  # noqa: E402

KINDS = ("load/store", "call", "call-call", "mask", "errno")


PIPELINE = ""


def passes(params):
    return "-passes=" + (PIPELINE + "," if PIPELINE else "") + f"aliaskit-explain<{params}>"


def load_store_pairs(path):
    """The number of load/store pairs explain asks about in a module."""
    out = subprocess.run(proc.opt_cmd([
        "-disable-verify", "-disable-auto-upgrade-debug-info",
        "-aa-pipeline=rust-scoped-noalias,rust-tbaa",
        passes("summary;json"), "-disable-output", path]),
        capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"explain --summary failed: {out.stderr.strip()[-200:]}")
    return sum(json.loads(line)["pairs"] for line in out.stdout.splitlines())


def run(path, params):
    # stderr to a file: a pipe nobody reads could fill and stop opt.
    err = tempfile.TemporaryFile(mode="w+")
    p = subprocess.Popen(
        proc.opt_cmd([
            "-disable-verify",
            "-disable-auto-upgrade-debug-info",
            "-aa-pipeline=rust-scoped-noalias,rust-tbaa",
            passes(params),
            "-disable-output",
            path,
        ]),
        stdout=subprocess.PIPE, stderr=err, text=True)
    p.err = err
    return p


def stderr_of(p):
    p.err.seek(0)
    return p.err.read()


def key(r):
    """The question of a record and its answer(s)."""
    kind = r.get("kind", "load/store")
    question = (kind, r["function"], r.get("first", r.get("access")), r.get("second"))
    return kind, question, (r["answer"], json.dumps(r.get("locations"), sort_keys=True))


def compare(path, pair_limit):
    """(counts per kind, mismatches, first difference or error)."""
    counts = collections.Counter()
    try:
        skip = load_store_pairs(path) > pair_limit
    except RuntimeError as e:
        return counts, 0, str(e)
    extra = ";calls-only" if skip else ""
    counts["modules without load/store pairs"] += skip
    ours, theirs = run(path, "json;may" + extra), run(path, "json;may;llvm" + extra)
    mismatches, first = 0, None
    for a, b in zip(ours.stdout, theirs.stdout):
        ka, qa, aa = key(json.loads(a))
        kb, qb, ab = key(json.loads(b))
        if qa != qb:
            ours.kill()
            theirs.kill()
            return counts, mismatches + 1, f"the questions differ: {qa} vs {qb}"
        counts[ka] += 1
        if aa != ab:
            mismatches += 1
            if first is None:
                first = f"{ka} in @{qa[1]}: explain {aa}, LLVM {ab}: {qa[2]} | {qa[3]}"
    rest = ours.stdout.read() + theirs.stdout.read()
    codes = [p.wait() for p in (ours, theirs)]
    errs = [stderr_of(p) for p in (ours, theirs)]
    if any(codes) or any("error:" in e for e in errs):
        return counts, mismatches, f"opt failed ({codes}): {' '.join(e.strip()[-200:] for e in errs)}"
    if rest.strip():
        return counts, mismatches + 1, "one run printed more records than the other"
    return counts, mismatches, first


def modules(manifest, slice_n, frontends):
    """The real-C manifest's modules (the first slice_n csmith ones), then
    the `frontends` smallest modules of each front end (None: all)."""
    out = env.manifest_modules(manifest, slice_n)
    root = os.path.join(env.CORPUS, "frontends")
    for fe in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        d = os.path.join(root, fe)
        files = sorted((os.path.getsize(os.path.join(d, f)), os.path.join(d, f))
                       for f in os.listdir(d) if f.endswith((".ll", ".bc")))
        out += [p for _, p in files[:frontends]]
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quiet", action="store_true", help="no line for the modules that agree")
    ap.add_argument("--slice", type=int, default=0)
    ap.add_argument("--frontends", type=int, default=None,
                    help="the K smallest modules of each front end (default: all; 1 with --slice)")
    ap.add_argument("--pair-limit", type=int, default=2000000)
    ap.add_argument("--pipeline", default="", help="passes to run before explaining")
    ap.add_argument("--manifest", default=os.path.join(env.CORPUS, "MANIFEST"))
    ap.add_argument("modules", nargs="*", metavar="MODULE")
    a = ap.parse_args()
    global PIPELINE
    PIPELINE = a.pipeline
    frontends = a.frontends if a.frontends is not None else (1 if a.slice else None)
    paths = a.modules or [p for p in modules(a.manifest, a.slice, frontends) if os.path.exists(p)]
    if not paths:
        sys.exit(f"explain-vs-llvm.py: no modules in {a.manifest} (run corpora/real-c.sh)")
    totals = collections.Counter()
    mismatches = bad = 0
    with concurrent.futures.ThreadPoolExecutor(env.JOBS) as pool:
        results = pool.map(lambda p: compare(p, a.pair_limit), paths)
        for path, (counts, m, first) in zip(paths, results):
            totals += counts
            mismatches += m
            if first is not None:
                bad += 1
                print(f"DIFF {path}: {m} mismatches; first: {first}")
            elif not a.quiet:
                print(f"ok {path}")
    compared = ", ".join(f"{totals[k]} {k}" for k in KINDS)
    skipped = totals["modules without load/store pairs"]
    print(f"explain vs LLVM AAResults: {len(paths)} modules, {sum(totals[k] for k in KINDS)} answers "
          f"({compared}); {mismatches} mismatches, {bad} modules differ"
          + (f"; {skipped} modules compared without their load/store pairs (over {a.pair_limit})"
             if skipped else ""))
    return 1 if bad or mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
