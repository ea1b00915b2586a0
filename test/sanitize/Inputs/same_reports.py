"""Runs two builds of one program with the same arguments and fails
unless both print the same output and the same reports (at least one),
addresses and stacks left out: `same_reports.py ONE OTHER ARGS...`. The
summary lines may differ in what they count, not in the reports."""
import os
import re
import subprocess
import sys


def run(exe, args):
    env = dict(os.environ, ALIASKIT_SANITIZE_OPTIONS="symbolize=0")
    p = subprocess.run([exe] + args, capture_output=True, text=True, env=env)
    lines = []
    for line in p.stderr.splitlines():
        if re.match(r"\s+#\d+ ", line):
            continue
        m = re.match(r"aliaskit-sanitize: summary: .*, (\d+) reports", line)
        if m:
            line = "summary: %s reports" % m.group(1)
        lines.append(re.sub(r"0x[0-9a-f]+", "ADDR", line))
    return p.returncode, p.stdout, lines


one, other, args = sys.argv[1], sys.argv[2], sys.argv[3:]
a, b = run(one, args), run(other, args)
if a != b:
    sys.exit("same_reports.py: %s and %s differ on %s:\n%s\n---\n%s" % (one, other, args, a, b))
if not any("a no-alias claim is broken" in line for line in a[2]):
    sys.exit("same_reports.py: no report from %s %s" % (one, args))
print("same: exit %d, %d report lines" % (a[0], len(a[2])))
