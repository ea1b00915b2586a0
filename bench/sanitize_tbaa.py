#!/usr/bin/env python3
"""The cost of `aliaskit sanitize --tbaa` on real programs (`make bench`,
section S-TBAA), beside ASan and TySan.

Section S's programs (bench/sanitize.py: the same sources, arguments and
short inputs), each built five ways, in target/sanitize-bench/tbaa/NAME:

  plain   the uninstrumented -O2 build (the anchor), as in section S;
  tbaa    the !tbaa checker alone: LLVM's -O2 pipeline with the plugin and
          ALIASKIT_SANITIZE=tbaa (what `ALIASKIT_SANITIZE=tbaa clang -O2
          -fpass-plugin=...` runs), code generation at -O2, linked with
          `aliaskit sanitize --ldflags`;
  both    `aliaskit sanitize --tbaa -O2`: the !tbaa checker and the scoped
          one (section S's *sanitized*) together, built the same way;
  asan    AddressSanitizer at -O2, as in section S;
  tysan   TypeSanitizer at -O2: `clang -O2 -g -fsanitize=type` from the
          C and C++ sources (clang's front end adds what TySan needs, so
          it is not built from the bitcode); none for Fortran (flang-22
          has no -fsanitize) and Rust (no TBAA): "n/a".

Measured as section S measures (sanitize.measure): CPU time and peak RSS
of each process from wait4 (symbolizing no report: `measured_env`), the
builds interleaved in rounds, medians,
time ratios against the plain run of the same round; a checked build
(tbaa, both, tysan) over --cap seconds of CPU time is stopped and gives a
lower bound ("> "). TySan is the anchor, not the thing measured: a TySan
run that crashes or prints another output than plain is a finding,
written in its cells, and left out of the rounds; any other build's is an
error. Callgrind instructions of plain, tbaa, both and tysan on the short
input where the checked builds run it in at most --callgrind-limit s.

The goal (issue 40): the !tbaa checker <= 2x the plain build's time and
<= 2x its peak RSS.

usage: bench/sanitize_tbaa.py [--runs N] [--only NAME,...] [--cap S]
                              [--no-callgrind] [--callgrind-limit S]
                              [--reuse] [--out FILE]
Prints a markdown section on stdout (and writes it to --out); bench.py
appends it to BENCHMARKS.md after section S. With the defaults, most of
its time is the stopped runs (each --cap seconds) and callgrind of the
checked builds' short runs.
env: as bench/sanitize.py (LLVM_BIN, ALIASKIT, CC).
"""

import argparse
import datetime
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tools", "lib"))
import sanitize  # noqa: E402
from kit import env  # noqa: E402
from sanitize import must  # noqa: E402

GOAL_TIME, GOAL_RSS = 2.0, 2.0
TYSAN_REPORT = b"ERROR: TypeSanitizer: "


def plugin():
    """The plugin `aliaskit sanitize` loads (`aliaskit paths`)."""
    text = must([env.ALIASKIT, "paths"]).stdout.decode()
    m = re.search(r"^plugin: (\S+)", text, re.M)
    if not m:
        raise SystemExit("sanitize_tbaa.py: `aliaskit paths` names no plugin:\n" + text)
    return m.group(1)


def tysan_reports(path):
    """The reports in a TySan run's stderr (the path)."""
    n = 0
    with open(path, "rb") as f:
        for line in f:
            n += TYSAN_REPORT in line
    return n


def tbaa_stats(text):
    """What ALIASKIT_SANITIZE_STATS says about the !tbaa checker."""
    m = re.search(r"aliaskit-sanitize-tbaa: (\d+) tagged accesses instrumented, (\d+) untagged writes reset the "
                  r"shadow, (\d+) accesses to (\d+) locals left out", text)
    st = dict(zip(("instrumented", "resets", "left_out", "locals"), map(int, m.groups()))) if m else {}
    st["untagged"] = "has no !tbaa on its accesses" in text
    return st


class TbaaBuild(sanitize.Build):
    """A program's builds for section S-TBAA (the module's docstring)."""

    root = os.path.join(sanitize.WORK, "tbaa")
    checked = ("tbaa", "both", "tysan")
    counted = ("plain", "tbaa", "both", "tysan")
    tolerated = ("tysan",)

    def __init__(self, p, profile=False, build=True):
        self.kinds = ("plain", "tbaa", "both", "asan") + (("tysan",) if p["lang"] in ("c", "c++") else ())
        super().__init__(p, profile, build)

    def build(self, profile):
        fe = self.front_end()
        self.build_plain(fe)
        environ = dict(os.environ, ALIASKIT_SANITIZE="tbaa", ALIASKIT_SANITIZE_STATS="1")
        st = self.instrument(fe, "tbaa", "tbaa", [env.tool("opt"), "-load-pass-plugin=" + plugin(),
                                                  "-passes=default<O2>", fe, "-o", self.path("tbaa.bc")], environ)
        self.stats = tbaa_stats(st)
        self.instrument(fe, "both", "both",
                        [env.ALIASKIT, "sanitize", "--tbaa", fe, "-o", self.path("both.bc"), "-O2"])
        self.build_asan(fe)
        if "tysan" in self.kinds:
            p = self.p
            cc = env.tool("clang++" if p["lang"] == "c++" else "clang")
            must([cc, "-O2", "-g", "-fsanitize=type"] + p.get("cflags", []) + p["files"] + p.get("libs", [])
                 + ["-o", self.path("tysan")], cwd=self.dir, what="clang -fsanitize=type")
            self.exe["tysan"] = self.path("tysan")

    def note(self, kind, stderr):
        if kind == "tysan":
            return "%d reports" % tysan_reports(stderr)
        return super().note(kind, stderr)


# --------------------------------------------------------------- output ---

def checker_run(note):
    """The cell of a run's summary line: tagged loads checked, reports."""
    if not note:
        return "no summary (nothing instrumented)"
    loads = re.search(r"(\d+) tagged loads checked", note)
    reports = re.search(r"(\d+) reports,", note)
    per_call = re.search(r"(\d+) reports of per-call claims", note)
    return "%s loads, %s reports%s" % (loads.group(1) if loads else "0", reports.group(1) if reports else "?",
                                       " (+%s per-call)" % per_call.group(1) if per_call else "")


def time_cell(r, w, goal=None):
    if w not in r["kinds"]:
        return "n/a"
    if w in r["failed"]:
        return "%s after %.1f s" % (r["failed"][w], r["stopped_s"][w])
    return sanitize.fmt_ratio(r["ratio"][w], r["stopped"][w], goal)


def rss_cell(r, w, goal=None):
    if w not in r["kinds"]:
        return "n/a"
    if w in r["failed"]:
        return "-"
    ratio = r["rss"][w] / r["rss"]["plain"]
    s = ("> " if r["stopped"][w] else "") + "%.2fx" % ratio
    return "**%s**" % s if goal and not r["stopped"][w] and ratio <= goal else s


def mib_cell(r):
    return " / ".join(("n/a" if w not in r["kinds"] else "-" if w in r["failed"] else
                       (">= " if r["stopped"][w] else "") + "%.1f" % (r["rss"][w] / 1024))
                      for w in ("plain", "tbaa", "both", "asan", "tysan"))


def table(rows):
    md = ["| program | work: plain (s) | tbaa / plain time | both / plain time | ASan / plain time "
          "| TySan / plain time | tbaa / plain peak RSS | both / plain peak RSS | ASan / plain peak RSS "
          "| TySan / plain peak RSS | peak RSS plain / tbaa / both / ASan / TySan (MiB) "
          "| tagged accesses instrumented (locals' accesses left out) | tbaa run: tagged loads checked, reports "
          "| TySan run |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in rows:
        st = r["stats"]
        stopped = r["stopped"]["tbaa"]
        run = checker_run(r["notes"]["tbaa"]) if not stopped else "(stopped; on `%s`: %s)" % (
            " ".join(r["short"]), checker_run(r["short_notes"]["tbaa"]))
        ty = "n/a" if "tysan" not in r["kinds"] else r["notes"]["tysan"] + (
            ", %s" % r["failed"]["tysan"] if "tysan" in r["failed"] else ", stopped" if r["stopped"]["tysan"] else "")
        md.append("| %s `%s` | %.2f | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], " ".join(r["args"]), r["plain_s"], time_cell(r, "tbaa", GOAL_TIME), time_cell(r, "both"),
            time_cell(r, "asan"), time_cell(r, "tysan"), rss_cell(r, "tbaa", GOAL_RSS), rss_cell(r, "both"),
            rss_cell(r, "asan"), rss_cell(r, "tysan"), mib_cell(r),
            "none: no `!tbaa`" if st.get("untagged") else "%s (%s)" % (st["instrumented"], st["left_out"])
            if "instrumented" in st else "-", run, ty))
    return md


def short_table(rows):
    md = ["| program | short input | CPU s: plain / tbaa / both / ASan / TySan | instructions plain "
          "| tbaa / plain (instructions) | both / plain (instructions) | TySan / plain (instructions) "
          "| peak RSS plain / tbaa / TySan (MiB) | tbaa run: tagged loads checked, reports | TySan run |",
          "|---|---|---|---:|---:|---:|---:|---|---|---|"]
    for r in rows:
        has_ty = "tysan" in r["kinds"]

        def secs(w):
            if w not in r["kinds"]:
                return "n/a"
            st = r["short_status"][w]
            return ("> " if st is None else "") + "%.3f" % r["short_s"][w] + (
                " (exit %d)" % st if st not in (None, 0) and st < 128 else
                " (signal %d)" % (st - 128) if st is not None and st >= 128 else "")

        ins = r["instructions"] or {}

        def icell(w):
            if w not in r["kinds"]:
                return "n/a"
            return "%.1fx" % (ins[w] / ins["plain"]) if ins.get(w) and ins.get("plain") else "-"

        rss = " / ".join("%.1f" % (r["short_rss"][w] / 1024) if w in r["kinds"] else "n/a"
                         for w in ("plain", "tbaa", "tysan"))
        md.append("| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["name"], " ".join(r["short"]), " / ".join(secs(w) for w in ("plain", "tbaa", "both", "asan", "tysan")),
            ins.get("plain", "-"), icell("tbaa"), icell("both"), icell("tysan"), rss,
            checker_run(r["short_notes"]["tbaa"]), r["short_notes"]["tysan"] if has_ty else "n/a"))
    return md


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sanitize.common_arguments(ap)
    a = ap.parse_args()
    start = time.time()
    rows = [sanitize.measured(TbaaBuild, p, a)[0] for p in sanitize.chosen(sanitize.programs(), a)]
    md = ["## S-TBAA: the cost of `aliaskit sanitize --tbaa`", "",
          "Produced by `bench/sanitize_tbaa.py --runs %d --cap %g` on %s UTC: %s; aliaskit `%s`." % (
              a.runs, a.cap, datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M"),
              sanitize.machine(), env.ALIASKIT),
          "Section S's programs, each built five ways: *plain* (-O2); *tbaa*, the `!tbaa` checker alone "
          "(`ALIASKIT_SANITIZE=tbaa`, LLVM's -O2 pipeline with the plugin, code generation at -O2); *both*, "
          "`aliaskit sanitize --tbaa -O2` (the `!tbaa` checker and section S's scoped one); *ASan* as in "
          "section S; *TySan*, `clang -O2 -g -fsanitize=type` from the C sources (n/a: Fortran and Rust, which "
          "TySan cannot build). CPU time and peak RSS as in section S (no report symbolized), median of %d interleaved rounds; a "
          "checked run (tbaa, both, TySan) over %g s of CPU time is stopped and gives a lower bound (>), from "
          "its one run; a TySan run that crashes is left out of the rounds (its cells say so). *Tagged "
          "accesses instrumented*: `ALIASKIT_SANITIZE_STATS`; the runs' columns: the tbaa run's summary line, "
          "TySan's reports (every program here is correct: each TySan report is a false one). Goal: tbaa <= "
          "%.0fx time and <= %.0fx peak RSS of plain (bold: within it)." % (a.runs, a.cap, GOAL_TIME, GOAL_RSS), ""]
    md += table(rows)
    md += ["", "Short inputs, each build once (CPU seconds; > stopped), and instructions (callgrind, not under "
           "ASan) where the checked builds run them in at most %g s:" % a.callgrind_limit, ""]
    md += short_table(rows)
    md += ["", "Programs: " + "; ".join("%s: %s" % (r["name"], r["what"]) for r in rows) + "."]
    sanitize.publish(md, start, a.out)


if __name__ == "__main__":
    main()
