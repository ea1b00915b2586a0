"""Checks the runtime archive's layout (runtime/archive.sh): the functions
of runtime/hot-functions.txt are in one section, .text.aliaskit_hot, with
the entry points a run calls most, and most of the list's patterns still
name a function there (a list gone stale says so: make it again with
runtime/hot_functions.py). Prints one line per finding.

usage: hot_text.py LLVM_BIN LDFLAGS_FILE HOT_LIST [--run PROGRAM ARG...]
(LDFLAGS_FILE: what `aliaskit sanitize --ldflags` prints, which names the
archive). With --run: also runs PROGRAM (instrumented, linked with the
archive) under callgrind and names the runtime's functions it ran that are
not in the hot section: each costs the program a 64 KiB window of the
runtime's text."""
import fnmatch
import os
import re
import subprocess
import sys
import tempfile

llvm, ldflags, hot_list = sys.argv[1:4]
run = sys.argv[5:] if sys.argv[4:5] == ["--run"] else None
archive = [f for f in open(ldflags).read().split() if f.endswith("libaliaskit_rt.a")][0]
sections = subprocess.run([llvm + "/llvm-readelf", "-S", "-W", archive], capture_output=True,
                          text=True, check=True).stdout
index = None
for line in sections.splitlines():
    m = re.match(r"\s*\[\s*(\d+)\]\s+(\S+)\s+PROGBITS\s+\S+\s+\S+\s+([0-9a-f]+)", line)
    if m and m.group(2) == ".text.aliaskit_hot":
        index, size = m.group(1), int(m.group(3), 16)
if index is None:
    sys.exit("no .text.aliaskit_hot section")
print("hot section: %d KiB" % (size >> 10) if size else "hot section: empty")
symbols = subprocess.run([llvm + "/llvm-readelf", "-s", "-W", archive], capture_output=True,
                         text=True, check=True).stdout
hot, functions = set(), set()
for line in symbols.splitlines():
    p = line.split()
    if len(p) >= 8 and p[3] == "FUNC" and p[6] != "UND":
        functions.add(p[7])
        if p[6] == index:
            hot.add(p[7])
for entry in ("__aliaskit_enter", "__aliaskit_exit", "__aliaskit_access", "__aliaskit_access_run",
              "__aliaskit_access_grid", "__aliaskit_fini"):
    print("%s: %s" % (entry, "hot" if entry in hot else "not hot"))
patterns = [l.strip() for l in open(hot_list) if l.strip() and not l.startswith("#")]
named = [p for p in patterns if any(fnmatch.fnmatchcase(s, p + "*") for s in hot)]
share = len(named) / max(1, len(patterns))
print("patterns naming a hot function: %s" % ("at least 80%" if share >= 0.8 else
                                              "%d of %d (stale?)" % (len(named), len(patterns))))

if run:
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--callgrind-out-file=" + out]
                       + run, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        # The functions of the program's own file that ran (not a shared
        # library's of the same name, as libm's fma): callgrind names the
        # file of each function by "ob=" before it; names are compressed
        # ("(n) name" the first time, in a line of a function or a callee,
        # "(n)" after).
        ran, objects, names, ob = set(), {}, {}, None
        exe = os.path.realpath(run[0])
        for line in open(out):
            m = re.match(r"^(c?)ob=\((\d+)\)(?: (.*))?$", line.rstrip("\n"))
            if m:
                if m.group(3):
                    objects[m.group(2)] = os.path.realpath(m.group(3))
                if not m.group(1):
                    ob = objects.get(m.group(2))
                continue
            m = re.match(r"^(c?)fn=\((\d+)\)(?: (\S+))?", line)
            if m:
                if m.group(3):
                    names[m.group(2)] = re.sub(r"'\d+$", "", m.group(3))
                if not m.group(1) and ob == exe:
                    ran.add(names.get(m.group(2)))
    mine = ran & functions
    outside = sorted(mine - hot)
    print("runtime functions run: %d" % len(mine))
    print("outside the hot section: %s" % ("none" if not outside else
          "%d (make hot-functions)\n  %s" % (len(outside), "\n  ".join(outside))))
