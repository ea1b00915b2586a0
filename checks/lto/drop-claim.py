#!/usr/bin/env python3
"""Drops one claim from a build, all of it: every decision about the two
accesses of a culprit that `aliaskit bisect` named.

usage: drop-claim.py ID -- COMMAND...

One claim can stand behind several decisions about the same two
instructions: a scope list decided one way and the other (the store's scope
in the load's !noalias, the load's scope in the store's), or the TBAA tags
of the same pair, asked once the scoped answer turned conservative. Each is
asked only when the ones before it answer MayAlias, so `ALIASKIT_BISECT='y
-xID'` alone can leave the program broken. This runs COMMAND (a
build-and-test script, exit 0 when the program is right) with
`ALIASKIT_BISECT='y -xID ...'` and a log, adds every kept decision of the
log about the culprit's two instructions, and repeats until COMMAND passes.
Prints the ids dropped, one `-xID` each, on one line; exits 0 when COMMAND
passed without them, 1 when it still fails with nothing left to drop.
"""
import json
import os
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    culprit, command = sys.argv[1], sys.argv[3:]
    dropped = [culprit]
    ends = None
    with tempfile.TemporaryDirectory(prefix="drop-claim.") as tmp:
        for attempt in range(16):
            log = os.path.join(tmp, f"{attempt}.jsonl")
            env = dict(os.environ, ALIASKIT_BISECT="y " + " ".join("-x" + i for i in dropped),
                       ALIASKIT_BISECT_LOG=log)
            run = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if run.returncode == 0:
                print(" ".join("-x" + i for i in dropped))
                return 0
            recs = []
            if os.path.exists(log):
                recs = [json.loads(line) for line in open(log) if line.strip()]
            if ends is None:
                first = next((r for r in recs if r["id"] == culprit), None)
                if first is None:
                    print(f"drop-claim: {culprit} is not in the log", file=sys.stderr)
                    return 1
                ends = (first["function"], {first["first"]["instruction"], first["second"]["instruction"]})
            new = [r["id"] for r in recs if r["kept"] and r["function"] == ends[0]
                   and {r["first"]["instruction"], r["second"]["instruction"]} == ends[1]
                   and r["id"] not in dropped]
            if not new:
                print(" ".join("-x" + i for i in dropped))
                print("drop-claim: the command still fails, and no other decision is about the same two accesses",
                      file=sys.stderr)
                return 1
            dropped += sorted(set(new))
    return 1


if __name__ == "__main__":
    sys.exit(main())
