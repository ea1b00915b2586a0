#!/usr/bin/env python3
"""`aliaskit bisect` on sqlite3 with one wrong tag (`make bench`, B-SQL).

Bisection at the size of a real program: sqlite3's amalgamation with one
wrong alias fact injected.

The program: sqlite3.c of libsqlite3-sys 0.30.1 (3.46; fetched by
corpora/p2.sh when missing, found as bench/sanitize.py finds it), built
to one module by `clang -O2 -Xclang -disable-llvm-passes -emit-llvm
-DSQLITE_THREADSAFE=0 -w`, and checks/sanitize/clean/sqlite_driver.c, a
SQL workload on an on-disk database, run as `sqlite_driver 2 work.db`.
The right output is the -O0 build's.

The build-and-test command (bench/bisect_sqlite_test.sh): the module
through `opt -aa-pipeline=basic-aa,rust-scoped-noalias,rust-tbaa
-passes='default<O2>'` with the plugin, `llc -O2 -relocation-model=pic`,
linked with the driver, run, its output compared with the right one.

The injection: one access of the module gets a wrong `!tbaa` tag
(checks/bisect/inject.py), chosen so that the build with aliaskit's
analyses prints a wrong result, the build with ALIASKIT_BISECT=n the right
one, and the build that keeps only the decisions involving the injected
tag a wrong one again. It is found as the bisect corpus finds one
(checks/bisect/corpus.py's Search): every tbaa candidate injected at once,
then halves (eighths when neither half breaks the program) until one
injection breaks it alone. The injection found is kept in
bench/bisect_sqlite.json, keyed by sqlite3.c's SHA-256; a later run takes
it from there as long as the plain build-and-test of the module with it
still prints a wrong result (--search: search again).

The row: one plain build-and-test of the mutated module (the command
with no ALIASKIT variable, the issue's unit; the median of --runs) and
one as bisect runs it with every decision kept (ALIASKIT_BISECT=y and a
log; with its log's size), then `aliaskit bisect --json --
bench/bisect_sqlite_test.sh ...` once: its wall time, runs and
decisions; the ratio of its time to the plain one; the peak disk use of
the bisection's temporary directory (its logs: TMPDIR is a directory of
this script's, sampled every half second) and of that whole TMPDIR (the
logs and the runs' builds); whether the culprits named are exactly the
injected decision (corpus.py's rule: every culprit's first or second
metadata mentions the injected type). `--jobs J` is given to aliaskit
bisect when its --help offers one.

The goal (issue 42): the bisection in <= 3 minutes on a 2-core machine,
about 15 times one plain build-and-test.

usage: bench/bisect_sqlite.py [--runs N] [--jobs J] [--search] [--budget B]
                              [--bisect-timeout S] [--reuse] [--out FILE]
Prints a markdown section on stdout (and writes it to --out). `make bench`
runs it; bench.py then takes its row (--reuse) and appends the section to
BENCHMARKS.md after section S-TBAA. Work files in target/bisect-sqlite/
(base.ll, mutated.ll, expected, bisect.json, bisect.err, row.json). Most
of its time is the bisection (18 minutes without --jobs, 2 cores); a
search, when there is one, took 25 builds (8 minutes).
env: LLVM_BIN, PLUGIN, ALIASKIT (see tools/lib/kit/env.py), JOBS.
"""

import argparse
import datetime
import glob
import hashlib
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "checks", "bisect"))
import corpus  # noqa: E402  (the search for an injection, the culprits' rule)
import inject  # noqa: E402
import sanitize  # noqa: E402  (sqlite3.c, the machine line, publish)
from kit import env  # noqa: E402

WORK = os.path.join(env.TARGET, "bisect-sqlite")
CACHE = os.path.join(HERE, "bisect_sqlite.json")
TEST = os.path.join(HERE, "bisect_sqlite_test.sh")
DRIVER = os.path.join(env.ROOT, "checks", "sanitize", "clean", "sqlite_driver.c")
CFLAGS = ["-DSQLITE_THREADSAFE=0", "-w"]
ARGS = ["2", "work.db"]
BUILD_TIMEOUT = 300      # seconds, opt and llc each
RUN_TIMEOUT = 20         # seconds the program may run under aliaskit bisect
SEARCH_RUN_TIMEOUT = 5   # ... and during the search (it runs in well under 1 s)
SAMPLE = 0.5             # seconds between two samples of the disk use
GOAL_SECONDS, GOAL_RATIO = 180, 15


def say(msg):
    print("bisect_sqlite.py: " + msg, file=sys.stderr, flush=True)


def must(cmd, cwd=None, what=None):
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("bisect_sqlite.py: %s failed (%d): %s\n%s" % (
            what or os.path.basename(cmd[0]), p.returncode, " ".join(cmd)[:400],
            (p.stderr or p.stdout).decode(errors="replace")[-1500:]))
    return p


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        h.update(f.read())
    return h.hexdigest()


class Sqlite(corpus.Program):
    """sqlite3 and its driver as a program of the bisect corpus: what
    corpus.Search builds and tests, with this benchmark's command."""

    def __init__(self, src):
        super().__init__("sqlite3", "c", src)
        self.dir = WORK
        self.base = os.path.join(WORK, "base.ll")
        self.expected = os.path.join(WORK, "expected")
        self.mutated = os.path.join(WORK, "mutated.ll")
        self.driver = os.path.join(WORK, "driver.o")
        self.run_timeout = SEARCH_RUN_TIMEOUT

    def prepare(self):
        """base.ll, driver.o and the right output (the -O0 build's)."""
        src, clang = self.path, env.tool("clang")
        inc = ["-I" + os.path.dirname(src)]
        # From its folder, so that the module is named sqlite3.c wherever cargo put it.
        must([clang, "-O2", "-Xclang", "-disable-llvm-passes", "-emit-llvm", "-S", os.path.basename(src),
              "-o", self.base] + CFLAGS, cwd=os.path.dirname(src), what="clang (base.ll)")
        must([clang, "-O2", "-c", DRIVER, "-o", self.driver] + inc + CFLAGS, what="clang (driver.o)")
        ref = os.path.join(WORK, "ref")
        must([clang, "-O0", src, DRIVER, "-o", ref, "-lm"] + inc + CFLAGS, what="clang -O0")
        run_dir = os.path.join(WORK, "ref-run")
        shutil.rmtree(run_dir, ignore_errors=True)
        os.makedirs(run_dir)
        rc, out = corpus.run([ref] + ARGS, RUN_TIMEOUT, cwd=run_dir)
        if rc != 0:
            raise SystemExit("bisect_sqlite.py: the -O0 build of sqlite3 fails (%s): %s" % (rc, out[-500:]))
        with open(self.expected, "w") as f:
            f.write(out + "[exit 0]\n")

    def command(self, module):
        return ["bash", TEST, module, self.driver, self.expected] + ARGS

    def test(self, module, run_timeout, selection=None, log=None):
        """The command's exit status: 0 right, 1 wrong, 3 build failed, 4 hang."""
        e = test_env(run_timeout, selection)
        if log:
            e["ALIASKIT_BISECT_LOG"] = log
        rc, _ = corpus.run(self.command(module), 2 * BUILD_TIMEOUT + run_timeout + 30, environ=e)
        return rc


def test_env(run_timeout, selection=None):
    """corpus.py's environment of a test (no ALIASKIT variable unless a
    selection), with this benchmark's timeouts."""
    return dict(corpus.test_env(run_timeout, selection), BUILD_TIMEOUT=str(BUILD_TIMEOUT))


# ------------------------------------------------------------ injection ---

def llvm_version():
    text = must([env.OPT, "--version"]).stdout.decode()
    return next((w.strip() for w in text.splitlines() if "LLVM version" in w), "LLVM ?")


def cached(key):
    """The injection bench/bisect_sqlite.json keeps for sqlite3.c's hash, or None."""
    if not os.path.exists(CACHE):
        return None
    with open(CACHE) as f:
        c = json.load(f)
    return c if c.get("sqlite3.c") == key and c.get("injection") else None


def search(p, text, budget):
    """An injection for the program (corpus.Search over the tbaa
    candidates) and the search's record for the cache."""
    t0 = time.time()
    s = corpus.Search(p, text, budget)
    groups = s.groups("tbaa")
    n = sum(len(g) for g in groups)
    say("searching among %d tbaa candidates (at most %d builds)" % (n, budget))
    inj = s.kind(groups)
    rec = {"candidates": n, "builds": s.builds, "seconds": round(time.time() - t0, 1)}
    if inj is None:
        raise SystemExit("bisect_sqlite.py: no injection breaks sqlite3 within %d builds (%d made, %.0f s)" % (
            budget, s.builds, rec["seconds"]))
    return inj, rec


def plain_times(p, runs):
    """Wall seconds and exit statuses of `runs` plain build-and-tests of
    the mutated module."""
    times, codes = [], []
    for _ in range(runs):
        t0 = time.time()
        codes.append(p.test(p.mutated, RUN_TIMEOUT))
        times.append(round(time.time() - t0, 2))
    return times, codes


def logged_run(p):
    """One build-and-test of the mutated module as aliaskit bisect runs it
    with every decision kept (ALIASKIT_BISECT=y, a log): wall seconds,
    exit status, the log's size."""
    log = os.path.join(WORK, "logged.jsonl")
    if os.path.exists(log):
        os.remove(log)
    t0 = time.time()
    rc = p.test(p.mutated, RUN_TIMEOUT, "y", log)
    res = {"seconds": round(time.time() - t0, 2), "exit": rc,
           "log": os.path.getsize(log) if os.path.exists(log) else 0}
    if os.path.exists(log):
        os.remove(log)
    return res


def injection(p, key, a):
    """(injection, how found, search record, plain times): the cached one
    while its mutated module still fails the plain build-and-test, else a
    new search (whose result is cached)."""
    with open(p.base) as f:
        text = f.read()
    c = None if a.search else cached(key)
    if c and inject.check(inject.Module(text), c["injection"]) is None:
        with open(p.mutated, "w") as f:
            f.write(inject.apply(text, c["injection"]))
        times, codes = plain_times(p, a.runs)
        if all(rc == 1 for rc in codes):
            return c["injection"], "cache", c.get("search", {}), times
        say("the cached injection gives exit statuses %s: searching again" % codes)
    inj, rec = search(p, text, a.budget)
    with open(CACHE, "w") as f:
        json.dump({"sqlite3.c": key, "llvm": llvm_version(), "injection": inj, "search": rec}, f, indent=1)
        f.write("\n")
    with open(p.mutated, "w") as f:
        f.write(inject.apply(text, inj))
    times, codes = plain_times(p, a.runs)
    if not all(rc == 1 for rc in codes):
        raise SystemExit("bisect_sqlite.py: the injection found gives exit statuses %s" % codes)
    return inj, "search", rec, times


# ------------------------------------------------------------ bisection ---

def disk_use(path):
    """Bytes on disk under path (as du counts them); files that vanish
    while it looks are left out."""
    total = 0
    for root, dirs, files in os.walk(path):
        for name in dirs + files:
            try:
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
            except OSError:
                pass
    return total


class Sampler(threading.Thread):
    """The peak disk use of aliaskit bisect's temporary directory (under
    `tmp`) and of all of `tmp`, sampled every SAMPLE seconds."""

    def __init__(self, tmp):
        super().__init__(daemon=True)
        self.tmp, self.peak_logs, self.peak_all = tmp, 0, 0
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            logs = sum(disk_use(d) for d in glob.glob(os.path.join(self.tmp, "aliaskit-bisect.*")))
            self.peak_logs = max(self.peak_logs, logs)
            self.peak_all = max(self.peak_all, disk_use(self.tmp))
            self.done.wait(SAMPLE)


def jobs_option(jobs):
    """`--jobs J` (or `-j J`) when `aliaskit bisect --help` offers it."""
    text = must([env.ALIASKIT, "bisect", "--help"]).stdout.decode()
    if re.search(r"(^|\s)--jobs\b", text):
        return ["--jobs", str(jobs)]
    if re.search(r"(^|\s)-j\b", text):
        return ["-j", str(jobs)]
    return []


def bisect(p, inj, a):
    """One `aliaskit bisect --json` of the mutated module: the row's fields."""
    tmp = os.path.join(WORK, "tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)
    jobs = jobs_option(a.jobs)
    cmd = [env.ALIASKIT, "bisect", "--json", "--timeout", str(2 * BUILD_TIMEOUT + RUN_TIMEOUT + 30)] + jobs + \
        ["--"] + p.command(p.mutated)
    environ = dict(test_env(RUN_TIMEOUT), TMPDIR=tmp)
    say("aliaskit bisect%s (stopped after %g s)" % (" " + " ".join(jobs) if jobs else "", a.bisect_timeout))
    sampler = Sampler(tmp)
    sampler.start()
    t0 = time.time()
    with open(os.path.join(WORK, "bisect.err"), "wb") as err:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=err, env=environ,
                                start_new_session=True)
        try:
            out, _ = proc.communicate(timeout=a.bisect_timeout)
            stopped = False
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # aliaskit bisect and the run under way
            out, _ = proc.communicate()
            stopped = True
    wall = time.time() - t0
    sampler.done.set()
    sampler.join()
    with open(os.path.join(WORK, "bisect.json"), "wb") as f:
        f.write(out)
    res = {"wall": round(wall, 1), "exit": proc.returncode, "stopped": stopped, "jobs": a.jobs if jobs else None,
           "peak_logs": sampler.peak_logs, "peak_tmp": sampler.peak_all}
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        rep = json.loads(out)
    except ValueError:
        rep = None
    if rep is None:
        res["verdict"] = "stopped" if stopped else "no JSON (exit %s)" % proc.returncode
        res["message"] = "after %g s (--bisect-timeout)" % a.bisect_timeout if stopped else ""
        return res
    culprits = corpus.culprits_of(rep, inj) if rep.get("culprits") else []
    res.update(verdict=rep.get("verdict"), message=rep.get("message", ""), runs=rep.get("runs"),
               decisions=rep.get("decisions"), seconds=rep.get("seconds"), culprits=culprits,
               exact=corpus.exact(culprits))
    return res


# --------------------------------------------------------------- output ---

def mib(n):
    return "%.1f" % (n / 2 ** 20)


def section(row):
    b = row["bisect"]
    plain = statistics.median(row["plain"])
    if b["stopped"]:
        wall = "> %.0f (stopped)" % b["wall"]
        ratio = "> %.1fx" % (b["wall"] / plain)
    else:
        ok = b["wall"] <= GOAL_SECONDS and b["wall"] / plain <= GOAL_RATIO
        wall = ("**%.1f**" if ok else "%.1f") % b["wall"]
        ratio = ("**%.1fx**" if ok else "%.1fx") % (b["wall"] / plain)
    culprits = b.get("culprits")
    named = "%d in %s" % (len(culprits), ", ".join(sorted({"@" + c["function"] for c in culprits}))) \
        if culprits else "- (%s)" % b.get("verdict")
    exact = "-" if "exact" not in b else "yes" if b["exact"] else "**no**"
    lg = row.get("logged")
    logged = "- | -" if not lg else "%.1f | %s" % (lg["seconds"], mib(lg["log"]))
    per_run = "%.1f" % (b["wall"] / b["runs"]) if b.get("runs") else "-"
    inj = row["injection"]
    s = row["search"]
    found = "%s: %s builds, %s s%s" % (
        "taken from bench/bisect_sqlite.json" if row["found_by"] == "cache" else "searched now",
        s.get("builds", "?"), s.get("seconds", "?"),
        ", among %d candidates" % s["candidates"] if "candidates" in s else "")
    md = ["## B-SQL: `aliaskit bisect` on sqlite3", "",
          "Produced by `bench/bisect_sqlite.py%s` on %s UTC: %s; aliaskit `%s`." % (
              row["flags"], row["date"], row["machine"], row["aliaskit"]),
          "sqlite3's amalgamation (3.46, libsqlite3-sys 0.30.1; `clang -O2 -Xclang -disable-llvm-passes "
          "-emit-llvm -DSQLITE_THREADSAFE=0`) with one wrong `!tbaa` tag injected (checks/bisect/inject.py), "
          "built by bench/bisect_sqlite_test.sh (`opt` with aliaskit's analyses in the AA pipeline, "
          "`default<O2>`; `llc -O2`), linked with checks/sanitize/clean/sqlite_driver.c and run as "
          "`sqlite_driver %s`, whose output must be the -O0 build's. The injection: one that breaks the "
          "program alone, found as the bisect corpus finds one (all tbaa candidates at once, then halves; %s). "
          "*Plain*: one build-and-test with no ALIASKIT variable, wall time, median of %d; *bisect*: the wall "
          "time of one `aliaskit bisect --json` over the same command%s, and per run; *logged run*: one "
          "build-and-test as bisect runs it with every decision kept (`ALIASKIT_BISECT=y` and a log: the "
          "plugin logs every decision), and the size of its log; *peak disk*: aliaskit bisect's "
          "temporary directory (its runs' logs) and the whole TMPDIR it ran in (the logs and the runs' builds), "
          "sampled every %g s. *Exact*: every culprit's first or second metadata mentions the injected type. "
          "Goal (issue 42): bisect <= %d s and <= %dx plain (bold: within both)." % (
              " ".join(ARGS), found, len(row["plain"]),
              ", %d runs at a time (--jobs)" % b["jobs"] if b["jobs"] else " (no --jobs)", SAMPLE,
              GOAL_SECONDS, GOAL_RATIO), "",
          "| program | injection | decisions | runs | plain (s) | logged run (s) | its log (MiB) | bisect (s) "
          "| bisect per run (s) | bisect / plain | peak disk: bisect temp dir / TMPDIR (MiB) | culprits | exact |",
          "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
          "| sqlite3 | tbaa @%s access %d | %s | %s | %.1f | %s | %s | %s | %s | %s / %s | %s | %s |" % (
              inj["function"], inj["access"], b.get("decisions", "-"), b.get("runs", "-"), plain, logged, wall,
              per_run, ratio, mib(b["peak_logs"]), mib(b["peak_tmp"]), named, exact)]
    if b.get("verdict") not in (None, "culprits"):
        md += ["", "aliaskit bisect: %s%s" % (b["verdict"], ": " + b["message"] if b.get("message") else "")]
    return md


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="plain build-and-tests timed (default 3)")
    ap.add_argument("--jobs", type=int, default=env.JOBS,
                    help="runs at a time, given to aliaskit bisect if it takes --jobs (default JOBS or nproc)")
    ap.add_argument("--search", action="store_true", help="search for an injection again (ignore the cache)")
    ap.add_argument("--budget", type=int, default=60, help="builds the search may make (default 60)")
    ap.add_argument("--bisect-timeout", type=float, default=3600,
                    help="seconds aliaskit bisect may take before it is stopped (default 3600)")
    ap.add_argument("--reuse", action="store_true",
                    help="render the row of the last run (target/bisect-sqlite/row.json) without running anything; "
                         "run when there is none")
    ap.add_argument("--out", help="also write the section to this file")
    a = ap.parse_args()
    start = time.time()
    saved = os.path.join(WORK, "row.json")
    if a.reuse and os.path.exists(saved):
        with open(saved) as f:
            row = json.load(f)
        # The time line says how long the run that measured took.
        sanitize.publish(section(row), start - row.get("total", 0), a.out)
        return
    for tool in (env.OPT, env.tool("llc"), env.tool("clang"), env.PLUGIN, env.ALIASKIT):
        if not os.path.exists(tool):
            raise SystemExit("bisect_sqlite.py: %s missing (make build; LLVM 22)" % tool)
    src = sanitize.sqlite_source()
    if src is None:
        raise SystemExit("bisect_sqlite.py: no sqlite3.c of libsqlite3-sys 0.30.1 (corpora/p2.sh fetches it)")
    os.makedirs(WORK, exist_ok=True)
    env.snapshot_plugin(WORK)
    p = Sqlite(src)
    say("building base.ll, the driver and the -O0 reference")
    p.prepare()
    if p.test(p.base, RUN_TIMEOUT) != 0:
        raise SystemExit("bisect_sqlite.py: the module without injection fails %s" % TEST)
    inj, how, rec, plain = injection(p, sha256(src), a)
    say("injection (%s): %s; plain build-and-test %s s" % (how, inject.describe(inj), plain))
    logged = logged_run(p)
    row = {"injection": inj, "found_by": how, "search": rec, "plain": plain, "logged": logged,
           "bisect": bisect(p, inj, a),
           "flags": "".join(" " + w for w in sys.argv[1:]),
           "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
           "machine": sanitize.machine(), "aliaskit": env.ALIASKIT}
    row["total"] = round(time.time() - start, 1)
    with open(saved, "w") as f:
        json.dump(row, f, indent=1)
    sanitize.publish(section(row), start, a.out)


if __name__ == "__main__":
    main()
