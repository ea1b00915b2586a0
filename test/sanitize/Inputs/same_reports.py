"""Runs two builds of one program with the same arguments and fails
unless both print the same output, exit the same way and report the same
broken claims: `same_reports.py [--clean] ONE OTHER ARGS...` (at least one
report, or none with --clean). A report is compared as what it says was
broken: its kind and function, both accesses' lists (either way round),
the deciding scope and instance, the point and the decision. Which two
instructions stand for a claim, and their bytes, follow the order the log
took the accesses in (the first pair found of a decision is reported, and
a build that logs a loop's rows at its exit finds them in another order),
so they are left out, as are addresses, stacks and the SUMMARY line's
location. The summary lines may differ in what they count, not in the
number of reports."""
import os
import re
import subprocess
import sys


KEPT = ("aliaskit-sanitize: ", "      !alias.scope ", "  deciding scope ", "  checked: ",
        "  decision ")


def report_key(block):
    return tuple(sorted(line for line in block if line.startswith(KEPT)))


def run(exe, args):
    env = dict(os.environ, ALIASKIT_SANITIZE_OPTIONS="symbolize=0")
    p = subprocess.run([exe] + args, capture_output=True, text=True, env=env)
    reports, other = [], []
    for line in p.stderr.splitlines():
        if re.match(r"\s+#\d+ ", line):
            continue
        line = re.sub(r"0x[0-9a-f]+", "ADDR", line)
        m = re.match(r"aliaskit-sanitize: summary: .*, (\d+) reports", line)
        if m:
            other.append("summary: %s reports" % m.group(1))
        elif line.startswith("SUMMARY: "):
            # It names the first access of the first report.
            other.append(re.sub(r" \S+:\d+:\d+ in ", " in ", line))
        elif line.startswith("aliaskit-sanitize: ") and "claim is broken" in line:
            reports.append([line])
        elif reports and line.startswith(" "):
            reports[-1].append(line)
        else:
            other.append(line)
    return p.returncode, p.stdout, sorted(report_key(b) for b in reports), other


args = sys.argv[1:]
clean = args[0] == "--clean"
if clean:
    args = args[1:]
one, other, args = args[0], args[1], args[2:]
a, b = run(one, args), run(other, args)
if a != b:
    sys.exit("same_reports.py: %s and %s differ on %s:\n%s\n---\n%s" % (one, other, args, a, b))
if clean == bool(a[2]):
    sys.exit("same_reports.py: %d reports from %s %s" % (len(a[2]), one, args))
print("same: exit %d, %d reports" % (a[0], len(a[2])))
