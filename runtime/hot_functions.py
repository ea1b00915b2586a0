#!/usr/bin/env python3
"""Makes runtime/hot-functions.txt: the runtime's functions that runs of
instrumented programs execute, which runtime/archive.sh gathers into one
section so that the rest of the runtime's text stays out of memory.

    python3 runtime/hot_functions.py [--dry-run]

Runs each program of bench/sanitize.py (its sanitized build under
target/sanitize-bench, made by `python3 bench/sanitize.py` first) on its
short and profile inputs under callgrind (`--demangle=no`), keeps the functions that
ran and that the runtime's staticlib (target/runtime/libaliaskit_rt.a)
defines, and writes them as patterns that survive a rebuild: the hash of a
legacy Rust symbol (`17h<16 hex digits>E`) and the crate disambiguators of
a v0 one (`Cs<base62>_`) become `*`; a pattern that would also name
functions that did not run (other instantiations of a generic function,
most of which no run executes) is written as the symbol itself.
Needs valgrind and LLVM 22's llvm-nm."""
import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import sanitize as bench  # noqa: E402

LIST = os.path.join(ROOT, "runtime", "hot-functions.txt")
STATICLIB = os.path.join(ROOT, "target", "runtime", "libaliaskit_rt.a")
NM = "/usr/lib/llvm-22/bin/llvm-nm"

HEADER = """\
# The runtime's functions that instrumented programs run (legacy Rust
# symbols without their hash, v0 ones without crate disambiguators): each
# line is a pattern, `.text.LINE*`, that runtime/archive.sh gathers into
# .text.aliaskit_hot. Made by runtime/hot_functions.py; do not edit.
"""


def pattern(symbol):
    """The symbol as a pattern that a rebuild does not change."""
    symbol = re.sub(r"17h[0-9a-f]{16}E$", "17h", symbol)
    return re.sub(r"Cs[0-9A-Za-z]+_(?=\d)", "Cs*_", symbol)


def entry(symbol, defined_symbols):
    """The list's line for a function that ran: its pattern, unless the
    pattern names other functions too (the instantiations of a generic
    function, most of which no run executes: each would cost the section
    its bytes); then the symbol itself, which a rebuild may change."""
    p = pattern(symbol)
    if sum(1 for s in defined_symbols if pattern(s) == p) > 1:
        return symbol
    return p


def defined(path):
    """The functions an object, archive or executable defines."""
    out = subprocess.run([NM, "--defined-only", path], capture_output=True, text=True,
                         check=True).stdout
    return {p[2] for p in (l.split() for l in out.splitlines()) if len(p) == 3 and p[1] in "tTwW"}


def calls_runtime(obj):
    """Whether the instrumented object calls the runtime."""
    out = subprocess.run([NM, "--undefined-only", obj], capture_output=True, text=True,
                         check=True).stdout
    return "__aliaskit_" in out


def ran(exe, args, cwd):
    """The functions a callgrind run of `exe args` entered."""
    with tempfile.NamedTemporaryFile(suffix=".cg") as cg:
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no",
                        "--callgrind-out-file=" + cg.name, exe] + args,
                       cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        names = set()
        with open(cg.name) as f:
            for line in f:
                m = re.match(r"^c?fn=\(\d+\) (\S+)", line)
                if m:
                    names.add(re.sub(r"'\d+$", "", m.group(1)))
        return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dry-run", action="store_true", help="print the list, do not write it")
    a = ap.parse_args()
    mine = defined(STATICLIB)
    hot = set()
    for p in bench.programs():
        b = bench.Build(p, build=False)
        exe = b.path("sanitized")
        if not os.path.exists(exe):
            raise SystemExit("hot_functions.py: %s missing (python3 bench/sanitize.py --only %s)"
                             % (exe, p["name"]))
        if not calls_runtime(b.path("inst.o")):
            continue  # nothing instrumented (sqlite3): the runtime never runs
        for args in (p["short"], p.get("profile_args")):
            if args:
                names = ran(exe, args, b.dir) & mine
                print("%s %s: %d runtime functions" % (p["name"], " ".join(args), len(names)),
                      file=sys.stderr)
                hot |= names
    text = HEADER + "".join(l + "\n" for l in sorted({entry(s, mine) for s in hot}))
    if a.dry_run:
        sys.stdout.write(text)
    else:
        with open(LIST, "w") as f:
            f.write(text)
        print("hot_functions.py: %d patterns in %s" % (text.count("\n") - 4, LIST), file=sys.stderr)


if __name__ == "__main__":
    main()
