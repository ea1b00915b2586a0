#!/usr/bin/env python3
"""Checks aliaskit on the front-end corpus of corpora/frontends.sh
(Flang, clang++, rustc), module by module, and reports per front end.

usage: check.py [--slice] [--jobs N] [--report FILE]
  --slice        the corpus slice (make test); default: the whole corpus
  --report FILE  also write the per-front-end table as Markdown to FILE
env: LLVM_BIN, PLUGIN (as everywhere), OPT_TIMEOUT (seconds, default 600)

For each module (the plugin loaded in every opt run):
  O2, gvn, licm   -passes='default<O2>', 'function(sroa),function(gvn)',
                  'function(sroa),function(loop-mssa(licm))' under
                  -aa-pipeline=basic-aa,scoped-noalias-aa,tbaa (built-in),
                  basic-aa,rust-scoped-noalias,rust-tbaa (ours) and
                  basic-aa (no metadata analysis): ours must print exactly
                  what the built-in analyses print; "metadata changes O2"
                  counts the modules whose O2 output differs without them.
                  Our O2 run logs its decisions (ALIASKIT_BISECT_LOG): the
                  distinct ids are the module's decisions.
  diffs           tbaa-diff<fatal> and scoped-diff<fatal>, on the module
                  and on its O2 output (where inlining made the scopes):
                  0 disagreements.
  verify          verify-alias-md<warn;json> on the module: 0 errors;
                  warnings counted by rule.
  captures        every captures(...) removed, then function-attrs (LLVM's
                  own inference), then check-captures<warn;json>: 0 errors.
Exit status 0 when every check holds, 1 otherwise; failures are listed.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "lib"))
from kit import env, ll, proc  # noqa: E402

TIMEOUT = int(os.environ.get("OPT_TIMEOUT", "600"))
AA = {
    "builtin": "basic-aa,scoped-noalias-aa,tbaa",
    "ours": "basic-aa,rust-scoped-noalias,rust-tbaa",
    "basic": "basic-aa",
}
PIPES = {
    "O2": "default<O2>",
    "gvn": "function(sroa),function(gvn)",
    "licm": "function(sroa),function(loop-mssa(licm))",
}
FRONT_ENDS = (("flang", "Flang (flang-22)"), ("cxx", "clang++ (clang++-22)"), ("rust", "rustc 1.95"))
CAPTURES = re.compile(r" captures\([^()]*\)")
DISAGREE = re.compile(r"(\d+) disagreements")


def opt(args, variables=None):
    """Runs opt with the plugin, `variables` added to the environment:
    (exit code, stderr)."""
    rc, _, err, timed_out = proc.opt(args, TIMEOUT, environ=dict(os.environ, **(variables or {})))
    if timed_out:
        return "timeout", ""
    return rc, err.decode("utf-8", "replace")


def findings(stderr):
    """The JSON lines of a pass's output."""
    out = []
    for line in stderr.splitlines():
        if line.startswith("{"):
            try:
                out.append(json.loads(line))
            except ValueError:
                pass
    return out


def check_module(front_end, path):
    r = {"front_end": front_end, "module": os.path.relpath(path, env.ROOT), "failures": [],
         "tags": 0, "lists": 0, "decisions": 0, "o2_changed": False,
         "warnings": collections.Counter()}
    fail = r["failures"].append
    with tempfile.TemporaryDirectory() as tmp:
        text = os.path.join(tmp, "input.ll")
        if path.endswith(".ll"):
            shutil.copyfile(path, text)
        else:
            subprocess.run([env.tool("llvm-dis"), path, "-o", text], check=True)
        source = open(text).read()
        r["tags"] = len(set(ll.TBAA.findall(source)))
        outputs = {}
        for pipe, passes in PIPES.items():
            for aa, pipeline in AA.items():
                out = os.path.join(tmp, "%s-%s.ll" % (pipe, aa))
                log = None
                if pipe == "O2" and aa == "ours":
                    log = {"ALIASKIT_BISECT_LOG": os.path.join(tmp, "decisions.jsonl")}
                rc, err = opt(["-aa-pipeline=" + pipeline, "-passes=" + passes, "-S", text, "-o", out], log)
                if rc != 0:
                    fail("%s %s: opt exit %s: %s" % (pipe, aa, rc, err.strip()[-300:]))
                    continue
                outputs[(pipe, aa)] = open(out).read()
            if (pipe, "ours") in outputs and (pipe, "builtin") in outputs \
                    and outputs[(pipe, "ours")] != outputs[(pipe, "builtin")]:
                fail("%s: our analyses' output differs from the built-in ones'" % pipe)
        if ("O2", "basic") in outputs and ("O2", "builtin") in outputs:
            r["o2_changed"] = outputs[("O2", "basic")] != outputs[("O2", "builtin")]
        log = os.path.join(tmp, "decisions.jsonl")
        if os.path.exists(log):
            # Decision lines only (event lines say what the plugin saw).
            r["decisions"] = len({d["id"] for d in map(json.loads, open(log)) if "id" in d})
        o2 = os.path.join(tmp, "O2-builtin.ll")
        if ("O2", "builtin") in outputs:
            r["lists"] = len(set(ll.SCOPES.findall(outputs[("O2", "builtin")])))
        for diff in ("tbaa-diff", "scoped-diff"):
            for name, module in (("module", text), ("O2 output", o2)):
                if module == o2 and ("O2", "builtin") not in outputs:
                    continue
                rc, err = opt(["-passes=%s<fatal>" % diff, "-disable-output", module])
                m = DISAGREE.search(err)
                if rc != 0 or not m or m.group(1) != "0":
                    fail("%s on the %s: exit %s: %s" % (diff, name, rc, err.strip()[-300:]))
        rc, err = opt(["-passes=verify-alias-md<warn;json>", "-disable-output", text])
        found = findings(err)
        errors = [f for f in found if f.get("severity") == "error"]
        if rc != 0 or errors:
            fail("verify-alias-md: exit %s, %d errors: %s" % (rc, len(errors), errors[:1] or err.strip()[-300:]))
        r["warnings"].update("verify " + f.get("rule", "?") for f in found if f.get("severity") == "warning")
        stripped = os.path.join(tmp, "stripped.ll")
        with open(stripped, "w") as f:
            f.write(CAPTURES.sub("", source))
        inferred = os.path.join(tmp, "inferred.ll")
        rc, err = opt(["-passes=function-attrs", "-S", stripped, "-o", inferred])
        if rc != 0:
            fail("function-attrs: exit %s: %s" % (rc, err.strip()[-300:]))
        else:
            rc, err = opt(["-passes=check-captures<warn;json>", "-disable-output", inferred])
            found = findings(err)
            errors = [f for f in found if f.get("severity") == "error"]
            if rc != 0 or errors:
                fail("check-captures on LLVM's inferred claims: exit %s, %d errors: %s"
                     % (rc, len(errors), errors[:1] or err.strip()[-300:]))
            r["warnings"].update("captures " + f.get("rule", "?") for f in found if f.get("severity") == "warning")
    return r


def modules(slice_):
    args = [os.path.join(env.ROOT, "corpora/frontends.sh")] + (["--slice"] if slice_ else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return [tuple(line.split(" ", 1)) for line in out.splitlines() if line.strip()]


def table(results):
    lines = ["| front end | modules | !tbaa tags | scope lists after O2 | decisions (O2, ours) "
             "| metadata changes O2 | output identical (O2, gvn, licm) | tbaa-diff / scoped-diff "
             "disagreements | verify errors | check-captures errors |",
             "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|"]
    for key, label in FRONT_ENDS:
        rs = [r for r in results if r["front_end"] == key]
        if not rs:
            continue
        bad = lambda word: sum(any(word in f for f in r["failures"]) for r in rs)
        lines.append("| %s | %d | %d | %d | %d | %d of %d | %s | %d | %d | %d |" % (
            label, len(rs), sum(r["tags"] for r in rs), sum(r["lists"] for r in rs),
            sum(r["decisions"] for r in rs), sum(r["o2_changed"] for r in rs), len(rs),
            "yes" if not bad("differs") else "**no** (%d modules)" % bad("differs"),
            bad("diff on"), bad("verify-alias-md"), bad("check-captures")))
    warnings = collections.Counter()
    for r in results:
        warnings.update({(r["front_end"], k): v for k, v in r["warnings"].items()})
    if warnings:
        lines += ["", "Warnings (not errors), by front end and rule:", ""]
        lines += ["- %s, %s: %d" % (dict(FRONT_ENDS)[fe], rule, n) for (fe, rule), n in sorted(warnings.items())]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--slice", action="store_true")
    ap.add_argument("--jobs", type=int, default=env.JOBS)
    ap.add_argument("--report")
    a = ap.parse_args()
    mods = modules(a.slice)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        results = list(pool.map(lambda m: check_module(*m), mods))
    text = table(results)
    print(text, end="")
    failed = [r for r in results if r["failures"]]
    for r in failed:
        for f in r["failures"]:
            print("FAIL %s: %s" % (r["module"], f))
    if a.report:
        with open(a.report, "w") as f:
            f.write("# Front ends other than clang's C\n\nMade by `checks/frontends/check.py%s` "
                    "(corpora/frontends.sh builds the modules).\n\n" % (" --slice" if a.slice else ""))
            f.write(text)
            f.write("\nrustc emits no `!tbaa` (its aliasing facts are `noalias` arguments, which inlining "
                    "turns into the scope lists counted here). Flang's dummy arguments are `noalias` too, "
                    "so basic-aa answers most of their pairs before TBAA is asked; Flang's tags decide "
                    "between COMMON-block, local and argument data. Decisions: distinct ids our analyses "
                    "logged as definite answers (`ALIASKIT_BISECT_LOG`) during O2.\n")
    print("frontends: %d modules, %d failing" % (len(results), len(failed)))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
