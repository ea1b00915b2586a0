#!/usr/bin/env python3
"""TySan beside `aliaskit sanitize --tbaa` on the C and C++ programs of
test/sanitize-tbaa/Inputs/: what each reports at -O0 and -O2, false
reports on the correct programs, time and peak RSS.

Each program is built, in target/sanitize-tysan/NAME, at -O0 and -O2:

  aliaskit  `aliaskit sanitize --tbaa` on clang's front-end bitcode
            (`clang -O2 -g -Xclang -disable-llvm-passes -emit-llvm`:
            with its tags), at -ON, code generation at -ON, linked with
            `aliaskit sanitize --ldflags` (as Inputs/run_each.py builds it);
  tysan     `clang -g -ON -fsanitize=type` from the source;
  plain     `clang -ON` from the source (the reference for time and RSS).

Each build runs --runs times (CPU time and peak RSS through
bench/sanitize_run.c, as bench/sanitize.py measures; medians); the
reports are counted in its first run: aliaskit's summary line (`N
reports`, and per-call reports apart), TySan's `ERROR: TypeSanitizer`
lines (TySan reports every occurrence; aliaskit once per pair of sites).

Prints one markdown table, then the goals of issue 40 with what holds:
every violation TySan reports at -O0 also reported at -O2 by aliaskit; 0
false reports where TySan has some; less time and memory than TySan
(these programs run for a millisecond: their time and RSS are mostly the
runtimes' start; bench/sanitize_tbaa.py has the cost on real programs).
Exits 1 when aliaskit misses a violation at either level or reports a
correct program (whatever TySan does), or a build fails; time and
memory are never asserted.

usage: tysan.py [--slice] [--only NAME,...] [--runs N]
--slice: pun_inline.c (TySan misses it at -O2) and clean.c (TySan's false
reports at -O0), one run each (make test-sanitize).
env: LLVM_BIN, ALIASKIT (target/release/aliaskit), JOBS.
"""

import argparse
import concurrent.futures
import os
import re
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tools", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench"))
from kit import env  # noqa: E402
import sanitize as bench_sanitize  # noqa: E402  (its launcher: run, launcher)

INPUTS = os.path.join(env.ROOT, "test", "sanitize-tbaa", "Inputs")
WORK = os.path.join(env.TARGET, "sanitize-tysan")
LEVELS = ("0", "2")
# (file, correct?, what it does: from its comments)
PROGRAMS = [
    ("pun.c", False, "an int stored, a float stored through another pointer, the int read"),
    ("pun_inline.c", False, "pun.c inlined into main: -O2 forwards the store and deletes the load"),
    ("struct_copy.c", False, "a struct copy (`!tbaa.struct`), its int field read as a float"),
    ("struct_pun.c", False, "struct A's float field read as struct B's int field"),
    ("same_layout.c", False, "two structs of one layout: only the struct path makes the claim"),
    ("short_int.c", False, "an int read through a short pointer"),
    ("cxx_pun.cpp", False, "a double's bits read through reinterpret_cast<long *>"),
    ("clean.c", True, "union, memcpy pun, char access, malloc reuse, nested structs, a freed block reused"),
    ("placement.cpp", True, "placement new re-types a buffer; a nested struct read through the inner type"),
    ("dead_frames.c", True, "dead frames' locals, va_arg over a later call's arguments, a VLA freed"),
]
SLICE = ("pun_inline.c", "clean.c")
TYSAN_REPORT = "ERROR: TypeSanitizer: "


def must(cmd, what):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed (%d): %s\n%s" % (what, p.returncode, " ".join(cmd), p.stderr[-1500:]))
    return p


def build(src, ldflags):
    """The program's six builds: {(tool, level): executable}."""
    name, ext = os.path.splitext(os.path.basename(src))
    d = os.path.join(WORK, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    cc = env.tool("clang++" if ext == ".cpp" else "clang")
    fe = os.path.join(d, "fe.bc")
    must([cc, "-O2", "-g", "-Xclang", "-disable-llvm-passes", "-emit-llvm", "-c", src, "-o", fe], "clang (front end)")
    exe = {}
    for o in LEVELS:
        inst = os.path.join(d, "aliaskit.O%s.bc" % o)
        must([env.ALIASKIT, "sanitize", "--tbaa", fe, "-o", inst, "-O" + o], "aliaskit sanitize --tbaa")
        exe["aliaskit", o] = os.path.join(d, "aliaskit.O" + o)
        must([cc, "-O" + o, "-Xclang", "-disable-llvm-passes", inst, "-o", exe["aliaskit", o]] + ldflags, "link")
        exe["tysan", o] = os.path.join(d, "tysan.O" + o)
        must([cc, "-g", "-O" + o, "-fsanitize=type", src, "-o", exe["tysan", o]], "clang -fsanitize=type")
        exe["plain", o] = os.path.join(d, "plain.O" + o)
        must([cc, "-O" + o, src, "-o", exe["plain", o]], "clang")
    return exe


def reports(tool, stderr):
    """(reports, per-call reports, functions named) in a run's stderr."""
    if tool == "tysan":
        return stderr.count(TYSAN_REPORT), 0, []
    m = re.search(r"aliaskit-sanitize: summary: .*? (\d+) reports,", stderr)
    per_call = re.search(r"(\d+) reports of per-call claims", stderr)
    where = re.findall(r"aliaskit-sanitize: tbaa: a no-alias claim is broken in (@\S+)", stderr)
    return (int(m.group(1)) if m else 0), (int(per_call.group(1)) if per_call else 0), where


def measure(exe, runs, d, environ=None):
    """First run's stderr and exit status; medians of CPU seconds and peak
    RSS KiB over `runs` runs."""
    times, rss, first = [], [], None
    for i in range(runs):
        err = os.path.join(d, "stderr")
        secs, kib, status = bench_sanitize.run(exe, [], d, cap=60, err=err, environ=environ)
        if first is None:
            first = (open(err, errors="replace").read(), status)
        times.append(secs)
        rss.append(kib)
    return dict(stderr=first[0], status=first[1], secs=statistics.median(times), kib=statistics.median(rss))


def cell(m):
    return "%.1f ms / %.1f MiB" % (1000 * m["secs"], m["kib"] / 1024)


def count_cell(n, per_call, where, status):
    s = str(n) + (" (+%d per-call)" % per_call if per_call else "")
    if where:
        s += " " + " ".join("`%s`" % w for w in sorted(set(where)))
    if status not in (0, 66):
        s += " (exit %s)" % status
    return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--slice", action="store_true")
    ap.add_argument("--only", help="FILE,... of test/sanitize-tbaa/Inputs")
    ap.add_argument("--runs", type=int, default=None, help="runs of each build (default 3; 1 with --slice)")
    a = ap.parse_args()
    runs = a.runs or (1 if a.slice else 3)
    progs = [p for p in PROGRAMS if (not a.slice or p[0] in SLICE) and (not a.only or p[0] in a.only.split(","))]
    bench_sanitize.launcher()
    ldflags = subprocess.run([env.ALIASKIT, "sanitize", "--ldflags"], stdout=subprocess.PIPE, text=True,
                             check=True).stdout.split()
    srcs = [os.path.join(INPUTS, p[0]) for p in progs]
    with concurrent.futures.ThreadPoolExecutor(max(1, env.JOBS)) as pool:
        futures = [pool.submit(build, s, ldflags) for s in srcs]
    problems = []
    exes = []
    for p, f in zip(progs, futures):
        try:
            exes.append(f.result())
        except RuntimeError as e:
            problems.append("%s: %s" % (p[0], e))
            exes.append(None)
    print("`checks/sanitize/tysan.py%s` (%d run%s of each build, medians; LLVM %s):" % (
        " --slice" if a.slice else (" --runs %d" % runs if runs != 3 else ""), runs, "s" if runs > 1 else "",
        re.search(r"version (\S+)", subprocess.run([env.tool("clang"), "--version"], stdout=subprocess.PIPE,
                                                   text=True).stdout).group(1)))
    print()
    print("| program | correct? | level | TySan reports | `--tbaa` reports | TySan: CPU / peak RSS "
          "| `--tbaa`: CPU / peak RSS | plain: CPU / peak RSS |")
    print("|---|---|---|---:|---|---:|---:|---:|")
    missed, false_ours, false_theirs, faster, smaller, pairs = [], [], [], [0, 0], [0, 0], 0
    for (name, correct, what), exe in zip(progs, exes):
        if exe is None:
            continue
        stem = os.path.splitext(name)[0]
        seen = {}
        for o in LEVELS:
            m = {t: measure(exe[t, o], runs, os.path.join(WORK, stem, "run-%s.O%s" % (t, o)))
                 for t in ("plain", "tysan", "aliaskit")}
            ty, _, _ = reports("tysan", m["tysan"]["stderr"])
            ours, per_call, where = reports("aliaskit", m["aliaskit"]["stderr"])
            # A report's stacks are symbolized by llvm-symbolizer, a child
            # process whose time and RSS count: also measured without.
            m["bare"] = measure(exe["aliaskit", o], runs, os.path.join(WORK, stem, "run-bare.O%s" % o),
                                dict(os.environ, ALIASKIT_SANITIZE_OPTIONS="symbolize=0")) if ours else m["aliaskit"]
            seen[o] = (ty, ours)
            if m["aliaskit"]["status"] not in (0, 66) or (ours > 0) != (m["aliaskit"]["status"] == 66):
                problems.append("%s -O%s: aliaskit build exited %s with %d reports" % (
                    name, o, m["aliaskit"]["status"], ours))
            if correct and ours:
                false_ours.append("%s -O%s" % (name, o))
            if correct and ty:
                false_theirs.append("%s -O%s (%d)" % (name, o, ty))
            if not correct and not ours:
                problems.append("%s -O%s: the violation is not reported by aliaskit" % (name, o))
            pairs += 1
            for k, w in enumerate(("aliaskit", "bare")):
                faster[k] += m[w]["secs"] < m["tysan"]["secs"]
                smaller[k] += m[w]["kib"] < m["tysan"]["kib"]
            print("| `%s`: %s | %s | -O%s | %d | %s | %s | %s%s | %s |" % (
                name, what, "yes" if correct else "no", o, ty,
                count_cell(ours, per_call, where, m["aliaskit"]["status"]), cell(m["tysan"]), cell(m["aliaskit"]),
                " (symbolize=0: %s)" % cell(m["bare"]) if ours else "", cell(m["plain"])))
        if not correct and seen["0"][0] and not seen["2"][1]:
            missed.append(name)
    print()
    violations = [p[0] for p in progs if not p[1]]
    print("Goals (issue 40):")
    print("- every violation TySan reports at -O0 also reported at -O2 by `--tbaa`: %s" % (
        "holds (%d violations)" % len(violations) if not missed else "NOT MET: " + ", ".join(missed)))
    print("- 0 false reports where TySan has some (%s): %s" % (
        ", ".join(false_theirs) or "none here",
        "holds" if not false_ours else "NOT MET: --tbaa reports " + ", ".join(false_ours)))
    print("- less time and memory than TySan: CPU time lower in %d of %d builds, peak RSS lower in %d of %d "
          "(without symbolizing reports: %d and %d)%s" % (
              faster[0], pairs, smaller[0], pairs, faster[1], smaller[1],
              "" if faster[0] == smaller[0] == pairs else ": NOT MET everywhere"))
    problems += ["%s: aliaskit reports a correct program" % f for f in false_ours]
    if problems:
        print()
        for p in problems:
            print("FAIL: " + p)
        sys.exit(1)


if __name__ == "__main__":
    main()
