#!/usr/bin/env python3
"""The cost of bisection support in the analyses (`make bench`, section B).

With neither ALIASKIT_BISECT nor ALIASKIT_BISECT_LOG set, queries must not
get slower. This measures the plugin against the same plugin built from the
commit before bisection support existed (BASELINE below, built once into
target/overhead-baseline with the same compiler), side by side in one run:
`aa-eval -evaluate-aa-metadata` over bench.py's P1 inputs (TBAA and
scoped), whole-`opt` CPU time (median of interleaved runs) and instructions
(callgrind). A third column shows the cost when bisection is on
(ALIASKIT_BISECT=y with a log): every definite answer hashed, memoized
per function and logged once.

Since the baseline, the query path itself has changed (rows per tag and
list, an answer matrix: BENCHMARKS.md, section Q), so "off / baseline"
now measures those changes too; the cost of bisection support alone was
0.998x (rust-tbaa) and 1.005x (rust-scoped-noalias) in instructions when
it was added (commit c7167e5's BENCHMARKS.md, the last before them).

usage: bench/overhead.py [--runs N] [--no-callgrind]
Prints a markdown section on stdout.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools", "lib"))
import bench  # noqa: E402  (P1's inputs and the measuring helpers)
from kit import env, proc  # noqa: E402

# The last commit whose plugin has no bisection support.
BASELINE = "adcf3dd"
BASE_DIR = os.path.join(env.TARGET, "overhead-baseline")


def baseline_plugin():
    """The baseline plugin, built on first use; None if it cannot be."""
    plugin = os.path.join(BASE_DIR, "target/release/libaliaskit.so")
    if os.path.exists(plugin):
        return plugin
    src = os.path.join(BASE_DIR, "src")
    try:
        if not os.path.isdir(src):
            subprocess.run(["git", "-C", env.ROOT, "worktree", "add", "--force", "--detach", src, BASELINE],
                           check=True, capture_output=True)
        subprocess.run(["cargo", "build", "--release", "-p", "aliaskit", "--lib"], cwd=src, check=True,
                       capture_output=True,
                       env=dict(os.environ, CARGO_TARGET_DIR=os.path.join(BASE_DIR, "target")))
    except (subprocess.CalledProcessError, FileNotFoundError) as e:
        err = getattr(e, "stderr", b"") or b""
        print("overhead.py: cannot build the baseline %s: %s" % (BASELINE, err.decode()[-500:]), file=sys.stderr)
        return None
    return plugin


def row(label, path, aa, base, runs, count, log):
    def cmd(plugin):
        return [env.OPT, "-load-pass-plugin=" + plugin, "-aa-pipeline=" + aa, "-passes=aa-eval",
                "-evaluate-aa-metadata", "-disable-output", path]
    # Each variant: its command and its whole environment.
    variants = {
        "baseline": (cmd(base), dict(os.environ)),
        "off": (cmd(env.PLUGIN), dict(os.environ)),
        "on": (cmd(env.PLUGIN), dict(os.environ, ALIASKIT_BISECT="y", ALIASKIT_BISECT_LOG=log)),
    }
    times = {k: [] for k in variants}
    for _ in range(runs):
        for k, (c, environ) in variants.items():
            if os.path.exists(log):
                os.remove(log)
            times[k].append(proc.cpu_time(c, environ)[0])
    t = {k: statistics.median(v) for k, v in times.items()}
    ins = {k: proc.instructions(c, environ) for k, (c, environ) in variants.items()} if count else None
    queries = bench.queries_of(bench.output_of(cmd(env.PLUGIN)))
    return label, queries, t, ins


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--no-callgrind", action="store_true")
    args = ap.parse_args()
    out = ["## B: the cost of bisection support", ""]
    base = baseline_plugin()
    if base is None:
        out.append("Not measured: the baseline plugin (commit %s) could not be built here." % BASELINE)
        print("\n".join(out))
        return
    with tempfile.TemporaryDirectory() as tmp:
        p1 = os.path.join(tmp, "p1.ll")
        with open(p1, "wb") as f:
            f.write(subprocess.check_output([env.MODGEN, "--seed", "2000", "--functions", "1",
                                             "--accesses", "2000", "--encoding", "old"]))
        p1s = os.path.join(tmp, "p1-scoped.ll")
        with open(p1s, "w") as f:
            f.write(bench.scoped_function(2000))
        log = os.path.join(tmp, "bisect.log")
        rows = [row("P1 rust-tbaa", p1, "rust-tbaa", base, args.runs, not args.no_callgrind, log),
                row("P1 rust-scoped-noalias", p1s, "rust-scoped-noalias", base, args.runs,
                    not args.no_callgrind, log)]
    out += ["`opt -aa-pipeline=<AA> -passes=aa-eval -evaluate-aa-metadata` on P1's inputs, whole `opt` "
            "process, median of %d interleaved runs; *baseline* is the plugin of commit `%s` (before "
            "bisection support), *off* this plugin with neither variable set, *on* this plugin with "
            "`ALIASKIT_BISECT=y` and `ALIASKIT_BISECT_LOG` set. Goal: off / baseline <= 1.00 (no "
            "measurable cost). Since the baseline the query path itself has changed (section Q), "
            "so off / baseline measures that too; bisection support alone cost 0.998x (rust-tbaa) "
            "and 1.005x (rust-scoped-noalias) instructions when it was added." % (args.runs, BASELINE), "",
            "| input | alias queries | CPU baseline (s) | CPU off (s) | CPU on (s) | off / baseline "
            "| instructions baseline | instructions off | instructions on | off / baseline (instructions) "
            "| on / off (instructions) |",
            "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for label, queries, t, ins in rows:
        if ins:
            i = "%d | %d | %d | **%.4fx** | %.2fx" % (ins["baseline"], ins["off"], ins["on"],
                                                      ins["off"] / ins["baseline"], ins["on"] / ins["off"])
        else:
            i = "- | - | - | - | -"
        out.append("| %s | %d | %.3f | %.3f | %.3f | **%.3fx** | %s |" % (
            label, queries, t["baseline"], t["off"], t["on"], t["off"] / t["baseline"], i))
    print("\n".join(out))


if __name__ == "__main__":
    main()
