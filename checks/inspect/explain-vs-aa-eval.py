#!/usr/bin/env python3
"""Checks `aliaskit explain` against LLVM's aa-eval on modules.

usage: explain-vs-aa-eval.py [--quiet] MODULE...
env:   ALIASKIT (default target/release/aliaskit), LLVM_BIN, PLUGIN

For each module, the NoAlias records of `aliaskit explain --json` must be
exactly the NoAlias lines of

    opt -load-pass-plugin=PLUGIN -aa-pipeline=rust-scoped-noalias,rust-tbaa \\
        -passes=aa-eval -evaluate-aa-metadata -print-no-aliases

per function (as multisets of instruction pairs). aa-eval numbers metadata
per function when it prints an instruction, `explain` as `opt -S` does, so
instructions are compared without their metadata attachments.

Prints one line per module that differs, then a summary; exits 1 if any
module differs or a tool fails.
"""

import argparse
import collections
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "lib"))
from kit import env, proc  # noqa: E402

ATTACHMENTS = re.compile(r", !\S+ !\d+")


def norm(inst):
    return ATTACHMENTS.sub("", inst.strip())


def explained(path):
    out = subprocess.run([env.ALIASKIT, "explain", "--json", path], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"aliaskit explain failed on {path}: {out.stderr.strip()}")
    pairs = collections.defaultdict(collections.Counter)
    for line in out.stdout.splitlines():
        r = json.loads(line)
        # Load/store pairs only: calls, masks and errno carry a "kind"
        # (checks/inspect/explain-vs-llvm.py compares those).
        if r["answer"] == "NoAlias" and "kind" not in r:
            pairs[r["function"]][(norm(r["first"]), norm(r["second"]))] += 1
    return pairs


def aa_eval(path):
    cmd = proc.opt_cmd([
        "-aa-pipeline=rust-scoped-noalias,rust-tbaa",
        "-passes=aa-eval",
        "-evaluate-aa-metadata",
        "-print-no-aliases",
        "-disable-output",
        path,
    ])
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"aa-eval failed on {path}: {out.stderr.strip()[-300:]}")
    pairs = collections.defaultdict(collections.Counter)
    function = None
    for line in out.stderr.splitlines():
        m = re.match(r"Function: (.*): \d+ pointers, \d+ call sites$", line)
        if m:
            function = m.group(1)
            continue
        m = re.match(r"  NoAlias:\s+(.*?) <-> (.*)$", line)
        if m and function is not None:
            pairs[function][(norm(m.group(1)), norm(m.group(2)))] += 1
    return pairs


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quiet", action="store_true", help="no line for the modules that agree")
    ap.add_argument("modules", nargs="*", metavar="MODULE")
    a = ap.parse_args()
    quiet, paths = a.quiet, a.modules
    differ = failed = total = functions = 0
    for path in paths:
        try:
            ours, theirs = explained(path), aa_eval(path)
        except (RuntimeError, json.JSONDecodeError) as e:
            print(f"FAIL {path}: {e}")
            failed += 1
            continue
        names = set(ours) | set(theirs)
        functions += len(names)
        bad = [f for f in sorted(names) if ours.get(f, collections.Counter()) != theirs.get(f, collections.Counter())]
        total += sum(sum(c.values()) for c in theirs.values())
        if bad:
            differ += 1
            f = bad[0]
            extra = ours.get(f, collections.Counter()) - theirs.get(f, collections.Counter())
            missing = theirs.get(f, collections.Counter()) - ours.get(f, collections.Counter())
            print(f"DIFF {path}: {len(bad)} functions, first @{f}: "
                  f"{sum(extra.values())} only in explain, {sum(missing.values())} only in aa-eval")
        elif not quiet:
            print(f"ok {path}")
    print(f"explain vs aa-eval: {len(paths)} modules, {functions} functions, "
          f"{total} NoAlias pairs; {differ} modules differ, {failed} failed")
    return 1 if differ or failed else 0


if __name__ == "__main__":
    sys.exit(main())
