"""Runs a command and checks its exit code: exit-code.py CODE COMMAND..."""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
if got != want:
    print(f"exit code {got}, expected {want}: {' '.join(sys.argv[2:])}")
    sys.exit(1)
