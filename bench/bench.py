#!/usr/bin/env python3
"""aliaskit benchmarks: ratios against built-in LLVM, measured side by side.

Every measurement runs LLVM 22's opt on the same input with the built-in
analysis and with aliaskit's, interleaved (A B A B ...) so both see the same
machine state, several times; the median is reported. Nothing here asserts a
time: the numbers go to BENCHMARKS.md (and stdout) with the command that
produced them.

Each measurement is made for both analyses: rust-tbaa against tbaa, and
rust-scoped-noalias against scoped-noalias-aa.

  P1  aa-eval -evaluate-aa-metadata over one generated function with about
      2000 loads and stores carrying TBAA metadata. AA time = the aa-eval
      pass's CPU time (-time-passes) minus the same with an empty AA
      pipeline in the same round of interleaved runs, the median over the
      rounds.
      Goal: ours <= 0.3x built-in.
  Q   the same over the shapes of bench/shapes.py, where distinct tags and
      lists grow: 10 to 10000 plain scalar and struct-field tags, old and
      new format; clang-shaped type DAGs with 400 and 1500 tags; thousands
      of scope lists over tens and hundreds of domains (inlined-Rust
      shape). Each row also as a multiple of the floor (our analysis
      asked the same questions without the metadata it reads: the
      dispatch alone) and in callgrind
      instructions per query. Goal: <= 0.3x built-in, within 2x the floor.
  P2  default<O2> on the largest modules of the real-C corpus
      (corpora/real-c.sh), sqlite3's amalgamation and a C++ module
      (corpora/p2.sh) with basic-aa,scoped-noalias-aa,tbaa and the
      same pipeline with one analysis replaced by ours: whole opt time,
      instructions (callgrind) and peak RSS; output must be byte-identical.
      The small modules' instructions are also counted in several load
      layouts (bench/layouts.py), whose mean decides there.
      Goal: time and instructions <= 1.00x, RSS <= 1.02x.
  P3  verify-alias-md against LLVM's verifier (bench/p3.py).
  B   the cost of bisection support with ALIASKIT_BISECT unset, against
      the plugin from before it existed (bench/overhead.py).
  S   the cost of `aliaskit sanitize` on real programs: time and peak RSS
      against the plain -O2 build and ASan (bench/sanitize.py).
  S-TBAA  the same for `aliaskit sanitize --tbaa`, against the plain -O2
      build, ASan and TySan (bench/sanitize_tbaa.py).
  B-SQL  `aliaskit bisect` on sqlite3 with one injected wrong tag: its
      wall time against one build-and-test, runs, peak disk use, whether
      it names the injected decision (bench/bisect_sqlite.py, which
      `make bench` runs first: this takes its row).

Usage: bench/bench.py [--runs N] [--quick] [--out BENCHMARKS.md]
Environment: LLVM_BIN, PLUGIN, MODGEN (see Makefile).
"""

import argparse
import concurrent.futures
import datetime
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools", "lib"))
from kit import env, ll, proc  # noqa: E402
import layouts  # noqa: E402
from shapes import (clang_function, scoped_function, scoped_inlined, scoped_random,  # noqa: E402
                    tag_function)


def output_of(cmd):
    """Runs cmd; returns its stdout and stderr together."""
    rc, out, _, _ = proc.run(cmd, merge=True)
    if rc != 0:
        sys.exit("command failed (%d): %s\n%s" % (rc, " ".join(cmd), out.decode()[-2000:]))
    return out


def opt_cmd(aa, passes, path, extra=()):
    return proc.opt_cmd(["-aa-pipeline=" + aa, "-passes=" + passes, *extra, path])


def interleaved_rounds(cmds, runs, measure=proc.cpu_time):
    """Runs each command `runs` times, interleaved (A B A B ...), each round
    in an order of its own (shuffled, seeded, so that no command always
    runs right after the same other one and the rounds are the same from
    one bench run to the next); returns the rounds, each {name: (its
    `measure`d seconds, peak RSS KiB)}. By default the seconds are the
    whole process's CPU time."""
    rounds = []
    order = random.Random(len(cmds) * 1000 + runs)
    for _ in range(runs):
        keys = list(cmds)
        order.shuffle(keys)
        rounds.append({k: measure(cmds[k]) for k in keys})
    return rounds


def pass_time(cmd, name="AAEvaluator"):
    """Runs cmd with -time-passes; returns (CPU seconds, user + system, of
    the pass `name` by LLVM's own pass timer, peak RSS in KiB of the
    process). The pass's own time leaves out starting opt and parsing the
    input, whose variation on a shared machine is larger than a fast
    analysis's whole cost. A run that fails stops the script."""
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen(cmd + ["-time-passes"], stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        text = err.read().decode(errors="replace")
    if status != 0:
        sys.exit("command failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), text[-2000:]))
    # The pass report's header names its columns (the system column is
    # left out when it is all zero); each value is "seconds (percent)".
    report = text[text.index("Pass execution timing report"):]
    header = next(l for l in report.splitlines() if "--- Name ---" in l)
    columns = [c.strip() for c in re.findall(r"-+([A-Za-z+ ]+?)-+", header)]
    line = next(l for l in report.splitlines() if l.split()[-1:] == [name])
    values = [float(v) for v in re.findall(r"([\d.]+) \(", line)]
    return values[columns.index("User+System")], usage.ru_maxrss


# aa-eval rows run this many times `--runs` (each run is a fraction of a
# second), twice as many when the row is short (at most SHORT_ROW_QUERIES
# queries). On this machine kind the aa-eval pass's own time moves with
# the machine's speed, which changes in spells of several seconds (the
# empty pipeline's pass on a 3.5M-query row: 0.09 s in one spell, 0.14-0.16
# s in the next, for the same process run again), so an analysis's time
# is taken within each round, against the same round's run without an AA,
# and the median of those differences is the figure (`Rounds.above`).
# The difference of each command's own median instead, or of its least
# time, mixes spells: on the 100-field-tag row (new format) four runs of
# 30 rounds gave 0.20x, 0.09x, 0.35x, 0.16x that way, and 0.20x, 0.14x,
# 0.17x, 0.17x from the rounds' differences.
AA_RUNS_FACTOR = 3
SHORT_ROW_QUERIES = 10_000_000


class Rounds:
    """The seconds and peak RSS of commands over interleaved rounds
    (`interleaved_rounds`); comparisons between two commands are made
    within each round, then the median is taken (see AA_RUNS_FACTOR)."""

    def __init__(self, rounds):
        self.rounds = rounds

    def median(self, name):
        return statistics.median(r[name][0] for r in self.rounds)

    def rss(self, name):
        return statistics.median(r[name][1] for r in self.rounds)

    def above(self, name, base="none"):
        """The median over the rounds of `name`'s seconds above the same
        round's run of `base`: for an aa-eval pass, the time its AA adds."""
        return statistics.median(r[name][0] - r[base][0] for r in self.rounds)

    def ratio(self, name, to):
        """The median over the rounds of `name`'s seconds over `to`'s."""
        return statistics.median(r[name][0] / r[to][0] for r in self.rounds)


def interleaved_passes(cmds, runs, queries):
    """`interleaved_rounds` AA_RUNS_FACTOR * `runs` times (twice that on a
    short row), timing the aa-eval pass alone (one command named "none",
    no AA): a `Rounds`."""
    return Rounds(interleaved_rounds(cmds, aa_rounds(runs, queries), measure=pass_time))


def aa_rounds(runs, queries):
    return AA_RUNS_FACTOR * runs * (2 if queries <= SHORT_ROW_QUERIES else 1)


def instructions_of(cmds):
    """The instructions of several commands (callgrind), two at a time:
    callgrind counts do not depend on what else the machine runs, and it
    is slow."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        counts = dict(zip(cmds, pool.map(proc.instructions, cmds.values())))
    return counts


# Instruction counts made so far, by (command, layout): the built-in
# pipeline of P2 is the same command for both analyses, counted once.
_COUNTS = {}


def instructions_in_layouts(cmds, envs):
    """{name: [instructions of its command in each load layout of envs]}
    (bench/layouts.py), two runs at a time; a count already made is not
    made again."""
    wanted = [(tuple(cmd), i) for cmd in cmds.values() for i in range(len(envs))]
    todo = [j for j in dict.fromkeys(wanted) if j not in _COUNTS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for job, n in zip(todo, pool.map(lambda j: proc.instructions(list(j[0]), envs[j[1]]), todo)):
            _COUNTS[job] = n
    return {k: [_COUNTS[(tuple(cmd), i)] for i in range(len(envs))] for k, cmd in cmds.items()}


def same_output(cmds):
    outs = {k: output_of(cmd) for k, cmd in cmds.items()}
    first = next(iter(outs.values()))
    return all(o == first for o in outs.values()), outs


def queries_of(aa_eval_output):
    m = re.search(rb"(\d+) Total Alias Queries Performed", aa_eval_output)
    return int(m.group(1)) if m else 0


# (built-in AA, ours, what its metadata is called)
TBAA = ("tbaa", "rust-tbaa", "!tbaa")
SCOPED = ("scoped-noalias-aa", "rust-scoped-noalias", "!alias.scope/!noalias")
P2_PIPELINE = ["basic-aa", "scoped-noalias-aa", "tbaa"]
# P2 modules whose whole run is under this many instructions are counted
# in every load layout (bench/layouts.py): on the C++ module the spread
# from one layout to the next (0.09% of the run) is as large as an
# analysis's whole work. Above it (binutils, sqlite3) one layout is
# counted: the differences measured there (0.15% to 1% of the run) are
# larger than that spread, and a callgrind run of sqlite3 takes minutes.
LAYOUT_LIMIT = 2 * 10**9


# aa-eval rows with more queries than this get no callgrind count. The
# 10000-tag rows (87.5M queries) are counted: their runs take 3 to 6
# minutes each under valgrind (about 40 minutes in all, two at a time),
# and they are where a cost that grows with the tags shows: 10000 field
# tags (old format), counted by hand, take 87.9 instructions a query
# against a floor of 32.0 (pairs beyond the answer matrix's 4096 rows
# are decided each time), which no smaller row shows.
CALLGRIND_MAX_QUERIES = 100_000_000


def aa_eval_cmds(path, analysis, which=("none", "builtin", "ours")):
    builtin_aa, our_aa, _ = analysis
    aa = {"none": "", "builtin": builtin_aa, "ours": our_aa}
    return {k: opt_cmd(aa[k], "aa-eval", path, ["-evaluate-aa-metadata", "-disable-output"])
            for k in which}


class Floors:
    """The floor of each row: our analysis asked the row's own questions
    with the metadata it reads removed (the same function, calls and all,
    without its `!tbaa`, or without its `!alias.scope`/`!noalias`), i.e.
    the cost of reaching the analysis and its dispatch alone, per query.
    Measured once per distinct untagged text (the shapes of one access
    count strip to the same function)."""

    # The attachments each analysis reads, with the comma before them.
    STRIP = {TBAA[1]: re.compile(r", " + ll.TBAA.pattern),
             SCOPED[1]: re.compile(r", " + ll.SCOPES.pattern)}

    def __init__(self, tmp, runs, count_instructions):
        self.tmp, self.runs, self.count = tmp, runs, count_instructions
        self.known = {}

    def of(self, analysis, path):
        with open(path) as f:
            text = self.STRIP[analysis[1]].sub("", f.read())
        key = (analysis[1], text)
        if key not in self.known:
            untagged = os.path.join(self.tmp, "untagged%d.ll" % len(self.known))
            with open(untagged, "w") as f:
                f.write(text)
            cmds = aa_eval_cmds(untagged, analysis, ("none", "ours"))
            queries = queries_of(output_of(cmds["ours"]))
            ns = interleaved_passes(cmds, self.runs, queries).above("ours") / queries * 1e9
            insns = None
            if self.count and queries <= CALLGRIND_MAX_QUERIES:
                counts = instructions_of(cmds)
                insns = (counts["ours"] - counts["none"]) / queries
            self.known[key] = (ns, insns)
        return self.known[key]


def aa_eval_row(path, runs, label, analysis=TBAA, floors=None, count_instructions=False):
    cmds = aa_eval_cmds(path, analysis)
    identical, outs = same_output({k: cmds[k] for k in ("builtin", "ours")})
    queries = queries_of(outs["builtin"])
    passes = interleaved_passes(cmds, runs, queries)
    builtin = passes.above("builtin")
    ours = passes.above("ours")
    row = {
        "label": label,
        "analysis": analysis,
        "queries": queries,
        "none": passes.median("none"),
        "builtin": passes.median("builtin"),
        "ours": passes.median("ours"),
        "aa_builtin": builtin,
        "aa_ours": ours,
        "ratio": ours / builtin if builtin > 0 else float("nan"),
        "ns_builtin": builtin / queries * 1e9 if queries else float("nan"),
        "ns_ours": ours / queries * 1e9 if queries else float("nan"),
        "rss_ratio": passes.rss("ours") / passes.rss("builtin"),
        "identical": identical,
        "floor": None,
        "insns": None,
    }
    if floors:
        row["floor"] = floors.of(analysis, path)
    if count_instructions and queries <= CALLGRIND_MAX_QUERIES:
        counts = instructions_of(cmds)
        row["insns"] = {k: (counts[k] - counts["none"]) / queries for k in ("builtin", "ours")}
    return row


def p1_scoped(tmp, runs, floors=None, count=False):
    path = os.path.join(tmp, "p1-scoped.ll")
    with open(path, "w") as f:
        f.write(scoped_function(2000))
    row = aa_eval_row(path, runs, "P1 scoped", SCOPED, floors, count)
    row["tagged"] = 2000
    return row


def p1(tmp, runs, floors=None, count=False):
    path = os.path.join(tmp, "p1.ll")
    with open(path, "wb") as f:
        f.write(subprocess.check_output([env.MODGEN, "--seed", "2000", "--functions", "1",
                                         "--accesses", "2000", "--encoding", "old"]))
    text = open(path).read()
    tagged = len(re.findall(r"(= load |^\s*store ).*!tbaa", text, re.M))
    row = aa_eval_row(path, runs, "P1", TBAA, floors, count)
    row["tagged"] = tagged
    return row


def shape_row(tmp, runs, floors, count, name, text, label, analysis=TBAA):
    path = os.path.join(tmp, name + ".ll")
    with open(path, "w") as f:
        f.write(text)
    return aa_eval_row(path, runs, label, analysis, floors, count)


def per_query(tmp, runs, floors, count, sizes, fields=False, new_format=False):
    rows = []
    kind = "field tags" if fields else "tags"
    for ntags in sizes:
        n = max(ntags, 2000)
        rows.append(shape_row(tmp, runs, floors, count, "%s%d%s" % (kind[0], ntags, "n" if new_format else "o"),
                              tag_function(ntags, n, fields, new_format), "%d %s" % (ntags, kind)))
    return rows


def clang_rows(tmp, runs, floors, count, new_format):
    return [shape_row(tmp, runs, floors, count, "clang%d%s" % (ntags, "n" if new_format else "o"),
                      clang_function(ntags, n, new_format),
                      "clang-shaped, %d tags, %d accesses" % (ntags, n))
            for ntags, n in ((400, 2000), (1500, 3000))]


def scoped_rows(tmp, runs, floors, count):
    rows = [p1_scoped(tmp, runs, floors, count)]
    rows[0]["label"] = "24 lists over 4 domains (P1), 2000 accesses"
    rows.append(shape_row(tmp, runs, floors, count, "scoped-random", scoped_random(2000, 2000, 40),
                          "2000 random lists over 40 domains, 2000 accesses", SCOPED))
    text, nlists = scoped_inlined(3000, 600)
    rows.append(shape_row(tmp, runs, floors, count, "scoped-inlined", text,
                          "inlined-Rust shape: %d lists over 600 call domains, 3000 accesses" % nlists,
                          SCOPED))
    return rows


def corpus_modules(limit):
    """The largest modules of the real-C corpus (corpora/real-c.sh): the big
    linked modules when present, else the largest csmith programs."""
    manifest = os.path.join(env.CORPUS, "MANIFEST")
    if not os.path.exists(manifest):
        return []
    by_kind = {}
    for line in open(manifest):
        if line.startswith("#") or not line.strip():
            continue
        kind, rel = line.split()[:2]
        path = os.path.join(env.CORPUS, rel)
        if os.path.exists(path):
            by_kind.setdefault("large" if kind == "large" else "other", []).append(path)
    paths = by_kind.get("large") or by_kind.get("other", [])
    return sorted(paths, key=os.path.getsize, reverse=True)[:limit]


def extra_modules():
    """sqlite3's amalgamation and a C++ module (corpora/p2.sh builds
    them on first use); none if they cannot be built."""
    rc, out, err, _ = proc.run([os.path.join(env.ROOT, "corpora/p2.sh")])
    if rc != 0:
        print("bench.py: no extra P2 modules: %s" % err.decode().strip()[-500:], file=sys.stderr)
        return []
    return [p for p in out.decode().split() if os.path.exists(p)]


def p2(runs, modules, count_instructions, analysis=TBAA, envs=(None,)):
    """P2 rows; `envs`: the load layouts (bench/layouts.py) in which the
    small modules are counted."""
    builtin_aa, our_aa, _ = analysis
    ours_pipeline = ",".join(our_aa if a == builtin_aa else a for a in P2_PIPELINE)
    rows = []
    for path in modules:
        pipelines = {"builtin": ",".join(P2_PIPELINE), "ours": ours_pipeline}
        cmds = {k: opt_cmd(aa, "default<O2>", path, ["-o", os.devnull]) for k, aa in pipelines.items()}
        identical, outs = same_output(
            {k: opt_cmd(aa, "default<O2>", path, ["-S", "-o", "-"]) for k, aa in pipelines.items()})
        if b"define " not in outs["builtin"]:
            sys.exit("P2: no function in the O2 output of %s" % path)
        rounds = Rounds(interleaved_rounds(cmds, runs))
        insns, in_layouts = None, None
        if count_instructions:
            counts = instructions_in_layouts(cmds, envs[:1])
            if counts["builtin"][0] < LAYOUT_LIMIT and len(envs) > 1:
                counts = instructions_in_layouts(cmds, envs)
                in_layouts = counts
            insns = {k: v[0] for k, v in counts.items()}
        rows.append({
            "insns": insns,
            "in_layouts": in_layouts,
            "analysis": analysis,
            "module": os.path.relpath(path, env.ROOT),
            "size": os.path.getsize(path),
            "t_builtin": rounds.median("builtin"),
            "t_ours": rounds.median("ours"),
            "t_ratio": rounds.ratio("ours", "builtin"),
            "rss_builtin": rounds.rss("builtin"),
            "rss_ours": rounds.rss("ours"),
            "identical": identical,
        })
    return rows


def table_head(columns, aligns):
    """A Markdown table's two header lines: the columns' names, and their
    alignment (one letter a column: `l` left, `r` right)."""
    return ["| %s |" % " | ".join(columns), "|%s|" % "|".join({"l": "---", "r": "---:"}[a] for a in aligns)]


def insn_cells(insns, count="%.1f", ratio="%.2f"):
    """A row's cells `instructions built-in | ours | ratio` (dashes without
    counts)."""
    if not insns:
        return "- | - | -"
    return ("%s | %s | **%sx**" % (count, count, ratio)) % (
        insns["builtin"], insns["ours"], insns["ours"] / insns["builtin"])


def fmt_aa_rows(rows):
    b, o, _ = rows[0]["analysis"]
    out = table_head(["input", "alias queries", "aa-eval, no AA (s)", "AA time %s (s)" % b, "AA time %s (s)" % o,
                      "ratio", "ns/query %s" % b, "ns/query %s" % o, "floor (ns/query)", "ours / floor",
                      "instructions/query %s" % b, "instructions/query %s" % o, "instruction ratio",
                      "floor (instructions/query)", "RSS ratio", "same output"], "lrrrrrrrrrrrrrrl")
    for r in rows:
        if r["floor"]:
            ns, fi = r["floor"]
            floor = "%.2f | **%.1fx**" % (ns, r["ns_ours"] / ns) if ns > 0.005 else "%.2f | -" % ns
            floor_ins = "%.1f (ours %.1fx)" % (fi, r["insns"]["ours"] / fi) \
                if fi and r["insns"] else ("%.1f" % fi if fi is not None else "-")
        else:
            floor, floor_ins = "- | -", "-"
        out.append("| %s | %d | %.3f | %.3f | %.3f | **%.2fx** | %.1f | %.1f | %s | %s | %s | %.3f | %s |" % (
            r["label"], r["queries"], r["none"], r["aa_builtin"], r["aa_ours"], r["ratio"],
            r["ns_builtin"], r["ns_ours"], floor, insn_cells(r["insns"]), floor_ins, r["rss_ratio"],
            "yes" if r["identical"] else "NO"))
    return out


def fmt_p2_rows(rows):
    b, o, _ = rows[0]["analysis"]
    out = table_head(["module", "size (bytes)", "CPU %s (s)" % b, "CPU %s (s)" % o, "time ratio",
                      "instructions %s" % b, "instructions %s" % o, "instruction ratio",
                      "instruction ratio, mean of the load layouts (each layout's)",
                      "RSS %s (MiB)" % b, "RSS %s (MiB)" % o, "RSS ratio", "identical output"], "lrrrrrrrlrrrl")
    for r in rows:
        ins = insn_cells(r["insns"], "%d", "%.4f")
        if r["in_layouts"]:
            c = r["in_layouts"]
            each = " ".join("%.4f" % (o_ / b_) for o_, b_ in zip(c["ours"], c["builtin"]))
            ins += " | **%.4fx** (%s)" % (statistics.mean(c["ours"]) / statistics.mean(c["builtin"]), each)
        else:
            ins += " | -"
        out.append("| %s | %d | %.2f | %.2f | **%.3fx** | %s | %.1f | %.1f | **%.3fx** | %s |" % (
            r["module"], r["size"], r["t_builtin"], r["t_ours"], r["t_ratio"], ins,
            r["rss_builtin"] / 1024, r["rss_ours"] / 1024, r["rss_ours"] / r["rss_builtin"],
            "yes" if r["identical"] else "NO"))
    return out


SECTIONS = ("P1", "Q", "P2", "P3", "B", "S", "S-TBAA", "B-SQL")


def aa_sections(runs, sizes, callgrind, quick):
    """P1 and Q, which share the floors' runs: ({name: markdown lines}, rows)."""
    with tempfile.TemporaryDirectory() as tmp:
        floors = Floors(tmp, runs, callgrind)
        p1_row = p1(tmp, runs, floors, callgrind)
        q = {}
        for new_format in (False, True):
            fmt = "new" if new_format else "old"
            q["plain", fmt] = per_query(tmp, runs, floors, callgrind, sizes, False, new_format)
            q["fields", fmt] = per_query(tmp, runs, floors, callgrind, sizes, True, new_format)
            q["clang", fmt] = [] if quick else clang_rows(tmp, runs, floors, callgrind, new_format)
        s_rows = scoped_rows(tmp, runs, floors, callgrind) if not quick else \
            [p1_scoped(tmp, runs, floors, callgrind)]
    md = ["## P1: aa-eval over one function with about 2000 loads and stores", "",
          "`opt -aa-pipeline=<AA> -passes=aa-eval -evaluate-aa-metadata -time-passes`. AA time = "
          "the CPU time (user + system) of the aa-eval pass, by LLVM's own pass timer, minus the "
          "same with an empty AA pipeline: starting opt and parsing the input, whose variation "
          "is larger than a fast analysis's whole cost, are left out. The machine's speed changes "
          "in spells of several seconds (the empty pipeline's pass on one row: 0.09 s in one "
          "spell, 0.15 s in the next), so the empty pipeline is run in every round of "
          "interleaved runs and the AA time is the median over %d rounds of the difference "
          "within a round (the *aa-eval, no AA* column is that run's own median). On short rows "
          "the difference is still a few hundredths of a second against a tenth; instructions "
          "(callgrind, exact) are given beside. Goal: ratio <= 0.30." % aa_rounds(runs, 0), "",
          "TBAA: `aliaskit-modgen --seed 2000 --functions 1 --accesses 2000 --encoding old` "
          "(%d tagged accesses)." % p1_row["tagged"], ""]
    md += fmt_aa_rows([p1_row])
    sections = {"P1": md}
    md = ["## Q: cost per query as distinct tags and lists grow", "",
          "Each row: one function of i32 loads and stores at distinct offsets of one pointer "
          "(bench/shapes.py), `aa-eval -evaluate-aa-metadata` with one analysis alone in the AA "
          "pipeline, so every pair reaches it. Every distinct pair of tags (lists) is a new "
          "question the first time it is asked. *Floor* (here and in P1): our analysis asked the "
          "row's own questions with the metadata it reads removed (the same function without "
          "its `!tbaa`, or its `!alias.scope`/`!noalias`), i.e. the cost of reaching the "
          "analysis and its dispatch alone (goal: within 2x). The floor's answers are all "
          "\"may alias\", so the branches LLVM takes on an answer (`AAResults::alias`'s loop, "
          "aa-eval's count of each kind) are always predicted there and not on a row's real "
          "answers: its time ratio also counts those mispredictions, which any analysis "
          "giving the same answers pays (README, \"Where a scoped question's instructions "
          "go\"); the instruction ratio does not. P1's function also has calls, "
          "whose mod/ref questions reach the analysis in both runs. "
          "Instructions: callgrind, AA instructions per query (run minus the empty-AA run); "
          "not counted for rows of more than %d queries (valgrind would take minutes each). "
          "Goal: ratio <= 0.30 on every row." % CALLGRIND_MAX_QUERIES, ""]
    titles = {
        "plain": "N sibling scalar tags under omnipotent char (plain scalar accesses), max(N, 2000) accesses",
        "fields": "struct-path tags: the two int fields (offsets 0 and 4) of N/2 sibling structs, "
                  "max(N, 2000) accesses",
        "clang": "clang-shaped type DAG: 12 scalar types, structs of scalars, nested structs, "
                 "repeated struct members; a tag for every field path; tags drawn at random",
    }
    for kind in ("plain", "fields", "clang"):
        for fmt in ("old", "new"):
            if q[kind, fmt]:
                md += ["", "TBAA, %s, %s format:" % (titles[kind], fmt), ""]
                md += fmt_aa_rows(q[kind, fmt])
    md += ["", "Scoped no-alias (`rust-scoped-noalias` against `scoped-noalias-aa`): each access "
           "carries an `!alias.scope` and a `!noalias` list. The inlined-Rust shape: each inlined "
           "call is a domain with a scope per noalias argument, calls nest up to 8 deep, and an "
           "access carries the scopes of the argument it goes through at every level and, as "
           "`!noalias`, the other arguments' scopes.", ""]
    md += fmt_aa_rows(s_rows)
    sections["Q"] = md
    return sections, [p1_row] + s_rows + [r for v in q.values() for r in v]


def p2_section(runs, limit, callgrind, quick):
    """P2: (markdown lines, rows)."""
    modules = corpus_modules(limit) + ([] if quick else extra_modules())
    with tempfile.TemporaryDirectory() as tmp:
        envs = layouts.environments(tmp) if callgrind else [None]
        p2_rows = p2(runs, modules, callgrind, TBAA, envs)
        p2s_rows = p2(runs, modules, callgrind, SCOPED, envs)
    md = ["## P2: default<O2> on real modules", ""]
    if p2_rows:
        md += ["`opt -passes='default<O2>'` with `-aa-pipeline=basic-aa,scoped-noalias-aa,tbaa` "
               "against the same pipeline with one analysis replaced by ours. "
               "Goals: time <= 1.00x, peak RSS <= 1.02x, identical output. The CPU columns are each "
               "pipeline's median; the time ratio is the median over the rounds of the two runs' "
               "ratio within a round (the machine's speed changes in spells, see P1). Time on this "
               "shared virtual machine still varies by a few percent from run to run, so the instructions "
               "executed by the whole `opt` process (valgrind callgrind, exact and repeatable) "
               "are given too. Modules: the largest of the real-C corpus (binutils, `corpora/real-c.sh`), "
               "sqlite3's amalgamation (a member of LLVM's CTMark suite, from crates.io's "
               "libsqlite3-sys) and a C++ module with vtables, templates and pointer TBAA "
               "(`corpora/shapes.cpp`), both from `corpora/p2.sh`. None has scope metadata "
               "of its own: the scoped lists here are the ones the inliner makes for "
               "`restrict`/`noalias` arguments.", "",
               "The instructions of a whole `opt` run move with the addresses its libraries are "
               "loaded at (LLVM hashes pointers in its pass managers' maps): under callgrind one "
               "count is one layout, repeatable but not typical. Modules of under %d billion "
               "instructions, where the spread from one layout to the next is as large as an "
               "analysis's whole work, are also counted in %d load layouts (`bench/layouts.py`: "
               "the usual one and %d with a small library of 1 to %d pages preloaded ahead of "
               "opt's own), the same layouts for both pipelines; the ratio of the means decides "
               "there." % (LAYOUT_LIMIT // 10**9, len(layouts.PAGES) + 1, len(layouts.PAGES), max(layouts.PAGES)), "",
               "rust-tbaa in place of tbaa:", ""]
        md += fmt_p2_rows(p2_rows)
        md += ["", "rust-scoped-noalias in place of scoped-noalias-aa:", ""]
        md += fmt_p2_rows(p2s_rows)
    else:
        md.append("No corpus found: run `corpora/real-c.sh` first (`make bench` does).")
    return md, p2_rows + p2s_rows


def script_output(script, argv):
    out = subprocess.run([sys.executable, os.path.join(HERE, script)] + argv,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return out.stdout.strip() or "(no output)"


def p3_section(quick):
    return ["## P3: verify-alias-md against LLVM's verifier", "",
            "`bench/p3.py`: the cost of `verify-alias-md<warn>` above parsing against the cost "
            "of LLVM's `verify` pass above parsing, on the large corpus modules. Goal: <= 0.25.", "",
            script_output("p3.py", ["--no-callgrind", "--runs", "3"] if quick else [])]


def bisect_sql_section(quick):
    """B-SQL: the row of `make bench`'s run of bisect_sqlite.py (it runs
    when there is none); when it fails, its last line in the section."""
    sq = subprocess.run([sys.executable, os.path.join(HERE, "bisect_sqlite.py"), "--reuse"]
                        + (["--runs", "1"] if quick else []),
                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stderr.write(sq.stderr)
    if sq.returncode == 0:
        return [sq.stdout.strip()]
    why = (sq.stderr.strip().splitlines() or ["exit %d" % sq.returncode])[-1]
    return ["## B-SQL: `aliaskit bisect` on sqlite3", "", "(bench/bisect_sqlite.py failed: %s)" % why]


def section_name(line):
    m = re.match(r"## ([A-Z0-9-]+):", line)
    return m.group(1) if m else None


def split_sections(text):
    """A BENCHMARKS.md as (the lines before its first section, [(name, lines)])."""
    head, sections = [], []
    for line in text.rstrip("\n").split("\n"):
        name = section_name(line)
        if name:
            sections.append((name, []))
        (sections[-1][1] if sections else head).append(line)
    return head, sections


ALONE = "(This section alone from "


def splice(old_text, new, note):
    """old_text with the sections in new replaced, each marked with note
    after its heading; a section old_text lacks goes where SECTIONS puts it."""
    head, old = split_sections(old_text)
    have = dict(old)
    for name, lines in new.items():
        have[name] = [lines[0], "", note] + [l for l in lines[1:] if not l.startswith(ALONE)]
    order = [n for n, _ in old] + [n for n in SECTIONS if n not in dict(old)]
    order.sort(key=lambda n: SECTIONS.index(n) if n in SECTIONS else len(SECTIONS))
    out = head[:]
    for name in order:
        if name in have:
            body = have[name]
            while body and body[-1] == "":
                body = body[:-1]
            out += body + [""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("--quick", action="store_true", help="fewer runs and sizes (smoke test)")
    ap.add_argument("--p2-modules", type=int, default=4)
    ap.add_argument("--no-callgrind", action="store_true",
                    help="skip the instruction counts of P2 (valgrind)")
    ap.add_argument("--only", metavar="S,S",
                    help="run these sections (%s) and put them in place of the same sections of "
                         "--out, each marked with its own command and date" % ",".join(SECTIONS))
    ap.add_argument("--out", default=os.path.join(env.ROOT, "BENCHMARKS.md"))
    args = ap.parse_args()
    runs = 3 if args.quick else args.runs
    sizes = [10, 100] if args.quick else [10, 100, 1000, 10000]
    p2_limit = 1 if args.quick else args.p2_modules
    callgrind = not (args.quick or args.no_callgrind)
    only = args.only.split(",") if args.only else list(SECTIONS)
    unknown = [n for n in only if n not in SECTIONS]
    if unknown:
        ap.error("--only: no section %s (the sections: %s)" % (", ".join(unknown), ", ".join(SECTIONS)))
    if args.only and not os.path.exists(args.out):
        ap.error("--only puts sections into %s, which does not exist" % args.out)

    sections, rows = {}, []
    if "P1" in only or "Q" in only:
        aa, aa_rows = aa_sections(runs, sizes, callgrind, args.quick)
        sections.update({n: aa[n] for n in ("P1", "Q") if n in only})
        rows += aa_rows
    if "P2" in only:
        sections["P2"], p2_rows = p2_section(runs, p2_limit, callgrind, args.quick)
        rows += p2_rows
    if "P3" in only:
        sections["P3"] = p3_section(args.quick)
    if "B" in only:
        sections["B"] = [script_output("overhead.py", ["--runs", str(runs)]
                                       + (["--no-callgrind"] if not callgrind else []))]
    for name, script in (("S", "sanitize.py"), ("S-TBAA", "sanitize_tbaa.py")):
        if name in only:
            sections[name] = [script_output(script, ["--runs", str(runs)]
                                            + (["--no-callgrind"] if not callgrind else []))]
    if "B-SQL" in only:
        sections["B-SQL"] = bisect_sql_section(args.quick)
    # A script's output is its whole section, heading included: one list of lines.
    sections = {n: "\n".join(lines).split("\n") for n, lines in sections.items()}

    cpu = env.cpu_model()
    llvm = next((l.strip() for l in subprocess.check_output([env.OPT, "--version"]).decode().splitlines()
                 if "LLVM version" in l), "LLVM")
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    flags = " ".join(sys.argv[1:])
    cmd = "make bench" + (" BENCH_FLAGS='%s'" % flags if flags else "")
    if args.only:
        with open(args.out) as f:
            old = f.read()
        text = splice(old, sections, "%s`%s` (bench/bench.py) on %s, %s; the first line names "
                      "the run that made the sections without such a line.)" % (ALONE, cmd, now, llvm))
    else:
        md = ["# Benchmarks", "",
              "Produced by `%s` (bench/bench.py) on %s: %s, %d cores, %s, plugin %s." % (
                  cmd, now, cpu, os.cpu_count(), llvm, os.path.relpath(env.PLUGIN, env.ROOT)),
              "Each figure is the median of %d interleaved runs of LLVM 22's `opt` (each round in a "
              "shuffled, seeded order; the plugin is "
              "loaded in every run, so the only difference is the AA named in `-aa-pipeline`); "
              "times are CPU seconds (user + system) of the `opt` process, peak RSS from the same "
              "process's resource usage, except in the aa-eval tables (P1, Q), whose times are the "
              "aa-eval pass's own, over %d rounds (%d on rows of at most %d queries; see P1)." % (
                  runs, aa_rounds(runs, SHORT_ROW_QUERIES + 1), aa_rounds(runs, 0), SHORT_ROW_QUERIES),
              "Ratios are ours over built-in: below 1 is faster.", ""]
        for name in SECTIONS:
            md += sections[name] + [""]
        text = "\n".join(md)
    text = text.rstrip("\n") + "\n"
    with open(args.out, "w") as f:
        f.write(text)
    print(text)
    bad = [r for r in rows if not r["identical"]]
    if bad:
        sys.exit("outputs differ between a built-in analysis and ours: %s" % bad)


if __name__ == "__main__":
    main()
