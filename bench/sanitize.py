#!/usr/bin/env python3
"""The cost of `aliaskit sanitize` on real programs (`make bench`, section S).

Each program is built three ways from the same source, and run with the
same arguments:

  plain      the uninstrumented -O2 build (the anchor);
  sanitized  `aliaskit sanitize IN.bc -O2` (both points), code generation
             at -O2 (`clang -O2 -Xclang -disable-llvm-passes`: the module
             is not optimized a second time), linked with `aliaskit
             sanitize --ldflags`;
  asan       AddressSanitizer at -O2: `clang -O2 -fsanitize=address` from
             the source for C; for Fortran (flang-22 has no -fsanitize)
             and Rust (stable rustc has no -Zsanitizer), the same
             front-end bitcode as the other two with `sanitize_address` on
             every defined function, through `clang -O2 -fsanitize=address`.

For C and Fortran the bitcode is the front end's, no LLVM pass run on it
(as checks/sanitize/clean.py builds it); for Rust it is rustc's crate
bitcode (`-C no-prepopulate-passes`), and the three objects replace the
crate's own on rustc's link line (recorded by running this script as the
linker): the crate's code is built three ways, the standard library is
the same in all three. The plain Rust build runs as fast as `rustc -O`'s.

Measured as bench.py measures: CPU time (user + system) and peak RSS of
the process from wait4 (through bench/sanitize_run.c: a child forked by
Python would count Python's peak RSS as its own; every run with
`ALIASKIT_SANITIZE_OPTIONS=symbolize=0`, since wait4 would count a
report's llvm-symbolizer too: `measured_env`), the three builds
interleaved in rounds (bench.interleaved_rounds: each round in a
shuffled, seeded order), medians; time ratios are the median of the
per-round ratios against the plain run of the same round. Each program's
arguments give the plain build at least a second of work. A sanitized
run that takes more than --cap seconds of CPU time is stopped: its row
gives a lower bound (">") and it is not run again. Before the rounds, one run of each build checks
that all three print the same output, and gives the sanitized run's
summary line (accesses checked, instances).

Second measure: instructions (callgrind) of the plain and sanitized
builds on a short input (the `short` arguments), when the sanitized
build's native run of it takes at most --callgrind-limit seconds (ASan's
shadow memory does not run under valgrind).

--profile: where the sanitized build's time goes, on the short input
(c_blas: `1`, which runs conv2d and gemm, for the site profile):
callgrind's inclusive instructions and calls of the runtime's functions,
and the program relinked with bench/sanitize_profile.c between the
instrumented code and the runtime (-Wl,--wrap): per instrumented site,
the calls of __aliaskit_access / __aliaskit_access_run and the accesses
they stand for, mapped to the site's call in the instrumented IR (its
source location and instruction); per frame function, the cycles of its
checks.

usage: bench/sanitize.py [--runs N] [--only NAME,...] [--cap S] [--no-callgrind]
                         [--callgrind-limit S] [--profile] [--reuse] [--out FILE]
Prints a markdown section on stdout (and writes it to --out). Builds in
target/sanitize-bench/NAME. About 25 minutes on 2 cores with the
defaults (today mostly the sanitized runs: f_kernels' five of 80 s, the
stopped ones, and callgrind of the sanitized builds).
env: LLVM_BIN, ALIASKIT (target/release/aliaskit; the runtime is found
next to it), CC (Rust's link driver, default cc).

bench.py should run it as it runs overhead.py:
  subprocess.run([sys.executable, "bench/sanitize.py", "--runs", str(runs)]
                 + ([] if callgrind else ["--no-callgrind"]), stdout=PIPE, ...)
and append its stdout to BENCHMARKS.md as section S.
"""

import argparse
import datetime
import glob
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools", "lib"))
from kit import env  # noqa: E402

CLEAN = os.path.join(env.ROOT, "checks", "sanitize", "clean")
WORK = os.path.join(env.TARGET, "sanitize-bench")
RECORD = "ALIASKIT_BENCH_LINK_RECORD"
WRAPPED = ["__aliaskit_enter", "__aliaskit_exit", "__aliaskit_access", "__aliaskit_access_run",
           "__aliaskit_access_grid", "__aliaskit_scope"]
# Goal (the issue): sanitized <= 1.5x the plain build's time and <= 1.3x its
# memory, and below ASan on both.
GOAL_TIME, GOAL_RSS = 1.5, 1.3


def sqlite_source():
    found = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/libsqlite3-sys-0.30.1/sqlite3/sqlite3.c"))
    if not found:
        subprocess.run([os.path.join(env.ROOT, "corpora", "p2.sh")], stdout=subprocess.DEVNULL)
        found = glob.glob(os.path.expanduser("~/.cargo/registry/src/*/libsqlite3-sys-0.30.1/sqlite3/sqlite3.c"))
    return found[0] if found else None


def programs():
    """The programs: sources, arguments (plain build >= 1 s), short
    arguments (callgrind, profile). checks/sanitize/clean's programs,
    unchanged: their first argument scales the work."""
    p = [
        dict(name="f_kernels", lang="fortran", files=[os.path.join(CLEAN, "f_kernels.f90")],
             args=["15000"], short=["30"],
             what="Fortran: matrix product, Jacobi stencil, axpy, tridiagonal solve on dummy arguments"),
        dict(name="rs_collections", lang="rust", files=[os.path.join(CLEAN, "rs_collections.rs")],
             args=["110"], short=["1"],
             what="Rust: matrices, word count, Dijkstra, a small VM, sorting (Vec, HashMap, BinaryHeap, &mut)"),
        dict(name="c_blas", lang="c", files=[os.path.join(CLEAN, "c_blas.c")], libs=["-lm"],
             args=["3000"], short=["0"], profile_args=["1"],
             what="C: restrict kernels (saxpy, gemm, conv2d, stencil, ...)"),
    ]
    sq = sqlite_source()
    if sq:
        p.append(dict(name="sqlite3", lang="c", files=[sq, os.path.join(CLEAN, "sqlite_driver.c")],
                      cflags=["-I" + os.path.dirname(sq), "-w", "-DSQLITE_THREADSAFE=0"], libs=["-lm"],
                      args=["60", "work.db"], short=["3", "work.db"],
                      what="C: sqlite3 3.46 amalgamation, a SQL workload on an on-disk database"))
    return p


# ------------------------------------------------------------- building ---

def must(cmd, cwd=None, environ=None, what=None):
    p = subprocess.run(cmd, cwd=cwd, env=environ, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        raise SystemExit("sanitize.py: %s failed (%d): %s\n%s" % (
            what or os.path.basename(cmd[0]), p.returncode, " ".join(cmd)[:400],
            (p.stderr or p.stdout).decode(errors="replace")[-1500:]))
    return p


def ldflags():
    return must([env.ALIASKIT, "sanitize", "--ldflags"]).stdout.decode().split()


def asan_module(bc, out):
    """The module with `sanitize_address` on every defined function (what
    clang's front end adds under -fsanitize=address; without it the
    AddressSanitizer pass leaves a function alone)."""
    text = must([env.tool("llvm-dis"), bc, "-o", "-"]).stdout.decode()
    groups = set(re.findall(r"^define [^\n]*?#(\d+)", text, re.M))
    bare = len(re.findall(r"^define (?![^\n]*#\d+)", text, re.M))
    if bare:
        raise SystemExit("sanitize.py: %d functions of %s without an attribute group" % (bare, bc))
    text = re.sub(r"^attributes #(\d+) = \{ ",
                  lambda m: m.group(0) + ("sanitize_address " if m.group(1) in groups else ""), text, flags=re.M)
    with open(out, "w") as f:
        f.write(text)
    return out


class Build:
    """A program's three builds (and, with --profile, a fourth) in
    target/sanitize-bench/NAME. A mode of its own (bench/sanitize_tbaa.py)
    names other builds: `kinds` (plain first), `checked` (the builds run
    under --cap), `counted` (callgrind on the short input), `tolerated`
    (builds whose crash or other output is a finding, not an error: the
    anchor TySan)."""

    kinds = ("plain", "sanitized", "asan")
    checked = ("sanitized",)
    counted = ("plain", "sanitized")
    tolerated = ()
    root = WORK

    def __init__(self, p, profile=False, build=True):
        self.p = p
        self.dir = os.path.join(self.root, p["name"])
        self.exe = {w: self.path(w) for w in self.kinds}
        self.exe["profile"] = self.path("profiled")
        self.stats = {}
        self.link_args = None
        if build:
            shutil.rmtree(self.dir, ignore_errors=True)
            os.makedirs(self.dir)
            self.build(profile)

    def path(self, name):
        return os.path.join(self.dir, name)

    def note(self, kind, stderr):
        """What a run of build `kind` says about itself on stderr (the
        path): the runtime's summary line, for the checked builds."""
        return summary_of(stderr) if kind in self.checked else ""

    def front_end(self):
        """The program's bitcode before any LLVM pass: one module."""
        p = self.p
        if p["lang"] == "rust":
            environ = dict(os.environ, **{RECORD: self.path("link.json")})
            must(["rustc", "-O", "-g", "-C", "codegen-units=1", "-C", "no-prepopulate-passes", "-C", "save-temps",
                  "--emit=llvm-bc=%s,link" % self.path("fe.bc"), "-C", "linker=" + os.path.abspath(__file__),
                  p["files"][0], "-o", self.path("rustc-link")], cwd=self.dir, environ=environ, what="rustc")
            with open(self.path("link.json")) as f:
                self.link_args = json.load(f)
            return self.path("fe.bc")
        bcs = []
        for i, src in enumerate(p["files"]):
            bc = self.path("fe%d.bc" % i)
            if p["lang"] == "fortran":
                must([env.tool("flang"), "-O2", "-g", "-w", "-emit-llvm", "-c", "-mllvm", "-opt-bisect-limit=0",
                      src, "-o", bc], cwd=self.dir, what="flang")
            else:
                must([env.tool("clang"), "-O2", "-g", "-Xclang", "-disable-llvm-passes", "-emit-llvm", "-c", src,
                      "-o", bc] + p.get("cflags", []), cwd=self.dir, what="clang")
            bcs.append(bc)
        if len(bcs) == 1:
            return bcs[0]
        must([env.tool("llvm-link")] + bcs + ["-o", self.path("fe.bc")])
        return self.path("fe.bc")

    def link(self, objects, out, extra=()):
        """Links objects into out, as the program's language does."""
        p = self.p
        libs = p.get("libs", [])
        if p["lang"] == "rust":
            args = list(self.link_args)
            crate = [i for i, a in enumerate(args) if a.endswith("-cgu.0.rcgu.o")]
            if len(crate) != 1:
                raise SystemExit("sanitize.py: no crate object (*-cgu.0.rcgu.o) on rustc's link line")
            args[crate[0]:crate[0] + 1] = objects
            args[args.index("-o") + 1] = out
            must([env.tool("clang")] + args + list(extra), cwd=self.dir, what="link")
        elif p["lang"] == "fortran" and "-fsanitize=address" in extra:
            # flang's driver does not take -fsanitize: clang's, with flang's runtime.
            lib = os.path.join(os.path.dirname(env.LLVM_BIN.rstrip("/")), "lib")
            must([env.tool("clang")] + objects + ["-o", out, "-L" + lib, "-lflang_rt.runtime", "-lm"] + list(extra),
                 cwd=self.dir, what="link")
        else:
            drv = env.tool("flang" if p["lang"] == "fortran" else "clang")
            must([drv] + objects + ["-o", out] + libs + list(extra), cwd=self.dir, what="link")
        return out

    def build(self, profile):
        fe = self.front_end()
        self.build_plain(fe)
        # sanitized: aliaskit's -O2 pipeline, code generation at -O2.
        st = self.instrument(fe, "inst", "sanitized",
                             [env.ALIASKIT, "sanitize", fe, "-o", self.path("inst.bc"), "-O2", "--stats"])
        self.stats = stats_of(st)
        self.build_asan(fe)
        if profile:
            self.build_profile()

    def build_plain(self, fe):
        """plain: the -O2 pipeline and code generation."""
        if self.p["lang"] == "rust":
            must([env.tool("clang"), "-O2", "-w", "-c", "-x", "ir", fe, "-o", self.path("plain.o")])
            self.exe["plain"] = self.link([self.path("plain.o")], self.path("plain"))
        else:
            self.exe["plain"] = self.link([fe], self.path("plain"), ["-O2", "-w"])

    def instrument(self, fe, stem, kind, cmd, environ=None):
        """The build `kind`: `cmd` writes the instrumented module stem.bc
        from fe (running LLVM's -O2 pipeline), code generation at -O2
        without a second optimization, linked with the runtime. Returns
        what cmd printed on stderr (its --stats)."""
        st = must(cmd, environ=environ, what=" ".join(os.path.basename(c) for c in cmd[:2]))
        must([env.tool("clang"), "-O2", "-w", "-Xclang", "-disable-llvm-passes", "-c", "-x", "ir",
              self.path(stem + ".bc"), "-o", self.path(stem + ".o")])
        self.exe[kind] = self.link([self.path(stem + ".o")], self.path(kind), ldflags())
        return st.stderr.decode(errors="replace")

    def build_asan(self, fe):
        """asan: from the sources for C, else from fe with
        `sanitize_address` added (asan_module)."""
        p, clang = self.p, env.tool("clang")
        if p["lang"] == "c":
            must([clang, "-O2", "-g", "-fsanitize=address"] + p.get("cflags", []) + p["files"] + p.get("libs", [])
                 + ["-o", self.path("asan")], cwd=self.dir, what="clang -fsanitize=address")
            self.exe["asan"] = self.path("asan")
        else:
            ll = asan_module(fe, self.path("fe.asan.ll"))
            must([clang, "-O2", "-w", "-fsanitize=address", "-c", "-x", "ir", ll, "-o", self.path("asan.o")])
            self.exe["asan"] = self.link([self.path("asan.o")], self.path("asan"), ["-fsanitize=address"])

    def build_profile(self):
        """The sanitized build with bench/sanitize_profile.c between the
        instrumented code and the runtime."""
        if self.p["lang"] == "rust" and self.link_args is None:
            with open(self.path("link.json")) as f:
                self.link_args = json.load(f)
        must([env.tool("clang"), "-O2", "-c", os.path.join(HERE, "sanitize_profile.c"), "-o", self.path("profile.o")])
        wrap = "-Wl," + ",".join("--wrap=" + w for w in WRAPPED)
        self.exe["profile"] = self.link([self.path("inst.o"), self.path("profile.o")], self.path("profiled"),
                                        [wrap] + ldflags())


def stats_of(text):
    """What --stats says, per point."""
    st = {}
    for point in ("start", "end"):
        m = re.search(r"aliaskit-sanitize<%s>: (\d+) accesses with scope lists; (\d+) instrumented in (\d+) "
                      r"functions \((\d+) filtered out[^)]*\); (\d+) calls with lists not checked; (\d+) scopes "
                      r"of per-loop domains not checked" % point, text)
        if m:
            st[point] = dict(zip(("lists", "instrumented", "functions", "filtered", "calls", "loop_scopes"),
                                 map(int, m.groups())))
    m = re.search(r"(\d+) noalias parameters of (\d+) functions made scopes; (\d+) of their (\d+) memory accesses "
                  r"not classified", text)
    if m:
        st["parameters"] = dict(zip(("parameters", "functions", "unclassified", "accesses"), map(int, m.groups())))
    return st


# -------------------------------------------------------------- running ---

LAUNCHER = os.path.join(WORK, "sanitize_run")


def launcher():
    """bench/sanitize_run.c, built once: see run()."""
    os.makedirs(WORK, exist_ok=True)
    must([env.tool("clang"), "-O2", "-o", LAUNCHER, os.path.join(HERE, "sanitize_run.c")])


def measured_env(environ=None):
    """The environment of a measured run: no sanitizer symbolizes a report
    (`symbolize=0`, added to any options given, for aliaskit's runtime and
    the anchors alike). A report starts llvm-symbolizer, a process of its
    own, and wait4's peak RSS and CPU time of the program count its
    children's: f_kernels' tbaa-per-call reports (13, none an error)
    showed the symbolizer's 73 MiB and 1 s as the program's. The reports
    keep their return addresses."""
    e = dict(environ if environ is not None else os.environ)
    for var in ("ALIASKIT_SANITIZE_OPTIONS", "ASAN_OPTIONS", "TYSAN_OPTIONS"):
        given = e.get(var, "")
        e[var] = (given + ":" if given else "") + "symbolize=0"
    return e


def run(exe, args, cwd, cap=None, out=None, err=None, environ=None):
    """Runs exe in cwd, stopped after `cap` seconds of CPU time; returns
    (CPU seconds, user + system; peak RSS KiB; exit status, or None when
    stopped). Through bench/sanitize_run.c, not from here: a child forked
    by Python would count Python's own peak RSS as its own. Measured runs
    pass `measured_env()`."""
    os.makedirs(cwd, exist_ok=True)
    p = subprocess.run([LAUNCHER, str(cap or 0), cwd, out or "-", err or "-", exe] + args, env=environ,
                       stdout=subprocess.PIPE, text=True)
    user, system, rss, status = p.stdout.split()
    return float(user) + float(system), int(rss), (None if status == "stopped" else int(status))


def instructions(exe, args, cwd, out_file=None):
    """Instructions of one run (callgrind), as kit.proc.instructions, in
    cwd; None if callgrind fails. It runs a copy of exe without debug
    information (valgrind 3.19 cannot read all of clang 22's DWARF 5; the
    symbols, which the profile needs, stay)."""
    os.makedirs(cwd, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        bare = os.path.join(tmp, os.path.basename(exe))
        must([env.tool("llvm-strip"), "--strip-debug", exe, "-o", bare])
        cg = out_file or os.path.join(tmp, "out")
        p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, bare] + args, cwd=cwd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=measured_env())
    m = re.search(rb"Collected\s*:\s*(\d+)", p.stderr)
    if not m:
        print("sanitize.py: callgrind failed on %s: %s" % (exe, p.stderr.decode(errors="replace")[-600:]),
              file=sys.stderr)
        return None
    return int(m.group(1))


def summary_of(path):
    text = open(path, errors="replace").read()
    m = re.findall(r"aliaskit-sanitize: summary: (.*)", text)
    return m[-1] if m else ""


def measure(b, a):
    """The verification run, the rounds and the instruction counts of one
    program: a row. Per build (b.kinds): `stopped` (over --cap: its one
    run gives a lower bound), `failed` (a tolerated build that crashed or
    printed another output: left out of the rounds), `notes` (what
    b.note reads in its stderr: the summary line), ratios and peak RSS."""
    import bench  # the rounds, as bench.py runs them
    p = b.p
    row = dict(name=p["name"], what=p["what"], args=p["args"], short=p["short"], stats=b.stats, kinds=list(b.kinds))
    runs_dir = b.path("runs")

    def cap(w):
        return a.cap if w in b.checked else None

    def failure(w, rc, out, err):
        """Why run w of the build is not comparable (None: it is)."""
        if rc not in (None, 0):
            why = "exit %d" % rc if rc < 128 else "signal %d" % (rc - 128)
        elif rc is not None and out != outs_plain:
            why = "other output"
        else:
            return None
        if w not in b.tolerated:
            raise SystemExit("sanitize.py: %s %s: %s: %s" % (p["name"], w, why, open(
                err, errors="replace").read()[-800:]))
        return why

    # One run of each: the same output, the summary line.
    once = {}
    for w in b.kinds:
        d = os.path.join(runs_dir, w)
        once[w] = run(b.exe[w], p["args"], d, cap=cap(w), out=os.path.join(d, "stdout"),
                      err=os.path.join(d, "stderr"), environ=measured_env())
    outs_plain = open(os.path.join(runs_dir, "plain", "stdout"), "rb").read()
    row["stopped"] = {w: once[w][2] is None for w in b.kinds}
    row["failed"] = {}
    for w in b.kinds:
        d = os.path.join(runs_dir, w)
        why = failure(w, once[w][2], open(os.path.join(d, "stdout"), "rb").read(), os.path.join(d, "stderr"))
        if why:
            row["failed"][w] = why
    row["notes"] = {w: b.note(w, os.path.join(runs_dir, w, "stderr")) for w in b.kinds}
    # Interleaved rounds; a build over the cap is not run again.
    cmds = {w: w for w in b.kinds if not row["stopped"][w] and w not in row["failed"]}
    rounds = bench.interleaved_rounds(
        cmds, a.runs, measure=lambda w: run(b.exe[w], p["args"], os.path.join(runs_dir, w), cap=cap(w),
                                            environ=measured_env()))
    for r in rounds:
        for w, v in r.items():
            if v[2] is None:
                row["stopped"][w] = True  # over the cap in a later round: a lower bound only
    row["plain_s"] = statistics.median(r["plain"][0] for r in rounds)
    row["rss"] = {w: statistics.median(r[w][1] for r in rounds) for w in cmds}
    row["ratio"] = {w: statistics.median(r[w][0] / r["plain"][0] for r in rounds) for w in cmds}
    row["stopped_s"] = {}
    for w in b.kinds:
        if row["stopped"][w] or w in row["failed"]:
            row["ratio"][w] = once[w][0] / row["plain_s"]
            row["rss"][w] = once[w][1]
            row["stopped_s"][w] = once[w][0]
    row.update(measure_short(b, a, runs_dir))
    with open(b.path("row.json"), "w") as f:
        json.dump(row, f)
    return row


def measure_short(b, a, runs_dir):
    """The short input: the native time, peak RSS, status and note of each
    build's one run, then the instructions (callgrind) of the counted
    builds, when all of them that must be counted ran it within
    --callgrind-limit seconds (a tolerated one only if it exited 0)."""
    p = b.p
    short = {}
    for w in b.kinds:
        d = os.path.join(runs_dir, "short-" + w)
        short[w] = run(b.exe[w], p["short"], d, cap=a.cap, err=os.path.join(d, "stderr"), environ=measured_env())
    row = {}
    row["short_s"] = {w: v[0] for w, v in short.items()}
    row["short_rss"] = {w: v[1] for w, v in short.items()}
    row["short_status"] = {w: v[2] for w, v in short.items()}
    row["short_notes"] = {w: b.note(w, os.path.join(runs_dir, "short-" + w, "stderr")) for w in b.kinds}
    row["instructions"] = None

    def countable(w):
        st, secs = short[w][2], short[w][0]
        return st is not None and secs <= a.callgrind_limit and (st == 0 or w not in b.tolerated)

    must_count = [w for w in b.counted if w in b.kinds and w not in b.tolerated]
    if not a.no_callgrind and all(countable(w) for w in must_count):
        counts = {w: instructions(b.exe[w], p["short"], os.path.join(runs_dir, "cg-" + w),
                                  b.path("callgrind.%s" % w)) for w in b.counted if w in b.kinds and countable(w)}
        row["instructions"] = counts if all(counts[w] for w in must_count) else None
    return row


# -------------------------------------------------------------- profile ---

RUNTIME_FUNCTIONS = [
    ("__aliaskit_access", "__aliaskit_access"),
    ("__aliaskit_access_run", "__aliaskit_access_run"),
    ("__aliaskit_access_grid", "__aliaskit_access_grid"),
    ("__aliaskit_enter", "__aliaskit_enter"),
    ("__aliaskit_exit", "__aliaskit_exit"),
    ("__aliaskit_scope", "__aliaskit_scope"),
    ("check_now (a check of a frame still running)", "aliaskit_rt::frames::check_now"),
    ("FrameLog::check", "aliaskit_core::sanitize::log::FrameLog::check"),
    ("FunctionClaims::claim", "aliaskit_core::sanitize::claims::FunctionClaims::claim"),
    ("sort (check's order)", "core::slice::sort::unstable::ipnsort"),
    ("FrameLog::prune", "aliaskit_core::sanitize::log::FrameLog::prune"),
    ("FrameLog::push", "aliaskit_core::sanitize::log::FrameLog::push"),
    ("Run::extend", "aliaskit_core::sanitize::runs::Run::extend"),
    ("FrameLog::access_run", "aliaskit_core::sanitize::log::FrameLog::access_run"),
    ("FrameLog::self_hit", "aliaskit_core::sanitize::log::FrameLog::self_hit"),
    ("FrameLog::reset", "aliaskit_core::sanitize::log::FrameLog::reset"),
    ("malloc", "malloc"),
]


def callgrind_functions(cg_file):
    """{function: (inclusive instructions, calls)} from a callgrind file."""
    incl = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", cg_file],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    tree = subprocess.run(["callgrind_annotate", "--tree=caller", "--threshold=100", cg_file],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
    res = {}
    for line in incl.splitlines():
        m = re.match(r"\s*([\d,]+) \([\s\d.]+%\)\s+(\S.*?) \[", line)
        if m:
            name = m.group(2).split(":", 1)[1] if ":" in m.group(2) else m.group(2)
            res.setdefault(name, [0, 0])[0] += int(m.group(1).replace(",", ""))
    calls = 0
    for line in tree.splitlines():
        m = re.match(r"\s*[\d,]+ \([\s\d.]+%\)\s+<\s.*\(([\d,]+)x\)", line)
        if m:
            calls += int(m.group(1).replace(",", ""))
            continue
        m = re.match(r"\s*[\d,]+ \([\s\d.]+%\)\s+\*\s+(\S.*?)(?: \[|$)", line)
        if m:
            name = m.group(1).split(":", 1)[1] if ":" in m.group(1) else m.group(1)
            res.setdefault(name, [0, 0])[1] += calls
            calls = 0
        elif not line.strip():
            calls = 0
    return res


def site_map(ll_path):
    """(point, function index, site) -> [(function, kind, location, access)]
    from the instrumented module: each __aliaskit_access(_run) call on a
    frame of a known __aliaskit_enter, its !dbg location (with the
    inlining chain) and the access it checks (the next load or store
    through the same pointer)."""
    lines = open(ll_path).read().split("\n")
    md = {}
    for line in lines:
        m = re.match(r"^!(\d+) = (?:distinct )?(.*)$", line)
        if m:
            md[m.group(1)] = m.group(2)

    def loc(n, depth=0):
        d = md.get(n, "")
        m = re.search(r"line: (\d+), column: (\d+), scope: !(\d+)", d) or re.search(r"line: (\d+)(), scope: !(\d+)", d)
        if not m or depth > 12:
            return "?"
        s, fname = m.group(3), "?"
        for _ in range(30):
            sd = md.get(s, "")
            f = re.search(r"file: !(\d+)", sd)
            if f:
                fm = re.search(r'filename: "([^"]*)"', md.get(f.group(1), ""))
                fname = fm.group(1).split("/")[-1] if fm else "?"
                break
            up = re.search(r"scope: !(\d+)", sd)
            if not up:
                break
            s = up.group(1)
        out = "%s:%s" % (fname, m.group(1)) + (":" + m.group(2) if m.group(2) else "")
        ia = re.search(r"inlinedAt: !(\d+)", d)
        return out + (" < " + loc(ia.group(1), depth + 1) if ia else "")

    res = {}
    fn, frames = None, {}
    for i, line in enumerate(lines):
        if line.startswith("define "):
            m = re.search(r'@("[^"]+"|[\w.$]+)\(', line)
            fn, frames = (m.group(1) if m else "?"), {}
            continue
        m = re.search(r"(%[\w.]+) = (?:tail )?call ptr @__aliaskit_enter\(ptr (?:nonnull )?"
                      r"@__aliaskit_table\.(start|end), i32 (\d+)", line)
        if m:
            frames[m.group(1)] = (m.group(2), int(m.group(3)))
            continue
        m = re.search(r"call void @__aliaskit_(access|access_run|access_grid)\(ptr ([%\w.]+), i32 (\d+), ptr ((?:[a-z_]+ )*)"
                      r"([^,]+),", line)
        if not m or m.group(2) not in frames:
            continue
        point, f = frames[m.group(2)]
        dbg = re.search(r"!dbg !(\d+)", line)
        access = ""
        if m.group(1) == "access":
            # The access through the same pointer, after the call or (moved
            # by the optimizer: LICM hoists an invariant load, not the
            # call) before it.
            ptr = re.escape(m.group(5))
            pattern = re.compile(r"(load [^,]+, ptr %s(,|$)|store [^,]+, ptr %s(,|$)|@llvm\.mem\w+\.[^(]*\(ptr [^,]*%s,)"
                                 % (ptr, ptr, ptr))
            for j in sorted(range(max(0, i - 200), min(i + 200, len(lines))), key=lambda j: (abs(j - i), j < i)):
                if lines[j].startswith("define ") or lines[j].startswith("}"):
                    continue
                if pattern.search(lines[j].split(", !dbg")[0]):
                    t = lines[j].strip().split(", !dbg")[0]
                    access = t if j > i else t + "   [%d lines before the call]" % (i - j)
                    break
        res.setdefault((point, f, int(m.group(3))), []).append((fn, m.group(1), loc(dbg.group(1)) if dbg else "?",
                                                                 access))
    return res


def profile(b, a):
    """Markdown lines: where the sanitized build's time goes (short input)."""
    p = b.p
    out = ["", "### %s, `%s`" % (p["name"], " ".join(p["short"])), ""]
    cg = b.path("callgrind.sanitized")
    if os.path.exists(cg):
        funcs = callgrind_functions(cg)
        total = instructions_total(cg)
        plain = instructions_total(b.path("callgrind.plain")) if os.path.exists(b.path("callgrind.plain")) else None
        out += ["callgrind, sanitized build: %d instructions (plain build: %s). Inclusive instructions "
                "and calls of the runtime's functions:" % (total, plain if plain else "-"), "",
                "| function | instructions (inclusive) | share | calls | instructions / call |",
                "|---|---:|---:|---:|---:|"]
        for label, name in RUNTIME_FUNCTIONS:
            hits = [v for k, v in funcs.items() if k == name or k.startswith(name + " ") or k == name + "'2"]
            if not hits:
                continue
            ins, calls = max(h[0] for h in hits), sum(h[1] for h in hits)
            out.append("| %s | %d | %.1f%% | %d | %s |" % (label, ins, 100.0 * ins / total, calls,
                                                          "%.0f" % (ins / calls) if calls else "-"))
        out.append("")
    d = os.path.join(b.path("runs"), "profile")
    prof = os.path.join(d, "profile.txt")
    if os.path.exists(prof):
        os.remove(prof)
    args = p.get("profile_args", p["short"])
    run(b.exe["profile"], args, d, environ=dict(os.environ, ALIASKIT_PROFILE=prof))
    if not os.path.exists(prof):
        return out + ["Nothing instrumented runs (no frame, no site)."]
    ll = b.path("inst.ll")
    must([env.tool("llvm-dis"), b.path("inst.bc"), "-o", ll])
    sites = site_map(ll)
    frames, rows = [], []
    for line in open(prof):
        f = line.split()
        if f[0] == "frame":
            frames.append(f)
        elif f[0] == "site":
            rows.append(f)
    if not frames:
        return out + ["Nothing instrumented runs (no frame, no site)."]
    frames.sort(key=lambda f: -(int(f[5]) + int(f[7])))
    out += ["bench/sanitize_profile.c on `%s`:" % " ".join(args), "",
            "Frames (rdtsc cycles in the runtime; *checks* are the "
            "access calls that ran a check of a running frame, *exit* the exits, each ending "
            "with the frame's last check):", "",
            "| point | function (runs in) | frames | scopes begun | exit cycles | checks while running | their cycles | all access cycles |",
            "|---|---|---:|---:|---:|---:|---:|---:|"]
    for f in frames[:a.profile_rows]:
        # frame POINT FUNCTION enters scopes exit_cycles check_calls check_cycles access_cycles NAME HOST
        host = "" if f[10] == f[9] else " (in %s)" % demangle(f[10])
        out.append("| %s | %s%s | %s | %s | %s | %s | %s | %s |" % (f[1], demangle(f[9]), host, f[3], f[4], f[5],
                                                                  f[6], f[7], f[8]))
    def site_row(s):
        # site POINT FUNCTION SITE calls accesses runs jumps
        where = sites.get((s[1], int(s[2]), int(s[3])), [])
        text = "; ".join("%s %s `%s`%s" % (k, demangle(fn)[:60], lc, (" `%s`" % acc[:140]) if acc else "")
                         for fn, k, lc, acc in where[:2]) or "-"
        if len(where) > 2:
            text += "; %d more copies" % (len(where) - 2)
        in_runs = int(s[5]) - (int(s[4]) - int(s[6]))
        return "| %s | %s | %s | %s | %s | %s | %s | %s |" % (s[1], s[2], s[3], s[4], s[5], in_runs, s[7], text)

    header = ["| point | function | site | calls | accesses | of them in runs | jumps | call in the instrumented IR: "
              "function, location, access |", "|---|---:|---:|---:|---:|---:|---:|---|"]
    for f in frames[:2]:
        mine = sorted((s for s in rows if s[1] == f[1] and s[2] == f[2]), key=lambda s: -int(s[7]))
        out += ["", "The sites of the %s frame of %s by jumps:" % (f[1], demangle(f[9])), ""] + header
        out += [site_row(s) for s in mine[:6]]
    rows.sort(key=lambda s: -int(s[4]))
    out += ["", "Sites by calls (each a call into the runtime; *accesses*: what they stand for; *jumps*: single "
            "accesses not at, right after or right before the site's last address, roughly the new log entries "
            "they make):", "",
            ] + header
    out += [site_row(s) for s in rows[:a.profile_rows]]
    return out


def instructions_total(cg):
    for line in open(cg, errors="replace"):
        if line.startswith("summary:") or line.startswith("totals:"):
            return int(line.split()[1])
    return 0


def demangle(name):
    name = name.strip('"')
    try:
        p = subprocess.run(["c++filt", name], stdout=subprocess.PIPE,
                           stderr=subprocess.DEVNULL, text=True)
        out = p.stdout.strip() or name
    except FileNotFoundError:
        out = name
    return re.sub(r"::h[0-9a-f]{16}$", "", out)


# --------------------------------------------------------------- output ---

def fmt_ratio(r, capped=False, goal=None):
    s = ("> %.0fx" if capped and r >= 100 else "> %.1fx" if capped else "%.2fx") % r
    return "**%s**" % s if goal is not None and not capped and r <= goal else s


def stats_cell(st, key):
    return "/".join(str(st.get(pt, {}).get(key, "-")) for pt in ("start", "end"))


def table(rows, a):
    md = ["| program | work: plain (s) | sanitized / plain time | ASan / plain time | sanitized / plain peak RSS "
          "| ASan / plain peak RSS | peak RSS plain / sanitized / ASan (MiB) | instrumented accesses (start/end) "
          "| filtered out (start/end) | accesses checked at run time, instances |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        cap = r["stopped"]["sanitized"]
        rss = r["rss"]
        summ = (r["notes"]["sanitized"] if not cap else
                "(stopped; on `%s`: %s)" % (" ".join(r["short"]), r["short_notes"]["sanitized"]))
        m = re.match(r"(\d+) accesses checked, (\d+) instances", summ)
        summ = "%s, %s" % m.groups() if m else summ or "no runtime linked (nothing instrumented)"
        md.append("| %s `%s` | %.2f | %s | %s | %s | %s | %.1f / %s%.1f / %.1f | %s | %s | %s |" % (
            r["name"], " ".join(r["args"]), r["plain_s"],
            fmt_ratio(r["ratio"]["sanitized"], cap, GOAL_TIME), fmt_ratio(r["ratio"]["asan"]),
            ("> " if cap else "") + "%.2fx" % (rss["sanitized"] / rss["plain"]), "%.2fx" % (rss["asan"] / rss["plain"]),
            rss["plain"] / 1024, ">= " if cap else "", rss["sanitized"] / 1024, rss["asan"] / 1024,
            stats_cell(r["stats"], "instrumented"), stats_cell(r["stats"], "filtered"), summ))
    return md


def short_table(rows):
    md = ["| program | short input | plain (s) | sanitized (s) | ASan (s) | instructions plain | sanitized / plain "
          "(instructions) | sanitized / plain peak RSS | accesses checked, instances |",
          "|---|---|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        s, ins = r["short_s"], r["instructions"]
        m = re.match(r"(\d+) accesses checked, (\d+) instances", r["short_notes"]["sanitized"])
        i = ("%d | %.1fx" % (ins["plain"], ins["sanitized"] / ins["plain"]) if ins else "- | -")
        md.append("| %s | `%s` | %.3f | %.3f | %.3f | %s | %.2fx | %s |" % (
            r["name"], " ".join(r["short"]), s["plain"], s["sanitized"], s["asan"], i,
            r["short_rss"]["sanitized"] / r["short_rss"]["plain"],
            "%s, %s" % m.groups() if m else "-"))
    return md


def machine():
    cpu = env.cpu_model()
    llvm = subprocess.run([env.tool("clang"), "--version"], stdout=subprocess.PIPE, text=True).stdout.splitlines()[0]
    return "%s, %d cores, %s, %s" % (cpu, os.cpu_count() or 1, llvm, platform.python_version())


def common_arguments(ap):
    """The options of section S and of section S-TBAA (sanitize_tbaa.py)."""
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", help="NAME,... (f_kernels, rs_collections, c_blas, sqlite3)")
    ap.add_argument("--cap", type=float, default=120.0,
                    help="CPU seconds a checked run may take before it is stopped (default 120)")
    ap.add_argument("--no-callgrind", action="store_true")
    ap.add_argument("--callgrind-limit", type=float, default=15.0,
                    help="callgrind only when the checked builds run the short input in at most this (s)")
    ap.add_argument("--out", help="also write the section to this file")
    ap.add_argument("--reuse", action="store_true",
                    help="take each program's builds and measurements from an earlier run (its row.json) where "
                         "there are some: for changing the output or the profile only")


def chosen(progs, a):
    """The programs --only names (all without it); builds the launcher."""
    launcher()
    return [p for p in progs if not a.only or p["name"] in a.only.split(",")]


def measured(cls, p, a, profile=False):
    """(row, build) of program p built as `cls` (a Build): from its
    row.json with --reuse when there is one of this version, else built
    and measured."""
    b = cls(p, profile, build=False)
    saved = b.path("row.json")
    if a.reuse and os.path.exists(saved):
        with open(saved) as f:
            row = json.load(f)
        if "stopped" in row:
            return row, b
    print("%s: %s: building" % (os.path.basename(sys.argv[0]), p["name"]), file=sys.stderr, flush=True)
    b = cls(p, profile)
    print("%s: %s: measuring" % (os.path.basename(sys.argv[0]), p["name"]), file=sys.stderr, flush=True)
    return measure(b, a), b


def main():
    if os.environ.get(RECORD):
        # rustc runs this as its linker: record the line, link as cc would.
        with open(os.environ[RECORD], "w") as f:
            json.dump(sys.argv[1:], f)
        os.execvp(os.environ.get("CC") or "cc", [os.environ.get("CC") or "cc"] + sys.argv[1:])
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    common_arguments(ap)
    ap.add_argument("--profile", action="store_true", help="where the sanitized build's time goes")
    ap.add_argument("--profile-rows", type=int, default=12)
    a = ap.parse_args()
    start = time.time()
    rows, prof = [], []
    for p in chosen(programs(), a):
        row, b = measured(Build, p, a, a.profile)
        rows.append(row)
        if a.profile:
            if not os.path.exists(b.exe["profile"]):
                b.build_profile()
            print("sanitize.py: %s: profiling" % p["name"], file=sys.stderr, flush=True)
            prof += profile(b, a)
    md = ["## S: the cost of `aliaskit sanitize`", "",
          "Produced by `bench/sanitize.py --runs %d --cap %g` on %s UTC: %s; aliaskit `%s`." % (
              a.runs, a.cap, datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"), machine(),
              env.ALIASKIT),
          "Each program three ways from the same source: *plain* (-O2), *sanitized* (`aliaskit sanitize -O2`, "
          "both points, code generation at -O2), *ASan* (`-fsanitize=address -O2`; for Fortran and Rust through "
          "clang from the same bitcode, `sanitize_address` added: flang has no -fsanitize, stable rustc no "
          "-Zsanitizer). CPU time (user + system) and peak RSS of the process (run with `symbolize=0`: a report's "
          "llvm-symbolizer is a process of its own, which wait4 would count), median of %d interleaved rounds "
          "(each in a shuffled, seeded order); time ratios are medians of the per-round ratios to the plain run. "
          "A sanitized run over %g s of CPU time is stopped and gives a lower bound (>), from its one run. *Instrumented* "
          "and *filtered out*: `aliaskit sanitize --stats`, start/end point; *accesses checked*: the sanitized "
          "run's summary line. Goal: sanitized <= %.1fx time and <= %.1fx peak RSS of plain, below ASan on both "
          "(bold: within the time goal)." % (a.runs, a.cap, GOAL_TIME, GOAL_RSS), ""]
    md += table(rows, a)
    md += ["", "Short inputs, each build once (CPU seconds), and instructions (callgrind; not under ASan, whose "
           "shadow memory valgrind cannot map) where the sanitized run takes at most %g s:" % a.callgrind_limit, ""]
    md += short_table(rows)
    md += ["", "Programs: " + "; ".join("%s: %s" % (r["name"], r["what"]) for r in rows) + "."]
    if prof:
        md += ["", "### Where the sanitized builds' time goes (`--profile`, short inputs)"] + prof
    publish(md, start, a.out)


def publish(md, start, out):
    """The section's lines `md`, with the time since `start`: printed, and
    written to `out` when given."""
    text = "\n".join(md + ["", "(%.0f s)" % (time.time() - start)]) + "\n"
    if out:
        with open(out, "w") as f:
            f.write(text)
    print(text)


if __name__ == "__main__":
    main()
